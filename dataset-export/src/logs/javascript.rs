//! The harness's parsers for JavaScript runners: Jest with `--verbose` (`✓ name (5 ms)`, `✕`,
//! `○`: `parse_log_jest`) and its JSON report as `[PASSED] name` lines (`parse_log_jest_json`),
//! Vitest's verbose reporter (`✓`, `×`, `↓`: `parse_log_vitest`), Karma's nested
//! `✔`/`✖` lines keyed `Suite > Test` (`parse_log_karma`) and TAP's `ok 1 name`
//! (`parse_log_tap`). immutable-js's instances use Jest's two forms by pull request
//! ([`super::per_instance_format`]).

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::line_pattern::{any_line_matches, pattern, statuses_by_outcome};
use super::python_str::strip;
use super::statuses::Statuses;
use super::LogFormat;

/// Jest, verbose.
pub struct Jest;
/// Jest's JSON report, one `[PASSED] name` line a test.
pub struct JestJson;
/// Vitest's verbose reporter.
pub struct Vitest;
/// Karma's progress in a browser.
pub struct Karma;
/// The Test Anything Protocol.
pub struct Tap;

static JEST_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\s*(?P<outcome>✓|✕|○)\s(?P<name>.+?)(?:\s\((\d+\s*m?s)\))?$"));
static JEST_JSON_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\[(?P<outcome>PASSED|FAILED)\]\s(?P<name>.+)$"));
static VITEST_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\s*(?P<outcome>✓|×|↓)\s(?P<name>.+?)(?:\s(\d+\s*m?s?|\[skipped\]))?$"));
static KARMA_LINE: LazyLock<Regex> = LazyLock::new(|| pattern(r"^(\s*)?([✔✖])?\s(.*)$"));
static TAP_PLAN: LazyLock<Regex> = LazyLock::new(|| pattern(r"^1\.\.\d+$"));
static TAP_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^(?P<outcome>ok|not ok) (\d+) (?P<name>.+)$"));

fn check_mark_status(outcome: &str) -> Option<&'static str> {
    match outcome {
        "✓" => Some("PASSED"),
        "✕" | "×" => Some("FAILED"),
        _ => Some("SKIPPED"),
    }
}

impl LogFormat for Jest {
    fn name(&self) -> &'static str {
        "jest"
    }

    fn looks_like(&self, output: &str) -> bool {
        output.contains("Test Suites:") && output.contains("Tests:")
    }

    fn statuses(&self, output: &str, harness: Harness) -> Statuses {
        let mut statuses = statuses_by_outcome(output, &JEST_RESULT, check_mark_status);
        if harness.is_current() {
            // swebench 5 strips the name: two spaces before the duration leave one behind.
            statuses = statuses
                .iter()
                .map(|(name, status)| (strip(name).to_string(), status.to_string()))
                .collect();
        }
        statuses
    }
}

impl LogFormat for JestJson {
    fn name(&self) -> &'static str {
        "jest_json"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &JEST_JSON_RESULT, |outcome| {
            Some(if outcome == "PASSED" { "PASSED" } else { "FAILED" })
        })
    }
}

impl LogFormat for Vitest {
    fn name(&self) -> &'static str {
        "vitest"
    }

    fn looks_like(&self, output: &str) -> bool {
        output.contains("Test Files ") && output.contains("Tests ")
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &VITEST_RESULT, check_mark_status)
    }
}

impl LogFormat for Karma {
    fn name(&self) -> &'static str {
        "karma"
    }

    /// A browser started, then the mocha reporter's marked lines.
    fn looks_like(&self, output: &str) -> bool {
        output.contains("Starting browser")
            && output.split('\n').any(|line| {
                let line = line.trim_start();
                line.starts_with("✔ ") || line.starts_with("✖ ")
            })
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        let mut statuses = Statuses::default();
        let mut indent: isize = -1;
        let mut suite: Vec<&str> = Vec::new();
        let mut started = false;
        for line in output.split('\n') {
            if line.starts_with("SUMMARY:") {
                break;
            }
            if line.contains("Starting browser") {
                started = true;
                continue;
            }
            let Some(found) = KARMA_LINE.captures(line).filter(|_| started) else {
                continue;
            };
            let leading = found.get(1).map_or("", |m| m.as_str());
            let mark = found.get(2).map(|m| m.as_str());
            let name = found.get(3).map_or("", |m| m.as_str());
            if !leading.is_empty() && mark.is_none() {
                let depth = leading.chars().count() as isize;
                if depth > indent {
                    indent = depth;
                    suite.push(name);
                } else if depth < indent {
                    indent = depth;
                    suite.pop();
                    continue;
                }
            }
            if let Some(mark) = mark {
                let full: Vec<&str> = suite.iter().copied().chain([name]).collect();
                statuses.insert(full.join(" > "), if mark == "✔" { "PASSED" } else { "FAILED" });
            }
        }
        statuses
    }
}

impl LogFormat for Tap {
    fn name(&self) -> &'static str {
        "tap"
    }

    /// The version line, or (mocha's TAP reporter prints none) a plan and a test line.
    fn looks_like(&self, output: &str) -> bool {
        output.split('\n').any(|line| line.trim_start().starts_with("TAP version "))
            || (any_line_matches(output, &TAP_PLAN) && any_line_matches(output, &TAP_RESULT))
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &TAP_RESULT, |outcome| {
            Some(if outcome == "ok" { "PASSED" } else { "FAILED" })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jest_names_lose_their_duration_and_swebench_5_strips_them() {
        let log = "  ✓ parses a literal (3 ms)\n  ✕ keeps comments  (12 ms)\n  ○ skipped one\n";
        let five = Jest.statuses(log, Harness::Current);
        assert_eq!(five.get("parses a literal"), Some("PASSED"));
        assert_eq!(five.get("keeps comments"), Some("FAILED"));
        assert_eq!(five.get("skipped one"), Some("SKIPPED"));
        assert_eq!(Jest.statuses(log, Harness::Markers).get("keeps comments "), Some("FAILED"));
    }

    #[test]
    fn vitest_tap_and_jest_json_lines() {
        let vitest = Vitest.statuses(
            " ✓ reactivity > ref 2ms\n × compiler > v-if 10ms\n ↓ ssr [skipped]\n",
            Harness::Current,
        );
        assert_eq!(vitest.get("reactivity > ref"), Some("PASSED"));
        assert_eq!(vitest.get("compiler > v-if"), Some("FAILED"));
        assert_eq!(vitest.get("ssr"), Some("SKIPPED"));
        let tap = Tap.statuses("TAP version 13\nok 1 - requests a url\nnot ok 2 - cancels\n", Harness::Current);
        assert_eq!(tap.get("- requests a url"), Some("PASSED"));
        assert_eq!(tap.get("- cancels"), Some("FAILED"));
        let json = JestJson.statuses("[PASSED] Map > set\n[FAILED] List > push\n", Harness::Current);
        assert_eq!(json.get("List > push"), Some("FAILED"));
    }

    #[test]
    fn karma_keys_a_test_by_its_suites() {
        let log = "ignored ✔ before start\nINFO: Starting browser ChromeHeadless\n  hooks\n    useState\n      ✔ sets state\n      ✖ batches\n  render\n    ✔ renders\nSUMMARY:\n  ✖ batches\n";
        let statuses = Karma.statuses(log, Harness::Current);
        assert_eq!(statuses.get("hooks > useState > sets state"), Some("PASSED"));
        assert_eq!(statuses.get("hooks > useState > batches"), Some("FAILED"));
        assert_eq!(statuses.len(), 3);
    }
}
