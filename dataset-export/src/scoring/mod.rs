//! `benchscope score`: a generation file scored against an exported Long Code Arena dataset, with
//! the metrics of [`crate::metrics`], into a run whose results carry them (and whose headline
//! holds their means). A dataset format's metrics are one [`Scorer`], registered in [`SCORERS`].
//!
//! Predictions are JSONL or a JSON list; a record names its task by `instance_id`, `id`, `index`
//! (library-based code generation's row) or `hash` (commit message generation), and holds:
//! - commit messages: `prediction` (or `message`): BLEU, chrF, ROUGE-1/2/L;
//! - library-based code generation: `generation` (or `prediction`): chrF, API recall;
//! - bug localization: `files` (or `prediction`), a list of paths: precision, recall, F1,
//!   all correct, all incorrect, at least one correct, and the false-positive rate when the row
//!   counts the repository's files (`repo_files_without_tests_count`);
//! - code completion: `completions`, `{line index: text}`: exact match per line category and overall.

mod bug_localization;
mod code_completion;
mod commit_messages;
mod library_codegen;

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::{bail, Context};
use benchscope_contract::{Instance, InstanceResult, Run};
use serde_json::Value;

use crate::data_dir::DataDir;
use crate::error::Location;
use crate::run_store::NewRun;

/// What `score` needs.
#[derive(Debug, Clone)]
pub struct ScorePlan {
    /// The data directory.
    pub data: DataDir,
    /// The exported dataset.
    pub dataset: String,
    /// Its split.
    pub split: Option<String>,
    /// The generations.
    pub predictions: PathBuf,
    /// The run's id.
    pub run: String,
}

/// A task's metrics, by name.
pub type Metrics = BTreeMap<String, f64>;

/// The metrics of one dataset format.
pub trait Scorer: Sync {
    /// The format of the datasets it scores (as the manifest names it).
    fn format(&self) -> &'static str;
    /// Scores one prediction record against its task.
    fn score(&self, instance: &Instance, prediction: &Value) -> Result<Metrics, String>;
}

/// Every scorer.
pub const SCORERS: &[&dyn Scorer] = &[
    &commit_messages::CommitMessages,
    &library_codegen::LibraryCodegen,
    &bug_localization::BugLocalization,
    &code_completion::CodeCompletion,
];

/// Scores every prediction; warnings name predictions for unknown tasks.
pub fn score(plan: &ScorePlan) -> anyhow::Result<(NewRun, Vec<String>)> {
    let format = plan.data.format_of(&plan.dataset)?.unwrap_or_default();
    let (split, instances) = plan.data.instances(&plan.dataset, plan.split.as_deref())?;
    let Some(scorer) = SCORERS.iter().find(|s| s.format() == format) else {
        let known: Vec<_> = SCORERS.iter().map(|s| s.format()).collect();
        bail!(
            "dataset `{}` is `{format}`: score reads Long Code Arena datasets of the formats {}",
            plan.dataset,
            known.join(", ")
        );
    };
    let by_commit: BTreeMap<&str, &Instance> = instances.values().filter_map(|i| Some((i.base_commit.as_deref()?, i))).collect();
    let mut results = Vec::new();
    let mut warnings = Vec::new();
    for (location, record) in read_records(&plan.predictions)? {
        let where_ = format!("{}: {location}", plan.predictions.display());
        let instance = task_key(&record).and_then(|key| instances.get(&key).or_else(|| by_commit.get(key.as_str()).copied()));
        let Some(instance) = instance else {
            warnings.push(format!("{where_}: no task of {} matches it", plan.dataset));
            continue;
        };
        let metrics = scorer.score(instance, &record).map_err(|e| anyhow::anyhow!("{where_}: {e}"))?;
        results.push(InstanceResult {
            instance_id: instance.id.clone(),
            metrics,
            ..Default::default()
        });
    }
    let mut run = Run::new(&plan.run, &plan.dataset, split, &plan.run, plan.predictions.display().to_string());
    run.results = results;
    run.headline = run.metric_means();
    Ok((NewRun::new(run), warnings))
}

/// The predictions, each with where it is: an element of a JSON list, or a line of JSONL.
fn read_records(path: &std::path::Path) -> anyhow::Result<Vec<(Location, Value)>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    if let Ok(Value::Array(items)) = crate::input::from_json_bytes::<Value>(text.as_bytes()) {
        return Ok(items
            .into_iter()
            .enumerate()
            .map(|(i, v)| (Location::Element(i as u64), v))
            .collect());
    }
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let location = Location::Line(i as u64 + 1);
            let record = crate::input::from_str_forgiving(l).with_context(|| format!("{}: {location}: not JSON", path.display()))?;
            Ok((location, record))
        })
        .collect()
}

fn task_key(record: &Value) -> Option<String> {
    ["instance_id", "id", "index", "hash"]
        .iter()
        .find_map(|key| match record.get(*key)? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
}

/// The text under the first of `keys` in a prediction record.
fn text_field(record: &Value, keys: &[&str]) -> Result<String, String> {
    keys.iter()
        .find_map(|k| record.get(*k).and_then(Value::as_str))
        .map(str::to_string)
        .ok_or_else(|| format!("field `{}`: missing or not a string", keys[0]))
}

/// A list of strings, however the record or instance spells it (absent is empty).
fn strings(value: Option<&Value>) -> Vec<String> {
    value.and_then(benchscope_contract::instance::string_list).unwrap_or_default()
}
