//! Apache Parquet, as the Hugging Face hub serves datasets: one record per row, read a row
//! group at a time. Timestamp columns become ISO 8601 strings, as the same datasets' JSON Lines
//! hold them (the Parquet reader would give milliseconds and microseconds as
//! `2022-03-03 15:14:54.000 +00:00`, and nanoseconds, pandas' unit, as a bare integer).

use std::collections::HashMap;
use std::fs::File;
use std::path::Path;

use benchscope_contract::dates::civil;
use parquet::basic::{ConvertedType, LogicalType, TimeUnit};
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::{Field, Row};
use parquet::schema::types::{Type, TypePtr};
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

/// The top-level columns that hold a timestamp, at any depth, by name: their schema.
fn timestamp_columns(reader: &SerializedFileReader<File>) -> HashMap<String, TypePtr> {
    let schema = reader.metadata().file_metadata().schema_descr().root_schema();
    schema
        .get_fields()
        .iter()
        .filter(|field| holds_timestamp(field))
        .map(|field| (field.name().to_string(), field.clone()))
        .collect()
}

fn holds_timestamp(schema: &Type) -> bool {
    match schema {
        Type::PrimitiveType { .. } => timestamp_of(schema).is_some(),
        Type::GroupType { fields, .. } => fields.iter().any(|field| holds_timestamp(field)),
    }
}

fn timestamp_of(schema: &Type) -> Option<Timestamp> {
    let Some(LogicalType::Timestamp(ts)) = schema.get_basic_info().logical_type_ref() else {
        return None;
    };
    let nanos_per_unit = match ts.unit {
        TimeUnit::MILLIS => 1_000_000,
        TimeUnit::MICROS => 1_000,
        TimeUnit::NANOS => 1,
    };
    Some(Timestamp {
        nanos_per_unit,
        utc: ts.is_adjusted_to_u_t_c,
    })
}

fn fields_of(row: &Row, timestamps: &HashMap<String, TypePtr>) -> Map<String, Value> {
    row.get_column_iter()
        .map(|(name, field)| {
            let value = match timestamps.get(name) {
                Some(schema) => with_timestamps(field, schema),
                None => field.to_json_value(),
            };
            (name.clone(), value)
        })
        .collect()
}

/// `field` as JSON, its timestamps at any depth as ISO 8601 text: `schema` says which values are
/// timestamps, in which unit and zone (the reader gives a nested one as
/// `2022-03-03 15:14:54.000 +00:00` whatever its zone, and nanoseconds as a bare integer).
fn with_timestamps(field: &Field, schema: &Type) -> Value {
    match (field, schema) {
        (Field::TimestampMillis(count) | Field::TimestampMicros(count) | Field::Long(count), Type::PrimitiveType { .. }) => {
            let text = timestamp_of(schema).and_then(|ts| iso_8601(*count, ts));
            text.map_or_else(|| field.to_json_value(), Value::String)
        }
        (Field::Group(row), Type::GroupType { fields, .. }) => Value::Object(
            row.get_column_iter()
                .map(|(name, value)| {
                    let schema = fields.iter().find(|f| f.name() == name);
                    let value = schema.map_or_else(|| value.to_json_value(), |schema| with_timestamps(value, schema));
                    (name.clone(), value)
                })
                .collect(),
        ),
        (Field::ListInternal(list), _) => {
            let element = list_element(schema);
            Value::Array(list.elements().iter().map(|item| with_timestamps(item, element)).collect())
        }
        (Field::MapInternal(map), _) => match map_value(schema) {
            Some(value_schema) => Value::Object(
                map.entries()
                    .iter()
                    .map(|(key, value)| {
                        let key = key.to_json_value();
                        let key = key.as_str().map_or_else(|| key.to_string(), str::to_owned);
                        (key, with_timestamps(value, value_schema))
                    })
                    .collect(),
            ),
            None => field.to_json_value(),
        },
        _ => field.to_json_value(),
    }
}

/// The schema of a list's items, by Parquet's rules for lists, the older layouts too: a `LIST`
/// group's repeated field is the item unless it is a group of one field not named `array` or
/// `<list>_tuple`, whose field is; a repeated field that is no such group is its own item.
fn list_element(schema: &Type) -> &Type {
    let repeated = match schema {
        Type::GroupType { fields, .. } if is_list(schema) && fields.len() == 1 => fields[0].as_ref(),
        _ => return schema,
    };
    match repeated {
        Type::GroupType { fields, .. }
            if fields.len() == 1 && repeated.name() != "array" && repeated.name() != format!("{}_tuple", schema.name()) =>
        {
            fields[0].as_ref()
        }
        _ => repeated,
    }
}

/// Whether a group is annotated as a list, by its logical type or (older writers) its converted one.
fn is_list(schema: &Type) -> bool {
    let info = schema.get_basic_info();
    info.logical_type_ref() == Some(&LogicalType::List) || info.converted_type() == ConvertedType::LIST
}

/// The schema of a map's values: the second field of its repeated key-value group.
fn map_value(schema: &Type) -> Option<&Type> {
    let Type::GroupType { fields, .. } = schema else {
        return None;
    };
    let Type::GroupType { fields: pair, .. } = fields.first()?.as_ref() else {
        return None;
    };
    pair.get(1).map(AsRef::as_ref)
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
