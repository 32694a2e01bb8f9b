//! Qwen Code's session files, `~/.qwen/projects/<working folder>/chats/<session>.jsonl` (in
//! releases of late 2025 under `~/.qwen/tmp/<project hash>/chats/`): a record a line, each naming
//! its session (`sessionId`), itself (`uuid`) and the record before it (`parentUuid`), of a
//! `type`: the person's words (`user`), the model's answer (`assistant`: its `message` in
//! Gemini's shape, `parts` of `text`, thought text and `functionCall`s, with its `usageMetadata`
//! and `model`), what a call returned (`tool_result`: its `functionResponse` and Qwen Code's
//! `toolCallResult`, whose `resultDisplay` holds an edit's file before and after), or Qwen
//! Code's own bookkeeping (`system`, told by its `subtype`). Before those files Qwen Code kept
//! Gemini CLI's chat document, read by [`super::gemini::session`].
//!
//! A conversation rewound goes on from an earlier record, so the records after that one stay in
//! the file on a branch of their own, passed over ([`taken_back`]). A subagent's records
//! (`isSidechain`) are its own conversation, which the session shows as what its call returned.

use std::io::Read;

use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::{Step, TimeSpan, Trajectory};
use serde_json::Value;

use super::branches::{rewound_in, Link};
use super::gemini::session::{place_edit, response_answer};
use super::gemini::{answered, call_step};
use super::transcripts::TakenBack;
use super::turns::Turns;
use super::{text, AgentAndModel, StepReader};

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "qwen-code";

/// A reader of a session file's records.
pub fn reader() -> Box<dyn StepReader> {
    Box::<Session>::default()
}

/// The records of a session file a rewind took back ([`super::branches`]): a subagent's
/// records are not its conversation's.
pub fn taken_back(reader: impl Read) -> TakenBack {
    rewound_in(reader, |record| match is_subagents(record) {
        true => None,
        false => Link::of(record, type_of(record) == Some("user") && is_persons(record)),
    })
}

/// Whether `record` is a subagent's (on a side chain of the session).
fn is_subagents(record: &Value) -> bool {
    record.get("isSidechain").and_then(Value::as_bool) == Some(true)
}

/// The session read so far.
#[derive(Default)]
struct Session {
    turns: Turns,
    model: Option<String>,
    version: Option<String>,
    tokens: Option<(u64, u64)>,
    calls: u64,
    span: TimeSpan,
}

impl StepReader for Session {
    fn element(&mut self, _key: &str, record: Value, steps: &mut Vec<Step>) {
        if is_subagents(&record) {
            return;
        }
        if let Some(timestamp) = record.get("timestamp").and_then(Value::as_str) {
            self.span.add(timestamp);
        }
        if self.version.is_none() {
            self.version = text(&record, "version");
        }
        match type_of(&record) {
            Some("user") if is_persons(&record) => self.turns.prompted(parts_text(&record), steps),
            Some("assistant") => self.answered(&record, steps),
            Some("tool_result") => self.returned(&record, steps),
            Some("system") => self.noted(&record, steps),
            _ => {}
        }
    }

