//! A reader of JSON that forgives, as it streams, what published files hold that JSON does not
//! allow (trailing commas, Python's `NaN` and `Infinity`, lone surrogate escapes: see
//! `benchscope_contract::json_forgiven`).

use std::io::{self, BufReader, Read};

use benchscope_contract::json_forgiven::Forgiver;

/// How much of the inner reader is read at a time.
const CHUNK: usize = 64 * 1024;

/// `inner`'s JSON, past the UTF-8 byte order mark an editor on Windows may have saved before it,
/// forgiven, behind a buffer: serde_json reads a reader a byte at a time, and takes a
/// `BufReader`'s byte from its buffer without a call.
pub fn forgiving<R: Read>(inner: R) -> io::Result<impl Read> {
    forgiving_within(inner, usize::MAX)
}

/// [`forgiving`]'s, refused with an error once they open more than `max_depth` arrays and
/// objects at once.
pub fn forgiving_within<R: Read>(mut inner: R, max_depth: usize) -> io::Result<impl Read> {
    let mut head = Vec::with_capacity(3);
    (&mut inner).take(3).read_to_end(&mut head)?;
    if head == benchscope_contract::file_names::BYTE_ORDER_MARK {
        head.clear();
    }
    let past_mark = io::Cursor::new(head).chain(inner);
    Ok(BufReader::with_capacity(CHUNK, ForgivingReader::new(past_mark, max_depth)))
}

/// `inner`'s JSON, forgiven.
pub struct ForgivingReader<R> {
    inner: R,
    forgiver: Forgiver,
    chunk: Vec<u8>,
    /// Forgiven bytes not handed out yet, from `start`.
    out: Vec<u8>,
    start: usize,
    ended: bool,
    max_depth: usize,
}

impl<R: Read> ForgivingReader<R> {
    fn new(inner: R, max_depth: usize) -> Self {
        ForgivingReader {
            inner,
            forgiver: Forgiver::within(max_depth),
            chunk: vec![0; CHUNK],
            out: Vec::with_capacity(CHUNK + 64),
            start: 0,
            ended: false,
            max_depth,
        }
    }

    /// Forgives the inner reader's next chunk into `out`; false at its end. Where the text nests
    /// too deep, the bytes up to that bracket are handed out first, so that the error a parser
    /// gives is placed at it.
    fn refill(&mut self) -> io::Result<bool> {
        // The bytes handed out before ended at the bracket past the limit.
        if self.forgiver.too_deep_at.is_some() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("nested deeper than {} arrays and objects", self.max_depth),
            ));
        }
        self.out.clear();
        self.start = 0;
        while self.out.is_empty() && !self.ended {
            let read = self.inner.read(&mut self.chunk)?;
            match read {
                0 => {
                    self.ended = true;
                    self.forgiver.finish(&mut self.out);
                }
                _ => self.forgiver.feed(&self.chunk[..read], &mut self.out),
            }
            if let Some(at) = self.forgiver.too_deep_at {
                self.out.truncate(at + 1);
            }
        }
        Ok(!self.out.is_empty())
    }
}

impl<R: Read> Read for ForgivingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.start == self.out.len() && !self.refill()? {
            return Ok(0);
        }
        let available = &self.out[self.start..];
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.start += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// A reader that hands out one byte at a time, so that every token straddles a read.
    struct ByteAtATime<'a>(&'a [u8]);

    impl Read for ByteAtATime<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some((&first, rest)) = self.0.split_first() else { return Ok(0) };
            buf[0] = first;
            self.0 = rest;
            Ok(1)
        }
    }

    #[test]
    fn constants_and_commas_split_across_reads_are_forgiven() {
        let text = br#"{"info": {"cost": NaN, "limit": Infinity, "floor": -Infinity}, "steps": [1, 2,], "s": "NaN"}"#;
        let value: Value = serde_json::from_reader(forgiving(ByteAtATime(text)).unwrap()).unwrap();
        assert_eq!(
            value,
            json!({"info": {"cost": null, "limit": null, "floor": null}, "steps": [1, 2], "s": "NaN"})
        );
    }

    #[test]
    fn a_word_at_the_very_end_is_written() {
        let value: Value = serde_json::from_reader(forgiving(&b"NaN"[..]).unwrap()).unwrap();
        assert_eq!(value, Value::Null);
        let value: Value = serde_json::from_reader(forgiving(&b"true"[..]).unwrap()).unwrap();
        assert_eq!(value, json!(true));
    }
}
