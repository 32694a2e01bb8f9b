//! A JSON array of records, streamed element by element.
//!
//! serde_json parses the array on a reader thread and hands each element over a small bounded
//! channel, so only a few records are in memory at once however large the file is. A file that is
//! not JSON as it stands (Python's `NaN` in a record) is read again from its start, forgiven
//! (`json_forgiven`), and its elements already handed over are not handed over twice: forgiving
//! every file as it streams cost a fifth of a JSON array's export.

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::sync::mpsc::{sync_channel, SyncSender};

use serde::de::{DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde_json::Value;

use super::{forgiving, kind_of, Record, Records};
use crate::error::{FieldError, Location, RecordError};

/// Streams the elements of the array in `reader`, the file at `path` past its leading white
/// space.
pub fn read(path: &Path, reader: impl Read + Send + 'static) -> Records {
    let (sender, receiver) = sync_channel::<Result<Record, RecordError>>(8);
    let path_buf = path.to_path_buf();
    std::thread::spawn(move || {
        let mut read = 0;
        let mut result = stream(&path_buf, reader, &sender, &mut read, 0);
        if result.as_ref().is_err_and(serde_json::Error::is_syntax) {
            let sent = read;
            read = 0;
            result = match File::open(&path_buf).and_then(forgiving) {
                Ok(forgiven) => stream(&path_buf, forgiven, &sender, &mut read, sent),
                Err(error) => Err(serde_json::Error::io(error)),
            };
        }
        if let Err(e) = result {
            let message = if e.is_data() {
                format!("expected a JSON array of objects: {e}")
            } else {
                format!("malformed JSON: {e}")
            };
            let _ = sender.send(Err(RecordError::about_file(&path_buf, message)));
        }
    });
    Box::new(receiver.into_iter())
}

/// Parses the array in `reader` to its end, sending its elements from the `skip`th on; `read`
/// counts the elements parsed.
fn stream(
    path: &Path,
    reader: impl Read,
    sender: &SyncSender<Result<Record, RecordError>>,
    read: &mut u64,
    skip: u64,
) -> serde_json::Result<()> {
    let mut deserializer = serde_json::Deserializer::from_reader(reader);
    let seed = Elements { path, sender, read, skip };
    seed.deserialize(&mut deserializer)?;
    deserializer.end()
}

/// What a string where a record belongs says: an array of strings is a subset's id list.
const ID_LIST: &str = "expected a JSON object, found a string (a list of instance ids is read by `export --mark FACET=VALUE=FILE`, which marks the instances it names)";

struct Elements<'a> {
    path: &'a Path,
    sender: &'a SyncSender<Result<Record, RecordError>>,
    read: &'a mut u64,
    /// The elements already sent by an earlier reading.
    skip: u64,
}

impl<'de> DeserializeSeed<'de> for Elements<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Elements<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON array of objects")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(value) = seq.next_element::<Value>()? {
            let index = *self.read;
            *self.read += 1;
            if index < self.skip {
                continue;
            }
            let location = Location::Element(index);
            let item = match value {
                Value::Object(fields) => Ok(Record::new(location, fields)),
                Value::String(_) => Err(FieldError::record(ID_LIST.to_string()).at(self.path, location)),
                other => Err(FieldError::record(format!("expected a JSON object, found {}", kind_of(&other))).at(self.path, location)),
            };
            if self.sender.send(item).is_err() {
                break; // the consumer stopped
            }
        }
        Ok(())
    }
}
