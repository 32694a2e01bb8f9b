//! Arrow IPC, as Hugging Face's `datasets` keeps a dataset on disk: its cache
//! (`<name>-<split>.arrow`, or `<name>-<split>-00000-of-00002.arrow` when sharded) and
//! `save_to_disk`'s folder (`data-00000-of-00001.arrow` beside `state.json`, which names the
//! split, and `dataset_info.json`), both in Arrow's stream format; and Arrow's file format
//! (`ARROW1`). Each record batch is turned into JSON rows by arrow-json, one batch at a time, so
//! memory is bounded by a batch (`datasets` writes a thousand rows a batch).

use std::cell::Cell;
use std::fs::File;
use std::io::BufReader;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Once;

use arrow_array::RecordBatch;
use arrow_ipc::reader::{FileReader, StreamReader};
use benchscope_contract::file_names::{plain_name, strip_suffix_ignoring_case};
use serde_json::{Map, Value};

use super::arrow_timestamps::timestamps_as_text;
use super::{NamedInput, Record, Records};
use crate::error::{FieldError, Location, RecordError};

/// Whether a file starting with `head` is Arrow IPC: the file format's magic, or the stream
/// format's first message (a continuation marker, then its length).
pub fn is_arrow(head: &[u8]) -> bool {
    head.starts_with(b"ARROW1") || (head.starts_with(&[0xFF; 4]) && head.len() >= 8)
}

type Batches = Box<dyn Iterator<Item = Result<RecordBatch, arrow_schema::ArrowError>> + Send>;

/// The rows of the Arrow file at `path`.
pub fn read(path: &Path) -> Result<Records, RecordError> {
    let file_error = |message: String| RecordError::about_file(path, message);
    let open = || File::open(path).map_err(|e| file_error(format!("cannot open: {e}")));
    let mut head = [0u8; 6];
    let file_format = std::io::Read::read_exact(&mut open()?, &mut head).is_ok() && &head == b"ARROW1";
    let file = open()?;
    let unreadable = |e: String| file_error(format!("not a readable Arrow file: {e}"));
    if file_format {
        blocks_within(&file).map_err(unreadable)?;
    }
    let mut batches: Batches = guarded(move || {
        Ok(match file_format {
            true => Box::new(FileReader::try_new_buffered(file, None).map_err(|e| e.to_string())?) as Batches,
            false => Box::new(StreamReader::try_new(BufReader::with_capacity(1 << 20, file), None).map_err(|e| e.to_string())?),
        })
    })
    .map_err(unreadable)?;
    let path = path.to_path_buf();
    // The next row's number, or `None` once the batches ended or one could not be read.
    let mut next_row = Some(0u64);
    let rows_of_batches = std::iter::from_fn(move || {
        let first = next_row?;
        let rows = guarded(|| match batches.next() {
            None => Ok(None),
            Some(batch) => json_rows(&batch.map_err(|e| e.to_string())?).map(Some),
        });
        next_row = None;
        match rows {
            Ok(None) => None,
            Ok(Some(rows)) => {
                next_row = Some(first + rows.len() as u64);
                let records = rows.into_iter().enumerate();
                Some(
                    records
                        .map(|(i, fields)| Ok(Record::new(Location::Row(first + i as u64), fields)))
                        .collect::<Vec<_>>(),
                )
            }
            Err(e) => Some(vec![Err(
                FieldError::record(format!("cannot decode the record batch: {e}")).at(&path, Location::Row(first))
            )]),
        }
    });
    Ok(Box::new(rows_of_batches.flatten()))
}

thread_local! {
    /// Whether this thread is inside [`guarded`], whose panics are errors and are not reported.
    static GUARDED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `work`, which calls into arrow-rs, as a step that may fail: its readers are not hardened
/// against damaged files, and panic on some (a buffer's alignment asserted, say), so a panic in
/// `work` is this file's error rather than the program's end, and is not printed as a crash.
fn guarded<T>(work: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    static QUIET_WHEN_GUARDED: Once = Once::new();
    QUIET_WHEN_GUARDED.call_once(|| {
        let report = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !GUARDED.with(Cell::get) {
                report(info)
            }
        }));
    });
    GUARDED.with(|guarded| guarded.set(true));
    let result = std::panic::catch_unwind(AssertUnwindSafe(work));
    GUARDED.with(|guarded| guarded.set(false));
    result.unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(format!("damaged (arrow-rs stopped on it: {what})"))
    })
}

