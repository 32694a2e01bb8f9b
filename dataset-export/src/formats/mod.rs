//! Benchmark record formats: one module per format, each implementing [`DatasetFormat`].
//!
//! A format says whether a record looks like one of its own ([`DatasetFormat::detect`]) and turns
//! it into a contract [`Instance`] ([`DatasetFormat::normalize`]). Derived fields that do not
//! depend on the format (title, change statistics, category) are filled in by [`finish`].

use serde_json::{Map, Value};

use std::path::Path;

use benchscope_contract::{patch::change_stats, Instance, PatchRole, SourceFiles};

use crate::error::{FieldError, Location};
use crate::input::{iso_8601, kind_of, Timestamp};

pub mod fea_bench;
pub mod featurebench;
pub mod featurebench_site;
pub mod lca;
pub mod multi_swe_bench;
pub mod r2e_gym;
pub mod reversed_diff;
pub mod swe_bench;
pub mod swe_dev;
pub mod swe_polybench;
pub mod swe_smith;
pub mod unified;

/// A benchmark's record format.
pub trait DatasetFormat: Sync {
    /// The name used by `--format` and stored in the manifest.
    fn name(&self) -> &'static str;
    /// Whether `record` looks like this format.
    fn detect(&self, record: &Map<String, Value>) -> bool;
    /// The benchmark this format belongs to, when the format alone says so: the dataset name an
    /// export uses unless `--dataset` gives one (a file or folder name such as `data` says nothing).
    fn benchmark(&self) -> Option<&'static str> {
        None
    }
    /// The benchmark's published subsets (`verified`, `mini`): a file in a folder named
    /// `<benchmark>-<subset>` (as the hub names them, `SWE-PolyBench_Verified`) is that subset's
    /// dataset.
    fn subsets(&self) -> &'static [&'static str] {
        &[]
    }
    /// Turns a record into an instance. `stats` and `category` are filled in later, and
    /// `title` too when the format leaves it empty.
    fn normalize(&self, record: Map<String, Value>, location: &Location) -> Result<Instance, FieldError>;
    /// Facets an input's path gives its instances (a set published as a folder of its own).
    fn facets_from_path(&self, _path: &Path) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The split an input's path names for this benchmark, when `--split` does not (SWE-Dev
    /// publishes its splits as folders, `test/easy` and `test/hard`).
    fn split_from_path(&self, _path: &Path) -> Option<String> {
        None
    }
    /// The repository files a record carries itself, taken out of the instance to be stored as
    /// its source files (fetched only when browsed).
    fn take_sources(&self, _instance: &mut Instance) -> Option<SourceFiles> {
        None
    }
    /// Whether the benchmark's rows carry a gold patch, so that one without it is worth a warning
    /// (a split that hides them). Long Code Arena's generation tasks and FeatureBench's site have none.
    fn publishes_gold_patches(&self) -> bool {
        false
    }
}

/// Every format, most specific first (detection takes the first that matches).
pub fn all() -> &'static [&'static dyn DatasetFormat] {
    &[
        &lca::commit_messages::CommitMessages,
        &lca::bug_localization::BugLocalization,
        &lca::ci_builds::CiBuilds,
        &lca::code_completion::CodeCompletion,
        &lca::library_codegen::LibraryCodegen,
        &lca::module_summarization::ModuleSummarization,
        &swe_dev::SweDev,
        &featurebench_site::FeatureBenchSite,
        &featurebench::FeatureBench,
        &fea_bench::FeaBench,
        &multi_swe_bench::MultiSweBench,
        &swe_polybench::SwePolyBench,
        &r2e_gym::R2eGym,
        &swe_bench::SweBench,
    ]
}

/// The format called `name`.
pub fn by_name(name: &str) -> Option<&'static dyn DatasetFormat> {
    all().iter().copied().find(|f| f.name() == name)
}

/// The first format that recognizes `record`.
pub fn detect(record: &Map<String, Value>) -> Option<&'static dyn DatasetFormat> {
    all().iter().copied().find(|f| f.detect(record))
}

