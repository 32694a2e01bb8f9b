//! The harness's `parse_log_gotest`: `go test -v` prints `--- PASS: TestName (0.01s)`, `FAIL` or
//! `SKIP` for each test and subtest (`TestName/case`), indented under its parent.

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::line_pattern::{pattern, statuses_by_outcome};
use super::statuses::Statuses;
use super::LogFormat;

/// `go test -v`.
pub struct GoTest;

static RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^--- (?P<outcome>PASS|FAIL|SKIP): (?P<name>.+) \((.+)\)$"));

impl LogFormat for GoTest {
    fn name(&self) -> &'static str {
        "gotest"
    }

    fn looks_like(&self, output: &str) -> bool {
        output.contains("=== RUN ") && output.split('\n').any(|line| RESULT.is_match(line.trim()))
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &RESULT, |outcome| match outcome {
            "PASS" => Some("PASSED"),
            "FAIL" => Some("FAILED"),
            _ => Some("SKIPPED"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tests_and_subtests_by_their_full_names() {
        let log = "=== RUN   TestRouter\n=== RUN   TestRouter/static path\n    --- PASS: TestRouter/static path (0.00s)\n\
                   --- FAIL: TestRouter (0.01s)\n--- SKIP: TestSlow (0.00s)\nFAIL\tgithub.com/gin-gonic/gin\t0.02s\n";
        let statuses = GoTest.statuses(log, Harness::Current);
        assert_eq!(statuses.get("TestRouter/static path"), Some("PASSED"));
        assert_eq!(statuses.get("TestRouter"), Some("FAILED"));
        assert_eq!(statuses.get("TestSlow"), Some("SKIPPED"));
        assert_eq!(statuses.len(), 3);
        assert!(GoTest.looks_like(log));
    }
}
