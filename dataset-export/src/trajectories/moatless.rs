//! Moatless Tools' trajectories of 2024, as its SWE-bench submissions publish them in `trajs/`
//! (`<instance>.json`): `{name: "AgenticLoop" | "MoatlessTools", initial_message, transitions,
//! info}`. The agent moves through states (`SearchCode`, `IdentifyCode`, `DecideRelevance`,
//! `PlanToCode`, `ClarifyCodeChange`, `EditCode`, `Finished`); a transition is one state with
//! its `properties` (the model it asks) and its `actions`, each the state's request to the model
//! and what came of it. June 2024's files write an action as `{action: {thoughts, action: {…}} |
//! {content}, output, completion_cost}`, August's as `{request: {scratch_pad, …}, response:
//! {trigger, output}, completion: {usage: {completion_cost, prompt_tokens, completion_tokens}}}`.
//! `info` holds the instance, how it ended (`status`, `error`, or `completed`), its time, cost
//! and the `submission`.

use benchscope_contract::patch::{parse_patch, LineKind};
use benchscope_contract::trajectory::{ActionForm, Edit, Step, Trajectory};
use serde_json::{Map, Value};

use super::{text, AgentAndModel, StepReader, TrajectoryFormat};

pub mod nodes;

/// The format.
pub struct Moatless;

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "moatless";

/// The names Moatless gives its loop at the head of a trajectory.
const LOOP_NAMES: [&str; 2] = ["MoatlessTools", "AgenticLoop"];

impl TrajectoryFormat for Moatless {
    fn name(&self) -> &'static str {
        FORMAT
    }

    fn detect(&self, skeleton: &Value) -> bool {
        skeleton.get("transitions").is_some_and(Value::is_array) && skeleton.get("initial_message").is_some_and(Value::is_string)
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(Reader {
            skeleton,
            tokens: (0, 0),
            calls: 0,
            first_model: None,
        })
    }

    fn instance_of(&self, skeleton: &Value) -> Option<String> {
        skeleton.pointer("/info/instance_id").and_then(Value::as_str).map(str::to_string)
    }

    /// Moatless Tools with the model its loop names for every state, else the first state's.
    fn agent_of(&self, skeleton: &Value) -> AgentAndModel {
        let model = skeleton.pointer("/transition_rules/global_params/model").and_then(Value::as_str);
        AgentAndModel::new(Some("Moatless Tools"), None, model)
    }
}

/// Whether the first kilobytes of a JSON file, `head`, begin a Moatless trajectory: the name
/// of its loop comes first.
pub fn begins_as_trajectory(head: &str) -> bool {
    let head = head.trim_start();
    head.starts_with('{')
        && LOOP_NAMES
            .iter()
            .any(|name| head.contains(&format!("\"name\": \"{name}\"")) || head.contains(&format!("\"name\":\"{name}\"")))
}

/// The steps read so far, with the tokens and calls they counted.
struct Reader {
    skeleton: Value,
    tokens: (u64, u64),
    calls: u64,
    /// The model of the first state that names one, for a loop that names none for all.
    first_model: Option<String>,
}

impl StepReader for Reader {
    fn element(&mut self, key: &str, transition: Value, steps: &mut Vec<Step>) {
        if key != "transitions" {
            return;
        }
        let state = text(&transition, "name").unwrap_or_default();
        if self.first_model.is_none() {
            self.first_model = transition.pointer("/properties/model").and_then(Value::as_str).map(str::to_string);
        }
        let file = transition.pointer("/properties/file_path").and_then(Value::as_str);
        for action in transition.get("actions").and_then(Value::as_array).into_iter().flatten() {
            let step = step_of(&state, file, action);
            self.calls += 1;
            self.tokens.0 += step.tokens_in.unwrap_or(0);
            self.tokens.1 += step.tokens_out.unwrap_or(0);
            steps.push(step);
        }
    }

