//! `benchscope score`: a generation file scored against an exported Long Code Arena dataset, with
//! the metrics of [`crate::metrics`], into a run whose results carry them (and whose headline
//! holds their means).
//!
//! Predictions are JSONL or a JSON list; a record names its task by `instance_id`, `id`, `index`
//! (library-based code generation's row) or `hash` (commit message generation), and holds:
//! - commit messages: `prediction` (or `message`): BLEU, chrF, ROUGE-1/2/L;
//! - library-based code generation: `generation` (or `prediction`): chrF, API recall;
//! - bug localization: `files` (or `prediction`), a list of paths: precision, recall, F1,
//!   all correct, all incorrect, at least one correct, and the false-positive rate when the row
//!   counts the repository's files (`repo_files_without_tests_count`);
//! - code completion: `completions`, `{line index: text}`: exact match per line category and overall.

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::{bail, Context};
use benchscope_contract::instance::{string_list, REPOSITORY_FILES_FIELD};
use benchscope_contract::{Instance, InstanceResult, Run};
use serde_json::Value;

use crate::data_dir::DataDir;
use crate::error::Location;
use crate::formats::lca::unfence;
use crate::metrics::{bleu, chrf, rouge, sets};
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
type Metrics = BTreeMap<String, f64>;

/// Scores one prediction against its task.
type Scorer = fn(&Instance, &Value) -> Result<Metrics, String>;

/// Scores every prediction; warnings name predictions for unknown tasks.
pub fn score(plan: &ScorePlan) -> anyhow::Result<(NewRun, Vec<String>)> {
    let format = plan.data.format_of(&plan.dataset)?.unwrap_or_default();
    let (split, instances) = plan.data.instances(&plan.dataset, plan.split.as_deref())?;
    let scorer: Scorer = match format.as_str() {
        "lca-commit-messages" => commit_message,
        "lca-library-codegen" => library_code,
        "lca-bug-localization" => localization,
        "lca-code-completion" => completion,
        other => bail!("dataset `{}` is `{other}`: score reads Long Code Arena's commit messages, library-based code generation, bug localization and code completion", plan.dataset),
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
        let metrics = scorer(instance, &record).map_err(|e| anyhow::anyhow!("{where_}: {e}"))?;
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
    if let Ok(Value::Array(items)) = serde_json::from_str::<Value>(&text) {
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
            let record = serde_json::from_str(l).with_context(|| format!("{}: {location}: not JSON", path.display()))?;
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

fn text_field(record: &Value, keys: &[&str]) -> Result<String, String> {
    keys.iter()
        .find_map(|k| record.get(*k).and_then(Value::as_str))
        .map(str::to_string)
        .ok_or_else(|| format!("field `{}`: missing or not a string", keys[0]))
}

fn document(instance: &Instance, index: usize) -> Result<String, String> {
    instance
        .documents
        .get(index)
        .map(|d| unfence(&d.markdown))
        .ok_or_else(|| format!("task {} has no reference text", instance.id))
}

fn commit_message(instance: &Instance, record: &Value) -> Result<Metrics, String> {
    let (prediction, reference) = (text_field(record, &["prediction", "message"])?, document(instance, 0)?);
    Ok(BTreeMap::from([
        ("bleu".into(), bleu::sentence_bleu(&prediction, &reference)),
        ("chrf".into(), chrf::chrf(&prediction, &reference)),
        ("rouge1".into(), rouge::rouge_n(&prediction, &reference, 1).f * 100.0),
        ("rouge2".into(), rouge::rouge_n(&prediction, &reference, 2).f * 100.0),
        ("rougeL".into(), rouge::rouge_l(&prediction, &reference).f * 100.0),
    ]))
}

fn library_code(instance: &Instance, record: &Value) -> Result<Metrics, String> {
    let (generation, reference) = (text_field(record, &["generation", "prediction"])?, document(instance, 1)?);
    let apis = strings(instance.extra.get("unique_apis"));
    let mut metrics = BTreeMap::from([("chrf".to_string(), chrf::chrf(&generation, &reference))]);
    if let Some(recall) = sets::api_recall(&generation, &apis) {
        metrics.insert("api_recall".into(), recall * 100.0);
    }
    Ok(metrics)
}

fn localization(instance: &Instance, record: &Value) -> Result<Metrics, String> {
    let predicted = strings(record.get("files").or_else(|| record.get("prediction")));
    let changed = strings(instance.extra.get("changed_files"));
    let repository_files = instance.extra.get(REPOSITORY_FILES_FIELD).and_then(Value::as_u64);
    let result = sets::localization(&predicted, &changed, repository_files.map(|n| n as usize));
    let percent = |yes: bool| if yes { 100.0 } else { 0.0 };
    let mut metrics = BTreeMap::from([
        ("precision".to_string(), result.precision * 100.0),
        ("recall".into(), result.recall * 100.0),
        ("f1".into(), result.f1 * 100.0),
        ("all_correct".into(), percent(result.all_correct)),
        ("all_incorrect".into(), percent(result.all_incorrect)),
        ("at_least_one_correct".into(), percent(result.at_least_one_correct)),
    ]);
    if let Some(rate) = result.false_positive_rate {
        metrics.insert("fpr".into(), rate * 100.0);
    }
    Ok(metrics)
}

fn completion(instance: &Instance, record: &Value) -> Result<Metrics, String> {
    let completions = record
        .get("completions")
        .and_then(Value::as_object)
        .ok_or("field `completions`: expected {line index: text}")?;
    let content = instance
        .extra
        .get("completion_file")
        .and_then(|f| f.get("content"))
        .and_then(Value::as_str)
        .ok_or_else(|| format!("task {} has no completion file", instance.id))?;
    let lines: Vec<&str> = content.lines().collect();
    let mut metrics = BTreeMap::new();
    let (mut hits, mut total) = (0u64, 0u64);
    for (category, numbers) in instance
        .extra
        .get("completion_lines")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let numbers: Vec<usize> = numbers
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|n| n.as_u64().map(|n| n as usize))
            .collect();
        let scored: Vec<bool> = numbers
            .iter()
            .filter_map(|n| {
                let predicted = completions.get(&n.to_string())?.as_str()?;
                Some(sets::exact_match(predicted, lines.get(*n)?))
            })
            .collect();
        if !scored.is_empty() {
            let matched = scored.iter().filter(|m| **m).count() as u64;
            metrics.insert(format!("em_{category}"), matched as f64 * 100.0 / scored.len() as f64);
            hits += matched;
            total += scored.len() as u64;
        }
    }
    if total > 0 {
        metrics.insert("em".into(), hits as f64 * 100.0 / total as f64);
    }
    Ok(metrics)
}

fn strings(value: Option<&Value>) -> Vec<String> {
    value.and_then(string_list).unwrap_or_default()
}
