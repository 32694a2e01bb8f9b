//! The chat files Gemini CLI keeps under `~/.gemini/tmp/<project hash>/chats/`, in both shapes
//! it has written: one JSON document, `session-<time>-<id>.json` (`sessionId`, `projectHash`,
//! `startTime`, `lastUpdated`, `messages`), and since then JSON Lines, `session-….jsonl`: that
//! header on the first line, then each message as it is recorded, a message written again
//! whole each time it grows (its tool calls answered, its tokens counted), `{"$set": ...}` for
//! the header's updates and `{"$rewindTo": <id>}` where the user took messages back.
//!
//! A message is the user's (`type: "user"`, the first one the task, a later one a step),
//! Gemini's (`type: "gemini"`, or `"qwen"` in the files Qwen Code kept before its own format: its `thoughts`, each a `subject` and a `description`, its
//! `content`, its `toolCalls` each with its `result`, its `tokens` and `model`), or Gemini CLI's
//! own (`info`, `warning`, `error`). A message is read once its last version is in: when the
//! next message begins, or the file ends.

use std::io::Read;

use benchscope_contract::trajectory::{Edit, Step, TimeSpan, Trajectory};
use serde_json::Value;

use super::super::transcripts::{add_words, words_step, TakenBack};
use super::super::{text, AgentAndModel, StepReader, TrajectoryFormat};
use super::{answered, call_step};

/// The messages of a chat file in JSON Lines that its user took back and did not write again:
/// `{"$rewindTo": <id>}` takes back that message and every message recorded after it (a rewind
/// to a message the file never recorded takes back nothing).
pub fn taken_back(reader: impl Read) -> TakenBack {
    let mut recorded: Vec<String> = Vec::new();
    let mut present = TakenBack::new();
    let mut taken = TakenBack::new();
    let Ok(reader) = crate::input::forgiving(reader) else {
        return taken;
    };
    for line in serde_json::Deserializer::from_reader(reader).into_iter::<Value>() {
        let Ok(line) = line else { break };
        if let Some(back_to) = line.get("$rewindTo").and_then(Value::as_str) {
            if let Some(at) = recorded.iter().position(|id| id == back_to) {
                for id in recorded.drain(at..) {
                    present.remove(&id);
                    taken.insert(id);
                }
            }
        } else if let (Some(id), Some(_)) = (line.get("id").and_then(Value::as_str), line.get("type")) {
            if present.insert(id.to_string()) {
                taken.remove(id);
                recorded.push(id.to_string());
            }
        }
    }
    taken
}

/// The chat file read so far.
#[derive(Default)]
pub struct Session {
    task: Option<String>,
    model: Option<String>,
    /// The message whose last version may be yet to come.
    pending: Option<Value>,
    /// What Gemini said since its last call: the next call's thought, or a step itself.
    said: String,
    tokens: Option<(u64, u64)>,
    calls: u64,
    span: TimeSpan,
    /// Whether the model's messages are Qwen Code's (`type: "qwen"`): the file is its.
    by_qwen_code: bool,
}

impl StepReader for Session {
    fn element(&mut self, key: &str, value: Value, steps: &mut Vec<Step>) {
        if key == "messages" {
            return self.record(value, steps);
        }
        self.line(value, steps);
    }

    fn finish(mut self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        self.flush(steps);
        self.end_words(steps);
        let agent = if self.by_qwen_code { "Qwen Code" } else { "Gemini CLI" };
        let made_by = AgentAndModel::new(Some(agent), None, self.model.as_deref());
        Trajectory {
            task: self.task,
            agent: made_by.agent,
            model: made_by.model,
            tokens_in: self.tokens.map(|t| t.0),
            tokens_out: self.tokens.map(|t| t.1),
            api_calls: (self.calls > 0).then_some(self.calls),
            seconds: self.span.seconds(),
            date: self.span.first_day(),
            ..Trajectory::default()
        }
    }
}

