//! Text that may be one JSON array of records or the records one after another (JSON Lines),
//! read as the records one after another either way: what `claude -p --output-format json
//! --verbose` prints is the array of the events `--output-format stream-json` prints a line each.
//! The array's own brackets and the commas between its elements are read as spaces, as the text
//! streams, so a reader of concatenated JSON values reads its elements one at a time, on the lines
//! they were on.

use std::io::{self, BufRead, BufReader, Read};

/// Records one after another, read from an array's text or as they were.
pub struct Records<'a> {
    /// The records' text.
    pub reader: Box<dyn Read + 'a>,
    /// Whether they are the elements of an array (so one may span lines).
    pub in_array: bool,
}

/// `reader`'s records one after another: where its text begins with `[` (past white space and a
/// byte order mark), that array's elements; else the text as it is.
pub fn records_of<'a>(reader: impl Read + 'a) -> io::Result<Records<'a>> {
    let mut reader = BufReader::new(reader);
    loop {
        let head = reader.fill_buf()?;
        if head.starts_with(benchscope_contract::file_names::BYTE_ORDER_MARK) {
            reader.consume(benchscope_contract::file_names::BYTE_ORDER_MARK.len());
            continue;
        }
        // The white space before it is left in place, so the lines keep their numbers.
        match head.iter().find(|byte| !byte.is_ascii_whitespace()) {
            Some(b'[') => return Ok(Records::of(ArrayElements::new(reader), true)),
            Some(_) => return Ok(Records::of(reader, false)),
            None if head.is_empty() => return Ok(Records::of(reader, false)),
            None => {
                let blank = head.len();
                reader.consume(blank);
            }
        }
    }
}

impl<'a> Records<'a> {
    fn of(reader: impl Read + 'a, in_array: bool) -> Self {
        Records {
            reader: Box::new(reader),
            in_array,
        }
    }
}

/// A JSON array's text, its own brackets and the commas between its elements read as spaces.
struct ArrayElements<R> {
    inner: R,
    /// How deep in brackets and braces the text read so far is: 1 inside the array itself.
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl<R: Read> ArrayElements<R> {
    fn new(inner: R) -> Self {
        ArrayElements {
            inner,
            depth: 0,
            in_string: false,
            escaped: false,
        }
    }

    /// The byte read as `byte` is, or a space where it is the array's own punctuation.
    fn pass(&mut self, byte: u8) -> u8 {
        if self.in_string {
            match (self.escaped, byte) {
                (true, _) => self.escaped = false,
                (false, b'\\') => self.escaped = true,
                (false, b'"') => self.in_string = false,
                _ => {}
            }
            return byte;
        }
        let own = match byte {
            b'"' => {
                self.in_string = true;
                false
            }
            b'[' | b'{' => {
                self.depth += 1;
                self.depth == 1
            }
            b']' | b'}' => {
                let own = self.depth == 1;
                self.depth = self.depth.saturating_sub(1);
                own
            }
            b',' => self.depth == 1,
            _ => false,
        };
        if own {
            b' '
        } else {
            byte
        }
    }
}

impl<R: Read> Read for ArrayElements<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        for byte in &mut buf[..read] {
            *byte = self.pass(*byte);
        }
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn values(text: &str) -> Vec<Value> {
        let records = records_of(text.as_bytes()).unwrap();
        assert_eq!(records.in_array, text.trim_start_matches('\u{feff}').trim_start().starts_with('['));
        serde_json::Deserializer::from_reader(records.reader)
            .into_iter::<Value>()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    #[test]
    fn an_array_reads_as_its_elements_and_lines_as_they_are() {
        let events = [
            json!({"type": "system", "text": "a [bracket], a {brace}, a \"quote\\\" and, a comma"}),
            json!({"type": "assistant", "content": [[1, 2], {"a": []}]}),
            json!("a string element"),
            json!([]),
        ];
        let array = serde_json::to_string(&events).unwrap();
        assert_eq!(values(&array), events);
        let pretty = format!("\u{feff}\n  {}", serde_json::to_string_pretty(&events).unwrap());
        assert_eq!(values(&pretty), events);
        let lines: String = events.iter().map(|e| format!("{e}\n")).collect();
        assert_eq!(values(&lines), events);
        assert!(values("  []  ").is_empty());
        assert!(values("").is_empty());
    }

    #[test]
    fn a_fault_is_named_on_the_line_it_is_on() {
        let records = records_of("\n[\n{\"a\": 1},\n{\"b\": }\n]".as_bytes()).unwrap();
        let error = serde_json::Deserializer::from_reader(records.reader)
            .into_iter::<Value>()
            .find_map(Result::err)
            .unwrap();
        assert_eq!(error.line(), 4);
    }
}
