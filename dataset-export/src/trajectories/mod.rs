//! Agent trajectories into the contract's [`Trajectory`]: one module per agent's format, each a
//! [`TrajectoryFormat`] registered in [`FORMATS`] and recognized from the file's content.

pub mod atif;
pub mod inspect;
pub mod mini_swe_agent;
pub mod openhands;
pub mod search_index;
pub mod swe_agent;

use std::path::Path;

use anyhow::{bail, Context};
use benchscope_contract::trajectory::{Edit, Step, Trajectory};
use benchscope_contract::FORMAT_VERSION;
use serde_json::Value;

use crate::pyrepr;

/// One agent's trajectory format.
pub trait TrajectoryFormat: Sync {
    /// Its name, as the trajectory records it.
    fn name(&self) -> &'static str;
    /// Whether `document` is one of this format's trajectories.
    fn detect(&self, document: &Value) -> bool;
    /// The trajectory `document` holds, `instance_id` its instance (from the file's name when the
    /// document does not say).
    fn read(&self, document: &Value, instance_id: &str) -> anyhow::Result<Trajectory>;
    /// The instance `document` names, if it names one.
    fn instance_of(&self, document: &Value) -> Option<String> {
        text(document, "instance_id")
    }
}

/// Every format, the first that recognizes a document reads it.
/// Inspect comes before mini-swe-agent, whose messages-only shape an Inspect sample also has.
pub const FORMATS: &[&dyn TrajectoryFormat] = &[
    &swe_agent::SweAgent,
    &openhands::OpenHands,
    &atif::Atif,
    &inspect::Inspect,
    &mini_swe_agent::MiniSweAgent,
];

/// Whether `name` is a trajectory file's name (`<id>.traj`, `<id>.traj.json`, Inspect's `.eval`,
/// Harbor's `trajectory.json`).
pub fn is_trajectory_file(name: &str) -> bool {
    name.ends_with(".traj") || name.ends_with(".traj.json") || name.ends_with(".eval") || name == ATIF_FILE
}

/// The file name Harbor gives an ATIF trajectory.
const ATIF_FILE: &str = "trajectory.json";

/// The instance a trajectory file is named after: `<id>.traj` or `<id>.traj.json`, or for
/// Harbor's `trajectory.json` its trial folder.
pub fn instance_of_file(path: &Path) -> String {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if name == ATIF_FILE {
        if let Some(instance) = atif::instance_of_trial(path) {
            return instance;
        }
    }
    name.trim_end_matches(".json").trim_end_matches(".traj").to_string()
}

/// Reads the trajectories of the file at `path`: one JSON document (SWE-agent, mini-swe-agent),
/// JSON Lines of one instance each (OpenHands' `output.jsonl`), or a zip of samples (Inspect's
/// `.eval`).
pub fn read_file(path: &Path) -> anyhow::Result<Vec<Trajectory>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    if inspect::is_zip(&bytes) {
        return inspect::samples(&bytes, path)?.iter().map(|d| read_document(d, path)).collect();
    }
    let documents: Vec<Value> = match serde_json::from_slice::<Value>(&bytes) {
        Ok(document) => vec![document],
        Err(_) => String::from_utf8_lossy(&bytes)
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| serde_json::from_str(l).with_context(|| format!("{}: line {}: not JSON", path.display(), i + 1)))
            .collect::<anyhow::Result<_>>()?,
    };
    documents.iter().map(|d| read_document(d, path)).collect()
}

/// Whether the first record of a JSON Lines text is a trajectory (OpenHands' output).
pub fn is_trajectory_record(record: &Value) -> bool {
    FORMATS.iter().any(|f| f.detect(record))
}

fn read_document(document: &Value, path: &Path) -> anyhow::Result<Trajectory> {
    let Some(format) = FORMATS.iter().find(|f| f.detect(document)) else {
        bail!(
            "{}: not a trajectory of a known agent (SWE-agent, mini-swe-agent, OpenHands, Inspect, ATIF)",
            path.display()
        );
    };
    let instance = format.instance_of(document).unwrap_or_else(|| instance_of_file(path));
    let mut trajectory = format.read(document, &instance).with_context(|| format!("{}", path.display()))?;
    trajectory.format_version = FORMAT_VERSION;
    trajectory.format = format.name().to_string();
    trajectory.instance_id = instance;
    Ok(trajectory)
}

/// `model_stats` as the agents write it: a JSON object, or a Python dict's repr.
pub fn model_stats(info: &Value) -> Option<Value> {
    match info.get("model_stats")? {
        Value::String(repr) => pyrepr::parse(repr).ok(),
        other => Some(other.clone()),
    }
}

/// A trajectory of `steps` that the agent's `info` (`exit_status`, `submission`, `model_stats`)
/// describes; both agents write the same `info`.
pub fn from_info(info: &Value, task: Option<String>, steps: Vec<Step>) -> Trajectory {
    let mut trajectory = Trajectory {
        exit_status: text(info, "exit_status"),
        submission: text(info, "submission").filter(|s| !s.trim().is_empty()),
        task,
        steps,
        ..Trajectory::default()
    };
    apply_model_stats(&mut trajectory, info);
    trajectory
}

/// Fills cost, tokens and calls from `model_stats`.
fn apply_model_stats(trajectory: &mut Trajectory, info: &Value) {
    let Some(stats) = model_stats(info) else { return };
    let number = |keys: &[&str]| keys.iter().find_map(|k| stats.get(*k).and_then(Value::as_f64));
    trajectory.cost = number(&["instance_cost", "total_cost"]);
    trajectory.tokens_in = number(&["tokens_sent"]).map(|n| n as u64);
    trajectory.tokens_out = number(&["tokens_received"]).map(|n| n as u64);
    trajectory.api_calls = number(&["api_calls"]).map(|n| n as u64);
}

/// The file edit an editing tool's `arguments` describe: `old_str` replaced by `new_str`
/// (`str_replace`), or a new file's `file_text` (`create`), in `path`.
pub fn edit_of(arguments: &Value) -> Option<Edit> {
    let path = text(arguments, "path")?;
    match (text(arguments, "old_str"), text(arguments, "new_str"), text(arguments, "file_text")) {
        (Some(before), after, _) => Some(Edit {
            path,
            before,
            after: after.unwrap_or_default(),
            first_line: None,
        }),
        (None, _, Some(after)) => Some(Edit {
            path,
            before: String::new(),
            after,
            first_line: None,
        }),
        _ => None,
    }
}

/// What an editing call did, as a line: its command and file (`str_replace /repo/a.py`).
pub fn edit_line(arguments: &Value, tool: Option<&str>, edit: &Edit) -> String {
    let command = text(arguments, "command")
        .or_else(|| tool.map(str::to_string))
        .unwrap_or_else(|| "edit".into());
    format!("{command} {}", edit.path)
}

/// A string field of `value`.
pub fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_string)
}

/// A message's content as text: a string, or the text parts of a list of parts.
pub fn content_text(message: &Value) -> String {
    match message.get("content") {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}
