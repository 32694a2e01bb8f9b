//! Harbor's Agent Trajectory Interchange Format (ATIF, `trajectory.json`), as its RFC specifies
//! it: `{schema_version: "ATIF-v1.x", session_id, agent {name, version, model_name}, steps,
//! final_metrics}`. A step comes from the `system`, the `user` or the `agent`; an agent step has
//! its `message`, `reasoning_content`, `tool_calls` (`tool_call_id`, `function_name`,
//! `arguments`), an `observation` whose `results` answer calls by `source_call_id`, and its
//! `metrics` (`prompt_tokens`, `completion_tokens`, `cost_usd`). The format names no instance:
//! `extra.instance_id` (or `task_id`) when given, else the trial folder the file is in.

use benchscope_contract::trajectory::{Step, TimeSpan, Trajectory};
use serde_json::Value;

use super::{edit_line, edit_of, text, StepReader, TrajectoryFormat};

/// The format.
pub struct Atif;

impl TrajectoryFormat for Atif {
    fn name(&self) -> &'static str {
        "atif"
    }

    fn detect(&self, skeleton: &Value) -> bool {
        skeleton
            .get("schema_version")
            .and_then(Value::as_str)
            .is_some_and(|v| v.starts_with("ATIF"))
            && skeleton.get("steps").is_some_and(Value::is_array)
    }

    fn instance_of(&self, skeleton: &Value) -> Option<String> {
        let extra = skeleton.get("extra")?;
        text(extra, "instance_id").or_else(|| text(extra, "task_id"))
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(Reader {
            skeleton,
            task: None,
            agent_steps: 0,
            sums: [None; 3],
            span: TimeSpan::default(),
        })
    }
}

/// The per-step metrics summed when `final_metrics` does not give the total, with the key of that
/// total.
const SUMMED: [(&str, &str); 3] = [
    ("cost_usd", "total_cost_usd"),
    ("prompt_tokens", "total_prompt_tokens"),
    ("completion_tokens", "total_completion_tokens"),
];

/// The agent's steps become steps; the first user step is the task; every step's metrics add up.
struct Reader {
    skeleton: Value,
    task: Option<String>,
    agent_steps: u64,
    sums: [Option<f64>; 3],
    span: TimeSpan,
}

impl StepReader for Reader {
    fn element(&mut self, _key: &str, step: Value, steps: &mut Vec<Step>) {
        match step.get("source").and_then(Value::as_str).unwrap_or_default() {
            "user" if self.task.is_none() => self.task = text(&step, "message"),
            "agent" => {
                self.agent_steps += 1;
                steps.extend(agent_steps(&step));
            }
            _ => {}
        }
        for ((key, _), sum) in SUMMED.iter().zip(&mut self.sums) {
            if let Some(value) = step.pointer(&format!("/metrics/{key}")).and_then(Value::as_f64) {
                *sum = Some(sum.unwrap_or(0.0) + value);
            }
        }
        if let Some(timestamp) = step.get("timestamp").and_then(Value::as_str) {
            self.span.add(timestamp);
        }
    }

    fn finish(self: Box<Self>, _steps: &mut Vec<Step>) -> Trajectory {
        let totals = self.skeleton.get("final_metrics").unwrap_or(&Value::Null);
        let [cost, tokens_in, tokens_out] = std::array::from_fn(|i| totals.get(SUMMED[i].1).and_then(Value::as_f64).or(self.sums[i]));
        let extra = self.skeleton.get("extra").unwrap_or(&Value::Null);
        Trajectory {
            exit_status: text(extra, "exit_status"),
            submission: text(extra, "submission").filter(|s| !s.trim().is_empty()),
            task: self.task,
            cost,
            tokens_in: tokens_in.map(|n| n as u64),
            tokens_out: tokens_out.map(|n| n as u64),
            api_calls: Some(self.agent_steps),
            seconds: self.span.seconds(),
            ..Trajectory::default()
        }
    }
}

