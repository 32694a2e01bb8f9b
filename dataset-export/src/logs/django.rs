//! Django's test runner (`./tests/runtests.py -v 2`): `test_x (app.tests.Case) ... ok`, with
//! `FAIL`, `ERROR`, `skipped '...'`, `expected failure`, `unexpected success`, and the variant
//! where a docstring line carries the status and the test name is on the line before.

use std::collections::BTreeMap;

use benchscope_contract::TestStatus;

/// Whether `log` looks like Django's runner.
pub fn looks_like(log: &str) -> bool {
    log.lines()
        .any(|l| l.contains(" ... ok") || l.contains(" ... FAIL") || l.contains(" ... ERROR"))
}

/// Test id → status.
pub fn parse(log: &str) -> BTreeMap<String, TestStatus> {
    let mut statuses = BTreeMap::new();
    let mut previous_name: Option<String> = None;
    for raw in log.lines() {
        let line = raw.trim();
        if let Some((name, outcome)) = line.rsplit_once(" ... ") {
            match status_of(outcome) {
                Some(status) => {
                    // A docstring line: the test's name is the line before it.
                    let name = if name.contains(" (") || previous_name.is_none() {
                        name.to_string()
                    } else {
                        previous_name.take().unwrap_or_default()
                    };
                    statuses.insert(name, status);
                }
                None => previous_name = Some(name.to_string()),
            }
        } else if let Some(rest) = line.strip_prefix("FAIL: ").or_else(|| line.strip_prefix("ERROR: ")) {
            let status = if line.starts_with("FAIL") {
                TestStatus::Failed
            } else {
                TestStatus::Error
            };
            statuses.entry(rest.to_string()).or_insert(status);
        } else if line.starts_with("ok") && previous_name.is_some() {
            // The test printed output between its name and its status.
            statuses.insert(previous_name.take().unwrap_or_default(), TestStatus::Passed);
        } else if line.starts_with("test") && line.contains(" (") && line.ends_with(')') {
            previous_name = Some(line.to_string());
        }
    }
    statuses
}

fn status_of(outcome: &str) -> Option<TestStatus> {
    let outcome = outcome.trim();
    match outcome {
        "ok" | "OK" => Some(TestStatus::Passed),
        "FAIL" => Some(TestStatus::Failed),
        "ERROR" => Some(TestStatus::Error),
        "expected failure" => Some(TestStatus::Xfail),
        "unexpected success" => Some(TestStatus::Xpass),
        _ if outcome.starts_with("skipped") => Some(TestStatus::Skipped),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn django_runner_lines() {
        let log = "test_a (app.tests.Case) ... ok\n\
                   test_b (app.tests.Case) ... FAIL\n\
                   test_c (app.tests.Case) ... skipped 'no db'\n\
                   test_d (app.tests.Case)\nA docstring. ... ERROR\n\
                   test_e (app.tests.Case) ... expected failure\n\
                   ======\nFAIL: test_b (app.tests.Case)\n";
        let statuses = parse(log);
        assert_eq!(statuses["test_a (app.tests.Case)"], TestStatus::Passed);
        assert_eq!(statuses["test_b (app.tests.Case)"], TestStatus::Failed);
        assert_eq!(statuses["test_c (app.tests.Case)"], TestStatus::Skipped);
        assert_eq!(statuses["test_d (app.tests.Case)"], TestStatus::Error);
        assert_eq!(statuses["test_e (app.tests.Case)"], TestStatus::Xfail);
    }
}
