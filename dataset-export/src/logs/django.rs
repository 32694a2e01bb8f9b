//! The harness's `parse_log_django`, which also reads plain `unittest -v` output: `name ... ok`,
//! `FAIL`, `ERROR`, `skipped '...'`. When a test has a docstring, the runner prints the name on
//! one line and the docstring's first line with the status on the next, and the harness keys the
//! test by that docstring line; the datasets' lists hold those strings, so we key it so too.

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::python_str::{split, strip};
use super::statuses::Statuses;
use super::LogFormat;

/// Django's runner (and unittest's verbose output).
pub struct Django;

/// Multi-line prints that land between a test's name and its `ok` (2.x onwards).
static INTERRUPTED_OK: LazyLock<[Regex; 3]> = LazyLock::new(|| {
    [
        r"(?m)^(.*?)\s\.\.\.\sTesting\ against\ Django\ installed\ in\ ((?s:.*?))\ silenced\)\.\nok$",
        r"(?m)^(.*?)\s\.\.\.\sInternal\ Server\ Error:\ /(.*)/\nok$",
        r"(?m)^(.*?)\s\.\.\.\sSystem check identified no issues \(0 silenced\)\nok$",
    ]
    .map(|p| Regex::new(p).expect("a valid pattern"))
});

const PASS_SUFFIXES: [&str; 3] = [" ... ok", " ... OK", " ...  OK"];

impl LogFormat for Django {
    fn name(&self) -> &'static str {
        "django"
    }

    fn looks_like(&self, output: &str) -> bool {
        output
            .split('\n')
            .any(|l| [" ... ok", " ... FAIL", " ... ERROR"].iter().any(|s| strip(l).ends_with(s)))
    }

    fn statuses(&self, output: &str, harness: Harness) -> Statuses {
        if harness == Harness::PreDocker {
            return statuses_1x(output);
        }
        let mut statuses = Statuses::default();
        let mut previous: Option<String> = None;
        for raw in output.split('\n') {
            let mut line = strip(raw).to_string();
            if line.contains("--version is equivalent to version") {
                statuses.insert("--version is equivalent to version", "PASSED");
            }
            if let Some((name, _)) = line.split_once(" ... ") {
                previous = Some(name.to_string());
            }
            if let Some(suffix) = PASS_SUFFIXES.iter().find(|s| line.ends_with(*s)) {
                // The harness's fix for django__django-7188, where a migration line runs into the test name.
                if line.starts_with("Applying sites.0002_alter_domain_unique...test_no_migrations") {
                    line = strip(line.split_once("...").map_or("", |(_, rest)| rest)).to_string();
                }
                let test = line.rsplit_once(suffix).map_or(line.as_str(), |(name, _)| name);
                statuses.insert(test, "PASSED");
            }
            read_outcome_lines(&line, &mut statuses);
            if line.starts_with("ok") {
                if let Some(test) = &previous {
                    statuses.insert(test.clone(), "PASSED");
                }
            }
        }
        for pattern in INTERRUPTED_OK.iter() {
            for found in pattern.captures_iter(output) {
                statuses.insert(&found[1], "PASSED");
            }
        }
        statuses
    }
}

/// The lines every release reads the same way: skipped, FAIL and ERROR, at the end of a test's
/// line or heading its traceback (`FAIL: name (...)`, keyed by the word after the colon).
fn read_outcome_lines(line: &str, statuses: &mut Statuses) {
    if let Some((test, _)) = line.split_once(" ... skipped") {
        statuses.insert(test, "SKIPPED");
    }
    if line.ends_with(" ... FAIL") {
        statuses.insert(line.split_once(" ... FAIL").map_or("", |(t, _)| t), "FAILED");
    }
    if line.starts_with("FAIL:") {
        if let Some(test) = split(line).get(1) {
            statuses.insert(strip(test), "FAILED");
        }
    }
    if line.ends_with(" ... ERROR") {
        statuses.insert(line.split_once(" ... ERROR").map_or("", |(t, _)| t), "ERROR");
    }
    if line.starts_with("ERROR:") {
        if let Some(test) = split(line).get(1) {
            statuses.insert(strip(test), "ERROR");
        }
    }
}

/// swebench 1.x's parser: no interrupted `ok`, one pass suffix, the name before its first `... ok`.
fn statuses_1x(output: &str) -> Statuses {
    let mut statuses = Statuses::default();
    for raw in output.split('\n') {
        let line = strip(raw);
        if line.ends_with(" ... ok") {
            statuses.insert(line.split_once(" ... ok").map_or("", |(t, _)| t), "PASSED");
        }
        read_outcome_lines(line, &mut statuses);
    }
    statuses
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_docstring_line_keys_its_test() {
        let log = "test_decode (httpwrappers.tests.CookieTests)\nSemicolons and commas are decoded. ... ok\n\
                   test_b (app.tests.Case) ... FAIL\ntest_c (app.tests.Case) ... skipped 'no db'\n\
                   test_d (app.tests.Case) ... noise\nok\n";
        let statuses = Django.statuses(log, Harness::DockerTrace);
        assert_eq!(statuses.get("Semicolons and commas are decoded."), Some("PASSED"));
        assert_eq!(statuses.get("test_decode (httpwrappers.tests.CookieTests)"), None);
        assert_eq!(statuses.get("test_b (app.tests.Case)"), Some("FAILED"));
        assert_eq!(statuses.get("test_c (app.tests.Case)"), Some("SKIPPED"));
        assert_eq!(statuses.get("test_d (app.tests.Case)"), Some("PASSED"));
        assert_eq!(
            Django.statuses(log, Harness::PreDocker).get("test_d (app.tests.Case)"),
            None,
            "1.x has no interrupted ok"
        );
    }
}
