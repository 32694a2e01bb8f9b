//! Reading records out of what benchmarks publish: JSON Lines, a JSON array, a pretty-printed
//! JSON object (records keyed by id, one record, or a dataset viewer response), Parquet, Arrow
//! IPC (as Hugging Face's `datasets` keeps a dataset on disk), CSV, or a
//! directory (one JSON file per task, or FeatureBench's website index with its markdown files).
//!
//! Every reader but the JSON object's streams: memory is bounded by the largest record (a
//! Parquet row group for Parquet), never by the file; a JSON object is one document, read whole. The container is detected from the content: Parquet's `PAR1`
//! magic, Arrow's (`ARROW1`, or a stream's first message), `[` for a JSON array, `{` for JSON Lines (or a JSON object when its first line does not
//! close or is a whole viewer response), a header of comma-separated names for CSV; directories by what they hold.

mod archives;
mod array_elements;
mod arrow_rows;
mod arrow_timestamps;
pub mod bounded_yaml;
pub mod compressed;
mod csv_rows;
mod dataset_card;
mod directory;
mod folder_files;
mod forgiving_reader;
pub mod nesting;
pub use folder_files::{files_below, files_below_where};
pub use forgiving_reader::{forgiving, forgiving_within};
mod hub_names;
mod hub_repository;
pub use archives::archive_or_utf16_note;
pub use array_elements::records_of;
pub use benchscope_contract::file_names::{is_utf16, UTF16_TEXT};
pub use benchscope_contract::json_forgiven::from_str_forgiving;
pub use hub_repository::NamedInput;
pub use json_file::from_json_bytes;
mod json_array;
mod json_file;
mod json_object;
pub use benchscope_contract::json_document::{self, kind_of};
pub use benchscope_contract::json_forgiven;
pub use hub_names::{benchmark_subset, hub_shard_names, names_from_file};
pub use json_object::FILE_NAMED_TASK_FIELDS;
mod jsonl;
mod parquet_rows;
pub use parquet_rows::{iso_8601, Timestamp};
mod viewer_rows;
pub use viewer_rows::page_note as viewer_page_note;

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::error::{FieldError, Location, RecordError};

/// A JSON object read from an input, with where it came from.
#[derive(Debug)]
pub struct Record {
    /// Where it sits in the input.
    pub location: Location,
    /// The object.
    pub fields: Map<String, Value>,
    /// The split the source itself assigns (FeatureBench's website index spans its splits).
    pub split: Option<String>,
    /// The format the source implies (a directory layout can say which benchmark it is).
    pub format: Option<&'static str>,
}

impl Record {
    fn new(location: Location, fields: Map<String, Value>) -> Self {
        Record {
            location,
            fields,
            split: None,
            format: None,
        }
    }
}

/// A stream of records, or of errors about single records (which a caller may skip).
pub type Records = Box<dyn Iterator<Item = Result<Record, RecordError>>>;

/// The inputs `path` gives, each with the dataset and split its names give: itself, the Arrow
/// files of a folder of `datasets`' cache, or the data files of a hub dataset repository's folder
/// (see [`hub_repository`]).
pub fn named_inputs(path: &Path) -> Result<Vec<NamedInput>, String> {
    if let Some(inputs) = path.is_dir().then(|| arrow_rows::cache_inputs(path)).flatten() {
        return Ok(inputs);
    }
    if let Some(inputs) = path.is_dir().then(|| hub_repository::repository_inputs(path)).flatten() {
        return inputs;
    }
    let (dataset, split) = names_from_file(path);
    Ok(vec![NamedInput {
        path: path.to_path_buf(),
        dataset,
        split,
    }])
}

/// How records are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    /// One JSON object per line.
    JsonLines,
    /// One JSON array of objects.
    JsonArray,
    /// An Apache Parquet file, one record per row.
    Parquet,
    /// Arrow IPC (as Hugging Face's `datasets` caches and saves a dataset), one record per row.
    Arrow,
    /// CSV with a header row (a dataset viewer's download).
    Csv,
}

