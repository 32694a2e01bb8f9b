//! SWE-bench predictions: JSONL, a JSON list, or a JSON object keyed by instance id, of
//! `{instance_id, model_name_or_path, model_patch}`. `model_patch` may be null or empty (an
//! empty prediction), lack `diff --git` headers, or hold binary hunks; it is kept verbatim.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::error::{FieldError, Location, RecordError};
use crate::input::{kind_of, read_records};

/// One prediction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prediction {
    /// The instance.
    pub instance_id: String,
    /// The model (or system) that produced it, when given.
    pub model: Option<String>,
    /// The patch; `None` when null, absent or blank.
    pub patch: Option<String>,
    /// Whether `model_patch` was null or absent (rather than blank).
    pub null_patch: bool,
}

impl Prediction {
    /// Whether the patch holds a binary hunk (git's `GIT binary patch` or `Binary files ... differ`).
    pub fn has_binary_patch(&self) -> bool {
        self.patch
            .as_deref()
            .is_some_and(|p| p.contains("GIT binary patch") || p.lines().any(|l| l.starts_with("Binary files ") && l.ends_with(" differ")))
    }
}

/// What a predictions file's patches are like: the counts a summary warns about.
pub fn patch_warnings(predictions: &[Prediction]) -> Vec<String> {
    let null = predictions.iter().filter(|p| p.null_patch).count();
    let blank = predictions.iter().filter(|p| p.patch.is_none() && !p.null_patch).count();
    let binary = predictions.iter().filter(|p| p.has_binary_patch()).count();
    let mut warnings = Vec::new();
    if !predictions.is_empty() && predictions.iter().all(|p| p.patch.is_none()) {
        warnings.push(format!(
            "every one of the {} patches is empty: nothing can resolve",
            predictions.len()
        ));
    } else {
        if blank > 0 {
            warnings.push(format!("{blank} of {} patches are empty strings", predictions.len()));
        }
        if null > 0 {
            warnings.push(format!("{null} of {} patches are null or absent", predictions.len()));
        }
    }
    if binary > 0 {
        warnings.push(format!("{binary} of {} patches hold binary hunks", predictions.len()));
    }
    warnings
}

/// Reads every prediction of `path`, in file order. A duplicate id is an error.
pub fn read_predictions(path: &Path) -> Result<Vec<Prediction>, RecordError> {
    let text_head = std::fs::read(path).map_err(|e| RecordError::about_file(path, format!("cannot read: {e}")))?;
    if let Ok(Value::Object(object)) = serde_json::from_slice::<Value>(&text_head) {
        if !object.contains_key("instance_id") {
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

fn from_value(key: Option<String>, value: Value) -> Result<Prediction, FieldError> {
    let Value::Object(mut fields) = value else {
        return Err(FieldError::record(format!(
            "expected a prediction object, found {}",
            kind_of(&value)
        )));
    };
    let instance_id = match (fields.remove("instance_id"), key) {
        (Some(Value::String(id)), _) => id,
        (Some(other), _) => {
            return Err(FieldError::new(
                "instance_id",
                format!("expected a string, found {}", kind_of(&other)),
            ))
        }
        (None, Some(key)) => key,
        (None, None) => return Err(FieldError::new("instance_id", "missing required field")),
    };
    let raw_patch = fields.remove("model_patch");
    let null_patch = matches!(raw_patch, None | Some(Value::Null));
    let patch = match raw_patch {
        None | Some(Value::Null) => None,
        Some(Value::String(p)) if p.trim().is_empty() => None,
        Some(Value::String(p)) => Some(p),
        Some(other) => {
            return Err(FieldError::new(
                "model_patch",
                format!("expected a string or null, found {}", kind_of(&other)),
            ))
        }
    };
    let model = fields.remove("model_name_or_path").and_then(|v| v.as_str().map(str::to_string));
    Ok(Prediction {
        instance_id,
        model,
        patch,
        null_patch,
    })
}

fn no_duplicates(path: &Path, predictions: Vec<Prediction>) -> Result<Vec<Prediction>, RecordError> {
    let mut seen = BTreeMap::new();
    for (i, prediction) in predictions.iter().enumerate() {
        if seen.insert(prediction.instance_id.clone(), i).is_some() {
            return Err(
                FieldError::new("instance_id", format!("duplicate prediction for `{}`", prediction.instance_id))
                    .at(path, Location::Element(i as u64)),
            );
        }
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

    #[test]
    fn duplicates_and_bad_types_are_errors() {
        let err = read("p.jsonl", "{\"instance_id\": \"a\"}\n{\"instance_id\": \"a\"}\n").unwrap_err();
        assert!(err.to_string().contains("duplicate prediction for `a`"), "{err}");
        let err = read("p.jsonl", "{\"instance_id\": \"a\", \"model_patch\": 3}\n").unwrap_err();
        assert_eq!(err.field.as_deref(), Some("model_patch"));
    }
}
