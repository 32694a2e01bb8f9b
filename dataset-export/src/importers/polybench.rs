//! SWE-PolyBench's evaluation outputs. Its harness (`run_evaluation.py --result-path DIR`) writes,
//! per instance, `<id>_result.json` (`generation`, `patch_applied`, `with_logs`, `resolved`, and
//! the log's `passed_tests` and `failed_tests`) and `<id>_metrics.json` (how well the model's patch
//! found the gold patch's files and syntax nodes: recall, precision, F1); then `result.json`, the
//! id lists (`generation`, `no_generation`, `patch_applied`, `with_logs`, `resolved`,
//! `not_resolved`), their counts and every instance's retrieval metrics; or, with
//! `--metrics-only`, only the `<id>_metrics.json` files and `metrics.json`: the same document
//! with empty lists and the metrics alone.
//! The folder or the summary is one run; the retrieval metrics' means over its instances are its
//! headline beside the resolved share, as the harness prints them (alone, for `metrics.json`,
//! whose instances have no verdict).
//!
//! The verdicts read as the harness writes them: no generation is an empty patch; a generated
//! patch not applied failed to apply; an applied one with no logs left no test the log parser
//! could read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use benchscope_contract::wording::plural;
use benchscope_contract::{failure_mode, InstanceResult, TestLists, TestStatus};
use serde_json::Value;

use super::leaderboard::slug;
use super::split_lists::{kept_statuses, split_instances, statuses_listed, tally};
use super::{first_few, folder_name, name_of, new_run, read_json, strings, ImportPlan, Imported, RunSource, Source, DEFAULT_SPLIT};
use crate::run_store::NewRun;

/// The harness's result folder: `<id>_result.json` files, with their `<id>_metrics.json`.
pub struct PolyBenchResults;

/// The harness's `result.json`.
pub struct PolyBenchSummary;

/// The dataset its runs join unless `--dataset` names one (its subsets, `swe-polybench-500` and
/// `swe-polybench-verified`, are named so).
const DATASET: &str = "swe-polybench";

const RESULT_SUFFIX: &str = "_result.json";
const METRICS_SUFFIX: &str = "_metrics.json";

/// The retrieval metrics each instance has, as `<kind>_<measure>` (`file_recall`).
const RETRIEVAL: [&str; 2] = ["file", "node"];
const MEASURES: [&str; 3] = ["recall", "precision", "f1"];

impl RunSource for PolyBenchResults {
    fn name(&self) -> &'static str {
        "SWE-PolyBench results folder"
    }

    fn detect(&self, source: &Source) -> bool {
        let results = source.files_named(|n| n.ends_with(RESULT_SUFFIX));
        match results.first() {
            Some(first) => read_json(first).is_some_and(|v| is_instance_result(&v)),
            None => metrics_files(source)
                .first()
                .and_then(|p| read_json(p))
                .is_some_and(|v| is_instance_metrics(&v)),
        }
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        if source.files_named(|n| n.ends_with(RESULT_SUFFIX)).is_empty() {
            return metrics_only_run(source, plan);
        }
        let mut new = polybench_run(source.path(), plan, &source.label());
        let lists = split_instances(plan, &new.run.dataset, &new.run.split);
        let mut results = Vec::new();
        let mut warnings = Vec::new();
        let mut disagreements = Vec::new();
        for path in source.files_named(|n| n.ends_with(RESULT_SUFFIX)) {
            let value = read_json(&path).with_context(|| format!("{}: not readable JSON", path.display()))?;
            if !is_instance_result(&value) {
                warnings.push(format!(
                    "{}: not an instance's result (no instance_id and resolved), not read",
                    path.display()
                ));
                continue;
            }
            let mut result = instance_result(&value);
            let expected = lists.as_ref().and_then(|l| l.get(&result.instance_id)?.tests.as_ref());
            if let Some(regraded) = against_lists(&mut result, expected) {
                if Some(regraded) != result.resolved {
                    disagreements.push(result.instance_id.clone());
                }
            }
            result.metrics = retrieval_metrics(read_json(&metrics_beside(&path)).as_ref());
            results.push(result);
        }
        if results.is_empty() {
            bail!("{}: no instance results", source.path().display());
        }
        if !disagreements.is_empty() {
            warnings.push(format!(
                "the harness's verdict is kept, but its tests read against the split's lists (every FAIL_TO_PASS passed, no PASS_TO_PASS failed) say otherwise for {}: {}",
                plural(disagreements.len(), "instance"),
                first_few(&disagreements.iter().map(String::as_str).collect::<Vec<_>>())
            ));
        }
        new.run.results = results;
        new.run.headline = new.run.metric_means();
        Ok(vec![(new, warnings)])
    }
}

