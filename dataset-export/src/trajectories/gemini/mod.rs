//! Gemini CLI's transcripts, read as [`super::transcripts`] reads every agent's: what
//! `gemini -p … --output-format stream-json` prints, and the chat files Gemini CLI keeps
//! ([`session`]). An `init` line names the session and the
//! model; `message` lines are the user's prompt and the assistant's words, streamed in pieces
//! (`delta: true`) that join into one text; a `tool_use` (`tool_name`, `tool_id`, `parameters`)
//! is answered by the `tool_result` naming its `tool_id` (`status`, `output`, an `error`); the
//! closing `result` says how it ended (`status`) and what it used (`stats`: `input_tokens`,
//! cached ones among them, `output_tokens`, `duration_ms`).

use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::{Edit, Step, TimeSpan, Trajectory};
use serde_json::Value;

pub mod session;

use super::transcripts::ByFirstLine;
use super::transcripts::{call_form, call_line, edit_by, pattern_in, words_step};
use super::turns::Turns;
use super::{text, AgentAndModel, StepReader};

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "gemini-cli";

/// A reader of a transcript's lines, told by its first: a chat file's, whose header names its
/// session and project (`sessionId`, `projectHash`), or what `--output-format stream-json`
/// prints.
pub fn reader() -> Box<dyn StepReader> {
    ByFirstLine::reader(
        |first| match first.get("sessionId").is_some() && first.get("projectHash").is_some() {
            true => Box::<session::Session>::default(),
            false => Box::<StreamJson>::default(),
        },
    )
}

/// What `--output-format stream-json` printed, read so far.
#[derive(Default)]
struct StreamJson {
    turns: Turns,
    model: Option<String>,
    result: Option<Value>,
    failure: Option<String>,
    span: TimeSpan,
}

impl StepReader for StreamJson {
    fn element(&mut self, _key: &str, line: Value, steps: &mut Vec<Step>) {
        if let Some(timestamp) = line.get("timestamp").and_then(Value::as_str) {
            self.span.add(timestamp);
        }
        match type_of(&line) {
            Some("init") => self.model = text(&line, "model"),
            Some("message") => self.message(&line, steps),
            Some("tool_use") => {
                let (tool, parameters) = (
                    text(&line, "tool_name").unwrap_or_default(),
                    line.get("parameters").unwrap_or(&Value::Null),
                );
                self.turns
                    .call(text(&line, "tool_id"), |thought| call_step(&tool, parameters, thought), steps);
            }
            Some("tool_result") => {
                if let Some(call) = line.get("tool_id").and_then(Value::as_str) {
                    let answer = answer_text(&line);
                    self.turns.answer(call, |step| answered(step, answer), steps);
                }
            }
            // A warning (`severity: "warning"`) is said and the session goes on.
            Some("error") if text(&line, "severity").as_deref() != Some("warning") => self.failure = error_message(&line),
            Some("result") => self.result = Some(line),
            _ => {}
        }
    }

    fn finish(mut self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        let succeeded = self.result.as_ref().and_then(|r| text(r, "status")).as_deref() == Some("success");
        let failure = self.failure.take().or_else(|| self.result.as_ref().and_then(error_message));
        if let (false, Some(failure)) = (succeeded, failure) {
            self.turns.push(words_step(format!("Gemini CLI stopped: {failure}")), steps);
        }
        let result = self.result.as_ref();
        let stat = |key: &str| result.and_then(|r| r.pointer(&format!("/stats/{key}"))).and_then(Value::as_u64);
        let made_by = AgentAndModel::new(Some("Gemini CLI"), None, self.model.as_deref());
        Trajectory {
            exit_status: result.and_then(|r| text(r, "status")),
            task: self.turns.finish(steps),
            agent: made_by.agent,
            model: made_by.model,
            tokens_in: stat("input_tokens"),
            tokens_out: stat("output_tokens"),
            seconds: stat("duration_ms").map(|ms| ms as f64 / 1000.0).or(self.span.seconds()),
            date: self.span.first_day(),
            ..Trajectory::default()
        }
    }
}

impl StreamJson {
    /// The user's prompt (the first is the task, a later one a step), or a piece of what the
    /// assistant says.
    fn message(&mut self, line: &Value, steps: &mut Vec<Step>) {
        let content = text(line, "content").unwrap_or_default();
        match line.get("role").and_then(Value::as_str) {
            Some("user") => self.turns.prompted(content, steps),
            Some("assistant") if line.get("delta").and_then(Value::as_bool) == Some(true) => self.turns.say_piece(&content),
            Some("assistant") => self.turns.say(&content),
            _ => {}
        }
    }
}