    fn finish(self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        let made_by = AgentAndModel::new(Some("Qwen Code"), self.version.as_deref(), self.model.as_deref());
        Trajectory {
            task: self.turns.finish(steps),
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
    /// The model's answer: its thoughts and words, then each call, waiting for what it returns.
    /// Its tokens are what it was sent and what it wrote, its thoughts among them.
    fn answered(&mut self, record: &Value, steps: &mut Vec<Step>) {
        self.model = self.model.take().or_else(|| text(record, "model"));
        if let Some(usage) = record.get("usageMetadata").filter(|u| u.is_object()) {
            let count = |key: &str| usage.get(key).and_then(Value::as_u64).unwrap_or(0);
            let (sent, written) = self.tokens.unwrap_or_default();
            self.tokens = Some((
                sent + count("promptTokenCount"),
                written + count("candidatesTokenCount") + count("thoughtsTokenCount"),
            ));
            self.calls += 1;
        }
        for part in parts(record) {
            if let Some(call) = part.get("functionCall") {
                let (tool, args) = (text(call, "name").unwrap_or_default(), call.get("args").unwrap_or(&Value::Null));
                self.turns.call(text(call, "id"), |thought| call_step(&tool, args, thought), steps);
            } else if let Some(words) = part.get("text").and_then(Value::as_str) {
                self.turns.say(words);
            }
        }
    }

    /// What calls returned, each to the step that waits for it.
    fn returned(&mut self, record: &Value, steps: &mut Vec<Step>) {
        let result = record.get("toolCallResult").unwrap_or(&Value::Null);
        let shown = result.get("resultDisplay");
        let cancelled = text(result, "status").as_deref() == Some("cancelled");
        let responses: Vec<&Value> = parts(record).filter_map(|part| part.get("functionResponse")).collect();
        let answers: Vec<(Option<String>, String)> = match responses.is_empty() {
            false => responses
                .iter()
                .map(|r| (text(r, "id"), response_text(r.get("response"))))
                .collect(),
            true => vec![(None, String::new())],
        };
        for (call, mut answer) in answers {
            let Some(call) = call.or_else(|| text(result, "callId")) else {
                continue;
            };
            if answer.is_empty() {
                answer = shown.and_then(Value::as_str).map(str::to_string).unwrap_or_default();
            }
            if answer.is_empty() && cancelled {
                answer = "(cancelled)".to_string();
            }
            let fill = |step: &mut Step| {
                if let Some(edit) = step.edit.as_mut() {
                    place_edit(edit, shown);
                }
                answered(step, answer);
            };
            self.turns.answer(&call, fill, steps);
        }
    }

    /// Qwen Code's own records: of these only a slash command typed and not sent to the model
    /// as the person's words is the person's (`/compress`).
    fn noted(&mut self, record: &Value, steps: &mut Vec<Step>) {
        if text(record, "subtype").as_deref() != Some("slash_command") {
            return;
        }
        let payload = record.get("systemPayload").unwrap_or(&Value::Null);
        let flag = |key: &str| payload.get(key).and_then(Value::as_bool) == Some(true);
        let invoked = text(payload, "phase").as_deref() == Some("invocation");
        if invoked && !flag("sentToModel") && !flag("hiddenInvocation") {
            self.turns.prompted(text(payload, "rawCommand").unwrap_or_default(), steps);
        }
    }
}

/// Whether a `user` record holds the person's words, rather than a notice Qwen Code gave the
/// model in the person's turn (a background task done, a goal's check).
fn is_persons(record: &Value) -> bool {
    let typed = matches!(text(record, "subtype").as_deref(), None | Some("mid_turn_user_message"));
    let provenance = text(record, "provenance");
    typed && provenance.as_deref().is_none_or(|p| p == "real_user")
}

/// A record's message's parts.
fn parts(record: &Value) -> impl Iterator<Item = &Value> {
    record.pointer("/message/parts").and_then(Value::as_array).into_iter().flatten()
}

/// The texts of a record's message, thoughts left out.
fn parts_text(record: &Value) -> String {
    let is_thought = |part: &&Value| part.get("thought").and_then(Value::as_bool) == Some(true);
    let texts: Vec<&str> = parts(record)
        .filter(|p| !is_thought(p))
        .filter_map(|p| p.get("text")?.as_str())
        .collect();
    texts.join("\n")
}

/// What a `functionResponse` says: its `output`, else its `error`, else the whole response.
fn response_text(response: Option<&Value>) -> String {
    match response {
        Some(Value::String(text)) => text.clone(),
        Some(response) => response_answer(response).unwrap_or_else(|| match response.as_object() {
            Some(fields) if !fields.is_empty() => response.to_string(),
            _ => String::new(),
        }),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    fn read(records: &[Value]) -> Trajectory {
        let text: String = records.iter().map(|record| format!("{record}\n")).collect();
        let mut read = super::super::read_bytes(text.as_bytes(), Path::new("o__r-1.jsonl")).unwrap();
        assert_eq!(read.len(), 1);
        read.remove(0)
    }

    /// A record as Qwen Code 0.24 writes it: `uuid` and `parentUuid` chain it after `parent`.
    fn record(uuid: &str, parent: Option<&str>, kind: &str, fields: Value) -> Value {
        let mut record = json!({
            "uuid": uuid, "parentUuid": parent, "sessionId": "e5f6a7b8-4444-4000-8000-000000000011",
            "timestamp": "2026-10-01T10:00:09.000Z", "type": kind,
            "cwd": "/testbed", "version": "0.24.7", "gitBranch": "main",
        });
        record.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
        record
    }

    fn user(uuid: &str, parent: Option<&str>, words: &str) -> Value {
        record(
            uuid,
            parent,
            "user",
            json!({"message": {"role": "user", "parts": [{"text": words}]}}),
        )
    }

    fn call(uuid: &str, parent: &str, id: &str, name: &str, args: Value) -> Value {
        let message = json!({"role": "model", "parts": [{"text": "Looking.", "thought": true}, {"functionCall": {"id": id, "name": name, "args": args}}]});
        let usage = json!({"promptTokenCount": 200, "candidatesTokenCount": 30, "thoughtsTokenCount": 5, "totalTokenCount": 235});
        record(
            uuid,
            Some(parent),
            "assistant",
            json!({"model": "qwen3-coder-plus", "message": message, "usageMetadata": usage}),
        )
    }

    fn answer(uuid: &str, parent: &str, id: &str, name: &str, response: Value, result: Value) -> Value {
        let message = json!({"role": "user", "parts": [{"functionResponse": {"id": id, "name": name, "response": response}}]});
        let mut result = result;
        result["callId"] = json!(id);
        record(
            uuid,
            Some(parent),
            "tool_result",
            json!({"message": message, "toolCallResult": result}),
        )
    }

    #[test]
    fn a_session_reads_as_its_calls_with_what_they_returned() {
        let shell_output = "Command: python -m pytest -q\nDirectory: (root)\nOutput: 1 failed\nError: (none)\nExit Code: 1\nSignal: (none)";
        let diff = json!({"fileDiff": "@@ -1 +1 @@", "fileName": "parse.py", "originalContent": "a = ' '\n", "newContent": "a = ' \\t'\n"});
        let trajectory = read(&[
            record(
                "s1",
                None,
                "system",
                json!({"subtype": "ui_telemetry", "systemPayload": {"uiEvent": {}}}),
            ),
            user("u1", Some("s1"), "Fix the parser."),
            call("a1", "u1", "call_1", "run_shell_command", json!({"command": "python -m pytest -q"})),
            answer(
                "t1",
                "a1",
                "call_1",
                "run_shell_command",
                json!({"output": shell_output}),
                json!({"status": "error"}),
            ),
            call(
                "a2",
                "t1",
                "call_2",
                "edit",
                json!({"file_path": "/testbed/parse.py", "old_string": "' '", "new_string": "' \\t'"}),
            ),
            answer(
                "t2",
                "a2",
                "call_2",
                "edit",
                json!({"output": "The file was edited."}),
                json!({"status": "success", "resultDisplay": diff}),
            ),
            record(
                "a3",
                Some("t2"),
                "assistant",
                json!({"message": {"role": "model", "parts": [{"text": "Done."}]}}),
            ),
        ]);
        assert_eq!(trajectory.format, "qwen-code");
        assert_eq!(trajectory.agent.as_deref(), Some("Qwen Code 0.24.7"));
        assert_eq!(trajectory.model.as_deref(), Some("qwen3-coder-plus"));
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        assert_eq!(
            (trajectory.tokens_in, trajectory.tokens_out, trajectory.api_calls),
            (Some(400), Some(70), Some(2))
        );
        let shown: Vec<(&str, &str, Option<i64>)> = trajectory
            .steps
            .iter()
            .map(|s| (s.thought.as_str(), s.action.as_str(), s.returncode))
            .collect();
        assert_eq!(
            shown,
            [
                ("Looking.", "python -m pytest -q", Some(1)),
                ("Looking.", "edit /testbed/parse.py", None),
                ("Done.", "", None)
            ]
        );
        assert_eq!(trajectory.steps[0].observation, shell_output);
        let edit = trajectory.steps[1].edit.as_ref().expect("the edit");
        assert_eq!(
            (edit.before.as_str(), edit.after.as_str(), edit.first_line),
            ("a = ' '\n", "a = ' \\t'\n", Some(1))
        );
    }

    #[test]
    fn later_words_are_prompts_and_notices_are_not() {
        let notice = json!({"subtype": "notification", "provenance": "system", "message": {"role": "user", "parts": [{"text": "Background task done."}]}});
        let command = json!({"subtype": "slash_command", "systemPayload": {"phase": "invocation", "rawCommand": "/compress"}});
        let result = json!({"subtype": "slash_command", "systemPayload": {"phase": "result", "rawCommand": "/compress"}});
        let trajectory = read(&[
            user("u1", None, "Fix the parser."),
            record(
                "a1",
                Some("u1"),
                "assistant",
                json!({"message": {"role": "model", "parts": [{"text": "Fixed."}]}}),
            ),
            record("n1", Some("a1"), "user", notice),
            record("c1", Some("n1"), "system", command),
            record("c2", Some("c1"), "system", result),
            user("u2", Some("c2"), "Now the docs."),
        ]);
        let shown: Vec<(&str, &str)> = trajectory.steps.iter().map(|s| (s.prompt.as_str(), s.thought.as_str())).collect();
        assert_eq!(shown, [("", "Fixed."), ("/compress", ""), ("Now the docs.", "")]);
    }

    #[test]
    fn a_rewound_branch_is_left_out() {
        let records = [
            user("u1", None, "Fix the parser."),
            record(
                "a1",
                Some("u1"),
                "assistant",
                json!({"message": {"role": "model", "parts": [{"text": "Rewriting it all."}]}}),
            ),
            user("u2", Some("a1"), "No, only the tabs."),
            record(
                "a2",
                Some("u2"),
                "assistant",
                json!({"message": {"role": "model", "parts": [{"text": "Reverting."}]}}),
            ),
            // Rewound to before the second prompt.
            user("u3", Some("a1"), "Keep it, and add tabs."),
            record(
                "x1",
                Some("u3"),
                "assistant",
                json!({"isSidechain": true, "message": {"role": "model", "parts": [{"text": "A subagent."}]}}),
            ),
            record(
                "a3",
                Some("u3"),
                "assistant",
                json!({"message": {"role": "model", "parts": [{"text": "Added."}]}}),
            ),
        ];
        let text: String = records.iter().map(|record| format!("{record}\n")).collect();
        let back = taken_back(text.as_bytes());
        assert_eq!(back, TakenBack::from(["u2".to_string(), "a2".to_string()]));
        let trajectory = read(&records);
        let thoughts: Vec<String> = trajectory.steps.iter().map(|s| format!("{}{}", s.prompt, s.thought)).collect();
        assert_eq!(thoughts, ["Rewriting it all.", "Keep it, and add tabs.", "Added."]);
    }

    #[test]
    fn a_call_answered_by_its_display_alone_or_cancelled_says_so() {
        let trajectory = read(&[
            user("u1", None, "Look."),
            call("a1", "u1", "c1", "read_file", json!({"absolute_path": "/testbed/README.md"})),
            answer(
                "t1",
                "a1",
                "c1",
                "read_file",
                json!({}),
                json!({"status": "success", "resultDisplay": "Read README.md"}),
            ),
            call("a2", "t1", "c2", "run_shell_command", json!({"command": "rm -rf build"})),
            answer("t2", "a2", "c2", "run_shell_command", json!({}), json!({"status": "cancelled"})),
        ]);
        let shown: Vec<(&str, &str)> = trajectory
            .steps
            .iter()
            .map(|s| (s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(
            shown,
            [("read_file /testbed/README.md", "Read README.md"), ("rm -rf build", "(cancelled)")]
        );
    }
}
