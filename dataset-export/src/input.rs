//! Reading records out of a file: JSON Lines (one object per line) or a JSON array of objects.
//!
//! JSONL is streamed line by line, so memory is bounded by the largest record. The container is
//! detected from the first non-blank byte: `[` is a JSON array, `{` is JSONL.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::error::{FieldError, Location, RecordError};

/// A JSON object read from a file, with where it came from.
pub struct Record {
    /// Where it sits in the file.
    pub location: Location,
    /// The object.
    pub fields: Map<String, Value>,
}

/// How records are laid out in a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    /// One JSON object per line.
    JsonLines,
    /// One JSON array of objects.
    JsonArray,
}

/// Opens `path` and yields its records.
pub fn read_records(path: &Path) -> Result<Box<dyn Iterator<Item = Result<Record, RecordError>>>, RecordError> {
    let file_error = |message: String| RecordError {
        file: path.to_path_buf(),
        location: Location::File,
        field: None,
        message,
    };
    let file = File::open(path).map_err(|e| file_error(format!("cannot open: {e}")))?;
    let mut reader = BufReader::with_capacity(1 << 20, file);
    match detect_container(&mut reader).map_err(|e| file_error(format!("cannot read: {e}")))? {
        Some(Container::JsonLines) => Ok(Box::new(JsonLines {
            path: path.to_path_buf(),
            reader,
            line: 0,
            buf: Vec::new(),
        })),
        Some(Container::JsonArray) => read_array(path, reader),
        None => Err(file_error(
            "neither JSON Lines nor a JSON array (the first character is not `{` or `[`)".into(),
        )),
    }
}

fn detect_container(reader: &mut impl BufRead) -> std::io::Result<Option<Container>> {
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(Some(Container::JsonLines));
        }
        let skip = buf
            .iter()
            .take_while(|b| b.is_ascii_whitespace() || **b == 0xEF || **b == 0xBB || **b == 0xBF)
            .count();
        if skip < buf.len() {
            return Ok(match buf[skip] {
                b'{' => Some(Container::JsonLines),
                b'[' => Some(Container::JsonArray),
                _ => None,
            });
        }
        let len = buf.len();
        reader.consume(len);
    }
}

struct JsonLines<R> {
    path: PathBuf,
    reader: R,
    line: u64,
    buf: Vec<u8>,
}

impl<R: BufRead> Iterator for JsonLines<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.buf.clear();
            self.line += 1;
            let location = Location::Line(self.line);
            match self.reader.read_until(b'\n', &mut self.buf) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => {
                    return Some(Err(FieldError {
                        field: None,
                        message: format!("read error: {e}"),
                    }
                    .at(&self.path, location)))
                }
            }
            let text = match std::str::from_utf8(&self.buf) {
                Ok(text) => text.trim_start_matches('\u{feff}').trim(),
                Err(e) => {
                    let message = format!("not valid UTF-8 (invalid byte at offset {} of the line)", e.valid_up_to());
                    return Some(Err(FieldError { field: None, message }.at(&self.path, location)));
                }
            };
            if text.is_empty() {
                continue;
            }
            return Some(
                parse_object(text)
                    .map(|fields| Record { location, fields })
                    .map_err(|e| e.at(&self.path, location)),
            );
        }
    }
}

fn parse_object(text: &str) -> Result<Map<String, Value>, FieldError> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(FieldError {
            field: None,
            message: format!("expected a JSON object, found {}", kind_of(&other)),
        }),
        Err(e) => Err(FieldError {
            field: None,
            message: format!("malformed JSON: {e}"),
        }),
    }
}

fn read_array(path: &Path, mut reader: impl Read) -> Result<Box<dyn Iterator<Item = Result<Record, RecordError>>>, RecordError> {
    let mut bytes = Vec::new();
    let file_error = |message: String| RecordError {
        file: path.to_path_buf(),
        location: Location::File,
        field: None,
        message,
    };
    reader
        .read_to_end(&mut bytes)
        .map_err(|e| file_error(format!("cannot read: {e}")))?;
    let text =
        std::str::from_utf8(&bytes).map_err(|e| file_error(format!("not valid UTF-8 (invalid byte at offset {})", e.valid_up_to())))?;
    let items: Vec<Value> =
        serde_json::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| file_error(format!("malformed JSON: {e}")))?;
    let path = path.to_path_buf();
    Ok(Box::new(items.into_iter().enumerate().map(move |(i, item)| {
        let location = Location::Element(i as u64);
        match item {
            Value::Object(fields) => Ok(Record { location, fields }),
            other => Err(FieldError {
                field: None,
                message: format!("expected a JSON object, found {}", kind_of(&other)),
            }
            .at(&path, location)),
        }
    })))
}

/// A short name for the JSON type of `value`, for error messages.
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
