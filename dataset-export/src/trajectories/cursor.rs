//! Cursor's agent CLI: what `cursor-agent -p --output-format stream-json` prints. Its lines are
//! Claude Code's in shape (a `system` `init` naming the session and the model, the `user`'s
//! prompt, the `assistant`'s words, a closing `result`), but its calls are lines of their own: a
//! `tool_call` `started` with the call's arguments and `completed` with its `result` (`success`,
//! `error` or `rejected`), named by `call_id`, the call itself under its kind
//! (`{"shellToolCall": {"args": ...}}`, or `{"tool": {"case": ..., "value": ...}}`). With
//! `--stream-partial-output` the assistant's words come in pieces (`timestamp_ms`) before the
//! whole of them; its reasoning comes as `thinking` pieces.

use std::borrow::Cow;

use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::{Edit, Step, TimeSpan, Trajectory};
use serde_json::Value;

use super::transcripts::{add_words, call_form, call_line, pattern_in, plan_list};
use super::turns::Turns;
use super::{content_text, text, AgentAndModel, StepReader};

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "cursor-cli";

/// A reader of what the CLI printed.
pub fn reader() -> Box<dyn StepReader> {
    Box::<StreamJson>::default()
}

/// What the CLI printed, read so far.
#[derive(Default)]
struct StreamJson {
    turns: Turns,
    model: Option<String>,
    /// The pieces of the assistant's words streamed since its last whole words.
    pieces: String,
    /// The pieces of its reasoning streamed since its last words or call.
    thinking: String,
    /// The assistant's last whole words, which a final line may repeat.
    last_words: Option<String>,
    result: Option<Value>,
    span: TimeSpan,
}

impl StepReader for StreamJson {
    fn element(&mut self, _key: &str, line: Value, steps: &mut Vec<Step>) {
        if let Some(timestamp) = line.get("timestamp").and_then(Value::as_str) {
            self.span.add(timestamp);
        }
        match type_of(&line) {
            Some("system") if text(&line, "subtype").as_deref() == Some("init") => self.model = text(&line, "model"),
            Some("user") => {
                self.flush_pieces();
                self.turns
                    .prompted(line.get("message").map(content_text).unwrap_or_default(), steps);
            }
            Some("assistant") => self.assistant(&line),
            Some("thinking") => self.thinking.push_str(text(&line, "text").as_deref().unwrap_or_default()),
            Some("tool_call") => self.tool_call(&line, steps),
            Some("result") => self.result = Some(line),
            _ => {}
        }
    }

    fn finish(mut self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        self.flush_pieces();
        let result = self.result.as_ref();
        let usage = |key: &str| result.and_then(|r| r.pointer(&format!("/usage/{key}"))).and_then(Value::as_u64);
        let sent = ["inputTokens", "cacheReadTokens", "cacheWriteTokens"].map(usage);
        let made_by = AgentAndModel::new(Some("Cursor CLI"), None, self.model.as_deref());
        let seconds = result
            .and_then(|r| r.get("duration_ms"))
            .and_then(Value::as_f64)
            .map(|ms| ms / 1000.0);
        Trajectory {
            exit_status: result.and_then(exit_status),
            task: self.turns.finish(steps),
            agent: made_by.agent,
            model: made_by.model,
            tokens_in: sent[0].map(|input| input + sent[1].unwrap_or(0) + sent[2].unwrap_or(0)),
            tokens_out: usage("outputTokens"),
            seconds: seconds.or(self.span.seconds()),
            date: self.span.first_day(),
            ..Trajectory::default()
        }
    }
}

impl StreamJson {
    /// The assistant's words: a piece of them (`timestamp_ms`, no `model_call_id`), or the whole,
    /// which stands for the pieces before it and is said once.
    fn assistant(&mut self, line: &Value) {
        let words = line.get("message").map(content_text).unwrap_or_default();
        let piece = line.get("timestamp_ms").is_some() && line.get("model_call_id").is_none();
        if piece {
            self.pieces.push_str(&words);
            return;
        }
        self.flush_thinking();
        let pieces = std::mem::take(&mut self.pieces);
        let repeated = pieces.is_empty() && self.last_words.as_deref() == Some(words.as_str());
        if !repeated {
            self.turns.say(&words);
        }
        self.last_words = Some(words);
    }

