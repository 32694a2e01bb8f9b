//! The experiments repository's layout: a submission folder with `results/results.json` (id
//! lists: `resolved`, `no_generation`, `no_logs`; older ones `applied`, `no_apply`, ... too), its
//! predictions `all_preds.jsonl`, and `metadata.yaml`, which names the run. Recent submissions
//! keep their logs elsewhere, so the folder holds no report: the lists and the predictions are
//! the run.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use benchscope_contract::prediction::Prediction;
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

/// Where Trae Agent's evaluation keeps the harness's run summary (its `resolved_ids`, ...):
/// beside its instances' folders.
const RUN_SUMMARY: &str = "results.json";

/// Where OpenHands' evaluation keeps the harness's run summary: beside its `output.jsonl` (the
/// name its instances' reports also have, which hold no `resolved_ids`).
const OPENHANDS_SUMMARY: &str = "report.json";

/// The names a submission's predictions go by, in the order they are looked for.
const PREDICTIONS: [&str; 5] = [
    "all_preds.jsonl",
    "all_preds.json",
    "preds.json",
    "predictions.jsonl",
    "predictions.json",
];

/// The experiments repository's `results/results.json` at `path`, its `value`, with the
/// submission's predictions and metadata when they are in the folder above.
pub fn experiments_results(path: &Path, value: &Value, dataset: &str, split: &str, source: &str) -> (NewRun, Vec<String>) {
    // A relative path's folders are named as they are on disk (`results.json` alone is in `.`).
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
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
    let ids: BTreeSet<&String> = lists.all().chain(new.patches.keys()).collect();
    new.run.results = ids.into_iter().map(|id| lists.result(id)).collect();
    (new, warnings)
}

/// The verdicts of the first of `folders` that holds a submission's `results/results.json` (or
/// a run summary's lists, as `results.json` or OpenHands' `report.json`), by instance, for a
/// reader of its other files (trajectories, reports) to take. A file that cannot be read is a
/// warning ending in `without`, and gives no verdicts.
pub fn submission_verdicts<'a>(
    folders: impl IntoIterator<Item = &'a Path>,
    without: &str,
    warnings: &mut Vec<String>,
) -> SubmissionVerdicts {
    let is_summary = |path: &Path| {
        let summary = std::fs::read(path)
            .ok()
            .and_then(|bytes| crate::input::from_json_bytes(&bytes).ok());
        summary.is_some_and(|summary: Value| summary.get("resolved_ids").is_some_and(Value::is_array))
    };
    let found = folders
        .into_iter()
        .flat_map(|f| [f.join(RESULTS), f.join(RUN_SUMMARY), f.join(OPENHANDS_SUMMARY)])
        .find(|p| p.is_file() && (p.ends_with(RESULTS) || is_summary(p)));
    let Some(path) = found else {
        return SubmissionVerdicts::default();
    };
    let read = || -> anyhow::Result<Lists> {
        let results = Source::open(&path)?;
        results.json_fault()?;
        Ok(Lists::of(results.json().unwrap_or(&Value::Null)))
    };
    match read() {
        Ok(lists) => SubmissionVerdicts {
            listed: lists.all().map(|id| (id.clone(), lists.result(id))).collect(),
            lists: Some(lists),
        },
        Err(error) => {
            warnings.push(format!("{error:#}; {without}"));
            SubmissionVerdicts::default()
        }
    }
}

/// A submission's verdicts, as the lists of its `results.json` give them.
#[derive(Default)]
pub struct SubmissionVerdicts {
    /// The verdict on each instance a list names, until taken.
    pub listed: BTreeMap<String, InstanceResult>,
    lists: Option<Lists>,
}

impl SubmissionVerdicts {
    /// The verdict on `id`, taken from those listed; where no list names it, unresolved if the
    /// submission `submitted` a patch for it (the lists of today's `results.json` name the
    /// resolved instances and those without a patch or logs, nothing else), else none.
    pub fn take(&mut self, id: &str, submitted: bool) -> Option<InstanceResult> {
        self.listed
            .remove(id)
            .or_else(|| Some(self.lists.as_ref().filter(|_| submitted)?.result(id)))
    }
}

