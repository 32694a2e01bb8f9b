//! The exception that failed a run's tests, read from its log: what the failure-mode facet shows.

/// Removes terminal colour codes (`ESC [ ... m` and other CSI sequences).
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            chars.next();
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The exception class that failed the tests, from the log: the first `Xxx(Error|Exception)`
/// named by a failure summary line or ending a traceback. Bare `assert` failures count as
/// `AssertionError`.
pub fn exception_class(log: &str) -> Option<String> {
    let log = strip_ansi(log);
    let from_summary = log.lines().filter_map(|line| {
        let rest = line.strip_prefix("FAILED ").or_else(|| line.strip_prefix("ERROR "))?;
        let message = rest.split_once(" - ").map(|(_, m)| m.trim())?;
        if message.starts_with("assert ") {
            return Some("AssertionError".to_string());
        }
        exception_name(message)
    });
    let from_traceback = log.lines().filter_map(|line| {
        let line = line.trim_start_matches(['E', ' ']).trim();
        exception_name(line).filter(|_| line.contains(':') || line.ends_with("Error") || line.ends_with("Exception"))
    });
    from_summary.chain(from_traceback).next()
}

/// The exception class that failed the given tests: from their own summary lines, then from
/// their traceback blocks (`____ test_name ____`), then from the log as a whole.
pub fn exception_for_tests(log: &str, tests: &[&str]) -> Option<String> {
    let log = strip_ansi(log);
    let from_summary = log.lines().find_map(|line| {
        let rest = line.strip_prefix("FAILED ").or_else(|| line.strip_prefix("ERROR "))?;
        let (id, message) = rest.split_once(" - ")?;
        if !tests.contains(&id.trim()) {
            return None;
        }
        let message = message.trim();
        if message.starts_with("assert ") {
            Some("AssertionError".to_string())
        } else {
            exception_name(message)
        }
    });
    from_summary
        .or_else(|| exception_in_blocks(&log, tests))
        .or_else(|| exception_class(&log))
}

/// pytest prints each failure under a `____ name ____` header; the `E   Xxx:` lines below the
/// header of one of `tests` name its exception.
fn exception_in_blocks(log: &str, tests: &[&str]) -> Option<String> {
    let short_names: Vec<&str> = tests.iter().map(|t| t.rsplit("::").next().unwrap_or(t)).collect();
    let mut inside = false;
    for line in log.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("___") && trimmed.ends_with("___") {
            let title = trimmed.trim_matches('_').trim();
            inside = short_names
                .iter()
                .any(|n| title == *n || title.ends_with(&format!(" {n}")) || title.ends_with(&format!(".{n}")));
            continue;
        }
        if inside {
            if let Some(found) = line.strip_prefix('E').map(str::trim).and_then(exception_name) {
                return Some(found);
            }
        }
    }
    None
}

/// `Name` when `text` starts with an exception class name (`pkg.module.NameError: ...`).
fn exception_name(text: &str) -> Option<String> {
    let head: &str = text.split([':', ' ', '(']).next()?;
    let name = head.rsplit('.').next()?;
    // `Failed` is pytest's own outcome (pytest.fail, "DID NOT RAISE").
    let is_exception = name == "Failed"
        || ["Error", "Exception", "Exit", "Interrupt", "Failure"]
            .iter()
            .any(|suffix| name.ends_with(suffix) && name.len() > suffix.len());
    (is_exception && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && name.starts_with(|c: char| c.is_ascii_uppercase()))
        .then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exception_classes_come_from_summaries_or_tracebacks() {
        assert_eq!(exception_class("FAILED t.py::a - TypeError: bad\n").as_deref(), Some("TypeError"));
        assert_eq!(
            exception_class("FAILED t.py::a - assert 1 == 2\n").as_deref(),
            Some("AssertionError")
        );
        assert_eq!(
            exception_class("Traceback (most recent call last):\n  File \"x\"\nmodule.sub.NameError: name 'x'\n").as_deref(),
            Some("NameError")
        );
        assert_eq!(
            exception_class("E   ImportError: cannot import name 'x'\n").as_deref(),
            Some("ImportError")
        );
        assert_eq!(
            exception_class("FAILED t.py::a - Failed: DID NOT RAISE <class 'ValueError'>\n").as_deref(),
            Some("Failed")
        );
        assert_eq!(exception_class("all good\n"), None);
        let log = "___ ERROR at setup of test_e ___\nE   RuntimeError: x\n___ test_f ___\nE   KeyError: 'k'\nFAILED t.py::test_g - TypeError: y\n";
        assert_eq!(exception_for_tests(log, &["t.py::test_f"]).as_deref(), Some("KeyError"));
        assert_eq!(exception_for_tests(log, &["t.py::test_g"]).as_deref(), Some("TypeError"));
    }

    #[test]
    fn ansi_codes_are_removed() {
        assert_eq!(strip_ansi("\u{1b}[32mPASSED\u{1b}[0m a"), "PASSED a");
    }
}