impl Session {
    /// A line of the JSON Lines shape: the header, a message, an update of the header (a rewind's
    /// messages taken back are passed over before, [`taken_back`]).
    fn line(&mut self, line: Value, steps: &mut Vec<Step>) {
        if let Some(start) = line.get("startTime").and_then(Value::as_str) {
            self.span.add(start);
        }
        match line.get("messages").and_then(Value::as_array) {
            // The whole document on one line.
            Some(messages) if line.get("sessionId").is_some() => {
                for message in messages {
                    self.record(message.clone(), steps);
                }
            }
            _ if line.get("type").is_some() && line.get("id").is_some() => self.record(line, steps),
            _ => {}
        }
    }

    /// A message's next version: the one before it is read once another message begins.
    fn record(&mut self, message: Value, steps: &mut Vec<Step>) {
        let same = |pending: &Value| pending.get("id").is_some() && pending.get("id") == message.get("id");
        if !self.pending.as_ref().is_some_and(same) {
            self.flush(steps);
        }
        self.pending = Some(message);
    }

    /// The pending message, read.
    fn flush(&mut self, steps: &mut Vec<Step>) {
        let Some(message) = self.pending.take() else { return };
        if let Some(timestamp) = message.get("timestamp").and_then(Value::as_str) {
            self.span.add(timestamp);
        }
        match text(&message, "type").as_deref() {
            Some("user") => self.prompted(content_text(&message), steps),
            Some("gemini") => self.gemini(&message, steps),
            Some("qwen") => {
                self.by_qwen_code = true;
                self.gemini(&message, steps);
            }
            Some("error") => {
                self.end_words(steps);
                steps.push(words_step(format!("Gemini CLI: {}", content_text(&message))));
            }
            _ => {}
        }
    }

    /// The person's words: the first are the task, later ones a step after what Gemini said.
    fn prompted(&mut self, words: String, steps: &mut Vec<Step>) {
        if words.trim().is_empty() {
            return;
        }
        match self.task {
            None => self.task = Some(words),
            Some(_) => {
                self.end_words(steps);
                steps.push(Step::prompt(words));
            }
        }
    }

    /// Gemini's message: its thoughts and words, then each call with what it returned.
    fn gemini(&mut self, message: &Value, steps: &mut Vec<Step>) {
        self.model = self.model.take().or_else(|| text(message, "model"));
        if let Some(tokens) = message.get("tokens").filter(|t| t.is_object()) {
            let count = |key: &str| tokens.get(key).and_then(Value::as_u64).unwrap_or(0);
            let (sent, answered) = self.tokens.unwrap_or_default();
            self.tokens = Some((sent + count("input"), answered + count("output")));
            self.calls += 1;
        }
        for thought in message.get("thoughts").and_then(Value::as_array).into_iter().flatten() {
            let subject = text(thought, "subject").map(|s| format!("**{s}**")).unwrap_or_default();
            let words = [subject, text(thought, "description").unwrap_or_default()].join(" ");
            add_words(&mut self.said, words.trim());
        }
        add_words(&mut self.said, &content_text(message));
        for call in message.get("toolCalls").and_then(Value::as_array).into_iter().flatten() {
            let (tool, args) = (text(call, "name").unwrap_or_default(), call.get("args").unwrap_or(&Value::Null));
            let mut step = call_step(&tool, args, std::mem::take(&mut self.said));
            answered(&mut step, result_text(call));
            if let Some(edit) = step.edit.as_mut() {
                place_edit(edit, call.get("resultDisplay"));
            }
            steps.push(step);
        }
    }

    fn end_words(&mut self, steps: &mut Vec<Step>) {
        let thought = std::mem::take(&mut self.said);
        if !thought.trim().is_empty() {
            steps.push(words_step(thought));
        }
    }
}

/// A message's `content`: a string, or its parts' texts.
fn content_text(message: &Value) -> String {
    match message.get("content") {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Array(parts)) => parts.iter().filter_map(|p| text(p, "text")).collect::<Vec<_>>().join("\n"),
        _ => String::new(),
    }
}

