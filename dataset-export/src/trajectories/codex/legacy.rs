//! What `codex exec --json` printed before Codex 0.44 (mid-2025): its configuration (`model`,
//! `sandbox`, `reasoning effort`, ...) and the prompt (`{"prompt": ...}`) on the first lines,
//! then each of Codex's events as `{"id": <turn>, "msg": {"type": ...}}`: the agent's words
//! (`agent_message`, `agent_reasoning`), a command's `exec_command_begin` and `_end` (its
//! output, exit code and duration), a patch's `patch_apply_begin` (each file's change: `add`
//! with its content, `update` with its `unified_diff`, `delete`) and `_end`, an MCP tool's call,
//! a plan's update, the tokens so far (`token_count`) and how the task ended (`task_complete`,
//! `turn_aborted`, `error`).

use benchscope_contract::patch::{parse_patch, LineKind};
use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::{Edit, Step, Trajectory};
use serde_json::Value;

use super::super::transcripts::{add_words, plan_list};
use super::super::{text, AgentAndModel, StepReader};
use super::conversation::Conversation;
use super::{command_line, mcp_step};

/// The transcript read so far.
#[derive(Default)]
pub struct Transcript {
    task: Option<String>,
    model: Option<String>,
    conversation: Conversation,
}

impl StepReader for Transcript {
    fn element(&mut self, _key: &str, line: Value, steps: &mut Vec<Step>) {
        match line.get("msg") {
            Some(event) => self.event(event, steps),
            None => {
                self.task = self.task.take().or_else(|| text(&line, "prompt"));
                self.model = self.model.take().or_else(|| text(&line, "model"));
            }
        }
    }

    fn finish(self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        let (tokens, ended) = self.conversation.finish(steps);
        let made_by = AgentAndModel::new(Some("Codex"), None, self.model.as_deref());
        Trajectory {
            exit_status: ended,
            task: self.task,
            agent: made_by.agent,
            model: made_by.model,
            tokens_in: tokens.map(|t| t.0),
            tokens_out: tokens.map(|t| t.1),
            ..Trajectory::default()
        }
    }
}

impl Transcript {
    fn event(&mut self, event: &Value, steps: &mut Vec<Step>) {
        let call = text(event, "call_id");
        match type_of(event) {
            Some("agent_message") => self.conversation.say(text(event, "message")),
            Some("agent_reasoning") => self.conversation.say(text(event, "text")),
            Some("exec_command_begin") => {
                let action = match event.get("command") {
                    Some(Value::Array(words)) => command_line(words),
                    _ => text(event, "command").unwrap_or_default(),
                };
                self.conversation.push(call, Step { action, ..Step::default() }, steps);
            }
            Some("patch_apply_begin") => self.conversation.push(call, patch_step(event.get("changes")), steps),
            Some("mcp_tool_call_begin") => {
                let invocation = event.get("invocation").unwrap_or(&Value::Null);
                self.conversation.push(call, mcp_step(invocation), steps);
            }
            Some("exec_command_end" | "patch_apply_end" | "mcp_tool_call_end") => {
                if let Some(call) = call {
                    self.conversation.waiting.answer(&call, |step| answer(step, event), steps);
                }
            }
            Some("plan_update") => {
                let mut plan = String::new();
                add_words(&mut plan, &text(event, "explanation").unwrap_or_default());
                add_words(&mut plan, &event.get("plan").and_then(|p| plan_list(p, "step")).unwrap_or_default());
                self.conversation.say(Some(plan));
            }
            _ => {
                self.conversation.ending_event(event, steps);
            }
        }
    }
}

