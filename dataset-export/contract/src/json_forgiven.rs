//! What published JSON holds that JSON does not allow, read past rather than refused.
//!
//! - **Trailing commas** before `]` or `}` (the experiments repository's `results.json`): blanked,
//!   so that every position stays true, and their lines kept so that a warning can name them.
//! - **Python's `NaN`, `Infinity` and `-Infinity`**, which `json.dump` writes for a float that is
//!   not a number (a cost or a score that was never measured) and `json.load` reads back: read as
//!   `null`, no value, which is what they say. Each token's line stays true; a column after one on
//!   its line moves by the difference in length.
//! - **A lone UTF-16 surrogate escape** (`"\udcff"`), which Python's `json.dump` writes for a byte
//!   it decoded with `surrogateescape` (a tool's output, a file name) and JavaScript's
//!   `JSON.stringify` for text cut inside a pair: read as U+FFFD, the replacement character, as an
//!   invalid byte is elsewhere. The escape keeps its length.
//!
//! The text is rewritten as it streams ([`Forgiver`]), so a reader of a hundred megabytes is
//! forgiven a chunk at a time; [`forgive`] and [`from_slice_forgiving`] do it for a whole text.

use serde::de::DeserializeOwned;

/// The bytes of a JSON text rewritten as they pass, with what was forgiven.
#[derive(Debug, Default)]
pub struct Forgiver {
    in_string: bool,
    /// The start of an escape in a string, cut off by the end of the last chunk.
    escape: Vec<u8>,
    line: usize,
    /// Bytes outside strings whose meaning the next ones decide.
    held: Vec<u8>,
    holding: Holding,
    /// The 1-based lines of the trailing commas blanked.
    pub comma_lines: Vec<usize>,
    /// Whether a `NaN` or an infinity was read as `null`.
    pub constants_read_as_null: bool,
    /// Whether a lone surrogate escape was read as U+FFFD.
    pub lone_surrogates_replaced: bool,
    /// How many arrays and objects are open.
    depth: usize,
    /// The most that may be open at once, where [`Self::within`] sets one.
    limit: Option<usize>,
    /// Where the first array or object past the limit opened: its index in the `out` of the
    /// [`Self::feed`] that met it.
    pub too_deep_at: Option<usize>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq)]
enum Holding {
    #[default]
    Nothing,
    /// A comma and the white space after it: blanked if a closing bracket follows.
    Comma,
    /// A minus sign: dropped if `Infinity` follows.
    Minus,
    /// Letters outside a string: `true`, `false`, `null`, or one of Python's constants.
    Word,
}

impl Forgiver {
    /// A scanner at the start of a text.
    pub fn new() -> Self {
        Forgiver {
            line: 1,
            ..Forgiver::default()
        }
    }

    /// A scanner at the start of a text that notes where more than `limit` arrays and objects
    /// are first open at once ([`Self::too_deep_at`]).
    pub fn within(limit: usize) -> Self {
        Forgiver {
            limit: Some(limit),
            ..Forgiver::new()
        }
    }

    /// Rewrites `input`, the text's next bytes, onto `out`; bytes whose meaning the next chunk
    /// decides are held until then.
    pub fn feed(&mut self, input: &[u8], out: &mut Vec<u8>) {
        let mut rest = input;
        while let Some((&byte, after)) = rest.split_first() {
            if !self.in_string {
                self.structural_byte(byte, out);
                rest = after;
            } else if !self.escape.is_empty() {
                // The escape cut off, completed by enough of the next bytes to be told, and read
                // again with them (an escape is at most twelve bytes).
                let mut joined = std::mem::take(&mut self.escape);
                let taken = rest.len().min(12);
                joined.extend_from_slice(&rest[..taken]);
                self.feed(&joined, out);
                rest = &rest[taken..];
            } else {
                let run = memchr::memchr2(b'"', b'\\', rest).unwrap_or(rest.len());
                out.extend_from_slice(&rest[..run]);
                rest = &rest[run..];
                match rest.first() {
                    Some(b'"') => {
                        self.in_string = false;
                        out.push(b'"');
                        rest = &rest[1..];
                    }
                    Some(_) => rest = &rest[self.escape_at(rest, out)..],
                    None => {}
                }
            }
        }
    }

