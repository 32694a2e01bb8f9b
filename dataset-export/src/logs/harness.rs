//! The SWE-bench harness's generations, told apart by the shape of the log each one writes, and
//! what each does before and after its parser runs: where it finds the test output, when it
//! decides that no test output exists (the report's `patch_successfully_applied: false`), and
//! which statuses pass or fail a listed test.
//!
//! Reproduced from the swebench releases named on each generation and checked against them on the
//! committed differential fixtures (`tests/fixtures/harness`).

use regex::Regex;
use std::sync::LazyLock;

use super::python_str::split_part;
use super::statuses::Statuses;

/// What the harness logs when a model's patch does not apply.
pub const APPLY_PATCH_FAIL: &str = ">>>>> Patch Apply Failed";
const APPLY_PATCH_PRED: &str = ">>>>> Applied Patch (pred)";
const APPLY_PATCH_TEST: &str = ">>>>> Applied Patch (test)";
const RESET_FAILED: &str = ">>>>> Reset Failed";
const TESTS_ERROR: &str = ">>>>> Tests Errored";
const TESTS_TIMEOUT: &str = ">>>>> Tests Timed Out";
const START_TEST_OUTPUT: &str = ">>>>> Start Test Output";
const END_TEST_OUTPUT: &str = ">>>>> End Test Output";
const TEST_EXIT_CODE: &str = ">>>>> Test Exit Code";
const BAD_CODES: [&str; 4] = [APPLY_PATCH_FAIL, RESET_FAILED, TESTS_ERROR, TESTS_TIMEOUT];

/// Evidence that a suite ran although nothing was parsed (swebench 5's `SUITE_RAN`).
static SUITE_RAN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?m)Executed [1-9]\d* of \d+|TOTAL: [1-9]\d* (?:SUCCESS|FAILED)|[1-9]\d* passing|Tests:\s+[1-9]\d*|Test Suites:\s+(?:\d+ \w+, )*[1-9]\d* total|^# tests [1-9]\d*|[1-9]\d* specs?, \d+ failures?|': ok$",
    )
    .expect("a valid pattern")
});
static EXIT_CODE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"{}:\s*(-?\d+)", regex::escape(TEST_EXIT_CODE))).expect("a valid pattern"));

/// Which harness wrote a log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Harness {
    /// swebench 1.x (2023 to mid-2024), before docker: `>>>>> Applied Patch (pred)` then the
    /// test script's output. Rules of 1.1.5.
    PreDocker,
    /// swebench 2.x (mid-2024), the first docker harness: `test_output.txt` is the eval script's
    /// shell trace with no markers. Rules of 2.0.13 (the release that graded the published
    /// mid-2024 runs; 2.1 also passes XFAIL).
    DockerTrace,
    /// swebench 3.x and 4.x: `>>>>> Start Test Output` / `>>>>> End Test Output` around the
    /// test command. Rules of 4.1.0.
    Markers,
    /// swebench 5.x: the markers plus `>>>>> Test Exit Code: N` after the end. Rules of 5.0.2.
    Current,
    /// No harness framing at all (a runner's own output): the whole log is the test output,
    /// read and graded with swebench 5's parsers and rules.
    Unframed,
}

/// What a harness found in a log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    /// Whether it found test output (`patch_successfully_applied` in its report).
    pub applied: bool,
    /// Test id → status word.
    pub statuses: Statuses,
}

impl Harness {
    /// Every generation, oldest first.
    pub const ALL: [Harness; 5] = [Self::PreDocker, Self::DockerTrace, Self::Markers, Self::Current, Self::Unframed];

    /// The generation that wrote `log` (with universal newlines), from its markers.
    pub fn detect(log: &str) -> Harness {
        if log.contains(TEST_EXIT_CODE) {
            Harness::Current
        } else if log.contains(START_TEST_OUTPUT) {
            Harness::Markers
        } else if log.contains(">>>>> ")
            && (log.contains(APPLY_PATCH_PRED) || log.contains(APPLY_PATCH_TEST) || BAD_CODES.iter().any(|c| log.contains(c)))
        {
            Harness::PreDocker
        } else if log.contains("+ git apply") || mentions_applied_patch(log) {
            Harness::DockerTrace
        } else {
            Harness::Unframed
        }
    }