    /// A call begun (its step, waiting for its result) or ended (its result written in).
    fn tool_call(&mut self, line: &Value, steps: &mut Vec<Step>) {
        let Some((kind, call)) = line.get("tool_call").and_then(call_of) else {
            return;
        };
        let id = text(line, "call_id").or_else(|| line.pointer("/tool_call/toolCallId").and_then(Value::as_str).map(str::to_string));
        let completed = text(line, "subtype").as_deref() == Some("completed");
        if !completed {
            self.flush_pieces();
            let args = call.get("args").unwrap_or(&Value::Null);
            self.turns.call(id, |thought| call_step(&kind, args, thought), steps);
            self.last_words = None;
            return;
        }
        if let (Some(id), Some(result)) = (id, call.get("result")) {
            self.turns.answer(&id, |step| answered(step, result), steps);
        }
    }

    /// Pieces of words that no whole line followed are the words, after the reasoning before
    /// them.
    fn flush_pieces(&mut self) {
        self.flush_thinking();
        let pieces = std::mem::take(&mut self.pieces);
        self.turns.say(&pieces);
    }

    /// The reasoning's pieces joined are words of their own.
    fn flush_thinking(&mut self) {
        let thinking = std::mem::take(&mut self.thinking);
        self.turns.say(&thinking);
    }
}

/// A call's kind and body (its `args`, its `result` once done): the one field of `tool_call`
/// named `<kind>ToolCall`, its `tool`'s `case` and `value`, or a `function` by its `name`, its
/// `arguments` a JSON string.
fn call_of(tool_call: &Value) -> Option<(String, Cow<'_, Value>)> {
    if let Some(case) = tool_call.pointer("/tool/case").and_then(Value::as_str) {
        return Some((case.to_string(), Cow::Borrowed(tool_call.pointer("/tool/value")?)));
    }
    if let Some(function) = tool_call.get("function").filter(|f| f.is_object()) {
        let arguments = text(function, "arguments").and_then(|a| serde_json::from_str::<Value>(&a).ok());
        return Some((text(function, "name")?, Cow::Owned(serde_json::json!({ "args": arguments }))));
    }
    let fields = tool_call.as_object()?;
    fields
        .iter()
        .find(|(key, value)| key.ends_with("ToolCall") && value.is_object())
        .map(|(key, value)| (key.clone(), Cow::Borrowed(value)))
}

/// The step of a call of `kind` (`shellToolCall`, `readToolCall`, `editToolCall`, ...) with
/// `args`: a command as it is, a write or an edit as its file's change, a to-do list as a plan,
/// a call on a file or a pattern by its tool and that.
fn call_step(kind: &str, args: &Value, thought: String) -> Step {
    let tool = kind.strip_suffix("ToolCall").unwrap_or(kind).to_string();
    let path = text(args, "path");
    let edit = match (tool.as_str(), &path) {
        ("write" | "edit", Some(path)) => Some(Edit {
            path: path.clone(),
            before: String::new(),
            after: text(args, "fileText").or_else(|| text(args, "streamContent")).unwrap_or_default(),
            first_line: None,
        }),
        _ => None,
    };
    let plan = args.get("todos").and_then(|todos| plan_list(&todo_statuses(todos), "content"));
    let subject = pattern_in(args)
        .or_else(|| text(args, "globPattern"))
        .or(path)
        .or_else(|| text(args, "query"));
    let action = match (&edit, &plan) {
        (Some(edit), _) => format!("{tool} {}", edit.path),
        (None, Some(_)) => tool.clone(),
        (None, None) => call_line(&tool, args, subject),
    };
    let mut thought = thought;
    add_words(&mut thought, plan.as_deref().unwrap_or_default());
    Step {
        thought,
        tool: Some(tool),
        action,
        action_form: call_form(args),
        edit,
        ..Step::default()
    }
}

