//! What `opencode export <session>` writes: one JSON document, the session's `info` (its `id`,
//! `ses_…`, and the `version` of OpenCode that ran it) and its `messages`, each its own `info`
//! (`role`, `modelID`, `time`, an `error` it ended on, its `tokens` and `cost`) and its `parts`.

use benchscope_contract::trajectory::{Step, Trajectory};
use serde_json::Value;

use super::super::{text, AgentAndModel, StepReader, TrajectoryFormat};
use super::{Parts, FORMAT};

/// The format.
pub struct OpenCodeExport;

impl TrajectoryFormat for OpenCodeExport {
    fn name(&self) -> &'static str {
        FORMAT
    }

    /// A session's `info` with its `id`, and `messages` each of an `info` and `parts`.
    fn detect(&self, skeleton: &Value) -> bool {
        let is_message = |m: &Value| m.get("info").is_some_and(Value::is_object) && m.get("parts").is_some_and(Value::is_array);
        let session = skeleton.pointer("/info/id").and_then(Value::as_str);
        match (session, skeleton.get("messages").and_then(Value::as_array)) {
            (Some(session), Some(messages)) => messages.first().map_or(session.starts_with("ses_"), is_message),
            _ => false,
        }
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(Export {
            version: skeleton.pointer("/info/version").and_then(Value::as_str).map(str::to_string),
            parts: Parts::default(),
            fallback_tokens: Parts::default(),
        })
    }

    fn agent_of(&self, skeleton: &Value) -> AgentAndModel {
        AgentAndModel::new(Some("OpenCode"), skeleton.pointer("/info/version").and_then(Value::as_str), None)
    }
}

/// Whether a JSON file whose first kilobytes are `head` begins as an export: its first field the
/// session's `info`, naming a session (`ses_…`).
pub fn begins_as_export(head: &str) -> bool {
    let first_key = head.trim_start().strip_prefix('{').map(str::trim_start);
    first_key.is_some_and(|rest| rest.starts_with("\"info\"")) && head.contains("\"ses_")
}

/// The messages read so far.
struct Export {
    version: Option<String>,
    parts: Parts,
    /// The messages' own counts of tokens and cost, for an export whose parts hold none.
    fallback_tokens: Parts,
}

impl StepReader for Export {
    fn element(&mut self, key: &str, message: Value, steps: &mut Vec<Step>) {
        if key != "messages" {
            return;
        }
        let info = message.get("info").unwrap_or(&Value::Null);
        for key in ["created", "completed"] {
            if let Some(milliseconds) = info.pointer(&format!("/time/{key}")).and_then(Value::as_f64) {
                self.parts.span.add_seconds(milliseconds / 1000.0);
            }
        }
        let parts = message
            .get("parts")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        if text(info, "role").as_deref() == Some("user") {
            return self.parts.prompted(parts, steps);
        }
        if self.parts.model.is_none() {
            self.parts.model = text(info, "modelID");
        }
        self.fallback_tokens.model_answered(info);
        parts.iter().for_each(|part| self.parts.part(part, steps));
        if let Some(error) = info.get("error").filter(|e| !e.is_null()) {
            self.parts.stopped(error, steps);
        }
        if let Some(reason) = text(info, "finish") {
            self.parts.last_reason = Some(reason);
        }
    }

