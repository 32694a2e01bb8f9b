//! SWE-bench predictions (`{instance_id, model_name_or_path, model_patch}`): a run with the
//! model patches and no verdicts yet; in one file, or in a folder of them a file each.

use std::path::{Path, PathBuf};

use benchscope_contract::prediction::{holds_a_model_patch, mixed_models_warning};
use benchscope_contract::InstanceResult;
use serde_json::Value;

use super::leaderboard::slug;
use super::{name_of, new_run, run_folder, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::predictions::Prediction;
use crate::run_store::NewRun;

/// A file no other format recognizes, when it is predictions: some record has `model_patch`
/// (or the file is not valid JSON, which reading it then names). Other JSON — a resolved-by
/// table, a dataset's id list — is not a run of empty patches.
pub struct Predictions;

impl RunSource for Predictions {
    fn name(&self) -> &'static str {
        "predictions"
    }

    fn detect(&self, source: &Source) -> bool {
        source.is_file() && (source.json_fault().is_err() || has_model_patches(source))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        source.json_fault()?;
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        predictions(source.path(), &dataset, &split, &source.label(), plan.run.as_deref())
    }
}

/// A folder of predictions a file each: `<instance>.json`, as aider's SWE-bench harness writes
/// them, or `<instance>.pred`, as SWE-agent does beside its trajectories. Read together they are
/// the predictions of one run (a run per model, as in one file), named by the folder.
pub struct PredictionsFolder;

impl RunSource for PredictionsFolder {
    fn name(&self) -> &'static str {
        "a folder of predictions"
    }

    /// Every `.json` or `.pred` file in it (at least one) is one prediction.
    fn detect(&self, source: &Source) -> bool {
        let files = prediction_files(source);
        !files.is_empty() && files.iter().take(FILES_TRIED).all(|file| is_one_prediction(file))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        let mut all = Vec::new();
        for file in prediction_files(source) {
            all.extend(crate::predictions::read_predictions(&file)?);
        }
        if let Some((_, id)) = benchscope_contract::prediction::first_duplicate(&all) {
            anyhow::bail!("{}: two of its files predict `{id}`", source.path().display());
        }
        let name = name_of(&run_folder(source.path()));
        runs_of(all, &dataset, &split, &source.label(), plan.run.as_deref(), &name)
    }
}

/// How many of a folder's files detection reads.
const FILES_TRIED: usize = 50;

/// A folder's prediction files, in name order.
fn prediction_files(source: &Source) -> Vec<PathBuf> {
    let mut files = source.files_named(|name| name.ends_with(".json") || name.ends_with(".pred"));
    files.sort();
    files
}

/// Whether the file at `path` holds one prediction: an object with its instance and its patch.
fn is_one_prediction(path: &Path) -> bool {
    let Ok(bytes) = crate::input::compressed::read(path) else {
        return false;
    };
    match crate::input::from_json_bytes::<Value>(&bytes) {
        Ok(record @ Value::Object(_)) => record.get("instance_id").is_some_and(Value::is_string) && holds_a_model_patch(&record),
        _ => false,
    }
}

/// Whether a record of `source` (a JSON list, one record, an object keyed by instance id, or JSON
/// Lines) holds a model's patch: `model_patch`, or a Multi-SWE-bench patch record's `fix_patch`.
fn has_model_patches(source: &Source) -> bool {
    match source.json() {
        Some(Value::Array(records)) => records.iter().any(holds_a_model_patch),
        Some(record @ Value::Object(fields)) if fields.contains_key("instance_id") || fields.contains_key("fix_patch") => {
            holds_a_model_patch(record)
        }
        Some(Value::Object(keyed)) => keyed.values().any(holds_a_model_patch),
        Some(_) => false,
        None => {
            let text = source.text();
            let first_record = || {
                text.lines()
                    .find(|l| !l.trim().is_empty())
                    .and_then(|l| crate::input::from_str_forgiving::<Value>(l).ok())
            };
            text.contains("\"model_patch\"") || first_record().is_some_and(|r| holds_a_model_patch(&r))
        }
    }
}

