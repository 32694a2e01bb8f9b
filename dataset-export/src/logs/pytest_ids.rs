//! pytest's output read for whole node ids, for repositories the SWE-bench harness does not map
//! (FeatureBench, FEA-Bench's own, the demo): the `-rA` short summary (`PASSED id`,
//! `FAILED id - message`, ...) and the verbose form (`id PASSED [ 50%]`). Parametrized ids may
//! hold spaces, brackets and ` - `; the id of a summary line ends at the first ` - ` outside
//! brackets.

use std::collections::BTreeMap;

use benchscope_contract::TestStatus;

use super::harness::Harness;
use super::statuses::Statuses;
use super::LogFormat;

/// pytest with whole ids.
pub struct PytestIds;

impl LogFormat for PytestIds {
    fn name(&self) -> &'static str {
        "pytest_ids"
    }

    fn looks_like(&self, output: &str) -> bool {
        looks_like(output)
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        parse(&super::exceptions::strip_ansi(output))
            .into_iter()
            .map(|(id, status)| (id, status.word()))
            .collect()
    }
}

const STATUSES: [(&str, TestStatus); 6] = [
    ("PASSED", TestStatus::Passed),
    ("FAILED", TestStatus::Failed),
    ("ERROR", TestStatus::Error),
    ("SKIPPED", TestStatus::Skipped),
    ("XFAIL", TestStatus::Xfail),
    ("XPASS", TestStatus::Xpass),
];

/// Whether `log` looks like pytest's.
pub fn looks_like(log: &str) -> bool {
    log.contains("short test summary info") || log.contains("test session starts") || log.lines().any(|l| summary_line(l).is_some())
}

/// Whether collection failed somewhere.
pub fn has_collection_error(log: &str) -> bool {
    log.contains("ERROR collecting") || log.contains("errors during collection") || log.contains("error during collection")
}

/// Test id → status. Verbose lines first, then the summary, which wins where both speak.
pub fn parse(log: &str) -> BTreeMap<String, TestStatus> {
    let mut statuses = BTreeMap::new();
    for line in log.lines() {
        if let Some((id, status)) = verbose_line(line) {
            statuses.insert(id, status);
        }
    }
    for line in log.lines() {
        if let Some((id, status)) = summary_line(line) {
            statuses.insert(id, status);
        }
    }
    statuses
}

/// `STATUS id[ - message]` (the `-rA` summary). `SKIPPED [1] file:line: reason` names no test.
fn summary_line(line: &str) -> Option<(String, TestStatus)> {
    let line = line.trim_end();
    let (word, status) = STATUSES
        .iter()
        .find(|(word, _)| line.starts_with(word) && line[word.len()..].starts_with(' '))?;
    let rest = line[word.len()..].trim_start();
    if rest.starts_with('[') {
        return None;
    }
    let id = id_before_message(rest);
    (!id.is_empty()).then(|| (id.to_string(), *status))
}

/// `id STATUS`, `id STATUS [ 42%]` or `id SKIPPED (reason) [ 42%]` (the verbose form); the id
/// must be a node id (`::`). The status is the last status word followed by the end, a space
/// or a `(`.
fn verbose_line(line: &str) -> Option<(String, TestStatus)> {
    if !line.contains("::") {
        return None;
    }
    let mut line = line.trim_end();
    if line.ends_with("%]") {
        line = line[..line.rfind('[')?].trim_end();
    }
    let mut best: Option<(usize, &str, TestStatus)> = None;
    for (word, status) in STATUSES {
        let mut from = 0;
        while let Some(found) = line[from..].find(&format!(" {word}")) {
            let at = from + found;
            let after = &line[at + 1 + word.len()..];
            if (after.is_empty() || after.starts_with(' ') || after.starts_with('(')) && best.is_none_or(|(b, _, _)| at > b) {
                best = Some((at, word, status));
            }
            from = at + 1;
        }
    }
    let (at, _, status) = best?;
    let id = line[..at].trim_end();
    let reason_only = line[at..]
        .trim_start()
        .split_once(' ')
        .is_none_or(|(_, rest)| rest.trim_start().starts_with('('));
    (id.contains("::") && !id.starts_with(char::is_whitespace) && reason_only).then(|| (id.to_string(), status))
}

/// The node id at the start of `rest`: up to the first ` - ` not inside brackets.
fn id_before_message(rest: &str) -> &str {
    let mut depth = 0i32;
    let bytes = rest.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'[' => depth += 1,
            b']' => depth -= 1,
            b' ' if depth <= 0 && rest[i..].starts_with(" - ") => return &rest[..i],
            _ => {}
        }
    }
    rest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_lines_with_spaces_brackets_and_messages() {
        let log = "=== short test summary info ===\n\
                   PASSED tests/t.py::test_a[3x3 singular]\n\
                   FAILED tests/t.py::test_b[x - y] - AssertionError: 1 - 2\n\
                   ERROR tests/t.py::test_c - ImportError\n\
                   SKIPPED [1] tests/t.py:9: no numpy\n\
                   XFAIL tests/t.py::test_d - reason\n";
        let statuses = parse(log);
        assert_eq!(statuses["tests/t.py::test_a[3x3 singular]"], TestStatus::Passed);
        assert_eq!(statuses["tests/t.py::test_b[x - y]"], TestStatus::Failed);
        assert_eq!(statuses["tests/t.py::test_c"], TestStatus::Error);
        assert_eq!(statuses["tests/t.py::test_d"], TestStatus::Xfail);
        assert_eq!(statuses.len(), 4);
    }

    #[test]
    fn verbose_lines_and_summary_precedence() {
        let log = "tests/t.py::test_s SKIPPED (no db)                          [ 25%]\n\
                   tests/t.py::test_a PASSED                                   [ 50%]\n\
                   tests/t.py::test_b[a b] FAILED                              [100%]\n\
                   FAILED tests/t.py::test_a - flaky\n";
        let statuses = parse(log);
        assert_eq!(statuses["tests/t.py::test_b[a b]"], TestStatus::Failed);
        assert_eq!(statuses["tests/t.py::test_a"], TestStatus::Failed, "the summary wins");
        assert_eq!(statuses["tests/t.py::test_s"], TestStatus::Skipped);
    }
}
