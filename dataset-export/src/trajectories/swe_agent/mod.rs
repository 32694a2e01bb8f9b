//! SWE-agent's `.traj`: `trajectory`, a list of steps (`thought`, `action`, `observation`,
//! `execution_time`), `history` (the chat), and `info` (`exit_status`, `submission`,
//! `model_stats`). The function-calling shape writes the same steps (its tool calls rendered as
//! the action) and a history with `tool_calls` and `role: tool`; the tool is the action's first
//! word either way. A classic `edit` command becomes a diff of the lines it replaced
//! ([`edits`]).

pub mod chat;
mod edits;

use benchscope_contract::trajectory::{Step, Trajectory};
use serde_json::Value;

use super::{content_text, from_info, text, AgentAndModel, StepReader, TrajectoryFormat};

/// The format.
pub struct SweAgent;

impl TrajectoryFormat for SweAgent {
    fn name(&self) -> &'static str {
        "swe-agent"
    }

    fn detect(&self, skeleton: &Value) -> bool {
        skeleton.get("trajectory").is_some_and(Value::is_array) && skeleton.get("info").is_some()
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(Reader {
            info: skeleton.get("info").cloned().unwrap_or(Value::Null),
            task: None,
            seen: edits::SeenFiles::default(),
        })
    }

    /// The model its `replay_config` (an object, or that object as JSON text) names as
    /// `agent.model.name`; the version its `info` names, in SWE-agent 1.x's files.
    fn agent_of(&self, skeleton: &Value) -> AgentAndModel {
        let config = match skeleton.get("replay_config") {
            Some(Value::String(json)) => serde_json::from_str(json).unwrap_or(Value::Null),
            Some(config) => config.clone(),
            None => Value::Null,
        };
        let version = skeleton.pointer("/info/swe_agent_version").and_then(Value::as_str);
        AgentAndModel::new(
            Some("SWE-agent"),
            version,
            config.pointer("/agent/model/name").and_then(Value::as_str),
        )
    }
}

/// The steps are `trajectory`'s entries; the task is `history`'s first user message.
struct Reader {
    info: Value,
    task: Option<String>,
    seen: edits::SeenFiles,
}

impl StepReader for Reader {
    fn element(&mut self, key: &str, element: Value, steps: &mut Vec<Step>) {
        match key {
            "trajectory" => {
                let mut step = step(&element);
                self.seen.attach_edit(&mut step);
                steps.push(step);
            }
            "history" if self.task.is_none() && element.get("role").and_then(Value::as_str) == Some("user") => {
                self.task = Some(content_text(&element));
            }
            _ => {}
        }
    }

    fn finish(self: Box<Self>, _steps: &mut Vec<Step>) -> Trajectory {
        from_info(&self.info, self.task)
    }
}

/// A thought without the `DISCUSSION` heading SWE-agent's prompt has the model open it with: a
/// word the format asks for, which says nothing of the step.
pub(super) fn without_discussion_heading(thought: &str) -> String {
    let thought = thought.trim();
    match thought.strip_prefix("DISCUSSION") {
        Some(rest) if rest.is_empty() || rest.starts_with(char::is_whitespace) => rest.trim_start().to_string(),
        _ => thought.to_string(),
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
        thought: without_discussion_heading(&text(entry, "thought").unwrap_or_default()),
        tool: action.split_whitespace().next().map(str::to_string),
        action,
        observation: text(entry, "observation").unwrap_or_default(),
        seconds,
        ..Step::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thought_loses_the_discussion_heading_the_prompt_asks_for() {
        assert_eq!(without_discussion_heading("DISCUSSION\nLet's look."), "Let's look.");
        assert_eq!(without_discussion_heading("DISCUSSION"), "");
        assert_eq!(without_discussion_heading("DISCUSSIONS are held"), "DISCUSSIONS are held");
        assert_eq!(without_discussion_heading("  Plain thought "), "Plain thought");
    }
}