/// The model patches of the submission's predictions, if it has a file of them.
fn attach_predictions(submission: &Path, new: &mut NewRun, warnings: &mut Vec<String>) {
    let predictions = submission_predictions([submission], "the run is imported without model patches", warnings);
    warnings.extend(crate::predictions::patch_warnings(&predictions));
    for prediction in predictions {
        if let Some(patch) = prediction.patch {
            new.patches.insert(prediction.instance_id, patch);
        }
    }
}

/// The predictions in the first of `folders` to have a file of them (`all_preds.jsonl`,
/// `preds.json`, `predictions.jsonl`, ...): what the harness was given. One that cannot be read
/// is said in `warnings`, ending with what the run is `without` then.
pub fn submission_predictions<'a>(
    folders: impl IntoIterator<Item = &'a Path>,
    without: &str,
    warnings: &mut Vec<String>,
) -> Vec<Prediction> {
    let Some(path) = folders
        .into_iter()
        .flat_map(|folder| PREDICTIONS.iter().map(move |name| folder.join(name)))
        .find(|p| p.is_file())
    else {
        return Vec::new();
    };
    crate::predictions::read_predictions(&path).unwrap_or_else(|error| {
        warnings.push(format!("{error}; {without}"));
        Vec::new()
    })
}

/// `results.json`'s id lists, by name. The current format has `resolved`, `no_generation` and
/// `no_logs`; the first (SWE-bench's own report then) also `generated`, `with_logs`,
/// `install_fail`, `reset_failed`, `no_apply`, `applied`, `test_errored` and `test_timeout`.
/// Multi-SWE-bench's submissions keep the harness's run summary there, its `resolved_ids` named
/// `resolved`, beside `unresolved_ids`, `empty_patch_ids` (or `empty_error_patch_ids`, patches
/// empty or not generated) and `error_ids`; its `incomplete_ids`,
/// the instances given no prediction, are left to count as unattempted, as a run summary's are.
struct Lists(BTreeMap<String, BTreeSet<String>>);

/// The lists `results.json` is read for; any other key is not an id list.
const KNOWN: [&str; 16] = [
    "resolved_ids",
    "unresolved_ids",
    "empty_patch_ids",
    "empty_error_patch_ids",
    "error_ids",
    "resolved",
    "no_generation",
    "no_logs",
    "generated",
    "with_logs",
    "install_fail",
    "reset_failed",
    "no_apply",
    "applied",
    "test_errored",
    "test_timeout",
];

/// The unresolved lists that name why, earliest failure first.
const REASONS: [(&str, &str); 8] = [
    ("no_generation", failure_mode::EMPTY_PATCH),
    ("empty_patch_ids", failure_mode::EMPTY_PATCH),
    ("empty_error_patch_ids", failure_mode::EMPTY_PATCH),
    ("error_ids", failure_mode::HARNESS_ERROR),
    ("no_apply", failure_mode::PATCH_FAILED),
    ("install_fail", failure_mode::HARNESS_ERROR),
    ("reset_failed", failure_mode::HARNESS_ERROR),
    ("test_timeout", failure_mode::TIMEOUT),
];

