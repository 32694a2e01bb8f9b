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

pub mod experiments;
pub mod featurebench_eval;
pub mod harness;
pub mod harness_logs;
pub mod lca;
pub mod leaderboard;
pub mod pyrepr;
pub mod swe_dev;

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use benchscope_contract::{InstanceResult, Run};
use serde_json::Value;

use crate::input::json_document::{self, Document};
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

/// The dataset of runs whose source names none, when `--dataset` does not either.
pub const DEFAULT_DATASET: &str = "swe-bench";

fn read_source(source: &Path, plan: &ImportPlan) -> anyhow::Result<Vec<(NewRun, Vec<String>)>> {
    let dataset = plan.dataset.clone().unwrap_or_else(|| DEFAULT_DATASET.into());
    let split = plan.split.clone().unwrap_or_else(|| "test".into());
    let label = source.display().to_string();
    if source.is_dir() {
        if source.join("eval_outputs").is_dir() {
            return featurebench_eval::import_runs(source, plan, &label);
        }
        let samples = files_named(source, |name| name.ends_with(".json"));
        if samples.first().is_some_and(|p| {
            std::fs::read(p)
                .ok()
                .is_some_and(|b| b.windows(15).any(|w| w == b"\"Generate_code\""))
        }) {
            return Ok(vec![swe_dev::import_run(source, &samples, plan, &label)?]);
        }
        let reports = files_named(source, |name| name == "report.json");
        if !reports.is_empty() {
            return harness::harness_tree(source, &reports, &dataset, &split, &label);
        }
        let logs = files_named(source, |name| name.ends_with(".log"));
        if !logs.is_empty() {
            return Ok(vec![harness_logs::repr_logs(source, &logs, &dataset, &split, &label)?]);
        }
        bail!("{}: no report.json or *.log files", source.display());
    }
    let bytes = std::fs::read(source).with_context(|| format!("cannot read {}", source.display()))?;
    if let Some(runs) = lca_jsonl(source, &bytes, plan, &label)? {
        return Ok(runs.into_iter().map(|r| (r, Vec::new())).collect());
    }
    let (value, forgiven) = match json_document::read(&bytes) {
        Document::Json(value, comma_lines) => (Some(value), comma_lines),
        Document::NotJson => (None, Vec::new()),
        Document::Invalid(fault) => bail!("{}: not valid JSON: {fault}", source.display()),
    };
    let mut runs = runs_from_value(source, value, plan, &label)?;
    for line in forgiven {
        let warning = format!(
            "{}: line {line}: a trailing comma before a closing bracket, read as if absent",
            source.display()
        );
        for (_, warnings) in &mut runs {
            warnings.push(warning.clone());
        }
    }
    Ok(runs)
}

/// The runs a file's JSON document (or, for `None`, its JSON Lines) holds, by its shape.
fn runs_from_value(source: &Path, value: Option<Value>, plan: &ImportPlan, label: &str) -> anyhow::Result<Vec<(NewRun, Vec<String>)>> {
    let dataset = plan.dataset.clone().unwrap_or_else(|| DEFAULT_DATASET.into());
    let split = plan.split.clone().unwrap_or_else(|| "test".into());
    let label = label.to_string();
    match value {
        Some(value) if value.get("leaderboards").is_some() => {
            let runs = leaderboard::swebench_site(&value, &label, plan.dataset.as_deref());
            let named_by_board = plan.dataset.is_none();
            Ok(runs
                .into_iter()
                .map(|mut r| {
                    r.dataset_from_source = named_by_board;
                    let notes = r.run.notes.clone();
                    (r, notes)
                })
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
        Some(value) if value.get("llm_table").is_some() || value.get("mas_table").is_some() => {
            let dataset = plan.dataset.clone().unwrap_or_else(|| "swe-dev".into());
            Ok(leaderboard::swe_dev_tables(&value, &label, &dataset)
                .into_iter()
                .map(|r| (r, Vec::new()))
                .collect())
        }
        Some(value) if value.get("resolved_ids").is_some() => Ok(vec![harness::run_summary(source, &value, &dataset, &split, &label)]),
        Some(value) if value.get("resolved").is_some_and(Value::is_array) => {
            Ok(vec![experiments::experiments_results(source, &value, &dataset, &split, &label)])
        }
        Some(Value::Object(map)) if map.values().next().is_some_and(|r| r.get("tests_status").is_some()) => harness::harness_tree(
            source.parent().unwrap_or(Path::new(".")),
            &[source.to_path_buf()],
            &dataset,
            &split,
            &label,
        ),
        _ => Ok(vec![predictions(source, &dataset, &split, &label, plan.run.as_deref())?]),
    }
}

/// Long Code Arena's JSONL results (library-based code generation's generations, CI builds
/// repair's job results), recognized by their first record.
fn lca_jsonl(source: &Path, bytes: &[u8], plan: &ImportPlan, label: &str) -> anyhow::Result<Option<Vec<NewRun>>> {
    let text = String::from_utf8_lossy(bytes);
    let Some(first) = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| serde_json::from_str::<Value>(l).ok())
    else {
        return Ok(None);
    };
    let is_generation = first.get("generation").is_some() && first.get("config").is_some();
    let is_job = first.get("conclusion").is_some() && first.get("sha_original").is_some();
    let is_compscore = lca::compscore_of(&first).is_some();
    if !is_generation && !is_job && !is_compscore {
        return Ok(None);
    }
    let rows = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str::<Value>(l).with_context(|| format!("{}: line {}: not JSON", source.display(), i + 1)))
        .collect::<anyhow::Result<Vec<Value>>>()?;
    let split = plan.split.clone().unwrap_or_else(|| "test".into());
    Ok(Some(if is_compscore {
        let dataset = plan.dataset.clone().unwrap_or_else(|| "lca-module-summarization".into());
        vec![lca::compscores(source, &rows, &dataset, &split, label, plan.run.as_deref())]
    } else if is_generation {
        let dataset = plan.dataset.clone().unwrap_or_else(|| "lca-library-codegen".into());
        lca::library_codegen_generations(source, &rows, &dataset, &split, label)
    } else {
        let dataset = plan.dataset.clone().unwrap_or_else(|| "lca-ci-builds".into());
        vec![lca::ci_jobs(source, &rows, &dataset, &split, label)]
    }))
}

pub(super) fn new_run(id: String, name: String, dataset: &str, split: &str, source: &str) -> Run {
    Run::new(id, dataset, split, name, source)
}

pub(super) fn files_named(dir: &Path, wanted: impl Fn(&str) -> bool + Copy) -> Vec<PathBuf> {
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

/// Predictions: a run with the model patches and no verdicts yet.
fn predictions(path: &Path, dataset: &str, split: &str, source: &str, run: Option<&str>) -> anyhow::Result<(NewRun, Vec<String>)> {
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

/// The strings of the list under `key` (non-strings and a missing key give nothing).
pub(super) fn strings(value: &Value, key: &str) -> Vec<String> {
    value
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

pub(super) fn name_of(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}
