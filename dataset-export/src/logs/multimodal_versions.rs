//! The parsers of SWE-bench Multimodal's repositories whose runner changed between versions, so
//! that the harness picks one by the instance's `version` ([`super::per_instance_format`]):
//! Fusion Next's Karma output (`parse_log_next_v1`) or, at 1.27, its Cypress runs
//! (`parse_log_next_v2`); Lighthouse's Mocha output at 9.5, 10.0 and 10.2
//! (`parse_log_lighthouse_mocha`), Jest's file lines from 3 on, Mocha's JSON report before.

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::line_pattern::pattern;
use super::multimodal::{indent_of, IndentedSuites};
use super::python_str::strip;
use super::statuses::Statuses;
use super::LogFormat;

/// Fusion Next's Karma output in Chrome, keyed `suite - test`.
pub struct NextKarma;
/// Fusion Next's Cypress runs, keyed `spec: test`.
pub struct NextCypress;
/// Lighthouse's Mocha output, keyed `suite - test`.
pub struct LighthouseMocha;
/// Lighthouse's Mocha JSON report (`fullTitle`s).
pub struct LighthouseJson;

fn suite_key(suites: &IndentedSuites, test: &str) -> String {
    suites.names().chain([test]).collect::<Vec<_>>().join(" - ")
}

impl LogFormat for NextKarma {
    fn name(&self) -> &'static str {
        "next_v1"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static ASSERTION: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?s)AssertionError:\s+#([\s\S]*?)\n\n"));
        static FAILED: LazyLock<Regex> = LazyLock::new(|| pattern(r"^.*?✗\s*(.*)"));
        static PASSED: LazyLock<Regex> = LazyLock::new(|| pattern(r"^.*?✓\s*(.*)"));
        let text = super::multimodal::ansi_escape(output);
        let text = ASSERTION.replace_all(&text, "");
        let mut statuses = Statuses::default();
        let mut suites = IndentedSuites::default();
        for run in text.split(" xvfb-run ").skip(1) {
            let run = run.rsplit("Starting browser Chrome").next().unwrap_or_default();
            for line in run.split('\n') {
                if line.starts_with("TOTAL") {
                    break;
                }
                if ["ERROR", "LOG", "WARN", "Check", "in"]
                    .iter()
                    .any(|word| strip(line).starts_with(word))
                {
                    continue;
                }
                if let Some(found) = FAILED.captures(line) {
                    statuses.insert(suite_key(&suites, &found[1]), "FAILED");
                } else if let Some(found) = PASSED.captures(line) {
                    statuses.insert(suite_key(&suites, &found[1]), "PASSED");
                } else if indent_of(line) > 0 {
                    suites.enter(line);
                }
            }
        }
        statuses
    }
}

impl LogFormat for NextCypress {
    fn name(&self) -> &'static str {
        "next_v2"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static SPEC: LazyLock<Regex> = LazyLock::new(|| pattern(r"Running:(.*)\)\n{3}\s{2}(.*)\n"));
        static FAILED: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?m)^\s{4}\d+\)\s(.*)"));
        static PASSED: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?m)^\s{4}✓\s(.*)\("));
        let mut statuses = Statuses::default();
        let specs: Vec<_> = SPEC.captures_iter(output).collect();
        for (index, spec) in specs.iter().enumerate() {
            // The text after this spec's heading, up to the next one.
            let start = spec.get(0).map_or(0, |m| m.end());
            let end = specs
                .get(index + 1)
                .and_then(|next| next.get(0))
                .map_or(output.len(), |m| m.start());
            let run = &output[start..end];
            let suite = &spec[2];
            for found in FAILED.captures_iter(run) {
                statuses.insert(format!("{suite}: {}", strip(&found[1])), "FAILED");
            }
            for found in PASSED.captures_iter(run) {
                statuses.insert(format!("{suite}: {}", strip(&found[1])), "PASSED");
            }
        }
        statuses
    }
}