/// What an action's end says: a command's output (both streams as they came, else each) with
/// its exit code and duration, a patch's or an MCP tool's result.
fn answer(step: &mut Step, end: &Value) {
    let streams = || {
        [text(end, "stdout"), text(end, "stderr")]
            .into_iter()
            .flatten()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    };
    step.observation = text(end, "aggregated_output").filter(|o| !o.is_empty()).unwrap_or_else(streams);
    // A patch's end says whether it applied, not an exit code: failing reads as one.
    let applied = end
        .get("success")
        .and_then(Value::as_bool)
        .map(|success| if success { 0 } else { 1 });
    step.returncode = end.get("exit_code").and_then(Value::as_i64).or(applied);
    if let Some(duration) = end.get("duration") {
        let part = |key: &str| duration.get(key).and_then(Value::as_f64).unwrap_or(0.0);
        step.seconds = Some(part("secs") + part("nanos") / 1e9);
    }
    if let Some(result) = end.get("result") {
        let content = result.pointer("/Ok/content").and_then(Value::as_array);
        let texts: Vec<String> = content.into_iter().flatten().filter_map(|part| text(part, "text")).collect();
        step.observation = match result.get("Err") {
            Some(error) => error.as_str().map_or_else(|| error.to_string(), str::to_string),
            None => texts.join("\n"),
        };
    }
}

/// A patch's step: each file's change a line, `update src/parse.py` (as `codex exec --json`'s
/// later `file_change` writes them), and, for a patch of one file, that file's edit.
fn patch_step(changes: Option<&Value>) -> Step {
    let changes: Vec<(&String, &Value)> = changes.and_then(Value::as_object).map(|c| c.iter().collect()).unwrap_or_default();
    let lines: Vec<String> = changes.iter().map(|(path, change)| format!("{} {path}", kind_of(change))).collect();
    let edit = match changes.as_slice() {
        [(path, change)] => edit_of(path, change),
        _ => None,
    };
    Step {
        tool: Some("file_change".to_string()),
        action: lines.join("\n"),
        edit,
        ..Step::default()
    }
}

/// What a change does: its one key (`{"update": {...}}`), or its `type` as later versions write it.
fn kind_of(change: &Value) -> String {
    text(change, "type")
        .or_else(|| change.as_object().and_then(|fields| fields.keys().next().cloned()))
        .unwrap_or_else(|| "change".to_string())
}