    fn finish(mut self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        if self.parts.model_calls == 0 {
            let fallback = &self.fallback_tokens;
            (self.parts.tokens, self.parts.cost, self.parts.model_calls) = (fallback.tokens, fallback.cost, fallback.model_calls);
        }
        let version = self.version.take();
        self.parts.finish(version.as_deref(), steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    fn read(document: &Value) -> Trajectory {
        let text = serde_json::to_string_pretty(document).unwrap();
        let mut read = super::super::super::read_bytes(text.as_bytes(), Path::new("o__r-1.json")).unwrap();
        assert_eq!(read.len(), 1);
        read.remove(0)
    }

    fn message(role: &str, id: &str, created: u64, extra: Value, parts: Value) -> Value {
        let mut info = json!({"id": id, "sessionID": "ses_1", "role": role, "time": {"created": created}});
        info.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        json!({"info": info, "parts": parts})
    }

    /// An export as `opencode export` writes it: the person's prompt (without the file OpenCode
    /// attached to it), the model's parts, the version and model that ran it.
    #[test]
    fn an_export_reads_as_its_prompt_and_its_calls() {
        let finish = json!({"type": "step-finish", "reason": "stop", "cost": 0.5, "tokens": {"input": 10, "output": 2, "reasoning": 0, "cache": {"read": 0, "write": 0}}});
        let document = json!({
            "info": {"id": "ses_1", "version": "1.0.150", "projectID": "p", "directory": "/testbed", "title": "Fix the parser", "time": {"created": 1_767_000_000_000_u64, "updated": 1_767_000_090_000_u64}},
            "messages": [
                message("user", "msg_1", 1_767_000_000_000, json!({"agent": "build"}), json!([
                    {"type": "text", "text": "Fix the parser."},
                    {"type": "text", "synthetic": true, "text": "Called the Read tool with the following input: ..."},
                    {"type": "file", "mime": "text/plain", "url": "file:///testbed/p.py"}
                ])),
                message("assistant", "msg_2", 1_767_000_001_000,
                    json!({"modelID": "claude-sonnet-4-5", "providerID": "anthropic", "cost": 0.5, "tokens": {"input": 10, "output": 2}, "time": {"created": 1_767_000_001_000_u64, "completed": 1_767_000_031_000_u64}, "finish": "stop"}),
                    json!([
                        {"type": "step-start"},
                        {"type": "text", "text": "Looking."},
                        {"type": "tool", "callID": "c1", "tool": "list", "state": {"status": "completed", "input": {"path": "/testbed"}, "output": "p.py"}},
                        finish
                    ])),
                message("user", "msg_3", 1_767_000_040_000, json!({}), json!([{"type": "text", "text": "Now the docs."}])),
                message("assistant", "msg_4", 1_767_000_041_000,
                    json!({"modelID": "claude-sonnet-4-5", "error": {"name": "MessageAbortedError", "data": {"message": "Aborted"}}}),
                    json!([{"type": "tool", "callID": "c2", "tool": "bash", "state": {"status": "running", "input": {"command": "make docs"}}}])),
            ]
        });
        let trajectory = read(&document);
        assert_eq!(trajectory.format, "opencode");
        assert_eq!(
            (trajectory.agent.as_deref(), trajectory.model.as_deref()),
            (Some("OpenCode 1.0.150"), Some("claude-sonnet-4-5"))
        );
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        assert_eq!(
            (trajectory.tokens_in, trajectory.tokens_out, trajectory.cost),
            (Some(10), Some(2), Some(0.5))
        );
        assert_eq!((trajectory.exit_status.as_deref(), trajectory.seconds), (Some("error"), Some(41.0)));
        let shown: Vec<(&str, &str, &str, &str)> = trajectory
            .steps
            .iter()
            .map(|s| (s.prompt.as_str(), s.thought.as_str(), s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("", "Looking.", "list /testbed", "p.py"),
                ("Now the docs.", "", "", ""),
                ("", "", "make docs", ""),
                ("", "OpenCode stopped: Aborted", "", ""),
            ]
        );
    }

    /// An export whose parts count no tokens (an older OpenCode's) is counted by its messages'.
    #[test]
    fn an_export_without_step_parts_is_counted_by_its_messages() {
        let document = json!({
            "info": {"id": "ses_2"},
            "messages": [
                message("assistant", "msg_1", 1, json!({"modelID": "gpt-5", "cost": 0.1, "tokens": {"input": 7, "output": 3, "reasoning": 1, "cache": {"read": 3, "write": 0}}}), json!([{"type": "text", "text": "Hi."}])),
                message("assistant", "msg_2", 2, json!({"modelID": "gpt-5", "cost": 0.2, "tokens": {"input": 1, "output": 1}}), json!([])),
            ]
        });
        let trajectory = read(&document);
        assert_eq!(
            (trajectory.tokens_in, trajectory.tokens_out, trajectory.api_calls),
            (Some(11), Some(5), Some(2))
        );
        assert!((trajectory.cost.unwrap() - 0.3).abs() < 1e-9);
    }

    #[test]
    fn an_export_is_told_by_its_head() {
        assert!(begins_as_export("{\n  \"info\": {\n    \"id\": \"ses_4947\","));
        assert!(!begins_as_export("{\"instance_id\": \"ses_1\", \"info\": {}}"));
        assert!(!begins_as_export("{\"info\": {\"id\": \"run-1\"}}"));
    }
}