impl RunSource for PolyBenchSummary {
    fn name(&self) -> &'static str {
        "SWE-PolyBench result.json"
    }

    fn detect(&self, source: &Source) -> bool {
        source.json().is_some_and(|v| {
            ["resolved", "not_resolved", "generation"]
                .iter()
                .all(|k| v.get(*k).is_some_and(Value::is_array))
        })
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let summary = source.json().context("a result.json is a JSON object")?;
        let mut new = polybench_run(source.path(), plan, &source.label());
        new.run.results = summary_results(summary);
        new.run.headline = new.run.metric_means();
        // `metrics.json` counts no instance: it evaluated none.
        new.stated_total = summary
            .get("total_instances")
            .and_then(Value::as_u64)
            .filter(|n| *n > 0)
            .map(|n| n as usize);
        Ok(vec![(new, Vec::new())])
    }
}

/// A folder the harness filled with `--metrics-only`: `<id>_metrics.json` alone, a run of
/// retrieval metrics without verdicts.
fn metrics_only_run(source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
    let mut new = polybench_run(source.path(), plan, &source.label());
    let mut warnings = Vec::new();
    for path in metrics_files(source) {
        match read_json(&path).filter(is_instance_metrics) {
            Some(value) => new.run.results.push(InstanceResult {
                instance_id: value["instance_id"].as_str().unwrap_or_default().to_string(),
                metrics: retrieval_metrics(Some(&value)),
                ..InstanceResult::default()
            }),
            None => warnings.push(format!(
                "{}: not an instance's retrieval metrics (no instance_id and file_retrieval_metrics), not read",
                path.display()
            )),
        }
    }
    if new.run.results.is_empty() {
        bail!("{}: no instance's retrieval metrics", source.path().display());
    }
    new.run.headline = new.run.metric_means();
    Ok(vec![(new, warnings)])
}

fn metrics_files(source: &Source) -> Vec<PathBuf> {
    source.files_named(|n| n.ends_with(METRICS_SUFFIX))
}

fn is_instance_metrics(value: &Value) -> bool {
    value.get("instance_id").is_some_and(Value::is_string) && value.get("file_retrieval_metrics").is_some()
}

/// The verdicts `result.json`'s id lists give, with each instance's retrieval metrics; an
/// instance with metrics that no list names (every one of `metrics.json`'s) has no verdict.
pub fn summary_results(summary: &Value) -> Vec<InstanceResult> {
    let lists: BTreeMap<&str, BTreeSet<String>> = [
        "generation",
        "no_generation",
        "patch_applied",
        "with_logs",
        "resolved",
        "not_resolved",
    ]
    .into_iter()
    .map(|name| (name, strings(summary, name).into_iter().collect()))
    .collect();
    let has = |list: &str, id: &str| lists[list].contains(id);
    let metrics = summary_metrics(summary);
    let listed: BTreeSet<&str> = lists.values().flatten().map(String::as_str).collect();
    let ids: BTreeSet<&str> = listed.iter().copied().chain(metrics.keys().copied()).collect();
    ids.into_iter()
        .map(|id| {
            if !listed.contains(id) {
                return InstanceResult {
                    instance_id: id.to_string(),
                    metrics: metrics[id].clone(),
                    ..InstanceResult::default()
                };
            }
            let outcome = Outcome {
                generation: !has("no_generation", id) && (has("generation", id) || has("patch_applied", id)),
                patch_applied: has("patch_applied", id),
                with_logs: has("with_logs", id),
                resolved: has("resolved", id),
            };
            let mut result = verdict(id, outcome);
            result.metrics = metrics.get(id).cloned().unwrap_or_default();
            result
        })
        .collect()
}

