//! The shape most of the harness's parsers for other languages share: each line of the output,
//! `line.strip()`ped, matched from its start against one pattern whose groups name the test and
//! its outcome, the outcome's word mapped to a status; a test seen again takes its last status.

use regex::{Captures, Regex};

use super::python_str::strip;
use super::statuses::Statuses;

/// Each line of `output` that `pattern` matches once stripped, as Python's `re.match` sees it
/// (`pattern` must start with `^`).
pub fn stripped_matches<'a>(output: &'a str, pattern: &'a Regex) -> impl Iterator<Item = Captures<'a>> + 'a {
    output.split('\n').filter_map(move |line| pattern.captures(strip(line)))
}

/// Whether some line of `output`, stripped, starts as `pattern` matches: how a log of a
/// repository no map lists is told to be a runner's.
pub fn any_line_matches(output: &str, pattern: &Regex) -> bool {
    stripped_matches(output, pattern).next().is_some()
}

/// The statuses read by `pattern`, whose groups `name` and `outcome` give a test and the word
/// `status_of` maps to its status (a word it maps to nothing sets no status).
pub fn statuses_by_outcome(output: &str, pattern: &Regex, status_of: fn(&str) -> Option<&'static str>) -> Statuses {
    let mut statuses = Statuses::default();
    for found in stripped_matches(output, pattern) {
        if let Some(status) = status_of(&found["outcome"]) {
            statuses.insert(&found["name"], status);
        }
    }
    statuses
}

/// A pattern known valid, compiled once.
pub fn pattern(source: &str) -> Regex {
    Regex::new(source).expect("a valid pattern")
}