/// What a call returned: its `functionResponse`'s output (or error), else what Gemini CLI
/// showed of it.
fn result_text(call: &Value) -> String {
    let responses = call.get("result").and_then(Value::as_array).into_iter().flatten();
    let answers: Vec<String> = responses
        .filter_map(|part| part.pointer("/functionResponse/response"))
        .filter_map(response_answer)
        .collect();
    match answers.is_empty() {
        false => answers.join("\n"),
        true => text(call, "resultDisplay").unwrap_or_default(),
    }
}

/// What a `functionResponse`'s `response` answers: its `output`, else its `error`, as text (JSON
/// where it is not a string). Qwen Code's are the same.
pub(crate) fn response_answer(response: &Value) -> Option<String> {
    let answer = response.get("output").or_else(|| response.get("error"))?;
    Some(answer.as_str().map_or_else(|| answer.to_string(), str::to_string))
}

/// Places an edit by what Gemini CLI showed of it: the file before and after
/// (`originalContent`, `newContent`), the whole file's change.
pub(crate) fn place_edit(edit: &mut Edit, shown: Option<&Value>) {
    let Some(after) = shown.and_then(|s| text(s, "newContent")) else {
        return;
    };
    let before = shown.and_then(|s| text(s, "originalContent")).unwrap_or_default();
    (edit.before, edit.after, edit.first_line) = (before, after, Some(1));
}

/// A chat file written as one JSON document, recognized among the trajectory formats.
pub struct GeminiChat;

impl TrajectoryFormat for GeminiChat {
    fn name(&self) -> &'static str {
        super::FORMAT
    }

    fn detect(&self, skeleton: &Value) -> bool {
        skeleton.get("sessionId").is_some_and(Value::is_string)
            && skeleton.get("projectHash").is_some_and(Value::is_string)
            && skeleton.get("messages").is_some_and(Value::is_array)
    }

    fn instance_of(&self, _skeleton: &Value) -> Option<String> {
        None
    }

    fn reader(&self, _skeleton: Value) -> Box<dyn StepReader> {
        Box::<Session>::default()
    }
}

