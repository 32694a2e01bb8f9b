//! OpenCode's sessions: what `opencode run --format json` prints ([`run_json`]) and what
//! `opencode export <session>` writes ([`export`]). Both are made of the parts of the session's
//! messages: the model's `text` and `reasoning`, each `tool` call with its `state` (its `input`,
//! and once done its `output` or `error`, `metadata` and `time`), and a `step-finish` closing
//! each call to the model with its `tokens` and `cost`.

pub mod export;
pub mod run_json;

use benchscope_contract::trajectory::codex_patch::CODEX_PATCH_TOOL;
use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::{ActionForm, Edit, Step, TimeSpan, Trajectory};
use serde_json::Value;

use super::transcripts::{add_words, call_form, call_line, edit_named, edits_in_turn, pattern_in, plan_list, words_step, EditKeys};
use super::turns::Turns;
use super::{text, AgentAndModel};

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "opencode";

/// What OpenCode's `edit` calls name the text replaced and the text put in its place.
const CAMEL_CASE_EDIT: EditKeys = ("oldString", "newString");

/// A session's parts read so far.
#[derive(Default)]
struct Parts {
    turns: Turns,
    model: Option<String>,
    /// Tokens sent and written, summed over the calls to the model.
    tokens: Option<(u64, u64)>,
    cost: Option<f64>,
    model_calls: u64,
    /// Why the last call to the model ended (`stop`, `tool-calls`, `length`).
    last_reason: Option<String>,
    failed: bool,
    span: TimeSpan,
}

impl Parts {
    /// One part of the agent's message.
    fn part(&mut self, part: &Value, steps: &mut Vec<Step>) {
        match type_of(part) {
            Some("text" | "reasoning") if !is_synthetic(part) => self.turns.say(&text(part, "text").unwrap_or_default()),
            Some("tool") => self.turns.call(None, |thought| tool_step(part, thought), steps),
            Some("step-finish") => self.model_answered(part),
            _ => {}
        }
    }

    /// The person's message: its own words (not the files OpenCode attached as text).
    fn prompted(&mut self, parts: &[Value], steps: &mut Vec<Step>) {
        let words: Vec<String> = parts
            .iter()
            .filter(|part| type_of(part) == Some("text") && !is_synthetic(part))
            .filter_map(|part| text(part, "text"))
            .collect();
        self.turns.prompted(words.join("\n\n"), steps);
    }

    /// A call to the model ended: its tokens, its cost and why it stopped.
    fn model_answered(&mut self, finish: &Value) {
        self.model_calls += 1;
        if let Some(tokens) = finish.get("tokens").filter(|t| t.is_object()) {
            self.add_tokens(tokens);
        }
        if let Some(cost) = finish.get("cost").and_then(Value::as_f64) {
            self.cost = Some(self.cost.unwrap_or(0.0) + cost);
        }
        self.last_reason = text(finish, "reason").or(self.last_reason.take());
    }

    /// OpenCode's count of tokens (`input`, `output`, `reasoning`, `cache.read`, `cache.write`):
    /// all sent (the cache's too) and all written (the reasoning's too).
    fn add_tokens(&mut self, tokens: &Value) {
        let count = |pointer: &str| tokens.pointer(pointer).and_then(Value::as_u64).unwrap_or(0);
        let (sent, written) = self.tokens.unwrap_or_default();
        self.tokens = Some((
            sent + count("/input") + count("/cache/read") + count("/cache/write"),
            written + count("/output") + count("/reasoning"),
        ));
    }

    /// The session stopped on `error` (`{name, data: {message}}`): a step saying so.
    fn stopped(&mut self, error: &Value, steps: &mut Vec<Step>) {
        self.failed = true;
        let message = error
            .pointer("/data/message")
            .and_then(Value::as_str)
            .or_else(|| error.get("message").and_then(Value::as_str))
            .or_else(|| error.get("name").and_then(Value::as_str))
            .or_else(|| error.as_str())
            .unwrap_or("an error");
        self.turns.push(words_step(format!("OpenCode stopped: {message}")), steps);
    }

