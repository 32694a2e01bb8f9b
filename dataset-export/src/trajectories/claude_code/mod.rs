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
use super::transcripts::{add_words, call_form, call_line, pattern_in, plan_list, words_step};
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
        action_form: call_form(input),
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
mod tests;