/// Fills the fields every format derives the same way. Counts of added functions and classes
/// a format already set (from the benchmark's own list) are kept.
pub fn finish(instance: &mut Instance, category: &str) {
    if instance.title.is_empty() {
        instance.title = title_of(
            instance.documents.first().map(|d| d.markdown.as_str()).unwrap_or_default(),
            &instance.id,
        );
    }
    let given = (instance.stats.functions_added, instance.stats.classes_added);
    instance.stats = instance.patch(PatchRole::Gold).map(|p| change_stats(&p.diff)).unwrap_or_default();
    if given != (0, 0) {
        (instance.stats.functions_added, instance.stats.classes_added) = given;
    }
    instance.category = category.to_string();
}

/// The level (`lv1`, `lv2`, `level1`..) at the end of an id or file name, if any.
pub fn level_suffix(name: &str) -> Option<&str> {
    let last = name.rsplit(['.', '-']).next()?;
    let digits = last.strip_prefix("lv").or_else(|| last.strip_prefix("level"))?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(last)
}

const TITLE_MAX_CHARS: usize = 120;

/// The first non-blank line of a markdown text, without heading markers, at most 120 characters.
pub fn title_of(markdown: &str, fallback: &str) -> String {
    let line = markdown
        .lines()
        .map(|l| l.trim().trim_start_matches('#').trim())
        .find(|l| !l.is_empty())
        .unwrap_or(fallback);
    let mut title: String = line.chars().take(TITLE_MAX_CHARS).collect();
    if line.chars().count() > TITLE_MAX_CHARS {
        title.push('…');
    }
    title
}

/// The first sentence of the first paragraph of `text` (blank lines before it skipped, a heading
/// ending it) as a title, at most as long as any title.
pub fn first_sentence_title(text: &str) -> Option<String> {
    let paragraph = text
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty() && !l.starts_with('#'));
    let text = paragraph.collect::<Vec<_>>().join(" ");
    let sentence = text.find(". ").map_or(text.as_str(), |end| &text[..=end]);
    (!sentence.is_empty()).then(|| title_of(sentence, ""))
}

/// Takes a required string field out of `record`.
pub fn take_string(record: &mut Map<String, Value>, field: &str) -> Result<String, FieldError> {
    match record.remove(field) {
        Some(Value::String(s)) => Ok(s),
        Some(other) => Err(FieldError::new(field, format!("expected a string, found {}", kind_of(&other)))),
        None => Err(FieldError::new(field, "missing required field")),
    }
}

/// Takes an optional field that may be a JSON-encoded string (FeatureBench's `repo_settings`):
/// the decoded value, or the string itself when it is not JSON.
pub fn take_json_string(record: &mut Map<String, Value>, field: &str) -> Option<Value> {
    match record.remove(field)? {
        Value::String(s) => Some(serde_json::from_str(&s).unwrap_or(Value::String(s))),
        other => Some(other),
    }
}

/// Takes an optional string field; null and absence are `None`. Numbers are kept as their JSON text.
pub fn take_opt_string(record: &mut Map<String, Value>, field: &str) -> Result<Option<String>, FieldError> {
    match record.remove(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(other) => Err(FieldError::new(field, format!("expected a string, found {}", kind_of(&other)))),
    }
}

/// Takes a facet's value when it is text or a number; any other shape (an object, a list) stays in
/// the record, so it is kept among the instance's other fields rather than refusing the record.
pub fn take_facet(record: &mut Map<String, Value>, field: &str) -> Option<String> {
    match record.get(field)? {
        Value::String(_) | Value::Number(_) | Value::Null => take_opt_string(record, field).ok().flatten(),
        _ => None,
    }
}

/// Takes an optional date: a string as written, or a count since the epoch as ISO 8601 in UTC.
/// pandas' `to_json` (which `datasets`' `Dataset.to_json` calls) writes a timestamp column as
/// milliseconds; a count below 10^11 (before 1973 in milliseconds) is taken as seconds.
pub fn take_opt_date(record: &mut Map<String, Value>, field: &str) -> Result<Option<String>, FieldError> {
    let count = match record.get(field) {
        Some(Value::Number(n)) => n.as_i64(),
        _ => None,
    };
    let Some(count) = count else {
        return take_opt_string(record, field);
    };
    record.remove(field);
    let unit = if count.abs() < 100_000_000_000 {
        Timestamp::UTC_SECONDS
    } else {
        Timestamp::UTC_MILLIS
    };
    iso_8601(count, unit)
        .map(Some)
        .ok_or_else(|| FieldError::new(field, format!("{count} is no date (past the year 9999)")))
}

