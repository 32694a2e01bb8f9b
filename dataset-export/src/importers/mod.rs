//! `benchscope import`: harness and leaderboard outputs into runs, one module per source format.
//!
//! | source | reads |
//! |---|---|
//! | a directory with `report.json` files | the SWE-bench harness tree, one run per `<run_id>/<model>` |
//! | a directory with `*.log` files holding `report: {...}` | older harness logs (Python dict reports), with `*.md` summary |
//! | `<model>.<run_id>.json` with `resolved_ids` | a SWE-bench run summary (id lists) |
//! | `results/results.json` with `resolved` lists | the experiments repository's layout |
//! | a JSON object with `leaderboards` | swebench.com / FEA-Bench site boards, one run per entry |
//! | a JSON list of `{agent, model, passed, resolved}` | a FeatureBench leaderboard (its file name is the split) |
//! | a directory with `eval_outputs/<id>/attempt-<n>/report.json` | FeatureBench `fb eval` outputs, one run per attempt |
//! | a directory of SWE-Dev sample files with `Generate_code` | SWE-Dev model outputs (patches; verdicts where evaluated) |
//! | JSONL / JSON of `{instance_id, model_patch}` | SWE-bench predictions (patches, no verdicts yet) |

pub mod featurebench_eval;
pub mod harness;
pub mod leaderboard;
pub mod pyrepr;
pub mod swe_dev;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use benchscope_contract::{InstanceResult, Run, SystemInfo};
use serde_json::Value;

use crate::run_store::NewRun;
use leaderboard::slug;

/// What `import` needs.
#[derive(Debug, Clone)]
pub struct ImportPlan {
    /// Files or directories to import.
    pub sources: Vec<PathBuf>,
    /// Dataset the runs belong to (default: named by the source, else `swe-bench`).
    pub dataset: Option<String>,
    /// Split (default `test`, or the source's).
    pub split: Option<String>,
    /// Run id, for a source that holds one run.
    pub run: Option<String>,
}

/// Every run in the sources, with warnings (the consistency findings among them).
pub fn import(plan: &ImportPlan) -> anyhow::Result<Vec<(NewRun, Vec<String>)>> {
    let mut runs = Vec::new();
    for source in &plan.sources {
        let mut found = read_source(source, plan).with_context(|| format!("importing {}", source.display()))?;
        if found.is_empty() {
            bail!(
                "{}: nothing to import (no reports, logs, leaderboard entries or predictions found)",
                source.display()
            );
        }
        if let (Some(id), [only]) = (&plan.run, found.as_mut_slice()) {
            only.0.run.id = id.clone();
        }
        runs.extend(found);
    }
    Ok(runs)
}

fn read_source(source: &Path, plan: &ImportPlan) -> anyhow::Result<Vec<(NewRun, Vec<String>)>> {
    let dataset = plan.dataset.clone().unwrap_or_else(|| "swe-bench".into());
    let split = plan.split.clone().unwrap_or_else(|| "test".into());
    let label = source.display().to_string();
    if source.is_dir() {
        if source.join("eval_outputs").is_dir() {
            return featurebench_eval_run(source, plan, &label);
        }
        let samples = files_named(source, |name| name.ends_with(".json"));
        if samples.first().is_some_and(|p| {
            std::fs::read(p)
                .ok()
                .is_some_and(|b| b.windows(15).any(|w| w == b"\"Generate_code\""))
        }) {
            return Ok(vec![swe_dev_samples(source, &samples, plan, &label)?]);
        }
        let reports = files_named(source, |name| name == "report.json");
        if !reports.is_empty() {
            return harness_tree(source, &reports, &dataset, &split, &label);
        }
        let logs = files_named(source, |name| name.ends_with(".log"));
        if !logs.is_empty() {
            return Ok(vec![repr_logs(source, &logs, &dataset, &split, &label)?]);
        }
        bail!("{}: no report.json or *.log files", source.display());
    }
    let bytes = std::fs::read(source).with_context(|| format!("cannot read {}", source.display()))?;
    let value: Option<Value> = serde_json::from_slice(&bytes).ok();
    match value {
        Some(value) if value.get("leaderboards").is_some() => {
            let runs = leaderboard::swebench_site(&value, &label, plan.dataset.as_deref());
            Ok(runs
                .into_iter()
                .map(|r| (r.run.notes.clone(), r))
                .map(|(notes, r)| (r, notes))
                .collect())
        }
        Some(Value::Array(rows)) if rows.first().is_some_and(|r| r.get("agent").is_some() && r.get("passed").is_some()) => {
            let board = source
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "full".into());
            let split = plan.split.clone().unwrap_or(board);
            let dataset = plan.dataset.clone().unwrap_or_else(|| "featurebench".into());
            Ok(leaderboard::featurebench_rows(&rows, &split, &label, &dataset)
                .into_iter()
                .map(|r| (r, Vec::new()))
                .collect())
        }
        Some(value) if value.get("resolved_ids").is_some() => Ok(vec![run_summary(source, &value, &dataset, &split, &label)]),
        Some(value) if value.get("resolved").is_some_and(Value::is_array) => {
            Ok(vec![experiments_results(source, &value, &dataset, &split, &label)])
        }
        Some(Value::Object(map)) if map.values().next().is_some_and(|r| r.get("tests_status").is_some()) => harness_tree(
            source.parent().unwrap_or(Path::new(".")),
            &[source.to_path_buf()],
            &dataset,
            &split,
            &label,
        ),
        _ => Ok(vec![predictions(source, &dataset, &split, &label, plan.run.as_deref())?]),
    }
}

