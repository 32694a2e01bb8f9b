//! JSON Lines, read line by line.

use std::io::BufRead;
use std::path::{Path, PathBuf};

use super::{parse_object, Record};
use crate::error::{FieldError, Location, RecordError};

/// What a Git LFS pointer where a record belongs is said to be.
const LFS_POINTER_LINE: &str = "a Git LFS pointer where a record belongs: a file Git LFS never fetched was written into this one";

/// What a last line that breaks off inside its record is said to be.
const CUT_SHORT_LINE: &str = "cut short: the file ends inside this record (a write or download that was interrupted)";

/// Whether `line` (whose text is `text`) is a file's last, with no newline, and its JSON breaks
/// off rather than going wrong.
fn ends_mid_record(line: &[u8], text: &str) -> bool {
    !line.ends_with(b"\n") && serde_json::from_str::<serde_json::Value>(text).is_err_and(|e| e.is_eof())
}

/// Yields one record per non-blank line.
pub struct JsonLines<R> {
    path: PathBuf,
    reader: R,
    line: u64,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> JsonLines<R> {
    /// Reads `reader`, naming `path` in errors.
    pub fn new(path: &Path, reader: R) -> Self {
        JsonLines {
            path: path.to_path_buf(),
            reader,
            line: 0,
            buf: Vec::new(),
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for JsonLines<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            self.buf.clear();
            self.line += 1;
            let location = Location::Line(self.line);
            match self.reader.read_until(b'\n', &mut self.buf) {
                Ok(0) => self.done = true,
                Ok(_) => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(FieldError::record(format!("read error: {e}")).at(&self.path, location)));
                }
            }
            if self.done {
                break;
            }
            let text = match std::str::from_utf8(&self.buf) {
                Ok(text) => text.trim_start_matches('\u{feff}').trim(),
                Err(e) => {
                    let message = super::not_utf8(&self.buf, e, " of the line");
                    return Some(Err(FieldError::record(message).at(&self.path, location)));
                }
            };
            if text.is_empty() {
                continue;
            }
            return Some(match parse_object(text) {
                Ok(fields) => Ok(Record::new(location, fields)),
                Err(_) if super::is_lfs_pointer(text.as_bytes()) => Err(FieldError::record(LFS_POINTER_LINE).at(&self.path, location)),
                Err(_) if ends_mid_record(&self.buf, text) => Err(FieldError::record(CUT_SHORT_LINE).at(&self.path, location)),
                Err(e) => Err(e.at(&self.path, location)),
            });
        }
        None
    }
}
