//! A file that holds one JSON document (an object or an array), told apart from JSON Lines.
//!
//! Some published files carry trailing commas before `]` or `}` (the experiments repository's
//! `results.json`), or Python's `NaN` and `Infinity`; they are read past ([`crate::json_forgiven`]),
//! and the line of each comma is given so that a warning can name it. Any other fault is reported
//! at its line and column.
//!
//! Text is read with `from_slice`, never `from_str`: this module, `dropped` and `instance` are
//! compiled into the explorer, whose every other reading is of fetched bytes, and each of
//! serde_json's two readers compiles its own copy of the parser into the wasm.

use serde_json::Value;

use crate::json_forgiven;

/// What a file's bytes are, read as one JSON document.
#[derive(Debug)]
pub enum Document {
    /// A JSON document, with the 1-based lines of the trailing commas it needed forgiven.
    Json(Value, Vec<usize>),
    /// Not one document: JSON Lines (or nothing JSON-like at all).
    NotJson,
    /// A JSON document with a fault: `line L column C: what`.
    Invalid(String),
}

/// Reads `bytes` as one JSON document.
pub fn read(bytes: &[u8]) -> Document {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim_start_matches('\u{feff}');
    let starts_json = text.trim_start().starts_with(['{', '[']);
    if !starts_json {
        return Document::NotJson;
    }
    // A well-formed document, or JSON Lines, is known without copying the text; only a document
    // with a fault is read again, forgiven.
    if let Ok(value) = serde_json::from_slice::<Value>(text.as_bytes()) {
        return Document::Json(value, Vec::new());
    }
    if is_json_lines(text) {
        return Document::NotJson;
    }
    let (forgiven, forgiver) = json_forgiven::forgive(text.as_bytes());
    match serde_json::from_slice::<Value>(&forgiven) {
        Ok(value) => Document::Json(value, forgiver.comma_lines),
        Err(error) => Document::Invalid(format!("line {} column {}: {}", error.line(), error.column(), message(&error))),
    }
}

/// serde_json's message without its own " at line L column C" suffix.
fn message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// JSON Lines: the first non-blank line is a whole JSON value, and another line follows.
fn is_json_lines(text: &str) -> bool {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first_is_whole = lines
        .next()
        .is_some_and(|l| json_forgiven::from_slice_forgiving::<Value>(l.as_bytes()).is_ok());
    first_is_whole && lines.next().is_some()
}

/// The first record of JSON Lines (past a byte-order mark and blank lines), when it parses.
pub fn first_line_record(text: &str) -> Option<Value> {
    let line = text.trim_start_matches('\u{feff}').lines().find(|l| !l.trim().is_empty())?;
    json_forgiven::from_slice_forgiving(line.as_bytes()).ok()
}

/// What a JSON value is, for error messages (`a string`, `an array`, ...).
pub fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_commas_are_forgiven_and_located() {
        let Document::Json(value, lines) = read(b"{\n  \"resolved\": [\n    \"a\",\n    \"b\",\n  ],\n  \"x\": \"[,]\",\n}\n") else {
            panic!("a document")
        };
        assert_eq!(value["resolved"], serde_json::json!(["a", "b"]));
        assert_eq!(value["x"], "[,]", "commas inside strings stay");
        assert_eq!(lines, [4, 6]);
    }

    #[test]
    fn pythons_not_a_number_is_no_value() {
        let Document::Json(value, lines) = read(b"{\n  \"cost\": NaN,\n  \"calls\": 3\n}\n") else {
            panic!("a document")
        };
        assert_eq!(value, serde_json::json!({"cost": null, "calls": 3}));
        assert!(lines.is_empty());
    }

    #[test]
    fn faults_are_named_where_they_are() {
        let Document::Invalid(message) = read(b"{\n  \"a\": 1,\n  \"b\": [1, 2\n  \"c\": 3\n}\n") else {
            panic!("invalid")
        };
        assert!(message.starts_with("line 4 column 3: expected"), "{message}");
        assert!(matches!(read(b"{\"a\": 1}\n{\"a\": 2}\n"), Document::NotJson));
        assert!(matches!(read(b"PAR1..."), Document::NotJson));
    }
}