/// What the harness says of an instance.
struct Outcome {
    generation: bool,
    patch_applied: bool,
    with_logs: bool,
    resolved: bool,
}

fn is_instance_result(value: &Value) -> bool {
    value.get("instance_id").is_some_and(Value::is_string) && value.get("resolved").is_some_and(Value::is_boolean)
}

/// An instance's `<id>_result.json`: its verdict and the log's tests.
pub fn instance_result(value: &Value) -> InstanceResult {
    let flag = |key: &str| value.get(key).and_then(Value::as_bool).unwrap_or(false);
    let id = value.get("instance_id").and_then(Value::as_str).unwrap_or_default();
    let mut result = verdict(
        id,
        Outcome {
            generation: flag("generation"),
            patch_applied: flag("patch_applied"),
            with_logs: flag("with_logs"),
            resolved: flag("resolved"),
        },
    );
    result.tests = statuses_listed(value, &[("passed_tests", TestStatus::Passed), ("failed_tests", TestStatus::Failed)]);
    result
}

/// Keeps of the result's tests the listed ones and the failures, tallies the lists as the harness
/// reads them (a FAIL_TO_PASS test must pass; a PASS_TO_PASS one must not fail, and one the log
/// does not name does not), and gives the verdict that reading makes; `None` without lists.
fn against_lists(result: &mut InstanceResult, lists: Option<&TestLists>) -> Option<bool> {
    result.tests = kept_statuses(std::mem::take(&mut result.tests), lists);
    let lists = lists?;
    let f2p = tally(&lists.fail_to_pass, &result.tests, |s| s == TestStatus::Passed);
    let p2p = tally(&lists.pass_to_pass, &result.tests, |s| s != TestStatus::Failed);
    result.fail_to_pass = Some(f2p);
    result.pass_to_pass = Some(p2p);
    let tests_ran = result.patch_applied == Some(true) && result.failure_mode.as_deref() != Some(failure_mode::INCOMPLETE);
    Some(tests_ran && f2p.passed == f2p.total && p2p.passed == p2p.total)
}

fn verdict(id: &str, outcome: Outcome) -> InstanceResult {
    let empty = !outcome.generation;
    let applied = (!empty).then_some(outcome.patch_applied);
    let no_logs = outcome.patch_applied && !outcome.with_logs;
    let failure = match () {
        _ if outcome.resolved => None,
        _ if no_logs => Some(failure_mode::INCOMPLETE.to_string()),
        _ => Some(failure_mode::classify(empty, applied, None)),
    };
    InstanceResult {
        instance_id: id.to_string(),
        resolved: Some(outcome.resolved),
        empty_patch: empty,
        patch_applied: applied,
        error: (no_logs && !outcome.resolved).then(|| "the log parser found no tests in the test run's log".to_string()),
        failure_mode: failure,
        ..InstanceResult::default()
    }
}

/// `<id>_result.json`'s `<id>_metrics.json`.
fn metrics_beside(result: &Path) -> PathBuf {
    let name = name_of(result);
    let id = name.strip_suffix(RESULT_SUFFIX).unwrap_or(&name);
    result.with_file_name(format!("{id}{METRICS_SUFFIX}"))
}

/// `<id>_metrics.json`'s `file_retrieval_metrics` and `node_retrieval_metrics`. A null measure,
/// or a negative one (the harness's mark for a gold patch that did not apply), is left out.
fn retrieval_metrics(value: Option<&Value>) -> BTreeMap<String, f64> {
    let mut metrics = BTreeMap::new();
    for kind in RETRIEVAL {
        for measure in MEASURES {
            let found = value.and_then(|v| v.pointer(&format!("/{kind}_retrieval_metrics/{measure}")));
            if let Some(number) = found.and_then(Value::as_f64).filter(|n| *n >= 0.0) {
                metrics.insert(format!("{kind}_{measure}"), number);
            }
        }
    }
    metrics
}

