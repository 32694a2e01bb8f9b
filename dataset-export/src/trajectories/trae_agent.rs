//! Trae Agent's trajectory files (`trae-cli run … --trajectory-file`; its SWE-bench evaluation
//! writes `<instance>/<instance>.json` beside `<instance>.patch`): `{task, start_time, end_time,
//! provider, model, max_steps, llm_interactions, agent_steps, success, final_result,
//! execution_time}`. Each of `agent_steps` is the model's answer (`llm_response`: its `content`,
//! `usage`) and the `tool_calls` it made, each answered among `tool_results` by its `call_id`;
//! `llm_interactions` repeats each answer with every message sent before it, and is passed over.
//! The patch is written beside the trajectory, never in it.

use std::path::Path;

use benchscope_contract::trajectory::{ActionForm, Step, TimeSpan, Trajectory};
use serde_json::Value;

use super::transcripts::call_line;
use super::{edit_line, edit_of, file_command_line, text, AgentAndModel, StepReader, TrajectoryFormat};

/// The format.
pub struct TraeAgent;

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "trae-agent";

impl TrajectoryFormat for TraeAgent {
    fn name(&self) -> &'static str {
        FORMAT
    }

    fn detect(&self, skeleton: &Value) -> bool {
        skeleton.get("agent_steps").is_some_and(Value::is_array)
            && skeleton.get("task").is_some_and(Value::is_string)
            && (skeleton.get("llm_interactions").is_some() || skeleton.get("max_steps").is_some())
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(Reader {
            skeleton,
            tokens: None,
            calls: 0,
            span: TimeSpan::default(),
        })
    }

    /// Trae Agent with its `provider`'s `model`.
    fn agent_of(&self, skeleton: &Value) -> AgentAndModel {
        let model = match (text(skeleton, "provider"), text(skeleton, "model")) {
            (Some(provider), Some(model)) if !model.contains('/') => Some(format!("{provider}/{model}")),
            (_, model) => model,
        };
        AgentAndModel::new(Some("Trae Agent"), None, model.as_deref())
    }
}

