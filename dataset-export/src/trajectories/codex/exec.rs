//! What `codex exec --json` prints. Each item comes as `item.started` (maybe `item.updated`) and
//! then `item.completed`, which alone is read: an `agent_message` or a `reasoning` summary is
//! what the agent said before its next action; a `command_execution` (its `command`, its
//! `aggregated_output` and its `exit_code`), a `file_change` (the `path` and `kind` of each
//! change, not their text), an `mcp_tool_call` and a `web_search` are its actions; a
//! `todo_list` is its plan, and an `error` item one it went on after. Each
//! `turn.completed` gives the turn's `usage`; a `turn.failed` or an `error` ends the session
//! with its message. A transcript names no model and states no cost.

use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::{ActionForm, Step, Trajectory};
use serde_json::Value;

use super::super::transcripts::{add_words, words_step};
use super::super::{text, StepReader};
use super::{mcp_step, parts_text, unwrapped};

/// The transcript read so far.
#[derive(Default)]
pub struct Transcript {
    task: Option<String>,
    /// What the agent said since its last action: the next one's thought, or a step itself.
    said: String,
    /// Tokens sent and answered, over the turns completed.
    used: (u64, u64),
    turns: u64,
    failure: Option<String>,
}

impl StepReader for Transcript {
    fn element(&mut self, _key: &str, line: Value, steps: &mut Vec<Step>) {
        match type_of(&line) {
            Some("item.completed") => self.item(line.get("item").unwrap_or(&Value::Null), steps),
            Some("turn.completed") => {
                let usage = line.get("usage").unwrap_or(&Value::Null);
                let count = |key: &str| usage.get(key).and_then(Value::as_u64).unwrap_or(0);
                // `input_tokens` counts the cached ones among them, as OpenAI's usage does.
                self.used.0 += count("input_tokens");
                self.used.1 += count("output_tokens");
                self.turns += 1;
            }
            Some("turn.failed") => {
                let message = line.pointer("/error/message").or_else(|| line.get("message"));
                self.fail(message, steps);
            }
            Some("error") => self.fail(line.get("message"), steps),
            _ => {}
        }
    }

    fn finish(mut self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        self.end_words(steps);
        let exit_status = match (&self.failure, self.turns) {
            (Some(_), _) => Some("failed".to_string()),
            (None, 0) => None,
            (None, _) => Some("completed".to_string()),
        };
        Trajectory {
            exit_status,
            task: self.task,
            agent: Some("Codex".to_string()),
            tokens_in: (self.turns > 0).then_some(self.used.0),
            tokens_out: (self.turns > 0).then_some(self.used.1),
            ..Trajectory::default()
        }
    }
}

impl Transcript {
    /// A completed item: words, the task, or an action.
    fn item(&mut self, item: &Value, steps: &mut Vec<Step>) {
        let action = match type_of(item) {
            Some("agent_message" | "reasoning") => {
                self.say(text(item, "text"));
                return;
            }
            Some("user_message") => {
                let prompt = text(item, "text").or_else(|| parts_text(item.get("content")));
                self.task = self.task.take().or(prompt);
                return;
            }
            // The plan as the turn left it, an item a line marked done or not.
            Some("todo_list") => {
                let items = item.get("items").and_then(Value::as_array).into_iter().flatten();
                let plan: Vec<String> = items
                    .filter_map(|todo| {
                        let done = todo.get("completed").and_then(Value::as_bool) == Some(true);
                        Some(format!("- {} {}", if done { "[x]" } else { "[ ]" }, text(todo, "text")?))
                    })
                    .collect();
                self.say(Some(plan.join("\n")));
                return;
            }
            // An error Codex went on after (a file not found): said, as the agent saw it.
            Some("error") => {
                self.end_words(steps);
                steps.push(words_step(format!("Error: {}", text(item, "message").unwrap_or_default())));
                return;
            }
            Some("command_execution") => Step {
                action: unwrapped(&text(item, "command").unwrap_or_default()),
                observation: text(item, "aggregated_output").unwrap_or_default(),
                returncode: item.get("exit_code").and_then(Value::as_i64),
                ..Step::default()
            },
            Some("file_change") => Step {
                tool: Some("file_change".to_string()),
                action: changes(item),
                ..Step::default()
            },
            Some("mcp_tool_call") => mcp_call(item),
            Some("web_search") => Step {
                tool: Some("web_search".to_string()),
                action: text(item, "query").unwrap_or_default(),
                action_form: ActionForm::Words,
                ..Step::default()
            },
            _ => return,
        };
        let step = Step {
            thought: std::mem::take(&mut self.said),
            ..action
        };
        steps.push(step);
    }

    fn say(&mut self, words: Option<String>) {
        add_words(&mut self.said, &words.unwrap_or_default());
    }

    /// What the agent said after its last action is a step of its own.
    fn end_words(&mut self, steps: &mut Vec<Step>) {
        if !self.said.is_empty() {
            steps.push(words_step(std::mem::take(&mut self.said)));
        }
    }

    /// The session failed with `message`: said as its last step.
    fn fail(&mut self, message: Option<&Value>, steps: &mut Vec<Step>) {
        let message = message.and_then(Value::as_str).unwrap_or("no message").to_string();
        self.end_words(steps);
        steps.push(words_step(format!("Codex stopped: {message}")));
        self.failure = Some(message);
    }
}

