//! Claude Code's transcripts, read as [`super::transcripts`] reads every agent's: both shapes
//! the contract tells apart ([`benchscope_contract::trajectory::transcripts`]) alike, what
//! `claude -p --output-format stream-json --verbose` prints and a session file of
//! `~/.claude/projects/`.
//!
//! An `assistant` line holds a message of the Messages API (`message.content`: `text`,
//! `thinking` and `tool_use` blocks); since Claude Code 2 each block comes on a line of its own,
//! the lines of one model call sharing its `message.id` and `usage`. A `user` line holds the
//! prompt (the task), or the `tool_result` blocks that answer calls by `tool_use_id`. The closing
//! `result` line says how the session ended (`subtype`), what it cost (`total_cost_usd`) and the
//! tokens it used. A subagent's lines (`parent_tool_use_id`, or a session file's `isSidechain`)
//! are its own conversation: the step that started it shows what it reported.

mod edits;
mod rewinds;
mod typed;

use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::{Step, TimeSpan, Trajectory};
use serde_json::Value;
use std::collections::HashMap;

use super::answers::AwaitingAnswers;
use super::transcripts::{add_words, call_line, pattern_in, plan_list, words_step};
use super::{text, AgentAndModel, StepReader};
use edits::{edit_of, place_edit};
pub use rewinds::taken_back;
use typed::typed;

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "claude-code";

/// A reader of a transcript's lines.
pub fn reader() -> Box<dyn StepReader> {
    Box::<Transcript>::default()
}

/// Tokens of one model call, or of many: what it was sent (cached or not) and what it answered.
#[derive(Default, Clone, Copy)]
struct Usage {
    sent: u64,
    answered: u64,
}

impl Usage {
    /// A `usage` object of the Messages API.
    fn of(usage: &Value) -> Self {
        let count = |key: &str| usage.get(key).and_then(Value::as_u64).unwrap_or(0);
        Usage {
            sent: count("input_tokens") + count("cache_creation_input_tokens") + count("cache_read_input_tokens"),
            answered: count("output_tokens"),
        }
    }

    fn add(&mut self, other: Usage) {
        self.sent += other.sent;
        self.answered += other.answered;
    }
}

/// Whether `line` is the `init` Amp prints: its thread (`T-…`) as the session, with no version
/// of Claude Code's.
fn is_amp_init(line: &Value) -> bool {
    type_of(line) == Some("system")
        && text(line, "subtype").as_deref() == Some("init")
        && text(line, "session_id").is_some_and(|session| session.starts_with("T-"))
        && line.get("claude_code_version").is_none()
}

/// The transcript read so far.
#[derive(Default)]
struct Transcript {
    task: Option<String>,
    /// Claude Code's version, and the model it ran.
    version: Option<String>,
    model: Option<String>,
    /// Which agent printed Claude Code's events, where another did: Qwen Code (its `init` names
    /// `qwen_code_version`), Amp (`amp --execute --stream-json`: its `init` names its thread,
    /// `T-…`, and no version).
    printed_by: Option<&'static str>,
    waiting: AwaitingAnswers,
    /// The edits of each `MultiEdit` call waiting for its result, by the call's id.
    multi_edits: HashMap<String, Value>,
    /// What the assistant wrote since its last call: the next call's thought, or a step itself.
    said: String,
    /// The model call being read (its message's id), and its usage as its last line gave it.
    call: Option<String>,
    call_usage: Usage,
    /// The model calls read, and the usage of those ended.
    calls: u64,
    used: Usage,
    steps: usize,
    results: Vec<Value>,
    span: TimeSpan,
}

impl StepReader for Transcript {
    fn element(&mut self, _key: &str, line: Value, steps: &mut Vec<Step>) {
        self.line(line, steps);
    }

    fn finish(self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        (*self).finish(steps)
    }
}