/// A record batch as JSON objects, one a row; a null cell is left out, as an absent field.
fn json_rows(batch: &RecordBatch) -> Result<Vec<Map<String, Value>>, String> {
    rows_held(batch)?;
    let mut writer = arrow_json::LineDelimitedWriter::new(Vec::new());
    writer.write(&timestamps_as_text(batch)?).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    let lines = writer.into_inner();
    lines
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| serde_json::from_slice::<Map<String, Value>>(line).map_err(|e| e.to_string()))
        .collect()
}

/// Checks that a batch holds its rows. A row of any column with values takes at least a bit in
/// memory, but a batch of no columns, or of columns of nulls alone, takes none however many rows
/// it states, and a damaged file may state 2^63: each would still be written out as `{}`.
fn rows_held(batch: &RecordBatch) -> Result<(), String> {
    let rows = batch.num_rows();
    let bytes = batch.get_array_memory_size();
    if rows > 64 + bytes.saturating_mul(8) {
        return Err(format!(
            "damaged: a record batch states {rows} rows, but holds {bytes} bytes for them"
        ));
    }
    Ok(())
}

/// The Arrow files of a folder `save_to_disk` wrote, in the order its `state.json` lists them
/// (or by name, when it lists none).
pub fn saved_files(folder: &Path) -> Option<Vec<PathBuf>> {
    let state = read_object(&folder.join("state.json"))?;
    let listed = state.get("_data_files").and_then(Value::as_array).and_then(|files| {
        let names = files.iter().map(|file| file.get("filename")?.as_str());
        names.map(|name| Some(folder.join(name?))).collect::<Option<Vec<_>>>()
    });
    listed.or_else(|| {
        let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
            .ok()?
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e.eq_ignore_ascii_case("arrow")))
            .collect();
        found.sort();
        Some(found)
    })
}

/// Whether every record batch and dictionary the file format's footer lists lies within the
/// file. arrow-rs reserves a block's stated length before reading it, so a damaged footer
/// stating petabytes asked for them; here it is the file's error. A footer that cannot be read
/// is left to arrow-rs to name.
fn blocks_within(mut file: &File) -> Result<(), String> {
    use std::io::{Read, Seek, SeekFrom};
    let length = file.metadata().map_err(|e| e.to_string())?.len();
    let mut tail = [0u8; 10];
    if length < 18 || file.seek(SeekFrom::End(-10)).and_then(|_| file.read_exact(&mut tail)).is_err() {
        return Ok(());
    }
    let footer_length = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
    let Some(footer_start) = u64::try_from(footer_length).ok().and_then(|n| (length - 10).checked_sub(n)) else {
        return Err(format!("its footer says it is {footer_length} bytes, and the file is {length}"));
    };
    let mut footer = vec![0u8; (length - 10 - footer_start) as usize];
    if file
        .seek(SeekFrom::Start(footer_start))
        .and_then(|_| file.read_exact(&mut footer))
        .is_err()
    {
        return Ok(());
    }
    let Ok(footer) = arrow_ipc::root_as_footer(&footer) else {
        return Ok(());
    };
    let blocks = footer.recordBatches().into_iter().chain(footer.dictionaries()).flatten();
    for block in blocks {
        let end = [block.offset(), i64::from(block.metaDataLength()), block.bodyLength()]
            .into_iter()
            .try_fold(0u64, |end, part| u64::try_from(part).ok().and_then(|part| end.checked_add(part)));
        if end.is_none_or(|end| end > length) {
            return Err(format!(
                "a block of {} bytes at byte {} lies past the file's {length} bytes",
                block.bodyLength(),
                block.offset()
            ));
        }
    }
    Ok(())
}

