//! Logs as documents: where a failed build's first error is, where a test run's first failure is,
//! the lines shown around it, and the lines a search matches. The CLI and the explorer read logs
//! the same way through these.

mod test_failure;

use std::ops::Range;

pub use test_failure::first_failure_line;

/// What a log records, which decides the line it opens at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogKind {
    /// A CI build's failing step: opened at its first error, as Long Code Arena finds it.
    Build,
    /// A test run (a harness's test output, a verifier's): opened at its first reported failure.
    TestRun,
}

impl LogKind {
    /// The index of the line the log opens at, if one is marked.
    pub fn first_marked_line<'a>(self, lines: impl IntoIterator<Item = &'a str>) -> Option<usize> {
        match self {
            LogKind::Build => first_error_line(lines),
            LogKind::TestRun => first_failure_line(lines),
        }
    }

    /// What the marked line is called: "error" or "failure".
    pub fn mark(self) -> &'static str {
        match self {
            LogKind::Build => "error",
            LogKind::TestRun => "failure",
        }
    }
}

/// Lines shown around a log's first error, as Long Code Arena's paper shows them.
pub const ERROR_CONTEXT_LINES: usize = 100;

/// The words whose first occurrence marks a log's first error (matched case-insensitively).
const ERROR_WORDS: [&str; 4] = ["error", "failure", "failed", "traceback"];

/// The index of the first line that mentions an error, as Long Code Arena's baselines find it.
pub fn first_error_line<'a>(lines: impl IntoIterator<Item = &'a str>) -> Option<usize> {
    lines.into_iter().position(|line| {
        let line = line.to_lowercase();
        ERROR_WORDS.iter().any(|word| line.contains(word))
    })
}

/// The lines shown around the error at `at` in a log of `total` lines: half the context before it,
/// half from it on.
pub fn around(at: usize, total: usize) -> Range<usize> {
    let start = at.saturating_sub(ERROR_CONTEXT_LINES / 2);
    start..(at + ERROR_CONTEXT_LINES / 2).min(total)
}

/// The indices of the lines containing `query`, ignoring case (none for an empty query).
pub fn matching_lines<'a>(lines: impl IntoIterator<Item = &'a str>, query: &str) -> Vec<usize> {
    let query = query.trim().to_lowercase();
    if query.is_empty() {
        return Vec::new();
    }
    lines
        .into_iter()
        .enumerate()
        .filter(|(_, line)| line.to_lowercase().contains(&query))
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_error_is_the_first_line_naming_one() {
        let log = [
            "setup",
            "collected 3 items",
            "FAILED test_a.py::test_x",
            "Traceback (most recent call last):",
        ];
        assert_eq!(first_error_line(log), Some(2));
        assert_eq!(
            first_error_line(["ok", "Errors: none"]),
            Some(1),
            "case-insensitive, as the paper's regex"
        );
        assert_eq!(first_error_line(["all good"]), None);
    }

    #[test]
    fn the_context_is_clipped_to_the_log() {
        assert_eq!(around(150, 300), 100..200);
        assert_eq!(around(10, 300), 0..60);
        assert_eq!(around(290, 300), 240..300);
    }

    #[test]
    fn search_matches_lines_ignoring_case() {
        let log = ["E   AssertionError: boom", "assertion rewriting", "done"];
        assert_eq!(matching_lines(log, "ASSERTION"), vec![0, 1]);
        assert_eq!(matching_lines(log, "  "), Vec::<usize>::new());
    }
}
