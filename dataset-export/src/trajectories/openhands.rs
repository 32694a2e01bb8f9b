//! OpenHands' evaluation output (`output.jsonl`): one instance per line, with `history`, a list of
//! events (an agent action with `args`, then the observation whose `cause` is its id, with its
//! `content`), `metrics` (`accumulated_cost`, `accumulated_token_usage`) and
//! `test_result.git_patch`. The older history of `[action, observation]` pairs is read too.

use std::collections::HashMap;

use benchscope_contract::trajectory::{span_seconds, Step, Trajectory};
use serde_json::Value;

use super::{edit_line, edit_of, text, TrajectoryFormat};

/// The format.
pub struct OpenHands;

/// Agent actions that are bookkeeping, not steps (the system prompt, recalling context).
const NOT_STEPS: [&str; 3] = ["system", "recall", "message"];

impl TrajectoryFormat for OpenHands {
    fn name(&self) -> &'static str {
        "openhands"
    }

    fn detect(&self, document: &Value) -> bool {
        document.get("history").is_some_and(Value::is_array)
            && document.get("instance_id").is_some()
            && (document.get("test_result").is_some() || document.get("metadata").is_some())
    }

    fn read(&self, document: &Value, _instance_id: &str) -> anyhow::Result<Trajectory> {
        let history = document
            .get("history")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let steps = if history.first().is_some_and(Value::is_array) {
            history.iter().filter_map(|pair| Some(step(pair.get(0)?, pair.get(1)))).collect()
        } else {
            event_steps(history)
        };
        let metrics = document.get("metrics").unwrap_or(&Value::Null);
        let usage = metrics.get("accumulated_token_usage").unwrap_or(&Value::Null);
        let finished = history.iter().any(|e| e.get("action").and_then(Value::as_str) == Some("finish"));
        let error = document.get("error").and_then(Value::as_str).filter(|e| !e.is_empty());
        Ok(Trajectory {
            exit_status: Some(match (error, finished) {
                (Some(error), _) => format!("error: {error}"),
                (None, true) => "finished".into(),
                (None, false) => "stopped".into(),
            }),
            submission: document
                .get("test_result")
                .and_then(|r| text(r, "git_patch"))
                .filter(|p| !p.trim().is_empty()),
            task: text(document, "instruction"),
            steps,
            cost: metrics.get("accumulated_cost").and_then(Value::as_f64),
            tokens_in: usage.get("prompt_tokens").and_then(Value::as_u64),
            tokens_out: usage.get("completion_tokens").and_then(Value::as_u64),
            api_calls: metrics.get("costs").and_then(Value::as_array).map(|c| c.len() as u64),
            seconds: span_seconds(history.iter().filter_map(|e| e.get("timestamp").and_then(Value::as_str))),
            ..Trajectory::default()
        })
    }
}

/// The agent's actions, each with the observation caused by it.
fn event_steps(history: &[Value]) -> Vec<Step> {
    let observed: HashMap<u64, &Value> = history
        .iter()
        .filter(|e| e.get("observation").is_some())
        .filter_map(|e| Some((e.get("cause")?.as_u64()?, e)))
        .collect();
    history
        .iter()
        .filter(|e| e.get("source").and_then(Value::as_str) == Some("agent"))
        .filter(|e| e.get("action").and_then(Value::as_str).is_some_and(|a| !NOT_STEPS.contains(&a)))
        .map(|action| {
            let observation = action.get("id").and_then(Value::as_u64).and_then(|id| observed.get(&id).copied());
            step(action, observation)
        })
        .collect()
}

/// One action and its observation as a step: the tool is the function the model called (or the
/// action's kind), the action its command, code or path.
fn step(action: &Value, observation: Option<&Value>) -> Step {
    let args = action.get("args").unwrap_or(&Value::Null);
    let kind = text(action, "action").unwrap_or_default();
    let tool = action
        .get("tool_call_metadata")
        .and_then(|m| text(m, "function_name"))
        .unwrap_or_else(|| kind.clone());
    let edit = edit_of(args);
    let command = ["command", "code", "path", "url"].iter().find_map(|k| text(args, k));
    let action_text = match (kind.as_str(), command, &edit) {
        (_, _, Some(edit)) => edit_line(args, Some(&kind), edit),
        ("run" | "run_ipython", Some(command), None) => command,
        (_, Some(target), None) => format!("{kind} {target}"),
        (_, None, None) => text(action, "message").unwrap_or_default(),
    };
    Step {
        thought: text(args, "thought").unwrap_or_default(),
        tool: Some(tool),
        action: action_text,
        observation: observation.and_then(|o| text(o, "content")).unwrap_or_default(),
        returncode: observation.and_then(|o| o.get("extras")?.get("metadata")?.get("exit_code")?.as_i64()),
        edit,
        ..Step::default()
    }
}
