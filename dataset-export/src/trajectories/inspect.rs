//! Inspect AI's `.eval` logs: a zip archive whose `samples/<id>_epoch_<n>.json` each hold one
//! sample: `{id, epoch, input, target, messages, output, scores, metadata, events, model_usage}`.
//! The conversation is in `messages`: an assistant message calls tools (`tool_calls`, each with
//! an `id`, a `function` name and its `arguments`), and each `role: tool` message answers the call
//! named by its `tool_call_id`. A sample of a later epoch is the instance `<id>.epoch<n>`.

use std::io::Read;
use std::path::Path;

use anyhow::Context;
use benchscope_contract::trajectory::{span_seconds, Step, Trajectory};
use serde_json::Value;

use super::{content_text, edit_line, edit_of, TrajectoryFormat};

/// The format.
pub struct Inspect;

/// A zip archive starts with a local file header.
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// The sample documents of the `.eval` archive `bytes` (read from `path`), one at a time.
pub fn samples(bytes: &[u8], path: &Path) -> anyhow::Result<Vec<Value>> {
    let mut archive =
        zip::ZipArchive::new(std::io::Cursor::new(bytes)).with_context(|| format!("{}: not a readable zip archive", path.display()))?;
    let mut names: Vec<String> = archive
        .file_names()
        .filter(|n| n.starts_with("samples/") && n.ends_with(".json"))
        .map(str::to_string)
        .collect();
    names.sort();
    let mut samples = Vec::new();
    for name in names {
        let mut text = String::new();
        archive
            .by_name(&name)
            .and_then(|mut entry| entry.read_to_string(&mut text).map_err(zip::result::ZipError::Io))
            .with_context(|| format!("{}: cannot read {name}", path.display()))?;
        samples.push(serde_json::from_str(&text).with_context(|| format!("{}: {name}: not JSON", path.display()))?);
    }
    Ok(samples)
}

impl TrajectoryFormat for Inspect {
    fn name(&self) -> &'static str {
        "inspect"
    }

    fn detect(&self, document: &Value) -> bool {
        document.get("epoch").is_some_and(Value::is_u64)
            && document.get("id").is_some()
            && document.get("messages").is_some_and(Value::is_array)
    }

    fn instance_of(&self, document: &Value) -> Option<String> {
        let id = match document.get("id")? {
            Value::String(id) => id.clone(),
            other => other.to_string(),
        };
        match document.get("epoch").and_then(Value::as_u64) {
            Some(epoch) if epoch > 1 => Some(format!("{id}.epoch{epoch}")),
            _ => Some(id),
        }
    }

    fn read(&self, document: &Value, _instance_id: &str) -> anyhow::Result<Trajectory> {
        let messages = document
            .get("messages")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let steps = messages
            .iter()
            .filter(|m| role(m) == "assistant")
            .flat_map(|m| assistant_steps(m, messages))
            .collect();
        let (tokens_in, tokens_out) = usage(document);
        Ok(Trajectory {
            exit_status: Some(exit_status(document)),
            submission: submission(document),
            task: document.get("input").map(|input| match input {
                Value::String(text) => text.clone(),
                Value::Array(messages) => messages.iter().map(content_text).collect::<Vec<_>>().join("\n\n"),
                _ => String::new(),
            }),
            steps,
            cost: None,
            tokens_in,
            tokens_out,
            api_calls: Some(document.get("events").and_then(Value::as_array).map_or(0, |events| {
                events
                    .iter()
                    .filter(|e| e.get("event").and_then(Value::as_str) == Some("model"))
                    .count() as u64
            })),
            seconds: document.get("total_time").and_then(Value::as_f64).or_else(|| {
                let events = document
                    .get("events")
                    .and_then(Value::as_array)
                    .map(Vec::as_slice)
                    .unwrap_or_default();
                span_seconds(events.iter().filter_map(|e| e.get("timestamp").and_then(Value::as_str)))
            }),
            ..Trajectory::default()
        })
    }
}

fn role(message: &Value) -> &str {
    message.get("role").and_then(Value::as_str).unwrap_or_default()
}

/// One step per tool call of `message`, each with the answer of the tool message naming it; a
/// message that calls nothing is one step of its text (the agent's answer).
fn assistant_steps(message: &Value, messages: &[Value]) -> Vec<Step> {
    let thought = content_text(message);
    let calls: Vec<&Value> = message.get("tool_calls").and_then(Value::as_array).into_iter().flatten().collect();
    if calls.is_empty() {
        return vec![Step {
            thought,
            ..Step::default()
        }];
    }
    calls
        .into_iter()
        .map(|call| {
            let id = call.get("id").and_then(Value::as_str);
            let answer = messages
                .iter()
                .find(|m| role(m) == "tool" && id.is_some() && m.get("tool_call_id").and_then(Value::as_str) == id);
            let error = answer
                .and_then(|a| a.get("error"))
                .and_then(|e| e.get("message"))
                .and_then(Value::as_str);
            let mut observation = answer.map(content_text).unwrap_or_default();
            if let Some(error) = error {
                observation = format!("{observation}\n{error}").trim().to_string();
            }
            let tool = function_name(call);
            let arguments = arguments_of(call);
            let edit = edit_of(&arguments);
            Step {
                thought: thought.clone(),
                action: match &edit {
                    Some(edit) => edit_line(&arguments, tool.as_deref(), edit),
                    None => command_of(arguments),
                },
                tool,
                observation,
                edit,
                ..Step::default()
            }
        })
        .collect()
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

/// The call's command (`cmd`, `command` or `code` argument), else its arguments as JSON.
fn command_of(arguments: Value) -> String {
    ["cmd", "command", "code"]
        .iter()
        .find_map(|key| arguments.get(*key).and_then(Value::as_str).map(str::to_string))
        .unwrap_or_else(|| match arguments {
            Value::String(text) => text,
            Value::Null => String::new(),
            other => other.to_string(),
        })
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