/// Predictions: a run with the model patches and no verdicts yet; a run per model when the file
/// holds several models' predictions (each its own submission to the harness), unless `run` names
/// the one run they make.
pub fn predictions(path: &Path, dataset: &str, split: &str, source: &str, run: Option<&str>) -> anyhow::Result<Imported> {
    let predictions = crate::predictions::read_predictions(path)?;
    let file = name_of(path);
    let stem = file.rsplit_once('.').map_or(file.as_str(), |(stem, _)| stem).to_string();
    runs_of(predictions, dataset, split, source, run, &stem)
}

/// The runs of `predictions`, one per model (unless `run` names the one run they make), a run
/// without a model named `stem`.
fn runs_of(
    predictions: Vec<Prediction>,
    dataset: &str,
    split: &str,
    source: &str,
    run: Option<&str>,
    stem: &str,
) -> anyhow::Result<Imported> {
    let models = by_model(predictions);
    if let (Some(run), [_, _, ..]) = (run, models.as_slice()) {
        let all: Vec<Prediction> = models.into_iter().flat_map(|(_, p)| p).collect();
        let mixed = mixed_models_warning(&all);
        let (mut new, mut warnings) = run_of(all, None, dataset, split, source, stem);
        new.run.id = run.to_string();
        new.run.notes.extend(mixed.clone());
        warnings.extend(mixed);
        return Ok(vec![(new, warnings)]);
    }
    // `importers::import` gives a single run the id `run`.
    Ok(models
        .into_iter()
        .map(|(model, predictions)| run_of(predictions, model, dataset, split, source, stem))
        .collect())
}

/// The predictions grouped by `model_name_or_path`, in the order models first appear.
fn by_model(predictions: Vec<Prediction>) -> Vec<(Option<String>, Vec<Prediction>)> {
    let mut groups: Vec<(Option<String>, Vec<Prediction>)> = Vec::new();
    for prediction in predictions {
        match groups.iter_mut().find(|(model, _)| *model == prediction.model) {
            Some((_, group)) => group.push(prediction),
            None => groups.push((prediction.model.clone(), vec![prediction])),
        }
    }
    // A model named on some lines and left out on others is one submission.
    if let [(None, _), (Some(_), _)] | [(Some(_), _), (None, _)] = groups.as_slice() {
        let (first, second) = (groups.remove(0), groups.remove(0));
        let model = first.0.or(second.0);
        groups.push((model, first.1.into_iter().chain(second.1).collect()));
    }
    groups
}

/// One run of `predictions`, named after `model` (else the file's stem).
fn run_of(
    predictions: Vec<Prediction>,
    model: Option<String>,
    dataset: &str,
    split: &str,
    source: &str,
    stem: &str,
) -> (NewRun, Vec<String>) {
    let warnings = crate::predictions::patch_warnings(&predictions);
    let name = model.clone().unwrap_or_else(|| stem.to_string());
    let mut new = NewRun::new(new_run(slug(&name), name, dataset, split, source));
    new.run.system.model = model;
    for prediction in predictions {
        new.run.results.push(InstanceResult {
            instance_id: prediction.instance_id.clone(),
            empty_patch: prediction.patch.is_none(),
            ..Default::default()
        });
        if let Some(patch) = prediction.patch {
            new.patches.insert(prediction.instance_id, patch);
        }
    }
    (new, warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prediction(id: &str, model: Option<&str>) -> Prediction {
        let mut value = serde_json::json!({"instance_id": id, "model_patch": "diff"});
        if let Some(model) = model {
            value["model_name_or_path"] = model.into();
        }
        Prediction::from_value(None, value).unwrap()
    }

    #[test]
    fn predictions_are_grouped_by_model_in_order_and_a_model_left_out_joins_the_one_named() {
        let groups = |models: &[Option<&str>]| -> Vec<(Option<String>, usize)> {
            let predictions = models.iter().enumerate().map(|(i, m)| prediction(&format!("i{i}"), *m)).collect();
            by_model(predictions).into_iter().map(|(m, p)| (m, p.len())).collect()
        };
        assert_eq!(
            groups(&[Some("b"), Some("a"), Some("b")]),
            [(Some("b".into()), 2), (Some("a".into()), 1)]
        );
        assert_eq!(groups(&[None, Some("a"), None]), [(Some("a".into()), 3)]);
        assert_eq!(groups(&[None, None]), [(None, 2)]);
        assert_eq!(
            groups(&[None, Some("a"), Some("b")]),
            [(None, 1), (Some("a".into()), 1), (Some("b".into()), 1)]
        );
    }
}
