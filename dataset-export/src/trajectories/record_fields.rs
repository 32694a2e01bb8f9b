//! What the formats' readers share: a record's fields as the agents write them (a string, a
//! message's content, `model_stats` and `info`), and a tool call's arguments as a command, code
//! or a file edit.

use benchscope_contract::trajectory::{ActionForm, Edit, Trajectory};
use serde_json::Value;

use crate::pyrepr;

/// `model_stats` as the agents write it: a JSON object, or a Python dict's repr.
pub fn model_stats(info: &Value) -> Option<Value> {
    match info.get("model_stats")? {
        Value::String(repr) => pyrepr::parse(repr).ok(),
        other => Some(other.clone()),
    }
}

/// The trajectory (without its steps) that the agent's `info` (`exit_status`, `submission`,
/// `model_stats`) describes; both agents write the same `info`.
pub fn from_info(info: &Value, task: Option<String>) -> Trajectory {
    let mut trajectory = Trajectory {
        exit_status: text(info, "exit_status"),
        submission: text(info, "submission").filter(|s| !s.trim().is_empty()),
        task,
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

/// A tool call's command (its `command` or `cmd` argument) or code (`code`, in the language its
/// tool names), else its arguments: a string as the command, anything else as JSON, in words.
pub fn call_text(arguments: &Value, tool: Option<&str>) -> (String, ActionForm) {
    if let Some(command) = ["command", "cmd"].iter().find_map(|key| text(arguments, key)) {
        return (command, ActionForm::Command);
    }
    if let Some(code) = text(arguments, "code") {
        return (code, ActionForm::of_code_for(tool));
    }
    match arguments {
        Value::Null => (String::new(), ActionForm::Command),
        Value::String(text) => (text.clone(), ActionForm::Command),
        other => (other.to_string(), ActionForm::Words),
    }
}

/// What an editing call did, as a line: its command and file (`str_replace /repo/a.py`).
pub fn edit_line(arguments: &Value, tool: Option<&str>, edit: &Edit) -> String {
    let command = text(arguments, "command")
        .or_else(|| tool.map(str::to_string))
        .unwrap_or_else(|| "edit".into());
    format!("{command} {}", edit.path)
}

/// A file editor's call that edits nothing (`view`, `undo_edit`) as its command and its file,
/// `view /testbed/p.py`; none for a call without both.
pub fn file_command_line(arguments: &Value) -> Option<String> {
    Some(format!("{} {}", text(arguments, "command")?, text(arguments, "path")?))
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
