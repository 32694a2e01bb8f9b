//! Agents' transcripts told from other JSON Lines by their first lines, for the CLI, which reads
//! them, and the page, which names them when one is dropped on it. A transcript is one session
//! of a coding agent's command-line tool, a line an event.
//!
//! - **Claude Code**: what `claude -p --output-format stream-json --verbose` prints (a `system`
//!   line `init`, then `assistant` and `user` lines, `stream_event`s with
//!   `--include-partial-messages`, and a closing `result`), and the session files Claude Code
//!   keeps under `~/.claude/projects/` (`user` and `assistant` lines, after a `summary` or a
//!   `file-history-snapshot`). Every line of the conversation names its session: `session_id`
//!   in the first shape, `sessionId` in the second.
//! - **Codex**: what `codex exec --json` prints: `thread.started` (its `thread_id`),
//!   `turn.started`, each item's `item.started`, `item.updated` and `item.completed`, and
//!   `turn.completed` with the turn's `usage` (or `turn.failed`); and the session files Codex
//!   keeps under `~/.codex/sessions/` (`rollout-….jsonl`): a `session_meta` line, then
//!   `response_item`, `event_msg` and `turn_context` lines, each holding its `payload`. Those of
//!   mid-2025 begin with a bare header (`id`, `timestamp`), then `{"record_type": "state"}`
//!   markers and the response items themselves, unwrapped. Before Codex 0.44, `codex exec --json`
//!   printed its configuration and the prompt, then each event as `{"id", "msg": {"type", ...}}`.
//! - **Gemini CLI**: what `gemini --output-format stream-json` prints: `init` (its `session_id`
//!   and `model`), `message`, `tool_use`, `tool_result`, `error` and a closing `result`; and the
//!   chat files it keeps under `~/.gemini/tmp/`, in JSON Lines: a header naming the session and
//!   the project (`sessionId`, `projectHash`), then its messages.
//! - **Cursor CLI**: what `cursor-agent -p --output-format stream-json` prints: Claude Code's
//!   lines in shape, but its calls on lines of their own (`tool_call`), and an `init` that names
//!   no version and no tools.
//! - **Qwen Code**: the session files it keeps under `~/.qwen/`, a record a line, each naming
//!   the session (`sessionId`) and of a `type` as Claude Code's are (`user`, `assistant`,
//!   `system`, and `tool_result`), but its messages in Gemini's shape (`parts`) and its own
//!   records' contents in a `systemPayload`.
//! - **OpenCode**: what `opencode run --format json` prints: a line for each part of the
//!   session's messages once it is complete (`step_start`, `text`, `reasoning`, `tool_use`,
//!   `step_finish`) and for each `error`, every line naming the session (`sessionID`).

use serde_json::Value;

/// The agents whose transcripts are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TranscriptAgent {
    /// Anthropic's Claude Code.
    ClaudeCode,
    /// OpenAI's Codex CLI.
    Codex,
    /// Google's Gemini CLI.
    GeminiCli,
    /// Alibaba's Qwen Code.
    QwenCode,
    /// Cursor's agent CLI.
    CursorCli,
    /// OpenCode, the open-source coding agent (`opencode`).
    OpenCode,
}

impl TranscriptAgent {
    /// The agent's name, as its vendor writes it.
    pub fn name(self) -> &'static str {
        match self {
            TranscriptAgent::ClaudeCode => "Claude Code",
            TranscriptAgent::Codex => "Codex",
            TranscriptAgent::GeminiCli => "Gemini CLI",
            TranscriptAgent::QwenCode => "Qwen Code",
            TranscriptAgent::CursorCli => "Cursor CLI",
            TranscriptAgent::OpenCode => "OpenCode",
        }
    }
}

/// How many lines are read to tell a transcript: Claude Code's bookkeeping (`summary`,
/// `file-history-snapshot`, ...) may come before the first line that names the session.
pub const MOST_LEADING_LINES: usize = 64;

/// The Claude Code lines that name the session.
const CLAUDE_CODE_EVENTS: [&str; 5] = ["system", "user", "assistant", "result", "stream_event"];

/// The events `codex exec --json` prints.
const CODEX_EVENTS: [&str; 8] = [
    "thread.started",
    "turn.started",
    "turn.completed",
    "turn.failed",
    "item.started",
    "item.updated",
    "item.completed",
    "error",
];

