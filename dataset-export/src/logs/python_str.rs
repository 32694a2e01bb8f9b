//! Python's `str` semantics where the harness's parsers depend on them: `str.split()` and
//! `str.strip()` treat more characters as whitespace than Rust does (the information separators
//! U+001C..U+001F), and the harness reads logs in text mode, which turns `\r\n` and `\r` into
//! `\n`. Reproducing the parsers name for name needs the same rules.

/// `str.isspace()` for one character.
pub fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// `text.split()`: runs of whitespace separate, leading and trailing whitespace is dropped.
pub fn split(text: &str) -> Vec<&str> {
    text.split(is_space).filter(|part| !part.is_empty()).collect()
}

/// `text.strip()`.
pub fn strip(text: &str) -> &str {
    text.trim_matches(is_space)
}

/// What `open(path).read()` gives: universal newlines.
pub fn universal_newlines(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n").into()
    } else {
        text.into()
    }
}

/// `text.split(separator)[index]` with Python's negative indexes (`-1` is the last part).
pub fn split_part<'a>(text: &'a str, separator: &str, index: isize) -> Option<&'a str> {
    let parts: Vec<&str> = text.split(separator).collect();
    let at = if index < 0 { parts.len() as isize + index } else { index };
    usize::try_from(at).ok().and_then(|i| parts.get(i).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_as_python_sees_it() {
        assert_eq!(split(" a\u{1f}b\u{a0}c\t d "), ["a", "b", "c", "d"]);
        assert_eq!(strip("\u{1c} x \r"), "x");
        assert_eq!(universal_newlines("a\r\nb\rc\n"), "a\nb\nc\n");
        assert_eq!(split_part("a|b|c", "|", -1), Some("c"));
        assert_eq!(split_part("a|b|c", "|", 1), Some("b"));
        assert_eq!(split_part("abc", "|", 1), None);
    }
}