impl Transcript {
    fn line(&mut self, line: Value, steps: &mut Vec<Step>) {
        if let Some(timestamp) = line.get("timestamp").and_then(Value::as_str) {
            self.span.add(timestamp);
        }
        if is_subagents(&line) {
            return;
        }
        if let Some(version) = text(&line, "qwen_code_version") {
            (self.printed_by, self.version) = (Some("Qwen Code"), Some(version));
        }
        if is_amp_init(&line) {
            self.printed_by = Some("Amp");
        }
        if self.version.is_none() {
            self.version = text(&line, "claude_code_version").or_else(|| text(&line, "version"));
        }
        match type_of(&line) {
            Some("system") if text(&line, "subtype").as_deref() == Some("init") => {
                self.model = self.model.take().or_else(|| text(&line, "model"));
            }
            Some("assistant") => self.assistant(&line, steps),
            Some("user") => self.user(&line, steps),
            Some("attachment") => self.attachment(&line, steps),
            Some("result") => {
                self.end_call(steps);
                self.results.push(line);
            }
            _ => {}
        }
    }

    /// A line of the assistant's message: its blocks, the call's usage and model.
    fn assistant(&mut self, line: &Value, steps: &mut Vec<Step>) {
        let message = line.get("message").unwrap_or(&Value::Null);
        let id = text(message, "id").or_else(|| text(line, "uuid"));
        if id.is_none() || id != self.call {
            self.end_call(steps);
            self.call = id;
            self.calls += 1;
        }
        if let Some(usage) = message.get("usage") {
            self.call_usage = Usage::of(usage);
        }
        // Claude Code names the messages it writes itself (an interruption, an API error) `<synthetic>`.
        let model = text(message, "model").filter(|m| !m.starts_with('<'));
        self.model = self.model.take().or(model);
        for block in blocks(message) {
            match type_of(block) {
                Some("text") => self.say(block.get("text")),
                Some("thinking") => self.say(block.get("thinking")),
                Some("tool_use") => {
                    let step = call_step(block, std::mem::take(&mut self.said));
                    let edits = block.pointer("/input/edits").filter(|_| step.tool.as_deref() == Some("MultiEdit"));
                    if let (Some(id), Some(edits)) = (text(block, "id"), edits) {
                        self.multi_edits.insert(id, edits.clone());
                    }
                    self.push(text(block, "id"), step, steps);
                }
                _ => {}
            }
        }
    }

    /// A user line: the task, a later prompt, or the answers to the calls waiting.
    fn user(&mut self, line: &Value, steps: &mut Vec<Step>) {
        self.end_call(steps);
        if is_no_ones(line) {
            return;
        }
        let message = line.get("message").unwrap_or(&Value::Null);
        if let Some(Value::String(words)) = message.get("content") {
            return self.prompted(words, steps);
        }
        // What Claude Code itself recorded of the call's effect: for an edit, the file before it.
        let outcome = line.get("tool_use_result").or_else(|| line.get("toolUseResult"));
        let mut words = Vec::new();
        for block in blocks(message) {
            match type_of(block) {
                Some("tool_result") => {
                    if let Some(call) = block.get("tool_use_id").and_then(Value::as_str) {
                        let answer = result_text(block);
                        let multi_edits = self.multi_edits.remove(call);
                        let fill = |step: &mut Step| {
                            step.observation = answer;
                            if let (Some(edit), Some(outcome)) = (step.edit.as_mut(), outcome) {
                                place_edit(edit, step.tool.as_deref(), outcome, multi_edits.as_ref());
                            }
                        };
                        self.waiting.answer(call, fill, steps);
                    }
                }
                Some("text") => words.extend(text(block, "text").as_deref().and_then(typed)),
                _ => {}
            }
        }
        // A message's texts are one prompt (an editor's note before it left out).
        if !words.is_empty() {
            self.prompted(&words.join("\n\n"), steps);
        }
    }

    /// An attachment to the conversation: a prompt the person typed while the agent worked
    /// (`queued_command`), given to the model between its calls.
    fn attachment(&mut self, line: &Value, steps: &mut Vec<Step>) {
        let attachment = line.get("attachment").unwrap_or(&Value::Null);
        let typed_by_person = text(attachment, "commandMode").is_none_or(|mode| mode == "prompt")
            && attachment
                .pointer("/origin/kind")
                .and_then(Value::as_str)
                .is_none_or(|kind| kind == "human");
        if type_of(attachment) == Some("queued_command") && typed_by_person {
            self.end_call(steps);
            self.prompted(&text(attachment, "prompt").unwrap_or_default(), steps);
        }
    }