    fn finish(self, version: Option<&str>, steps: &mut Vec<Step>) -> Trajectory {
        let made_by = AgentAndModel::new(Some("OpenCode"), version, self.model.as_deref());
        let exit_status = match self.failed {
            true => Some("error".to_string()),
            false => self.last_reason,
        };
        Trajectory {
            exit_status,
            task: self.turns.finish(steps),
            agent: made_by.agent,
            model: made_by.model,
            tokens_in: self.tokens.map(|t| t.0),
            tokens_out: self.tokens.map(|t| t.1),
            cost: self.cost,
            api_calls: (self.model_calls > 0).then_some(self.model_calls),
            seconds: self.span.seconds(),
            date: self.span.first_day(),
            ..Trajectory::default()
        }
    }
}

/// Text OpenCode wrote itself into a message (a file attached, a command's expansion).
fn is_synthetic(part: &Value) -> bool {
    part.get("synthetic").and_then(Value::as_bool) == Some(true)
}

/// The step of a `tool` part: its call as a line (a command as it is, a patch as the patch, an
/// edit as its file's change, a to-do list as a plan), with what it gave back.
fn tool_step(part: &Value, thought: String) -> Step {
    let tool = text(part, "tool").unwrap_or_else(|| "tool".into());
    let state = part.get("state").unwrap_or(&Value::Null);
    let input = state.get("input").unwrap_or(&Value::Null);
    let metadata = state.get("metadata").unwrap_or(&Value::Null);
    let edit = edit_of(&tool, input, metadata);
    let plan = input.get("todos").and_then(|todos| plan_list(todos, "content"));
    let patch = text(input, "patchText").filter(|_| matches!(tool.as_str(), "patch" | "apply_patch"));
    let (tool_shown, action) = match (&patch, &edit) {
        (Some(patch), _) => (CODEX_PATCH_TOOL.to_string(), patch.trim_end().to_string()),
        (None, Some(edit)) => (tool.clone(), format!("{tool} {}", edit.path)),
        (None, None) if plan.is_some() => (tool.clone(), tool.clone()),
        (None, None) => (tool.clone(), call_line(&tool, input, subject_of(input))),
    };
    let mut thought = thought;
    add_words(&mut thought, plan.as_deref().unwrap_or_default());
    let time = |key: &str| state.pointer(&format!("/time/{key}")).and_then(Value::as_f64);
    let action_form = match patch {
        Some(_) => ActionForm::Command,
        None => call_form(input),
    };
    Step {
        thought,
        tool: Some(tool_shown),
        action,
        action_form,
        observation: answer_of(state),
        returncode: metadata.get("exit").and_then(Value::as_i64),
        seconds: time("start").zip(time("end")).map(|(start, end)| (end - start).max(0.0) / 1000.0),
        edit,
        ..Step::default()
    }
}

/// What a call is on: a file, a search's pattern, a folder, an address, a subagent's task.
fn subject_of(input: &Value) -> Option<String> {
    text(input, "filePath")
        .or_else(|| pattern_in(input))
        .or_else(|| text(input, "path"))
        .or_else(|| text(input, "url"))
        .or_else(|| text(input, "description"))
}

/// The change an `edit`, `multiedit` or `write` call made to its file: the file before and after
/// where OpenCode recorded them (`metadata.filediff`), else the text it replaced (`oldString` →
/// `newString`, a `multiedit`'s edits one after the other) or, written whole, its `content`.
fn edit_of(tool: &str, input: &Value, metadata: &Value) -> Option<Edit> {
    let path = text(input, "filePath")?;
    let diff = metadata.get("filediff").filter(|d| d.is_object());
    if let Some((before, after)) = diff.and_then(|d| Some((text(d, "before")?, text(d, "after")?))) {
        return Some(Edit {
            path,
            before,
            after,
            first_line: Some(1),
        });
    }
    match tool {
        "edit" => edit_named(path, input, false, CAMEL_CASE_EDIT),
        "write" => edit_named(path, input, true, CAMEL_CASE_EDIT),
        "multiedit" => Some(edits_in_turn(path, input.get("edits")?.as_array()?, CAMEL_CASE_EDIT)),
        _ => None,
    }
}

/// What a call gave back: its `output` once completed, its `error` once failed; nothing while
/// it was still running when the session ended.
fn answer_of(state: &Value) -> String {
    match text(state, "status").as_deref() {
        Some("error") => format!("Error: {}", text(state, "error").unwrap_or_default()),
        _ => text(state, "output").unwrap_or_default(),
    }
}
