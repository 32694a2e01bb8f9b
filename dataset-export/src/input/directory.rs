//! Directory inputs: FeatureBench's website export (`tasks_index.json` plus one
//! `problem_statement.md` per task; one split's folder of it reads the index above it), a folder
//! `datasets`' `save_to_disk` wrote (its Arrow files), or one JSON file per task (SWE-Dev's
//! `*-metadata.json`).

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::{parse_object, read_text, Record, Records};
use crate::error::{FieldError, Location, RecordError};

/// The records of the directory at `path`, in file-name order.
pub fn read(path: &Path) -> Result<Records, RecordError> {
    let index = [path.join("tasks_index.json"), path.join("data/tasks_index.json")]
        .into_iter()
        .find(|p| p.is_file());
    if let Some(index) = index {
        return featurebench_site(&index);
    }
    if let Some((index, split)) = featurebench_site_split(path) {
        let records = featurebench_site(&index)?;
        return Ok(Box::new(
            records.filter(move |r| r.as_ref().map_or(true, |r| r.split.as_deref() == Some(split.as_str()))),
        ));
    }
    if let Some(files) = super::arrow_rows::saved_files(path) {
        return super::arrow_rows::read_all(files);
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| RecordError::about_file(path, format!("cannot list: {e}")))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(RecordError::about_file(
            path,
            format!(
                "a directory input must hold tasks_index.json or *.json task files{}",
                data_below_hint(path)
            ),
        ));
    }
    let dir = path.to_path_buf();
    Ok(Box::new(files.into_iter().map(move |file| {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let location = Location::Entry(name.clone());
        let text = read_text(&file).map_err(|m| FieldError::record(m).at(&dir, location.clone()))?;
        let fields = parse_object(&text).map_err(|e| whole_dataset_hint(e, &text, &dir).at(&dir, location.clone()))?;
        Ok(Record {
            location,
            fields,
            split: None,
            format: None,
        })
    })))
}

/// Where the data in a folder that holds no task files is, as a hint: "; data is below it:
/// data/python/ (78 data files), data/test.parquet; give those as inputs", or "data is in it:
/// test.jsonl and 1 more at its top" for files of records (JSON Lines, Parquet) at its top.
fn data_below_hint(path: &Path) -> String {
    // Each folder holding data files: its first file and how many it holds.
    let mut places: Vec<(String, String, usize)> = Vec::new();
    for file in super::hub_repository::files_under(path).into_iter().filter(|f| is_data_file(f)) {
        let place = file.rsplit_once('/').map_or("", |(folder, _)| folder).to_string();
        match places.last_mut() {
            Some((last, _, count)) if *last == place => *count += 1,
            _ => places.push((place, file, 1)),
        }
    }
    if places.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = places
        .iter()
        .take(4)
        .map(|(place, first, n)| match n {
            1 => first.clone(),
            n if place.is_empty() => format!("{first} and {} more at its top", n - 1),
            n => format!("{place}/ ({n} data files)"),
        })
        .collect();
    let more = match places.len() {
        n if n > 4 => format!(" and {} more", n - 4),
        _ => String::new(),
    };
    let whereabouts = if places.iter().any(|(place, _, _)| place.is_empty()) {
        "in"
    } else {
        "below"
    };
    format!("; data is {whereabouts} it: {}{more}; give those as inputs", shown.join(", "))
}

fn is_data_file(name: &str) -> bool {
    let plain = super::compressed::plain_name(name);
    [".json", ".jsonl", ".parquet", ".arrow", ".csv"]
        .iter()
        .any(|ext| plain.ends_with(ext))
}

/// A folder's file that is a list of records is a dataset file of its own, not one task: the
/// error says how to give such files.
fn whole_dataset_hint(error: FieldError, text: &str, dir: &Path) -> FieldError {
    if !text.trim_start().starts_with('[') {
        return error;
    }
    FieldError::record(format!(
        "{}; a list of records is a dataset file of its own, and the folder's files are exported as inputs each: `benchscope export {}/*.json`",
        error.message,
        dir.display()
    ))
}

/// The index of FeatureBench's website given as a file rather than as its folder: the name the
/// site gives it, since its statements are read from beside it.
pub(super) fn is_featurebench_site_index(path: &Path) -> bool {
    path.file_name().is_some_and(|name| name == "tasks_index.json")
}

/// A split's folder of FeatureBench's website (`data/full/`): the index a folder or two above it,
/// and the split its name is, when the index has tasks of that split.
fn featurebench_site_split(path: &Path) -> Option<(PathBuf, String)> {
    let split = path.file_name()?.to_str()?.to_string();
    let index = path
        .ancestors()
        .skip(1)
        .take(3)
        .map(|dir| dir.join("tasks_index.json"))
        .find(|p| p.is_file())?;
    let value: Value = super::from_json_bytes(read_text(&index).ok()?.as_bytes()).ok()?;
    let items = value.get("items")?.as_array()?;
    items
        .iter()
        .any(|item| item.get("split").and_then(Value::as_str) == Some(split.as_str()))
        .then_some((index, split))
}

/// FeatureBench's website index: each item becomes a record with its statement read from disk.
pub(super) fn featurebench_site(index: &Path) -> Result<Records, RecordError> {
    let text = read_text(index).map_err(|m| RecordError::about_file(index, m))?;
    let value: Value =
        super::from_json_bytes(text.as_bytes()).map_err(|e| RecordError::about_file(index, format!("malformed JSON: {e}")))?;
    let Some(items) = value.get("items").and_then(Value::as_array).cloned() else {
        return Err(RecordError::about_file(index, "field `items`: expected the list of tasks".into()));
    };
    let base = index.parent().unwrap_or(Path::new(".")).to_path_buf();
    let index = index.to_path_buf();
    Ok(Box::new(items.into_iter().enumerate().map(move |(i, item)| {
        let location = Location::Element(i as u64);
        let Value::Object(mut fields) = item else {
            return Err(FieldError::record("expected a task object".to_string()).at(&index, location));
        };
        let split = fields.get("split").and_then(Value::as_str).map(str::to_string);
        attach_statement(&base, &mut fields).map_err(|e| e.at(&index, location.clone()))?;
        Ok(Record {
            location,
            fields,
            split,
            format: Some("featurebench-site"),
        })
    })))
}

/// Reads the task's `statement_path` (relative to the site's task page, a folder or two above the
/// index, as the site serves it) into `problem_statement`.
fn attach_statement(base: &Path, fields: &mut Map<String, Value>) -> Result<(), FieldError> {
    let Some(relative) = fields.get("statement_path").and_then(Value::as_str) else {
        return Err(FieldError::new("statement_path", "missing required field"));
    };
    let relative = relative.trim_start_matches("./");
    if relative.split('/').any(|part| part == "..") {
        return Err(FieldError::new("statement_path", "must stay inside the site directory"));
    }
    // The path is the site page's (`tasks/index.html`): the index is in its `data/`, or since
    // v1.1 in `data/<version>/`.
    let Some(file) = base.ancestors().take(3).map(|dir| dir.join(relative)).find(|p| p.is_file()) else {
        return Err(FieldError::new("statement_path", format!("{relative} not found next to the index")));
    };
    let text = read_text(&file).map_err(|m| FieldError::new("statement_path", format!("{}: {m}", file.display())))?;
    fields.insert("problem_statement".into(), Value::String(text));
    Ok(())
}
