//! SWE-bench predictions (`{instance_id, model_name_or_path, model_patch}`), one record read the
//! same way by the CLI (`import`, `eval`) and by the explorer for a dropped file. `model_patch`
//! may be null or empty (an empty prediction), lack `diff --git` headers, or hold binary hunks;
//! it is kept verbatim. Multi-SWE-bench's patch files (its harness's `--patch_files`: `{org,
//! repo, number, fix_patch}`) are read too, the id written as the benchmark writes it,
//! `<org>__<repo>-<number>`.

use serde_json::Value;

use crate::json_document::kind_of;

/// A record that is not a prediction: the field at fault (`None` for the record) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PredictionError {
    /// The field, or `None` when the record itself is wrong.
    pub field: Option<&'static str>,
    /// What is wrong.
    pub message: String,
}

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

/// The models the predictions name (`model_name_or_path`), each once, in the order they first
/// appear.
pub fn models(predictions: &[Prediction]) -> Vec<&str> {
    let mut models: Vec<&str> = Vec::new();
    for model in predictions.iter().filter_map(|p| p.model.as_deref()) {
        if !models.contains(&model) {
            models.push(model);
        }
    }
    models
}

/// The warning for one run made of several models' predictions, when it is.
pub fn mixed_models_warning(predictions: &[Prediction]) -> Option<String> {
    let models = models(predictions);
    (models.len() > 1).then(|| format!("the run holds the predictions of {} models: {}", models.len(), models.join(", ")))
}

impl Prediction {
    /// Reads one record; `key` is the id an object keyed by instance id gives it.
    pub fn from_value(key: Option<String>, value: Value) -> Result<Prediction, PredictionError> {
        let Value::Object(mut fields) = value else {
            return Err(PredictionError::record(format!(
                "expected a prediction object, found {}",
                kind_of(&value)
            )));
        };
        let multi_swe_bench = multi_swe_bench_id(&fields);
        let instance_id = match (fields.remove("instance_id"), key, multi_swe_bench) {
            (Some(Value::String(id)), _, _) => id,
            (Some(other), _, _) => {
                return Err(PredictionError::new(
                    "instance_id",
                    format!("expected a string, found {}", kind_of(&other)),
                ))
            }
            (None, Some(key), _) => key,
            (None, None, Some(id)) => id,
            (None, None, None) => return Err(PredictionError::new("instance_id", "missing required field")),
        };
        let patch_field = if fields.contains_key("model_patch") || !fields.contains_key("fix_patch") {
            "model_patch"
        } else {
            "fix_patch"
        };
        let raw_patch = fields.remove(patch_field);
        let null_patch = matches!(raw_patch, None | Some(Value::Null));
        let patch = match raw_patch {
            None | Some(Value::Null) => None,
            Some(Value::String(p)) if p.trim().is_empty() => None,
            Some(Value::String(p)) => Some(p),
            Some(other) => {
                return Err(PredictionError::new(
                    patch_field,
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
}

/// Whether `record` carries a model's patch: `model_patch`, or `fix_patch` in a Multi-SWE-bench
/// patch record (`org, repo, number`; a dataset row, with its `resolved_issues`, holds the gold
/// patch under that name).
pub fn holds_a_model_patch(record: &Value) -> bool {
    record.get("model_patch").is_some()
        || ["org", "repo", "number", "fix_patch"].iter().all(|k| record.get(k).is_some()) && record.get("resolved_issues").is_none()
}

/// The id of a Multi-SWE-bench patch record, `<org>__<repo>-<number>`, when it is one.
fn multi_swe_bench_id(fields: &serde_json::Map<String, Value>) -> Option<String> {
    let text = |field: &str| match fields.get(field)? {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    Some(format!("{}__{}-{}", text("org")?, text("repo")?, text("number")?))
}

impl PredictionError {
    fn new(field: &'static str, message: impl Into<String>) -> Self {
        PredictionError {
            field: Some(field),
            message: message.into(),
        }
    }

    fn record(message: impl Into<String>) -> Self {
        PredictionError {
            field: None,
            message: message.into(),
        }
    }
}

/// The index and id of the first prediction whose instance already had one.
pub fn first_duplicate(predictions: &[Prediction]) -> Option<(usize, &str)> {
    let mut seen = std::collections::HashSet::new();
    predictions
        .iter()
        .enumerate()
        .find(|(_, p)| !seen.insert(p.instance_id.as_str()))
        .map(|(i, p)| (i, p.instance_id.as_str()))
}
