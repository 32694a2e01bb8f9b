//! The harness's parsers for SWE-bench Multimodal's first repositories (swebench 4 onwards):
//! Calypso's Jest output keyed `suite - test` (`parse_log_calypso`), Chart.js's Karma failures
//! (`parse_log_chart_js`), marked's numbered Jasmine failures (`parse_log_marked`), p5.js's
//! Mocha failures (`parse_log_p5js`) and react-pdf's Jest `PASS`/`FAIL` file lines
//! (`parse_log_react_pdf`, the harness's `parse_log_carbon` too). Chart.js, p5.js and marked
//! print no passing test, so their instances are graded fail-only ([`super::fail_only`]).

use regex::{Regex, RegexBuilder};
use std::collections::HashMap;
use std::sync::LazyLock;

use super::harness::Harness;
use super::line_pattern::pattern;
use super::python_str::{is_space, strip};
use super::statuses::Statuses;
use super::LogFormat;

/// Calypso's Jest output.
pub struct Calypso;
/// Chart.js's Karma output.
pub struct ChartJs;
/// marked's Jasmine output.
pub struct Marked;
/// p5.js's Mocha output in a browser.
pub struct P5js;
/// Jest's file lines, as react-pdf's runs print them.
pub struct ReactPdf;

/// The harness's `ansi_escape`.
static ANSI: LazyLock<Regex> = LazyLock::new(|| pattern(r"\x1B(?:[@-Z\\-_]|\[[0-?]*[ -/]*[@-~])"));
static MILLISECONDS: LazyLock<Regex> = LazyLock::new(|| pattern(r"\(\d+ms\)"));
static CHART_JS_FAILURE: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?m)Chrome\s[\d\.]+[^\S\r\n]\(.+?\)[^\S\r\n](.*)FAILED$"));
static MARKED_FAILURE: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\d+\)\s(.*)"));
static P5JS_FAILURE: LazyLock<Regex> = LazyLock::new(|| {
    RegexBuilder::new(r"(?ms)^\s*(\d+)\)(.{0,1000}?):")
        .size_limit(64 << 20)
        .build()
        .expect("a valid pattern")
});
static OPENING_TAG: LazyLock<Regex> = LazyLock::new(|| pattern(r"<(\w+)>"));
/// Jest's file lines, each with the status it gives, tried in order.
static JEST_FILE_LINES: LazyLock<[(Regex, &str); 8]> = LazyLock::new(|| {
    [
        (r"^PASS\s(.*)\s\([\d\.]+ms\)", "PASSED"),
        (r"^PASS\s(.*)\s\([\d\.]+\ss\)", "PASSED"),
        (r"^PASS\s(.*)\s\([\d\.]+s\)", "PASSED"),
        (r"^PASS\s(.*)", "PASSED"),
        (r"^FAIL\s(.*)\s\([\d\.]+ms\)", "FAILED"),
        (r"^FAIL\s(.*)\s\([\d\.]+\ss\)", "FAILED"),
        (r"^FAIL\s(.*)\s\([\d\.]+s\)", "FAILED"),
        (r"^FAIL\s(.*)", "FAILED"),
    ]
    .map(|(source, status)| (pattern(source), status))
});

/// The harness's `ansi_escape`: terminal escape sequences removed.
pub(super) fn ansi_escape(text: &str) -> std::borrow::Cow<'_, str> {
    ANSI.replace_all(text, "")
}

/// How many characters of Python whitespace `line` starts with (`len(line) - len(line.lstrip())`).
pub(super) fn indent_of(line: &str) -> usize {
    line.chars().take_while(|c| is_space(*c)).count()
}

/// The suites a line's indentation opens, as Calypso's, Lighthouse's and Next's parsers keep
/// them: an indented line that is not a result closes the suites indented as deep or deeper.
#[derive(Default)]
pub(super) struct IndentedSuites(Vec<(String, usize)>);