    /// Words of the user's turn: the first the person typed are the task, the later ones steps.
    fn prompted(&mut self, words: &str, steps: &mut Vec<Step>) {
        let Some(words) = typed(words) else {
            return;
        };
        match self.task {
            None => self.task = Some(words),
            Some(_) => self.waiting.push(None, Step::prompt(words), steps),
        }
    }

    fn say(&mut self, words: Option<&Value>) {
        add_words(&mut self.said, words.and_then(Value::as_str).unwrap_or_default());
    }

    fn push(&mut self, call: Option<String>, step: Step, steps: &mut Vec<Step>) {
        self.steps += 1;
        self.waiting.push(call, step, steps);
    }

    /// A step of the assistant's words alone, calling nothing.
    fn push_words(&mut self, thought: String, steps: &mut Vec<Step>) {
        self.push(None, words_step(thought), steps);
    }

    /// The model call read ends: what it said after its last call is a step of its own.
    fn end_call(&mut self, steps: &mut Vec<Step>) {
        if !self.said.is_empty() {
            let thought = std::mem::take(&mut self.said);
            self.push_words(thought, steps);
        }
        self.used.add(std::mem::take(&mut self.call_usage));
    }

    fn finish(mut self, steps: &mut Vec<Step>) -> Trajectory {
        self.end_call(steps);
        // A transcript of the result alone (`--output-format json`) shows its answer.
        let answer = self.results.last().and_then(|r| text(r, "result")).filter(|r| !r.trim().is_empty());
        if let (0, Some(thought)) = (self.steps, answer) {
            self.push_words(thought, steps);
        }
        self.waiting.finish(steps);
        let last = self.results.last();
        // Each `result` (a resumed session writes one more) counts the tokens of its own part;
        // its cost is the session's so far.
        let (tokens, cost) = match last {
            Some(last) => {
                let mut tokens = Usage::default();
                self.results
                    .iter()
                    .filter_map(|r| r.get("usage"))
                    .for_each(|u| tokens.add(Usage::of(u)));
                (tokens, last.get("total_cost_usd").and_then(Value::as_f64))
            }
            None => (self.used, None),
        };
        let counted = last.is_some_and(|r| r.get("usage").is_some()) || self.calls > 0;
        let agent = self.printed_by.unwrap_or("Claude Code");
        let made_by = AgentAndModel::new(Some(agent), self.version.as_deref(), self.model.as_deref());
        Trajectory {
            exit_status: last.and_then(exit_status),
            task: self.task,
            agent: made_by.agent,
            model: made_by.model,
            cost,
            tokens_in: counted.then_some(tokens.sent),
            tokens_out: counted.then_some(tokens.answered),
            api_calls: (self.calls > 0).then_some(self.calls),
            seconds: last
                .and_then(|r| r.get("duration_ms"))
                .and_then(Value::as_f64)
                .map(|ms| ms / 1000.0)
                .or(self.span.seconds()),
            date: self.span.first_day(),
            ..Trajectory::default()
        }
    }
}

/// Whether a user's line is no one's words: a session file's note to the model (`isMeta`), or
/// the summary that stands for the conversation once compacted.
fn is_no_ones(line: &Value) -> bool {
    let flag = |key: &str| line.get(key).and_then(Value::as_bool) == Some(true);
    flag("isMeta") || flag("isCompactSummary")
}

/// Whether a line is a subagent's: a call of the `Task` tool runs one, whose lines name that call.
fn is_subagents(line: &Value) -> bool {
    line.get("parent_tool_use_id").is_some_and(|parent| !parent.is_null()) || line.get("isSidechain").and_then(Value::as_bool) == Some(true)
}

/// A message's content blocks (a plain string is one text block, read by the caller).
fn blocks(message: &Value) -> impl Iterator<Item = &Value> {
    message.get("content").and_then(Value::as_array).into_iter().flatten()
}

/// How the session ended: the `result`'s `subtype` (`success`, `error_max_turns`,
/// `error_during_execution`), or `error` where a `success` says it is one.
fn exit_status(result: &Value) -> Option<String> {
    let subtype = text(result, "subtype")?;
    let is_error = result.get("is_error").and_then(Value::as_bool) == Some(true);
    Some(match (subtype.as_str(), is_error) {
        ("success", true) => "error".to_string(),
        _ => subtype,
    })
}

