//! The harness's `parse_log_sympy`: sympy's `bin/test` prints `test_name ok`, `F` or `E` in
//! verbose mode, and a `____ sympy/path/test_file.py:test_name ____` header above each failure.

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::python_str::{split, strip};
use super::statuses::Statuses;
use super::LogFormat;

/// sympy's own runner.
pub struct Sympy;

static FAILURE_HEADER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(_*) (.*)\.py:(.*) (_*)").expect("a valid pattern"));

impl LogFormat for Sympy {
    fn name(&self) -> &'static str {
        "sympy"
    }

    fn looks_like(&self, output: &str) -> bool {
        output.contains("test process starts")
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        let mut statuses = Statuses::default();
        for found in FAILURE_HEADER.captures_iter(output) {
            statuses.insert(format!("{}.py:{}", &found[2], &found[3]), "FAILED");
        }
        for raw in output.split('\n') {
            let line = strip(raw);
            if !line.starts_with("test_") {
                continue;
            }
            let name = split(line).first().copied().unwrap_or_default();
            for (suffix, status) in [(" E", "ERROR"), (" F", "FAILED"), (" ok", "PASSED")] {
                if line.ends_with(suffix) {
                    statuses.insert(name, status);
                }
            }
        }
        statuses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sympy_runner_lines() {
        let log = "============ test process starts ============\n\
                   test_sympify ok\ntest_issue_123 F\ntest_broken E\ntest_marked ok    [FAIL]\n\
                   ________ sympy/core/tests/test_x.py:test_issue_123 ________\n";
        let statuses = Sympy.statuses(log, Harness::DockerTrace);
        assert_eq!(statuses.get("test_sympify"), Some("PASSED"));
        assert_eq!(statuses.get("test_issue_123"), Some("FAILED"));
        assert_eq!(statuses.get("test_broken"), Some("ERROR"));
        assert_eq!(statuses.get("test_marked"), None, "a line ending in [FAIL] names no status");
        assert_eq!(statuses.get("sympy/core/tests/test_x.py:test_issue_123"), Some("FAILED"));
    }
}
