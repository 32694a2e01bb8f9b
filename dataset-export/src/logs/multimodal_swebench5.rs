//! The parsers swebench 5 added for SWE-bench Multimodal's other repositories: Jest's file lines
//! for Carbon, Prettier and Scratch GUI (`parse_log_carbon`), Grommet's `PASS`/`FAIL` lines
//! without their timings, highlight.js's Mocha output keyed `suite.test`, and the failures alone
//! that ESLint's, OpenLayers' and bpmn-js's parsers find (their instances graded fail-only,
//! [`super::fail_only`]). Not read here: Next's, Lighthouse's, Prism's and Quarto's, and the
//! harness's Emotion, plotly.js and Cypress parsers, which its release 5 registry does not hold.

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::line_pattern::pattern;
use super::multimodal::jest_file_lines;
use super::python_str::strip;
use super::statuses::Statuses;
use super::LogFormat;

/// Jest's file lines (Carbon, Prettier, Scratch GUI).
pub struct Carbon;
/// Grommet's Jest file lines, their timings taken off.
pub struct Grommet;
/// highlight.js's Mocha output.
pub struct Highlightjs;
/// ESLint's numbered Mocha failures.
pub struct Eslint;
/// OpenLayers' Karma and rendering failures.
pub struct Openlayers;
/// bpmn-js's Karma failures.
pub struct BpmnJs;

static FAIL_LINE: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?m)^FAIL\s(.*)"));
static PASS_LINE: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?m)^PASS\s(.*)"));
static WHITESPACE_RUN: LazyLock<Regex> = LazyLock::new(|| pattern(r"\s+"));

/// `re.sub(r"\s+", " ", text).strip()`.
fn collapsed(text: &str) -> String {
    strip(&WHITESPACE_RUN.replace_all(text, " ")).to_string()
}

/// Every `FAIL` line's name failed, then every `PASS` line's passed, each through `name`.
fn fail_and_pass_lines(output: &str, name: impl Fn(&str) -> String) -> Statuses {
    let mut statuses = Statuses::default();
    for (lines, status) in [(&*FAIL_LINE, "FAILED"), (&*PASS_LINE, "PASSED")] {
        for found in lines.captures_iter(output) {
            statuses.insert(name(strip(&found[1])), status);
        }
    }
    statuses
}

/// Each pattern's matches (the group `group`, whitespace collapsed or as found) failed.
fn failures(output: &str, patterns: &[(Regex, usize)], collapse: bool) -> Statuses {
    let mut statuses = Statuses::default();
    for (failure, group) in patterns {
        for found in failure.captures_iter(output) {
            let name = found.get(*group).map_or("", |m| m.as_str());
            statuses.insert(if collapse { collapsed(name) } else { name.to_string() }, "FAILED");
        }
    }
    statuses
}

impl LogFormat for Carbon {
    fn name(&self) -> &'static str {
        "carbon"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        jest_file_lines(output)
    }
}

impl LogFormat for Grommet {
    fn name(&self) -> &'static str {
        "grommet"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static TIMING: LazyLock<Regex> = LazyLock::new(|| pattern(r"\s\([\d\.]+\s?(?:ms|s)\)$"));
        fail_and_pass_lines(output, |name| TIMING.replace(name, "").into_owned())
    }
}

impl LogFormat for Highlightjs {
    fn name(&self) -> &'static str {
        "highlightjs"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static SUMMARY: LazyLock<Regex> = LazyLock::new(|| pattern(r"\n[ \t]*\d+ passing"));
        static NUMBERED: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\d+\)"));
        static TIMING: LazyLock<Regex> = LazyLock::new(|| pattern(r"\(\d+ms\)"));
        let untimed = |name: &str| strip(&TIMING.replace_all(name, "")).to_string();
        // Mocha's epilogue (counts, then the failures' details) is left out.
        let body = SUMMARY.split(output).next().unwrap_or_default();
        let mut statuses = Statuses::default();
        let mut suite: Option<String> = None;
        let full = |suite: &Option<String>, name: String| suite.iter().cloned().chain([name]).collect::<Vec<_>>().join(".");
        for line in body.split('\n') {
            let stripped = strip(line);
            if let Some(check) = ['✓', '✔'].into_iter().find(|c| stripped.starts_with(*c)) {
                let name = line.split_once(check).map_or("", |(_, rest)| rest);
                statuses.insert(full(&suite, untimed(name)), "PASSED");
            } else if NUMBERED.is_match(stripped) {
                let name = line.split_once(')').map_or("", |(_, rest)| rest);
                statuses.insert(full(&suite, untimed(name)), "FAILED");
            } else if line.starts_with("  ") {
                suite = Some(stripped.to_string());
            }
        }
        statuses
    }
}