/// A file change's changes, a line each: `update src/lib.rs`.
fn changes(item: &Value) -> String {
    item.get("changes")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|change| {
            let path = text(change, "path")?;
            let kind = text(change, "kind").unwrap_or_else(|| "change".to_string());
            Some(format!("{kind} {path}"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// An MCP server's tool called: `server.tool` with its arguments, answered by its result's text
/// or its error.
fn mcp_call(item: &Value) -> Step {
    let answer =
        parts_text(item.pointer("/result/content")).or_else(|| item.pointer("/error/message").and_then(Value::as_str).map(str::to_string));
    Step {
        observation: answer.unwrap_or_default(),
        ..mcp_step(item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    /// Lines as `codex exec --json` prints them.
    fn transcript() -> String {
        let completed = |item: Value| json!({"type": "item.completed", "item": item});
        [
            json!({"type": "thread.started", "thread_id": "019d7c51-7fce-7053-a839-7ef9b554ddb6"}),
            json!({"type": "turn.started"}),
            completed(json!({"id": "item_0", "type": "reasoning", "text": "**Looking at the parser**"})),
            completed(json!({"id": "item_1", "type": "agent_message", "text": "I'll run the tests first."})),
            json!({"type": "item.started", "item": {"id": "item_2", "type": "command_execution", "command": "bash -lc 'python -m pytest -q'", "aggregated_output": "", "exit_code": null, "status": "in_progress"}}),
            completed(json!({"id": "item_2", "type": "command_execution", "command": "bash -lc 'python -m pytest -q'", "aggregated_output": "1 failed\n", "exit_code": 1, "status": "completed"})),
            completed(json!({"id": "item_3", "type": "file_change", "changes": [{"path": "/testbed/src/parse.py", "kind": "update"}, {"path": "/testbed/tests/test_tabs.py", "kind": "add"}], "status": "completed"})),
            completed(json!({"id": "item_4", "type": "command_execution", "command": "bash -lc 'grep -n '\"'\"'tab'\"'\"' src/parse.py'", "aggregated_output": "3: tab", "exit_code": 0, "status": "completed"})),
            completed(json!({"id": "item_5", "type": "mcp_tool_call", "server": "docs", "tool": "search", "arguments": {"q": "tabs"}, "result": {"content": [{"type": "text", "text": "Tabs are whitespace."}]}, "status": "completed"})),
            completed(json!({"id": "item_6", "type": "error", "message": "docs/tabs.md: file not found"})),
            completed(json!({"id": "item_7", "type": "todo_list", "items": [{"text": "Fix the parser", "completed": true}, {"text": "Add a test", "completed": false}]})),
            completed(json!({"id": "item_8", "type": "agent_message", "text": "Tabs now parse."})),
            json!({"type": "turn.completed", "usage": {"input_tokens": 20543, "cached_input_tokens": 13696, "output_tokens": 99}}),
        ]
        .iter()
        .map(|line| format!("{line}\n"))
        .collect()
    }

    fn read(text: &str) -> Trajectory {
        let mut read = super::super::super::read_bytes(text.as_bytes(), Path::new("o__r-1.jsonl")).unwrap();
        assert_eq!(read.len(), 1);
        read.remove(0)
    }

    #[test]
    fn a_codex_transcript_reads_as_its_actions_each_after_what_the_agent_said() {
        let trajectory = read(&transcript());
        assert_eq!(trajectory.format, "codex");
        assert_eq!(trajectory.instance_id, "o__r-1");
        assert_eq!(trajectory.agent.as_deref(), Some("Codex"));
        assert_eq!(trajectory.exit_status.as_deref(), Some("completed"));
        assert_eq!((trajectory.tokens_in, trajectory.tokens_out), (Some(20543), Some(99)));
        let shown: Vec<(&str, &str, &str)> = trajectory
            .steps
            .iter()
            .map(|s| (s.thought.as_str(), s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                (
                    "**Looking at the parser**\n\nI'll run the tests first.",
                    "python -m pytest -q",
                    "1 failed\n"
                ),
                ("", "update /testbed/src/parse.py\nadd /testbed/tests/test_tabs.py", ""),
                ("", "grep -n 'tab' src/parse.py", "3: tab"),
                ("", "docs.search {\"q\":\"tabs\"}", "Tabs are whitespace."),
                ("Error: docs/tabs.md: file not found", "", ""),
                ("- [x] Fix the parser\n- [ ] Add a test\n\nTabs now parse.", "", ""),
            ]
        );
        assert_eq!(trajectory.steps[0].returncode, Some(1));
        assert_eq!(trajectory.steps[3].tool.as_deref(), Some("docs.search"));
    }

    #[test]
    fn a_failed_turn_ends_the_session_with_its_message() {
        let lines = [
            json!({"type": "thread.started", "thread_id": "t"}),
            json!({"type": "turn.started"}),
            json!({"type": "item.completed", "item": {"id": "item_0", "type": "agent_message", "text": "Starting."}}),
            json!({"type": "turn.failed", "error": {"message": "unexpected status 401 Unauthorized"}}),
        ];
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let trajectory = read(&text);
        assert_eq!(trajectory.exit_status.as_deref(), Some("failed"));
        assert_eq!(trajectory.tokens_in, None, "no turn completed, nothing counted");
        let thoughts: Vec<&str> = trajectory.steps.iter().map(|s| s.thought.as_str()).collect();
        assert_eq!(thoughts, ["Starting.", "Codex stopped: unexpected status 401 Unauthorized"]);
    }
}
