//! OpenHands' events since its software-agent SDK (OpenHands V1, late 2025), as its evaluations
//! (`OpenHands/benchmarks`) write them into `output.jsonl`'s `history`: each event told by its
//! `kind`. An `ActionEvent` is a tool call (`tool_name`, `tool_call_id`, the `action` it runs,
//! the model's `thought` before it); an `ObservationEvent` answers it by `tool_call_id` (its
//! `observation`'s `content`, a terminal's `exit_code`, a file editor's file before and after),
//! as a `UserRejectObservation` or an `AgentErrorEvent` may; a `MessageEvent` is the agent's
//! words or the user's; a `ConversationErrorEvent` ended the run. The system prompt, the
//! condenser's bookkeeping and the conversation's state are not steps.

use std::borrow::Cow;

use benchscope_contract::trajectory::{ActionForm, Edit, Step};
use serde_json::Value;

use super::super::transcripts::{call_form, call_line, pattern_in, plan_list, words_step};
use super::super::{content_text, edit_line, edit_of, text};
use super::Reader;

/// Whether `event` is one of the SDK's (it names its `kind`).
pub fn is_sdk_event(event: &Value) -> bool {
    event.get("kind").is_some_and(Value::is_string)
}

impl Reader {
    /// Takes in one of the SDK's events.
    pub(super) fn sdk_event(&mut self, event: &Value, steps: &mut Vec<Step>) {
        let call = text(event, "tool_call_id");
        match text(event, "kind").as_deref() {
            Some("ActionEvent") => {
                self.finished |= text(event, "tool_name").as_deref() == Some("finish");
                self.waiting.push(call, action_step(event), steps);
            }
            Some("ObservationEvent" | "UserRejectObservation" | "AgentErrorEvent") => {
                if let Some(call) = call {
                    self.waiting.answer(&call, |step| observe(step, event), steps);
                }
            }
            Some("MessageEvent") => {
                let words = event.get("llm_message").map(content_text).unwrap_or_default();
                self.said(text(event, "source").as_deref(), words, steps);
            }
            Some("ConversationErrorEvent") => {
                let detail = [text(event, "code"), text(event, "detail")]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>();
                self.waiting
                    .push(None, words_step(format!("OpenHands stopped: {}", detail.join(": "))), steps);
            }
            _ => {}
        }
    }
}

/// An action as a step: the model's thought before it (its reasoning where it wrote none), the
/// tool, and the call as a line.
fn action_step(event: &Value) -> Step {
    let tool = text(event, "tool_name").unwrap_or_default();
    let action = arguments(event);
    let edit = edit_of(&action);
    let plan = action.get("task_list").and_then(plan_of);
    let words = [thought_of(event), text(&action, "thought"), plan]
        .into_iter()
        .flatten()
        .filter(|w| !w.trim().is_empty());
    let (action_text, action_form) = match (&edit, tool.as_str()) {
        (Some(edit), _) => (edit_line(&action, Some(&tool), edit), ActionForm::Command),
        (None, "finish") => (text(&action, "message").unwrap_or_default(), ActionForm::Words),
        (None, "think" | "task_tracker") => (String::new(), ActionForm::Command),
        (None, _) => (call_line(&tool, &without_kind(&action), subject_of(&action)), call_form(&action)),
    };
    Step {
        thought: words.collect::<Vec<_>>().join("\n\n"),
        tool: (!tool.is_empty()).then_some(tool),
        action: action_text,
        action_form,
        edit,
        ..Step::default()
    }
}

/// The call's arguments: its `action`, or where none was made of it (a call the agent could
/// not run), the arguments the model wrote.
fn arguments(event: &Value) -> Cow<'_, Value> {
    match event.get("action").filter(|a| a.is_object()) {
        Some(action) => Cow::Borrowed(action),
        None => Cow::Owned(
            event
                .pointer("/tool_call/arguments")
                .and_then(Value::as_str)
                .and_then(|arguments| serde_json::from_str(arguments).ok())
                .unwrap_or(Value::Null),
        ),
    }
}

/// What the model wrote before the call (`thought`'s texts), else its reasoning.
fn thought_of(event: &Value) -> Option<String> {
    let thought = event
        .get("thought")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|t| t.get("text")?.as_str());
    let thought = thought.collect::<Vec<_>>().join("\n");
    let blocks = event
        .get("thinking_blocks")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|b| b.get("thinking")?.as_str());
    let blocks = blocks.collect::<Vec<_>>().join("\n");
    [thought, text(event, "reasoning_content").unwrap_or_default(), blocks]
        .into_iter()
        .find(|words| !words.trim().is_empty())
}

/// A task tracker's list (`title`, `status` `todo`, `in_progress` or `done`) as a plan.
fn plan_of(tasks: &Value) -> Option<String> {
    let tasks: Vec<Value> = tasks
        .as_array()?
        .iter()
        .map(|task| {
            let mut task = task.clone();
            if text(&task, "status").as_deref() == Some("done") {
                task["status"] = Value::from("completed");
            }
            task
        })
        .collect();
    plan_list(&Value::Array(tasks), "title")
}