fn new_run(id: String, name: String, dataset: &str, split: &str, source: &str) -> Run {
    Run {
        id,
        dataset: dataset.to_string(),
        split: split.to_string(),
        system: SystemInfo {
            name,
            ..SystemInfo::default()
        },
        date: None,
        source: source.to_string(),
        headline: BTreeMap::new(),
        notes: Vec::new(),
        results: Vec::new(),
    }
}

fn files_named(dir: &Path, wanted: impl Fn(&str) -> bool + Copy) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| wanted(&n.to_string_lossy())) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// `.../<run_id>/<model>/<instance>/report.json`: one run per `<run_id>/<model>`.
fn harness_tree(root: &Path, reports: &[PathBuf], dataset: &str, split: &str, source: &str) -> anyhow::Result<Vec<(NewRun, Vec<String>)>> {
    let mut runs: BTreeMap<(String, String), (NewRun, Vec<String>)> = BTreeMap::new();
    for path in reports {
        let instance_dir = path.parent().unwrap_or(root);
        let model_dir = instance_dir.parent().unwrap_or(root);
        let model = name_of(model_dir);
        let run_id = model_dir.parent().map(name_of).unwrap_or_default();
        let log = std::fs::read_to_string(instance_dir.join("test_output.txt")).ok();
        let entry = runs.entry((model.clone(), run_id.clone())).or_insert_with(|| {
            let mut run = new_run(slug(&format!("{model}.{run_id}")), model.clone(), dataset, split, source);
            run.system.model = Some(model.clone());
            (NewRun::new(run), Vec::new())
        });
        for (id, report) in harness::read_report_file(path)? {
            let (result, note) = harness::result_from_report(&id, &report, log.as_deref());
            if let Some(log) = &log {
                entry.0.logs.insert(id.clone(), log.clone());
            }
            if let Some(note) = note {
                entry.0.run.notes.push(note.clone());
                entry.1.push(note);
            }
            entry.0.run.results.push(result);
        }
    }
    // A run summary `<model>.<run_id>.json` next to the tree gives the headline to check.
    for ((model, run_id), (new, warnings)) in runs.iter_mut() {
        let summary = files_named(root, |n| n.ends_with(".json") && n != "report.json")
            .into_iter()
            .find(|p| name_of(p) == format!("{model}.{run_id}.json"));
        if let Some(value) = summary
            .and_then(|p| std::fs::read(p).ok())
            .and_then(|b| serde_json::from_slice::<Value>(&b).ok())
        {
            compare_summary(&value, new, warnings);
        }
    }
    Ok(runs.into_values().collect())
}

