//! SWE-bench harness outputs: the `logs/run_evaluation/<run_id>/<model>/<id>/report.json` tree
//! (with `test_output.txt` beside each report), checked against the run summary beside it.
//!
//! Reports keep the harness's own verdict; the test statuses inside are graded again with
//! [`crate::grading`], and any disagreement is noted on the run.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::Context;
use benchscope_contract::run_summary::{counts_note, entries_not_ids, is_instance_report, results_from_summary};
use benchscope_contract::wording::{agreeing, plural};
use benchscope_contract::{failure_mode, InstanceResult, TestLists};
use serde_json::Value;

use crate::grading::grade_tests;
use crate::logs::harness::APPLY_PATCH_FAIL;
use crate::logs::{Harness, Statuses, TestReport};

use crate::run_store::NewRun;

use super::harness_logs::read_metadata;
use super::leaderboard::slug;
use super::{
    files_named, name_of, new_run, read_json, submission_metadata, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT,
};

/// A per-instance result and, when the report's verdict and its test statuses disagree, a note.
pub fn result_from_report(id: &str, report: &Value, log: Option<&str>) -> (InstanceResult, Option<String>) {
    let flag = |key: &str| report.get(key).and_then(Value::as_bool);
    let mut lists = TestLists::default();
    let mut statuses = Statuses::default();
    for (category, list) in [("FAIL_TO_PASS", &mut lists.fail_to_pass), ("PASS_TO_PASS", &mut lists.pass_to_pass)] {
        for (outcome, status) in [("success", "PASSED"), ("failure", "FAILED")] {
            let names = report
                .pointer(&format!("/tests_status/{category}/{outcome}"))
                .and_then(Value::as_array);
            for name in names.into_iter().flatten().filter_map(Value::as_str) {
                list.push(name.to_string());
                statuses.insert(name, status);
            }
        }
    }
    // The report's own placement, as statuses every harness generation grades alike.
    let placed = TestReport {
        format: "report.json",
        harness: Harness::Markers,
        applied: true,
        statuses,
        collection_error: false,
        fail_only: false,
    };
    let regraded = grade_tests(&lists, &placed);
    let resolved = flag("resolved");
    let empty = flag("patch_is_None") == Some(true) || flag("patch_exists") == Some(false);
    let applied = flag("patch_successfully_applied");
    let mut result = InstanceResult {
        instance_id: id.to_string(),
        resolved: resolved.or(regraded.resolved),
        empty_patch: empty,
        patch_applied: applied,
        ..regraded.clone()
    };
    // swebench 5 names an environment fault it found in the logs (`browser_launch_failed`, ...).
    let infra = report.get("infra_failure_reason").and_then(Value::as_str).map(str::to_string);
    result.failure_mode = (result.resolved == Some(false))
        .then(|| infra.unwrap_or_else(|| failure_mode::classify(empty, applied, log.and_then(crate::logs::exception_class))));
    let note = match (resolved, regraded.resolved) {
        (Some(reported), Some(ours)) if reported != ours && !empty && applied != Some(false) => Some(format!(
            "{id}: the report says resolved={reported}, but its test statuses give resolved={ours} by the SWE-bench rule"
        )),
        _ => None,
    };
    (result, note)
}

/// Reads a `report.json`: `{<id>: {...}}`, or the report alone, named by its instance's folder
/// (as some submissions store it: `logs/<id>/report.json`).
pub fn read_report_file(path: &Path) -> anyhow::Result<Vec<(String, Value)>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let value: Value = crate::input::from_json_bytes(&bytes).with_context(|| format!("{}: not valid JSON", path.display()))?;
    let Value::Object(map) = value else {
        anyhow::bail!("{}: expected {{instance_id: report}}", path.display())
    };
    if is_bare_report(&map) {
        let id = path.parent().map(name_of).filter(|n| !n.is_empty());
        let id = id.with_context(|| format!("{}: a report without its instance id, and no folder names it", path.display()))?;
        return Ok(vec![(id, Value::Object(map))]);
    }
    for (id, report) in &map {
        if !report.is_object() || report.get("resolved").is_none() {
            anyhow::bail!(
                "{}: field `{id}`: expected a report with `resolved` and `tests_status`",
                path.display()
            );
        }
    }
    Ok(map.into_iter().collect())
}

/// The harness's output tree: `report.json` files (with `test_output.txt` beside them).
pub struct HarnessTree;