/// The items of the Responses API a Codex session file of mid-2025 holds unwrapped.
pub const CODEX_RESPONSE_ITEMS: [&str; 10] = [
    "message",
    "reasoning",
    "function_call",
    "function_call_output",
    "custom_tool_call",
    "custom_tool_call_output",
    "local_shell_call",
    "web_search_call",
    "ghost_snapshot",
    "compaction",
];

/// The events Gemini CLI's `stream-json` prints.
const GEMINI_EVENTS: [&str; 6] = ["init", "message", "tool_use", "tool_result", "error", "result"];

/// The kinds of Qwen Code's records.
const QWEN_CODE_RECORDS: [&str; 4] = ["user", "assistant", "tool_result", "system"];

/// The events `opencode run --format json` prints.
const OPENCODE_EVENTS: [&str; 6] = ["step_start", "step_finish", "text", "reasoning", "tool_use", "error"];

/// The agent whose transcript `lines` (a file's first records, in order) begin, if they begin one.
pub fn transcript_agent<'a>(lines: impl IntoIterator<Item = &'a Value>) -> Option<TranscriptAgent> {
    let lines: Vec<&Value> = lines.into_iter().take(MOST_LEADING_LINES).collect();
    if begins_opencode(&lines) {
        return Some(TranscriptAgent::OpenCode);
    }
    if begins_codex(&lines) || begins_codex_session(&lines) || begins_legacy_codex(&lines) {
        return Some(TranscriptAgent::Codex);
    }
    if begins_gemini_cli(&lines) || begins_gemini_chat(&lines) {
        return Some(TranscriptAgent::GeminiCli);
    }
    if begins_qwen_code(&lines) {
        return Some(TranscriptAgent::QwenCode);
    }
    if begins_cursor(&lines) {
        return Some(TranscriptAgent::CursorCli);
    }
    begins_claude_code(&lines).then_some(TranscriptAgent::ClaudeCode)
}

/// Every line is one of OpenCode's events naming its session (`sessionID`), and one at least
/// holds a part of a message.
fn begins_opencode(lines: &[&Value]) -> bool {
    let is_event = |line: &&Value| {
        type_of(line).is_some_and(|kind| OPENCODE_EVENTS.contains(&kind)) && line.get("sessionID").is_some_and(Value::is_string)
    };
    !lines.is_empty() && lines.iter().all(is_event) && lines.iter().any(|line| line.get("part").is_some_and(Value::is_object))
}

/// Every line has a `type`, and the first that names a session is one of Claude Code's events.
fn begins_claude_code(lines: &[&Value]) -> bool {
    for line in lines {
        let Some(kind) = type_of(line) else { return false };
        if session_of(line).is_some() {
            return CLAUDE_CODE_EVENTS.contains(&kind);
        }
    }
    false
}

/// Every line is one of Qwen Code's records naming its session, and one at least is in a shape
/// Claude Code never writes: a message of `parts`, a `systemPayload`, a `tool_result`.
fn begins_qwen_code(lines: &[&Value]) -> bool {
    let is_record = |line: &&Value| {
        type_of(line).is_some_and(|kind| QWEN_CODE_RECORDS.contains(&kind)) && line.get("sessionId").is_some_and(Value::is_string)
    };
    let is_qwens = |line: &&Value| {
        line.pointer("/message/parts").is_some_and(Value::is_array)
            || line.get("systemPayload").is_some_and(Value::is_object)
            || type_of(line) == Some("tool_result")
    };
    !lines.is_empty() && lines.iter().all(is_record) && lines.iter().any(is_qwens)
}

/// Every line has a `type`, and one is Cursor's own: a call on a line of its own (`tool_call`),
/// or an `init` with the API key's source but neither a version nor tools, which Claude Code's
/// and Qwen Code's always name.
fn begins_cursor(lines: &[&Value]) -> bool {
    let cursors = |line: &&&Value| match type_of(line) {
        Some("tool_call") => line.get("tool_call").is_some_and(Value::is_object),
        Some("system") => {
            line.get("subtype").and_then(Value::as_str) == Some("init")
                && line.get("apiKeySource").is_some()
                && ["claude_code_version", "qwen_code_version", "tools"]
                    .iter()
                    .all(|key| line.get(key).is_none())
        }
        _ => false,
    };
    !lines.is_empty() && lines.iter().all(|line| type_of(line).is_some()) && lines.iter().any(|line| cursors(&line))
}