/// Older logs (`... report: {python dict}`), with the Markdown summary beside them if any.
fn repr_logs(dir: &Path, logs: &[PathBuf], dataset: &str, split: &str, source: &str) -> anyhow::Result<(NewRun, Vec<String>)> {
    let name = dir.parent().map(name_of).filter(|n| !n.is_empty()).unwrap_or_else(|| name_of(dir));
    let mut new = NewRun::new(new_run(slug(&name), name, dataset, split, source));
    // The harness writes `<name>.md` beside `<name>.logs`; any Markdown file with the same
    // sections will do.
    let same_name = dir.with_extension("md");
    let markdown = std::iter::once(same_name)
        .chain(files_named(dir.parent().unwrap_or(dir), |n| n.ends_with(".md")))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .find(|t| t.contains("## Resolved Instances"));
    let summary = markdown.map(|t| harness::markdown_summary(&t)).unwrap_or_default();
    let empty: Vec<&String> = summary.get("empty patch instances").map(|v| v.iter().collect()).unwrap_or_default();
    let mut warnings = Vec::new();
    for path in logs {
        let text = String::from_utf8_lossy(&std::fs::read(path)?).into_owned();
        let id = name_of(path).trim_start_matches("instance_").trim_end_matches(".log").to_string();
        let parsed = harness::read_repr_log(&text)
            .map_err(|e| anyhow::anyhow!("{}: the report is not a readable Python dict: {e}", path.display()))?;
        let result = match (parsed.report, parsed.resolved) {
            (Some(report), final_verdict) => {
                let (mut result, note) = harness::result_from_report(&id, &report, Some(&text));
                if let (Some(verdict), Some(reported)) = (final_verdict, result.resolved) {
                    if verdict != reported {
                        warnings.push(format!(
                            "{id}: the log's final line says resolved={verdict}, its report resolved={reported}"
                        ));
                    }
                }
                result.resolved = final_verdict.or(result.resolved);
                warnings.extend(note);
                result
            }
            (None, _) if empty.contains(&&id) => InstanceResult {
                instance_id: id.clone(),
                resolved: Some(false),
                empty_patch: true,
                failure_mode: Some("empty_patch".into()),
                ..Default::default()
            },
            (None, verdict) => InstanceResult {
                instance_id: id.clone(),
                resolved: Some(verdict.unwrap_or(false)),
                error: Some("the log ends before the harness wrote its report".into()),
                failure_mode: Some("incomplete".into()),
                ..Default::default()
            },
        };
        new.logs.insert(id, text);
        new.run.results.push(result);
    }
    if let Some(resolved) = summary.get("resolved instances") {
        new.run.headline.insert("resolved_instances".into(), resolved.len() as f64);
        let ours: Vec<&String> = new
            .run
            .results
            .iter()
            .filter(|r| r.resolved == Some(true))
            .map(|r| &r.instance_id)
            .collect();
        let mut theirs: Vec<&String> = resolved.iter().collect();
        theirs.sort();
        if ours != theirs {
            warnings.push(format!(
                "the summary lists {} resolved instances, the logs give {}; both are kept",
                theirs.len(),
                ours.len()
            ));
        }
    }
    new.run.notes.extend(warnings.iter().cloned());
    Ok((new, warnings))
}

/// `<model>.<run_id>.json`: counts and id lists, no per-test detail.
fn run_summary(path: &Path, value: &Value, dataset: &str, split: &str, source: &str) -> (NewRun, Vec<String>) {
    let stem = name_of(path).trim_end_matches(".json").to_string();
    let mut new = NewRun::new(new_run(
        slug(&stem),
        stem.split('.').next().unwrap_or(&stem).to_string(),
        dataset,
        split,
        source,
    ));
    let ids = |key: &str| strings(value, key);
    let mut results: BTreeMap<String, InstanceResult> = BTreeMap::new();
    for (key, resolved, mode) in [
        ("unresolved_ids", false, None),
        ("empty_patch_ids", false, Some("empty_patch")),
        ("error_ids", false, Some("harness_error")),
        ("resolved_ids", true, None),
    ] {
        for id in ids(key) {
            let result = results.entry(id.clone()).or_insert_with(|| InstanceResult {
                instance_id: id,
                ..Default::default()
            });
            result.resolved = Some(resolved);
            if let Some(mode) = mode {
                result.failure_mode = Some(mode.into());
                result.empty_patch |= mode == "empty_patch";
                if mode == "harness_error" {
                    result.error = Some("the harness reported an error".into());
                }
            }
        }
    }
    for (id, reason) in value.get("failure_reasons").and_then(Value::as_object).into_iter().flatten() {
        if let (Some(result), Some(reason)) = (results.get_mut(id), reason.as_str()) {
            result.failure_mode = Some(reason.to_string());
        }
    }
    new.run.results = results.into_values().collect();
    let mut warnings = Vec::new();
    compare_summary(value, &mut new, &mut warnings);
    (new, warnings)
}

