//! A JSON array of records, streamed element by element.
//!
//! serde_json parses the array on a reader thread and hands each element over a small bounded
//! channel, so only a few records are in memory at once however large the file is.

use std::fmt;
use std::io::Read;
use std::path::Path;
use std::sync::mpsc::{sync_channel, SyncSender};

use serde::de::{DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde_json::Value;

use super::{kind_of, Record, Records};
use crate::error::{FieldError, Location, RecordError};

/// Streams the elements of the array in `reader`.
pub fn read(path: &Path, reader: impl Read + Send + 'static) -> Records {
    let (sender, receiver) = sync_channel::<Result<Record, RecordError>>(8);
    let path_buf = path.to_path_buf();
    std::thread::spawn(move || {
        let mut deserializer = serde_json::Deserializer::from_reader(reader);
        let seed = Elements {
            path: &path_buf,
            sender: &sender,
            count: 0,
        };
        let result = seed
            .deserialize(&mut deserializer)
            .and_then(|count| deserializer.end().map(|()| count));
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

/// What a string where a record belongs says: an array of strings is a subset's id list.
const ID_LIST: &str = "expected a JSON object, found a string (a list of instance ids is read by `export --mark FACET=VALUE=FILE`, which marks the instances it names)";

struct Elements<'a> {
    path: &'a Path,
    sender: &'a SyncSender<Result<Record, RecordError>>,
    count: u64,
}

impl<'de> DeserializeSeed<'de> for Elements<'_> {
    type Value = u64;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<u64, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Elements<'_> {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON array of objects")
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<u64, A::Error> {
        while let Some(value) = seq.next_element::<Value>()? {
            let location = Location::Element(self.count);
            self.count += 1;
            let item = match value {
                Value::Object(fields) => Ok(Record::new(location, fields)),
                Value::String(_) => Err(FieldError::record(ID_LIST.to_string()).at(self.path, location)),
                other => Err(FieldError::record(format!("expected a JSON object, found {}", kind_of(&other))).at(self.path, location)),
            };
            if self.sender.send(item).is_err() {
                break; // the consumer stopped
            }
        }
        Ok(self.count)
    }
}
