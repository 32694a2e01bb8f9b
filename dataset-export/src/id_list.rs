//! The lists of instance ids a subset is published as, read for `export --mark`:
//!
//! - a JSON array of ids, or an object with `instance_ids` (FEA-Bench's `instances_lite.json`,
//!   the `verified_dataset.json` of SWE-bench's tooling);
//! - the subset's own dataset file, in any container `export` reads (SWE-bench Verified's
//!   Parquet shard, Lite's JSONL): the ids of its records;
//! - one id per line, or one Docker image per line as the SWE-bench harness names an instance's
//!   image (`sweb.eval.x86_64.django_1776_django-11099:latest`, with or without a registry, the
//!   older `_s_` in place of `_1776_`): the lists that say which images a subset needs. The
//!   harness lower-cases ids in image names, so those ids match whatever their case.

use std::collections::HashSet;
use std::io::Read;
use std::path::Path;

use serde_json::{Map, Value};

use crate::error::{FieldError, Location};
use crate::formats;
use crate::input::{self, looks_like_csv_header, read_records};
use benchscope_contract::image_names::{image, is_environment_image_list, Image, ENVIRONMENT_IMAGE_LIST};

/// The ids a list names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IdList {
    /// Ids as written.
    exact: HashSet<String>,
    /// Ids read from image names, lower-cased.
    folded: HashSet<String>,
}

impl IdList {
    /// The entry of the list that names `id`, if one does.
    pub fn entry_for(&self, id: &str) -> Option<&str> {
        if let Some(entry) = self.exact.get(id) {
            return Some(entry);
        }
        if self.folded.is_empty() {
            return None;
        }
        self.folded.get(&id.to_lowercase()).map(String::as_str)
    }

