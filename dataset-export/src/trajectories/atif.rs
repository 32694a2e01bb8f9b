//! Harbor's Agent Trajectory Interchange Format (ATIF, `trajectory.json`), as its RFC specifies
//! it: `{schema_version: "ATIF-v1.x", session_id, agent {name, version, model_name}, steps,
//! final_metrics}`. A step comes from the `system`, the `user` or the `agent`; an agent step has
//! its `message`, `reasoning_content`, `tool_calls` (`tool_call_id`, `function_name`,
//! `arguments`), an `observation` whose `results` answer calls by `source_call_id`, and its
//! `metrics` (`prompt_tokens`, `completion_tokens`, `cost_usd`). Since v1.6 a message and a
//! result's content may be a list of parts (`{type: "text", text}`, `{type: "image", source
//! {media_type, path}}`) rather than a string. The format names no instance: `extra.instance_id`
//! (or `task_id`) when given, else the task of the trial the file is in.

use benchscope_contract::trajectory::{ActionForm, Step, TimeSpan, Trajectory};
use serde_json::Value;

use super::{call_text, edit_line, edit_of, text, AgentAndModel, StepReader, TrajectoryFormat};

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

    /// Its `agent`: `name`, `version` and `model_name`.
    fn agent_of(&self, skeleton: &Value) -> AgentAndModel {
        let agent = skeleton.get("agent").unwrap_or(&Value::Null);
        let field = |key: &str| agent.get(key).and_then(Value::as_str);
        AgentAndModel::new(field("name"), field("version"), field("model_name"))
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

/// The agent's steps become steps; the first user step is the task, a later one a step of its
/// own; every step's metrics add up.
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
            "user" if self.task.is_none() => self.task = content(&step, "message"),
            "user" => steps.extend(content(&step, "message").filter(|m| !m.trim().is_empty()).map(Step::prompt)),
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
            date: self.span.first_day(),
            ..Trajectory::default()
        }
    }
}

