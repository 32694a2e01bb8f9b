//! swebench 5's reading of a log in which no test output was found (`infra_failure.py`): the
//! first of its signatures of an environment fault, or of a fault that may be the environment's
//! or the patch's, that the log holds. The harness reports it as the instance's
//! `infra_failure_reason`; `grade` takes it as the failure mode.

use regex::Regex;
use std::sync::LazyLock;

use super::line_pattern::pattern;

/// Each reason and its signature, tried in order (`INFRA_FAILURE_SIGNATURES`).
static SIGNATURES: LazyLock<[(&str, Regex); 8]> = LazyLock::new(|| {
    [
        ("browser_launch_failed", r"Failed to launch|Failed to connect to the bus"),
        (
            "display_unavailable",
            r"cannot open display|Missing X server|unable to open X display",
        ),
        ("out_of_memory", r"(?m)Cannot allocate memory|OutOfMemoryError|^Killed$"),
        (
            "container_unavailable",
            r"Error response from daemon|Cannot connect to the Docker daemon",
        ),
        (
            "network_unreachable",
            r"Could not resolve host|Temporary failure in name resolution",
        ),
        ("missing_module", r"Cannot find module|MODULE_NOT_FOUND|ModuleNotFoundError"),
        ("no_tests_collected", r"no tests ran|collected 0 items"),
        ("tests_timed_out", r"Timeout error: \d+ seconds exceeded"),
    ]
    .map(|(reason, signature)| (reason, pattern(signature)))
});

/// The reason the first signature `log` holds names (`classify_text`).
pub fn reason(log: &str) -> Option<&'static str> {
    SIGNATURES
        .iter()
        .find(|(_, signature)| signature.is_match(log))
        .map(|(reason, _)| *reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_signature_found_names_the_reason() {
        assert_eq!(
            reason("Error: Failed to launch the browser process!\nno tests ran"),
            Some("browser_launch_failed")
        );
        assert_eq!(reason("step\nKilled\n"), Some("out_of_memory"));
        assert_eq!(reason("the process was Killed by a signal"), None, "`Killed` alone on its line");
        assert_eq!(reason("collected 0 items"), Some("no_tests_collected"));
        assert_eq!(reason("AssertionError"), None);
    }
}