    /// Writes the escape at the start of `bytes` and says how many bytes it took: all of them,
    /// held, when it is cut off before it can be told.
    fn escape_at(&mut self, bytes: &[u8], out: &mut Vec<u8>) -> usize {
        match escape(bytes) {
            Escape::Verbatim(length) => {
                out.extend_from_slice(&bytes[..length]);
                length
            }
            Escape::LoneSurrogate => {
                out.extend_from_slice(b"\\ufffd");
                self.lone_surrogates_replaced = true;
                6
            }
            Escape::CutOff => {
                self.escape.extend_from_slice(bytes);
                bytes.len()
            }
        }
    }

    /// Writes what is still held: the text has ended.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        out.append(&mut self.escape);
        self.release(out);
    }

    /// Whether anything was forgiven so far.
    pub fn forgave_anything(&self) -> bool {
        !self.comma_lines.is_empty() || self.constants_read_as_null || self.lone_surrogates_replaced
    }

    fn structural_byte(&mut self, byte: u8, out: &mut Vec<u8>) {
        match self.holding {
            Holding::Comma if byte.is_ascii_whitespace() => return self.hold(byte),
            Holding::Comma if byte == b']' || byte == b'}' => {
                self.held[0] = b' ';
                self.comma_lines.push(self.line - self.held.iter().filter(|&&b| b == b'\n').count());
            }
            Holding::Minus if byte == b'I' => {
                self.held.clear();
                self.holding = Holding::Word;
                return self.hold(byte);
            }
            Holding::Word if byte.is_ascii_alphabetic() => return self.hold(byte),
            _ => {}
        }
        self.release(out);
        match byte {
            b'"' => {
                self.in_string = true;
                out.push(byte);
            }
            b',' => self.start_holding(Holding::Comma, byte),
            b'-' => self.start_holding(Holding::Minus, byte),
            _ if byte.is_ascii_alphabetic() => self.start_holding(Holding::Word, byte),
            _ => {
                match byte {
                    b'\n' => self.line += 1,
                    b'[' | b'{' => {
                        self.depth += 1;
                        if self.limit.is_some_and(|limit| self.depth > limit) && self.too_deep_at.is_none() {
                            self.too_deep_at = Some(out.len());
                        }
                    }
                    b']' | b'}' => self.depth = self.depth.saturating_sub(1),
                    _ => {}
                }
                out.push(byte);
            }
        }
    }

    fn start_holding(&mut self, holding: Holding, byte: u8) {
        self.holding = holding;
        self.held.push(byte);
    }

    fn hold(&mut self, byte: u8) {
        if byte == b'\n' {
            self.line += 1;
        }
        self.held.push(byte);
    }

    /// Writes the held bytes, a whole Python constant as `null`.
    fn release(&mut self, out: &mut Vec<u8>) {
        let is_constant = self.holding == Holding::Word && matches!(self.held.as_slice(), b"NaN" | b"Infinity");
        if is_constant {
            out.extend_from_slice(b"null");
            self.constants_read_as_null = true;
        } else {
            out.extend_from_slice(&self.held);
        }
        self.held.clear();
        self.holding = Holding::Nothing;
    }
}

/// An escape in a string, as its first bytes tell it.
enum Escape {
    /// As it stands, this many bytes: `\\n`, a surrogate pair, the `\\u` of any other code unit
    /// (its digits follow as the string's bytes), or a fault the parser names.
    Verbatim(usize),
    /// A UTF-16 surrogate escape (six bytes) that is not half of a pair: what Python writes for a
    /// byte it decoded with `surrogateescape`, or JavaScript for text cut inside a pair. serde_json
    /// refuses it; Python reads it. It is read as U+FFFD, the same six bytes long.
    LoneSurrogate,
    /// Too few bytes to tell.
    CutOff,
}