impl IndentedSuites {
    pub(super) fn enter(&mut self, line: &str) {
        let indent = indent_of(line);
        while self.0.last().is_some_and(|(_, open)| *open >= indent) {
            self.0.pop();
        }
        self.0.push((strip(line).to_string(), indent));
    }

    pub(super) fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(name, _)| name.as_str())
    }
}

impl LogFormat for Calypso {
    fn name(&self) -> &'static str {
        "calypso"
    }

    /// A result line the harness's pattern does not take stops it (an `AttributeError`), and
    /// then nothing is read.
    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        calypso(output).unwrap_or_default()
    }
}

fn calypso(output: &str) -> Option<Statuses> {
    static PASSED_TIMED: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\s+✓\s(.*)\(\d+ms\)$"));
    static PASSED: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\s+✓\s(.*)"));
    static FAILED_TIMED: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\s+✕\s(.*)\(\d+ms\)$"));
    static FAILED: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\s+✕\s(.*)"));
    let mut statuses = Statuses::default();
    let mut suites = IndentedSuites::default();
    for run in output.split(" ./node_modules/.bin/jest ").skip(1) {
        for line in run.split('\n') {
            if line.starts_with("Test Suites") || line.starts_with("  ● ") {
                break;
            }
            let result = match strip(line).chars().next() {
                Some('✓') => Some((&*PASSED_TIMED, &*PASSED, "PASSED")),
                Some('✕') => Some((&*FAILED_TIMED, &*FAILED, "FAILED")),
                _ => None,
            };
            if let Some((timed, plain, status)) = result {
                let pattern = if MILLISECONDS.is_match(line) { timed } else { plain };
                let name = pattern.captures(line)?.get(1)?.as_str();
                let suite = suites.names().collect::<Vec<_>>().join(" - ");
                statuses.insert(strip(&format!("{suite} - {name}")), status);
            } else if indent_of(line) > 0 {
                suites.enter(line);
            }
        }
    }
    Some(statuses)
}

impl LogFormat for ChartJs {
    fn name(&self) -> &'static str {
        "chart_js"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        let output = ansi_escape(output);
        CHART_JS_FAILURE
            .captures_iter(&output)
            .map(|found| (found[1].to_string(), "FAILED"))
            .collect()
    }
}

impl LogFormat for Marked {
    fn name(&self) -> &'static str {
        "marked"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        output
            .split('\n')
            .filter_map(|line| MARKED_FAILURE.captures(line))
            .map(|found| (strip(&found[1]).to_string(), "FAILED"))
            .collect()
    }
}

impl LogFormat for P5js {
    fn name(&self) -> &'static str {
        "p5js"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        let text = without_xml_blocks(without_json_blocks(&ansi_escape(output)));
        let mut statuses = Statuses::default();
        for found in P5JS_FAILURE.captures_iter(&text) {
            let name = &found[2];
            if indents_deepen(name) {
                statuses.insert(name.split('\n').map(strip).collect::<Vec<_>>().join(":"), "FAILED");
            }
        }
        statuses
    }
}

/// p5.js's `remove_json_blocks`: lines from one ending in `{` or `[` to its closing line, and
/// lines that are a whole object or array, left out.
fn without_json_blocks(text: &str) -> String {
    let (mut in_object, mut in_list) = (false, false);
    let mut kept = Vec::new();
    for line in text.split('\n') {
        let trimmed = line.trim_end_matches(is_space);
        if trimmed.ends_with('{') {
            in_object = true;
        } else if trimmed.ends_with('[') {
            in_list = true;
        } else if trimmed == "}" && in_object {
            in_object = false;
        } else if trimmed == "]" && in_list {
            in_list = false;
        } else if !(in_object
            || in_list
            || (trimmed.starts_with('{') && trimmed.ends_with('}'))
            || (trimmed.starts_with('[') && trimmed.ends_with(']')))
        {
            kept.push(line);
        }
    }
    kept.join("\n")
}

