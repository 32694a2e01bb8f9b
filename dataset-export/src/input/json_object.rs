//! A file holding one JSON object (pretty-printed, so not JSON Lines): a single record (it has an
//! `instance_id`, or it is one of SWE-Dev's task files, named by its file), records keyed by
//! instance id, or a dataset viewer response (`viewer_rows.rs`).
//! Anything else is refused naming what it is.

use std::path::Path;

use serde_json::Value;

use super::{kind_of, Record, Records};
use crate::error::{FieldError, Location, RecordError};
use benchscope_contract::json_document::{self, Document};

/// The fields of a task of a benchmark that names each task by its file, SWE-Dev's
/// `<package>-<test>-level1-metadata.json` (its format detects a task by them).
pub const FILE_NAMED_TASK_FIELDS: [&str; 3] = ["PRD", "file_code", "GT_file_code"];

/// The records of the JSON object file at `path`.
pub fn read(path: &Path) -> Result<Records, RecordError> {
    let bytes = std::fs::read(path).map_err(|e| RecordError::about_file(path, format!("cannot read: {e}")))?;
    let value = match json_document::read(&bytes) {
        Document::Json(value, _) => value,
        Document::Invalid(fault) => return Err(RecordError::about_file(path, format!("not valid JSON: {fault}"))),
        Document::NotJson => return Err(RecordError::about_file(path, "not a JSON document".into())),
    };
    let Value::Object(map) = value else {
        return Err(RecordError::about_file(
            path,
            format!("expected a JSON object, found {}", kind_of(&value)),
        ));
    };
    if super::viewer_rows::is_viewer_response(&map) {
        return Ok(super::viewer_rows::records(path, map));
    }
    if map.contains_key("instance_id") {
        return Ok(Box::new(std::iter::once(Ok(Record::new(Location::File, map)))));
    }
    if FILE_NAMED_TASK_FIELDS.iter().all(|field| map.contains_key(*field)) {
        // One task file given alone rather than in its folder.
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        return Ok(Box::new(std::iter::once(Ok(Record::new(Location::Entry(name), map)))));
    }
    if map.get("instance_ids").is_some_and(Value::is_array) {
        return Err(RecordError::about_file(
            path,
            "a list of instance ids (a subset's `instance_ids`), not records: `export --mark FACET=VALUE=FILE` marks the instances it names in the dataset being exported".into(),
        ));
    }
    if map.is_empty() || !map.values().all(Value::is_object) {
        let keys: Vec<&String> = map.keys().take(5).collect();
        return Err(RecordError::about_file(
            path,
            format!(
                "a JSON object that is neither a record (no `instance_id`) nor records keyed by instance id (its keys: {keys:?}); export reads JSON Lines, a JSON array of records, Parquet, CSV or a directory"
            ),
        ));
    }
    let path = path.to_path_buf();
    Ok(Box::new(map.into_iter().map(move |(id, value)| {
        let location = Location::Entry(id.clone());
        let Value::Object(mut fields) = value else {
            return Err(FieldError::record("expected a record object").at(&path, location));
        };
        fields.entry("instance_id").or_insert(Value::String(id));
        Ok(Record::new(location, fields))
    })))
}
