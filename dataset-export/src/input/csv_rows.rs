//! CSV, as dataset viewers download a split: a header row naming the columns, then one record
//! per row, with quoted cells that may span lines. Every cell is a string (the lists in
//! SWE-bench's CSV downloads are JSON-encoded strings, as in its JSONL).

use std::io::Read;
use std::path::Path;

use serde_json::{Map, Value};

use super::{Record, Records};
use crate::error::{FieldError, Location, RecordError};

/// Streams the rows of the CSV read from `reader` (the file at `path`).
pub fn read(path: &Path, reader: impl Read + 'static) -> Result<Records, RecordError> {
    let mut csv = csv::ReaderBuilder::new().flexible(false).from_reader(reader);
    let headers = csv
        .headers()
        .map_err(|e| RecordError::about_file(path, format!("cannot read the CSV header row: {e}")))?
        .clone();
    let path = path.to_path_buf();
    let mut failed = false;
    Ok(Box::new(csv.into_records().enumerate().map_while(move |(i, row)| {
        if failed {
            return None;
        }
        let location = Location::Row(i as u64);
        Some(match row {
            Ok(row) => {
                let fields: Map<String, Value> = headers
                    .iter()
                    .zip(row.iter())
                    .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
                    .collect();
                Ok(Record::new(location, fields))
            }
            Err(e) => {
                // A quoting fault desynchronizes every later row: stop there.
                failed = !matches!(e.kind(), csv::ErrorKind::UnequalLengths { .. });
                let line = e.position().map(|p| format!(" (line {})", p.line())).unwrap_or_default();
                Err(FieldError::record(format!("not a readable CSV row{line}: {e}")).at(&path, location))
            }
        })
    })))
}
