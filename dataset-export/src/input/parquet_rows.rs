//! Apache Parquet, as the Hugging Face hub serves datasets: one record per row, read a row
//! group at a time.

use std::fs::File;
use std::path::Path;

use parquet::file::reader::SerializedFileReader;
use serde_json::Value;

use super::{kind_of, Record, Records};
use crate::error::{FieldError, Location, RecordError};

/// Streams the rows of the Parquet file at `path` as JSON objects.
pub fn read(path: &Path) -> Result<Records, RecordError> {
    let file = File::open(path).map_err(|e| RecordError::about_file(path, format!("cannot open: {e}")))?;
    let reader = SerializedFileReader::new(file).map_err(|e| RecordError::about_file(path, format!("not a readable Parquet file: {e}")))?;
    let path = path.to_path_buf();
    let mut failed = false;
    Ok(Box::new(reader.into_iter().enumerate().map_while(move |(i, row)| {
        if failed {
            return None;
        }
        let location = Location::Row(i as u64);
        Some(match row {
            Ok(row) => match row.to_json_value() {
                Value::Object(fields) => Ok(Record::new(location, fields)),
                other => Err(FieldError::record(format!("expected a row of named columns, found {}", kind_of(&other))).at(&path, location)),
            },
            Err(e) => {
                failed = true;
                Err(FieldError::record(format!("cannot decode the row: {e}")).at(&path, location))
            }
        })
    })))
}