impl LogFormat for LighthouseMocha {
    fn name(&self) -> &'static str {
        "lighthouse_mocha"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static RUN: LazyLock<Regex> = LazyLock::new(|| pattern(r"running\s\d+\stest\sfiles"));
        static SUMMARY: LazyLock<Regex> = LazyLock::new(|| pattern(r"\d+\spassing"));
        static RESULTS: LazyLock<[(Regex, &str); 4]> = LazyLock::new(|| {
            [
                (r"^✔\s(.*)\s\(\d+m+s\)", "PASSED"),
                (r"^✔\s(.*)", "PASSED"),
                (r"^\d+\)\s(.*)\s\(\d+m+s\)", "FAILED"),
                (r"^\d+\)\s(.*)", "FAILED"),
            ]
            .map(|(source, status)| (pattern(source), status))
        });
        let mut statuses = Statuses::default();
        for run in RUN.split(output).skip(1) {
            let run = strip(SUMMARY.split(run).next().unwrap_or_default());
            let mut suites = IndentedSuites::default();
            for line in run.split('\n') {
                let result = RESULTS.iter().find_map(|(p, status)| p.captures(strip(line)).map(|c| (c, *status)));
                match result {
                    Some((found, status)) => statuses.insert(suite_key(&suites, &found[1]), status),
                    None if indent_of(line) > 0 => suites.enter(line),
                    None => {}
                }
            }
        }
        statuses
    }
}

impl LogFormat for LighthouseJson {
    fn name(&self) -> &'static str {
        "lighthouse_json"
    }

    /// Each run's `passes` and then `failures` arrays, their `"fullTitle": "…",` lines as written.
    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        static TITLE: LazyLock<Regex> = LazyLock::new(|| pattern(r#"(?m)"fullTitle":\s"(.*)",\n"#));
        let mut statuses = Statuses::default();
        for run in output.split("./node_modules/.bin/mocha --reporter json").skip(1) {
            let passes = after_last(run, "\"passes\": [");
            let passes = passes.rsplit_once(']').map_or(passes, |(before, _)| before);
            for found in TITLE.captures_iter(passes) {
                statuses.insert(&found[1], "PASSED");
            }
            let failures = after_last(run, "\"failures\": [");
            let failures = failures.rsplit_once("],").map_or(failures, |(before, _)| before);
            for found in TITLE.captures_iter(failures) {
                statuses.insert(&found[1], "FAILED");
            }
        }
        statuses
    }
}

/// `text.split(marker)[-1]`.
fn after_last<'a>(text: &'a str, marker: &str) -> &'a str {
    text.rsplit(marker).next().unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_karma_keys_by_suite_and_skips_the_runners_lines() {
        let log = "+ xvfb-run npm test\nnoise ✓ before the browser\nStarting browser Chrome\n  Select\n    render\n      ✓ should render\n      ✗ should open\n    LOG: 'x'\n  Input\n    ✓ types\nTOTAL: 1 FAILED, 2 SUCCESS\n";
        let statuses = NextKarma.statuses(log, Harness::Current);
        assert_eq!(statuses.get("Select - render - should render"), Some("PASSED"));
        assert_eq!(statuses.get("Select - render - should open"), Some("FAILED"));
        assert_eq!(statuses.get("Input - types"), Some("PASSED"));
        assert_eq!(statuses.len(), 3);
    }

    #[test]
    fn lighthouse_mocha_and_json() {
        let mocha = "running 2 test files\n  gather\n    ✔ collects (12ms)\n    1) fails\n\n  2 passing\n  1) gather\n";
        let statuses = LighthouseMocha.statuses(mocha, Harness::Current);
        assert_eq!(
            statuses.get("collects"),
            Some("PASSED"),
            "the run is stripped, so its first suite is no longer indented"
        );
        assert_eq!(statuses.get("fails"), Some("FAILED"));
        let json = "+ ./node_modules/.bin/mocha --reporter json a.js\n{\n\"passes\": [\n{\n\"fullTitle\": \"audit passes\",\n}\n],\n\"failures\": [\n{\n\"fullTitle\": \"audit fails\",\n}\n],\n}\n";
        let statuses = LighthouseJson.statuses(json, Harness::Current);
        assert_eq!(statuses.get("audit passes"), Some("PASSED"));
        assert_eq!(statuses.get("audit fails"), Some("FAILED"));
    }
}