    fn finish(self: Box<Self>, _steps: &mut Vec<Step>) -> Trajectory {
        let info = self.skeleton.get("info").cloned().unwrap_or(Value::Null);
        let counted = self.tokens != (0, 0);
        let global_model = self
            .skeleton
            .pointer("/transition_rules/global_params/model")
            .and_then(Value::as_str);
        Trajectory {
            task: text(&self.skeleton, "initial_message"),
            exit_status: exit_status(&info),
            submission: text(&info, "submission").filter(|patch| !patch.trim().is_empty()),
            cost: info.get("total_cost").and_then(Value::as_f64),
            seconds: info.get("duration").and_then(Value::as_f64),
            date: text(&info, "trace_id").and_then(|id| date_of_trace(&id)),
            model: global_model.is_none().then_some(self.first_model).flatten(),
            tokens_in: counted.then_some(self.tokens.0),
            tokens_out: counted.then_some(self.tokens.1),
            api_calls: (self.calls > 0).then_some(self.calls),
            ..Trajectory::default()
        }
    }
}

/// How the loop ended: its `status` (with the last line of its `error`, which names why), or
/// `completed`.
fn exit_status(info: &Value) -> Option<String> {
    let error = text(info, "error").and_then(|e| e.lines().rev().find(|l| !l.trim().is_empty()).map(str::to_string));
    match (text(info, "status"), error) {
        (Some(status), Some(error)) => Some(format!("{status}: {error}")),
        (Some(status), None) => Some(status),
        (None, Some(error)) => Some(format!("error: {error}")),
        (None, None) => (info.get("completed") == Some(&Value::Bool(true))).then(|| "completed".to_string()),
    }
}

/// The day of a trace id that ends in when it began (`coder_<instance>_20240817-203613`).
fn date_of_trace(id: &str) -> Option<String> {
    let (_, stamp) = id.rsplit_once('_')?;
    let day = stamp.split('-').next()?;
    (day.len() == 8 && day.bytes().all(|b| b.is_ascii_digit())).then(|| format!("{}-{}-{}", &day[..4], &day[4..6], &day[6..]))
}

/// One action of a state (on `file`, where the state names one): what the model was asked to do
/// and said, and what came of it.
fn step_of(state: &str, file: Option<&str>, action: &Value) -> Step {
    let (request, output, trigger) = match action.get("request") {
        Some(request) => (
            request,
            action.pointer("/response/output"),
            action.pointer("/response/trigger").and_then(Value::as_str),
        ),
        None => (action.get("action").unwrap_or(&Value::Null), action.get("output"), None),
    };
    let thought = ["scratch_pad", "thoughts"]
        .iter()
        .find_map(|key| text(request, key))
        .unwrap_or_default();
    // June's files nest the call under the thoughts; an edit's new text is its `content`.
    let call = request.get("action").filter(|call| call.is_object()).unwrap_or(request);
    let (action_text, action_form) = match text(call, "content") {
        Some(content) => (content, form_of_content(text(call, "file_path").as_deref().or(file))),
        None => (fields_text(call), ActionForm::Words),
    };
    let (observation, edit) = what_came_of(output, trigger);
    let usage = action.pointer("/completion/usage");
    let count = |key: &str| usage.and_then(|u| u.get(key)).and_then(Value::as_u64);
    Step {
        thought,
        tool: Some(state.to_string()),
        action: action_text,
        action_form,
        observation,
        tokens_in: count("prompt_tokens"),
        tokens_out: count("completion_tokens"),
        cost: usage
            .and_then(|u| u.get("completion_cost"))
            .or_else(|| action.get("completion_cost"))
            .and_then(Value::as_f64),
        edit,
        ..Step::default()
    }
}

/// An edit's new text is code in its file's language: Python for a `.py` file, else shown plain.
fn form_of_content(file: Option<&str>) -> ActionForm {
    match file.is_some_and(|path| path.ends_with(".py")) {
        true => ActionForm::Python,
        false => ActionForm::Words,
    }
}

