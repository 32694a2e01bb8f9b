//! Verdicts from per-test statuses.
//!
//! The SWE-bench rule, as the harness generation that wrote the log applies it
//! ([`crate::logs::Harness::passed`], [`crate::logs::Harness::failed`], ...): each listed test lands in its list's
//! success or failure part, or in neither; an instance is resolved iff no FAIL_TO_PASS and no
//! PASS_TO_PASS test fails (so an empty list passes). A log with no test output found resolves
//! nothing. A listed test that the log names nowhere fails and is recorded as `MISSING`.
//!
//! FeatureBench's file-level rule: its lists name test files; a file passes iff at least one of
//! its tests ran and none failed or errored (and the file itself did not error). Resolved iff
//! every listed file passes; the pass rate is the share of the FAIL_TO_PASS files' tests that passed.

use std::collections::BTreeMap;

use benchscope_contract::{failure_mode, InstanceResult, TestLists, TestStatus, TestTally};

use crate::logs::{LogFormat, TestReport};

/// Grades a log's report against the instance's test lists, choosing the file-level rule when
/// the lists name files rather than tests.
pub fn grade(lists: &TestLists, report: &TestReport) -> InstanceResult {
    if is_file_level(lists) {
        grade_files(lists, &report.statuses.typed())
    } else {
        grade_tests(lists, report)
    }
}

/// Whether the lists name test files (FeatureBench) rather than test ids.
pub fn is_file_level(lists: &TestLists) -> bool {
    let all: Vec<&String> = lists.fail_to_pass.iter().chain(&lists.pass_to_pass).collect();
    !all.is_empty() && all.iter().all(|t| !t.contains("::") && t.ends_with(".py"))
}

/// Where the harness puts one list's tests (its report's `tests_status`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Placed {
    /// Tests that passed (or, for PASS_TO_PASS, were kept).
    pub success: Vec<String>,
    /// Tests that failed, errored or are missing.
    pub failure: Vec<String>,
}

/// The harness's report on one log: whether it found test output, and each list's placement.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HarnessVerdict {
    /// Whether test output was found.
    pub applied: bool,
    /// FAIL_TO_PASS placed.
    pub fail_to_pass: Placed,
    /// PASS_TO_PASS placed.
    pub pass_to_pass: Placed,
}

impl HarnessVerdict {
    /// Resolved: test output found and no listed test failed.
    pub fn resolved(&self) -> bool {
        self.applied && self.fail_to_pass.failure.is_empty() && self.pass_to_pass.failure.is_empty()
    }
}

/// Places each listed test as the harness generation that wrote the log does: for a repository
/// graded fail-only, every listed test the log does not name as failed succeeds.
pub fn place(lists: &TestLists, report: &TestReport) -> HarnessVerdict {
    if !report.applied {
        return HarnessVerdict::default();
    }
    let harness = report.harness;
    let place_list = |tests: &[String], fail_to_pass: bool| {
        let mut placed = Placed::default();
        for test in tests {
            if report.fail_only {
                // `check_fail_only`: only a test the log names as failed fails.
                let failed = report.statuses.get(test) == Some("FAILED");
                (if failed { &mut placed.failure } else { &mut placed.success }).push(test.clone());
                continue;
            }
            let status = harness.resolve(test, &report.statuses).and_then(|key| report.statuses.get(key));
            let kept = !fail_to_pass && harness.maintained(status);
            if harness.passed(status) || kept {
                placed.success.push(test.clone());
            } else if harness.failed(status, fail_to_pass) {
                placed.failure.push(test.clone());
            }
        }
        placed
    };
    HarnessVerdict {
        applied: true,
        fail_to_pass: place_list(&lists.fail_to_pass, true),
        pass_to_pass: place_list(&lists.pass_to_pass, false),
    }
}

/// The SWE-bench rule.
pub fn grade_tests(lists: &TestLists, report: &TestReport) -> InstanceResult {
    let verdict = place(lists, report);
    let tally = |tests: &[String], placed: &Placed| TestTally {
        passed: placed.success.len() as u32,
        total: tests.len() as u32,
    };
    let f2p = tally(&lists.fail_to_pass, &verdict.fail_to_pass);
    let p2p = tally(&lists.pass_to_pass, &verdict.pass_to_pass);
    let tests = if verdict.applied {
        listed_statuses(lists, report)
    } else {
        BTreeMap::new()
    };
    InstanceResult {
        resolved: Some(verdict.resolved()),
        fail_to_pass: Some(f2p),
        pass_to_pass: Some(p2p),
        pass_rate: (f2p.total > 0).then(|| f2p.passed as f64 / f2p.total as f64),
        patch_applied: (!verdict.applied).then_some(false),
        tests,
        fail_only: verdict.applied && report.fail_only,
        ..InstanceResult::default()
    }
}

