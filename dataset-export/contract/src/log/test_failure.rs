//! Where a test run's log first reports a failure.
//!
//! A harness's test log is mostly not the tests: the SWE-bench harness echoes the repository's
//! last commit (`git show`), the model's patch (`git diff`), the shell's trace of every command
//! and the package install before the runner starts. Those lines name errors all the time
//! (`raise ValueError(`, `test_login_error ... ok`, pytest's `rerunfailures` plugin), so a word
//! search marks one of them on most real logs. Here a line counts only when it is a runner's own
//! failure mark (or git's, or the harness's), or, where there is none, a Python traceback or
//! exception; echoed patches and shell trace lines are never read.

/// The index of the first line of a test run's log that reports a failure, if any does. A test
/// runner's own mark comes first; a traceback or an exception counts where the runner marked
/// nothing (it crashed before reporting), since a package install prints harmless tracebacks
/// of its own.
pub fn first_failure_line<'a>(lines: impl IntoIterator<Item = &'a str>) -> Option<usize> {
    let mut echoed = EchoedPatch::default();
    let mut first_exception = None;
    for (at, line) in lines.into_iter().enumerate() {
        if echoed.holds(line) || is_shell_trace(line) {
            continue;
        }
        let line = line.trim_end();
        if RUNNER_MARKS.iter().any(|mark| mark(line)) {
            return Some(at);
        }
        if first_exception.is_none() && EXCEPTION_MARKS.iter().any(|mark| mark(line)) {
            first_exception = Some(at);
        }
    }
    first_exception
}

/// Tracks the patches and commits a log echoes: from a `diff --git` or `commit <hash>` line to
/// the first line that is not part of one.
#[derive(Default)]
struct EchoedPatch {
    inside: bool,
}

impl EchoedPatch {
    fn holds(&mut self, line: &str) -> bool {
        if line.starts_with("diff --git ") || is_commit_header(line) {
            self.inside = true;
        } else if self.inside && !is_patch_line(line) {
            self.inside = false;
        }
        self.inside
    }
}