impl RunSource for HarnessTree {
    fn name(&self) -> &'static str {
        "SWE-bench harness tree"
    }

    fn detect(&self, source: &Source) -> bool {
        !source.files_named(|name| name == REPORT_FILE).is_empty()
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let reports = source.files_named(|name| name == REPORT_FILE);
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        harness_tree(source.path(), &reports, &dataset, &split, &source.label())
    }
}

/// A report not keyed by its instance id: its `resolved` is a verdict, where a keyed file's
/// values are reports.
fn is_bare_report(map: &serde_json::Map<String, Value>) -> bool {
    map.get("resolved").is_some_and(Value::is_boolean)
}

/// One harness `report.json` file: instance id → report, or a report alone in its instance's
/// folder.
pub struct ReportFile;

impl RunSource for ReportFile {
    fn name(&self) -> &'static str {
        "SWE-bench harness report"
    }

    fn detect(&self, source: &Source) -> bool {
        source.json().is_some_and(|file| {
            is_instance_report(file)
                || file
                    .as_object()
                    .and_then(|map| map.values().next())
                    .is_some_and(|r| r.get("tests_status").is_some())
        })
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        let folder = source.path().parent().unwrap_or(Path::new("."));
        harness_tree(folder, &[source.path().to_path_buf()], &dataset, &split, &source.label())
    }
}

/// The harness's per-instance report file name.
pub(super) const REPORT_FILE: &str = "report.json";

/// The harness's log of an instance's evaluation, written whether or not a report follows.
const RUN_INSTANCE_LOG: &str = "run_instance.log";

/// Which run a report belongs to: the harness's `<run_id>/<model>/<instance>/`, or a
/// submission's `<submission>/logs/<instance>/` (the experiments repository) or
/// `<submission>/eval_outputs/<instance>/` (OpenHands' evaluation), which the submission's
/// `metadata.yaml` (the experiments repository's display name), `metadata.json` (OpenHands' agent
/// and model) or else its folder names.
struct RunOfReport {
    /// `(model, run_id)`, or `(submission folder, "")`.
    key: (String, String),
    id: String,
    system: String,
    model: Option<String>,
    scaffold: Option<String>,
}

/// The folders a submission keeps its per-instance harness outputs in.
const SUBMISSION_REPORT_FOLDERS: [&str; 2] = ["logs", "eval_outputs"];

fn run_of_report(instance_dir: &Path, root: &Path) -> RunOfReport {
    let model_dir = instance_dir.parent().unwrap_or(root);
    let parent_dir = model_dir.parent().unwrap_or(root);
    let parent = name_of(parent_dir);
    let model = name_of(model_dir);
    if SUBMISSION_REPORT_FOLDERS.contains(&model.as_str()) && !parent.is_empty() {
        let meta = read_metadata(parent_dir);
        let system = meta.run_name().unwrap_or_else(|| parent.clone());
        return RunOfReport {
            key: (parent_dir.display().to_string(), String::new()),
            id: slug(&system.replace(['(', ')'], "")),
            system,
            model: meta.model,
            scaffold: meta.agent,
        };
    }
    RunOfReport {
        id: slug(&format!("{model}.{parent}")),
        system: model.clone(),
        model: Some(model.clone()),
        scaffold: None,
        key: (model, parent),
    }
}

/// Whether the `report.json` at `path` is a run's summary (OpenHands writes its evaluation's
/// summary under that name) rather than an instance's report.
fn is_summary_report(path: &Path) -> bool {
    read_json(path).is_some_and(|v| v.get("resolved_ids").is_some_and(Value::is_array))
}