/// What came of an action, as words: the response's trigger (`→ did_search`), then its output's
/// message, else its fields; and the change it made, where its output records one of one hunk,
/// drawn as a diff and not written out again in the words.
fn what_came_of(output: Option<&Value>, trigger: Option<&str>) -> (String, Option<Edit>) {
    let mut message = output.and_then(|o| text(o, "message"));
    let fenced = message.as_deref().and_then(fenced_diff);
    let edit = output
        .and_then(|o| text(o, "diff"))
        .or(fenced.clone())
        .and_then(|diff| edit_of_diff(&diff));
    if let (Some(_), Some(fenced), Some(text)) = (&edit, &fenced, &message) {
        message = Some(text.replacen(&format!("```diff\n{fenced}```"), "", 1).trim_end().to_string());
    }
    let words = match (message, output) {
        (Some(message), _) => message,
        (None, Some(Value::Object(fields))) => fields_text_of(fields),
        (None, Some(other)) if !other.is_null() => other.to_string(),
        _ => String::new(),
    };
    let words = match trigger {
        Some(trigger) => format!("→ {trigger}\n{words}").trim_end().to_string(),
        None => words,
    };
    (words, edit)
}

/// A request's or an output's fields, a line each (`file_path: a.py`), its thoughts left to the
/// step's thought; a list of records a line per record.
fn fields_text(value: &Value) -> String {
    match value {
        Value::Object(fields) => fields_text_of(fields),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn fields_text_of(fields: &Map<String, Value>) -> String {
    let mut lines = Vec::new();
    for (key, value) in fields
        .iter()
        .filter(|(key, _)| !["scratch_pad", "thoughts"].contains(&key.as_str()))
    {
        match value {
            Value::Null => {}
            Value::String(text) if text.is_empty() => {}
            Value::String(text) => lines.push(format!("{key}: {text}")),
            Value::Array(items) if items.iter().all(Value::is_object) => {
                lines.extend(items.iter().map(|item| format!("{key}: {}", inline_record(item))));
            }
            other => lines.push(format!("{key}: {other}")),
        }
    }
    lines.join("\n")
}

/// A record on one line, its empty fields left out: `file_path=a.py span_id=A rank=0`.
fn inline_record(record: &Value) -> String {
    let Value::Object(fields) = record else { return record.to_string() };
    fields
        .iter()
        .filter(|(_, v)| !v.is_null() && v.as_str() != Some("") && v.as_array().is_none_or(|a| !a.is_empty()))
        .map(|(key, value)| match value {
            Value::String(text) => format!("{key}={text}"),
            other => format!("{key}={other}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The diff in a message's ```` ```diff ```` block (`Applied change:` and the change made).
fn fenced_diff(message: &str) -> Option<String> {
    let start = message.find("```diff\n")? + "```diff\n".len();
    let end = message[start..].find("\n```").map_or(message.len(), |e| start + e + 1);
    Some(message[start..end].to_string())
}

/// The edit a diff of one hunk in one file made, placed at its line; a diff of more is left as
/// the words it came in.
fn edit_of_diff(diff: &str) -> Option<Edit> {
    let files = parse_patch(diff);
    let [file] = files.as_slice() else { return None };
    let [hunk] = file.hunks.as_slice() else { return None };
    let side = |kept: LineKind| -> String {
        hunk.lines
            .iter()
            .filter(|line| line.kind == LineKind::Context || line.kind == kept)
            .map(|line| format!("{}\n", line.text))
            .collect()
    };
    Some(Edit {
        path: file.new_path.clone().or_else(|| file.old_path.clone())?,
        before: side(LineKind::Removed),
        after: side(LineKind::Added),
        first_line: Some(hunk.old_start),
    })
}

#[cfg(test)]
mod tests;