/// Each listed test's status as the log gives it, `MISSING` where it names the test nowhere.
fn listed_statuses(lists: &TestLists, report: &TestReport) -> BTreeMap<String, TestStatus> {
    lists
        .fail_to_pass
        .iter()
        .chain(&lists.pass_to_pass)
        .map(|test| {
            let status = report
                .harness
                .resolve(test, &report.statuses)
                .and_then(|key| report.statuses.get(key));
            (test.clone(), status.map_or(TestStatus::Missing, TestStatus::from_word))
        })
        .collect()
}

/// The listed tests a graded result found nowhere in its log.
pub fn missing_tests(result: &InstanceResult) -> Vec<&str> {
    result
        .tests
        .iter()
        .filter(|(_, s)| **s == TestStatus::Missing)
        .map(|(t, _)| t.as_str())
        .collect()
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
        Some(f2p_tests.iter().filter(|s| s.passes()).count() as f64 / f2p_tests.len() as f64)
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

/// Why an unresolved instance failed, from its report and log: when the harness found no test
/// output, the environment fault swebench 5 names from the log (`browser_launch_failed`, ...),
/// else `patch_failed` or `timeout`; `collection_error` when the failing tests never ran because
/// collection failed, else the exception class that failed them (`AssertionError`, ...), else
/// `tests_failed`.
pub fn failure_mode(result: &InstanceResult, report: &TestReport, format: &dyn LogFormat, log: &str) -> Option<String> {
    if result.resolved != Some(false) {
        return None;
    }
    if !report.applied {
        if let Some(reason) = crate::logs::infra_failure::reason(log) {
            return Some(reason.into());
        }
        let timed_out = log.contains(">>>>> Tests Timed Out");
        return Some(
            if timed_out {
                failure_mode::TIMEOUT
            } else {
                failure_mode::PATCH_FAILED
            }
            .into(),
        );
    }
    let failing: Vec<&str> = result
        .tests
        .iter()
        .filter(|(_, s)| matches!(s, TestStatus::Failed | TestStatus::Error))
        .map(|(t, _)| t.as_str())
        .collect();
    if report.collection_error && failing.is_empty() {
        return Some(failure_mode::COLLECTION_ERROR.into());
    }
    Some(
        format
            .failure_exception(log, &failing)
            .unwrap_or_else(|| failure_mode::TESTS_FAILED.into()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logs::Harness;

    fn lists(f2p: &[&str], p2p: &[&str]) -> TestLists {
        TestLists {
            fail_to_pass: f2p.iter().map(|s| s.to_string()).collect(),
            pass_to_pass: p2p.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn statuses(pairs: &[(&str, TestStatus)]) -> BTreeMap<String, TestStatus> {
        pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
    }

    fn report(harness: Harness, pairs: &[(&str, &str)]) -> TestReport {
        TestReport {
            format: "pytest",
            harness,
            applied: true,
            statuses: pairs.iter().copied().collect(),
            collection_error: false,
            fail_only: false,
        }
    }

    #[test]
    fn a_log_without_test_output_fails_for_the_fault_it_names() {
        let unresolved = InstanceResult {
            resolved: Some(false),
            ..InstanceResult::default()
        };
        let none_found = TestReport {
            applied: false,
            ..report(Harness::Current, &[])
        };
        let mode = |log: &str| failure_mode(&unresolved, &none_found, &crate::logs::pytest::Pytest, log);
        assert_eq!(
            mode("Error: Failed to launch the browser process").as_deref(),
            Some("browser_launch_failed")
        );
        assert_eq!(mode(">>>>> Tests Timed Out").as_deref(), Some("timeout"));
        assert_eq!(mode(">>>>> Patch Apply Failed").as_deref(), Some("patch_failed"));
    }

    #[test]
    fn fail_only_repositories_fail_only_what_the_log_names_failed() {
        let lists = lists(&["named_failed", "errored", "absent"], &["passed"]);
        let log = report(
            Harness::Current,
            &[("named_failed", "FAILED"), ("errored", "ERROR"), ("passed", "PASSED")],
        );
        let chart_js = place(&lists, &log.clone().for_repo("chartjs/Chart.js"));
        assert_eq!(chart_js.fail_to_pass.failure, ["named_failed"]);
        assert_eq!(chart_js.fail_to_pass.success, ["errored", "absent"]);
        let both_ways = place(&lists, &log.clone().for_repo("o/r"));
        assert_eq!(both_ways.fail_to_pass.failure, ["named_failed", "errored", "absent"]);
        assert!(grade_tests(&lists, &log.clone().for_repo("chartjs/Chart.js")).fail_only);
        assert!(!grade_tests(&lists, &log.clone().for_repo("o/r")).fail_only);
        let eslint = report(Harness::Markers, &[]).for_repo("eslint/eslint");
        assert!(!eslint.fail_only, "swebench 4 graded eslint both ways");
        assert!(report(Harness::Current, &[]).for_repo("eslint/eslint").fail_only);
    }

    #[test]
    fn swe_bench_rule_table() {
        use Harness::*;
        // The generation, FAIL_TO_PASS, PASS_TO_PASS, the statuses, resolved.
        type Case<'a> = (Harness, &'a [&'a str], &'a [&'a str], &'a [(&'a str, &'a str)], bool);
        let cases: &[Case] = &[
            (Current, &["a"], &["b"], &[("a", "PASSED"), ("b", "PASSED")], true),
            (Current, &["a"], &["b"], &[("a", "FAILED"), ("b", "PASSED")], false),
            (Current, &["a"], &["b"], &[("a", "PASSED")], false), // a missing P2P test fails
            (Current, &["a"], &["b"], &[("a", "PASSED"), ("b", "SKIPPED")], true), // a skipped P2P test is kept
            (Current, &["a"], &[], &[("a", "XFAIL")], true),
            (Current, &["a"], &[], &[("a", "ERROR")], false),
            (Current, &[], &[], &[], true),                                            // empty lists pass
            (Current, &["a"], &[], &[("a", "SKIPPED")], false),                        // 5.x: a skipped F2P test is no resolution
            (Markers, &["a"], &[], &[("a", "SKIPPED")], true),                         // before: neither passed nor failed
            (DockerTrace, &["a", "b"], &[], &[("a", "XFAIL"), ("b", "PASSED")], true), // 2.0 knows no XFAIL: neither
            (Current, &["t.py::a[x"], &[], &[("t.py::a[x y]", "PASSED")], true),       // 5.x: a cut id matches
            (Markers, &["t.py::a[x"], &[], &[("t.py::a[x y]", "PASSED")], false),
        ];
        for (harness, f2p, p2p, status, resolved) in cases {
            let result = grade_tests(&lists(f2p, p2p), &report(*harness, status));
            assert_eq!(result.resolved, Some(*resolved), "{harness:?} {f2p:?} {p2p:?} {status:?}");
        }
    }

    #[test]
    fn missing_tests_are_named_and_no_output_resolves_nothing() {
        let result = grade_tests(
            &lists(&["a"], &["b", "c"]),
            &report(Harness::DockerTrace, &[("a", "PASSED"), ("b", "PASSED")]),
        );
        assert_eq!(missing_tests(&result), ["c"]);
        assert_eq!(result.tests["c"], TestStatus::Missing);
        let mut no_output = report(Harness::DockerTrace, &[]);
        no_output.applied = false;
        let result = grade_tests(&lists(&[], &[]), &no_output);
        assert_eq!((result.resolved, result.patch_applied), (Some(false), Some(false)));
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
        let result = grade_files(&lists, &s);
        assert_eq!(result.resolved, Some(false));
        assert_eq!(result.fail_to_pass, Some(TestTally { passed: 1, total: 2 }));
        assert_eq!(result.pass_rate, Some(0.75));
        let all_pass = statuses(&[("t/test_a.py::x", Passed), ("t/test_b.py::z", Passed), ("t/test_c.py::v", Skipped)]);
        assert_eq!(grade_files(&lists, &all_pass).resolved, Some(true));
        let file_error = statuses(&[("t/test_a.py", Error), ("t/test_b.py::z", Passed), ("t/test_c.py::v", Passed)]);
        assert_eq!(
            grade_files(&lists, &file_error).resolved,
            Some(false),
            "a file that errored at collection fails"
        );
    }
}