/// A to-do list with Cursor's statuses (`TODO_STATUS_COMPLETED`, ...) as a plan's.
fn todo_statuses(todos: &Value) -> Value {
    let mut todos = todos.clone();
    for todo in todos.as_array_mut().into_iter().flatten() {
        if let Some(status) = text(todo, "status") {
            todo["status"] = Value::from(status.trim_start_matches("TODO_STATUS_").to_ascii_lowercase());
        }
    }
    todos
}

/// Writes a call's `result` into its step: what succeeded (a command's output and exit code, a
/// file's text, an edit's file before and after), an error's message, a rejection's reason.
fn answered(step: &mut Step, result: &Value) {
    if let Some(success) = result.get("success") {
        let field = |key: &str| text(success, key).filter(|t| !t.is_empty());
        let streams = [field("stdout"), field("stderr")].into_iter().flatten().collect::<Vec<_>>();
        step.observation = match streams.is_empty() {
            false => streams.join("\n"),
            true => ["output", "content", "message", "diffString"]
                .iter()
                .find_map(|key| field(key))
                .unwrap_or_else(|| compact(success)),
        };
        step.returncode = success.get("exitCode").and_then(Value::as_i64);
        place_edit(step, success);
        return;
    }
    let (how, failure) = match (result.get("rejected"), result.get("error").or_else(|| result.get("failure"))) {
        (Some(rejected), _) => ("Rejected", rejected),
        (None, Some(error)) => ("Error", error),
        (None, None) => return step.observation = compact(result),
    };
    let said = ["message", "reason", "errorMessage", "stderr"]
        .iter()
        .find_map(|key| text(failure, key));
    step.observation = format!("{how}: {}", said.unwrap_or_else(|| compact(failure)));
    step.returncode = failure.get("exitCode").and_then(Value::as_i64);
}

/// Places an edit by the whole file before and after it where Cursor recorded them; a file it
/// created was empty before (its diff from `/dev/null`). An edit of a file whose text before is
/// not recorded is shown by Cursor's own diff, in the step's output, rather than as a file
/// written whole.
fn place_edit(step: &mut Step, success: &Value) {
    let Some(edit) = step.edit.as_mut() else { return };
    let diff = text(success, "diffString").unwrap_or_default();
    let before = text(success, "beforeFullFileContent").or_else(|| diff.starts_with("--- /dev/null").then(String::new));
    match (before, text(success, "afterFullFileContent")) {
        (Some(before), Some(after)) => (edit.before, edit.after, edit.first_line) = (before, after, Some(1)),
        _ if step.tool.as_deref() == Some("edit") => {
            step.edit = None;
            if !diff.is_empty() {
                step.observation = diff;
            }
        }
        _ => {}
    }
}

/// A value as compact JSON, nothing for an empty object.
fn compact(value: &Value) -> String {
    match value.as_object() {
        Some(fields) if fields.is_empty() => String::new(),
        _ => value.to_string(),
    }
}