impl Lists {
    fn of(value: &Value) -> Self {
        let lists = value
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(name, list)| KNOWN.contains(&name.as_str()) && list.is_array())
            .map(|(name, _)| (name.clone(), strings(value, name).into_iter().collect()))
            .collect();
        Lists(lists)
    }

    fn all(&self) -> impl Iterator<Item = &String> {
        self.0.values().flatten()
    }

    fn has(&self, list: &str, id: &str) -> bool {
        self.0.get(list).is_some_and(|ids| ids.contains(id))
    }

    /// The verdict on `id`.
    fn result(&self, id: &str) -> InstanceResult {
        let resolved = self.has("resolved", id) || self.has("resolved_ids", id);
        let empty = ["no_generation", "empty_patch_ids", "empty_error_patch_ids"]
            .iter()
            .any(|list| self.has(list, id));
        // Unknown (not false) when neither list is there, as in the current format.
        let applied = match (self.has("no_apply", id), self.0.get("applied")) {
            _ if empty => None,
            (true, _) => Some(false),
            (false, Some(applied)) => Some(applied.contains(id)),
            (false, None) => None,
        };
        let reason = REASONS
            .iter()
            .find(|(list, _)| self.has(list, id))
            .map(|(_, mode)| mode.to_string());
        // The first format lists what had logs; a generated patch without them has none.
        let without_logs = self.0.contains_key("with_logs") && self.has("generated", id) && !self.has("with_logs", id);
        let no_logs = self.has("no_logs", id) || without_logs;
        let failure = match () {
            _ if resolved => None,
            _ if reason.is_some() => reason,
            _ if no_logs => Some(failure_mode::INCOMPLETE.to_string()),
            _ if applied.is_some() || self.has("test_errored", id) => Some(failure_mode::classify(false, applied, None)),
            // Submitted and not resolved, the file saying no more.
            _ => Some(failure_mode::UNRESOLVED.to_string()),
        };
        InstanceResult {
            instance_id: id.to_string(),
            resolved: Some(resolved),
            empty_patch: empty,
            patch_applied: applied,
            error: match () {
                _ if resolved || empty => None,
                _ if self.has("error_ids", id) => Some("the harness reported an error".to_string()),
                _ if no_logs => Some("the evaluation left no logs".to_string()),
                _ => None,
            },
            failure_mode: failure,
            ..Default::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn verdicts(value: Value) -> Vec<(String, bool, Option<String>, Option<bool>)> {
        let lists = Lists::of(&value);
        let ids: BTreeSet<&String> = lists.all().collect();
        ids.into_iter()
            .map(|id| {
                let r = lists.result(id);
                (r.instance_id, r.resolved == Some(true), r.failure_mode, r.patch_applied)
            })
            .collect()
    }

    #[test]
    fn the_first_format_names_each_failure() {
        let value = json!({
            "generated": ["a", "b", "c", "d", "e", "f"], "with_logs": ["a", "b", "c", "d", "e"],
            "install_fail": ["c"], "reset_failed": [], "no_apply": ["d"], "applied": ["a", "b", "e"],
            "test_errored": [], "test_timeout": ["e"], "resolved": ["a"], "no_generation": ["g"],
            "notes": ["not an id"]
        });
        let mode = |m: &str| Some(m.to_string());
        assert_eq!(
            verdicts(value),
            [
                ("a".into(), true, None, Some(true)),
                ("b".into(), false, mode(failure_mode::TESTS_FAILED), Some(true)),
                ("c".into(), false, mode(failure_mode::HARNESS_ERROR), Some(false)),
                ("d".into(), false, mode(failure_mode::PATCH_FAILED), Some(false)),
                ("e".into(), false, mode(failure_mode::TIMEOUT), Some(true)),
                ("f".into(), false, mode(failure_mode::INCOMPLETE), Some(false)),
                ("g".into(), false, mode(failure_mode::EMPTY_PATCH), None),
            ]
        );
    }

    #[test]
    fn a_run_summary_kept_as_results_gives_its_lists_verdicts() {
        let value = json!({
            "total_instances": 5, "resolved": ["a"], "unresolved_ids": ["b"], "empty_patch_ids": ["c"],
            "error_ids": ["d"], "incomplete_ids": ["e"], "completed_ids": ["a", "b"], "submitted_ids": ["a", "b", "c", "d"],
            "empty_error_patch_ids": ["f"]
        });
        let mode = |m: &str| Some(m.to_string());
        assert_eq!(
            verdicts(value),
            [
                ("a".into(), true, None, None),
                ("b".into(), false, mode(failure_mode::UNRESOLVED), None),
                ("c".into(), false, mode(failure_mode::EMPTY_PATCH), None),
                ("d".into(), false, mode(failure_mode::HARNESS_ERROR), None),
                ("f".into(), false, mode(failure_mode::EMPTY_PATCH), None),
            ]
        );
    }

    #[test]
    fn the_current_format_leaves_unknown_what_it_does_not_say() {
        let value = json!({"resolved": ["a"], "no_generation": ["b"], "no_logs": ["c"]});
        let mode = |m: &str| Some(m.to_string());
        assert_eq!(
            verdicts(value),
            [
                ("a".into(), true, None, None),
                ("b".into(), false, mode(failure_mode::EMPTY_PATCH), None),
                ("c".into(), false, mode(failure_mode::INCOMPLETE), None),
            ]
        );
    }
}
