//! The Hugging Face dataset viewer's API responses (`/rows`, `/first-rows`, `/search` and
//! `/filter` of datasets-server.huggingface.co), saved to a file: one JSON object whose `rows`
//! hold each record under `row`, with its `row_idx` and the cells the server cut short
//! (`truncated_cells`).

use std::path::Path;

use serde_json::{Map, Value};

use super::{Record, Records};
use crate::error::{FieldError, Location};

/// Whether `document` is such a response.
pub fn is_viewer_response(document: &Map<String, Value>) -> bool {
    let rows = document.get("rows").and_then(Value::as_array);
    document.get("features").is_some_and(Value::is_array)
        && rows.is_some_and(|rows| rows.iter().all(|entry| entry.get("row").is_some_and(Value::is_object)))
}

/// The response's records, each at its `row_idx`. A row with a cell the server cut short is an
/// error naming the cell: its text is not the dataset's.
pub fn records(path: &Path, mut document: Map<String, Value>) -> Records {
    let rows = match document.remove("rows") {
        Some(Value::Array(rows)) => rows,
        _ => Vec::new(),
    };
    // `/first-rows` names its split; `/rows` leaves it to the request.
    let split = document.get("split").and_then(Value::as_str).map(str::to_string);
    let path = path.to_path_buf();
    Box::new(rows.into_iter().enumerate().filter_map(move |(position, entry)| {
        let Value::Object(mut entry) = entry else { return None };
        let index = entry.get("row_idx").and_then(Value::as_u64).unwrap_or(position as u64);
        let truncated = truncated_cells(&entry);
        if let Some(first) = truncated.first() {
            let message = format!(
                "cut short by the dataset viewer (truncated cells: {}); export the split's Parquet or JSON Lines instead",
                truncated.join(", ")
            );
            return Some(Err(FieldError::new(first, message).at(&path, Location::Row(index))));
        }
        match entry.remove("row") {
            Some(Value::Object(fields)) => Some(Ok(Record {
                split: split.clone(),
                ..Record::new(Location::Row(index), fields)
            })),
            _ => None,
        }
    }))
}

fn truncated_cells(entry: &Map<String, Value>) -> Vec<String> {
    let cells = entry.get("truncated_cells").and_then(Value::as_array);
    cells.into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect()
}
