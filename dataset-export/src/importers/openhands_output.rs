//! OpenHands' benchmarks since its agent SDK (V1): `output.jsonl`, one line an attempt at an
//! instance, `{instance_id, attempt, max_attempts, status, resolved, error, test_result, cost,
//! artifacts_url}`, with `output.report.json` derived from it beside it. The trajectories stay
//! behind `artifacts_url`; the line holds the verdict, the patch (`test_result.git_patch`) and
//! the cost. An instance tried more than once counts by its best attempt, as OpenHands' own
//! report picks it: a resolved one, else the last.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::anyhow;
use benchscope_contract::{failure_mode, InstanceResult};
use serde_json::Value;

use super::leaderboard::slug;
use super::{first_few, name_of, new_run, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::input::read_records;
use crate::run_store::NewRun;

/// The file, or a folder holding it.
pub struct OpenHandsOutput;

const FILE_NAME: &str = "output.jsonl";
/// The summary OpenHands derives from the file, beside it.
const REPORT_NAME: &str = "output.report.json";

impl RunSource for OpenHandsOutput {
    fn name(&self) -> &'static str {
        "OpenHands output.jsonl"
    }

    fn detect(&self, source: &Source) -> bool {
        match source.is_file() {
            true => source.first_line_record().is_some_and(|line| is_attempt(&line)),
            false => output_file(source).is_some(),
        }
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let file = match source.is_file() {
            true => source.path().to_path_buf(),
            false => output_file(source).ok_or_else(|| anyhow!("{}: no {FILE_NAME}", source.path().display()))?,
        };
        let mut best: BTreeMap<String, Attempt> = BTreeMap::new();
        let mut lines = 0;
        for record in read_records(&file)? {
            let record = record?;
            let attempt =
                Attempt::of(&Value::Object(record.fields)).map_err(|e| anyhow!("{}: {}: {e}", file.display(), record.location))?;
            lines += 1;
            match best.get(&attempt.instance_id) {
                Some(kept) if !attempt.better_than(kept) => {}
                _ => {
                    best.insert(attempt.instance_id.clone(), attempt);
                }
            }
        }
        let name = plan.run.clone().unwrap_or_else(|| run_name(&file));
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        let mut run = new_run(slug(&name), name, &dataset, &split, &source.label());
        let mut notes = Vec::new();
        if lines > best.len() {
            notes.push(format!(
                "{}: {lines} attempts at {} instances; each instance counts by its best attempt (a resolved one, else the last)",
                file.display(),
                best.len()
            ));
        }
        let skipped: Vec<&str> = best
            .values()
            .filter(|a| a.status == "skipped")
            .map(|a| a.instance_id.as_str())
            .collect();
        if !skipped.is_empty() {
            notes.push(format!(
                "{}: {} skipped, not counted as attempted: {}",
                file.display(),
                benchscope_contract::wording::plural(skipped.len(), "instance"),
                first_few(&skipped)
            ));
        }
        let mut patches = BTreeMap::new();
        for attempt in best.into_values().filter(|a| a.status != "skipped") {
            if let Some(patch) = attempt.patch.clone().filter(|p| !p.trim().is_empty()) {
                patches.insert(attempt.instance_id.clone(), patch);
            }
            run.results.push(attempt.result());
        }
        notes.extend(report_disagreement(&file, &run.results));
        run.notes.extend(notes.iter().cloned());
        let mut new = NewRun::new(run);
        new.patches = patches;
        Ok(vec![(new, notes)])
    }
}

/// Where `output.report.json` beside the file resolves other instances than its lines do: the
/// report was derived from another state of the file.
fn report_disagreement(file: &Path, results: &[InstanceResult]) -> Option<String> {
    let report_path = file.with_file_name(REPORT_NAME);
    let report: Value = serde_json::from_slice(&std::fs::read(&report_path).ok()?).ok()?;
    let listed: BTreeSet<&str> = report.get("resolved_ids")?.as_array()?.iter().filter_map(Value::as_str).collect();
    let read: BTreeSet<&str> = results
        .iter()
        .filter(|r| r.resolved == Some(true))
        .map(|r| r.instance_id.as_str())
        .collect();
    if listed == read {
        return None;
    }
    let only = |a: &BTreeSet<&str>, b: &BTreeSet<&str>| a.difference(b).copied().collect::<Vec<_>>().join(", ");
    Some(format!(
        "{}: its resolved_ids differ from the attempts' verdicts, which the run keeps (resolved only there: [{}]; only in the lines: [{}])",
        report_path.display(),
        only(&listed, &read),
        only(&read, &listed)
    ))
}