/// What a call acts on: its pattern and where it looks, its file, or its address.
fn subject_of(action: &Value) -> Option<String> {
    pattern_in(action).or_else(|| ["path", "file_path", "url", "query"].iter().find_map(|key| text(action, key)))
}

/// The arguments without the SDK's name for their type (`"kind": "TerminalAction"`).
fn without_kind(action: &Value) -> Value {
    let mut action = action.clone();
    if let Some(fields) = action.as_object_mut() {
        fields.remove("kind");
    }
    action
}

/// Writes what answered a call into its step: the observation's text and exit code, a
/// rejection's reason, an agent's error; and a file editor's file before and after.
fn observe(step: &mut Step, event: &Value) {
    let observation = event.get("observation").unwrap_or(&Value::Null);
    step.observation = match text(event, "kind").as_deref() {
        Some("UserRejectObservation") => format!("Rejected: {}", text(event, "rejection_reason").unwrap_or_default()),
        Some("AgentErrorEvent") => text(event, "error").unwrap_or_default(),
        _ => Some(content_text(observation))
            .filter(|t| !t.is_empty())
            .or_else(|| text(observation, "output"))
            .unwrap_or_default(),
    };
    step.returncode = observation
        .get("exit_code")
        .or_else(|| observation.pointer("/metadata/exit_code"))
        .and_then(Value::as_i64)
        .filter(|code| *code >= 0);
    if let Some(edit) = step.edit.as_mut() {
        place_edit(edit, observation);
    }
}

/// Places an edit by the file before and after it, as the file editor recorded them
/// (`old_content`, `new_content`: the whole file).
fn place_edit(edit: &mut Edit, observation: &Value) {
    if let Some(after) = text(observation, "new_content") {
        let before = text(observation, "old_content").unwrap_or_default();
        (edit.before, edit.after, edit.first_line) = (before, after, Some(1));
    }
}

#[cfg(test)]
mod tests {
    use benchscope_contract::trajectory::Trajectory;
    use serde_json::{json, Value};
    use std::path::Path;

    fn read(history: Value) -> Trajectory {
        let record = json!({
            "instance_id": "o__r-1", "attempt": 1, "instruction": "Fix the parser.",
            "test_result": {"git_patch": "diff --git a/p.py b/p.py\n"},
            "metadata": {"llm": {"model": "litellm_proxy/claude-sonnet-4-5-20250929"}, "dataset": "princeton-nlp/SWE-bench_Verified", "max_iterations": 100},
            "history": history,
            "metrics": {"accumulated_cost": 0.5, "accumulated_token_usage": {"prompt_tokens": 9000, "completion_tokens": 300}, "costs": [{"cost": 0.2}, {"cost": 0.3}]},
            "error": null,
        });
        let mut read = super::super::super::read_bytes(format!("{record}\n").as_bytes(), Path::new("output.jsonl")).unwrap();
        read.remove(0)
    }

    fn action(id: &str, tool: &str, action: Value, thought: &str) -> Value {
        json!({"kind": "ActionEvent", "id": format!("e-{id}"), "timestamp": "2025-11-20T10:00:00.000000", "source": "agent",
               "thought": [{"type": "text", "text": thought}], "action": action, "tool_name": tool, "tool_call_id": id,
               "tool_call": {"id": id, "name": tool, "arguments": action.to_string()}, "llm_response_id": "r"})
    }

    fn observation(id: &str, tool: &str, observation: Value) -> Value {
        json!({"kind": "ObservationEvent", "id": format!("o-{id}"), "timestamp": "2025-11-20T10:00:05.000000", "source": "environment",
               "tool_name": tool, "tool_call_id": id, "action_id": format!("e-{id}"), "observation": observation})
    }

