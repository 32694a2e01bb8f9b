//! What changed inside a modified line: the words a removed line and the added line that
//! replaces it do not share, as byte ranges of each, for word-level highlighting in both diff
//! layouts (as GitHub and delta show it).

use std::ops::Range;

use similar::ChangeTag;

use crate::text_diff::{diff_ops, ratio};

/// Lines that share less than this (similar's ratio) are shown as wholly changed: marking most of
/// both lines would be noise.
const MIN_SIMILARITY: f32 = 0.4;

/// Code's words: identifier and number runs, whitespace runs, and each other character alone,
/// so that `y)` changing to `z)` marks the `y` only.
fn tokens(text: &str) -> Vec<&str> {
    let class = |c: char| {
        if c.is_alphanumeric() || c == '_' {
            0
        } else if c.is_whitespace() {
            1
        } else {
            2
        }
    };
    let mut out = Vec::new();
    let mut start = 0;
    let mut previous: Option<u8> = None;
    for (at, c) in text.char_indices() {
        let kind = class(c);
        if previous.is_some_and(|p| p != kind || kind == 2) {
            out.push(&text[start..at]);
            start = at;
        }
        previous = Some(kind);
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// Lines longer than this are shown as wholly changed: a word diff of a minified or generated
/// line would cost more than it shows.
const MAX_LINE: usize = 500;

/// The changed byte ranges of `old` and of `new`, or none when the lines are too different (or
/// too long to compare word by word).
pub fn changed_ranges(old: &str, new: &str) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
    if old.len() > MAX_LINE || new.len() > MAX_LINE {
        return (Vec::new(), Vec::new());
    }
    let (old_tokens, new_tokens) = (tokens(old), tokens(new));
    let ops = diff_ops(&old_tokens, &new_tokens);
    if ratio(&ops, old_tokens.len(), new_tokens.len()) < MIN_SIMILARITY {
        return (Vec::new(), Vec::new());
    }
    let (mut old_ranges, mut new_ranges) = (Vec::new(), Vec::new());
    let (mut old_at, mut new_at) = (0, 0);
    for change in ops.iter().flat_map(|op| op.iter_changes(&old_tokens[..], &new_tokens[..])) {
        let len = change.value().len();
        match change.tag() {
            ChangeTag::Equal => {
                old_at += len;
                new_at += len;
            }
            ChangeTag::Delete => {
                push_merged(&mut old_ranges, old_at..old_at + len);
                old_at += len;
            }
            ChangeTag::Insert => {
                push_merged(&mut new_ranges, new_at..new_at + len);
                new_at += len;
            }
        }
    }
    (old_ranges, new_ranges)
}

/// Appends `range`, joining it to the last one when they touch.
fn push_merged(ranges: &mut Vec<Range<usize>>, range: Range<usize>) {
    match ranges.last_mut() {
        Some(last) if last.end == range.start => last.end = range.end,
        _ => ranges.push(range),
    }
}

/// `text` cut into pieces at the edges of `ranges`: `(piece, changed)`, in order.
pub fn split_at_ranges<'a>(text: &'a str, offset: usize, ranges: &[Range<usize>]) -> Vec<(&'a str, bool)> {
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let absolute = offset + at;
        let inside = ranges.iter().find(|r| r.start <= absolute && absolute < r.end);
        let next_edge = match inside {
            Some(range) => range.end - offset,
            None => ranges
                .iter()
                .map(|r| r.start)
                .filter(|s| *s > absolute)
                .min()
                .map_or(text.len(), |s| s - offset),
        };
        let mut end = next_edge.min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        pieces.push((&text[at..end], inside.is_some()));
        at = end;
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_changed_words_are_marked() {
        let (old, new) = ("    return compute(x, y)", "    return compute(x, z)");
        let (a, b) = changed_ranges(old, new);
        assert_eq!(a.iter().map(|r| &old[r.clone()]).collect::<Vec<_>>(), ["y"]);
        assert_eq!(b.iter().map(|r| &new[r.clone()]).collect::<Vec<_>>(), ["z"]);
        let (a, b) = changed_ranges("import os", "def completely_else(): pass");
        assert!(a.is_empty() && b.is_empty(), "too different to mark");
        let long = "x = 1, ".repeat(100);
        assert_eq!(
            changed_ranges(&long, &long.replace("1", "2")),
            (Vec::new(), Vec::new()),
            "too long to mark"
        );
    }

    #[test]
    fn text_splits_at_range_edges() {
        let changed: Vec<Range<usize>> = std::iter::once(21..22).collect();
        let pieces = split_at_ranges("compute(x, z)", 10, &changed);
        assert_eq!(pieces, [("compute(x, ", false), ("z", true), (")", false)]);
        assert_eq!(split_at_ranges("é", 0, &[0..1, 5..6]), [("é", true)], "never inside a character");
    }
}
