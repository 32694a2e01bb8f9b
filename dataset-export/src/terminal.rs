//! Text bound for the terminal. Dataset text is hostile: a repository's name, an instance id or
//! a path in a message may hold characters a terminal acts on rather than shows (an escape
//! sequence that recolours or clears the screen, say). Every message the command prints from its
//! input goes through [`shown`].

use std::borrow::Cow;

/// `text` with each character a terminal would act on written as its escape (`\u{1b}`): the
/// control characters but line feed and tab, and the bidirectional overrides and isolates,
/// which reorder what follows them on the line.
/// A copy standing in for a stream the command was given is named as the stream.
pub fn shown(text: &str) -> Cow<'_, str> {
    match crate::streams::as_given(text) {
        Cow::Borrowed(text) => escaped(text),
        Cow::Owned(text) => Cow::Owned(escaped(&text).into_owned()),
    }
}

fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acted_on) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if acted_on(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn acted_on(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_terminal_would_act_on_is_shown_escaped() {
        assert!(matches!(shown("evil/repo: 2 of 3"), Cow::Borrowed(_)));
        assert_eq!(shown("evil/\u{1b}[31mrepo\u{7}"), "evil/\\u{1b}[31mrepo\\u{7}");
        assert_eq!(shown("a\u{9b}2Jb\rc"), "a\\u{9b}2Jb\\u{d}c", "C1's CSI and a carriage return");
        assert_eq!(shown("x\u{202e}yz"), "x\\u{202e}yz", "a right-to-left override");
        assert_eq!(shown("lines\n\tindented ünïcode"), "lines\n\tindented ünïcode");
    }
}