/// p5.js's `remove_xml_blocks`: the first `<tag>…</tag>` (the leftmost opening tag that is
/// closed, to its first closing tag) replaced by the opening tags of its kind it holds beyond
/// the first, until none is left. Done in one pass rather than the harness's search from the
/// start after each block, which takes quadratic time: a closing tag is never added, so text
/// before a replaced block stays as it is, and what a block leaves behind (opening tags of one
/// kind) is the only new text the next search can start in.
fn without_xml_blocks(text: String) -> String {
    static CLOSING_TAG: LazyLock<Regex> = LazyLock::new(|| pattern(r"</(\w+)>"));
    let mut closings: HashMap<&str, Vec<usize>> = HashMap::new();
    for found in CLOSING_TAG.captures_iter(&text) {
        let (Some(whole), Some(tag)) = (found.get(0), found.get(1)) else {
            continue;
        };
        closings.entry(tag.as_str()).or_default().push(whole.start());
    }
    // The first `</tag>` at or after `from`, and where it ends.
    let closing_after = |tag: &str, from: usize| {
        let at = closings.get(tag)?;
        let first = at[at.partition_point(|&p| p < from)..].first()?;
        Some(first + tag.len() + 3)
    };
    let mut done = String::with_capacity(text.len());
    // What the last block left: this many opening tags of one kind, before `text[at..]`.
    let mut left: Option<(&str, usize)> = None;
    let mut at = 0;
    loop {
        if let Some((tag, count)) = left.take() {
            match closing_after(tag, at) {
                Some(end) => {
                    let held = count + text[at..end].matches(&format!("<{tag}>")).count();
                    left = Some((tag, held - 1)).filter(|(_, n)| *n > 0);
                    at = end;
                }
                None => done.push_str(&format!("<{tag}>").repeat(count)),
            }
            continue;
        }
        let block = OPENING_TAG.captures_iter(&text[at..]).find_map(|open| {
            let (whole, tag) = (open.get(0)?, open.get(1)?);
            let end = closing_after(tag.as_str(), at + whole.end())?;
            Some((at + whole.start(), end, tag.as_str()))
        });
        let Some((start, end, tag)) = block else {
            done.push_str(&text[at..]);
            return done;
        };
        done.push_str(&text[at..start]);
        let held = text[start..end].matches(&format!("<{tag}>")).count();
        left = Some((tag, held - 1)).filter(|(_, n)| *n > 0);
        at = end;
    }
}

/// p5.js's `is_valid_fail`: each line of the name indented deeper than the one before (the
/// first deeper than none).
fn indents_deepen(name: &str) -> bool {
    let mut last = 0;
    name.split('\n').all(|line| {
        let indent = indent_of(line);
        let deeper = indent > last;
        last = indent;
        deeper
    })
}

impl LogFormat for ReactPdf {
    fn name(&self) -> &'static str {
        "react_pdf"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        jest_file_lines(output)
    }
}