fn is_commit_header(line: &str) -> bool {
    line.strip_prefix("commit ")
        .and_then(|rest| rest.split_whitespace().next())
        .is_some_and(|hash| hash.len() >= 7 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A line `git diff` or `git show` prints: a hunk's line, a file header, a commit's fields and
/// its indented message.
fn is_patch_line(line: &str) -> bool {
    const HEADERS: [&str; 18] = [
        "diff --git",
        "index ",
        "new file mode",
        "deleted file mode",
        "old mode",
        "new mode",
        "similarity index",
        "dissimilarity index",
        "rename from",
        "rename to",
        "copy from",
        "copy to",
        "Binary files",
        "Author:",
        "Date:",
        "Merge:",
        "Commit:",
        "commit ",
    ];
    line.is_empty()
        || line.starts_with(['+', '-', ' ', '@', '\\', '\t'])
        || line.starts_with("AuthorDate:")
        || line.starts_with("CommitDate:")
        || HEADERS.iter().any(|header| line.starts_with(header))
}

/// A line of the shell's trace of the commands it runs (`set -x`: `+ cmd`, `++ cmd` nested).
fn is_shell_trace(line: &str) -> bool {
    let rest = line.trim_start_matches('+');
    rest.len() < line.len() && rest.starts_with(' ')
}

/// A test runner's (or git's, or the harness's) report of a failure.
const RUNNER_MARKS: [fn(&str) -> bool; 7] = [
    is_summary_failure,
    is_unittest_failure,
    is_test_marked_failed,
    is_section_of_failures,
    is_sympy_failure,
    is_conftest_error,
    is_tool_error,
];

/// An exception, raised wherever.
const EXCEPTION_MARKS: [fn(&str) -> bool; 3] = [is_traceback, is_python_exception, is_pytest_error_detail];

fn is_traceback(line: &str) -> bool {
    line.trim_start().starts_with("Traceback (most recent call last)")
}

/// An exception's last line, unindented: `ValueError: …`, `django.db.utils.OperationalError`.
fn is_python_exception(line: &str) -> bool {
    let name = line.split_once(':').map_or(line, |(name, _)| name);
    (name.ends_with("Error") || name.ends_with("Exception"))
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// pytest's detail of the exception that failed a test: `E   AttributeError: …`.
fn is_pytest_error_detail(line: &str) -> bool {
    line.strip_prefix("E  ").is_some_and(|rest| !rest.trim_start().is_empty())
}

/// pytest's short summary (`FAILED tests/x.py::test_y - …`, `ERROR tests/x.py`), unittest's last
/// line (`FAILED (failures=1)`), cargo's (`test result: FAILED.`), Go's and Jest's (`FAIL x`,
/// `--- FAIL: TestX`). A logging record (`ERROR    name:file.py:12 …`) is not one.
fn is_summary_failure(line: &str) -> bool {
    let single_space_then_text = |rest: &str| {
        rest.strip_prefix(' ')
            .is_some_and(|rest| rest.starts_with(|c: char| !c.is_whitespace()))
    };
    ["FAILED", "ERROR", "FAIL"]
        .iter()
        .any(|word| line.strip_prefix(word).is_some_and(single_space_then_text))
        || line == "FAIL"
        || line.starts_with("FAIL\t")
        || line.starts_with("test result: FAILED")
        || line.trim_start().starts_with("--- FAIL")
}

/// unittest's and Django's report header of a failed test: `ERROR: test_x (app.tests.Case)`.
/// pip's own `ERROR: Could not …` is not one.
fn is_unittest_failure(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("FAIL: ").or_else(|| line.strip_prefix("ERROR: ")) else {
        return false;
    };
    rest.split_once(' ')
        .is_some_and(|(_test, place)| place.starts_with('(') && place.ends_with(')'))
}

/// A test's own line with its result: `test_x (app.Case) ... ERROR`, pytest's verbose
/// `tests/x.py::test_y FAILED [ 50%]`, cargo's `test x ... FAILED`.
fn is_test_marked_failed(line: &str) -> bool {
    let verdict = |word: &str| line.ends_with(word) || line.match_indices(word).any(|(at, _)| line[at + word.len()..].starts_with(" ["));
    [" ... FAIL", " ... ERROR", " ... FAILED"].iter().any(|end| line.ends_with(end))
        || line.contains("::") && (verdict(" FAILED") || verdict(" ERROR"))
}

/// pytest's `=== FAILURES ===` and `=== ERRORS ===` sections, and its closing tally when it
/// counts a failure or an error (`=== 1 failed, 2 passed in 0.1s ===`).
fn is_section_of_failures(line: &str) -> bool {
    let Some(inner) = line.strip_prefix("==").and_then(|l| l.strip_suffix("==")) else {
        return false;
    };
    let inner = inner.trim_matches('=').trim();
    inner == "FAILURES"
        || inner == "ERRORS"
        || [" failed", " error", " errors"].iter().any(|word| {
            inner
                .match_indices(word)
                .any(|(at, _)| inner[..at].ends_with(|c: char| c.is_ascii_digit()))
        })
}

/// SymPy's runner: a file's line ending `[FAIL]`, a verbose test's `test_x F` or `test_x E`, its
/// closing tally when it counts a failure or an exception.
fn is_sympy_failure(line: &str) -> bool {
    let test_marked = line.starts_with("test_") && (line.ends_with(" F") || line.ends_with(" E"));
    let tally = line.contains("tests finished:") && (line.contains(" failed") || line.contains(" exceptions"));
    line.ends_with("[FAIL]") || test_marked || tally
}

/// pytest's failure to import a conftest, before any test runs.
fn is_conftest_error(line: &str) -> bool {
    line.starts_with("ImportError while loading conftest")
}

/// git's own error (`error: patch failed: …`) and the harness's (`>>>>> Patch Apply Failed`,
/// `>>>>> Tests Errored`, `>>>>> Tests Timed Out`).
fn is_tool_error(line: &str) -> bool {
    let harness = line.contains(">>>>> ") && ["Failed", "Errored", "Timed Out"].iter().any(|word| line.contains(word));
    line.starts_with("error: ") || line.starts_with("fatal: ") || harness
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(log: &str) -> Option<usize> {
        first_failure_line(log.lines())
    }

    #[test]
    fn an_echoed_commit_and_patch_and_the_shell_trace_are_not_failures() {
        let log = "\
+ git show
commit 360290c4c401e386db60723ddb0109ed499c9f6e
Author: A <a@b>
Date:   Mon Jan 1

    Fixed test failures on Windows.

diff --git a/x.py b/x.py
index 1..2 100644
--- a/x.py
+++ b/x.py
@@ -1,2 +1,2 @@
-    raise ValueError(
+    raise TypeError(
 except ImportError:
+ git diff 360290c
+ python -c 'raise SystemError'
Obtaining file:///testbed
  ERROR: pip's dependency resolver does not currently take into account all the packages
ERROR: Could not install packages
+ pytest -rA tests/x.py
plugins: cov-5.0.0, rerunfailures-14.0
tests/x.py::test_login_error PASSED [ 50%]
ERROR    x:x.py:119 oops
test_attribute_error (app.tests.Case) ... ok
=== 2 passed in 0.1s ===";
        assert_eq!(first(log), None);
    }

    #[test]
    fn after_an_echoed_patch_the_runner_is_read_again() {
        let log = "diff --git a/x b/x\n+raise ValueError\nChecking patch x...\nTraceback (most recent call last):";
        assert_eq!(first(log), Some(3));
    }

    #[test]
    fn a_runners_mark_comes_before_an_earlier_traceback() {
        let log =
            "Error processing line 1 of x.pth:\n  Traceback (most recent call last):\nModuleNotFoundError: x\n+ pytest\nt.py::a FAILED";
        assert_eq!(first(log), Some(4));
        assert_eq!(first("+ pytest\nTraceback (most recent call last):\nt.py::a FAILED"), Some(2));
        assert_eq!(
            first("+ pytest\nTraceback (most recent call last):\nImportError: x"),
            Some(1),
            "a crash the runner never reported"
        );
    }

    #[test]
    fn pytest_marks() {
        assert_eq!(
            first("ImportError while loading conftest '/testbed/conftest.py'.\nE   AttributeError: x"),
            Some(0)
        );
        assert_eq!(first("E   AttributeError: partially initialized module"), Some(0));
        assert_eq!(first("E"), None);
        assert_eq!(first("tests/x.py::test_y FAILED [ 50%]"), Some(0));
        assert_eq!(first("tests/x.py::test_y ERROR"), Some(0));
        assert_eq!(
            first("a\n=================================== FAILURES ==================================="),
            Some(1)
        );
        assert_eq!(first("==== ERRORS ===="), Some(0));
        assert_eq!(first("FAILED tests/x.py::test_y - AssertionError: boom"), Some(0));
        assert_eq!(first("ERROR tests/x.py - ImportError"), Some(0));
        assert_eq!(first("========= 1 failed, 3 passed in 0.52s ========="), Some(0));
        assert_eq!(first("========= 3 passed, 1 error in 0.52s ========="), Some(0));
        assert_eq!(first("========= 3 passed, 1 xfailed in 0.52s ========="), None);
        assert_eq!(first("XFAIL tests/x.py::test_y - reason"), None);
        assert_eq!(
            first("================================== PASSES =================================="),
            None
        );
    }

    #[test]
    fn unittest_and_django_marks() {
        assert_eq!(first("test_x (app.tests.Case) ... ERROR"), Some(0));
        assert_eq!(first("test_x (app.tests.Case) ... FAIL"), Some(0));
        assert_eq!(first("ERROR: test_x (app.tests.Case)"), Some(0));
        assert_eq!(first("FAIL: test_x (app.tests.Case.test_x)"), Some(0));
        assert_eq!(first("test_x (app.tests.Case) ... expected failure"), None);
        assert_eq!(first("FAILED (failures=1, errors=2)"), Some(0));
        assert_eq!(first("OK (skipped=2)"), None);
    }

    #[test]
    fn sympy_marks() {
        assert_eq!(first("test_point E"), Some(0));
        assert_eq!(first("test_point F"), Some(0));
        assert_eq!(first("test_point ok"), None);
        assert_eq!(first("sympy/geometry/tests/test_point.py[7] .E..... [FAIL]"), Some(0));
        assert_eq!(first("sympy/geometry/tests/test_point.py[7] ....... [OK]"), None);
        assert_eq!(first("==== tests finished: 6 passed, 1 exceptions, in 0.49 seconds ===="), Some(0));
        assert_eq!(first("==== tests finished: 7 passed, in 0.49 seconds ===="), None);
    }

    #[test]
    fn exceptions_tracebacks_and_tools() {
        assert_eq!(first("  Traceback (most recent call last):"), Some(0));
        assert_eq!(first("RecursionError: maximum recursion depth exceeded"), Some(0));
        assert_eq!(first("django.db.utils.OperationalError: no such table"), Some(0));
        assert_eq!(first("ModuleNotFoundError"), Some(0));
        assert_eq!(first("    raise ValueError(\"x\")"), None, "indented source is not the exception");
        assert_eq!(first("Note: ValueError raised"), None);
        assert_eq!(first("error: patch failed: x.py:12"), Some(0));
        assert_eq!(first(">>>>> Patch Apply Failed"), Some(0));
        assert_eq!(first("--- FAIL: TestParse (0.00s)"), Some(0));
        assert_eq!(first("FAIL src/a.test.js"), Some(0));
        assert_eq!(first("test result: FAILED. 1 passed; 1 failed"), Some(0));
        assert_eq!(first("test parse::x ... FAILED"), Some(0));
    }
}