/// Opens `path` and yields its records. A compressed file (gzip, zstd) is read from a
/// decompressed copy, and its errors name the file as given.
pub fn read_records(path: &Path) -> Result<Records, RecordError> {
    let copy = compressed::PlainCopy::of(path).map_err(|e| RecordError::about_file(path, format!("cannot decompress: {e}")))?;
    let Some(copy) = copy else { return read_plain_records(path) };
    let from_copy = FromCopy {
        copy,
        given: path.to_path_buf(),
    };
    let records = read_plain_records(from_copy.copy.path()).map_err(|e| from_copy.named(e))?;
    let cut = from_copy.copy.cut().map(|why| {
        RecordError::about_file(
            path,
            format!("cut short: decompressing it broke off ({why}); the records before the break were read"),
        )
    });
    // The closure owns the copy, so the copy lasts as long as the records read from it.
    Ok(Box::new(
        records
            .map(move |record| record.map_err(|e| from_copy.named(e)))
            .chain(cut.map(Err)),
    ))
}

/// Records read from a compressed file's decompressed copy.
struct FromCopy {
    copy: compressed::PlainCopy,
    given: PathBuf,
}

impl FromCopy {
    /// `error`, naming the file as it was given rather than its copy.
    fn named(&self, mut error: RecordError) -> RecordError {
        if error.file.starts_with(self.copy.path()) {
            error.file = self.given.clone();
        }
        error
    }
}

fn read_plain_records(path: &Path) -> Result<Records, RecordError> {
    let file_error = |message: String| RecordError::about_file(path, message);
    if path.is_dir() {
        return directory::read(path);
    }
    if directory::is_featurebench_site_index(path) {
        return directory::featurebench_site(path);
    }
    let file = File::open(path).map_err(|e| file_error(format!("cannot open: {e}")))?;
    let mut reader = BufReader::with_capacity(1 << 20, file);
    match detect_container(&mut reader).map_err(|e| file_error(format!("cannot read: {e}")))? {
        Some(Container::JsonLines) if first_line_is_partial(path) || first_line_is_viewer_response(path) => json_object::read(path),
        Some(Container::JsonLines) => Ok(Box::new(jsonl::JsonLines::new(path, reader))),
        Some(Container::JsonArray) => Ok(json_array::read(path, reader)),
        Some(Container::Parquet) => parquet_rows::read(path),
        Some(Container::Arrow) => arrow_rows::read(path),
        Some(Container::Csv) => csv_rows::read(path, reader),
        None => Err(file_error(not_records(reader.fill_buf().unwrap_or_default()))),
    }
}

/// What a file none of the containers reads is said to be, from its first bytes `head`.
fn not_records(head: &[u8]) -> String {
    if is_lfs_pointer(head) {
        LFS_POINTER.to_string()
    } else if is_utf16(head) {
        UTF16_TEXT.to_string()
    } else if let Some(note) = archives::archive_kind(head) {
        note
    } else if benchscope_contract::image_names::is_image_list(head) {
        IMAGE_LIST.to_string()
    } else if benchscope_contract::image_names::is_environment_image_list(head) {
        benchscope_contract::image_names::ENVIRONMENT_IMAGE_LIST.to_string()
    } else {
        "not JSON Lines, a JSON array, Parquet, Arrow or CSV (the first character is not `{` or `[`, there is no PAR1 or Arrow magic, and the first line is not a header of comma-separated names)".to_string()
    }
}

/// What a list of the harness's image names is said to be.
const IMAGE_LIST: &str = "a list of the SWE-bench harness's image names, one a line, not records: \
     `export --mark FACET=VALUE=FILE` marks the instances it names in the dataset being exported";

/// What a Git LFS pointer is said to be: a dataset cloned from the hub without `git lfs` holds
/// these in place of its files.
const LFS_POINTER: &str =
    "a Git LFS pointer, not the file's content: the repository was cloned without Git LFS (`git lfs pull` in the clone fetches the files)";

/// The first non-blank line's JSON object, when it holds a whole one (read without the rest
/// of the file).
pub(crate) fn first_line_object(path: &Path) -> Option<Map<String, Value>> {
    let file = compressed::open(path).ok()?;
    let line = file.lines().map_while(Result::ok).find(|l| !l.trim().is_empty())?;
    serde_json::from_str(line.trim_start_matches('\u{feff}')).ok()
}

/// Whether `text` starts as a Git LFS pointer does.
pub(crate) fn is_lfs_pointer(text: &[u8]) -> bool {
    text.starts_with(b"version https://git-lfs.github.com/spec/")
}

/// Whether the file is a pretty-printed JSON object rather than JSON Lines: its first non-blank
/// line opens a value it does not close, and the file is named `.json` or parses as one document
/// (a `.jsonl` whose first record is cut stays JSON Lines, so the fault is named on its line).
fn first_line_is_partial(path: &Path) -> bool {
    let named_json = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"));
    opens_without_closing(path)
        && (named_json || std::fs::read(path).is_ok_and(|b| matches!(json_document::read(&b), json_document::Document::Json(..))))
}