/// Whether Claude Code's lines `lines` (a file's first) are a subagent's own file
/// (`agent-<id>.jsonl`, beside its session's or under `subagents/`): the first line that names
/// the session is on its side chain (`isSidechain`). Its lines are the subagent's conversation,
/// which its session's transcript shows as what the `Task` call reported.
pub fn is_subagent_transcript<'a>(lines: impl IntoIterator<Item = &'a Value>) -> bool {
    let first = lines.into_iter().take(MOST_LEADING_LINES).find(|line| session_of(line).is_some());
    first.is_some_and(|line| line.get("isSidechain").and_then(Value::as_bool) == Some(true))
}

/// Every line is one of Codex's events, and one of them starts the thread or completes an item.
fn begins_codex(lines: &[&Value]) -> bool {
    !lines.is_empty()
        && lines
            .iter()
            .all(|line| type_of(line).is_some_and(|kind| CODEX_EVENTS.contains(&kind)))
        && lines.iter().any(|line| match type_of(line) {
            Some("thread.started") => line.get("thread_id").is_some(),
            Some("item.completed") => line.get("item").is_some_and(Value::is_object),
            _ => false,
        })
}

/// What `codex exec --json` printed before Codex 0.44: its configuration and the prompt (no
/// `type`, no `msg`) and then events under `msg`, each an object with a `type`, at least one.
fn begins_legacy_codex(lines: &[&Value]) -> bool {
    let is_event = |line: &&&Value| line.get("msg").is_some_and(|msg| type_of(msg).is_some());
    let is_preamble = |line: &&&Value| {
        type_of(line).is_none() && (line.get("prompt").is_some_and(Value::is_string) || line.get("model").is_some_and(Value::is_string))
    };
    let preamble = lines.iter().take_while(is_preamble).count();
    let events = &lines[preamble..];
    !events.is_empty() && events.iter().all(|line| is_event(&line))
}

/// A Codex session file: its `session_meta` first and every line in its envelope (a `type` and
/// a `payload`, so kinds Codex adds later still belong); or, as written in mid-2025, a bare
/// header (an `id` and a `timestamp`, no `type`) and after it state markers and response items
/// alone, at least one.
fn begins_codex_session(lines: &[&Value]) -> bool {
    let Some((first, rest)) = lines.split_first() else { return false };
    let is_line = |line: &&Value| type_of(line).is_some() && line.get("payload").is_some();
    if type_of(first) == Some("session_meta") {
        return first.get("payload").is_some_and(Value::is_object) && rest.iter().all(is_line);
    }
    let header =
        type_of(first).is_none() && first.get("id").is_some_and(Value::is_string) && first.get("timestamp").is_some_and(Value::is_string);
    let is_item = |line: &&Value| type_of(line).is_some_and(|kind| CODEX_RESPONSE_ITEMS.contains(&kind));
    let is_marker = |line: &&Value| line.get("record_type").is_some();
    header && rest.iter().any(is_item) && rest.iter().all(|line| is_item(line) || is_marker(line))
}

/// Every line is one of Gemini CLI's events, and the first is its `init` (a session and a model).
fn begins_gemini_cli(lines: &[&Value]) -> bool {
    let init = |line: &&Value| type_of(line) == Some("init") && line.get("session_id").is_some() && line.get("model").is_some();
    lines.first().is_some_and(init)
        && lines
            .iter()
            .all(|line| type_of(line).is_some_and(|kind| GEMINI_EVENTS.contains(&kind)))
}

/// A Gemini CLI chat file in JSON Lines: its header first, naming its session and its project
/// (`sessionId`, `projectHash`), with no `type`.
fn begins_gemini_chat(lines: &[&Value]) -> bool {
    lines.first().is_some_and(|header| {
        type_of(header).is_none()
            && header.get("sessionId").is_some_and(Value::is_string)
            && header.get("projectHash").is_some_and(Value::is_string)
    })
}

/// The session a Claude Code line names (`session_id`, or a session file's `sessionId`).
pub fn session_of(line: &Value) -> Option<&str> {
    line.get("session_id").or_else(|| line.get("sessionId")).and_then(Value::as_str)
}