/// The escape at the start of `bytes` (a backslash).
fn escape(bytes: &[u8]) -> Escape {
    let Some(&kind) = bytes.get(1) else { return Escape::CutOff };
    if kind != b'u' {
        return Escape::Verbatim(2);
    }
    let Some(unit) = bytes.get(2..6) else { return Escape::CutOff };
    match code_unit(unit) {
        Some(0xDC00..=0xDFFF) => Escape::LoneSurrogate,
        Some(0xD800..=0xDBFF) => match bytes.get(6..12) {
            Some(next) if next.starts_with(b"\\u") && matches!(code_unit(&next[2..]), Some(0xDC00..=0xDFFF)) => Escape::Verbatim(12),
            Some(_) => Escape::LoneSurrogate,
            None if b"\\u".starts_with(&bytes[6..bytes.len().min(8)]) => Escape::CutOff,
            None => Escape::LoneSurrogate,
        },
        _ => Escape::Verbatim(2),
    }
}

/// The UTF-16 code unit four hexadecimal digits spell.
fn code_unit(digits: &[u8]) -> Option<u16> {
    std::str::from_utf8(digits)
        .ok()
        .and_then(|digits| u16::from_str_radix(digits, 16).ok())
}

/// `text` forgiven whole: trailing commas blanked and Python's constants read as `null`, with the
/// lines of the commas.
pub fn forgive(text: &[u8]) -> (Vec<u8>, Forgiver) {
    let mut forgiver = Forgiver::new();
    let mut out = Vec::with_capacity(text.len() + 16);
    forgiver.feed(text, &mut out);
    forgiver.finish(&mut out);
    (out, forgiver)
}

/// `bytes` read as JSON, forgiven what [`forgive`] forgives when it is not JSON as it stands. A
/// fault that remains is reported as the forgiven text has it.
pub fn from_slice_forgiving<T: DeserializeOwned>(bytes: &[u8]) -> serde_json::Result<T> {
    serde_json::from_slice(bytes).or_else(|error| reread_forgiven(bytes, error, |forgiven| serde_json::from_slice(forgiven)))
}

/// [`from_slice_forgiving`] for text already checked as UTF-8: parsed as `str`, which serde_json
/// does not check again (every record of an export goes through here).
pub fn from_str_forgiving<T: DeserializeOwned>(text: &str) -> serde_json::Result<T> {
    serde_json::from_str(text).or_else(|error| reread_forgiven(text.as_bytes(), error, |forgiven| serde_json::from_slice(forgiven)))
}