/// Whether the JSON file at `path`, whose first kilobytes are `head`, is one of Trae Agent's
/// trajectories, as it names them: its evaluation's `<instance>/<instance>.json`, or `trae-cli`'s
/// own `trajectories/trajectory_<time>.json`, its first field the `task`.
pub fn is_trajectory(path: &Path, head: &str) -> bool {
    let name = |p: Option<&Path>| {
        p.and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let folder = name(path.parent());
    let named = stem == folder || (folder == "trajectories" && stem.starts_with("trajectory_"));
    let first_key = head.trim_start().strip_prefix('{').map(str::trim_start);
    named && first_key.is_some_and(|rest| rest.starts_with("\"task\""))
}

/// The steps read so far, with what the model was sent and wrote.
struct Reader {
    skeleton: Value,
    tokens: Option<(u64, u64)>,
    calls: u64,
    span: TimeSpan,
}

impl StepReader for Reader {
    fn element(&mut self, key: &str, step: Value, steps: &mut Vec<Step>) {
        if key != "agent_steps" {
            return;
        }
        if let Some(timestamp) = step.get("timestamp").and_then(Value::as_str) {
            self.span.add(timestamp);
        }
        let response = step.get("llm_response").filter(|r| r.is_object());
        if let Some(usage) = response.and_then(|r| r.get("usage")).filter(|u| u.is_object()) {
            let count = |key: &str| usage.get(key).and_then(Value::as_u64).unwrap_or(0);
            let (sent, written) = self.tokens.unwrap_or_default();
            self.tokens = Some((sent + count("input_tokens"), written + count("output_tokens")));
        }
        self.calls += u64::from(response.is_some());
        steps.extend(steps_of(&step));
    }

    fn finish(self: Box<Self>, _steps: &mut Vec<Step>) -> Trajectory {
        let document = &self.skeleton;
        let succeeded = document.get("success").and_then(Value::as_bool);
        let mut span = self.span;
        ["start_time", "end_time"]
            .iter()
            .filter_map(|key| text(document, key))
            .for_each(|t| span.add(&t));
        Trajectory {
            task: text(document, "task"),
            exit_status: succeeded.map(|s| if s { "success" } else { "failed" }.to_string()),
            tokens_in: self.tokens.map(|t| t.0),
            tokens_out: self.tokens.map(|t| t.1),
            api_calls: (self.calls > 0).then_some(self.calls),
            seconds: document
                .get("execution_time")
                .and_then(Value::as_f64)
                .filter(|s| *s > 0.0)
                .or(span.seconds()),
            date: span.first_day(),
            ..Trajectory::default()
        }
    }
}

/// One agent step as steps: the model's words before its first call, each call with what it
/// returned; the words alone where it called nothing; an error as words.
fn steps_of(step: &Value) -> Vec<Step> {
    let mut thought = step
        .pointer("/llm_response/content")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .trim()
        .to_string();
    let results: Vec<&Value> = step.get("tool_results").and_then(Value::as_array).into_iter().flatten().collect();
    let mut made: Vec<Step> = Vec::new();
    for call in step.get("tool_calls").and_then(Value::as_array).into_iter().flatten() {
        let id = text(call, "call_id");
        let result = results.iter().find(|r| id.is_some() && text(r, "call_id") == id);
        made.push(call_step(call, result.copied(), std::mem::take(&mut thought)));
    }
    if !thought.is_empty() {
        made.push(Step {
            thought,
            ..Step::default()
        });
    }
    if let Some(error) = text(step, "error").filter(|e| !e.trim().is_empty()) {
        made.push(Step {
            thought: format!("Trae Agent: {error}"),
            ..Step::default()
        });
    }
    made
}

/// A call as a step: `bash` its command, the file editor's edits as diffs, a thought
/// (`sequentialthinking`) as words, any other call by its tool and arguments.
fn call_step(call: &Value, result: Option<&Value>, thought: String) -> Step {
    let tool = text(call, "name").unwrap_or_default();
    let arguments = call.get("arguments").unwrap_or(&Value::Null);
    let edit = edit_of(arguments);
    let (thought, action) = match (&edit, tool.as_str()) {
        (Some(edit), _) => (thought, edit_line(arguments, Some(&tool), edit)),
        (None, "sequentialthinking") => {
            let thinking = text(arguments, "thought").unwrap_or_default();
            (
                [thought, thinking]
                    .into_iter()
                    .filter(|t| !t.is_empty())
                    .collect::<Vec<_>>()
                    .join("\n\n"),
                String::new(),
            )
        }
        (None, _) => {
            let on_file = (tool != "bash").then(|| file_command_line(arguments)).flatten();
            (
                thought,
                on_file.unwrap_or_else(|| call_line(&tool, arguments, text(arguments, "path"))),
            )
        }
    };
    let action_form = match tool.as_str() {
        "bash" => ActionForm::Command,
        _ => ActionForm::Call,
    };
    Step {
        thought,
        tool: (!tool.is_empty()).then_some(tool),
        action,
        action_form,
        observation: result.map(result_text).unwrap_or_default(),
        edit,
        ..Step::default()
    }
}

/// What a call returned: its `result`, and its `error` where there is one.
fn result_text(result: &Value) -> String {
    let said = [text(result, "result"), text(result, "error")];
    said.into_iter()
        .flatten()
        .filter(|t| !t.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    /// A trajectory as `trae-cli run --trajectory-file` writes it (`json.dump(..., indent=2)`).
    #[test]
    fn a_trae_trajectory_reads_as_its_calls_with_their_results() {
        let usage = json!({"input_tokens": 1200, "output_tokens": 80});
        let call = |id: &str, name: &str, arguments: Value| json!({"call_id": id, "name": name, "arguments": arguments, "id": null});
        let result = |id: &str, text: &str, error: Value| json!({"call_id": id, "success": error.is_null(), "result": text, "error": error, "id": null});
        let steps = json!([
            {"step_number": 1, "timestamp": "2025-07-01T10:00:00.000000", "state": "completed", "llm_messages": null,
             "llm_response": {"content": "Let me reproduce it first.", "model": "claude-sonnet-4-20250514", "finish_reason": "tool_use", "usage": usage,
                              "tool_calls": [call("t1", "bash", json!({"command": "python reproduce.py"}))]},
             "tool_calls": [call("t1", "bash", json!({"command": "python reproduce.py"})), call("t2", "sequentialthinking", json!({"thought": "The split is wrong.", "thought_number": 1}))],
             "tool_results": [result("t2", "thought recorded", json!(null)), result("t1", "", json!("Traceback: ValueError"))],
             "reflection": null, "error": null},
            {"step_number": 2, "timestamp": "2025-07-01T10:00:30.000000", "state": "completed",
             "llm_response": {"content": "", "usage": usage, "tool_calls": null},
             "tool_calls": [call("t5", "str_replace_based_edit_tool", json!({"command": "view", "path": "/testbed/p.py"})),
                            call("t3", "str_replace_based_edit_tool", json!({"command": "str_replace", "path": "/testbed/p.py", "old_str": "split(' ')", "new_str": "split()"}))],
             "tool_results": [result("t5", "1\tdef parse(t):", json!(null)), result("t3", "The file /testbed/p.py has been edited.", json!(null))], "reflection": null, "error": null},
            {"step_number": 3, "timestamp": "2025-07-01T10:01:00.000000", "state": "completed",
             "llm_response": {"content": "Fixed.", "usage": usage},
             "tool_calls": [call("t4", "task_done", json!({}))], "tool_results": [result("t4", "Task done.", json!(null))], "reflection": null, "error": null},
        ]);
        let document = json!({"task": "Fix the parser.", "start_time": "2025-07-01T09:59:50.000000", "end_time": "2025-07-01T10:01:05.000000",
                              "provider": "anthropic", "model": "claude-sonnet-4-20250514", "max_steps": 200,
                              "llm_interactions": [{"timestamp": "2025-07-01T10:00:00.000000", "input_messages": [{"role": "system", "content": "You are an expert AI software engineering agent."}], "response": {"content": "…"}}],
                              "agent_steps": steps, "success": true, "final_result": "Fixed.", "execution_time": 75.2});
        let text = serde_json::to_string_pretty(&document).unwrap();
        let mut read = super::super::read_bytes(text.as_bytes(), Path::new("runs/psf__requests-2317/psf__requests-2317.json")).unwrap();
        let trajectory = read.remove(0);
        assert_eq!(
            (trajectory.format.as_str(), trajectory.instance_id.as_str()),
            ("trae-agent", "psf__requests-2317")
        );
        assert_eq!(
            (trajectory.agent.as_deref(), trajectory.model.as_deref()),
            (Some("Trae Agent"), Some("anthropic/claude-sonnet-4-20250514"))
        );
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        assert_eq!(
            (trajectory.exit_status.as_deref(), trajectory.seconds),
            (Some("success"), Some(75.2))
        );
        assert_eq!(
            (trajectory.tokens_in, trajectory.tokens_out, trajectory.api_calls),
            (Some(3600), Some(240), Some(3))
        );
        assert_eq!(trajectory.submission, None, "the patch is beside the trajectory");
        let shown: Vec<(&str, &str, &str)> = trajectory
            .steps
            .iter()
            .map(|s| (s.thought.as_str(), s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("Let me reproduce it first.", "python reproduce.py", "Traceback: ValueError"),
                ("The split is wrong.", "", "thought recorded"),
                ("", "view /testbed/p.py", "1\tdef parse(t):"),
                ("", "str_replace /testbed/p.py", "The file /testbed/p.py has been edited."),
                ("Fixed.", "task_done", "Task done."),
            ]
        );
        assert_eq!(trajectory.steps[3].edit.as_ref().map(|e| e.after.as_str()), Some("split()"));
    }
}
