//! A step's text as a reader is shown it: terminal escape sequences taken out, and a long text
//! folded to its ends, by lines and by characters, so a 10 MB single-line output costs the page
//! a few thousand characters until more is asked for.

use std::borrow::Cow;

/// `text` without terminal escape sequences (colours, cursor moves, window titles): what a
/// terminal would have shown, minus the colours.
///
/// ```
/// use benchscope_contract::trajectory::text::strip_terminal_escapes;
/// assert_eq!(strip_terminal_escapes("\u{1b}[31mFAILED\u{1b}[0m test_x"), "FAILED test_x");
/// ```
pub fn strip_terminal_escapes(text: &str) -> Cow<'_, str> {
    if !text.contains('\u{1b}') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        match chars.next() {
            // CSI: parameters and intermediates, then one final byte in @..~.
            Some('[') => {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            // OSC (a window title, a hyperlink): up to BEL or ESC \.
            Some(']') => {
                while let Some(c) = chars.next() {
                    if c == '\u{7}' || (c == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                        break;
                    }
                }
            }
            // nF (a character set: ESC ( B): intermediates, then one final character.
            Some(c) if (' '..='/').contains(&c) => {
                while chars.next_if(|c| (' '..='/').contains(c)).is_some() {}
                chars.next();
            }
            // Any other escape is two characters long.
            _ => {}
        }
    }
    Cow::Owned(out)
}

/// The line put where an agent was shown only an output's two ends, counting what it was not shown.
pub fn elision_line(characters: u64) -> String {
    format!("[{characters} characters elided]")
}

/// The characters an [`elision_line`] in `text` counts.
pub fn elided_in(text: &str) -> Option<u64> {
    text.lines()
        .find_map(|line| line.strip_prefix('[')?.strip_suffix(" characters elided]")?.parse().ok())
}

/// A text cut for showing: `text[..head]` and `text[tail..]` are shown, what lies between is not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fold {
    /// Where the shown head ends (a byte offset on a character boundary).
    pub head: usize,
    /// Where the shown tail starts; equal to `head` when nothing is hidden.
    pub tail: usize,
}

impl Fold {
    /// Whether anything is hidden.
    pub fn hides(&self) -> bool {
        self.tail > self.head
    }

    /// The lines the hidden part spans (a line cut by the fold counts).
    pub fn hidden_lines(&self, text: &str) -> usize {
        if !self.hides() {
            return 0;
        }
        text[self.head..self.tail].trim_matches('\n').lines().count()
    }
}

/// Folds `text` to its first `head_lines` and last `tail_lines` lines, each end at most
/// `end_chars` bytes (cut on a character boundary), when it is longer than that; a text with at
/// most one line more than the two ends is shown whole when it is short.
///
/// ```
/// use benchscope_contract::trajectory::text::fold;
/// let text: String = (1..=30).map(|i| format!("line {i}\n")).collect();
/// let folded = fold(&text, 5, 3, 1_000);
/// assert_eq!(&text[..folded.head], "line 1\nline 2\nline 3\nline 4\nline 5\n");
/// assert_eq!(&text[folded.tail..], "line 28\nline 29\nline 30\n");
/// assert_eq!(folded.hidden_lines(&text), 22);
/// ```
pub fn fold(text: &str, head_lines: usize, tail_lines: usize, end_chars: usize) -> Fold {
    let whole = Fold {
        head: text.len(),
        tail: text.len(),
    };
    let lines = text.lines().count();
    if lines <= head_lines + tail_lines + 1 && text.len() <= 2 * end_chars {
        return whole;
    }
    let head = line_start(text, head_lines).min(floor_boundary(text, end_chars));
    let tail_from_end = line_start(text, lines.saturating_sub(tail_lines));
    let tail = tail_from_end
        .max(ceil_boundary(text, text.len().saturating_sub(end_chars)))
        .max(head);
    if tail == head {
        return whole;
    }
    Fold { head, tail }
}

/// The byte offset where line `n` (from 0) starts, or the text's end.
fn line_start(text: &str, n: usize) -> usize {
    if n == 0 {
        return 0;
    }
    text.match_indices('\n').nth(n - 1).map_or(text.len(), |(at, _)| at + 1)
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_elision_line_is_found_among_the_lines_it_sits_in() {
        let text = format!("head\n{}\ntail", elision_line(35_394_620));
        assert_eq!(elided_in(&text), Some(35_394_620));
        assert_eq!(elided_in("[35 characters elided] and more"), None, "only a line of its own");
        assert_eq!(elided_in("head\ntail"), None);
    }

    #[test]
    fn short_texts_are_whole() {
        for text in ["", "one line", "a\nb\nc\n"] {
            assert!(!fold(text, 5, 3, 100).hides(), "{text:?}");
        }
        let nine: String = (1..=9).map(|i| format!("{i}\n")).collect();
        assert!(!fold(&nine, 5, 3, 100).hides(), "one hidden line is shown instead");
    }

    #[test]
    fn a_huge_single_line_folds_by_characters() {
        let text = "é".repeat(5_000_000);
        let folded = fold(&text, 5, 3, 2_001);
        assert!(folded.hides());
        assert!(folded.head <= 2_001 && text.len() - folded.tail <= 2_001);
        assert!(text.is_char_boundary(folded.head) && text.is_char_boundary(folded.tail));
        assert_eq!(folded.hidden_lines(&text), 1);
    }

    #[test]
    fn long_lines_at_the_ends_are_cut_too() {
        let text = format!("{}\nshort\n{}\n", "h".repeat(10_000), "t".repeat(10_000));
        let folded = fold(&text, 5, 3, 500);
        assert_eq!(folded.head, 500);
        assert_eq!(text.len() - folded.tail, 500);
    }

    #[test]
    fn escapes_are_taken_out_and_text_kept() {
        assert_eq!(strip_terminal_escapes("plain"), "plain");
        assert_eq!(
            strip_terminal_escapes("\u{1b}[1;32m ok \u{1b}[0m|\u{1b}]0;title\u{7}x\u{1b}]8;;u\u{1b}\\y\u{1b}(Bz"),
            " ok |xyz"
        );
        assert_eq!(strip_terminal_escapes("cut \u{1b}["), "cut ");
    }
}
