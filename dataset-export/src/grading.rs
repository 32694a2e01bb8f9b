//! Verdicts from per-test statuses.
//!
//! The SWE-bench rule, as its harness applies it: a listed test passes if its status is PASSED
//! or XFAIL, fails if it is FAILED, ERROR or missing, and otherwise (SKIPPED, XPASS) counts as
//! neither; an instance is resolved iff no FAIL_TO_PASS and no PASS_TO_PASS test fails (so an
//! empty list passes, and a skipped PASS_TO_PASS test is kept).
//!
//! FeatureBench's file-level rule: its lists name test files; a file passes iff at least one of
//! its tests ran and none failed or errored (and the file itself did not error). Resolved iff
//! every listed file passes; the pass rate is the share of the FAIL_TO_PASS files' tests that passed.

use std::collections::BTreeMap;

use benchscope_contract::{InstanceResult, TestLists, TestStatus, TestTally};

use crate::logs::TestReport;

/// Grades `statuses` against the instance's test lists, choosing the file-level rule when the
/// lists name files rather than tests.
pub fn grade(lists: &TestLists, statuses: &BTreeMap<String, TestStatus>) -> InstanceResult {
    if is_file_level(lists) {
        grade_files(lists, statuses)
    } else {
        grade_tests(lists, statuses)
    }
}

/// Whether the lists name test files (FeatureBench) rather than test ids.
pub fn is_file_level(lists: &TestLists) -> bool {
    let all: Vec<&String> = lists.fail_to_pass.iter().chain(&lists.pass_to_pass).collect();
    !all.is_empty() && all.iter().all(|t| !t.contains("::") && t.ends_with(".py"))
}

fn passes(status: Option<&TestStatus>) -> bool {
    matches!(status, Some(TestStatus::Passed | TestStatus::Xfail))
}

fn fails(status: Option<&TestStatus>) -> bool {
    matches!(status, None | Some(TestStatus::Failed | TestStatus::Error))
}

/// The SWE-bench rule.
pub fn grade_tests(lists: &TestLists, statuses: &BTreeMap<String, TestStatus>) -> InstanceResult {
    let tally = |tests: &[String]| {
        let passed = tests.iter().filter(|t| passes(statuses.get(*t))).count() as u32;
        let failed = tests.iter().filter(|t| fails(statuses.get(*t))).count() as u32;
        (
            TestTally {
                passed,
                total: tests.len() as u32,
            },
            failed,
        )
    };
    let (f2p, f2p_failed) = tally(&lists.fail_to_pass);
    let (p2p, p2p_failed) = tally(&lists.pass_to_pass);
    let listed = lists.fail_to_pass.iter().chain(&lists.pass_to_pass);
    let tests = listed.filter_map(|t| statuses.get(t).map(|s| (t.clone(), *s))).collect();
    InstanceResult {
        resolved: Some(f2p_failed == 0 && p2p_failed == 0),
        fail_to_pass: Some(f2p),
        pass_to_pass: Some(p2p),
        pass_rate: (f2p.total > 0).then(|| f2p.passed as f64 / f2p.total as f64),
        tests,
        ..InstanceResult::default()
    }
}

/// FeatureBench's file-level rule.
pub fn grade_files(lists: &TestLists, statuses: &BTreeMap<String, TestStatus>) -> InstanceResult {
    fn in_file<'a>(statuses: &'a BTreeMap<String, TestStatus>, file: &'a str) -> impl Iterator<Item = (&'a String, &'a TestStatus)> + 'a {
        statuses
            .iter()
            .filter(move |(id, _)| id.as_str() == file || id.split("::").next() == Some(file))
    }
    let file_passes = |file: &str| {
        let results: Vec<&TestStatus> = in_file(statuses, file).map(|(_, s)| s).collect();
        !results.is_empty() && results.iter().all(|s| !matches!(s, TestStatus::Failed | TestStatus::Error))
    };
    let tally = |files: &[String]| TestTally {
        passed: files.iter().filter(|f| file_passes(f)).count() as u32,
        total: files.len() as u32,
    };
    let (f2p, p2p) = (tally(&lists.fail_to_pass), tally(&lists.pass_to_pass));
    let f2p_tests: Vec<&TestStatus> = lists
        .fail_to_pass
        .iter()
        .flat_map(|f| in_file(statuses, f).map(|(_, s)| s))
        .collect();
    let pass_rate = if f2p_tests.is_empty() {
        (f2p.total > 0).then_some(0.0)
    } else {
        Some(f2p_tests.iter().filter(|s| passes(Some(s))).count() as f64 / f2p_tests.len() as f64)
    };
    let tests = lists
        .fail_to_pass
        .iter()
        .chain(&lists.pass_to_pass)
        .flat_map(|f| in_file(statuses, f).map(|(id, s)| (id.clone(), *s)))
        .collect();
    InstanceResult {
        resolved: Some(f2p.passed == f2p.total && p2p.passed == p2p.total),
        fail_to_pass: Some(f2p),
        pass_to_pass: Some(p2p),
        pass_rate,
        tests,
        ..InstanceResult::default()
    }
}

