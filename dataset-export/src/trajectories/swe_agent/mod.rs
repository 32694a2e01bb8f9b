//! SWE-agent's `.traj`: `trajectory`, a list of steps (`thought`, `action`, `observation`,
//! `execution_time`), `history` (the chat), and `info` (`exit_status`, `submission`,
//! `model_stats`). The function-calling shape writes the same steps (its tool calls rendered as
//! the action) and a history with `tool_calls` and `role: tool`; the tool is the action's first
//! word either way. A classic `edit` command becomes a diff of the lines it replaced
//! ([`edits`]).

mod edits;

use benchscope_contract::trajectory::{Step, Trajectory};
use serde_json::Value;

use super::{content_text, from_info, text, TrajectoryFormat};

/// The format.
pub struct SweAgent;

impl TrajectoryFormat for SweAgent {
    fn name(&self) -> &'static str {
        "swe-agent"
    }

    fn detect(&self, document: &Value) -> bool {
        document.get("trajectory").is_some_and(Value::is_array) && document.get("info").is_some()
    }

    fn read(&self, document: &Value, _instance_id: &str) -> anyhow::Result<Trajectory> {
        let info = document.get("info").cloned().unwrap_or(Value::Null);
        let mut steps: Vec<Step> = document
            .get("trajectory")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(step)
            .collect();
        edits::attach_edits(&mut steps);
        let task = document
            .get("history")
            .and_then(Value::as_array)
            .and_then(|h| h.iter().find(|m| m.get("role").and_then(Value::as_str) == Some("user")))
            .map(content_text);
        Ok(from_info(&info, task, steps))
    }
}

fn step(entry: &Value) -> Step {
    let action = text(entry, "action").unwrap_or_default();
    let seconds = match entry.get("execution_time") {
        Some(Value::String(s)) => s.parse().ok(),
        Some(other) => other.as_f64(),
        None => None,
    };
    Step {
        thought: text(entry, "thought").unwrap_or_default(),
        tool: action.split_whitespace().next().map(str::to_string),
        action,
        observation: text(entry, "observation").unwrap_or_default(),
        seconds,
        ..Step::default()
    }
}
