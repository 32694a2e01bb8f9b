//! The harness's parsers for the C and C++ repositories: Redis's and Valkey's Tcl runner
//! (`[ok]: name (3 ms)`, `[err]: name in tests/unit/x.tcl`, `[skip]`, `[ignore]`:
//! `parse_log_redis`), jq's `PASS: name` (`parse_log_jq`), MicroPython's `run-tests.py`
//! (`pass name`, `FAIL`, `skip`: `parse_log_micropython_test`) and GoogleTest's
//! `[       OK ] Suite.Test (0 ms)` (`parse_log_googletest`), and doctest's XML report
//! (`-r=xml`: nlohmann/json's, `parse_log_doctest`).

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::line_pattern::{any_line_matches, pattern, statuses_by_outcome, stripped_matches};
use super::statuses::Statuses;
use super::LogFormat;

/// Redis's (and Valkey's) test runner.
pub struct Redis;
/// jq's test runner.
pub struct Jq;
/// MicroPython's `run-tests.py`.
pub struct MicropythonTest;
/// GoogleTest.
pub struct Googletest;
/// doctest's XML reporter.
pub struct Doctest;

static REDIS_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\[(ok|err|skip|ignore)\]:\s(.+?)(?:\s\((\d+\s*m?s)\))?$"));
static REDIS_FILE: LazyLock<Regex> = LazyLock::new(|| pattern(r"\s+in\s+\S+$"));
static JQ_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\s*(?P<outcome>PASS|FAIL):\s(?P<name>.+)$"));
static MICROPYTHON_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^(?P<outcome>pass|FAIL|skip)\s+(?P<name>.+)$"));
static GOOGLETEST_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^.*\[\s*(?P<outcome>OK|FAILED)\s*\]\s(?P<name>.*)\s\(.*\)$"));

impl LogFormat for Redis {
    fn name(&self) -> &'static str {
        "redis"
    }

    fn looks_like(&self, output: &str) -> bool {
        any_line_matches(output, &REDIS_RESULT)
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        let mut statuses = Statuses::default();
        for found in stripped_matches(output, &REDIS_RESULT) {
            match &found[1] {
                "ok" => statuses.insert(&found[2], "PASSED"),
                // A failure names the file it is in, which the test's id leaves out.
                "err" => statuses.insert(REDIS_FILE.replace(&found[2], ""), "FAILED"),
                _ => statuses.insert(&found[2], "SKIPPED"),
            }
        }
        statuses
    }
}

impl LogFormat for Jq {
    fn name(&self) -> &'static str {
        "jq"
    }

    /// Automake's test-suite lines (`PASS: tests/jqtest`) and its `# TOTAL:`.
    fn looks_like(&self, output: &str) -> bool {
        output.contains("# TOTAL:") && any_line_matches(output, &JQ_RESULT)
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &JQ_RESULT, |outcome| {
            Some(if outcome == "PASS" { "PASSED" } else { "FAILED" })
        })
    }
}

impl LogFormat for MicropythonTest {
    fn name(&self) -> &'static str {
        "micropython_test"
    }

    fn looks_like(&self, output: &str) -> bool {
        output.contains(" tests performed") && any_line_matches(output, &MICROPYTHON_RESULT)
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &MICROPYTHON_RESULT, |outcome| {
            Some(match outcome {
                "pass" => "PASSED",
                "FAIL" => "FAILED",
                _ => "SKIPPED",
            })
        })
    }
}

impl LogFormat for Googletest {
    fn name(&self) -> &'static str {
        "googletest"
    }

    fn looks_like(&self, output: &str) -> bool {
        output.contains("[==========]") && output.contains("[ RUN      ]")
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &GOOGLETEST_RESULT, |outcome| {
            Some(if outcome == "OK" { "PASSED" } else { "FAILED" })
        })
    }
}

