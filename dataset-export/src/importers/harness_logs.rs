//! Older SWE-bench harness logs, which print the report as a Python dict (`[<id>] report: {...}`
//! then `Result for <id>: resolved: True`), with the Markdown summary the harness writes beside
//! them (`<name>.md` next to `<name>.logs`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use benchscope_contract::{failure_mode, InstanceResult};
use serde_json::Value;

use super::harness::result_from_report;
use super::leaderboard::slug;
use super::source::file_contains;
use super::{files_named, name_of, new_run, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::pyrepr;
use crate::run_store::{NewRun, StatedDataset};

/// What an older log says: its report (parsed from the Python dict) and its final verdict.
pub struct LogReport {
    /// The report dict, when the log got that far.
    pub report: Option<Value>,
    /// `Result for <id>: resolved: <bool>`, when present.
    pub resolved: Option<bool>,
}

/// Reads a log that prints `[<id>] report: {python dict}`.
pub fn read_repr_log(text: &str) -> Result<LogReport, String> {
    let mut report = None;
    let mut resolved = None;
    for line in text.lines() {
        if let Some(start) = line.find("] report: {") {
            report = Some(pyrepr::parse(&line[start + "] report: ".len()..])?);
        }
        if let Some(rest) = line.strip_prefix("Result for ") {
            resolved = rest.rsplit_once("resolved: ").map(|(_, v)| v.trim() == "True");
        }
    }
    Ok(LogReport { report, resolved })
}

/// The id lists of a harness Markdown summary (`## Resolved Instances` then `- [id](...)`).
pub fn markdown_summary(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut sections: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current = None;
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            current = Some(title.trim().to_lowercase());
        } else if let (Some(section), Some(item)) = (&current, line.strip_prefix("- [")) {
            if let Some((id, _)) = item.split_once(']') {
                sections.entry(section.clone()).or_default().push(id.to_string());
            }
        }
    }
    sections
}

/// What an OpenHands evaluation folder's `metadata.json` says of its run.
#[derive(Debug, Default)]
pub(super) struct Metadata {
    pub agent: Option<String>,
    pub model: Option<String>,
    pub date: Option<String>,
    pub dataset: Option<String>,
}

impl Metadata {
    /// The run's name: agent and model, or whichever is known.
    pub fn run_name(&self) -> Option<String> {
        match (&self.agent, &self.model) {
            (Some(agent), Some(model)) => Some(format!("{agent} ({model})")),
            (Some(one), None) | (None, Some(one)) => Some(one.clone()),
            (None, None) => None,
        }
    }
}

/// `metadata.json` in `dir` or beside it: the agent (`agent_class`), the model
/// (`llm_config.model`, without a `provider/` prefix), the start date and the dataset.
pub(super) fn read_metadata(dir: &Path) -> Metadata {
    let found = [dir.join("metadata.json"), dir.parent().unwrap_or(dir).join("metadata.json")]
        .into_iter()
        .find_map(|p| std::fs::read(p).ok())
        .and_then(|b| crate::input::from_json_bytes::<serde_json::Value>(&b).ok());
    found.map(|meta| metadata_of(&meta)).unwrap_or_default()
}

/// What OpenHands' `EvalMetadata` (`metadata.json`, and each line of its graded output) says.
pub(super) fn metadata_of(meta: &Value) -> Metadata {
    let text = |pointer: &str| meta.pointer(pointer).and_then(serde_json::Value::as_str).map(str::to_string);
    Metadata {
        agent: text("/agent_class"),
        model: text("/llm_config/model").map(|m| m.rsplit('/').next().unwrap_or(&m).to_string()),
        date: text("/start_time").and_then(|t| t.get(..10).map(str::to_string)),
        dataset: text("/dataset"),
    }
}

/// A folder of older harness logs whose reports are Python dicts (`... report: {...}`), or one
/// alone, with the Markdown summary beside them if any. The run is named by the folder's
/// `metadata.json` (agent and model) where there is one, else by the folder that holds the logs.
pub struct ReprLogs;

impl RunSource for ReprLogs {
    fn name(&self) -> &'static str {
        "harness logs with Python reports"
    }

    /// `.log` files one of which the harness wrote: a folder of other logs (a test runner's
    /// `_stdout.log`s) is not read as a run of logs without reports.
    fn detect(&self, source: &Source) -> bool {
        logs_of(source)
            .iter()
            .take(LOGS_TRIED)
            .any(|log| HARNESS_MARKS.iter().any(|mark| file_contains(log, mark)))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        let dir = match source.is_file() {
            true => source.path().parent().unwrap_or(Path::new(".")),
            false => source.path(),
        };
        let logs = logs_of(source);
        Ok(vec![repr_logs(dir, &logs, source.is_file(), &dataset, &split, &source.label())?])
    }
}