/// Why an unresolved instance failed, from its report and log: `collection_error` when the
/// failing tests never ran because collection failed, else the exception class that failed
/// them (`AssertionError`, `TypeError`, ...), else `tests_failed`.
pub fn failure_mode(result: &InstanceResult, report: &TestReport, log: &str) -> Option<String> {
    if result.resolved != Some(false) {
        return None;
    }
    let failing_ran = result.tests.values().any(|s| matches!(s, TestStatus::Failed | TestStatus::Error));
    if report.collection_error && !failing_ran {
        return Some("collection_error".into());
    }
    let failing: Vec<&str> = result
        .tests
        .iter()
        .filter(|(_, s)| matches!(s, TestStatus::Failed | TestStatus::Error))
        .map(|(t, _)| t.as_str())
        .collect();
    Some(crate::logs::exception_for_tests(log, &failing).unwrap_or_else(|| "tests_failed".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists(f2p: &[&str], p2p: &[&str]) -> TestLists {
        TestLists {
            fail_to_pass: f2p.iter().map(|s| s.to_string()).collect(),
            pass_to_pass: p2p.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn statuses(pairs: &[(&str, TestStatus)]) -> BTreeMap<String, TestStatus> {
        pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
    }

    #[test]
    fn swe_bench_rule_table() {
        use TestStatus::*;
        // FAIL_TO_PASS, PASS_TO_PASS, the statuses, resolved.
        type Case<'a> = (&'a [&'a str], &'a [&'a str], &'a [(&'a str, TestStatus)], bool);
        let cases: &[Case] = &[
            (&["a"], &["b"], &[("a", Passed), ("b", Passed)], true),
            (&["a"], &["b"], &[("a", Failed), ("b", Passed)], false),
            (&["a"], &["b"], &[("a", Passed)], false),                // a missing P2P test fails
            (&["a"], &["b"], &[("a", Passed), ("b", Skipped)], true), // a skipped P2P test is kept
            (&["a"], &[], &[("a", Xfail)], true),                     // XFAIL passes
            (&["a"], &[], &[("a", Error)], false),
            (&[], &[], &[], true),                  // empty lists pass
            (&["a"], &[], &[("a", Skipped)], true), // neither pass nor fail, as the harness counts it
        ];
        for (f2p, p2p, status, resolved) in cases {
            assert_eq!(
                grade_tests(&lists(f2p, p2p), &statuses(status)).resolved,
                Some(*resolved),
                "{f2p:?} {p2p:?} {status:?}"
            );
        }
    }

    #[test]
    fn file_level_rule_and_pass_rate() {
        use TestStatus::*;
        let lists = lists(&["t/test_a.py", "t/test_b.py"], &["t/test_c.py"]);
        assert!(is_file_level(&lists));
        let s = statuses(&[
            ("t/test_a.py::x", Passed),
            ("t/test_a.py::y", Passed),
            ("t/test_b.py::z", Failed),
            ("t/test_b.py::w", Passed),
            ("t/test_c.py::v", Passed),
        ]);
        let result = grade(&lists, &s);
        assert_eq!(result.resolved, Some(false));
        assert_eq!(result.fail_to_pass, Some(TestTally { passed: 1, total: 2 }));
        assert_eq!(result.pass_rate, Some(0.75));
        let all_pass = statuses(&[("t/test_a.py::x", Passed), ("t/test_b.py::z", Passed), ("t/test_c.py::v", Skipped)]);
        assert_eq!(grade(&lists, &all_pass).resolved, Some(true));
        let file_error = statuses(&[("t/test_a.py", Error), ("t/test_b.py::z", Passed), ("t/test_c.py::v", Passed)]);
        assert_eq!(
            grade(&lists, &file_error).resolved,
            Some(false),
            "a file that errored at collection fails"
        );
    }
}