/// The folder's `output.jsonl`, when it is one of these.
fn output_file(source: &Source) -> Option<PathBuf> {
    let files = source.files_named(|name| name == FILE_NAME);
    let [file] = files.as_slice() else { return None };
    // Its first record is enough to tell: read up to it, not the whole file.
    let mut reader = std::io::BufReader::new(std::fs::File::open(file).ok()?);
    let mut first = String::new();
    while first.trim_start_matches('\u{feff}').trim().is_empty() {
        first.clear();
        if std::io::BufRead::read_line(&mut reader, &mut first).ok()? == 0 {
            return None;
        }
    }
    let line = benchscope_contract::json_document::first_line_record(&first)?;
    is_attempt(&line).then(|| file.clone())
}

/// Whether a line is an attempt: its instance, its attempt's number and its status.
fn is_attempt(line: &Value) -> bool {
    line.get("instance_id").is_some_and(Value::is_string)
        && line.get("attempt").is_some_and(Value::is_u64)
        && line.get("status").is_some_and(Value::is_string)
        && (line.get("artifacts_url").is_some() || line.get("max_attempts").is_some())
}

/// `output.jsonl` is named by its folder (OpenHands writes each run's into its own), another
/// file by itself.
fn run_name(file: &Path) -> String {
    let own = name_of(file);
    let folder = file.parent().and_then(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned());
    match folder {
        Some(folder) if own == FILE_NAME && !folder.is_empty() => folder,
        _ => own.split('.').next().unwrap_or(&own).to_string(),
    }
}

/// One line of the file.
struct Attempt {
    instance_id: String,
    number: u64,
    status: String,
    resolved: Option<bool>,
    error: Option<String>,
    patch: Option<String>,
    cost: Option<f64>,
    tokens_in: Option<u64>,
    tokens_out: Option<u64>,
}

impl Attempt {
    fn of(line: &Value) -> Result<Self, String> {
        let text = |key: &str| line.get(key).and_then(Value::as_str).map(str::to_string);
        let cost = line.get("cost").unwrap_or(&Value::Null);
        let status = text("status").ok_or("field `status`: missing or not text")?;
        if !["success", "error", "skipped"].contains(&status.as_str()) {
            return Err(format!("field `status`: `{status}` is none of success, error, skipped"));
        }
        let resolved = match line.get("resolved") {
            None | Some(Value::Null) => None,
            Some(Value::Bool(resolved)) => Some(*resolved),
            Some(other) => return Err(format!("field `resolved`: {other} is neither true, false nor null")),
        };
        Ok(Attempt {
            instance_id: text("instance_id").ok_or("field `instance_id`: missing or not text")?,
            number: line
                .get("attempt")
                .and_then(Value::as_u64)
                .ok_or("field `attempt`: missing or not a count")?,
            status,
            resolved,
            error: text("error"),
            patch: line.pointer("/test_result/git_patch").and_then(Value::as_str).map(str::to_string),
            cost: cost.get("total_cost").and_then(Value::as_f64),
            tokens_in: cost.get("input_tokens").and_then(Value::as_u64),
            tokens_out: cost.get("output_tokens").and_then(Value::as_u64),
        })
    }

    /// OpenHands' choice between two attempts at an instance: a resolved one, the later of two.
    fn better_than(&self, kept: &Attempt) -> bool {
        let resolved = |a: &Attempt| a.resolved == Some(true);
        match (resolved(self), resolved(kept)) {
            (true, false) => true,
            (false, true) => false,
            _ => self.number >= kept.number,
        }
    }

    /// The attempt's result: an attempt that ended in an error did not finish; one not evaluated
    /// yet has no verdict, only its patch.
    fn result(&self) -> InstanceResult {
        let empty_patch = self.patch.as_deref().is_none_or(|p| p.trim().is_empty());
        let (resolved, failure, error) = match (self.status.as_str(), self.resolved) {
            ("error", resolved) => (
                Some(resolved.unwrap_or(false)),
                Some(failure_mode::INCOMPLETE.to_string()),
                Some(self.error.clone().unwrap_or_else(|| "the attempt ended in an error".to_string())),
            ),
            (_, Some(true)) => (Some(true), None, None),
            (_, Some(false)) if empty_patch => (Some(false), Some(failure_mode::EMPTY_PATCH.to_string()), None),
            (_, Some(false)) => (Some(false), Some(failure_mode::UNRESOLVED.to_string()), None),
            (_, None) => (None, None, None),
        };
        InstanceResult {
            instance_id: self.instance_id.clone(),
            resolved,
            empty_patch,
            error,
            failure_mode: failure,
            cost: self.cost,
            tokens_in: self.tokens_in,
            tokens_out: self.tokens_out,
            ..InstanceResult::default()
        }
    }
}
