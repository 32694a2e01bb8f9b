//! The harness's `parse_log_cargo`: `cargo test` prints `test path::to::name ... ok` or
//! `... FAILED` for each test; an ignored test (`... ignored`) gets no status.

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::line_pattern::{pattern, statuses_by_outcome};
use super::statuses::Statuses;
use super::LogFormat;

/// `cargo test`.
pub struct CargoTest;

static RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^test\s+(?P<name>\S+)\s+\.\.\.\s+(?P<outcome>\w+)$"));

impl LogFormat for CargoTest {
    fn name(&self) -> &'static str {
        "cargo"
    }

    fn looks_like(&self, output: &str) -> bool {
        output.split('\n').any(|line| line.starts_with("test result: ")) && output.split('\n').any(|line| RESULT.is_match(line.trim()))
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &RESULT, |outcome| match outcome {
            "ok" => Some("PASSED"),
            "FAILED" => Some("FAILED"),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passed_and_failed_tests_and_nothing_for_ignored_ones() {
        let log = "running 3 tests\ntest lines::tests::crlf ... ok\ntest search::multiline ... FAILED\n\
                   test slow ... ignored\ntest doc (line 5) ... ok\n\ntest result: FAILED. 1 passed; 1 failed; 1 ignored\n";
        let statuses = CargoTest.statuses(log, Harness::Current);
        assert_eq!(statuses.get("lines::tests::crlf"), Some("PASSED"));
        assert_eq!(statuses.get("search::multiline"), Some("FAILED"));
        assert_eq!(statuses.get("slow"), None);
        assert_eq!(
            statuses.len(),
            2,
            "a doctest's name has spaces, which the harness's pattern does not take"
        );
        assert!(CargoTest.looks_like(log));
    }
}