/// Each line's first matching Jest file pattern, its name and status.
pub(super) fn jest_file_lines(output: &str) -> Statuses {
    let mut statuses = Statuses::default();
    for line in output.split('\n') {
        if let Some((found, status)) = JEST_FILE_LINES.iter().find_map(|(p, s)| p.captures(line).map(|c| (c, *s))) {
            statuses.insert(&found[1], status);
        }
    }
    statuses
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calypso_keys_a_test_by_its_suites() {
        let log = "+ ./node_modules/.bin/jest client/a --verbose\nPASS client/a/test.js\n  Suite\n    Nested\n      ✓ renders (12ms)\n      ✕ fails\n  Other\n    ✓ works\n  ● Suite › fails\n    ✓ not read\n";
        let statuses = Calypso.statuses(log, Harness::Current);
        assert_eq!(statuses.get("Suite - Nested - renders"), Some("PASSED"));
        assert_eq!(statuses.get("Suite - Nested - fails"), Some("FAILED"));
        assert_eq!(statuses.get("Other - works"), Some("PASSED"));
        assert_eq!(statuses.len(), 3);
        let unread = "+ ./node_modules/.bin/jest x\n✓ at the margin\n";
        assert!(
            Calypso.statuses(unread, Harness::Current).is_empty(),
            "the harness stops on a line its pattern does not take"
        );
    }

    #[test]
    fn failures_only_from_chart_js_marked_and_react_pdf_lines() {
        let chart = "Chrome 120.0.0.0 (Linux x86_64) Chart.controllers.bar should draw FAILED\n\u{1b}[31mChrome 120.0.0.0 (Linux x86_64) Plugin.legend wraps FAILED\u{1b}[39m\n";
        let statuses = ChartJs.statuses(chart, Harness::Current);
        assert_eq!(statuses.get("Chart.controllers.bar should draw "), Some("FAILED"));
        assert_eq!(statuses.get("Plugin.legend wraps "), Some("FAILED"));
        let marked = Marked.statuses("1) Marked Code should render  \n  Message:\n2) Lexer paragraph\n", Harness::Current);
        assert_eq!(marked.get("Marked Code should render"), Some("FAILED"));
        assert_eq!(marked.len(), 2);
        let jest = ReactPdf.statuses(
            "PASS tests/a.test.js (5.2 s)\nFAIL tests/b.test.js\nPASS  tests/c.test.js (12ms)\n",
            Harness::Current,
        );
        assert_eq!(jest.get("tests/a.test.js"), Some("PASSED"));
        assert_eq!(jest.get("tests/b.test.js"), Some("FAILED"));
        assert_eq!(jest.get(" tests/c.test.js"), Some("PASSED"));
    }

    /// The harness's `remove_xml_blocks` as it runs: search from the start after each block.
    fn xml_blocks_removed_as_the_harness_does(mut text: String) -> String {
        loop {
            let mut found = None;
            for open in OPENING_TAG.captures_iter(&text) {
                let (whole, tag) = (open.get(0).unwrap(), &open[1]);
                if let Some(close) = text[whole.end()..].find(&format!("</{tag}>")) {
                    found = Some((whole.start(), whole.end() + close + tag.len() + 3, tag.to_string()));
                    break;
                }
            }
            let Some((start, end, tag)) = found else { return text };
            let opening = format!("<{tag}>");
            let held = text[start..end].matches(&opening).count();
            text.replace_range(start..end, &opening.repeat(held.saturating_sub(1)));
        }
    }

    #[test]
    fn xml_blocks_go_in_one_pass_as_the_harness_takes_them_out() {
        let pieces = ["<a>", "</a>", "<b>", "</b>", "<ab>", "</ab>", "x", "<", ">", "\n"];
        let mut seed: u64 = 0x5eed;
        for _ in 0..3000 {
            let mut text = String::new();
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            for _ in 0..(seed >> 60) + 4 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            assert_eq!(
                without_xml_blocks(text.clone()),
                xml_blocks_removed_as_the_harness_does(text.clone()),
                "{text:?}"
            );
        }
    }

    #[test]
    fn p5js_failures_between_json_and_xml_blocks() {
        let log = "  1) Core\n       p5.prototype.color\n         reads hex:\n     AssertionError: expected\n{\n  \"a\": 1,\n}\n  2) <div>x</div> flat: no\n";
        let statuses = P5js.statuses(log, Harness::Current);
        assert_eq!(statuses.get("Core:p5.prototype.color:reads hex"), Some("FAILED"));
        assert_eq!(statuses.get("flat"), Some("FAILED"));
        assert_eq!(
            without_xml_blocks("a<b><b>c</b>d</b>e".to_string()),
            "ae",
            "a nested block goes in two rounds"
        );
        assert_eq!(without_xml_blocks("<i>x<b>y</b>".to_string()), "<i>x");
        assert_eq!(without_xml_blocks("<a>1<a>2</a>3</a>4<b>".to_string()), "4<b>");
        assert_eq!(without_xml_blocks("<a><a><a>x</a>y</a>".to_string()), "<a>");
        assert_eq!(without_xml_blocks("<é>x</é><u>".to_string()), "<u>");
    }
}
