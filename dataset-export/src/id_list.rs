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
use std::io::{BufRead, Read};
use std::path::Path;

use serde_json::{Map, Value};

use crate::error::{FieldError, Location};
use crate::formats;
use crate::input::{self, looks_like_csv_header, read_records};

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
        Some(b'{') => match first_line_object(path) {
            Some(object) => or_records(listed_in_object(&object, path)?, path),
            None => or_records(listed_in_json(path)?, path),
        },
        _ if looks_like_csv_header(text) => from_records(path),
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

/// The first non-blank line's JSON object, when it holds a whole one.
fn first_line_object(path: &Path) -> Option<Map<String, Value>> {
    let file = crate::input::compressed::open(path).ok()?;
    let line = file.lines().map_while(Result::ok).find(|l| !l.trim().is_empty())?;
    serde_json::from_str(line.trim_start_matches('\u{feff}')).ok()
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

/// Whether the text `head` (a file's first bytes) is a list of the SWE-bench harness's image
/// names, one a line, as the lists of the images a subset needs are published: what `--mark`
/// reads, given to `export` as a dataset.
pub(crate) fn is_image_list(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    // A last line without its line break may be cut where the head ends.
    let cut = !head.ends_with(b"\n") && lines.len() > 1;
    let checked = if cut { &lines[..lines.len() - 1] } else { &lines[..] };
    !checked.is_empty() && checked.iter().all(|line| image(line).is_some())
}

#[derive(Debug, PartialEq, Eq)]
enum Image {
    /// An instance's image, with the id it is named after (lower-cased, as the harness names it).
    Instance(String),
    /// An environment or base image, shared by instances.
    Shared,
}

/// What a SWE-bench harness image name stands for: `[registry/namespace/]sweb.<kind>.<arch>.<key>[:tag][@digest]`.
fn image(line: &str) -> Option<Image> {
    let name = line.split('@').next()?.rsplit('/').next()?;
    let name = name.split(':').next()?;
    let rest = name.strip_prefix("sweb.")?;
    let (kind, rest) = rest.split_once('.')?;
    match kind {
        "eval" => {
            let (_arch, key) = rest.split_once('.')?;
            let id = key.replacen("_1776_", "__", 1);
            let id = if id == key { key.replacen("_s_", "__", 1) } else { id };
            id.contains("__").then(|| Image::Instance(id.to_lowercase()))
        }
        "env" | "base" => Some(Image::Shared),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_of_harness_image_names_is_an_image_list() {
        let images = b"sweb.base.x86_64:latest\nsweb.env.x86_64.088a7e628bda9770f9757b:latest\nsweb.eval.x86_64.django_1776_django-11099:latest\nsweb.eval.x86_6";
        assert!(is_image_list(images));
        assert!(!is_image_list(
            b"sweb.eval.x86_64.django_1776_django-11099:latest\nlibercoders/featurebench-specs_astropy-instance_493bb78b\n"
        ));
        assert!(!is_image_list(b"instance_id,patch\n"));
        assert!(!is_image_list(b"\n\n"));
    }

    #[test]
    fn image_names_give_the_ids_the_harness_named_them_after() {
        let id = |line| match image(line) {
            Some(Image::Instance(id)) => id,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(id("sweb.eval.x86_64.django_1776_django-11099:latest"), "django__django-11099");
        assert_eq!(id("sweb.eval.x86_64.astropy_s_astropy-12907:latest"), "astropy__astropy-12907");
        assert_eq!(id("swebench/sweb.eval.arm64.sympy_1776_sympy-20590:v1"), "sympy__sympy-20590");
        assert_eq!(
            id("registry.example:5000/team/sweb.eval.x86_64.automattic_1776_wp-calypso-21409@sha256:ab12"),
            "automattic__wp-calypso-21409"
        );
        assert_eq!(image("sweb.env.x86_64.088a7e628bda9770f9757b:latest"), Some(Image::Shared));
        assert_eq!(image("sweb.base.x86_64:latest"), Some(Image::Shared));
        assert_eq!(image("django__django-11099"), None);
        assert_eq!(image("sweb.eval.x86_64.noseparator:latest"), None);
    }

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