/// `result.json`'s `file_retrieval` and `node_retrieval` rows (`instance_id`, `file_recall`, ...),
/// by instance.
fn summary_metrics(summary: &Value) -> BTreeMap<&str, BTreeMap<String, f64>> {
    let mut by_id: BTreeMap<&str, BTreeMap<String, f64>> = BTreeMap::new();
    for kind in RETRIEVAL {
        let rows = summary.get(format!("{kind}_retrieval")).and_then(Value::as_array);
        for row in rows.into_iter().flatten() {
            let Some(id) = row.get("instance_id").and_then(Value::as_str) else {
                continue;
            };
            for measure in MEASURES {
                let name = format!("{kind}_{measure}");
                if let Some(number) = row.get(&name).and_then(Value::as_f64).filter(|n| *n >= 0.0) {
                    by_id.entry(id).or_default().insert(name, number);
                }
            }
        }
    }
    by_id
}

/// The run, named after the folder its files are in (the harness's own names, `result.json` and
/// `<id>_result.json`, say nothing of it).
fn polybench_run(path: &Path, plan: &ImportPlan, source: &str) -> NewRun {
    let name = folder_name(path);
    let (dataset, split) = (plan.dataset_or(DATASET), plan.split_or(DEFAULT_SPLIT));
    NewRun::new(new_run(slug(&name), name, &dataset, &split, source))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn outcome(value: Value) -> (bool, Option<bool>, Option<String>) {
        let r = instance_result(&value);
        (r.empty_patch, r.patch_applied, r.failure_mode)
    }

    #[test]
    fn each_stage_the_harness_reached_names_the_failure() {
        let result = |generation, patch_applied, with_logs, resolved| {
            json!({"instance_id": "a", "generation": generation, "patch_applied": patch_applied,
                "with_logs": with_logs, "resolved": resolved, "passed_tests": [], "failed_tests": []})
        };
        let mode = |m: &str| Some(m.to_string());
        assert_eq!(
            outcome(result(false, false, false, false)),
            (true, None, mode(failure_mode::EMPTY_PATCH))
        );
        assert_eq!(
            outcome(result(true, false, false, false)),
            (false, Some(false), mode(failure_mode::PATCH_FAILED))
        );
        assert_eq!(
            outcome(result(true, true, false, false)),
            (false, Some(true), mode(failure_mode::INCOMPLETE))
        );
        assert_eq!(
            outcome(result(true, true, true, false)),
            (false, Some(true), mode(failure_mode::TESTS_FAILED))
        );
        assert_eq!(outcome(result(true, true, true, true)), (false, Some(true), None));
    }

    #[test]
    fn the_logs_tests_and_the_retrieval_metrics_are_kept() {
        let r = instance_result(
            &json!({"instance_id": "a", "generation": true, "patch_applied": true, "with_logs": true,
            "resolved": false, "passed_tests": ["t1"], "failed_tests": ["t2"]}),
        );
        assert_eq!(
            r.tests,
            BTreeMap::from([("t1".to_string(), TestStatus::Passed), ("t2".to_string(), TestStatus::Failed)])
        );
        let metrics = retrieval_metrics(Some(&json!({
            "file_retrieval_metrics": {"recall": 1.0, "precision": 0.5, "f1": null},
            "node_retrieval_metrics": {"recall": -1.0, "precision": 0.25, "f1": 0.4}
        })));
        let names: Vec<_> = metrics.iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(names, ["file_precision=0.5", "file_recall=1", "node_f1=0.4", "node_precision=0.25"]);
        assert!(retrieval_metrics(None).is_empty());
        assert_eq!(
            metrics_beside(Path::new("d/o__r-1_result.json")),
            Path::new("d/o__r-1_metrics.json")
        );
    }

    #[test]
    fn the_lists_tally_as_the_harness_reads_them() {
        let mut r = instance_result(
            &json!({"instance_id": "a", "generation": true, "patch_applied": true, "with_logs": true,
            "resolved": true, "passed_tests": ["f", "unlisted"], "failed_tests": ["broken"]}),
        );
        let lists = TestLists {
            fail_to_pass: vec!["f".into()],
            pass_to_pass: vec!["p_absent".into()],
        };
        assert_eq!(
            against_lists(&mut r, Some(&lists)),
            Some(true),
            "a PASS_TO_PASS test the log does not name is kept"
        );
        assert_eq!(r.pass_to_pass, Some(benchscope_contract::TestTally { passed: 1, total: 1 }));
        let kept: Vec<_> = r.tests.keys().map(String::as_str).collect();
        assert_eq!(kept, ["broken", "f", "p_absent"]);
    }
}