/// One step per tool call of an agent step, each with the results that answer it; a step that
/// calls nothing is one step of its message. The step's tokens and cost go on its first.
fn agent_steps(step: &Value) -> Vec<Step> {
    let message = text(step, "message").unwrap_or_default();
    let thought = match text(step, "reasoning_content").filter(|r| !r.trim().is_empty()) {
        Some(reasoning) if !message.trim().is_empty() => format!("{reasoning}\n\n{message}"),
        Some(reasoning) => reasoning,
        None => message,
    };
    let results: Vec<&Value> = step
        .pointer("/observation/results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .collect();
    let calls: Vec<&Value> = step.get("tool_calls").and_then(Value::as_array).into_iter().flatten().collect();
    let mut steps: Vec<Step> = if calls.is_empty() {
        vec![Step {
            thought,
            observation: results.iter().filter_map(|r| text(r, "content")).collect::<Vec<_>>().join("\n"),
            ..Step::default()
        }]
    } else {
        calls
            .iter()
            .map(|call| {
                let id = text(call, "tool_call_id");
                let answers: Vec<String> = results
                    .iter()
                    .filter(|r| id.is_some() && text(r, "source_call_id") == id)
                    .filter_map(|r| text(r, "content"))
                    .collect();
                let tool = text(call, "function_name");
                let arguments = call.get("arguments").unwrap_or(&Value::Null);
                let edit = edit_of(arguments);
                Step {
                    thought: thought.clone(),
                    action: match &edit {
                        Some(edit) => edit_line(arguments, tool.as_deref(), edit),
                        None => command_of(arguments),
                    },
                    tool,
                    observation: answers.join("\n"),
                    edit,
                    ..Step::default()
                }
            })
            .collect()
    };
    let metric = |key: &str| step.pointer(&format!("/metrics/{key}")).and_then(Value::as_f64);
    if let Some(first) = steps.first_mut() {
        first.tokens_in = metric("prompt_tokens").map(|n| n as u64);
        first.tokens_out = metric("completion_tokens").map(|n| n as u64);
        first.cost = metric("cost_usd");
    }
    steps
}

/// A call's command (`command`, `cmd` or `code` argument), else its arguments as JSON.
fn command_of(arguments: &Value) -> String {
    ["command", "cmd", "code"]
        .iter()
        .find_map(|key| text(arguments, key))
        .unwrap_or_else(|| match arguments {
            Value::Null => String::new(),
            Value::String(text) => text.clone(),
            other => other.to_string(),
        })
}

/// The instance of a `trajectory.json` whose document does not name one: the trial folder it is
/// in (`<trial>/agent/trajectory.json`), without the short random suffix Harbor gives trials
/// (`django__django-11099__AbC12xy` → `django__django-11099`).
pub fn instance_of_trial(path: &std::path::Path) -> Option<String> {
    let trial = path
        .ancestors()
        .skip(1)
        .filter_map(|a| a.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .find(|n| n != "agent")?;
    match trial.rsplit_once("__") {
        Some((task, suffix))
            if !task.is_empty() && (5..=10).contains(&suffix.len()) && suffix.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            Some(task.to_string())
        }
        _ => Some(trial),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn a_trial_folder_names_its_instance_without_harbors_suffix() {
        for (path, instance) in [
            (
                "jobs/j1/django__django-11099__AbC12xy/agent/trajectory.json",
                "django__django-11099",
            ),
            ("jobs/j1/django__django-11099/agent/trajectory.json", "django__django-11099"),
            ("jobs/hello-world__x9Y8z7w/trajectory.json", "hello-world"),
            ("astropy__astropy-12907/trajectory.json", "astropy__astropy-12907"),
        ] {
            assert_eq!(instance_of_trial(Path::new(path)).as_deref(), Some(instance), "{path}");
        }
    }
}
