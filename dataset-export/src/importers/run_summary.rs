//! SWE-bench run summaries, one run each (verdicts from the id lists, no per-test detail): the
//! harness's `<model>.<run_id>.json` and sb-cli's `<subset>__<split>__<run_id>.json`, whose name
//! gives the dataset and split (see [`benchscope_contract::run_summary`]); one file, or a folder
//! of them such as sb-cli's `sb-cli-reports/` (its `*.response.json` companions are not reports).

use std::path::{Path, PathBuf};

use anyhow::Context;
use benchscope_contract::run_summary::{headline, results_from_summary, summary_name};
use serde_json::Value;

use super::harness::compare_summary;
use super::leaderboard::slug;
use super::{name_of, new_run, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::run_store::NewRun;

/// One run summary file, with `resolved_ids`.
pub struct RunSummaryFile;

impl RunSource for RunSummaryFile {
    fn name(&self) -> &'static str {
        "SWE-bench run summary"
    }

    fn detect(&self, source: &Source) -> bool {
        source.json().is_some_and(is_summary)
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let value = source.json().context("a run summary is a JSON object")?;
        Ok(vec![run_summary(source.path(), value, plan, &source.label())])
    }
}

/// A folder whose JSON files are all run summaries.
pub struct RunSummaryFolder;

impl RunSource for RunSummaryFolder {
    fn name(&self) -> &'static str {
        "a folder of SWE-bench run summaries"
    }

    fn detect(&self, source: &Source) -> bool {
        let files = summary_files(source);
        !files.is_empty() && files.len() <= MAX_FOLDER_FILES && files.iter().all(|p| read_json(p).is_ok_and(|v| is_summary(&v)))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let summaries = summary_files(source);
        let mut runs = summaries
            .iter()
            .map(|path| Ok(run_summary(path, &read_json(path)?, plan, &path.display().to_string())))
            .collect::<anyhow::Result<Imported>>()?;
        // Whatever else the folder holds (predictions beside the reports, say) is said, not lost.
        let others = source.files_named(|n| !n.ends_with(".json"));
        if let (Some((_, warnings)), false) = (runs.first_mut(), others.is_empty()) {
            let names: Vec<String> = others.iter().map(|p| p.display().to_string()).collect();
            warnings.push(format!("not run summaries, so not read: {}", names.join(", ")));
        }
        Ok(runs)
    }
}

/// More JSON files than this in a folder is not a folder of reports someone downloaded.
const MAX_FOLDER_FILES: usize = 2_000;

fn is_summary(value: &Value) -> bool {
    value.get("resolved_ids").is_some_and(Value::is_array)
}

/// A folder's JSON files but sb-cli's `*.response.json` (the request's echo, not a report).
fn summary_files(source: &Source) -> Vec<PathBuf> {
    source.files_named(|n| n.ends_with(".json") && !n.ends_with(".response.json"))
}

fn read_json(path: &Path) -> anyhow::Result<Value> {
    let bytes = crate::input::compressed::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    crate::input::from_json_bytes(&bytes).with_context(|| format!("{}: not valid JSON", path.display()))
}

/// The run a summary gives, named as its file name says; `--dataset` and `--split` win over the
/// names sb-cli's file gives, which are taken as stated otherwise.
fn run_summary(path: &Path, value: &Value, plan: &ImportPlan, source: &str) -> (NewRun, Vec<String>) {
    let named = summary_name(&name_of(path));
    let dataset = plan
        .dataset
        .clone()
        .or(named.dataset.clone())
        .unwrap_or_else(|| DEFAULT_DATASET.into());
    let split = plan.split.clone().or(named.split).unwrap_or_else(|| DEFAULT_SPLIT.into());
    let mut new = NewRun::new(new_run(slug(&named.run_id), named.system, &dataset, &split, source));
    new.dataset_from_source = plan.dataset.is_none() && named.dataset.is_some();
    new.run.results = results_from_summary(value);
    new.run.headline = headline(value);
    new.stated_total = value.get("total_instances").and_then(Value::as_u64).map(|n| n as usize);
    let mut warnings = Vec::new();
    compare_summary(value, "the summary's resolved_ids", &mut new, &mut warnings);
    (new, warnings)
}
