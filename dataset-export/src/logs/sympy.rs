//! sympy's `bin/test` runner: `test_name ok`, `test_name F`, `test_name E` in verbose mode, and
//! `____ sympy/path/test_file.py:test_name ____` headers above failures.

use std::collections::BTreeMap;

use benchscope_contract::TestStatus;

/// Whether `log` looks like sympy's runner.
pub fn looks_like(log: &str) -> bool {
    log.contains("test process starts")
        || log
            .lines()
            .any(|l| l.trim().starts_with("test_") && (l.trim_end().ends_with(" ok") || l.trim_end().ends_with(" F")))
}

/// Test id → status.
pub fn parse(log: &str) -> BTreeMap<String, TestStatus> {
    let mut statuses = BTreeMap::new();
    for raw in log.lines() {
        let line = raw.trim();
        if line.starts_with('_') && line.ends_with('_') {
            let inner = line.trim_matches('_').trim();
            if let Some((file, test)) = inner.split_once(".py:") {
                statuses.insert(format!("{file}.py:{test}"), TestStatus::Failed);
            }
            continue;
        }
        if !line.starts_with("test_") {
            continue;
        }
        let name = line.split_whitespace().next().unwrap_or_default().to_string();
        let status = if line.ends_with(" ok") {
            TestStatus::Passed
        } else if line.ends_with(" F") {
            TestStatus::Failed
        } else if line.ends_with(" E") {
            TestStatus::Error
        } else if line.ends_with(" f") {
            TestStatus::Xfail
        } else if line.ends_with(" s") || line.contains(" skipped") {
            TestStatus::Skipped
        } else {
            continue;
        };
        statuses.insert(name, status);
    }
    statuses
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sympy_runner_lines() {
        let log = "============ test process starts ============\n\
                   test_sympify ok\ntest_issue_123 F\ntest_broken E\n\
                   ________ sympy/core/tests/test_x.py:test_issue_123 ________\n";
        let statuses = parse(log);
        assert_eq!(statuses["test_sympify"], TestStatus::Passed);
        assert_eq!(statuses["test_issue_123"], TestStatus::Failed);
        assert_eq!(statuses["test_broken"], TestStatus::Error);
        assert_eq!(statuses["sympy/core/tests/test_x.py:test_issue_123"], TestStatus::Failed);
    }
}
