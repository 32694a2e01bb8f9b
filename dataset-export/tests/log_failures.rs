//! Where the explorer opens a run's test log (`log::first_failure_line`), on the 484 real
//! SWE-bench Verified harness logs: the marked line is always in the tests' own output (never in
//! the commit, the patch or the install the log echoes before them), and every log in which a
//! test failed has one.

mod common;

use std::fs;

use benchscope_cli::logs::parse_log;
use benchscope_contract::log::first_failure_line;

const LOGS: &str = "swebench-verified-harness-logs_inspect-ai/logs";

/// The lines the test run wrote, told independently of the rule under test: from the shell's
/// trace of the last `git apply` (the test patch, just before the tests) to its trace of the
/// last `git checkout` (the test files put back after them).
fn test_run_lines(lines: &[&str]) -> (usize, usize) {
    let last = |prefix: &str| lines.iter().rposition(|line| line.starts_with(prefix));
    let start = last("+ git apply").expect("the log traces the test patch's apply");
    let end = last("+ git checkout").filter(|&end| end > start).unwrap_or(lines.len());
    (start, end)
}

/// The repository an instance id names: `django__django-11239` is `django/django`.
fn repo_of(instance: &str) -> String {
    let (owner, rest) = instance.split_once("__").expect("an owner__repo-number id");
    let repo = rest.rsplit_once('-').map_or(rest, |(repo, _)| repo);
    format!("{owner}/{repo}")
}

/// A test the harness's parser (ours, checked against the harness's own on these logs) reads as
/// failed or errored.
fn a_failed_test(text: &str, instance: &str) -> Option<String> {
    let report = parse_log(text, Some(&repo_of(instance)));
    let failed = |status: &str| matches!(status, "FAILED" | "ERROR");
    let test = report
        .statuses
        .iter()
        .find(|(_, status)| failed(status))
        .map(|(test, _)| test.to_string());
    test
}

#[test]
fn a_test_logs_first_failure_is_in_the_tests_output_and_found_wherever_a_test_failed() {
    let Some(realdata) = common::realdata() else { return };
    let (mut logs, mut marked, mut failing) = (0, 0, 0);
    let mut entries: Vec<_> = fs::read_dir(realdata.join(LOGS)).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for dir in entries {
        let Ok(text) = fs::read_to_string(dir.join("test_output.txt")) else {
            continue;
        };
        let lines: Vec<&str> = text.lines().collect();
        let found = first_failure_line(lines.iter().copied());
        let name = dir.file_name().unwrap().to_string_lossy();
        let (start, end) = test_run_lines(&lines);
        logs += 1;
        if let Some(at) = found {
            marked += 1;
            assert!(
                (start..end).contains(&at),
                "{name}: line {} ({:?}) is outside the tests' output, lines {}–{end}",
                at + 1,
                lines[at],
                start + 1,
            );
        }
        if let Some(test) = a_failed_test(&text, &name) {
            failing += 1;
            assert!(found.is_some(), "{name}: its log fails {test}, but no line is marked");
        }
    }
    assert!(logs >= 480, "only {logs} real test logs were read");
    assert!(failing >= 250, "only {failing} logs with a failed test");
    eprintln!("{logs} real test logs: {marked} marked at a failure; a test failed in {failing}");
}
