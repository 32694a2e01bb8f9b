//! Claude Code's transcripts told from other JSON Lines by their first lines, for the CLI, which
//! reads them, and the page, which names them when one is dropped on it.
//!
//! Two shapes share the lines: what `claude -p --output-format stream-json --verbose` prints (a
//! `system` line `init`, then `assistant` and `user` lines, `stream_event`s with
//! `--include-partial-messages`, and a closing `result`), and the session files Claude Code keeps
//! under `~/.claude/projects/` (`user` and `assistant` lines, after a `summary` or a
//! `file-history-snapshot`). Every line that belongs to the conversation names its session:
//! `session_id` in the first shape, `sessionId` in the second.

use serde_json::Value;

/// The lines that name the session and are Claude Code's own.
const EVENT_TYPES: [&str; 5] = ["system", "user", "assistant", "result", "stream_event"];

/// How many lines of bookkeeping (`summary`, `file-history-snapshot`, ...) may come before the
/// first that names the session.
pub const MOST_LEADING_LINES: usize = 64;

/// The session a line names (`session_id`, or a session file's `sessionId`).
pub fn session_of(line: &Value) -> Option<&str> {
    line.get("session_id").or_else(|| line.get("sessionId")).and_then(Value::as_str)
}

/// A line's `type`.
pub fn type_of(line: &Value) -> Option<&str> {
    line.get("type").and_then(Value::as_str)
}

/// Whether `lines` (a file's first records, in order) begin a Claude Code transcript: every line
/// has a `type`, and the first that names a session is one of Claude Code's events.
pub fn begins_transcript<'a>(lines: impl IntoIterator<Item = &'a Value>) -> bool {
    for line in lines.into_iter().take(MOST_LEADING_LINES) {
        let Some(kind) = type_of(line) else { return false };
        if session_of(line).is_some() {
            return EVENT_TYPES.contains(&kind);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_transcript_begins_with_claude_codes_events_after_its_bookkeeping() {
        let init = json!({"type": "system", "subtype": "init", "session_id": "s", "model": "claude-sonnet-4-5"});
        assert!(begins_transcript([&init]));
        let summary = json!({"type": "summary", "summary": "Fix the bug", "leafUuid": "u"});
        let user = json!({"type": "user", "sessionId": "s", "message": {"role": "user", "content": "Fix it"}});
        assert!(begins_transcript([&summary, &user]));
    }

    #[test]
    fn other_json_lines_are_no_transcript() {
        let prediction = json!({"instance_id": "a__b-1", "model_patch": "", "model_name_or_path": "m"});
        assert!(!begins_transcript([&prediction]));
        let summary = json!({"type": "summary", "summary": "only bookkeeping"});
        assert!(!begins_transcript([&summary]));
        let other_session = json!({"type": "message", "session_id": "s"});
        assert!(!begins_transcript([&other_session]));
        assert!(!begins_transcript([]));
    }
}