/// An `error` line's message, or a `result`'s that ended in one.
fn error_message(line: &Value) -> Option<String> {
    match line.get("error") {
        Some(error) => text(error, "message").or_else(|| error.as_str().map(str::to_string)),
        None => text(line, "message"),
    }
}

/// What a tool returned: its output, and the error it reports where the output does not say it.
fn answer_text(line: &Value) -> String {
    let output = text(line, "output").unwrap_or_default();
    match line.get("error").and_then(|e| text(e, "message")) {
        Some(error) if !output.contains(&error) => format!("{output}\n{error}").trim().to_string(),
        _ => output,
    }
}

/// The step of a call of `tool` with `parameters`, `thought` what was said before it: a shell
/// command as it is, `replace` and `write_file` as an edit, a call on a file or a pattern by its
/// tool and that.
pub(crate) fn call_step(tool: &str, parameters: &Value, thought: String) -> Step {
    let tool = tool.to_string();
    let edit = edit_of(&tool, parameters);
    let action = match &edit {
        Some(edit) => format!("{tool} {}", edit.path),
        None => action_of(&tool, parameters),
    };
    Step {
        thought,
        action,
        action_form: call_form(parameters),
        tool: (!tool.is_empty()).then_some(tool),
        edit,
        ..Step::default()
    }
}

/// The file a call names (`file_path`, or `absolute_path` in older releases).
fn file_of(parameters: &Value) -> Option<String> {
    text(parameters, "file_path").or_else(|| text(parameters, "absolute_path"))
}

/// The edit `replace` (`old_string` → `new_string`; Qwen Code's `edit`) or `write_file`
/// (`content`) makes.
fn edit_of(tool: &str, parameters: &Value) -> Option<Edit> {
    let whole = match tool {
        "replace" | "edit" => false,
        "write_file" => true,
        _ => return None,
    };
    edit_by(file_of(parameters)?, parameters, whole)
}

/// `step` given what its call returned: a shell command's exit code read out of it.
pub(crate) fn answered(step: &mut Step, answer: String) {
    if step.tool.as_deref() == Some("run_shell_command") {
        step.returncode = shell_exit_code(&answer);
    }
    step.observation = answer;
}

/// The exit code a shell command's output ends by saying (`Exit Code: 1`, as
/// `run_shell_command` reports it; `(none)` for a command a signal ended).
fn shell_exit_code(output: &str) -> Option<i64> {
    let said = output.lines().rev().find_map(|line| line.strip_prefix("Exit Code: "))?;
    said.trim().parse().ok()
}

