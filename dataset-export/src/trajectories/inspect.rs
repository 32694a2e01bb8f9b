//! Inspect AI's logs: an `.eval` zip archive whose `samples/<id>_epoch_<n>.json` each hold one
//! sample: `{id, epoch, input, target, messages, output, scores, metadata, events, model_usage}`;
//! or a JSON log (`--log-format json`, Inspect's default before `.eval`), one document
//! `{version, status, eval, plan, results, stats, samples: [sample, ...]}`, whose samples are read
//! one at a time (each held whole while it is read, where an `.eval` sample streams).
//! The conversation is in `messages`: an assistant message calls tools (`tool_calls`, each with
//! an `id`, a `function` name and its `arguments`), and each `role: tool` message answers the call
//! named by its `tool_call_id`. A sample of a later epoch is the instance `<id>.epoch<n>`.

use std::fs::File;
use std::io::{BufReader, Read, Seek};
use std::path::Path;

use anyhow::Context;
use benchscope_contract::trajectory::{ActionForm, Step, TimeSpan, Trajectory};
use serde_json::Value;

use super::answers::AwaitingAnswers;
use super::{
    call_text, content_text, edit_line, edit_of, stream, stream_documents, AgentAndModel, StepReader, TrajectoryFormat, TrajectorySink,
};

/// The format.
pub struct Inspect;

/// Whether `start` (a file's first bytes) opens a zip archive: a local file header.
pub fn is_zip(start: &[u8]) -> bool {
    start.starts_with(b"PK\x03\x04")
}

/// Whether the file at `path` is a zip archive.
pub fn is_zip_file(path: &Path) -> anyhow::Result<bool> {
    let mut start = [0u8; 4];
    let mut file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let read = file.read(&mut start).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(is_zip(&start[..read]))
}

/// Streams the samples of the `.eval` archive at `path` into `sink`.
pub fn stream_samples(path: &Path, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
    let file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    stream_samples_of(BufReader::new(file), path, sink)
}

/// Streams the samples of the `.eval` archive `archive` (read from `path`) into `sink`, in their
/// names' order, each decompressed twice (for its skeleton, then for its steps) rather than held.
pub fn stream_samples_of(archive: impl Read + Seek, path: &Path, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
    let mut archive = zip::ZipArchive::new(archive).with_context(|| format!("{}: not a readable zip archive", path.display()))?;
    let mut names: Vec<String> = archive
        .file_names()
        .filter(|n| n.starts_with("samples/") && n.ends_with(".json"))
        .map(str::to_string)
        .collect();
    names.sort();
    let mut sink = WithModel {
        model: archive_model(&mut archive),
        sink,
    };
    for name in names {
        let label = format!("{}: {name}", path.display());
        let entry = archive.by_name(&name).with_context(|| format!("{label}: cannot read it"))?;
        let skeletons = stream::skeletons(BufReader::new(entry)).with_context(|| format!("{label}: not JSON"))?;
        let entry = archive.by_name(&name).with_context(|| format!("{label}: cannot read it"))?;
        stream_documents(BufReader::new(entry), skeletons, path, &label, &mut sink)?;
    }
    Ok(())
}

/// The model the archive's header names (`eval.model`, in `header.json`, or in
/// `_journal/start.json` while the run is still going). A header is read whole, so one that
/// inflates past [`MAX_HEADER_BYTES`] (a zip bomb) is not read.
fn archive_model(archive: &mut zip::ZipArchive<impl Read + Seek>) -> Option<String> {
    ["header.json", "_journal/start.json"].into_iter().find_map(|name| {
        let entry = archive.by_name(name).ok()?.take(MAX_HEADER_BYTES);
        let header: Value = serde_json::from_reader(crate::input::forgiving(entry).ok()?).ok()?;
        header_model(&header)
    })
}

/// Far more than a header's plan, stats and the results of its scorers.
const MAX_HEADER_BYTES: u64 = 16 << 20;

/// The model a log's header names: `eval.model`, with its provider (`ollama/llama3.1`), where a
/// sample's `output` names it without (`llama3.1`).
fn header_model(header: &Value) -> Option<String> {
    header.pointer("/eval/model").and_then(Value::as_str).map(str::to_string)
}

/// A sink that gives every trajectory the log's model.
struct WithModel<'a> {
    model: Option<String>,
    sink: &'a mut dyn TrajectorySink,
}