/// How the session ended: the `result`'s `subtype`, or `error` where it says it is one.
fn exit_status(result: &Value) -> Option<String> {
    match result.get("is_error").and_then(Value::as_bool) {
        Some(true) => Some("error".into()),
        _ => text(result, "subtype"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    fn read(lines: &[Value]) -> Trajectory {
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        let mut read = super::super::read_bytes(text.as_bytes(), Path::new("o__r-1.jsonl")).unwrap();
        assert_eq!(read.len(), 1);
        read.remove(0)
    }

    fn call(subtype: &str, id: &str, body: Value) -> Value {
        json!({"type": "tool_call", "subtype": subtype, "call_id": id, "tool_call": body, "session_id": "s-1", "timestamp_ms": 1785515118821_u64})
    }

    /// Lines as `cursor-agent -p --output-format stream-json` prints them.
    #[test]
    fn a_cursor_transcript_reads_as_its_calls_with_their_results() {
        let say = |words: &str| json!({"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": words}]}, "session_id": "s-1"});
        let before = "def parse(t):\n    return t.split(' ')\n";
        let trajectory = read(&[
            json!({"type": "system", "subtype": "init", "apiKeySource": "login", "cwd": "/testbed", "session_id": "s-1", "model": "Claude 4.5 Sonnet", "permissionMode": "default"}),
            json!({"type": "user", "message": {"role": "user", "content": [{"type": "text", "text": "Fix the parser."}]}, "session_id": "s-1"}),
            say("Running the tests."),
            call(
                "started",
                "c1",
                json!({"shellToolCall": {"args": {"command": "python -m pytest -q"}}, "toolCallId": "c1"}),
            ),
            call(
                "completed",
                "c1",
                json!({"shellToolCall": {"args": {"command": "python -m pytest -q"}, "result": {"success": {"exitCode": 1, "stdout": "1 failed", "stderr": ""}}}}),
            ),
            call("started", "c2", json!({"readToolCall": {"args": {"path": "/testbed/p.py"}}})),
            call(
                "completed",
                "c2",
                json!({"readToolCall": {"args": {"path": "/testbed/p.py"}, "result": {"success": {"content": before, "totalLines": 2}}}}),
            ),
            call(
                "started",
                "c3",
                json!({"tool": {"case": "editToolCall", "value": {"args": {"path": "/testbed/p.py", "streamContent": "split()"}}}}),
            ),
            call(
                "completed",
                "c3",
                json!({"editToolCall": {"args": {"path": "/testbed/p.py"}, "result": {"success": {"path": "/testbed/p.py", "linesAdded": 1, "linesRemoved": 1,
                "diffString": "@@ -2 +2 @@", "beforeFullFileContent": before, "afterFullFileContent": before.replace("split(' ')", "split()"), "message": "Edited /testbed/p.py"}}}}),
            ),
            call(
                "started",
                "c4",
                json!({"grepToolCall": {"args": {"pattern": "split", "path": "/testbed"}}}),
            ),
            call(
                "completed",
                "c4",
                json!({"grepToolCall": {"result": {"error": {"message": "ripgrep failed"}}}}),
            ),
            call(
                "started",
                "c6",
                json!({"function": {"name": "Shell", "arguments": "{\"command\": \"git diff\"}"}}),
            ),
            call(
                "started",
                "c5",
                json!({"updateTodosToolCall": {"args": {"todos": [{"id": "1", "content": "Fix split", "status": "TODO_STATUS_COMPLETED"}, {"id": "2", "content": "Add a test", "status": "TODO_STATUS_PENDING"}]}}}),
            ),
            json!({"type": "connection", "subtype": "reconnecting", "session_id": "s-1", "attempt": 1}),
            say("Done."),
            json!({"type": "result", "subtype": "success", "duration_ms": 18788, "duration_api_ms": 18788, "is_error": false, "result": "Done.", "session_id": "s-1",
                   "usage": {"inputTokens": 100, "outputTokens": 20, "cacheReadTokens": 900, "cacheWriteTokens": 5}}),
        ]);
        assert_eq!(trajectory.format, "cursor-cli");
        assert_eq!(
            (trajectory.agent.as_deref(), trajectory.model.as_deref()),
            (Some("Cursor CLI"), Some("Claude 4.5 Sonnet"))
        );
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        assert_eq!(
            (trajectory.exit_status.as_deref(), trajectory.seconds),
            (Some("success"), Some(18.788))
        );
        assert_eq!((trajectory.tokens_in, trajectory.tokens_out), (Some(1005), Some(20)));
        let shown = crate::trajectories::steps_shown(&trajectory);
        assert_eq!(
            shown,
            [
                ("Running the tests.", "python -m pytest -q", "1 failed", Some(1)),
                ("", "read /testbed/p.py", before, None),
                ("", "edit /testbed/p.py", "Edited /testbed/p.py", None),
                ("", "grep split /testbed", "Error: ripgrep failed", None),
                ("", "git diff", "", None),
                ("- [x] Fix split\n- [ ] Add a test", "updateTodos", "", None),
                ("Done.", "", "", None),
            ]
        );
        let edit = trajectory.steps[2].edit.as_ref().expect("the edit");
        assert_eq!(
            (edit.before.as_str(), edit.first_line),
            (before, Some(1)),
            "placed by the whole file"
        );
    }

    /// An edit whose file before Cursor did not record shows Cursor's diff; a file it created,
    /// the file whole.
    #[test]
    fn an_edit_without_its_file_before_shows_cursors_diff() {
        let trajectory = read(&[
            json!({"type": "system", "subtype": "init", "apiKeySource": "login", "session_id": "s", "model": "gpt-5"}),
            call(
                "started",
                "c1",
                json!({"editToolCall": {"args": {"path": "/w/a.py", "streamContent": "b = 2"}}}),
            ),
            call(
                "completed",
                "c1",
                json!({"editToolCall": {"result": {"success": {"diffString": "--- a/w/a.py\n+++ b/w/a.py\n@@ -1 +1 @@\n-b = 1\n+b = 2", "afterFullFileContent": "b = 2\n"}}}}),
            ),
            call(
                "started",
                "c2",
                json!({"editToolCall": {"args": {"path": "/w/note.txt", "streamContent": "DONE"}}}),
            ),
            call(
                "completed",
                "c2",
                json!({"editToolCall": {"result": {"success": {"diffString": "--- /dev/null\n+++ b//w/note.txt\n@@ -1,0 +1 @@\n+DONE", "afterFullFileContent": "DONE"}}}}),
            ),
        ]);
        assert!(trajectory.steps[0].edit.is_none());
        assert!(trajectory.steps[0].observation.contains("-b = 1\n+b = 2"));
        let created = trajectory.steps[1].edit.as_ref().expect("the file created");
        assert_eq!(
            (created.before.as_str(), created.after.as_str(), created.first_line),
            ("", "DONE", Some(1))
        );
    }

    /// With `--stream-partial-output` the words come in pieces, then whole (before a call, and
    /// at the end again): said once; the reasoning's pieces joined.
    #[test]
    fn words_in_pieces_are_said_once() {
        let piece = |text: &str, at: u64| json!({"type": "assistant", "timestamp_ms": at, "message": {"role": "assistant", "content": [{"type": "text", "text": text}]}, "session_id": "s"});
        let trajectory = read(&[
            json!({"type": "system", "subtype": "init", "apiKeySource": "login", "session_id": "s", "model": "gpt-5"}),
            json!({"type": "thinking", "subtype": "delta", "text": "The tests ", "session_id": "s"}),
            json!({"type": "thinking", "subtype": "delta", "text": "first.", "session_id": "s"}),
            json!({"type": "thinking", "subtype": "completed", "session_id": "s"}),
            piece("Look", 1),
            piece("ing.", 2),
            json!({"type": "assistant", "timestamp_ms": 3, "model_call_id": "mc1", "message": {"role": "assistant", "content": [{"type": "text", "text": "Looking."}]}, "session_id": "s"}),
            call("started", "c1", json!({"lsToolCall": {"args": {"path": "/testbed"}}})),
            call(
                "completed",
                "c1",
                json!({"lsToolCall": {"result": {"rejected": {"reason": "not allowed"}}}}),
            ),
            piece("Do", 4),
            piece("ne.", 5),
            json!({"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "Done."}]}, "session_id": "s"}),
            json!({"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "Done."}]}, "session_id": "s"}),
        ]);
        let shown: Vec<(&str, &str, &str)> = trajectory
            .steps
            .iter()
            .map(|s| (s.thought.as_str(), s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("The tests first.\n\nLooking.", "ls /testbed", "Rejected: not allowed"),
                ("Done.", "", "")
            ]
        );
    }
}