/// What a tool answered: its text, an image by its kind.
fn result_text(block: &Value) -> String {
    match block.get("content") {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|part| match type_of(part) {
                Some("text") => text(part, "text"),
                Some("image") => Some("[image]".to_string()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// The step of a `tool_use` block, `thought` the text before it.
fn call_step(block: &Value, thought: String) -> Step {
    let tool = text(block, "name").unwrap_or_default();
    let input = block.get("input").unwrap_or(&Value::Null);
    // A plan (`TodoWrite`) is what the agent means to do: words, not a command.
    let plan = input.get("todos").and_then(|todos| plan_list(todos, "content"));
    let thought = match plan {
        Some(plan) if thought.is_empty() => plan,
        Some(plan) => format!("{thought}\n\n{plan}"),
        None => thought,
    };
    let edit = edit_of(&tool, input);
    Step {
        thought,
        action: match &edit {
            Some(edit) => format!("{tool} {}", edit.path),
            None => action_of(&tool, input),
        },
        tool: (!tool.is_empty()).then_some(tool),
        edit,
        ..Step::default()
    }
}

/// A call as a line ([`call_line`]): on a file, a pattern, an address or a task by its tool and
/// that; a plan (`TodoWrite`) by its tool alone, since it shows as the step's words
/// (`call_step`).
fn action_of(tool: &str, input: &Value) -> String {
    if text(input, "command").is_none() && input.get("todos").is_some() {
        return tool.to_string();
    }
    let field = |key: &str| text(input, key);
    let subject = field("file_path")
        .or_else(|| field("absolute_path"))
        .or_else(|| field("notebook_path"))
        .or_else(|| pattern_in(input))
        .or_else(|| field("url"))
        .or_else(|| field("query"))
        .or_else(|| field("description"));
    call_line(tool, input, subject)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    /// The one trajectory of the transcript `text`, as a file of instance `astropy__astropy-12907`
    /// reads, and its steps.
    pub(super) fn read(text: &str) -> (Trajectory, Vec<Step>) {
        let mut read = super::super::read_bytes(text.as_bytes(), Path::new("runs/astropy__astropy-12907.jsonl")).unwrap();
        assert_eq!(read.len(), 1);
        let mut trajectory = read.remove(0);
        let steps = std::mem::take(&mut trajectory.steps);
        (trajectory, steps)
    }

    /// Lines as `claude -p --output-format stream-json --verbose` prints them: bookkeeping, each
    /// content block on a line of its own, partial messages, and the closing result.
    fn stream_json() -> String {
        let usage = json!({"input_tokens": 3, "cache_creation_input_tokens": 100, "cache_read_input_tokens": 1000, "output_tokens": 20});
        let assistant = |id: &str, block: Value| {
            json!({"type": "assistant", "message": {"id": id, "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [block], "usage": usage},
                   "parent_tool_use_id": null, "session_id": "s1", "timestamp": "2026-09-18T15:07:28.916Z"})
        };
        let answer = |call: &str, content: Value| {
            json!({"type": "user", "message": {"role": "user", "content": [{"tool_use_id": call, "type": "tool_result", "content": content}]},
                   "parent_tool_use_id": null, "session_id": "s1", "timestamp": "2026-09-18T15:08:10.000Z"})
        };
        [
            json!({"type": "system", "subtype": "hook_started", "hook_name": "SessionStart:startup", "session_id": "s1"}),
            json!({"type": "system", "subtype": "init", "cwd": "/testbed", "session_id": "s1", "tools": ["Bash", "Edit", "Read"], "model": "claude-sonnet-4-5", "claude_code_version": "2.1.276"}),
            json!({"type": "user", "message": {"role": "user", "content": "Fix the separability matrix."}, "session_id": "s1", "isReplay": true}),
            json!({"type": "stream_event", "event": {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Let"}}, "session_id": "s1", "parent_tool_use_id": null}),
            assistant("m1", json!({"type": "thinking", "thinking": "", "signature": "sig"})),
            assistant("m1", json!({"type": "text", "text": "Let me look at `separable.py`."})),
            assistant("m1", json!({"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": "/testbed/astropy/modeling/separable.py"}})),
            assistant("m1", json!({"type": "tool_use", "id": "t2", "name": "Bash", "input": {"command": "python -m pytest astropy/modeling -q", "description": "Run the tests"}})),
            answer("t2", json!("2 failed, 10 passed")),
            answer("t1", json!("1\timport numpy as np\n2\t")),
            assistant("m2", json!({"type": "tool_use", "id": "t3", "name": "Task", "input": {"description": "Find the callers", "prompt": "...", "subagent_type": "Explore"}})),
            json!({"type": "assistant", "message": {"id": "sub1", "role": "assistant", "content": [{"type": "text", "text": "a subagent's words"}]}, "parent_tool_use_id": "t3", "session_id": "s1"}),
            answer("t3", json!([{"type": "text", "text": "Called from compound models only."}])),
            assistant("m3", json!({"type": "tool_use", "id": "t4", "name": "Edit", "input": {"file_path": "/testbed/astropy/modeling/separable.py", "old_string": "cright[-right.shape[0]:, -right.shape[1]:] = 1", "new_string": "cright[-right.shape[0]:, -right.shape[1]:] = right"}})),
            answer("t4", json!("The file has been updated.")),
            assistant("m4", json!({"type": "text", "text": "Fixed: the right matrix is copied, not filled with ones."})),
            json!({"type": "result", "subtype": "success", "is_error": false, "duration_ms": 41500, "num_turns": 5, "result": "Fixed.", "session_id": "s1", "total_cost_usd": 0.42,
                   "usage": {"input_tokens": 12, "cache_creation_input_tokens": 400, "cache_read_input_tokens": 4000, "output_tokens": 80}}),
        ]
        .iter()
        .map(|line| format!("{line}\n"))
        .collect()
    }

    #[test]
    fn a_stream_json_transcript_reads_as_its_calls_with_their_answers() {
        let (trajectory, steps) = read(&stream_json());
        assert_eq!(trajectory.format, "claude-code");
        assert_eq!(trajectory.instance_id, "astropy__astropy-12907");
        assert_eq!(trajectory.task.as_deref(), Some("Fix the separability matrix."));
        assert_eq!(trajectory.agent.as_deref(), Some("Claude Code 2.1.276"));
        assert_eq!(trajectory.model.as_deref(), Some("claude-sonnet-4-5"));
        assert_eq!(trajectory.exit_status.as_deref(), Some("success"));
        assert_eq!(trajectory.cost, Some(0.42));
        assert_eq!((trajectory.tokens_in, trajectory.tokens_out), (Some(4412), Some(80)));
        assert_eq!(trajectory.api_calls, Some(4), "four model calls, the subagent's not among them");
        assert_eq!(trajectory.seconds, Some(41.5));
        assert_eq!(trajectory.date.as_deref(), Some("2026-09-18"));
        let shown: Vec<(&str, &str, &str)> = steps
            .iter()
            .map(|s| (s.thought.as_str(), s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                (
                    "Let me look at `separable.py`.",
                    "Read /testbed/astropy/modeling/separable.py",
                    "1\timport numpy as np\n2\t"
                ),
                ("", "python -m pytest astropy/modeling -q", "2 failed, 10 passed"),
                ("", "Task Find the callers", "Called from compound models only."),
                ("", "Edit /testbed/astropy/modeling/separable.py", "The file has been updated."),
                ("Fixed: the right matrix is copied, not filled with ones.", "", ""),
            ]
        );
        let edit = steps[3].edit.as_ref().expect("the Edit call's edit");
        assert_eq!(edit.before, "cright[-right.shape[0]:, -right.shape[1]:] = 1");
        assert_eq!(edit.after, "cright[-right.shape[0]:, -right.shape[1]:] = right");
        assert_eq!(steps[1].tool.as_deref(), Some("Bash"));
    }

    /// `claude -p --output-format json --verbose` prints the same events as one JSON array, on one
    /// line or, reformatted, on many.
    #[test]
    fn the_events_as_one_json_array_read_alike() {
        let lines = stream_json();
        let events: Vec<Value> = lines.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
        let (expected, expected_steps) = read(&lines);
        for text in [
            serde_json::to_string(&events).unwrap(),
            serde_json::to_string_pretty(&events).unwrap(),
        ] {
            let mut read = super::super::read_bytes(text.as_bytes(), Path::new("runs/astropy__astropy-12907.json")).unwrap();
            let mut trajectory = read.remove(0);
            let steps = std::mem::take(&mut trajectory.steps);
            assert_eq!(
                (trajectory.instance_id.as_str(), trajectory.format.as_str()),
                ("astropy__astropy-12907", "claude-code")
            );
            assert_eq!(
                (trajectory.task, trajectory.cost, trajectory.api_calls),
                (expected.task.clone(), expected.cost, expected.api_calls)
            );
            assert_eq!(steps, expected_steps);
        }
    }

    /// `amp --execute --stream-json` prints Claude Code's events, its init naming its thread
    /// (`T-…`) and neither a version nor a model (its lines as a real run printed them).
    #[test]
    fn amps_stream_json_is_named_amps() {
        let session = "T-019e47a8-5090-7538-9035-f2fde26859b7";
        let lines = [
            json!({"type": "system", "subtype": "init", "cwd": "/testbed", "session_id": session, "tools": ["Bash", "create_file", "edit_file", "Read"], "mcp_servers": []}),
            json!({"type": "user", "message": {"role": "user", "content": [{"type": "text", "text": "Run the tests."}]}, "parent_tool_use_id": null, "session_id": session}),
            json!({"type": "assistant", "message": {"type": "message", "role": "assistant", "content": [{"type": "text", "text": "3 passed."}], "stop_reason": "end_turn",
                   "usage": {"input_tokens": 7, "cache_creation_input_tokens": 3, "cache_read_input_tokens": 14009, "output_tokens": 13}}, "parent_tool_use_id": null, "session_id": session}),
            json!({"type": "result", "subtype": "success", "duration_ms": 2442, "is_error": false, "num_turns": 1, "result": "3 passed.", "session_id": session}),
        ];
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        let (trajectory, steps) = read(&text);
        assert_eq!((trajectory.agent.as_deref(), trajectory.model.as_deref()), (Some("Amp"), None));
        assert_eq!(trajectory.task.as_deref(), Some("Run the tests."));
        assert_eq!(steps.last().map(|s| s.thought.as_str()), Some("3 passed."));
    }

    /// `qwen -p … --output-format stream-json` prints Claude Code's events, its init naming
    /// `qwen_code_version`, its calls by Qwen Code's own tools.
    #[test]
    fn qwen_codes_stream_json_reads_as_qwen_codes_calls() {
        let assistant = |id: &str, block: Value| {
            json!({"type": "assistant", "uuid": id, "session_id": "7d235fdb", "parent_tool_use_id": null,
                   "message": {"id": id, "type": "message", "role": "assistant", "model": "qwen3-coder-plus", "content": [block], "usage": {"input_tokens": 1200, "output_tokens": 40}}})
        };
        let answer = |call: &str, content: &str| json!({"type": "user", "session_id": "7d235fdb", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call, "content": content}]}});
        let lines = [
            json!({"type": "system", "subtype": "init", "uuid": "7d235fdb", "session_id": "7d235fdb", "cwd": "/testbed", "tools": ["read_file", "edit", "run_shell_command"], "model": "qwen3-coder-plus", "permission_mode": "yolo", "qwen_code_version": "0.23.3"}),
            assistant(
                "m1",
                json!({"type": "tool_use", "id": "c1", "name": "run_shell_command", "input": {"command": "git log -1 --oneline", "description": "read the last commit"}}),
            ),
            answer("c1", "abc123 Fix"),
            assistant(
                "m2",
                json!({"type": "tool_use", "id": "c2", "name": "read_file", "input": {"absolute_path": "/testbed/parse.py"}}),
            ),
            answer("c2", "def parse(t): ..."),
            assistant(
                "m3",
                json!({"type": "tool_use", "id": "c3", "name": "edit", "input": {"file_path": "/testbed/parse.py", "old_string": "' '", "new_string": "' \\t'"}}),
            ),
            answer("c3", "The file was edited."),
            json!({"type": "result", "subtype": "success", "session_id": "7d235fdb", "is_error": false, "num_turns": 3, "duration_ms": 1234, "result": "done", "usage": {"input_tokens": 3600, "output_tokens": 120}}),
        ];
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        let (trajectory, steps) = read(&text);
        assert_eq!(trajectory.format, "claude-code", "Claude Code's events");
        assert_eq!(
            (trajectory.agent.as_deref(), trajectory.model.as_deref()),
            (Some("Qwen Code 0.23.3"), Some("qwen3-coder-plus"))
        );
        let actions: Vec<&str> = steps.iter().map(|s| s.action.as_str()).collect();
        assert_eq!(
            actions,
            ["git log -1 --oneline", "read_file /testbed/parse.py", "edit /testbed/parse.py"]
        );
        assert_eq!(steps[2].edit.as_ref().map(|e| e.after.as_str()), Some("' \\t'"));
    }

    /// A session file of `~/.claude/projects/`: a summary first, `sessionId`, the usage repeated
    /// on every line of a call, a note to the model, and no result line.
    #[test]
    fn a_session_file_reads_alike_and_counts_each_calls_usage_once() {
        let usage = json!({"input_tokens": 5, "cache_read_input_tokens": 95, "output_tokens": 7});
        let lines = [
            json!({"type": "summary", "summary": "Fix the parser", "leafUuid": "u9"}),
            json!({"type": "user", "sessionId": "s2", "version": "1.0.61", "isMeta": true, "message": {"role": "user", "content": "Caveat: the messages below were generated by the user"}, "timestamp": "2025-08-01T10:00:00Z"}),
            json!({"type": "user", "sessionId": "s2", "version": "1.0.61", "message": {"role": "user", "content": [{"type": "text", "text": "Make the parser accept tabs."}]}, "timestamp": "2025-08-01T10:00:01Z"}),
            json!({"type": "assistant", "sessionId": "s2", "message": {"id": "m1", "model": "claude-opus-4-1", "content": [{"type": "tool_use", "id": "t1", "name": "Write", "input": {"file_path": "/repo/tests/test_tabs.py", "content": "def test_tabs():\n    pass\n"}}], "usage": usage}, "timestamp": "2025-08-01T10:00:09Z"}),
            json!({"type": "user", "sessionId": "s2", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "File created", "is_error": false}]}, "timestamp": "2025-08-01T10:00:10Z"}),
            json!({"type": "assistant", "sessionId": "s2", "isSidechain": true, "message": {"id": "x", "content": [{"type": "text", "text": "a subagent"}], "usage": usage}}),
            json!({"type": "assistant", "sessionId": "s2", "message": {"id": "m2", "model": "<synthetic>", "content": [{"type": "text", "text": "Done."}], "usage": usage}, "timestamp": "2025-08-01T10:01:00Z"}),
        ];
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let (trajectory, steps) = read(&text);
        assert_eq!(trajectory.task.as_deref(), Some("Make the parser accept tabs."));
        assert_eq!(trajectory.agent.as_deref(), Some("Claude Code 1.0.61"));
        assert_eq!(trajectory.model.as_deref(), Some("claude-opus-4-1"));
        assert_eq!((trajectory.tokens_in, trajectory.tokens_out), (Some(200), Some(14)));
        assert_eq!(trajectory.exit_status, None);
        assert_eq!(trajectory.seconds, Some(60.0), "from its first line to its last");
        assert_eq!(steps.len(), 2);
        let edit = steps[0].edit.as_ref().expect("a Write is a file created");
        assert_eq!((edit.path.as_str(), edit.before.as_str()), ("/repo/tests/test_tabs.py", ""));
        assert_eq!(steps[0].observation, "File created");
        assert_eq!(steps[1].thought, "Done.");
    }

    /// An interactive session: the person's later prompts, typed, queued while the agent worked,
    /// a slash command and an interruption, in their places among the agent's steps; what Claude
    /// Code writes in the person's turn (a command's output, the summary of a compacted
    /// conversation, the editor's note on the file open) left out.
    #[test]
    fn a_sessions_later_prompts_are_steps_in_their_places() {
        let user = |content: Value| json!({"type": "user", "sessionId": "s3", "message": {"role": "user", "content": content}});
        let assistant = |id: &str, block: Value| json!({"type": "assistant", "sessionId": "s3", "message": {"id": id, "content": [block]}});
        let lines = [
            user(json!("Make the parser accept tabs.")),
            assistant(
                "m1",
                json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "pytest -q"}}),
            ),
            json!({"type": "attachment", "attachment": {"type": "queued_command", "commandMode": "prompt", "origin": {"kind": "human"}, "prompt": "and check the docs too"}}),
            json!({"type": "attachment", "attachment": {"type": "queued_command", "commandMode": "task-notification", "prompt": "<task-notification>done</task-notification>"}}),
            user(
                json!([{"type": "tool_result", "tool_use_id": "t1", "content": "1 failed"}, {"type": "text", "text": "[Request interrupted by user for tool use]"}]),
            ),
            user(json!(
                "<command-message>model</command-message>\n<command-name>/model</command-name>\n<command-args>opus</command-args>"
            )),
            user(json!("<local-command-stdout>Set model to opus</local-command-stdout>")),
            json!({"type": "user", "isCompactSummary": true, "message": {"role": "user", "content": "This session is being continued from a previous conversation."}}),
            user(json!([
                {"type": "text", "text": "<ide_opened_file>The user opened the file /repo/parse.py in the IDE.</ide_opened_file>"},
                {"type": "text", "text": "Now the tests too."},
                {"type": "text", "text": "Both of them."}
            ])),
            assistant("m2", json!({"type": "text", "text": "Done."})),
        ];
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let (trajectory, steps) = read(&text);
        assert_eq!(trajectory.task.as_deref(), Some("Make the parser accept tabs."));
        let shown: Vec<(&str, &str)> = steps.iter().map(|s| (s.prompt.as_str(), s.action.as_str())).collect();
        assert_eq!(
            shown,
            [
                ("", "pytest -q"),
                ("and check the docs too", ""),
                ("[Request interrupted by user for tool use]", ""),
                ("/model opus", ""),
                ("Now the tests too.\n\nBoth of them.", ""),
                ("", ""),
            ]
        );
        assert_eq!(steps[0].observation, "1 failed");
        assert_eq!(steps[5].thought, "Done.");
    }

    #[test]
    fn a_transcript_cut_off_mid_line_keeps_what_came_before() {
        let whole = stream_json();
        let cut = &whole[..whole.find("\"m3\"").unwrap()];
        let mut sink = super::super::Collected::default();
        let error = super::super::transcripts::stream_transcript(
            super::super::transcripts::start_of(cut.as_bytes()).unwrap(),
            cut.as_bytes(),
            Path::new("a__b-1.jsonl"),
            &Default::default(),
            &mut sink,
        )
        .unwrap_err();
        assert!(format!("{error:#}").contains("a__b-1.jsonl: line 14 breaks off"), "{error:#}");
        assert_eq!(sink.trajectories.len(), 1);
        assert_eq!(sink.trajectories[0].steps.len(), 3, "the three calls answered before the break");
    }

    /// Claude Code records the file as it was before an edit beside the edit's result
    /// (`tool_use_result` as it prints it, `toolUseResult` in a session file).
    #[test]
    fn a_plan_reads_as_its_items_with_their_status() {
        let todos = json!({"todos": [
            {"content": "Run the tests", "status": "completed", "activeForm": "Running the tests"},
            {"content": "Fix the parser", "status": "in_progress", "activeForm": "Fixing the parser"},
            {"content": "Add a test for tabs", "status": "pending", "activeForm": "Adding a test"}
        ]});
        let block = json!({"type": "tool_use", "id": "t1", "name": "TodoWrite", "input": todos});
        let step = call_step(&block, "Planning.".to_string());
        assert_eq!(step.action, "TodoWrite", "a plan is no command");
        assert_eq!(
            step.thought,
            "Planning.\n\n- [x] Run the tests\n- [~] Fix the parser\n- [ ] Add a test for tabs"
        );
    }

    #[test]
    fn the_result_alone_shows_its_answer() {
        let result = json!({"type": "result", "subtype": "error_max_turns", "is_error": true, "num_turns": 30, "result": "Stopped.", "session_id": "s", "total_cost_usd": 1.5, "usage": {"input_tokens": 10, "output_tokens": 2}});
        let (trajectory, steps) = read(&format!("{result}\n"));
        assert_eq!(trajectory.exit_status.as_deref(), Some("error_max_turns"));
        assert_eq!(trajectory.cost, Some(1.5));
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].thought, "Stopped.");
    }
}