impl TrajectorySink for WithModel<'_> {
    fn begin(&mut self, instance: &str) -> anyhow::Result<()> {
        self.sink.begin(instance)
    }

    fn step(&mut self, step: Step) -> anyhow::Result<()> {
        self.sink.step(step)
    }

    fn end(&mut self, mut trajectory: Trajectory) -> anyhow::Result<()> {
        trajectory.model = self.model.clone().or(trajectory.model);
        self.sink.end(trajectory)
    }

    fn abandon(&mut self) {
        self.sink.abandon()
    }
}

/// Whether `skeleton` is an Inspect JSON log: its `eval` names the task, and it has `samples`.
pub fn is_json_log(skeleton: &Value) -> bool {
    skeleton.get("eval").is_some_and(|eval| eval.get("task").is_some()) && skeleton.get("samples").is_some_and(Value::is_array)
}

/// Streams the samples of the Inspect JSON log `reader` holds (read from `path`, its skeleton
/// `log`) into `sink`, each as the document an `.eval` archive would hold.
pub fn stream_json_log(reader: impl Read, path: &Path, log: &Value, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
    let mut samples = JsonLogSamples {
        path,
        sink: WithModel {
            model: header_model(log),
            sink,
        },
        read: 0,
    };
    stream::elements(reader, &mut samples)
}

struct JsonLogSamples<'a> {
    path: &'a Path,
    sink: WithModel<'a>,
    read: usize,
}

impl stream::Elements for JsonLogSamples<'_> {
    fn element(&mut self, _document: usize, key: &str, sample: Value) -> anyhow::Result<()> {
        if key != "samples" {
            return Ok(());
        }
        let label = format!("{}: samples[{}]", self.path.display(), self.read);
        self.read += 1;
        let bytes = serde_json::to_vec(&sample)?;
        let skeletons = stream::skeletons(bytes.as_slice()).with_context(|| format!("{label}: not JSON"))?;
        stream_documents(bytes.as_slice(), skeletons, self.path, &label, &mut self.sink)
    }

    fn end(&mut self, _document: usize) -> anyhow::Result<()> {
        Ok(())
    }
}

impl TrajectoryFormat for Inspect {
    fn name(&self) -> &'static str {
        "inspect"
    }

    fn detect(&self, skeleton: &Value) -> bool {
        skeleton.get("epoch").is_some_and(Value::is_u64)
            && skeleton.get("id").is_some()
            && skeleton.get("messages").is_some_and(Value::is_array)
    }

    /// The model the sample's `output` names, else the one model of its `model_usage` (the log's
    /// header, where there is one, names it more fully: [`WithModel`]).
    fn agent_of(&self, skeleton: &Value) -> AgentAndModel {
        let used = skeleton.get("model_usage").and_then(Value::as_object);
        let only_used = used.filter(|models| models.len() == 1).and_then(|models| models.keys().next());
        let model = skeleton
            .pointer("/output/model")
            .and_then(Value::as_str)
            .or(only_used.map(String::as_str));
        AgentAndModel::new(None, None, model)
    }

    fn instance_of(&self, skeleton: &Value) -> Option<String> {
        let id = match skeleton.get("id")? {
            Value::String(id) => id.clone(),
            other => other.to_string(),
        };
        match skeleton.get("epoch").and_then(Value::as_u64) {
            Some(epoch) if epoch > 1 => Some(format!("{id}.epoch{epoch}")),
            _ => Some(id),
        }
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(Reader {
            skeleton,
            waiting: AwaitingAnswers::default(),
            model_events: 0,
            span: TimeSpan::default(),
        })
    }
}

/// The assistant's messages make the steps, each tool call's held until the tool message
/// answering it is in; the events give the model calls and the wall time.
struct Reader {
    skeleton: Value,
    waiting: AwaitingAnswers,
    model_events: u64,
    span: TimeSpan,
}

impl StepReader for Reader {
    fn element(&mut self, key: &str, element: Value, steps: &mut Vec<Step>) {
        match (key, role(&element)) {
            ("messages", "assistant") => {
                for (call, step) in assistant_steps(&element) {
                    self.waiting.push(call, step, steps);
                }
            }
            ("messages", "tool") => {
                if let Some(call) = element.get("tool_call_id").and_then(Value::as_str) {
                    self.waiting.answer(call, |step| step.observation = answer_text(&element), steps);
                }
            }
            ("events", _) => {
                if element.get("event").and_then(Value::as_str) == Some("model") {
                    self.model_events += 1;
                }
                if let Some(timestamp) = element.get("timestamp").and_then(Value::as_str) {
                    self.span.add(timestamp);
                }
            }
            _ => {}
        }
    }