/// One step per tool call of an agent step, each with the results that answer it; a step that
/// calls nothing is one step of its message. The step's tokens and cost go on its first.
fn agent_steps(step: &Value) -> Vec<Step> {
    let message = content(step, "message").unwrap_or_default();
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
            observation: results.iter().filter_map(|r| content(r, "content")).collect::<Vec<_>>().join("\n"),
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
                    .filter_map(|r| content(r, "content"))
                    .collect();
                let tool = text(call, "function_name");
                let arguments = call.get("arguments").unwrap_or(&Value::Null);
                let edit = edit_of(arguments);
                let (action, action_form) = match &edit {
                    Some(edit) => (edit_line(arguments, tool.as_deref(), edit), ActionForm::Command),
                    None => call_text(arguments, tool.as_deref()),
                };
                Step {
                    thought: thought.clone(),
                    action,
                    action_form,
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

/// The text under `key`: a string, or (ATIF v1.6) a list of content parts, text parts as they are
/// and an image as its path (`[image: images/step_2.png]`), a part a line.
fn content(value: &Value, key: &str) -> Option<String> {
    match value.get(key)? {
        Value::String(text) => Some(text.clone()),
        Value::Array(parts) => Some(parts.iter().filter_map(part_text).collect::<Vec<_>>().join("\n")),
        _ => None,
    }
}

fn part_text(part: &Value) -> Option<String> {
    match part.get("type").and_then(Value::as_str) {
        Some("text") => text(part, "text"),
        Some("image") => {
            let path = part.pointer("/source/path").and_then(Value::as_str).unwrap_or("unnamed");
            Some(format!("[image: {path}]"))
        }
        _ => None,
    }
}

/// The instance of a `trajectory.json` whose document does not name one: the task of the trial
/// it is in (`<trial>/agent/trajectory.json`), as the trial's own files name it, else the trial
/// folder's name without the short random suffix Harbor gives trials
/// (`django__django-11099__AbC12xy` → `django__django-11099`).
pub fn instance_of_trial(path: &std::path::Path) -> Option<String> {
    let trial = path.ancestors().skip(1).find(|a| a.file_name().is_some_and(|n| n != "agent"))?;
    task_of_trial(trial).or_else(|| Some(without_trial_suffix(&trial.file_name()?.to_string_lossy())))
}

/// The task a Harbor trial ran: its `result.json`'s `task_name`, else the last part of its
/// `config.json`'s `task.path`. The trial's folder is named after the task cut to 32 characters,
/// so a longer task's name is only found there.
fn task_of_trial(trial: &std::path::Path) -> Option<String> {
    let read = |name: &str| -> Option<Value> { crate::input::from_json_bytes(&std::fs::read(trial.join(name)).ok()?).ok() };
    let from_result = read("result.json").and_then(|result| text(&result, "task_name"));
    from_result.filter(|task| !task.is_empty()).or_else(|| {
        let config = read("config.json")?;
        let path = config.pointer("/task/path")?.as_str()?;
        let task = path.trim_end_matches('/').rsplit('/').next()?;
        (!task.is_empty()).then(|| task.to_string())
    })
}

fn without_trial_suffix(trial: &str) -> String {
    match trial.rsplit_once("__") {
        Some((task, suffix))
            if !task.is_empty() && (5..=10).contains(&suffix.len()) && suffix.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            task.to_string()
        }
        _ => trial.to_string(),
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

    #[test]
    fn a_trials_own_files_name_its_task_past_the_folders_32_characters() {
        let tmp = tempfile::tempdir().unwrap();
        let trial = tmp.path().join("job/011_boto__boto3__step14__bucket___u6YTY7M");
        std::fs::create_dir_all(trial.join("agent")).unwrap();
        let trajectory = trial.join("agent/trajectory.json");
        let config = serde_json::json!({"task": {"path": "sample_simple/011_boto__boto3__step14__bucket_copy"}});
        std::fs::write(trial.join("config.json"), config.to_string()).unwrap();
        assert_eq!(
            instance_of_trial(&trajectory).as_deref(),
            Some("011_boto__boto3__step14__bucket_copy")
        );
        let result = serde_json::json!({"task_name": "011_boto__boto3__step14__bucket_copy.v2", "trial_name": "x"});
        std::fs::write(trial.join("result.json"), result.to_string()).unwrap();
        assert_eq!(
            instance_of_trial(&trajectory).as_deref(),
            Some("011_boto__boto3__step14__bucket_copy.v2")
        );
    }

    #[test]
    fn content_parts_are_read_as_text_and_images_as_their_paths() {
        let step = serde_json::json!({
            "message": [{"type": "text", "text": "Look at the dashboard."}, {"type": "image", "source": {"media_type": "image/png", "path": "images/step_2.png"}}],
            "plain": "as it is",
            "number": 3
        });
        assert_eq!(
            content(&step, "message").as_deref(),
            Some("Look at the dashboard.\n[image: images/step_2.png]")
        );
        assert_eq!(content(&step, "plain").as_deref(), Some("as it is"));
        assert_eq!(content(&step, "number"), None);
        assert_eq!(content(&step, "missing"), None);
    }

    /// Terminus asks again before it ends: a user step after the task, in its place.
    #[test]
    fn a_later_user_step_is_a_prompt_in_its_place() {
        let skeleton = serde_json::json!({"schema_version": "ATIF-v1.4", "steps": []});
        let mut reader = Atif.reader(skeleton);
        let mut steps = Vec::new();
        for step in [
            serde_json::json!({"step_id": 1, "source": "user", "message": "Fix the parser."}),
            serde_json::json!({"step_id": 2, "source": "agent", "message": "Done; marking it complete."}),
            serde_json::json!({"step_id": 3, "source": "user", "message": "Are you sure you want to mark the task as complete?"}),
            serde_json::json!({"step_id": 4, "source": "user", "message": "  "}),
            serde_json::json!({"step_id": 5, "source": "agent", "message": "Yes."}),
        ] {
            reader.element("steps", step, &mut steps);
        }
        let trajectory = reader.finish(&mut steps);
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        let shown: Vec<(&str, &str)> = steps.iter().map(|s| (s.prompt.as_str(), s.thought.as_str())).collect();
        assert_eq!(
            shown,
            [
                ("", "Done; marking it complete."),
                ("Are you sure you want to mark the task as complete?", ""),
                ("", "Yes.")
            ]
        );
        assert_eq!(trajectory.api_calls, Some(2), "the agent's steps alone");
    }

    /// A computer-use step as ATIF v1.6 writes it: a screenshot call answered by an image.
    #[test]
    fn a_step_answered_by_an_image_shows_its_path() {
        let step = serde_json::json!({
            "source": "agent", "message": [{"type": "text", "text": "Take a look."}],
            "tool_calls": [{"tool_call_id": "c1", "function_name": "computer_screenshot", "arguments": {}}],
            "observation": {"results": [{"source_call_id": "c1", "content": [{"type": "image", "source": {"media_type": "image/png", "path": "images/step_2_computer_screenshot_2.png"}}]}]}
        });
        let steps = agent_steps(&step);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].thought, "Take a look.");
        assert_eq!(steps[0].observation, "[image: images/step_2_computer_screenshot_2.png]");
    }
}