impl LogFormat for Eslint {
    fn name(&self) -> &'static str {
        "eslint"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static FAILURE: LazyLock<[(Regex, usize); 1]> = LazyLock::new(|| [(pattern(r"(\s{2}\d+\))([\s\S]*?)\s+(?:(.*)Error)"), 2)]);
        failures(output, &*FAILURE, true)
    }
}

impl LogFormat for Openlayers {
    fn name(&self) -> &'static str {
        "openlayers"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static FAILURES: LazyLock<[(Regex, usize); 4]> = LazyLock::new(|| {
            [
                r"(?m)Chrome\sHeadless\s[\d\.]+\s\(Linux\s[\d\._\S]+\)\s(.*)\sFAILED\n",
                r"(?m)Chrome\s[\d\.]+\s\(Linux\s[\d\._\S]+\)\s(.*)FAILED\n",
                r"(?m)^\s{2}\d+\)([\s\S]*?)Error:",
                r"(?m)^case\s(.*):\smismatch",
            ]
            .map(|source| (pattern(source), 1))
        });
        failures(output, &*FAILURES, true)
    }
}

impl LogFormat for BpmnJs {
    fn name(&self) -> &'static str {
        "bpmn_js"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static FAILURES: LazyLock<[(Regex, usize); 4]> = LazyLock::new(|| {
            [
                (pattern(r"2KPhantomJS\s[\d\.]+\s\(Linux\s[\d\.]+\)\s(.*)FAILED\n"), 1),
                (pattern(r"2KPhantomJS\s[\d\.]+\s\(Linux\sx86_64\)\s(.*)FAILED\n"), 1),
                (pattern(r"Chrome\sHeadless\s(.*)\s\(Linux\sx86_64\)\s(.*)FAILED\n"), 2),
                (pattern(r"HeadlessChrome\s[\d\.]+\s\(Linux\s[\d\.]+\)\s(.*)FAILED\n"), 1),
            ]
        });
        failures(output, &*FAILURES, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grommet_pass_and_fail_lines_without_their_timings() {
        let log = "FAIL src/js/Box.test.js\nPASS src/js/Grid.test.js (5.2 s)\nPASS src/js/Box.test.js\n";
        let grommet = Grommet.statuses(log, Harness::Current);
        assert_eq!(
            grommet.get("src/js/Box.test.js"),
            Some("PASSED"),
            "a PASS line wins over a FAIL line"
        );
        assert_eq!(grommet.get("src/js/Grid.test.js"), Some("PASSED"));
    }

    #[test]
    fn highlightjs_keys_a_test_by_its_suite() {
        let log = "  language detection\n    ✓ should detect python (12ms)\n    1) should detect ruby\n  markup\n    ✔ keeps tags\n\n  2 passing (30ms)\n  1 failing\n\n  1) language detection\n       should detect ruby:\n";
        let statuses = Highlightjs.statuses(log, Harness::Current);
        assert_eq!(statuses.get("language detection.should detect python"), Some("PASSED"));
        assert_eq!(statuses.get("language detection.should detect ruby"), Some("FAILED"));
        assert_eq!(statuses.get("markup.keeps tags"), Some("PASSED"));
        assert_eq!(statuses.len(), 3, "the epilogue after the passing count is not read");
    }

    #[test]
    fn failures_alone() {
        let eslint = Eslint.statuses("  1) RuleTester\n       should report:\n     AssertionError: x\n", Harness::Current);
        assert_eq!(eslint.get("RuleTester should report:"), Some("FAILED"));
        let karma = "Chrome Headless 120.0 (Linux x86_64) Modeling should move FAILED\n";
        assert_eq!(
            BpmnJs.statuses(karma, Harness::Current).get("Modeling should move "),
            Some("FAILED")
        );
        let rendering = "case layer-vector: mismatch\n";
        assert_eq!(Openlayers.statuses(rendering, Harness::Current).get("layer-vector"), Some("FAILED"));
    }
}