/// `.../<run_id>/<model>/<instance>/report.json` (one run per `<run_id>/<model>`), or a
/// submission's `<submission>/{logs,eval_outputs}/<instance>/report.json`; each with its
/// `test_output.txt` and the model patch the harness applied, `patch.diff`, when they are beside
/// it.
pub fn harness_tree(
    root: &Path,
    reports: &[PathBuf],
    dataset: &str,
    split: &str,
    source: &str,
) -> anyhow::Result<Vec<(NewRun, Vec<String>)>> {
    let mut runs: BTreeMap<(String, String), (NewRun, Vec<String>)> = BTreeMap::new();
    // The folder each run's instance folders are in, where the harness leaves the logs of the
    // instances it wrote no report for.
    let mut instance_folders: HashMap<(String, String), PathBuf> = HashMap::new();
    for path in reports {
        if is_summary_report(path) {
            continue;
        }
        let instance_dir = path.parent().unwrap_or(root);
        let owner = run_of_report(instance_dir, root);
        let log = std::fs::read(instance_dir.join("test_output.txt"))
            .ok()
            .map(|b| crate::logs::log_text(&b));
        let patch = std::fs::read_to_string(instance_dir.join("patch.diff")).ok();
        instance_folders
            .entry(owner.key.clone())
            .or_insert_with(|| instance_dir.parent().unwrap_or(root).to_path_buf());
        let entry = runs.entry(owner.key).or_insert_with(|| {
            let mut run = new_run(owner.id, owner.system, dataset, split, source);
            run.system.model = owner.model;
            run.system.scaffold = owner.scaffold;
            (NewRun::new(run), Vec::new())
        });
        for (id, report) in read_report_file(path)? {
            let (result, note) = result_from_report(&id, &report, log.as_deref());
            if let Some(log) = &log {
                entry.0.logs.insert(id.clone(), log.clone());
            }
            if let Some(patch) = &patch {
                entry.0.patches.insert(id.clone(), patch.clone());
            }
            if let Some(note) = note {
                entry.0.run.notes.push(note.clone());
                entry.1.push(note);
            }
            entry.0.run.results.push(result);
        }
    }
    // A run summary `<model>.<run_id>.json` next to the tree, or a submission's own (OpenHands'
    // `report.json`, the experiments repository's `results/results.json`), gives the headline to
    // check.
    for (key, (new, warnings)) in runs.iter_mut() {
        let (model, run_id) = key;
        // A submission is named and dated as it describes itself (`metadata.yaml`, its folder).
        if run_id.is_empty() {
            submission_metadata::describe(Path::new(model), &mut new.run, warnings);
        }
        let (summary, lists) = if run_id.is_empty() {
            let folder = Path::new(model);
            match read_json(&folder.join(REPORT_FILE)).filter(|v| v.get("resolved_ids").is_some()) {
                Some(summary) => (Some(summary), "the summary's resolved_ids"),
                None => (submission_results(folder), "results.json's `resolved`"),
            }
        } else {
            let path = files_named(root, |n| n.ends_with(".json") && n != "report.json")
                .into_iter()
                .find(|p| name_of(p) == format!("{model}.{run_id}.json"));
            (path.and_then(|p| read_json(&p)), "the summary's resolved_ids")
        };
        if let Some(value) = summary {
            compare_summary(&value, lists, new, warnings);
            // results.json's `resolved` list alone says nothing of the instances it leaves out.
            if !run_id.is_empty() || value.get("unresolved_ids").is_some() {
                add_unreported(&value, instance_folders.get(key).map(PathBuf::as_path), new);
            }
        }
    }
    Ok(runs.into_values().collect())
}

/// The instances a summary gives a verdict for and the tree holds no report of (harness errors
/// and empty patches, which get none, or reports not copied with the tree) join the run with the
/// summary's verdict and failure mode: the run then counts what its harness counted, and a
/// breakdown by failure mode counts them as what they were, not as instances never run. An
/// error's `run_instance.log`, where the harness left one in `<instances>/<id>/`, is kept as its
/// log, and says when the error was a patch that did not apply.
fn add_unreported(summary: &Value, instances: Option<&Path>, new: &mut NewRun) {
    let reported: HashSet<String> = new.run.results.iter().map(|r| r.instance_id.clone()).collect();
    let mut unreported: Vec<InstanceResult> = results_from_summary(summary)
        .into_iter()
        .filter(|r| !reported.contains(&r.instance_id))
        .collect();
    for result in unreported.iter_mut().filter(|r| r.error.is_some()) {
        let log = instances.and_then(|dir| {
            std::fs::read(dir.join(&result.instance_id).join(RUN_INSTANCE_LOG))
                .ok()
                .map(|b| crate::logs::log_text(&b))
        });
        let Some(log) = log else { continue };
        if log.contains(APPLY_PATCH_FAIL) {
            result.patch_applied = Some(false);
            result.failure_mode = Some(failure_mode::PATCH_FAILED.into());
            result.error = Some("the patch did not apply".into());
        }
        new.logs.insert(result.instance_id.clone(), log);
    }
    if unreported.is_empty() {
        return;
    }
    new.run.notes.push(unreported_note(&unreported));
    new.run.results.extend(unreported);
    new.run.results.sort_by(|a, b| a.instance_id.cmp(&b.instance_id));
}