/// Keeps a summary's counts as the headline and notes where the per-instance results differ:
/// instance by instance when the results came from reports, by count when from the summary.
fn compare_summary(value: &Value, new: &mut NewRun, warnings: &mut Vec<String>) {
    for key in [
        "total_instances",
        "submitted_instances",
        "completed_instances",
        "resolved_instances",
        "unresolved_instances",
        "empty_patch_instances",
        "error_instances",
    ] {
        if let Some(v) = value.get(key).and_then(Value::as_f64) {
            new.run.headline.insert(key.to_string(), v);
        }
    }
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
                "{}: its report says resolved={}, the summary's resolved_ids {}",
                result.instance_id,
                result.resolved == Some(true),
                if in_summary { "list it" } else { "do not" }
            ));
        }
    }
    if let Some(completed) = completed.filter(|c| *c != new.run.results.len()) {
        new.run.notes.push(format!(
            "the summary covers {completed} completed instances; {} have per-instance results here",
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

/// The experiments repository's `results/results.json`: `{resolved: [ids], applied: [...], ...}`.
fn experiments_results(path: &Path, value: &Value, dataset: &str, split: &str, source: &str) -> (NewRun, Vec<String>) {
    let folder = path
        .parent()
        .and_then(|p| if name_of(p) == "results" { p.parent() } else { Some(p) })
        .map(name_of)
        .unwrap_or_default();
    let mut new = NewRun::new(new_run(slug(&folder), folder, dataset, split, source));
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
            failure_mode: (!is_resolved).then(|| {
                if empty {
                    "empty_patch"
                } else if applied.contains(&id) {
                    "tests_failed"
                } else {
                    "patch_failed"
                }
                .to_string()
            }),
            instance_id: id,
            ..Default::default()
        });
    }
    (new, Vec::new())
}

/// Predictions: a run with the model patches and no verdicts yet.
fn predictions(path: &Path, dataset: &str, split: &str, source: &str, run: Option<&str>) -> anyhow::Result<(NewRun, Vec<String>)> {
    let predictions = crate::predictions::read_predictions(path)?;
    let model = predictions.iter().find_map(|p| p.model.clone());
    let stem = name_of(path).split('.').next().unwrap_or("predictions").to_string();
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
    Ok((new, Vec::new()))
}

/// `fb eval` outputs: one run per attempt, checked against the summary's rates and id lists.
fn featurebench_eval_run(root: &Path, plan: &ImportPlan, source: &str) -> anyhow::Result<Vec<(NewRun, Vec<String>)>> {
    let dataset = plan.dataset.clone().unwrap_or_else(|| "featurebench".into());
    let split = plan.split.clone().unwrap_or_else(|| "full".into());
    let stamp = name_of(root);
    let mut runs = Vec::new();
    for (n, results) in featurebench_eval::read_attempts(root)? {
        let mut new = NewRun::new(new_run(
            slug(&format!("featurebench.{stamp}.attempt-{n}")),
            format!("{stamp} attempt {n}"),
            &dataset,
            &split,
            source,
        ));
        new.run.results = results;
        let mut warnings = Vec::new();
        if let Some((headline, resolved_ids)) = featurebench_eval::summary_for(root, n) {
            new.run.headline = headline;
            let mut ours: Vec<&String> = new
                .run
                .results
                .iter()
                .filter(|r| r.resolved == Some(true))
                .map(|r| &r.instance_id)
                .collect();
            ours.sort();
            let mut theirs: Vec<&String> = resolved_ids.iter().collect();
            theirs.sort();
            if ours != theirs {
                warnings.push(format!(
                    "attempt {n}: the summary lists {} resolved tasks, the per-task reports {}; both are kept",
                    theirs.len(),
                    ours.len()
                ));
            }
            if let Some(rate) = new
                .run
                .headline
                .get("resolved_rate")
                .copied()
                .filter(|_| !new.run.results.is_empty())
            {
                let computed = ours.len() as f64 / new.run.results.len() as f64;
                let published = if rate > 1.0 { rate / 100.0 } else { rate };
                if (computed - published).abs() > 0.0005 {
                    warnings.push(format!(
                        "attempt {n}: the summary's resolved_rate {rate} differs from the reports' {computed:.4}; both are kept"
                    ));
                }
            }
        }
        new.run.notes.extend(warnings.iter().cloned());
        runs.push((new, warnings));
    }
    Ok(runs)
}

/// SWE-Dev sample outputs: model patches from `Generate_code`, verdicts where evaluated.
fn swe_dev_samples(dir: &Path, samples: &[PathBuf], plan: &ImportPlan, source: &str) -> anyhow::Result<(NewRun, Vec<String>)> {
    let dataset = plan.dataset.clone().unwrap_or_else(|| "swe-dev".into());
    let split = plan.split.clone().unwrap_or_else(|| "easy".into());
    let name = name_of(dir);
    let mut new = NewRun::new(new_run(slug(&name), name, &dataset, &split, source));
    let mut warnings = Vec::new();
    for path in samples {
        let (result, patch, note) = swe_dev::read_sample(path)?;
        if let Some(patch) = patch {
            new.patches.insert(result.instance_id.clone(), patch);
        }
        warnings.extend(note);
        new.run.results.push(result);
    }
    new.run.notes.extend(warnings.iter().cloned());
    Ok((new, warnings))
}

/// The strings of the list under `key` (non-strings and a missing key give nothing).
fn strings(value: &Value, key: &str) -> Vec<String> {
    value
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

fn name_of(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}