    /// The name used in run notes and the README.
    pub fn describe(self) -> &'static str {
        match self {
            Harness::PreDocker => "swebench 1.x (pre-docker logs with >>>>> Applied Patch markers; rules of 1.1.5)",
            Harness::DockerTrace => "swebench 2.x (docker eval-script traces without markers; rules of 2.0.13)",
            Harness::Markers => "swebench 3.x-4.x (>>>>> Start/End Test Output markers; rules of 4.1.0)",
            Harness::Current => "swebench 5.x (markers and >>>>> Test Exit Code; rules of 5.0.2)",
            Harness::Unframed => "no harness framing (the whole log read with swebench 5.0.2's parsers and rules)",
        }
    }

    /// The status words its parsers recognize at the start or end of a line.
    pub fn status_words(self) -> &'static [&'static str] {
        match self {
            Harness::PreDocker | Harness::DockerTrace => &["FAILED", "PASSED", "SKIPPED", "ERROR"],
            _ => &["FAILED", "PASSED", "SKIPPED", "ERROR", "XFAIL"],
        }
    }

    /// Whether its parsers follow 5.x (pytest's `SKIPPED [N]` summaries dropped, whole ids).
    pub fn is_current(self) -> bool {
        matches!(self, Harness::Current | Harness::Unframed)
    }

    /// Finds the test output in `log` and parses it with `parse`, as `get_logs_eval` does.
    pub fn read(self, log: &str, parse: impl Fn(&str) -> Statuses) -> Found {
        let not_applied = Found::default();
        match self {
            Harness::PreDocker => {
                if !(log.contains(APPLY_PATCH_TEST) && log.contains(APPLY_PATCH_PRED)) {
                    return not_applied;
                }
                applied(parse(split_part(log, APPLY_PATCH_PRED, -1).unwrap_or_default()))
            }
            Harness::DockerTrace => {
                let failed = BAD_CODES.iter().any(|c| log.contains(c)) || log.contains("Failed to reset task environment");
                if failed || !mentions_applied_patch(log) {
                    return not_applied;
                }
                applied(parse(split_part(log, APPLY_PATCH_PRED, -1).unwrap_or_default()))
            }
            Harness::Markers | Harness::Current => {
                if BAD_CODES.iter().any(|c| log.contains(c)) || !(log.contains(START_TEST_OUTPUT) && log.contains(END_TEST_OUTPUT)) {
                    return not_applied;
                }
                let between = split_part(log, START_TEST_OUTPUT, 1).and_then(|rest| split_part(rest, END_TEST_OUTPUT, 0));
                let mut statuses = parse(between.unwrap_or_default());
                if statuses.is_empty() {
                    statuses = parse(log);
                }
                if self == Harness::Current && !current_checks_pass(log, &statuses) {
                    return not_applied;
                }
                applied(statuses)
            }
            Harness::Unframed => applied(parse(log)),
        }
    }

    /// Whether a listed test passes (`test_passed`).
    pub fn passed(self, status: Option<&str>) -> bool {
        match status {
            Some("PASSED") => true,
            Some("XFAIL") => !matches!(self, Harness::PreDocker | Harness::DockerTrace),
            _ => false,
        }
    }

    /// Whether a listed test fails (`test_failed`); 5.x also fails a skipped FAIL_TO_PASS test.
    pub fn failed(self, status: Option<&str>, fail_to_pass: bool) -> bool {
        match status {
            None | Some("FAILED" | "ERROR") => true,
            Some("SKIPPED") => fail_to_pass && self.is_current(),
            _ => false,
        }
    }

    /// Whether 5.x counts a PASS_TO_PASS test as kept although it did not pass (skipped).
    pub fn maintained(self, status: Option<&str>) -> bool {
        self.is_current() && status == Some("SKIPPED")
    }

    /// The key a listed test is found under (5.x tolerates ids cut inside their brackets when
    /// every longer id it prefixes grades the same way).
    pub fn resolve<'a>(self, test: &'a str, statuses: &'a Statuses) -> Option<&'a str> {
        if statuses.get(test).is_some() {
            return Some(test);
        }
        if !self.is_current() || test.matches('[').count() <= test.matches(']').count() {
            return None;
        }
        let passing = |s: &str| s == "PASSED" || s == "XFAIL";
        let matches: Vec<(&str, u32, &str)> = statuses.with_prefix(test).collect();
        let first_status = matches.first()?.2;
        if !matches.iter().all(|(_, _, s)| passing(s) == passing(first_status)) {
            return None;
        }
        // The harness takes the first match in its dict's insertion order.
        matches.iter().min_by_key(|(_, order, _)| *order).map(|(key, _, _)| *key)
    }
}

