//! The Hugging Face dataset viewer's API responses (`/rows`, `/first-rows`, `/search` and
//! `/filter` of datasets-server.huggingface.co), saved to a file: one JSON object whose `rows`
//! hold each record under `row`, with its `row_idx` and the cells the server cut short
//! (`truncated_cells`).

use std::io::Read;
use std::path::Path;

use serde_json::{Map, Value};

use super::{Record, Records};
use crate::error::{FieldError, Location};

/// Whether a file starting with `head` may be such a response: its first key is the one the
/// server writes first (`features`, or `dataset` for `/first-rows`).
pub fn may_be_response(head: &[u8]) -> bool {
    let head: String = String::from_utf8_lossy(&head[..head.len().min(64)])
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let head = head.trim_start_matches('\u{feff}');
    head.starts_with("{\"features\":") || head.starts_with("{\"dataset\":")
}

/// For a response that holds one page of its split, which rows it holds and how many it leaves
/// out: a reader who saved one page should not take it for the split.
pub fn page_note(path: &Path) -> Option<String> {
    let mut head = [0u8; 64];
    let read = std::fs::File::open(path).ok()?.read(&mut head).ok()?;
    if !may_be_response(&head[..read]) {
        return None;
    }
    let document: Map<String, Value> = super::from_json_bytes(&std::fs::read(path).ok()?).ok()?;
    if !is_viewer_response(&document) {
        return None;
    }
    let rows = document.get("rows").and_then(Value::as_array)?;
    let total = document.get("num_rows_total").and_then(Value::as_u64)?;
    let indexes = rows.iter().filter_map(|entry| entry.get("row_idx").and_then(Value::as_u64));
    let (first, last) = indexes.fold((u64::MAX, 0), |(low, high), i| (low.min(i), high.max(i)));
    let held = rows.len() as u64;
    (held < total).then(|| {
        let which = if held == 0 { "no rows".to_string() } else { format!("rows {first}–{last}") };
        format!(
            "{}: a dataset viewer page holds {which} of its split's {total}; the other {} are not in the file (export the split's Parquet or JSON Lines for all of them)",
            path.display(),
            total - held
        )
    })
}

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