/// Takes an optional text field (a patch): null, absence and blank text are `None`; anything but
/// a string is an error.
pub fn take_opt_text(record: &mut Map<String, Value>, field: &str) -> Result<Option<String>, FieldError> {
    match record.remove(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok((!s.trim().is_empty()).then_some(s)),
        Some(other) => Err(FieldError::new(field, format!("expected a string, found {}", kind_of(&other)))),
    }
}

/// Takes a list of test ids given either as a JSON list of strings or as a string holding a
/// JSON-encoded list (as the Hugging Face dumps do) or a Python one (SWE-PolyBench's CSV, read by
/// its harness with `ast.literal_eval`). Absent or null is an empty list.
pub fn take_test_list(record: &mut Map<String, Value>, field: &str) -> Result<Vec<String>, FieldError> {
    let value = match record.remove(field) {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::String(encoded)) => match serde_json::from_str::<Vec<String>>(&encoded) {
            // The common case, read straight into strings (SWE-bench's lists can be thousands
            // of ids long); anything else is read again below, for its error or a Python list.
            Ok(ids) => return Ok(ids),
            Err(_) => decode_list(&encoded)
                .map_err(|e| FieldError::new(field, format!("a string that is not a JSON-encoded list (nor a Python one): {e}")))?,
        },
        Some(value) => value,
    };
    let Value::Array(items) = value else {
        return Err(FieldError::new(
            field,
            format!("expected a list of test ids, found {}", kind_of(&value)),
        ));
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| match item {
            Value::String(s) => Ok(s),
            other => Err(FieldError::new(
                field,
                format!("item {i}: expected a test id (a string), found {}", kind_of(&other)),
            )),
        })
        .collect()
}

/// A list written as JSON or, failing that, as a Python literal (`['a', "b's"]`); JSON's error
/// when it is neither.
fn decode_list(encoded: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str::<Value>(encoded).or_else(|json_error| {
        let python = encoded
            .trim_start()
            .starts_with('[')
            .then(|| crate::pyrepr::parse(encoded).ok())
            .flatten();
        python.ok_or(json_error)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn record(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    #[test]
    fn test_lists_accept_encoded_strings_and_real_lists() {
        let mut r = record(json!({"a": "[\"x\", \"y z[1]\"]", "b": ["p"], "c": null}));
        assert_eq!(take_test_list(&mut r, "a").unwrap(), ["x", "y z[1]"]);
        assert_eq!(take_test_list(&mut r, "b").unwrap(), ["p"]);
        assert!(take_test_list(&mut r, "c").unwrap().is_empty());
        let mut python = record(json!({"a": "['x', \"it's\", 'q\\'s']", "b": "['open", "c": "[]"}));
        assert_eq!(take_test_list(&mut python, "a").unwrap(), ["x", "it's", "q's"]);
        let err = take_test_list(&mut python, "b").unwrap_err();
        assert!(
            err.message.contains("not a JSON-encoded list (nor a Python one)"),
            "{}",
            err.message
        );
        assert!(take_test_list(&mut python, "c").unwrap().is_empty());
        assert!(take_test_list(&mut r, "absent").unwrap().is_empty());
    }

    #[test]
    fn test_lists_reject_wrong_types_naming_the_field() {
        let mut r = record(json!({"a": "not json", "b": 3, "c": [1]}));
        for field in ["a", "b", "c"] {
            let err = take_test_list(&mut r, field).unwrap_err();
            assert_eq!(err.field.as_deref(), Some(field));
        }
    }

    #[test]
    fn levels_come_from_the_end_of_ids_and_file_names() {
        assert_eq!(level_suffix("astropy__astropy.b0db0daa.test_x.067e927c.lv2"), Some("lv2"));
        assert_eq!(level_suffix("advertools-test_ad_create-level1"), Some("level1"));
        assert_eq!(level_suffix("django__django-11099"), None);
        assert_eq!(level_suffix("x.lv"), None);
    }

    #[test]
    fn titles_skip_blank_lines_and_heading_marks() {
        assert_eq!(title_of("\n\n## Crash in `foo`\r\nbody", "id"), "Crash in `foo`");
        assert_eq!(title_of("   ", "the-id"), "the-id");
        assert_eq!(title_of(&"é".repeat(200), "id").chars().count(), TITLE_MAX_CHARS + 1);
    }
}