/// Whether the file's first line is a whole dataset viewer response (the API writes it on one
/// line): a JSON object with `features` and `rows`, read as one document rather than as a record.
fn first_line_is_viewer_response(path: &Path) -> bool {
    let Ok(file) = File::open(path) else { return false };
    let mut reader = BufReader::new(file);
    if !reader.fill_buf().is_ok_and(viewer_rows::may_be_response) {
        return false;
    }
    let mut line = String::new();
    reader.read_line(&mut line).is_ok()
        && serde_json::from_str::<Map<String, Value>>(line.trim_start_matches('\u{feff}'))
            .is_ok_and(|document| viewer_rows::is_viewer_response(&document))
}

fn opens_without_closing(path: &Path) -> bool {
    let Ok(file) = File::open(path) else { return false };
    let first = BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .find(|l| !l.trim().trim_start_matches('\u{feff}').is_empty());
    first.is_some_and(|line| serde_json::from_str::<Value>(line.trim_start_matches('\u{feff}')).is_err_and(|e| e.is_eof()))
}

fn detect_container(reader: &mut impl BufRead) -> std::io::Result<Option<Container>> {
    if reader.fill_buf()?.starts_with(b"PAR1") {
        return Ok(Some(Container::Parquet));
    }
    if arrow_rows::is_arrow(reader.fill_buf()?) {
        return Ok(Some(Container::Arrow));
    }
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(Some(Container::JsonLines));
        }
        let skip = buf
            .iter()
            .take_while(|b| b.is_ascii_whitespace() || [0xEF, 0xBB, 0xBF].contains(*b))
            .count();
        if skip < buf.len() {
            let first = buf[skip];
            reader.consume(skip);
            return Ok(match first {
                b'{' => Some(Container::JsonLines),
                b'[' => Some(Container::JsonArray),
                _ if looks_like_csv_header(reader.fill_buf()?) => Some(Container::Csv),
                _ => None,
            });
        }
        let len = buf.len();
        reader.consume(len);
    }
}

/// A first line of comma-separated column names (`instance_id,repo,...`).
pub(crate) fn looks_like_csv_header(buf: &[u8]) -> bool {
    let line = buf.split(|b| *b == b'\n').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    let names: Vec<&str> = line.trim_end().split(',').map(|n| n.trim_matches('"')).collect();
    names.len() >= 2
        && names
            .iter()
            .all(|n| !n.is_empty() && n.chars().all(|c| c.is_alphanumeric() || "_- .".contains(c)))
}

/// Parses one JSON object from text, as an error about the record otherwise.
fn parse_object(text: &str) -> Result<Map<String, Value>, FieldError> {
    match from_str_forgiving::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(FieldError::record(format!("expected a JSON object, found {}", kind_of(&other)))),
        Err(e) => Err(FieldError::record(format!("malformed JSON: {e}"))),
    }
}

/// Reads a whole (small) file as UTF-8 text.
pub(crate) fn read_text(path: &Path) -> Result<String, String> {
    let bytes = compressed::read(path).map_err(|e| format!("cannot read: {e}"))?;
    String::from_utf8(bytes).map_err(|e| not_utf8(e.as_bytes(), e.utf8_error(), ""))
}

/// Why `bytes` are not UTF-8 (`of`, such as " of the line", says what the offset counts in): the
/// byte and the text before it, so that a reader can find it, and what to do. A byte that starts
/// no character is most often a legacy code page's letter (Windows-1252's `é` is 0xE9); a
/// character that starts but does not end was cut short.
pub(crate) fn not_utf8(bytes: &[u8], error: std::str::Utf8Error, of: &str) -> String {
    let at = error.valid_up_to();
    let line = std::str::from_utf8(&bytes[..at])
        .unwrap_or_default()
        .rsplit('\n')
        .next()
        .unwrap_or_default();
    let before = &line[line.char_indices().rev().nth(23).map_or(0, |(i, _)| i)..];
    let hint = match error.error_len() {
        None => "a character is cut short there",
        Some(_) => "is it in a legacy code page such as Windows-1252 or Latin-1? save it as UTF-8",
    };
    let byte = bytes.get(at).copied().unwrap_or_default();
    format!("not valid UTF-8: byte 0x{byte:02X} at offset {at}{of}, after \"{before}\"; {hint}")
}