/// Whether a JSON file whose first kilobytes are `head` begins as a chat file: its `sessionId`
/// and `projectHash` before its messages.
pub fn begins_as_chat(head: &str) -> bool {
    let before_messages = head.split("\"messages\"").next().unwrap_or_default();
    before_messages.contains("\"sessionId\"") && before_messages.contains("\"projectHash\"")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    fn read(text: &str, path: &str) -> Trajectory {
        let mut read = super::super::super::read_bytes(text.as_bytes(), Path::new(path)).unwrap();
        assert_eq!(read.len(), 1);
        read.remove(0)
    }

    /// Gemini's message calling the shell and then editing a file, as Gemini CLI records it.
    fn gemini_messages() -> Vec<Value> {
        let shell = json!({"id": "run_shell_command-1", "name": "run_shell_command", "args": {"command": "python -m pytest -q", "description": "Run the tests"},
            "result": [{"functionResponse": {"id": "run_shell_command-1", "name": "run_shell_command", "response": {"output": "Command: python -m pytest -q\nOutput: 1 failed"}}}],
            "status": "success", "timestamp": "2025-11-03T01:41:10.000Z", "displayName": "Shell"});
        let replace = json!({"id": "replace-2", "name": "replace", "args": {"file_path": "/repo/parse.py", "old_string": "split(' ')", "new_string": "split()", "instruction": "accept tabs"},
            "result": [{"functionResponse": {"id": "replace-2", "name": "replace", "response": {"output": "Successfully modified file: /repo/parse.py (1 replacements)."}}}],
            "status": "success", "resultDisplay": {"fileDiff": "...", "fileName": "parse.py", "originalContent": "def parse(t):\n    return t.split(' ')\n", "newContent": "def parse(t):\n    return t.split()\n"}});
        vec![
            json!({"id": "m1", "timestamp": "2025-11-03T01:41:02.940Z", "type": "user", "content": [{"text": "Tabs should split words."}]}),
            json!({"id": "m2", "timestamp": "2025-11-03T01:41:05.000Z", "type": "gemini", "content": "", "thoughts": [{"subject": "Running the tests", "description": "First I see what fails.", "timestamp": "t"}],
                   "toolCalls": [shell, replace], "tokens": {"input": 8000, "output": 50, "cached": 6000, "thoughts": 30, "tool": 0, "total": 8080}, "model": "gemini-2.5-pro"}),
            json!({"id": "m3", "timestamp": "2025-11-03T01:41:30.000Z", "type": "gemini", "content": "Tabs now split words.", "tokens": {"input": 9000, "output": 20}, "model": "gemini-2.5-pro"}),
        ]
    }

    fn check(trajectory: &Trajectory) {
        assert_eq!(trajectory.format, "gemini-cli");
        assert_eq!(trajectory.instance_id, "psf__requests-2317");
        assert_eq!(
            (trajectory.agent.as_deref(), trajectory.model.as_deref()),
            (Some("Gemini CLI"), Some("gemini-2.5-pro"))
        );
        assert_eq!(trajectory.task.as_deref(), Some("Tabs should split words."));
        assert_eq!(
            (trajectory.tokens_in, trajectory.tokens_out, trajectory.api_calls),
            (Some(17000), Some(70), Some(2))
        );
        let shown: Vec<(&str, &str, &str)> = trajectory
            .steps
            .iter()
            .map(|s| (s.thought.as_str(), s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                (
                    "**Running the tests** First I see what fails.",
                    "python -m pytest -q",
                    "Command: python -m pytest -q\nOutput: 1 failed"
                ),
                (
                    "",
                    "replace /repo/parse.py",
                    "Successfully modified file: /repo/parse.py (1 replacements)."
                ),
                ("Tabs now split words.", "", ""),
            ]
        );
        let edit = trajectory.steps[1].edit.as_ref().expect("a replace is an edit");
        assert_eq!(
            (edit.before.as_str(), edit.first_line),
            ("def parse(t):\n    return t.split(' ')\n", Some(1)),
            "the whole file, before"
        );
    }

    const PATH: &str = "runs/psf__requests-2317/chats/session-2025-11-03T01-41-264c12b1.json";

    #[test]
    fn a_chat_file_of_one_document_reads_as_its_calls_with_what_they_returned() {
        let document = json!({"sessionId": "264c12b1-9b6d-47c8-887f-9e008bd15f64", "projectHash": "0222678ae1d5", "startTime": "2025-11-03T01:41:02.940Z",
                              "lastUpdated": "2025-11-03T01:41:30.000Z", "messages": gemini_messages()});
        let trajectory = read(&serde_json::to_string_pretty(&document).unwrap(), PATH);
        check(&trajectory);
        assert!(trajectory.seconds.is_some_and(|s| (s - 27.06).abs() < 0.01));
    }

    /// Qwen Code kept Gemini CLI's chat file, its model's messages typed `qwen`, until late 2025.
    #[test]
    fn qwen_codes_chat_file_of_before_its_own_format_reads_the_same() {
        let mut messages = gemini_messages();
        for message in &mut messages[1..] {
            message["type"] = json!("qwen");
            message["model"] = json!("qwen3-coder-plus");
        }
        let document = json!({"sessionId": "264c12b1", "projectHash": "0222678ae1d5", "messages": messages});
        let trajectory = read(&document.to_string(), PATH);
        assert_eq!(
            (trajectory.agent.as_deref(), trajectory.model.as_deref()),
            (Some("Qwen Code"), Some("qwen3-coder-plus"))
        );
        assert_eq!(trajectory.steps.len(), 3, "its calls and its last words");
        assert_eq!(trajectory.steps[2].thought, "Tabs now split words.");
    }

    #[test]
    fn a_later_prompt_is_a_step_in_its_place() {
        let mut messages = gemini_messages();
        let later = json!({"id": "m5", "timestamp": "2025-11-03T01:41:40.000Z", "type": "user", "content": [{"text": "Now the docs."}]});
        let answer = json!({"id": "m6", "timestamp": "2025-11-03T01:41:45.000Z", "type": "gemini", "content": "The docs say so now."});
        messages.extend([later, answer]);
        let document =
            json!({"sessionId": "264c12b1", "projectHash": "0222678ae1d5", "startTime": "2025-11-03T01:41:02.940Z", "messages": messages});
        let trajectory = read(&document.to_string(), PATH);
        assert_eq!(trajectory.task.as_deref(), Some("Tabs should split words."));
        let last: Vec<(&str, &str)> = trajectory.steps[2..]
            .iter()
            .map(|s| (s.prompt.as_str(), s.thought.as_str()))
            .collect();
        assert_eq!(
            last,
            [("", "Tabs now split words."), ("Now the docs.", ""), ("", "The docs say so now.")]
        );
    }

    #[test]
    fn a_chat_file_in_json_lines_reads_each_message_at_its_last_version() {
        let messages = gemini_messages();
        let mut first_version = messages[1].clone();
        first_version["toolCalls"] = json!([]);
        first_version.as_object_mut().unwrap().remove("tokens");
        let taken_back = json!({"id": "m9", "timestamp": "2025-11-03T01:41:20.000Z", "type": "user", "content": "a prompt taken back"});
        let lines = [
            json!({"sessionId": "264c12b1-9b6d-47c8-887f-9e008bd15f64", "projectHash": "0222678ae1d5", "startTime": "2025-11-03T01:41:02.940Z", "lastUpdated": "2025-11-03T01:41:02.940Z"}),
            messages[0].clone(),
            first_version,
            messages[1].clone(),
            json!({"$set": {"lastUpdated": "2025-11-03T01:41:06.000Z"}}),
            taken_back,
            json!({"$rewindTo": "m9"}),
            json!({"id": "m4", "timestamp": "2025-11-03T01:41:25.000Z", "type": "info", "content": "Request cancelled."}),
            messages[2].clone(),
        ];
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        check(&read(&text, &format!("{PATH}l")));
    }

    /// The user went back to an earlier prompt (Gemini CLI's `/rewind`) after Gemini had answered
    /// it and worked on: that prompt and all after it are taken back, and what was recorded after
    /// the rewind is the conversation.
    #[test]
    fn a_rewind_takes_back_the_message_and_all_after_it() {
        let messages = gemini_messages();
        let wrong = json!({"id": "m5", "timestamp": "2025-11-03T01:41:40.000Z", "type": "user", "content": "Now rewrite it in Go."});
        let answer = json!({"id": "m6", "timestamp": "2025-11-03T01:41:45.000Z", "type": "gemini", "content": "Rewriting in Go.", "tokens": {"input": 5, "output": 5}, "model": "gemini-2.5-pro"});
        let again = json!({"id": "m7", "timestamp": "2025-11-03T01:42:00.000Z", "type": "user", "content": "Now the docs."});
        let header = json!({"sessionId": "264c12b1", "projectHash": "0222678ae1d5", "startTime": "2025-11-03T01:41:02.940Z"});
        let lines = [
            header,
            messages[0].clone(),
            messages[1].clone(),
            messages[2].clone(),
            wrong,
            answer,
            json!({"$rewindTo": "m5"}),
            json!({"$rewindTo": "never-recorded"}),
            again,
        ];
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        let trajectory = read(&text, &format!("{PATH}l"));
        let prompts: Vec<&str> = trajectory
            .steps
            .iter()
            .map(|s| s.prompt.as_str())
            .filter(|p| !p.is_empty())
            .collect();
        assert_eq!(prompts, ["Now the docs."]);
        assert!(
            trajectory.steps.iter().all(|s| !s.thought.contains("Go")),
            "its answer taken back too"
        );
        assert_eq!(trajectory.api_calls, Some(2), "the calls of the conversation kept");
        assert_eq!(taken_back(text.as_bytes()), TakenBack::from(["m5".to_string(), "m6".to_string()]));
    }
}