    fn finish(self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        self.waiting.finish(steps);
        let document = &self.skeleton;
        let (tokens_in, tokens_out) = usage(document);
        Trajectory {
            exit_status: Some(exit_status(document)),
            submission: submission(document),
            task: document.get("input").map(|input| match input {
                Value::String(text) => text.clone(),
                Value::Array(messages) => messages.iter().map(content_text).collect::<Vec<_>>().join("\n\n"),
                _ => String::new(),
            }),
            cost: None,
            tokens_in,
            tokens_out,
            api_calls: Some(self.model_events),
            seconds: document.get("total_time").and_then(Value::as_f64).or(self.span.seconds()),
            date: self.span.first_day(),
            ..Trajectory::default()
        }
    }
}

fn role(message: &Value) -> &str {
    message.get("role").and_then(Value::as_str).unwrap_or_default()
}

/// One step per tool call of `message`, each with the id of the call its answer will name; a
/// message that calls nothing is one step of its text (the agent's answer).
fn assistant_steps(message: &Value) -> Vec<(Option<String>, Step)> {
    let thought = content_text(message);
    let calls: Vec<&Value> = message.get("tool_calls").and_then(Value::as_array).into_iter().flatten().collect();
    if calls.is_empty() {
        return vec![(
            None,
            Step {
                thought,
                ..Step::default()
            },
        )];
    }
    calls
        .into_iter()
        .map(|call| {
            let tool = function_name(call);
            let arguments = arguments_of(call);
            let edit = edit_of(&arguments);
            let (action, action_form) = match &edit {
                Some(edit) => (edit_line(&arguments, tool.as_deref(), edit), ActionForm::Command),
                None => call_text(&arguments, tool.as_deref()),
            };
            let step = Step {
                thought: thought.clone(),
                action,
                action_form,
                tool,
                edit,
                ..Step::default()
            };
            (call.get("id").and_then(Value::as_str).map(str::to_string), step)
        })
        .collect()
}

/// What a tool message says: its content, and the error it reports.
fn answer_text(answer: &Value) -> String {
    let text = content_text(answer);
    match answer.get("error").and_then(|e| e.get("message")).and_then(Value::as_str) {
        Some(error) => format!("{text}\n{error}").trim().to_string(),
        None => text,
    }
}

/// Inspect names the function as a string; OpenAI-style logs as `function.name`.
fn function_name(call: &Value) -> Option<String> {
    match call.get("function")? {
        Value::String(name) => Some(name.clone()),
        other => other.get("name").and_then(Value::as_str).map(str::to_string),
    }
}

/// The call's arguments (Inspect's object, or OpenAI's JSON text).
fn arguments_of(call: &Value) -> Value {
    let arguments = call
        .get("arguments")
        .or_else(|| call.get("function").and_then(|f| f.get("arguments")))
        .cloned()
        .unwrap_or(Value::Null);
    match arguments {
        Value::String(text) => serde_json::from_str(&text).unwrap_or(Value::String(text)),
        other => other,
    }
}

/// An error, a limit hit, or the model's stop reason.
fn exit_status(document: &Value) -> String {
    if let Some(error) = document.get("error").filter(|e| !e.is_null()) {
        let message = error.get("message").and_then(Value::as_str).unwrap_or("error");
        return format!("error: {message}");
    }
    if let Some(limit) = document.get("limit").filter(|l| !l.is_null()) {
        return format!("limit: {}", limit.get("type").and_then(Value::as_str).unwrap_or("reached"));
    }
    document
        .pointer("/output/choices/0/stop_reason")
        .and_then(Value::as_str)
        .unwrap_or("completed")
        .to_string()
}

/// The patch a scorer kept (`scores.<scorer>.metadata.model_patch`, as SWE-bench scorers do).
fn submission(document: &Value) -> Option<String> {
    let scores = document.get("scores")?.as_object()?;
    scores
        .values()
        .find_map(|score| score.pointer("/metadata/model_patch").and_then(Value::as_str))
        .filter(|patch| !patch.trim().is_empty())
        .map(str::to_string)
}

/// Input and output tokens over every model the sample used.
fn usage(document: &Value) -> (Option<u64>, Option<u64>) {
    let per_model: Vec<&Value> = match document.get("model_usage").and_then(Value::as_object) {
        Some(models) if !models.is_empty() => models.values().collect(),
        _ => document.pointer("/output/usage").into_iter().collect(),
    };
    let sum = |key: &str| {
        let values: Vec<u64> = per_model.iter().filter_map(|u| u.get(key).and_then(Value::as_u64)).collect();
        (!values.is_empty()).then(|| values.iter().sum())
    };
    (sum("input_tokens"), sum("output_tokens"))
}
