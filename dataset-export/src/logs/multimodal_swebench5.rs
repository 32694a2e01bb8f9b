//! The parsers swebench 5 added for SWE-bench Multimodal's other repositories: Jest's file lines
//! for Carbon, Prettier and Scratch GUI (`parse_log_carbon`), Grommet's `PASS`/`FAIL` lines
//! without their timings, highlight.js's Mocha output keyed `suite.test`, and the failures alone
//! that ESLint's, OpenLayers' and bpmn-js's parsers find (their instances graded fail-only,
//! [`super::fail_only`]), Prism's Mocha JSON reports and Quarto's test lines. Not read here: the
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
/// Prism's Mocha JSON reports.
pub struct Prismjs;
/// Quarto's Deno test output.
pub struct QuartoCli;

static FAIL_LINE: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?m)^FAIL\s(.*)"));
static PASS_LINE: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?m)^PASS\s(.*)"));
static WHITESPACE_RUN: LazyLock<Regex> = LazyLock::new(|| pattern(r"\s+"));

/// `re.sub(r"\s+", " ", text).strip()`.
fn collapsed(text: &str) -> String {
    strip(&WHITESPACE_RUN.replace_all(text, " ")).to_string()
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

    /// Every `FAIL` line's file failed, then every `PASS` line's passed, its timing taken off.
    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static TIMING: LazyLock<Regex> = LazyLock::new(|| pattern(r"\s\([\d\.]+\s?(?:ms|s)\)$"));
        let mut statuses = Statuses::default();
        for (lines, status) in [(&*FAIL_LINE, "FAILED"), (&*PASS_LINE, "PASSED")] {
            for found in lines.captures_iter(output) {
                statuses.insert(TIMING.replace(strip(&found[1]), ""), status);
            }
        }
        statuses
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

impl LogFormat for Prismjs {
    fn name(&self) -> &'static str {
        "prismjs"
    }

    /// Each run's JSON report: its failures failed, then its passes passed. A report the
    /// harness cannot read (it stops on it) gives nothing.
    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        const COMMAND: &str = "./node_modules/.bin/mocha tests/run.js --reporter json";
        let mut statuses = Statuses::default();
        for run in output.split(COMMAND).skip(1) {
            let inner = run.split_once('{').map_or(run, |(_, after)| after);
            let inner = inner.rsplit_once('}').map_or(inner, |(before, _)| before);
            let Some(report) = prism_report(&format!("{{{inner}}}")) else {
                return Statuses::default();
            };
            for (title, status) in report {
                statuses.insert(title, status);
            }
        }
        statuses
    }
}

/// A Mocha JSON report's failures' then passes' `fullTitle`s with their status.
fn prism_report(json: &str) -> Option<Vec<(String, &'static str)>> {
    let report: serde_json::Value = serde_json::from_str(json).ok()?;
    let mut titles = Vec::new();
    for (key, status) in [("failures", "FAILED"), ("passes", "PASSED")] {
        for test in report.get(key)?.as_array()? {
            titles.push((test.get("fullTitle")?.as_str()?.to_string(), status));
        }
    }
    Some(titles)
}

impl LogFormat for QuartoCli {
    fn name(&self) -> &'static str {
        "quarto_cli"
    }

    /// Each `[smoke]` or `[unit]` line up to `ERRORS` or `failures:`, named by its text before
    /// `...`, its temporary files numbered in order of appearance; green `ok` passes, anything
    /// else fails, but a summary or an `INFO` line.
    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static TEST_LINE: LazyLock<Regex> = LazyLock::new(|| pattern(r"\[(smoke|unit)\]"));
        static TEMPORARY: LazyLock<[Regex; 2]> = LazyLock::new(|| [pattern(r"/tmp/(\w+)\.qmd"), pattern(r"/tmp/(\w+)/")]);
        let mut statuses = Statuses::default();
        let mut numbered: Vec<String> = Vec::new();
        for line in output.split('\n') {
            if line.contains("ERRORS") || line.contains("failures:") {
                break;
            }
            if !TEST_LINE.is_match(line) {
                continue;
            }
            let mut line = line.to_string();
            for temporary in TEMPORARY.iter() {
                let Some(first) = temporary.find(&line).map(|m| m.as_str().to_string()) else {
                    continue;
                };
                let number = numbered.iter().position(|seen| *seen == first).unwrap_or_else(|| {
                    numbered.push(first);
                    numbered.len() - 1
                });
                line = temporary.replace_all(&line, format!("/tmp/{number}").as_str()).into_owned();
            }
            let name = strip(line.split("...").next().unwrap_or_default()).to_string();
            let summary = line.starts_with("test result:")
                || (line.contains("passed") && line.contains("failed") && line.contains("steps"))
                || line.contains("34mINFO");
            if summary {
                continue;
            }
            if line.contains("32mok") {
                statuses.insert(name, "PASSED");
            } else if line.contains("31mFAILED") || statuses.get(&name).is_none() {
                statuses.insert(name, "FAILED");
            }
        }
        statuses
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
    fn quarto_lines_with_their_temporary_files_numbered() {
        let log = "\u{1b}[0m[smoke] > render /tmp/abc.qmd ... \u{1b}[32mok\u{1b}[0m\n[smoke] > render /tmp/xyz.qmd ... \u{1b}[31mFAILED\n[unit] > no status ...\n[unit] 3 passed | 1 failed (4 steps)\nERRORS\n[smoke] after ... ok\n";
        let statuses = QuartoCli.statuses(log, Harness::Current);
        assert_eq!(statuses.get("\u{1b}[0m[smoke] > render /tmp/0"), Some("PASSED"));
        assert_eq!(statuses.get("[smoke] > render /tmp/1"), Some("FAILED"));
        assert_eq!(
            statuses.get("[unit] > no status"),
            Some("FAILED"),
            "a test line with no status fails"
        );
        assert_eq!(statuses.len(), 3);
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
        let prism = "+ ./node_modules/.bin/mocha tests/run.js --reporter json\n{\"stats\": {}, \"failures\": [{\"fullTitle\": \"css should tokenize\"}], \"passes\": [{\"fullTitle\": \"js should tokenize\"}]}\n";
        let statuses = Prismjs.statuses(prism, Harness::Current);
        assert_eq!(statuses.get("css should tokenize"), Some("FAILED"));
        assert_eq!(statuses.get("js should tokenize"), Some("PASSED"));
        assert!(Prismjs
            .statuses("./node_modules/.bin/mocha tests/run.js --reporter json\n{cut", Harness::Current)
            .is_empty());
        let rendering = "case layer-vector: mismatch\n";
        assert_eq!(Openlayers.statuses(rendering, Harness::Current).get("layer-vector"), Some("FAILED"));
    }
}