/// "34 instances the summary lists have no report here (1 harness error, 2 empty patches); each
/// is kept with the summary's verdict, without test statuses".
fn unreported_note(unreported: &[InstanceResult]) -> String {
    let errors = unreported.iter().filter(|r| r.error.is_some()).count();
    let empty = unreported.iter().filter(|r| r.empty_patch).count();
    let mut kinds = Vec::new();
    if errors > 0 {
        kinds.push(plural(errors, "harness error"));
    }
    if empty > 0 {
        kinds.push(format!("{empty} empty {}", agreeing(empty, "patch", "patches")));
    }
    let kinds = if kinds.is_empty() {
        String::new()
    } else {
        format!(" ({})", kinds.join(", "))
    };
    let n = unreported.len();
    format!(
        "{} the summary lists {} no report here{kinds}; {} kept with the summary's verdict, without test statuses",
        plural(n, "instance"),
        agreeing(n, "has", "have"),
        agreeing(n, "it is", "each is"),
    )
}

/// An experiments submission's `results/results.json`, its `resolved` list read as a summary's
/// `resolved_ids`.
fn submission_results(submission: &Path) -> Option<Value> {
    let resolved = read_json(&submission.join("results").join("results.json"))?
        .get("resolved")?
        .clone();
    Some(serde_json::json!({ "resolved_ids": resolved }))
}

/// Keeps a summary's counts in the run's notes (they describe its coverage; they are not
/// metrics) and notes where the per-instance results differ from what it `lists` as resolved:
/// instance by instance when the results came from reports, by count when from the summary.
pub(super) fn compare_summary(value: &Value, lists: &str, new: &mut NewRun, warnings: &mut Vec<String>) {
    new.run.notes.extend(counts_note(value));
    warnings.extend(entries_not_ids(value).map(|found| format!("the run summary's {found}")));
    let listed: Vec<&str> = value
        .get("resolved_ids")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let completed = value.get("completed_ids").and_then(Value::as_array).map(Vec::len);
    let mut findings = Vec::new();
    for result in &new.run.results {
        let in_summary = listed.contains(&result.instance_id.as_str());
        if result.resolved.is_some_and(|r| r != in_summary) {
            findings.push(format!(
                "{}: its report says resolved={}, {lists} {}",
                result.instance_id,
                result.resolved == Some(true),
                if in_summary { "list it" } else { "do not" }
            ));
        }
    }
    if let Some(completed) = completed.filter(|c| *c != new.run.results.len()) {
        new.run.notes.push(format!(
            "the summary covers {completed} completed instances; {} have reports here",
            new.run.results.len()
        ));
    }
    let ours = new.run.results.iter().filter(|r| r.resolved == Some(true)).count();
    if findings.is_empty() && new.run.results.len() == completed.unwrap_or(new.run.results.len()) && ours != listed.len() {
        findings.push(format!(
            "the summary counts {} resolved instances, the per-instance results {ours}; both are kept",
            listed.len()
        ));
    }
    new.run.notes.extend(findings.iter().cloned());
    warnings.extend(findings);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn regrading_disagreement_is_noted() {
        let report = json!({"patch_is_None": false, "patch_exists": true, "patch_successfully_applied": true, "resolved": true,
            "tests_status": {"FAIL_TO_PASS": {"success": [], "failure": ["t::a"]}, "PASS_TO_PASS": {"success": ["t::b"], "failure": []}}});
        let (result, note) = result_from_report("x", &report, None);
        assert_eq!(result.resolved, Some(true), "the harness's verdict is kept");
        assert!(note.unwrap().contains("resolved=true, but its test statuses give resolved=false"));
    }

    /// swebench 5's report of an instance whose tests never ran because the environment broke.
    #[test]
    fn the_reports_infrastructure_failure_is_the_failure_mode() {
        let report = json!({"patch_is_None": false, "patch_exists": true, "patch_successfully_applied": false, "resolved": false,
            "infra_failure": true, "infra_failure_reason": "browser_launch_failed"});
        let (result, _) = result_from_report("x", &report, None);
        assert_eq!(result.failure_mode.as_deref(), Some("browser_launch_failed"));
        let without = json!({"patch_successfully_applied": false, "resolved": false});
        assert_eq!(
            result_from_report("x", &without, None).0.failure_mode.as_deref(),
            Some("patch_failed")
        );
    }
}
