//! The experiments repository's layout: a submission folder with `results/results.json` (id
//! lists: `resolved`, `no_generation`, `no_logs`; older ones `applied`, `test_errored` too), its
//! predictions `all_preds.jsonl`, and `metadata.yaml`, which names the run. Recent submissions
//! keep their logs elsewhere, so the folder holds no report: the lists and the predictions are
//! the run.

use std::collections::BTreeSet;
use std::path::Path;

use benchscope_contract::{failure_mode, InstanceResult};
use serde_json::Value;

use super::leaderboard::slug;
use super::{name_of, new_run, strings, submission_metadata, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::run_store::NewRun;

/// The experiments repository's `results/results.json`, or a submission folder holding one.
pub struct ExperimentsResults;

impl RunSource for ExperimentsResults {
    fn name(&self) -> &'static str {
        "experiments results.json"
    }

    fn detect(&self, source: &Source) -> bool {
        match source.is_file() {
            true => source.json().is_some_and(|v| v.get("resolved").is_some_and(Value::is_array)),
            false => source.path().join(RESULTS).is_file(),
        }
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        if source.is_file() {
            let value = source.json().unwrap_or(&Value::Null);
            return Ok(vec![experiments_results(source.path(), value, &dataset, &split, &source.label())]);
        }
        // A submission folder: its results file is read as a source of its own (a fault in it
        // named at its line, its trailing commas forgiven with a warning).
        let results = Source::open(&source.path().join(RESULTS))?;
        results.json_fault()?;
        let value = results.json().unwrap_or(&Value::Null);
        let (new, mut warnings) = experiments_results(results.path(), value, &dataset, &split, &source.label());
        warnings.extend(results.forgiven_commas());
        Ok(vec![(new, warnings)])
    }
}

/// Where a submission keeps its verdicts.
const RESULTS: &str = "results/results.json";

/// The names a submission's predictions go by, in the order they are looked for.
const PREDICTIONS: [&str; 3] = ["all_preds.jsonl", "all_preds.json", "preds.json"];

/// The experiments repository's `results/results.json` at `path`, its `value`, with the
/// submission's predictions and metadata when they are in the folder above.
pub fn experiments_results(path: &Path, value: &Value, dataset: &str, split: &str, source: &str) -> (NewRun, Vec<String>) {
    let submission = path
        .parent()
        .and_then(|p| if name_of(p) == "results" { p.parent() } else { Some(p) });
    let folder = submission.map(name_of).unwrap_or_default();
    let mut new = NewRun::new(new_run(slug(&folder), folder, dataset, split, source));
    let mut warnings = Vec::new();
    if let Some(submission) = submission {
        submission_metadata::describe(submission, &mut new.run, &mut warnings);
        attach_predictions(submission, &mut new, &mut warnings);
    }
    let lists = Lists::of(value);
    let submitted: BTreeSet<String> = new.patches.keys().cloned().collect();
    let ids: BTreeSet<&String> = lists.all().chain(&submitted).collect();
    new.run.results = ids.into_iter().map(|id| lists.result(id)).collect();
    (new, warnings)
}

/// The model patches of the submission's predictions, if it has a file of them.
fn attach_predictions(submission: &Path, new: &mut NewRun, warnings: &mut Vec<String>) {
    let Some(path) = PREDICTIONS.iter().map(|name| submission.join(name)).find(|p| p.is_file()) else {
        return;
    };
    match crate::predictions::read_predictions(&path) {
        Ok(predictions) => {
            warnings.extend(crate::predictions::patch_warnings(&predictions));
            for prediction in predictions {
                if let Some(patch) = prediction.patch {
                    new.patches.insert(prediction.instance_id, patch);
                }
            }
        }
        Err(error) => warnings.push(format!("{error}; the run is imported without model patches")),
    }
}

/// `results.json`'s id lists.
struct Lists {
    resolved: BTreeSet<String>,
    /// `None` when the file has no `applied` list (the current format): whether a patch applied
    /// is then unknown, not false.
    applied: Option<BTreeSet<String>>,
    no_generation: BTreeSet<String>,
    no_logs: BTreeSet<String>,
    test_errored: BTreeSet<String>,
}

impl Lists {
    fn of(value: &Value) -> Self {
        let list = |key: &str| strings(value, key).into_iter().collect::<BTreeSet<String>>();
        Lists {
            resolved: list("resolved"),
            applied: value.get("applied").map(|_| list("applied")),
            no_generation: list("no_generation"),
            no_logs: list("no_logs"),
            test_errored: list("test_errored"),
        }
    }

    fn all(&self) -> impl Iterator<Item = &String> {
        let applied = self.applied.iter().flatten();
        self.resolved
            .iter()
            .chain(applied)
            .chain(&self.no_generation)
            .chain(&self.no_logs)
            .chain(&self.test_errored)
    }

    /// The verdict on `id`.
    fn result(&self, id: &str) -> InstanceResult {
        let resolved = self.resolved.contains(id);
        let empty = self.no_generation.contains(id);
        let applied = match (&self.applied, empty) {
            (_, true) => None,
            (Some(applied), false) => Some(applied.contains(id)),
            (None, false) => None,
        };
        let no_logs = !resolved && self.no_logs.contains(id);
        let failure = match () {
            _ if resolved => None,
            _ if no_logs && !empty => Some(failure_mode::INCOMPLETE.to_string()),
            _ if empty || applied.is_some() || self.test_errored.contains(id) => Some(failure_mode::classify(empty, applied, None)),
            // Submitted and not resolved, the file saying no more.
            _ => Some(failure_mode::UNRESOLVED.to_string()),
        };
        InstanceResult {
            instance_id: id.to_string(),
            resolved: Some(resolved),
            empty_patch: empty,
            patch_applied: applied,
            failure_mode: failure,
            error: no_logs.then(|| "the evaluation left no logs".to_string()),
            ..Default::default()
        }
    }
}