    /// A history as OpenHands' V1 evaluation writes it: the system prompt, the task, a command,
    /// an edit whose observation holds the file before and after, a plan, the finish.
    #[test]
    fn an_sdk_history_reads_as_its_calls_with_their_answers() {
        let before = "def parse(t):\n    return t.split(' ')\n";
        let trajectory = read(json!([
            {"kind": "SystemPromptEvent", "source": "agent", "system_prompt": {"type": "text", "text": "You are OpenHands agent."}, "tools": []},
            {"kind": "MessageEvent", "source": "user", "llm_message": {"role": "user", "content": [{"type": "text", "text": "Fix the parser."}]}},
            action("c1", "terminal", json!({"kind": "TerminalAction", "command": "python -m pytest -q", "is_input": false}), "Run the tests first."),
            observation("c1", "terminal", json!({"kind": "TerminalObservation", "content": [{"type": "text", "text": "1 failed"}], "is_error": false, "command": "python -m pytest -q", "exit_code": 1})),
            action("c2", "file_editor", json!({"kind": "FileEditorAction", "command": "str_replace", "path": "/testbed/p.py", "old_str": "split(' ')", "new_str": "split()"}), ""),
            observation("c2", "file_editor", json!({"kind": "FileEditorObservation", "command": "str_replace", "path": "/testbed/p.py", "content": [{"type": "text", "text": "The file /testbed/p.py has been edited."}],
                                                    "old_content": before, "new_content": before.replace("split(' ')", "split()"), "prev_exist": true})),
            action("c3", "task_tracker", json!({"kind": "TaskTrackerAction", "command": "plan", "task_list": [{"title": "Fix split", "status": "done"}, {"title": "Add a test", "status": "todo"}]}), ""),
            observation("c3", "task_tracker", json!({"kind": "TaskTrackerObservation", "content": [{"type": "text", "text": "Task list updated."}]})),
            {"kind": "Condensation", "source": "environment", "forgotten_event_ids": [], "summary": "..."},
            {"kind": "MessageEvent", "source": "user", "llm_message": {"role": "user", "content": "Please continue working on the task."}},
            action("c4", "finish", json!({"kind": "FinishAction", "message": "Tabs now split."}), ""),
            observation("c4", "finish", json!({"kind": "FinishObservation", "content": [{"type": "text", "text": "Tabs now split."}]})),
        ]));
        assert_eq!(trajectory.format, "openhands");
        assert_eq!(trajectory.agent.as_deref(), Some("OpenHands"));
        assert_eq!(trajectory.model.as_deref(), Some("litellm_proxy/claude-sonnet-4-5-20250929"));
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        assert_eq!(trajectory.exit_status.as_deref(), Some("finished"));
        assert_eq!((trajectory.cost, trajectory.api_calls), (Some(0.5), Some(2)));
        let shown: Vec<(&str, &str, &str, Option<i64>)> = trajectory
            .steps
            .iter()
            .map(|s| (s.prompt.as_str(), s.thought.as_str(), s.action.as_str(), s.returncode))
            .collect();
        assert_eq!(
            shown,
            [
                ("", "Run the tests first.", "python -m pytest -q", Some(1)),
                ("", "", "str_replace /testbed/p.py", None),
                ("", "- [x] Fix split\n- [ ] Add a test", "", None),
                ("Please continue working on the task.", "", "", None),
                ("", "", "Tabs now split.", None),
            ]
        );
        assert_eq!(trajectory.steps[0].observation, "1 failed");
        let edit = trajectory.steps[1].edit.as_ref().expect("the edit");
        assert_eq!(
            (edit.before.as_str(), edit.first_line),
            (before, Some(1)),
            "placed by the whole file"
        );
    }

    #[test]
    fn without_an_instruction_the_first_user_message_is_the_task() {
        let mut record: Value = json!({"instance_id": "o__r-1", "instruction": null, "test_result": {}, "history": [
            {"kind": "MessageEvent", "source": "user", "llm_message": {"role": "user", "content": [{"type": "text", "text": "Fix the parser."}]}},
            {"kind": "MessageEvent", "source": "agent", "llm_message": {"role": "assistant", "content": [{"type": "text", "text": "Fixed."}]}},
        ]});
        record["metadata"] = Value::Null;
        let mut read = super::super::super::read_bytes(format!("{record}\n").as_bytes(), Path::new("output.jsonl")).unwrap();
        let trajectory = read.remove(0);
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        assert_eq!(trajectory.steps.len(), 1);
        assert_eq!(trajectory.steps[0].thought, "Fixed.");
    }

    #[test]
    fn a_call_not_run_reads_by_its_arguments_and_errors_answer_it() {
        let mut unparsed = action("c1", "terminal", json!(null), "");
        unparsed["tool_call"]["arguments"] = json!(r#"{"command": "ls /nowhere"}"#);
        let trajectory = read(json!([
            unparsed,
            {"kind": "AgentErrorEvent", "source": "agent", "tool_name": "terminal", "tool_call_id": "c1", "error": "Missing required argument"},
            action("c2", "grep", json!({"kind": "GrepAction", "pattern": "split", "path": "/testbed"}), ""),
            {"kind": "UserRejectObservation", "source": "user", "tool_name": "grep", "tool_call_id": "c2", "action_id": "e-c2", "rejection_reason": "Not now"},
            {"kind": "ConversationErrorEvent", "source": "environment", "code": "LLMBadRequestError", "detail": "context window exceeded"},
        ]));
        let shown: Vec<(&str, &str, &str)> = trajectory
            .steps
            .iter()
            .map(|s| (s.thought.as_str(), s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("", "ls /nowhere", "Missing required argument"),
                ("", "grep split /testbed", "Rejected: Not now"),
                ("OpenHands stopped: LLMBadRequestError: context window exceeded", "", ""),
            ]
        );
        assert_eq!(trajectory.exit_status.as_deref(), Some("stopped"));
    }
}
