//! A predictions file: JSONL, a JSON list, or a JSON object keyed by instance id, of the
//! contract's [`Prediction`] records.

use std::path::Path;

use benchscope_contract::prediction::{first_duplicate, PredictionError};
pub use benchscope_contract::prediction::{patch_warnings, Prediction};
use serde_json::Value;

use crate::error::{FieldError, Location, RecordError};
use crate::input::read_records;

impl From<PredictionError> for FieldError {
    fn from(error: PredictionError) -> Self {
        match error.field {
            Some(field) => FieldError::new(field, error.message),
            None => FieldError::record(error.message),
        }
    }
}

fn from_value(key: Option<String>, value: Value) -> Result<Prediction, FieldError> {
    Ok(Prediction::from_value(key, value)?)
}

/// Reads every prediction of `path`, in file order. A duplicate id is an error.
pub fn read_predictions(path: &Path) -> Result<Vec<Prediction>, RecordError> {
    let text_head = crate::input::compressed::read(path).map_err(|e| RecordError::about_file(path, format!("cannot read: {e}")))?;
    if let Ok(Value::Object(object)) = crate::input::from_json_bytes::<Value>(&text_head) {
        // An object keyed by instance id, unless it is one prediction itself.
        if !["instance_id", "model_patch", "fix_patch"].iter().any(|k| object.contains_key(*k)) {
            return object
                .into_iter()
                .enumerate()
                .map(|(i, (id, value))| from_value(Some(id), value).map_err(|e| e.at(path, Location::Element(i as u64))))
                .collect::<Result<Vec<_>, _>>()
                .and_then(|p| no_duplicates(path, p));
        }
    }
    let mut predictions = Vec::new();
    for record in read_records(path)? {
        let record = record?;
        predictions.push(from_value(None, Value::Object(record.fields)).map_err(|e| e.at(path, record.location))?);
    }
    no_duplicates(path, predictions)
}

fn no_duplicates(path: &Path, predictions: Vec<Prediction>) -> Result<Vec<Prediction>, RecordError> {
    if let Some((i, id)) = first_duplicate(&predictions) {
        return Err(FieldError::new("instance_id", format!("duplicate prediction for `{id}`")).at(path, Location::Element(i as u64)));
    }
    Ok(predictions)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(name: &str, text: &str) -> Result<Vec<Prediction>, RecordError> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        read_predictions(&path)
    }

    #[test]
    fn gzipped_predictions_read_as_the_plain_file_in_every_container() {
        use std::io::Write;
        let gzip = |text: &str| {
            let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            encoder.write_all(text.as_bytes()).unwrap();
            encoder.finish().unwrap()
        };
        for (name, text) in [
            (
                "p.jsonl",
                "{\"instance_id\": \"a\", \"model_patch\": \"diff\"}\n{\"instance_id\": \"b\", \"model_patch\": null}\n",
            ),
            ("p.json", "[{\"instance_id\": \"a\", \"model_patch\": \"diff\"}]"),
            ("p.json", "{\"a\": {\"model_patch\": \"diff\"}}"),
        ] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(format!("{name}.gz"));
            std::fs::write(&path, gzip(text)).unwrap();
            assert_eq!(read_predictions(&path).unwrap(), read(name, text).unwrap(), "{text}");
        }
    }

    #[test]
    fn jsonl_list_and_dict_with_null_and_empty_patches() {
        let jsonl = read("p.jsonl", "{\"instance_id\": \"a\", \"model_patch\": null, \"model_name_or_path\": \"m\"}\n{\"instance_id\": \"b\", \"model_patch\": \"--- a/x\\n\"}\n").unwrap();
        assert_eq!(
            jsonl[0],
            Prediction {
                instance_id: "a".into(),
                model: Some("m".into()),
                patch: None,
                null_patch: true,
            }
        );
        assert_eq!(jsonl[1].patch.as_deref(), Some("--- a/x\n"));
        let list = read("p.json", "[{\"instance_id\": \"a\", \"model_patch\": \"  \"}]").unwrap();
        assert_eq!((list[0].patch.as_deref(), list[0].null_patch), (None, false));
        let binary = read(
            "b.jsonl",
            "{\"instance_id\": \"c\", \"model_patch\": \"diff --git a/i.png b/i.png\\nBinary files a/i.png and b/i.png differ\\n\"}\n",
        )
        .unwrap();
        let all = [jsonl.clone(), list.clone(), binary].concat();
        assert_eq!(
            patch_warnings(&all),
            [
                "1 of 4 patches are empty strings",
                "1 of 4 patches are null or absent",
                "1 of 4 patches hold binary hunks"
            ]
        );
        assert_eq!(patch_warnings(&list), ["every one of the 1 patches is empty: nothing can resolve"]);
        let dict = read(
            "p.json",
            "{\"a\": {\"model_patch\": \"diff\"}, \"b\": {\"instance_id\": \"b\", \"model_patch\": null}}",
        )
        .unwrap();
        assert_eq!(dict.iter().map(|p| p.instance_id.as_str()).collect::<Vec<_>>(), ["a", "b"]);
    }

    /// Multi-SWE-bench's harness reads patches as `{org, repo, number, fix_patch}`.
    #[test]
    fn multi_swe_bench_patch_files_are_predictions_of_their_pull_requests() {
        let patches = read(
            "patches.jsonl",
            "{\"org\": \"axios\", \"repo\": \"axios\", \"number\": 5919, \"fix_patch\": \"diff --git a/x b/x\\n\"}\n{\"org\": \"cli\", \"repo\": \"cli\", \"number\": 7, \"fix_patch\": \"\"}\n",
        )
        .unwrap();
        let read: Vec<_> = patches.iter().map(|p| (p.instance_id.as_str(), p.patch.as_deref())).collect();
        assert_eq!(read, [("axios__axios-5919", Some("diff --git a/x b/x\n")), ("cli__cli-7", None)]);
        let err = read_err("{\"org\": \"o\", \"repo\": \"r\", \"number\": 1, \"fix_patch\": 3}\n");
        assert_eq!(err.field.as_deref(), Some("fix_patch"));
    }

    fn read_err(jsonl: &str) -> RecordError {
        read("p.jsonl", jsonl).unwrap_err()
    }

    #[test]
    fn duplicates_and_bad_types_are_errors() {
        let err = read("p.jsonl", "{\"instance_id\": \"a\"}\n{\"instance_id\": \"a\"}\n").unwrap_err();
        assert!(err.to_string().contains("duplicate prediction for `a`"), "{err}");
        let err = read("p.jsonl", "{\"instance_id\": \"a\", \"model_patch\": 3}\n").unwrap_err();
        assert_eq!(err.field.as_deref(), Some("model_patch"));
    }
}
