//! Apache Parquet, as the Hugging Face hub serves datasets: one record per row, read a row
//! group at a time. Timestamp columns become ISO 8601 strings, as the same datasets' JSON Lines
//! hold them (the Parquet reader would give milliseconds and microseconds as
//! `2022-03-03 15:14:54.000 +00:00`, and nanoseconds, pandas' unit, as a bare integer).

use std::collections::HashMap;
use std::fs::File;
use std::path::Path;

use benchscope_contract::dates::civil;
use parquet::basic::{LogicalType, TimeUnit};
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::{Field, Row};
use serde_json::{Map, Value};

use super::{Record, Records};
use crate::error::{FieldError, Location, RecordError};

/// Streams the rows of the Parquet file at `path` as JSON objects.
pub fn read(path: &Path) -> Result<Records, RecordError> {
    let file = File::open(path).map_err(|e| RecordError::about_file(path, format!("cannot open: {e}")))?;
    let reader = SerializedFileReader::new(file).map_err(|e| RecordError::about_file(path, format!("not a readable Parquet file: {e}")))?;
    let timestamps = timestamp_columns(&reader);
    let path = path.to_path_buf();
    let mut failed = false;
    Ok(Box::new(reader.into_iter().enumerate().map_while(move |(i, row)| {
        if failed {
            return None;
        }
        let location = Location::Row(i as u64);
        Some(match row {
            Ok(row) => Ok(Record::new(location, fields_of(&row, &timestamps))),
            Err(e) => {
                failed = true;
                Err(FieldError::record(format!("cannot decode the row: {e}")).at(&path, location))
            }
        })
    })))
}

/// A timestamp column's unit and whether it is in UTC.
#[derive(Debug, Clone, Copy)]
pub struct Timestamp {
    nanos_per_unit: i64,
    utc: bool,
}

impl Timestamp {
    /// Counts of `nanos_per_unit` nanoseconds since the epoch, in UTC when `utc`.
    pub fn new(nanos_per_unit: i64, utc: bool) -> Self {
        Timestamp { nanos_per_unit, utc }
    }

    /// Seconds since the epoch, in UTC.
    pub const UTC_SECONDS: Timestamp = Timestamp {
        nanos_per_unit: 1_000_000_000,
        utc: true,
    };
    /// Milliseconds since the epoch, in UTC.
    pub const UTC_MILLIS: Timestamp = Timestamp {
        nanos_per_unit: 1_000_000,
        utc: true,
    };
}

/// The top-level columns that hold timestamps, by name.
fn timestamp_columns(reader: &SerializedFileReader<File>) -> HashMap<String, Timestamp> {
    let schema = reader.metadata().file_metadata().schema_descr().root_schema();
    schema
        .get_fields()
        .iter()
        .filter_map(|field| {
            let Some(LogicalType::Timestamp(ts)) = field.get_basic_info().logical_type_ref() else {
                return None;
            };
            let nanos_per_unit = match ts.unit {
                TimeUnit::MILLIS => 1_000_000,
                TimeUnit::MICROS => 1_000,
                TimeUnit::NANOS => 1,
            };
            Some((
                field.name().to_string(),
                Timestamp {
                    nanos_per_unit,
                    utc: ts.is_adjusted_to_u_t_c,
                },
            ))
        })
        .collect()
}

fn fields_of(row: &Row, timestamps: &HashMap<String, Timestamp>) -> Map<String, Value> {
    row.get_column_iter()
        .map(|(name, field)| {
            let count = match field {
                Field::TimestampMillis(v) | Field::TimestampMicros(v) | Field::Long(v) => Some(*v),
                _ => None,
            };
            let value = match (timestamps.get(name), count) {
                (Some(ts), Some(count)) => iso_8601(count, *ts).map_or_else(|| field.to_json_value(), Value::String),
                _ => field.to_json_value(),
            };
            (name.clone(), value)
        })
        .collect()
}

/// `2022-03-03T15:14:54Z` (with its fraction of a second when it has one; `Z` for UTC) of `count`
/// units since the epoch; `None` past the years a date can be written in.
pub fn iso_8601(count: i64, ts: Timestamp) -> Option<String> {
    let nanos = i128::from(count) * i128::from(ts.nanos_per_unit);
    let (seconds, fraction) = (nanos.div_euclid(1_000_000_000), nanos.rem_euclid(1_000_000_000));
    let (days, second_of_day) = (i64::try_from(seconds.div_euclid(86_400)).ok()?, seconds.rem_euclid(86_400));
    let (year, month, day) = civil(days);
    if !(0..=9999).contains(&year) {
        return None;
    }
    let (h, m, s) = (second_of_day / 3600, second_of_day / 60 % 60, second_of_day % 60);
    let fraction = match fraction {
        0 => String::new(),
        f => format!(".{f:09}").trim_end_matches('0').to_string(),
    };
    let zone = if ts.utc { "Z" } else { "" };
    Some(format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}{fraction}{zone}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_written_as_iso_8601_in_every_unit() {
        let utc = |nanos_per_unit| Timestamp { nanos_per_unit, utc: true };
        assert_eq!(iso_8601(1_646_320_494_000, utc(1_000_000)).unwrap(), "2022-03-03T15:14:54Z");
        assert_eq!(iso_8601(1_646_320_494_250_000, utc(1_000)).unwrap(), "2022-03-03T15:14:54.25Z");
        assert_eq!(
            iso_8601(1_646_320_494_000_000_007, utc(1)).unwrap(),
            "2022-03-03T15:14:54.000000007Z"
        );
        assert_eq!(iso_8601(-1, utc(1_000_000)).unwrap(), "1969-12-31T23:59:59.999Z");
        let local = Timestamp {
            nanos_per_unit: 1_000_000,
            utc: false,
        };
        assert_eq!(iso_8601(0, local).unwrap(), "1970-01-01T00:00:00");
        assert_eq!(iso_8601(i64::MAX, utc(1_000_000)), None);
    }
}