/// The edit a change makes to `path`: a file added with its content, or an update by its diff (a
/// one-hunk diff placed at its line; several hunks one after the other, their place not given).
fn edit_of(path: &str, change: &Value) -> Option<Edit> {
    let body = change.get(kind_of(change)).filter(|b| b.is_object()).unwrap_or(change);
    let path = text(body, "move_path").unwrap_or_else(|| path.to_string());
    match kind_of(change).as_str() {
        "add" => Some(Edit {
            path,
            after: text(body, "content")?,
            ..Edit::default()
        }),
        "update" => {
            let diff = text(body, "unified_diff")?;
            let files = parse_patch(&format!("--- a/{path}\n+++ b/{path}\n{diff}"));
            let hunks = &files.first()?.hunks;
            let mut edit = Edit {
                path,
                first_line: match hunks.as_slice() {
                    [only] => Some(only.old_start),
                    _ => None,
                },
                ..Edit::default()
            };
            for line in hunks.iter().flat_map(|hunk| &hunk.lines) {
                let (before, after) = match line.kind {
                    LineKind::Context => (true, true),
                    LineKind::Removed => (true, false),
                    LineKind::Added => (false, true),
                };
                if before {
                    edit.before.push_str(&line.text);
                    edit.before.push('\n');
                }
                if after {
                    edit.after.push_str(&line.text);
                    edit.after.push('\n');
                }
            }
            Some(edit)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    fn read(lines: &[Value]) -> Trajectory {
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        let mut read = super::super::super::read_bytes(text.as_bytes(), Path::new("psf__requests-2317.jsonl")).unwrap();
        assert_eq!(read.len(), 1);
        read.remove(0)
    }

    fn msg(event: Value) -> Value {
        json!({"id": "0", "msg": event})
    }

    #[test]
    fn a_transcript_of_mid_2025_reads_as_its_commands_and_patches() {
        let update = "@@ -18,2 +18,2 @@\n def parse(text):\n-    return text.split(\" \")\n+    return text.split()\n";
        let lines = [
            json!({"model": "gpt-5", "reasoning summaries": "auto", "provider": "openai", "sandbox": "workspace-write", "workdir": "/testbed", "approval": "never", "reasoning effort": "medium"}),
            json!({"prompt": "Tabs should split words."}),
            msg(json!({"type": "task_started", "model_context_window": 272000})),
            msg(json!({"type": "agent_reasoning", "text": "**Running the tests**"})),
            msg(
                json!({"type": "exec_command_begin", "call_id": "c1", "command": ["bash", "-lc", "python -m pytest -q"], "cwd": "/testbed"}),
            ),
            msg(json!({"type": "exec_command_output_delta", "call_id": "c1", "stream": "stdout", "chunk": "MSBmYWlsZWQ="})),
            msg(
                json!({"type": "exec_command_end", "call_id": "c1", "stdout": "1 failed\n", "stderr": "", "exit_code": 1, "duration": {"secs": 2, "nanos": 500000000}}),
            ),
            msg(
                json!({"type": "patch_apply_begin", "call_id": "c2", "auto_approved": true, "changes": {"/testbed/src/parse.py": {"update": {"unified_diff": update, "move_path": null}}}}),
            ),
            msg(
                json!({"type": "patch_apply_end", "call_id": "c2", "stdout": "Success. Updated the following files:\nM /testbed/src/parse.py\n", "stderr": "", "success": true}),
            ),
            msg(
                json!({"type": "patch_apply_begin", "call_id": "c3", "changes": {"tests/test_tabs.py": {"add": {"content": "def test_tabs(): pass\n"}}, "old.py": {"delete": {}}}}),
            ),
            msg(json!({"type": "patch_apply_end", "call_id": "c3", "success": false, "stderr": "old.py: not found"})),
            msg(json!({"type": "agent_message", "message": "Tabs now split words."})),
            msg(json!({"type": "token_count", "input_tokens": 20543, "cached_input_tokens": 13696, "output_tokens": 99})),
            msg(json!({"type": "task_complete", "last_agent_message": "Tabs now split words."})),
        ];
        let trajectory = read(&lines);
        assert_eq!(trajectory.format, "codex");
        assert_eq!(
            (trajectory.agent.as_deref(), trajectory.model.as_deref()),
            (Some("Codex"), Some("gpt-5"))
        );
        assert_eq!(trajectory.task.as_deref(), Some("Tabs should split words."));
        assert_eq!(trajectory.exit_status.as_deref(), Some("completed"));
        assert_eq!((trajectory.tokens_in, trajectory.tokens_out), (Some(20543), Some(99)));
        let shown = crate::trajectories::steps_shown(&trajectory);
        assert_eq!(
            shown,
            [
                ("**Running the tests**", "python -m pytest -q", "1 failed\n", Some(1)),
                (
                    "",
                    "update /testbed/src/parse.py",
                    "Success. Updated the following files:\nM /testbed/src/parse.py\n",
                    Some(0)
                ),
                ("", "delete old.py\nadd tests/test_tabs.py", "old.py: not found", Some(1)),
                ("Tabs now split words.", "", "", None),
            ]
        );
        assert_eq!(trajectory.steps[0].seconds, Some(2.5));
        let edit = trajectory.steps[1].edit.as_ref().expect("a one-file patch is its edit");
        assert_eq!(edit.first_line, Some(18));
        assert_eq!(edit.before, "def parse(text):\n    return text.split(\" \")\n");
        assert!(edit.unified_diff().contains("@@ -18,2 +18,2 @@"), "{}", edit.unified_diff());
        assert_eq!(trajectory.steps[2].edit, None, "two files, no one edit");
        let facts = benchscope_contract::trajectory::facts::facts_of(&trajectory, "t.json");
        assert!(facts.ran_tests);
        assert_eq!(facts.files_edited, ["/testbed/src/parse.py", "old.py", "tests/test_tabs.py"]);
    }

    #[test]
    fn an_error_ends_the_task_with_its_message() {
        let lines = [
            json!({"model": "codex-mini-latest", "sandbox": "danger-full-access"}),
            json!({"prompt": "Describe this repo"}),
            msg(json!({"type": "task_started"})),
            msg(json!({"type": "error", "message": "Missing environment variable: `OPENAI_API_KEY`."})),
        ];
        let trajectory = read(&lines);
        assert_eq!(trajectory.exit_status.as_deref(), Some("failed"));
        assert_eq!(
            trajectory.steps[0].thought,
            "Codex stopped: Missing environment variable: `OPENAI_API_KEY`."
        );
    }
}