/// `"applied patch" in content.lower()`, without copying the log: no other character lowercases
/// to an ASCII letter of it (the Kelvin sign is a `k`; `İ` becomes `i` plus a combining dot).
fn mentions_applied_patch(log: &str) -> bool {
    const NEEDLE: &[u8] = b"applied patch";
    log.as_bytes().windows(NEEDLE.len()).any(|w| w.eq_ignore_ascii_case(NEEDLE))
}

fn applied(statuses: Statuses) -> Found {
    Found { applied: true, statuses }
}

/// swebench 5's two checks that a log describes a run that happened.
fn current_checks_pass(log: &str, statuses: &Statuses) -> bool {
    if statuses.is_empty() && !SUITE_RAN.is_match(log) {
        return false;
    }
    let exit_code = EXIT_CODE.captures(log).map(|c| c[1].parse::<i64>().unwrap_or(i64::MAX));
    let nonzero = exit_code.is_some_and(|code| code != 0);
    let no_failure = statuses.iter().all(|(_, s)| s != "FAILED" && s != "ERROR");
    !(nonzero && !statuses.is_empty() && no_failure)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generations_are_told_apart_by_their_markers() {
        assert_eq!(
            Harness::detect("+ : '>>>>> Start Test Output'\n>>>>> Test Exit Code: 0\n"),
            Harness::Current
        );
        assert_eq!(Harness::detect("+ : '>>>>> Start Test Output'\n"), Harness::Markers);
        assert_eq!(
            Harness::detect(">>>>> Applied Patch (test)\n>>>>> Applied Patch (pred)\n"),
            Harness::PreDocker
        );
        assert_eq!(
            Harness::detect("+ git apply -v -\nApplied patch a.py cleanly.\n"),
            Harness::DockerTrace
        );
        assert_eq!(Harness::detect("PASSED t.py::a\n"), Harness::Unframed);
    }

    #[test]
    fn current_rejects_a_log_whose_exit_code_contradicts_it() {
        let log = "+ : '>>>>> Start Test Output'\nPASSED t.py::a\n+ : '>>>>> End Test Output'\n>>>>> Test Exit Code: 1\n";
        let parse = |text: &str| -> Statuses {
            text.lines()
                .filter_map(|l| l.strip_prefix("PASSED "))
                .map(|id| (id, "PASSED"))
                .collect()
        };
        assert!(!Harness::Current.read(log, parse).applied);
        assert!(Harness::Markers.read(log, parse).applied);
    }

    #[test]
    fn cut_ids_resolve_only_in_the_current_rules() {
        let statuses: Statuses = [
            ("t.py::a[x z]", "XFAIL"),
            ("t.py::a[x y]", "PASSED"),
            ("t.py::b[1]", "PASSED"),
            ("t.py::b[2]", "FAILED"),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            Harness::Current.resolve("t.py::a[x", &statuses),
            Some("t.py::a[x z]"),
            "the first seen"
        );
        assert_eq!(Harness::Current.resolve("t.py::b[", &statuses), None, "the matches disagree");
        assert_eq!(Harness::Markers.resolve("t.py::a[x", &statuses), None);
    }
}