/// After a first reading of `bytes` failed with `error`: what `parse` makes of them forgiven, or
/// that error again when there is nothing to forgive.
pub fn reread_forgiven<T>(
    bytes: &[u8],
    error: serde_json::Error,
    parse: impl FnOnce(&[u8]) -> serde_json::Result<T>,
) -> serde_json::Result<T> {
    match forgive(bytes) {
        (forgiven, forgiver) if forgiver.forgave_anything() => parse(&forgiven),
        _ => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn forgiven(text: &str) -> (String, Vec<usize>, bool) {
        let (out, forgiver) = forgive(text.as_bytes());
        (
            String::from_utf8(out).unwrap(),
            forgiver.comma_lines,
            forgiver.constants_read_as_null,
        )
    }

    #[test]
    fn pythons_constants_outside_strings_are_null() {
        let text = r#"{"cost": NaN, "top": Infinity, "low": -Infinity, "note": "NaN, -Infinity", "n": -1.5, "ok": true}"#;
        let (out, commas, constants) = forgiven(text);
        assert_eq!(
            out,
            r#"{"cost": null, "top": null, "low": null, "note": "NaN, -Infinity", "n": -1.5, "ok": true}"#
        );
        assert!(commas.is_empty());
        assert!(constants);
    }

    #[test]
    fn other_words_stay_as_they_are_for_the_parser_to_refuse() {
        let (out, _, constants) = forgiven("[nan, Nan, NaNa, -inf, None]");
        assert_eq!(out, "[nan, Nan, NaNa, -inf, None]");
        assert!(!constants);
    }

    #[test]
    fn trailing_commas_are_blanked_on_their_lines() {
        let (out, commas, _) = forgiven("{\n  \"a\": [1,\n  2,\n  ],\n  \"s\": \"[,]\",\n}\n");
        assert_eq!(out, "{\n  \"a\": [1,\n  2 \n  ],\n  \"s\": \"[,]\" \n}\n");
        assert_eq!(commas, [3, 5]);
    }

    #[test]
    fn escapes_in_strings_do_not_end_them() {
        let (out, _, constants) = forgiven(r#"["a \"NaN\" b\\", NaN]"#);
        assert_eq!(out, r#"["a \"NaN\" b\\", null]"#);
        assert!(constants);
    }

    #[test]
    fn nesting_past_the_limit_is_placed_at_its_first_bracket_outside_strings() {
        let text = br#"{"a": [[1], "[[[[", {"b": [[],]}], "c": {}}"#;
        let placed = |limit| {
            let mut forgiver = Forgiver::within(limit);
            let mut out = Vec::new();
            forgiver.feed(text, &mut out);
            forgiver.too_deep_at
        };
        assert_eq!(placed(5), None, "five open at most");
        assert_eq!(placed(4), text.iter().rposition(|&b| b == b'['), "the fifth, `b`'s inner list");
    }

    #[test]
    fn a_text_fed_a_byte_at_a_time_is_forgiven_the_same() {
        let text = "{\"x\": [NaN,\n -Infinity ,\n ], \"s\": \"Infinity\\\"\", \"t\": false,}";
        let mut forgiver = Forgiver::new();
        let mut out = Vec::new();
        for byte in text.as_bytes() {
            forgiver.feed(std::slice::from_ref(byte), &mut out);
        }
        forgiver.finish(&mut out);
        let (whole, whole_forgiver) = forgive(text.as_bytes());
        assert_eq!(out, whole);
        assert_eq!(forgiver.comma_lines, whole_forgiver.comma_lines);
        assert_eq!(
            serde_json::from_slice::<Value>(&out).unwrap(),
            json!({"x": [null, null], "s": "Infinity\"", "t": false})
        );
    }

    #[test]
    fn lone_surrogates_are_the_replacement_character_and_pairs_stay() {
        // Python: json.dumps(b"ab\xff".decode("utf-8", "surrogateescape")), and a pair cut in two.
        let text = r#"["ab\udcff", "\ud83d", "\ud83d\ude00", "\ud83d\u0041", "\\udcff", "\u00e9\n"]"#;
        let (out, forgiver) = forgive(text.as_bytes());
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out,
            r#"["ab\ufffd", "\ufffd", "\ud83d\ude00", "\ufffd\u0041", "\\udcff", "\u00e9\n"]"#
        );
        assert_eq!(out.len(), text.len(), "positions stay");
        assert!(forgiver.lone_surrogates_replaced);
        let value: Value = from_slice_forgiving(text.as_bytes()).unwrap();
        assert_eq!(value, json!(["ab\u{fffd}", "\u{fffd}", "😀", "\u{fffd}A", "\\udcff", "é\n"]));
    }

    #[test]
    fn escapes_cut_by_a_read_are_told_when_the_rest_comes() {
        let text = r#"{"a": "x\ud83d\ude00y\udcff\ud83dz", "b": NaN}"#;
        let (whole, _) = forgive(text.as_bytes());
        for at in 0..text.len() {
            let mut forgiver = Forgiver::new();
            let mut out = Vec::new();
            forgiver.feed(&text.as_bytes()[..at], &mut out);
            forgiver.feed(&text.as_bytes()[at..], &mut out);
            forgiver.finish(&mut out);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf8(whole.clone()).unwrap(),
                "cut at {at}"
            );
        }
    }

    #[test]
    fn json_as_it_stands_is_read_as_it_stands() {
        let value: Value = from_slice_forgiving(br#"{"cost": NaN, "s": [1, 2,]}"#).unwrap();
        assert_eq!(value, json!({"cost": null, "s": [1, 2]}));
        let error = from_slice_forgiving::<Value>(b"{\"a\": }").unwrap_err();
        assert_eq!((error.line(), error.column()), (1, 7));
    }
}
