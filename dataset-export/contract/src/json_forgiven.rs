//! What published JSON holds that JSON does not allow, read past rather than refused.
//!
//! - **Trailing commas** before `]` or `}` (the experiments repository's `results.json`): blanked,
//!   so that every position stays true, and their lines kept so that a warning can name them.
//! - **Python's `NaN`, `Infinity` and `-Infinity`**, which `json.dump` writes for a float that is
//!   not a number (a cost or a score that was never measured) and `json.load` reads back: read as
//!   `null`, no value, which is what they say. Each token's line stays true; a column after one on
//!   its line moves by the difference in length.
//!
//! The text is rewritten as it streams ([`Forgiver`]), so a reader of a hundred megabytes is
//! forgiven a chunk at a time; [`forgive`] and [`from_slice_forgiving`] do it for a whole text.

use serde::de::DeserializeOwned;

/// The bytes of a JSON text rewritten as they pass, with what was forgiven.
#[derive(Debug, Default)]
pub struct Forgiver {
    in_string: bool,
    escaped: bool,
    line: usize,
    /// Bytes outside strings whose meaning the next ones decide.
    held: Vec<u8>,
    holding: Holding,
    /// The 1-based lines of the trailing commas blanked.
    pub comma_lines: Vec<usize>,
    /// Whether a `NaN` or an infinity was read as `null`.
    pub constants_read_as_null: bool,
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

    /// Rewrites `input`, the text's next bytes, onto `out`; bytes whose meaning the next chunk
    /// decides are held until then.
    pub fn feed(&mut self, input: &[u8], out: &mut Vec<u8>) {
        let mut rest = input;
        while let Some((&byte, after)) = rest.split_first() {
            if !self.in_string {
                self.structural_byte(byte, out);
                rest = after;
            } else if self.escaped {
                self.escaped = false;
                out.push(byte);
                rest = after;
            } else {
                let (run, escape_pending) = string_run(rest);
                out.extend_from_slice(&rest[..run]);
                self.escaped = escape_pending;
                rest = &rest[run..];
                if let Some((&quote, after)) = rest.split_first() {
                    self.in_string = false;
                    out.push(quote);
                    rest = after;
                }
            }
        }
    }

    /// Writes what is still held: the text has ended.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        self.release(out);
    }

    /// Whether anything was forgiven so far.
    pub fn forgave_anything(&self) -> bool {
        !self.comma_lines.is_empty() || self.constants_read_as_null
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
                if byte == b'\n' {
                    self.line += 1;
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

/// How many of `bytes`, inside a string, come before its closing quote, escapes and all (a
/// newline in a string is a fault the parser names, and is not counted as a line); and whether
/// they end in an escape whose escaped byte comes next.
fn string_run(bytes: &[u8]) -> (usize, bool) {
    let mut from = 0;
    loop {
        match memchr::memchr2(b'"', b'\\', &bytes[from..]) {
            None => return (bytes.len(), false),
            Some(at) if bytes[from + at] == b'"' => return (from + at, false),
            Some(at) if from + at + 1 == bytes.len() => return (bytes.len(), true),
            Some(at) => from += at + 2,
        }
    }
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
    serde_json::from_slice(bytes).or_else(|error| {
        let (forgiven, forgiver) = forgive(bytes);
        match forgiver.forgave_anything() {
            true => serde_json::from_slice(&forgiven),
            false => Err(error),
        }
    })
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
    fn json_as_it_stands_is_read_as_it_stands() {
        let value: Value = from_slice_forgiving(br#"{"cost": NaN, "s": [1, 2,]}"#).unwrap();
        assert_eq!(value, json!({"cost": null, "s": [1, 2]}));
        let error = from_slice_forgiving::<Value>(b"{\"a\": }").unwrap_err();
        assert_eq!((error.line(), error.column()), (1, 7));
    }
}
