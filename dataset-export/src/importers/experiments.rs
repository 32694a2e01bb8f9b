//! The experiments repository's layout: `<submission>/results/results.json` with id lists
//! (`resolved`, `applied`, `no_generation`, `test_errored`, ...), the run named as the submission's
//! `metadata.yaml` names it.

use std::path::Path;

use benchscope_contract::{failure_mode, InstanceResult};
use serde_json::Value;

use super::leaderboard::slug;
use super::{name_of, new_run, strings, submission_metadata, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::run_store::NewRun;

/// The experiments repository's `results/results.json` (`resolved` and other id lists).
pub struct ExperimentsResults;

impl RunSource for ExperimentsResults {
    fn name(&self) -> &'static str {
        "experiments results.json"
    }

    fn detect(&self, source: &Source) -> bool {
        source.json().is_some_and(|v| v.get("resolved").is_some_and(Value::is_array))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        let value = source.json().unwrap_or(&Value::Null);
        Ok(vec![experiments_results(source.path(), value, &dataset, &split, &source.label())])
    }
}

/// The experiments repository's `results/results.json`: `{resolved: [ids], applied: [...], ...}`.
pub fn experiments_results(path: &Path, value: &Value, dataset: &str, split: &str, source: &str) -> (NewRun, Vec<String>) {
    let submission = path
        .parent()
        .and_then(|p| if name_of(p) == "results" { p.parent() } else { Some(p) });
    let folder = submission.map(name_of).unwrap_or_default();
    let mut new = NewRun::new(new_run(slug(&folder), folder, dataset, split, source));
    let mut warnings = Vec::new();
    if let Some(submission) = submission {
        submission_metadata::describe(submission, &mut new.run, &mut warnings);
    }
    let list = |key: &str| strings(value, key);
    let resolved = list("resolved");
    let applied = list("applied");
    let no_generation = list("no_generation");
    let mut ids: Vec<String> = resolved
        .iter()
        .chain(&applied)
        .chain(&no_generation)
        .chain(&list("test_errored"))
        .cloned()
        .collect();
    ids.sort();
    ids.dedup();
    for id in ids {
        let is_resolved = resolved.contains(&id);
        let empty = no_generation.contains(&id);
        new.run.results.push(InstanceResult {
            resolved: Some(is_resolved),
            empty_patch: empty,
            patch_applied: (!empty).then(|| applied.contains(&id)),
            failure_mode: (!is_resolved).then(|| failure_mode::classify(empty, Some(applied.contains(&id)), None)),
            instance_id: id,
            ..Default::default()
        });
    }
    (new, warnings)
}