    /// Every entry of the list.
    pub fn entries(&self) -> impl Iterator<Item = &str> {
        self.exact.iter().chain(&self.folded).map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.exact.len() + self.folded.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Reads the ids `path` lists. The error names the file and, for a dataset file, the record.
pub fn read(path: &Path) -> Result<IdList, String> {
    let list = if path.is_dir() { from_records(path)? } else { from_file(path)? };
    if list.is_empty() {
        return Err(format!("{}: lists no instance ids", path.display()));
    }
    Ok(list)
}

/// A file's ids, by what its first bytes say it is.
fn from_file(path: &Path) -> Result<IdList, String> {
    let head = file_head(path)?;
    if head.starts_with(b"PAR1") {
        return from_records(path);
    }
    let text = benchscope_contract::file_names::without_byte_order_mark(&head).trim_ascii_start();
    match text.first() {
        // An array of records, streamed rather than parsed whole to find its ids.
        Some(b'[') if text[1..].trim_ascii_start().first() == Some(&b'{') => from_records(path),
        Some(b'[') => or_records(listed_in_json(path)?, path),
        // One object on the first line: a one-line id list, or the first of JSON Lines of
        // records (read as records, never whole).
        Some(b'{') => match crate::input::first_line_object(path) {
            Some(object) => or_records(listed_in_object(&object, path)?, path),
            None => or_records(listed_in_json(path)?, path),
        },
        _ if looks_like_csv_header(text) => from_records(path),
        _ if is_environment_image_list(text) => Err(format!("{}: {ENVIRONMENT_IMAGE_LIST}", path.display())),
        _ => Ok(from_lines(&read_text(path)?)),
    }
}

/// `list`, or, where the JSON was records rather than ids, the ids of the file's records.
fn or_records(list: Option<IdList>, path: &Path) -> Result<IdList, String> {
    match list {
        Some(list) => Ok(list),
        None => from_records(path),
    }
}

/// The first bytes of the file, enough to tell its container.
fn file_head(path: &Path) -> Result<Vec<u8>, String> {
    let mut head = Vec::new();
    crate::input::compressed::open(path)
        .and_then(|file| file.take(4096).read_to_end(&mut head))
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    Ok(head)
}

fn read_text(path: &Path) -> Result<String, String> {
    input::read_text(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// A JSON document read whole: an array of ids, or an object with `instance_ids`; `None` for
/// any other JSON (records).
fn listed_in_json(path: &Path) -> Result<Option<IdList>, String> {
    match crate::input::from_json_bytes::<Value>(read_text(path)?.as_bytes()) {
        Ok(Value::Array(items)) => listed_items(&items, path),
        Ok(Value::Object(object)) => listed_in_object(&object, path),
        _ => Ok(None),
    }
}

/// An object's `instance_ids`; `None` for an object without them (a record).
fn listed_in_object(object: &Map<String, Value>, path: &Path) -> Result<Option<IdList>, String> {
    match object.get("instance_ids") {
        Some(Value::Array(items)) => listed_items(items, path),
        Some(_) => Err(format!("{}: `instance_ids` is not a list of ids", path.display())),
        None => Ok(None),
    }
}

/// A list of ids; `None` for a list of records.
fn listed_items(items: &[Value], path: &Path) -> Result<Option<IdList>, String> {
    if items.iter().any(Value::is_object) {
        return Ok(None);
    }
    let mut list = IdList::default();
    for (at, item) in items.iter().enumerate() {
        match item.as_str() {
            Some(id) if !id.trim().is_empty() => list.exact.insert(id.trim().to_string()),
            _ => return Err(format!("{}: element {at} is not an instance id", path.display())),
        };
    }
    Ok(Some(list))
}

/// The ids of a dataset file's records: their `instance_id`, or the id their benchmark's format
/// gives them.
fn from_records(path: &Path) -> Result<IdList, String> {
    let mut list = IdList::default();
    for record in read_records(path).map_err(|e| e.to_string())? {
        let record = record.map_err(|e| e.to_string())?;
        let id = id_of_record(record.fields, &record.location).map_err(|e| e.at(path, record.location).to_string())?;
        list.exact.insert(id);
    }
    Ok(list)
}

fn id_of_record(fields: Map<String, Value>, location: &Location) -> Result<String, FieldError> {
    if let Some(id) = fields.get("instance_id") {
        return match id.as_str() {
            Some(id) if !id.trim().is_empty() => Ok(id.to_string()),
            _ => Err(FieldError::new("instance_id", "not an id")),
        };
    }
    let format = formats::detect(&fields).ok_or_else(|| {
        FieldError::new(
            "instance_id",
            "missing, and no known benchmark format matches the record to give it an id",
        )
    })?;
    format.normalize(fields, location).map(|instance| instance.id)
}

/// One id or one image name per line; blank lines and `#` comments are skipped, and so are the
/// harness's environment and base images, which belong to no instance.
fn from_lines(text: &str) -> IdList {
    let mut list = IdList::default();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        match image(line) {
            Some(Image::Instance(id)) => list.folded.insert(id),
            Some(Image::Shared) => false,
            None => list.exact.insert(unquoted(line.trim_start_matches('\u{feff}')).to_string()),
        };
    }
    list
}

/// A line that is a JSON string (`"django__django-11099"`, as JSON Lines of ids write it) without
/// its quotes.
fn unquoted(line: &str) -> &str {
    line.strip_prefix('"').and_then(|l| l.strip_suffix('"')).unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_from_images_match_whatever_their_case() {
        let list =
            from_lines("# Multimodal\nsweb.eval.x86_64.automattic_1776_wp-calypso-21409:latest\nsweb.base.x86_64:latest\n\nplain__id-1\n\"quoted__id-2\"\n");
        assert_eq!(list.len(), 3);
        assert_eq!(
            list.entry_for("quoted__id-2"),
            Some("quoted__id-2"),
            "a JSON Lines string loses its quotes"
        );
        assert_eq!(list.entry_for("Automattic__wp-calypso-21409"), Some("automattic__wp-calypso-21409"));
        assert_eq!(list.entry_for("plain__id-1"), Some("plain__id-1"));
        assert_eq!(list.entry_for("Plain__id-1"), None, "ids written out are matched as written");
    }
}
