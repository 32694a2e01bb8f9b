//! The names of the failure modes an unresolved result carries ([`crate::InstanceResult::failure_mode`]).
//! Besides these, a failure mode may be the exception class that failed the tests
//! (`AssertionError`, ...) or a source's own reason, kept as published.

use std::borrow::Cow;

/// The prediction had no patch.
pub const EMPTY_PATCH: &str = "empty_patch";
/// The patch did not apply.
pub const PATCH_FAILED: &str = "patch_failed";
/// The tests ran past their time.
pub const TIMEOUT: &str = "timeout";
/// The harness itself failed.
pub const HARNESS_ERROR: &str = "harness_error";
/// Collection failed before the deciding tests ran.
pub const COLLECTION_ERROR: &str = "collection_error";
/// Tests failed, for no reason the log names.
pub const TESTS_FAILED: &str = "tests_failed";
/// The evaluation did not finish.
pub const INCOMPLETE: &str = "incomplete";
/// Unresolved, the source giving no reason.
pub const UNRESOLVED: &str = "unresolved";
/// R2E-Gym: every listed test passed, but a hidden test the fixed code did not pass ended
/// otherwise (passed, say), and R2E-Gym rewards only the expected output, test for test.
pub const EXPECTED_OUTPUT_DIFFERS: &str = "expected_output_differs";

/// The failure mode of an unresolved result from what its report says: an empty patch, a patch
/// that did not apply, else the exception that failed the tests, else [`TESTS_FAILED`].
pub fn classify(empty_patch: bool, applied: Option<bool>, exception: Option<String>) -> String {
    if empty_patch {
        EMPTY_PATCH.to_string()
    } else if applied == Some(false) {
        PATCH_FAILED.to_string()
    } else {
        exception.unwrap_or_else(|| TESTS_FAILED.to_string())
    }
}

/// A failure mode as a page names it: one written as a key (`tests_failed`, swebench's
/// `no_tests_collected`) in words ("tests failed"); an exception's class (`AssertionError`) or a
/// source's own wording as it is. Data, links and filters keep the mode itself.
pub fn failure_mode_label(mode: &str) -> Cow<'_, str> {
    if written_as_key(mode) {
        Cow::Owned(mode.split('_').filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" "))
    } else {
        Cow::Borrowed(mode)
    }
}

/// Whether `mode` is written as a key (`tests_failed`): lower-case words joined by underscores.
pub fn written_as_key(mode: &str) -> bool {
    mode.contains('_') && mode.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_written_as_keys_are_named_in_words() {
        assert_eq!(failure_mode_label(TESTS_FAILED), "tests failed");
        assert_eq!(failure_mode_label("no_tests_collected"), "no tests collected");
        assert_eq!(failure_mode_label(EMPTY_PATCH), "empty patch");
        assert_eq!(failure_mode_label("_odd__key_"), "odd key");
        for kept in [
            TIMEOUT,
            UNRESOLVED,
            "AssertionError",
            "mode-a",
            "Patch Apply Failed",
            "exit_Code",
            "",
        ] {
            assert_eq!(failure_mode_label(kept), kept);
        }
    }

    #[test]
    fn the_earliest_failure_names_the_mode() {
        assert_eq!(classify(true, Some(false), Some("TypeError".into())), EMPTY_PATCH);
        assert_eq!(classify(false, Some(false), Some("TypeError".into())), PATCH_FAILED);
        assert_eq!(classify(false, Some(true), Some("TypeError".into())), "TypeError");
        assert_eq!(classify(false, None, None), TESTS_FAILED);
    }
}