/// A call as a line ([`call_line`]): on a file, a pattern, a folder or an address by its tool
/// and that.
fn action_of(tool: &str, parameters: &Value) -> String {
    let field = |key: &str| text(parameters, key);
    let subject = file_of(parameters)
        .or_else(|| pattern_in(parameters))
        .or_else(|| field("dir_path"))
        .or_else(|| field("path"))
        .or_else(|| field("query"))
        .or_else(|| field("url"));
    call_line(tool, parameters, subject)
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

    /// Lines as Gemini CLI 0.45 prints them with `--output-format stream-json`.
    #[test]
    fn a_gemini_transcript_reads_as_its_calls_with_their_answers() {
        let at = "2026-08-09T15:23:26.508Z";
        let trajectory = read(&[
            json!({"type": "init", "timestamp": "2026-08-09T15:23:20.000Z", "session_id": "s-1", "model": "gemini-3.5-flash"}),
            json!({"type": "message", "timestamp": at, "role": "user", "content": "Fix the parser."}),
            json!({"type": "message", "timestamp": at, "role": "assistant", "content": "Running the ", "delta": true}),
            json!({"type": "message", "timestamp": at, "role": "assistant", "content": "tests.", "delta": true}),
            json!({"type": "tool_use", "timestamp": at, "tool_name": "run_shell_command", "tool_id": "run_shell_command__45c957ff", "parameters": {"description": "Run the tests", "command": "python -m pytest -q"}}),
            json!({"type": "tool_use", "timestamp": at, "tool_name": "read_file", "tool_id": "read_file__1", "parameters": {"file_path": "/repo/parse.py"}}),
            json!({"type": "tool_result", "timestamp": at, "tool_id": "read_file__1", "status": "error", "output": "Path not in workspace", "error": {"type": "invalid_tool_params", "message": "Path not in workspace"}}),
            json!({"type": "tool_result", "timestamp": at, "tool_id": "run_shell_command__45c957ff", "status": "success", "output": "1 failed\nExit Code: 1"}),
            json!({"type": "tool_use", "timestamp": at, "tool_name": "replace", "tool_id": "replace__2", "parameters": {"file_path": "/repo/parse.py", "old_string": "' '", "new_string": "' \\t'", "instruction": "accept tabs"}}),
            json!({"type": "tool_result", "timestamp": at, "tool_id": "replace__2", "status": "success", "output": "Successfully modified file"}),
            json!({"type": "message", "timestamp": at, "role": "assistant", "content": "Done.", "delta": true}),
            json!({"type": "result", "timestamp": "2026-08-09T15:23:28.211Z", "status": "success", "stats": {"total_tokens": 23632, "input_tokens": 22915, "output_tokens": 74, "cached": 8115, "input": 14800, "duration_ms": 7175, "tool_calls": 3}}),
        ]);
        assert_eq!(trajectory.format, "gemini-cli");
        assert_eq!(trajectory.agent.as_deref(), Some("Gemini CLI"));
        assert_eq!(trajectory.model.as_deref(), Some("gemini-3.5-flash"));
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        assert_eq!(trajectory.exit_status.as_deref(), Some("success"));
        assert_eq!((trajectory.tokens_in, trajectory.tokens_out), (Some(22915), Some(74)));
        assert_eq!(trajectory.seconds, Some(7.175));
        let shown: Vec<(&str, &str, &str)> = trajectory
            .steps
            .iter()
            .map(|s| (s.thought.as_str(), s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("Running the tests.", "python -m pytest -q", "1 failed\nExit Code: 1"),
                ("", "read_file /repo/parse.py", "Path not in workspace"),
                ("", "replace /repo/parse.py", "Successfully modified file"),
                ("Done.", "", ""),
            ]
        );
        assert_eq!(trajectory.steps[2].edit.as_ref().map(|e| e.after.as_str()), Some("' \\t'"));
        let codes: Vec<Option<i64>> = trajectory.steps.iter().map(|s| s.returncode).collect();
        assert_eq!(codes, [Some(1), None, None, None], "read out of the shell's output alone");
    }

    #[test]
    fn a_later_prompt_is_a_step_after_what_was_said() {
        let trajectory = read(&[
            json!({"type": "init", "session_id": "s", "model": "gemini-3.5-pro"}),
            json!({"type": "message", "role": "user", "content": "Fix the parser."}),
            json!({"type": "message", "role": "assistant", "content": "Fixed."}),
            json!({"type": "message", "role": "user", "content": "Now the docs."}),
            json!({"type": "message", "role": "assistant", "content": "Done."}),
        ]);
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        let shown: Vec<(&str, &str)> = trajectory.steps.iter().map(|s| (s.prompt.as_str(), s.thought.as_str())).collect();
        assert_eq!(shown, [("", "Fixed."), ("Now the docs.", ""), ("", "Done.")]);
    }

    #[test]
    fn an_error_ends_the_session_with_its_message() {
        let trajectory = read(&[
            json!({"type": "init", "session_id": "s", "model": "gemini-3.5-pro"}),
            json!({"type": "message", "role": "user", "content": "Fix it."}),
            json!({"type": "result", "status": "error", "error": {"type": "FatalAuthenticationError", "message": "Authentication failed"}, "stats": {"input_tokens": 0, "output_tokens": 0}}),
        ]);
        assert_eq!(trajectory.exit_status.as_deref(), Some("error"));
        assert_eq!(trajectory.steps.len(), 1);
        assert_eq!(trajectory.steps[0].thought, "Gemini CLI stopped: Authentication failed");
        // A warning on the way is no end.
        let warned = read(&[
            json!({"type": "init", "session_id": "s", "model": "gemini-3.5-pro"}),
            json!({"type": "error", "severity": "warning", "message": "Loop detected"}),
            json!({"type": "message", "role": "assistant", "content": "Done."}),
            json!({"type": "result", "status": "success", "stats": {"input_tokens": 5, "output_tokens": 1}}),
        ]);
        let thoughts: Vec<&str> = warned.steps.iter().map(|s| s.thought.as_str()).collect();
        assert_eq!(thoughts, ["Done."]);
    }
}
