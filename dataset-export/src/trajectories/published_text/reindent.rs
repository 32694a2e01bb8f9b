//! JSON laid out a value a line, as it streams by: a trace published as JSON of a shape no reader
//! knows is often one line of megabytes, which as text is unreadable. Its bytes are re-indented
//! without being parsed (the keys keep their order, and bytes that are not JSON pass through),
//! so memory stays that of a chunk.

use std::io::{self, Read};

/// Nesting deeper than this is indented as this deep: the output stays within a small factor of
/// the input, however deep the input nests.
const DEEPEST_INDENT: usize = 16;

/// The JSON `inner` holds, two spaces a level, each member and element on a line of its own, each
/// top-level value after a blank line.
pub struct Reindented<R> {
    inner: R,
    chunk: Vec<u8>,
    out: Vec<u8>,
    at: usize,
    layout: Layout,
}

impl<R: Read> Reindented<R> {
    pub fn new(inner: R) -> Self {
        Reindented {
            inner,
            chunk: vec![0; 64 * 1024],
            out: Vec::new(),
            at: 0,
            layout: Layout::default(),
        }
    }
}

impl<R: Read> Read for Reindented<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.out.len() {
            let read = self.inner.read(&mut self.chunk)?;
            if read == 0 {
                return Ok(0);
            }
            self.out.clear();
            self.at = 0;
            for &byte in &self.chunk[..read] {
                self.layout.byte(byte, &mut self.out);
            }
        }
        let n = buf.len().min(self.out.len() - self.at);
        buf[..n].copy_from_slice(&self.out[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Where the layout is: in a string or not, how deep, whether a container just opened, and
/// whether a value at the top ended (the next one goes after a blank line).
#[derive(Default)]
struct Layout {
    in_string: bool,
    escaped: bool,
    depth: usize,
    opened: bool,
    top_ended: bool,
}

impl Layout {
    fn byte(&mut self, byte: u8, out: &mut Vec<u8>) {
        if self.in_string {
            out.push(byte);
            match byte {
                _ if self.escaped => self.escaped = false,
                b'\\' => self.escaped = true,
                b'"' => {
                    self.in_string = false;
                    self.top_ended = self.depth == 0;
                }
                _ => {}
            }
            return;
        }
        match byte {
            b' ' | b'\t' | b'\n' | b'\r' => {}
            b'}' | b']' => {
                self.depth = self.depth.saturating_sub(1);
                if !std::mem::take(&mut self.opened) {
                    self.new_line(out);
                }
                out.push(byte);
                self.top_ended = self.depth == 0;
            }
            b',' => {
                out.push(byte);
                self.new_line(out);
            }
            b':' => out.extend_from_slice(b": "),
            _ => {
                self.begin_value(out);
                out.push(byte);
                match byte {
                    b'{' | b'[' => {
                        self.depth += 1;
                        self.opened = true;
                    }
                    b'"' => self.in_string = true,
                    _ => {}
                }
            }
        }
    }

    /// Before a byte of a value: a container's first member on a line of its own, a value at the
    /// top after a blank line.
    fn begin_value(&mut self, out: &mut Vec<u8>) {
        if std::mem::take(&mut self.opened) {
            self.new_line(out);
        } else if std::mem::take(&mut self.top_ended) {
            out.extend_from_slice(b"\n\n");
        }
    }

    fn new_line(&self, out: &mut Vec<u8>) {
        out.push(b'\n');
        out.extend(std::iter::repeat_n(b' ', 2 * self.depth.min(DEEPEST_INDENT)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reindent(text: &str) -> String {
        let mut out = String::new();
        Reindented::new(text.as_bytes()).read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn a_line_of_json_is_a_member_a_line_in_its_order() {
        let text = r#"{"name":"MoatlessTools","transitions":[{"state":"SearchCode","query":"a, b: {c}"},[]],"empty":{}}"#;
        let expected = "{\n  \"name\": \"MoatlessTools\",\n  \"transitions\": [\n    {\n      \"state\": \"SearchCode\",\n      \"query\": \"a, b: {c}\"\n    },\n    []\n  ],\n  \"empty\": {}\n}";
        assert_eq!(reindent(text), expected);
        assert_eq!(reindent(expected), expected, "laid out alike whatever its whitespace");
    }

    #[test]
    fn escaped_quotes_stay_in_their_string_and_records_stand_apart() {
        assert_eq!(
            reindent(r#"{"a":"say \"hi\", {x}\\"}"#),
            "{\n  \"a\": \"say \\\"hi\\\", {x}\\\\\"\n}"
        );
        assert_eq!(reindent("{\"a\":1}\n{\"b\":2}\n"), "{\n  \"a\": 1\n}\n\n{\n  \"b\": 2\n}");
    }

    #[test]
    fn deep_nesting_is_indented_at_most_so_deep() {
        let deep = "[".repeat(1000) + &"]".repeat(1000);
        let out = reindent(&deep);
        assert!(
            out.lines().all(|line| line.len() <= 2 * DEEPEST_INDENT + 2),
            "the indent and `[]` at most"
        );
        assert!(
            out.len() <= deep.len() * (2 * DEEPEST_INDENT + 2),
            "a line break, the indent and the byte"
        );
    }
}