/// A folder's logs, or a log given alone: a run of its folder (named as the folder's would be)
/// with that one instance.
fn logs_of(source: &Source) -> Vec<PathBuf> {
    match source.is_file() {
        true => Some(source.path().to_path_buf())
            .filter(|p| p.extension().is_some_and(|e| e == "log"))
            .into_iter()
            .collect(),
        false => source.files_named(|name| name.ends_with(".log")),
    }
}

/// What an older harness log holds when it got anywhere: its report, its verdict, the patch's
/// steps, or (OpenHands' evaluation) its start.
const HARNESS_MARKS: [&[u8]; 4] = [b"] report: {", b"Result for ", b">>>>> ", b"Starting evaluation for instance"];

/// How many of a folder's logs detection reads.
const LOGS_TRIED: usize = 50;

/// The run of `logs` in `dir`: all its logs, or one given `alone`, which the folder's summary is
/// checked against only for itself.
pub fn repr_logs(
    dir: &Path,
    logs: &[PathBuf],
    alone: bool,
    dataset: &str,
    split: &str,
    source: &str,
) -> anyhow::Result<(NewRun, Vec<String>)> {
    let meta = read_metadata(dir);
    let folder = dir.parent().map(name_of).filter(|n| !n.is_empty()).unwrap_or_else(|| name_of(dir));
    let name = meta.run_name().unwrap_or(folder);
    let mut new = NewRun::new(new_run(slug(&name.replace(['(', ')'], "")), name, dataset, split, source));
    new.run.system.model = meta.model.clone();
    new.run.system.scaffold = meta.agent.clone();
    new.run.date = meta.date.clone();
    // The harness writes `<name>.md` beside `<name>.logs`; any Markdown file with the same
    // sections will do.
    let same_name = dir.with_extension("md");
    let markdown = std::iter::once(same_name)
        .chain(files_named(dir.parent().unwrap_or(dir), |n| n.ends_with(".md")))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .find(|t| t.contains("## Resolved Instances"));
    let summary = markdown.map(|t| markdown_summary(&t)).unwrap_or_default();
    let empty: Vec<&String> = summary.get("empty patch instances").map(|v| v.iter().collect()).unwrap_or_default();
    let mut warnings = Vec::new();
    new.stated_dataset = meta.dataset.clone().map(|name| StatedDataset {
        name,
        stated_in: "metadata.json",
    });
    for path in logs {
        let text = crate::logs::log_text(&std::fs::read(path)?);
        let id = name_of(path).trim_start_matches("instance_").trim_end_matches(".log").to_string();
        let parsed =
            read_repr_log(&text).map_err(|e| anyhow::anyhow!("{}: the report is not a readable Python dict: {e}", path.display()))?;
        let result = match (parsed.report, parsed.resolved) {
            (Some(report), final_verdict) => {
                let (mut result, note) = result_from_report(&id, &report, Some(&text));
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
                failure_mode: Some(failure_mode::EMPTY_PATCH.into()),
                ..Default::default()
            },
            (None, verdict) => InstanceResult {
                instance_id: id.clone(),
                resolved: Some(verdict.unwrap_or(false)),
                error: Some("the log ends before the harness wrote its report".into()),
                failure_mode: Some(failure_mode::INCOMPLETE.into()),
                ..Default::default()
            },
        };
        new.logs.insert(id, text);
        new.run.results.push(result);
    }
    if let Some(resolved) = summary.get("resolved instances") {
        let ours = new.run.resolved_ids();
        let read: Vec<&str> = new.run.results.iter().map(|r| r.instance_id.as_str()).collect();
        let mut theirs: Vec<&str> = resolved
            .iter()
            .map(String::as_str)
            .filter(|id| !alone || read.contains(id))
            .collect();
        theirs.sort_unstable();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_sections() {
        let sections = markdown_summary("## Resolved Instances\n- [a](x.log)\n- [b](y.log)\n## Empty Patch Instances\n- [c](z.log)\n");
        assert_eq!(sections["resolved instances"], ["a", "b"]);
        assert_eq!(sections["empty patch instances"], ["c"]);
    }
}