/// A line's `type`.
pub fn type_of(line: &Value) -> Option<&str> {
    line.get("type").and_then(Value::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_claude_code_transcript_begins_with_its_events_after_its_bookkeeping() {
        let init = json!({"type": "system", "subtype": "init", "session_id": "s", "model": "claude-sonnet-4-5"});
        assert_eq!(transcript_agent([&init]), Some(TranscriptAgent::ClaudeCode));
        let summary = json!({"type": "summary", "summary": "Fix the bug", "leafUuid": "u"});
        let user = json!({"type": "user", "sessionId": "s", "message": {"role": "user", "content": "Fix it"}});
        assert_eq!(transcript_agent([&summary, &user]), Some(TranscriptAgent::ClaudeCode));
    }

    #[test]
    fn a_claude_code_subagents_file_is_told_by_its_side_chain() {
        let subagent = json!({"parentUuid": null, "isSidechain": true, "userType": "external", "sessionId": "96aceb54", "agentId": "a89e48b", "type": "user", "message": {"role": "user", "content": "Find the callers"}});
        let session = json!({"parentUuid": null, "isSidechain": false, "sessionId": "96aceb54", "type": "user", "message": {"role": "user", "content": "Fix it"}});
        assert_eq!(transcript_agent([&subagent]), Some(TranscriptAgent::ClaudeCode));
        assert!(is_subagent_transcript([&subagent]));
        assert!(!is_subagent_transcript([&session]));
    }

    #[test]
    fn a_codex_transcript_is_its_events_alone() {
        let started = json!({"type": "thread.started", "thread_id": "019d7c51-7fce-7053-a839-7ef9b554ddb6"});
        let turn = json!({"type": "turn.started"});
        let message = json!({"type": "item.completed", "item": {"id": "item_0", "type": "agent_message", "text": "Done."}});
        assert_eq!(transcript_agent([&started, &turn]), Some(TranscriptAgent::Codex));
        assert_eq!(transcript_agent([&turn, &message]), Some(TranscriptAgent::Codex));
        assert_eq!(transcript_agent([&turn]), None, "nothing of a thread yet");
        let other = json!({"type": "item.completed", "item": {}, "instance_id": "a"});
        let record = json!({"instance_id": "a"});
        assert_eq!(transcript_agent([&other, &record]), None);
    }

    #[test]
    fn a_codex_session_file_begins_with_its_meta_or_its_bare_header() {
        let meta = json!({"timestamp": "2026-03-04T00:53:03.666Z", "type": "session_meta", "payload": {"id": "019cb655", "cwd": "/testbed", "cli_version": "0.98.0"}});
        let context = json!({"timestamp": "t", "type": "turn_context", "payload": {"model": "gpt-5.3-codex"}});
        let item = json!({"timestamp": "t", "type": "response_item", "payload": {"type": "message", "role": "user", "content": []}});
        assert_eq!(transcript_agent([&meta, &context, &item]), Some(TranscriptAgent::Codex));
        assert_eq!(transcript_agent([&meta]), Some(TranscriptAgent::Codex));
        let record = json!({"instance_id": "a"});
        assert_eq!(transcript_agent([&meta, &record]), None, "a line of something else");
        let later = json!({"timestamp": "t", "type": "turn_diff", "payload": {"unified_diff": ""}});
        assert_eq!(
            transcript_agent([&meta, &later]),
            Some(TranscriptAgent::Codex),
            "a kind added later"
        );
        let header = json!({"id": "c27a914d", "timestamp": "2025-08-20T13:20:47.060Z", "instructions": null});
        let marker = json!({"record_type": "state"});
        let bare = json!({"type": "function_call", "name": "shell", "arguments": "{}", "call_id": "c1"});
        assert_eq!(transcript_agent([&header, &marker, &bare]), Some(TranscriptAgent::Codex));
        assert_eq!(transcript_agent([&header, &marker]), None, "no item yet");
        let row = json!({"id": "r1", "timestamp": "2025-08-20", "text": "a dataset row"});
        assert_eq!(transcript_agent([&row, &row]), None);
    }

    #[test]
    fn a_codex_transcript_of_mid_2025_begins_with_its_configuration_then_its_events() {
        let config =
            json!({"model": "gpt-5", "reasoning summaries": "auto", "provider": "openai", "sandbox": "read-only", "approval": "never"});
        let prompt = json!({"prompt": "Describe this repo"});
        let event = json!({"id": "0", "msg": {"type": "task_started", "model_context_window": 272000}});
        assert_eq!(transcript_agent([&config, &prompt, &event]), Some(TranscriptAgent::Codex));
        assert_eq!(transcript_agent([&event]), Some(TranscriptAgent::Codex));
        assert_eq!(transcript_agent([&config, &prompt]), None, "no event yet");
        let row = json!({"id": "r1", "msg": "a chat dataset's message"});
        assert_eq!(transcript_agent([&row]), None);
    }

    #[test]
    fn a_gemini_cli_transcript_begins_with_its_init() {
        let init = json!({"type": "init", "timestamp": "t", "session_id": "s-1", "model": "gemini-3.5-flash"});
        let message = json!({"type": "message", "timestamp": "t", "role": "user", "content": "Fix it"});
        assert_eq!(transcript_agent([&init, &message]), Some(TranscriptAgent::GeminiCli));
        assert_eq!(transcript_agent([&message]), None, "no init, no session");
    }

    #[test]
    fn a_gemini_cli_chat_file_begins_with_its_header() {
        let header =
            json!({"sessionId": "264c12b1-9b6d-47c8-887f-9e008bd15f64", "projectHash": "0222678", "startTime": "2025-11-03T01:41:02.940Z"});
        let message = json!({"id": "7a86f37c", "timestamp": "2025-11-03T01:41:02.940Z", "type": "user", "content": "Fix it"});
        assert_eq!(transcript_agent([&header, &message]), Some(TranscriptAgent::GeminiCli));
        assert_eq!(transcript_agent([&message]), None, "no header");
    }

    #[test]
    fn a_qwen_code_session_file_is_told_from_claude_codes_by_its_parts() {
        let telemetry = json!({"uuid": "s1", "parentUuid": null, "sessionId": "q", "type": "system", "subtype": "ui_telemetry", "systemPayload": {"uiEvent": {}}});
        let user = json!({"uuid": "u1", "parentUuid": "s1", "sessionId": "q", "type": "user", "message": {"role": "user", "parts": [{"text": "Fix it"}]}});
        assert_eq!(transcript_agent([&telemetry, &user]), Some(TranscriptAgent::QwenCode));
        assert_eq!(transcript_agent([&user]), Some(TranscriptAgent::QwenCode));
        let claude = json!({"type": "user", "sessionId": "q", "message": {"role": "user", "content": "Fix it"}});
        assert_eq!(transcript_agent([&claude]), Some(TranscriptAgent::ClaudeCode));
        assert_eq!(
            transcript_agent([&user, &claude]),
            Some(TranscriptAgent::QwenCode),
            "parts in one line"
        );
    }

    #[test]
    fn a_cursor_transcript_is_told_by_its_calls_or_its_init() {
        let init = json!({"type": "system", "subtype": "init", "apiKeySource": "login", "cwd": "/w", "session_id": "s", "model": "Claude 4.5 Sonnet", "permissionMode": "default"});
        let user = json!({"type": "user", "message": {"role": "user", "content": [{"type": "text", "text": "Fix it"}]}, "session_id": "s"});
        let call = json!({"type": "tool_call", "subtype": "started", "call_id": "c1", "tool_call": {"readToolCall": {"args": {"path": "a.py"}}}, "session_id": "s"});
        assert_eq!(transcript_agent([&init, &user]), Some(TranscriptAgent::CursorCli));
        assert_eq!(transcript_agent([&user, &call]), Some(TranscriptAgent::CursorCli));
        let claude = json!({"type": "system", "subtype": "init", "apiKeySource": "none", "session_id": "s", "tools": ["Bash"], "model": "claude-sonnet-4-5", "claude_code_version": "2.1.0"});
        assert_eq!(transcript_agent([&claude, &user]), Some(TranscriptAgent::ClaudeCode));
    }

    #[test]
    fn an_opencode_transcript_is_its_events_naming_the_session() {
        let start = json!({"type": "step_start", "timestamp": 1767036059338_u64, "sessionID": "ses_4947", "part": {"id": "prt_1", "type": "step-start"}});
        let error = json!({"type": "error", "timestamp": 1767036059400_u64, "sessionID": "ses_4947", "error": {"name": "APIError", "data": {"message": "overloaded"}}});
        assert_eq!(transcript_agent([&start, &error]), Some(TranscriptAgent::OpenCode));
        assert_eq!(transcript_agent([&error]), None, "no part yet");
        let gemini = json!({"type": "tool_use", "timestamp": "t", "tool_name": "read_file", "tool_id": "t1", "parameters": {}});
        assert_eq!(transcript_agent([&start, &gemini]), None, "a line naming no session");
    }

    #[test]
    fn other_json_lines_are_no_transcript() {
        let prediction = json!({"instance_id": "a__b-1", "model_patch": "", "model_name_or_path": "m"});
        assert_eq!(transcript_agent([&prediction]), None);
        let summary = json!({"type": "summary", "summary": "only bookkeeping"});
        assert_eq!(transcript_agent([&summary]), None);
        let other_session = json!({"type": "message", "session_id": "s"});
        assert_eq!(transcript_agent([&other_session]), None);
        assert_eq!(transcript_agent([]), None);
    }
}
