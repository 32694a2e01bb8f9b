//! What a rewind left in a Claude Code session file: a prompt typed again after the line an
//! earlier prompt followed takes that earlier prompt back, with its branch
//! ([`super::super::branches`]).

use benchscope_contract::trajectory::transcripts::type_of;
use serde_json::Value;

use super::super::branches::{rewound_in, Link};
use super::super::text;
use super::super::transcripts::TakenBack;
use super::typed::typed;
use super::{blocks, is_no_ones, is_subagents};

/// The lines of a session file a rewind took back: a prompt typed again after the record an
/// earlier prompt followed. A subagent's lines are not its conversation's.
pub fn taken_back(reader: impl std::io::Read) -> TakenBack {
    rewound_in(reader, |line| match is_subagents(line) {
        true => None,
        false => Link::of(line, is_prompt(line)),
    })
}

/// Whether a line is a prompt the person typed: the user's words (Claude Code's own texts in
/// that turn, its notes to the model and a compaction's summary left out), not a call's answer.
fn is_prompt(line: &Value) -> bool {
    if type_of(line) != Some("user") || is_no_ones(line) {
        return false;
    }
    let message = line.get("message").unwrap_or(&Value::Null);
    if let Some(Value::String(words)) = message.get("content") {
        return typed(words).is_some();
    }
    let answers = blocks(message).any(|block| type_of(block) == Some("tool_result"));
    !answers && blocks(message).any(|block| type_of(block) == Some("text") && text(block, "text").as_deref().and_then(typed).is_some())
}

#[cfg(test)]
mod tests {
    use super::super::tests::read;
    use super::*;
    use serde_json::json;

    /// The person rewound to after the tests and typed another prompt: the one taken back and
    /// what the agent did after it stay in the file, on a branch of their own.
    #[test]
    fn a_rewound_sessions_branch_left_behind_is_not_read() {
        let line = |uuid: &str, parent: Option<&str>, kind: &str, message: Value| json!({"parentUuid": parent, "isSidechain": false, "type": kind, "uuid": uuid, "sessionId": "s4", "version": "2.0.76", "message": message});
        let said = |id: &str, words: &str| json!({"id": id, "role": "assistant", "content": [{"type": "text", "text": words}]});
        let lines = [
            line("u1", None, "user", json!({"role": "user", "content": "Fix the parser."})),
            line(
                "a1",
                Some("u1"),
                "assistant",
                json!({"id": "m1", "role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "pytest -q"}}]}),
            ),
            line(
                "r1",
                Some("a1"),
                "user",
                json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "1 failed"}]}),
            ),
            line("u2", Some("r1"), "user", json!({"role": "user", "content": "Rewrite it in Go."})),
            line("a2", Some("u2"), "assistant", said("m2", "Rewriting in Go.")),
            line(
                "u3",
                Some("r1"),
                "user",
                json!({"role": "user", "content": [{"type": "text", "text": "Only the tabs."}]}),
            ),
            line("a3", Some("u3"), "assistant", said("m3", "Tabs done.")),
        ];
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let (trajectory, steps) = read(&text);
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        let shown: Vec<String> = steps.iter().map(|s| format!("{}{}{}", s.prompt, s.thought, s.action)).collect();
        assert_eq!(shown, ["pytest -q", "Only the tabs.", "Tabs done."]);
        assert_eq!(taken_back(text.as_bytes()), TakenBack::from(["u2".to_string(), "a2".to_string()]));
    }
}