impl LogFormat for Doctest {
    fn name(&self) -> &'static str {
        "doctest"
    }

    fn looks_like(&self, output: &str) -> bool {
        output.contains("<doctest") && output.contains("</doctest>")
    }

    /// Each subcase, keyed `TestCase > SubCase`, passes iff every expression in it succeeded. A
    /// report the harness's XML parser would stop on (cut short, not well formed) gives none.
    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        let mut statuses = Statuses::default();
        let Some(start) = output.find("<doctest") else {
            return statuses;
        };
        let Some(end) = output[start..].find("</doctest>") else {
            return statuses;
        };
        let Ok(report) = roxmltree::Document::parse(&output[start..start + end + "</doctest>".len()]) else {
            return statuses;
        };
        let named = |node: roxmltree::Node<'_, '_>, tag: &str| node.has_tag_name(tag) && node.is_element();
        let name_of = |node: roxmltree::Node<'_, '_>| node.attribute("name").unwrap_or("None").to_string();
        for test_case in report.root_element().descendants().filter(|n| named(*n, "TestCase")) {
            for sub_case in test_case.descendants().skip(1).filter(|n| named(*n, "SubCase")) {
                let passed = sub_case
                    .descendants()
                    .filter(|n| named(*n, "Expression"))
                    .all(|e| e.attribute("success") == Some("true"));
                let status = if passed { "PASSED" } else { "FAILED" };
                statuses.insert(format!("{} > {}", name_of(test_case), name_of(sub_case)), status);
            }
        }
        statuses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redis_names_a_failure_without_its_file() {
        let log = "[ok]: SET and GET (2 ms)\n[err]: EXPIRE precision in tests/unit/expire.tcl\n[skip]: Big list\n[ignore]: Not on CI\n";
        let statuses = Redis.statuses(log, Harness::Current);
        assert_eq!(statuses.get("SET and GET"), Some("PASSED"));
        assert_eq!(statuses.get("EXPIRE precision"), Some("FAILED"));
        assert_eq!(statuses.get("Big list"), Some("SKIPPED"));
        assert_eq!(statuses.get("Not on CI"), Some("SKIPPED"));
    }

    #[test]
    fn jq_micropython_and_googletest_lines() {
        assert_eq!(
            Jq.statuses("PASS: tests/jqtest\nFAIL: tests/onigtest\n", Harness::Current)
                .get("tests/onigtest"),
            Some("FAILED")
        );
        let micropython = MicropythonTest.statuses(
            "pass  basics/int_big.py\nFAIL  extmod/re1.py\nskip  thread/x.py\n",
            Harness::Current,
        );
        assert_eq!(micropython.get("basics/int_big.py"), Some("PASSED"));
        assert_eq!(micropython.get("thread/x.py"), Some("SKIPPED"));
        let gtest = "[ RUN      ] format_test.escape\n[       OK ] format_test.escape (0 ms)\n[  FAILED  ] chrono_test.utc (1 ms)\n[==========] 2 tests ran.\n";
        let statuses = Googletest.statuses(gtest, Harness::Current);
        assert_eq!(statuses.get("format_test.escape"), Some("PASSED"));
        assert_eq!(statuses.get("chrono_test.utc"), Some("FAILED"));
        assert!(Googletest.looks_like(gtest));
    }

    #[test]
    fn doctest_subcases_pass_when_every_expression_succeeded() {
        let log = r#"noise <doctest binary="test-udt"><TestSuite><TestCase name="udt" filename="src/unit-udt.cpp" line="12">
            <SubCase name="to_json" filename="x" line="20"><Expression success="true" type="CHECK"/></SubCase>
            <SubCase name="from_json"><Expression success="true"/><Expression success="false"/></SubCase>
            <SubCase name="empty"/></TestCase></TestSuite><OverallResultsAsserts successes="2" failures="1"/></doctest> tail"#;
        let statuses = Doctest.statuses(log, Harness::Current);
        assert_eq!(statuses.get("udt > to_json"), Some("PASSED"));
        assert_eq!(statuses.get("udt > from_json"), Some("FAILED"));
        assert_eq!(statuses.get("udt > empty"), Some("PASSED"));
        assert!(Doctest
            .statuses("<doctest><TestCase name=\"x\"><SubCase name=\"y\"></doctest>", Harness::Current)
            .is_empty());
        assert!(Doctest.statuses("<doctest binary=\"cut short", Harness::Current).is_empty());
    }
}
