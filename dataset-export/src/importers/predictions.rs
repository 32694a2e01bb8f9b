//! SWE-bench predictions (`{instance_id, model_name_or_path, model_patch}`): a run with the
//! model patches and no verdicts yet.

use std::path::Path;

use benchscope_contract::InstanceResult;
use serde_json::Value;

use super::leaderboard::slug;
use super::{name_of, new_run, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
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
        Ok(vec![predictions(
            source.path(),
            &dataset,
            &split,
            &source.label(),
            plan.run.as_deref(),
        )?])
    }
}

/// Whether a record of `source` (a JSON list, one record, an object keyed by instance id, or JSON
/// Lines) has a `model_patch` field.
fn has_model_patches(source: &Source) -> bool {
    let has_patch = |record: &Value| record.get("model_patch").is_some();
    match source.json() {
        Some(Value::Array(records)) => records.iter().any(has_patch),
        Some(record @ Value::Object(fields)) if fields.contains_key("instance_id") => has_patch(record),
        Some(Value::Object(keyed)) => keyed.values().any(has_patch),
        Some(_) => false,
        None => source.text().contains("\"model_patch\""),
    }
}

/// Predictions: a run with the model patches and no verdicts yet.
pub fn predictions(path: &Path, dataset: &str, split: &str, source: &str, run: Option<&str>) -> anyhow::Result<(NewRun, Vec<String>)> {
    let predictions = crate::predictions::read_predictions(path)?;
    let warnings = crate::predictions::patch_warnings(&predictions);
    let model = predictions.iter().find_map(|p| p.model.clone());
    let file = name_of(path);
    let stem = file.rsplit_once('.').map_or(file.as_str(), |(stem, _)| stem).to_string();
    let id = run.map(str::to_string).unwrap_or_else(|| slug(model.as_deref().unwrap_or(&stem)));
    let mut new = NewRun::new(new_run(id, model.clone().unwrap_or(stem), dataset, split, source));
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
    Ok((new, warnings))
}