/// The inputs of a folder of `datasets`' cache (`…/default/0.0.0/<hash>/`, its `dataset_info.json`
/// beside one Arrow file or more per split): each file, named by its split. `None` for any other
/// folder (a `save_to_disk` folder, with its `state.json`, is one input).
pub fn cache_inputs(folder: &Path) -> Option<Vec<NamedInput>> {
    if !folder.join("dataset_info.json").is_file() || folder.join("state.json").exists() {
        return None;
    }
    let mut inputs: Vec<NamedInput> = std::fs::read_dir(folder)
        .ok()?
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let (dataset, split) = names(&path).filter(|_| path.is_file())?;
            Some(NamedInput { path, dataset, split })
        })
        .collect();
    inputs.sort_by(|a, b| a.path.cmp(&b.path));
    (!inputs.is_empty()).then_some(inputs)
}

/// The rows of the Arrow files `files`, one after the other.
pub fn read_all(files: Vec<PathBuf>) -> Result<Records, RecordError> {
    let mut all: Records = Box::new(std::iter::empty());
    for file in files {
        all = Box::new(all.chain(read(&file)?));
    }
    Ok(all)
}

/// `(dataset, split)` of an Arrow file `datasets` wrote, or of the folder `save_to_disk` wrote:
/// from its `state.json` and `dataset_info.json`, or from the cache's file name
/// (`swe-bench_lite-test.arrow`).
pub fn names(path: &Path) -> Option<(String, String)> {
    // `swe-bench_lite-test.arrow`, or the same gzipped (`….arrow.gz`).
    let name = path.file_name()?.to_str()?;
    let stem = strip_suffix_ignoring_case(plain_name(name), ".arrow");
    let is_arrow_name = stem.is_some();
    let folder = match (path.is_dir(), is_arrow_name) {
        (true, _) => path,
        (false, true) => path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")),
        (false, false) => return None,
    };
    if let Some(state) = read_object(&folder.join("state.json")) {
        let split = state.get("_split").and_then(Value::as_str).unwrap_or("test").to_string();
        let info = read_object(&folder.join("dataset_info.json"));
        let named = info
            .as_ref()
            .and_then(|info| info.get("dataset_name").and_then(Value::as_str).map(str::to_string));
        let folder_name = || std::path::absolute(folder).ok()?.file_name()?.to_str().map(str::to_string);
        let dataset = named.or_else(folder_name).unwrap_or_else(|| "dataset".to_string());
        return Some((super::hub_names::dataset_name(&dataset), split));
    }
    if path.is_dir() {
        return None;
    }
    let stem = stem?;
    let unsharded = super::hub_names::shard_split(stem).unwrap_or(stem);
    let (dataset, split) = unsharded.rsplit_once('-')?;
    (!dataset.is_empty() && !split.is_empty()).then(|| (super::hub_names::dataset_name(dataset), split.to_string()))
}

fn read_object(path: &Path) -> Option<Map<String, Value>> {
    super::from_json_bytes(&std::fs::read(path).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caches_names_and_shards_give_the_split() {
        let names_of = |path: &str| names(Path::new(path));
        assert_eq!(
            names_of("/c/swe-bench_lite-test.arrow"),
            Some(("swe-bench-lite".into(), "test".into()))
        );
        assert_eq!(
            names_of("/c/swe-bench_lite-dev-00001-of-00002.arrow"),
            Some(("swe-bench-lite".into(), "dev".into()))
        );
        assert_eq!(
            names_of("/c/swe-bench_lite-test.arrow.gz"),
            Some(("swe-bench-lite".into(), "test".into()))
        );
        assert_eq!(names_of("/c/records.jsonl"), None);
    }

    #[test]
    fn a_panic_in_arrow_is_the_files_error() {
        let error = guarded::<()>(|| panic!("buffer misaligned")).unwrap_err();
        assert_eq!(error, "damaged (arrow-rs stopped on it: buffer misaligned)");
        assert!(!GUARDED.with(Cell::get));
        assert_eq!(guarded(|| Ok(3)), Ok(3));
    }

    #[test]
    fn arrow_is_told_by_its_first_bytes() {
        assert!(is_arrow(b"ARROW1\0\0"));
        assert!(is_arrow(&[0xFF, 0xFF, 0xFF, 0xFF, 0x98, 0x02, 0, 0]));
        assert!(!is_arrow(&[0xFF, 0xFE, b'{', 0]));
        assert!(!is_arrow(b"PAR1"));
    }
}
