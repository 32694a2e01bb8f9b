//! OpenHands' evaluation output (`output.jsonl`): one instance per line, with `history`, a list of
//! events (an agent action with `args`, then the observation whose `cause` is its id, with its
//! `content`), `metrics` (`accumulated_cost`, `accumulated_token_usage`) and
//! `test_result.git_patch`. The older history of `[action, observation]` pairs is read too, and
//! the events of OpenHands' software-agent SDK, each told by its `kind` ([`sdk`]), the
//! conversations the SDK keeps as a folder of them ([`conversation`]), and a session's events
//! saved alone as its trajectory ([`saved`]).

use benchscope_contract::trajectory::{ActionForm, Step, TimeSpan, Trajectory};
use serde_json::Value;

pub mod conversation;
pub mod saved;
mod sdk;

use super::answers::AwaitingAnswers;
use super::transcripts::words_step;
use super::{edit_line, edit_of, text, AgentAndModel, StepReader, TrajectoryFormat};

/// The format.
pub struct OpenHands;

/// Agent actions that are bookkeeping, not steps (the system prompt, recalling context).
const NOT_STEPS: [&str; 2] = ["system", "recall"];

impl TrajectoryFormat for OpenHands {
    fn name(&self) -> &'static str {
        "openhands"
    }

    fn detect(&self, skeleton: &Value) -> bool {
        skeleton.get("history").is_some_and(Value::is_array)
            && skeleton.get("instance_id").is_some()
            && (skeleton.get("test_result").is_some() || skeleton.get("metadata").is_some())
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(Reader::of(skeleton))
    }

    /// Its `metadata`: the agent's class (`CodeActAgent`) and `llm_config.model` (the SDK's
    /// evaluations: `llm.model`).
    fn agent_of(&self, skeleton: &Value) -> AgentAndModel {
        let metadata = skeleton.get("metadata").unwrap_or(&Value::Null);
        let agent = metadata
            .get("agent_class")
            .and_then(Value::as_str)
            .map(|class| format!("OpenHands {class}"));
        AgentAndModel::new(
            Some(agent.as_deref().unwrap_or("OpenHands")),
            None,
            metadata
                .pointer("/llm_config/model")
                .or_else(|| metadata.pointer("/llm/model"))
                .and_then(Value::as_str),
        )
    }
}

/// The history's agent actions, each a step once the observation it caused is in (or, in the
/// older history, each `[action, observation]` pair); the agent's messages as its words, and
/// the user's after the first (the task), such as the evaluation's "Please continue working on
/// the task", as prompts.
struct Reader {
    skeleton: Value,
    waiting: AwaitingAnswers,
    finished: bool,
    /// The user's first message (the task), once it has come.
    first_prompt: Option<String>,
    span: TimeSpan,
}

impl StepReader for Reader {
    fn element(&mut self, _key: &str, event: Value, steps: &mut Vec<Step>) {
        if let Value::Array(pair) = &event {
            if let Some(action) = pair.first() {
                steps.push(step(action, pair.get(1)));
            }
            return;
        }
        if let Some(timestamp) = event.get("timestamp").and_then(Value::as_str) {
            self.span.add(timestamp);
        }
        if sdk::is_sdk_event(&event) {
            return self.sdk_event(&event, steps);
        }
        let action = event.get("action").and_then(Value::as_str);
        self.finished |= action == Some("finish");
        if event.get("observation").is_some() {
            if let Some(cause) = event.get("cause").and_then(Value::as_u64) {
                self.waiting.answer(&cause.to_string(), |step| observe(step, &event), steps);
            }
        } else if action == Some("message") {
            self.message(&event, steps);
        } else if event.get("source").and_then(Value::as_str) == Some("agent") && action.is_some_and(|a| !NOT_STEPS.contains(&a)) {
            let id = event.get("id").and_then(Value::as_u64).map(|id| id.to_string());
            self.waiting.push(id, step(&event, None), steps);
        }
    }

    fn finish(self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        self.waiting.finish(steps);
        let document = &self.skeleton;
        let metrics = document.get("metrics").unwrap_or(&Value::Null);
        let usage = metrics.get("accumulated_token_usage").unwrap_or(&Value::Null);
        let error = document.get("error").and_then(Value::as_str).filter(|e| !e.is_empty());
        Trajectory {
            exit_status: Some(match (error, self.finished) {
                (Some(error), _) => format!("error: {error}"),
                (None, true) => "finished".into(),
                (None, false) => "stopped".into(),
            }),
            submission: document
                .get("test_result")
                .and_then(|r| text(r, "git_patch"))
                .filter(|p| !p.trim().is_empty()),
            task: text(document, "instruction").or(self.first_prompt),
            cost: metrics.get("accumulated_cost").and_then(Value::as_f64),
            tokens_in: usage.get("prompt_tokens").and_then(Value::as_u64),
            tokens_out: usage.get("completion_tokens").and_then(Value::as_u64),
            api_calls: metrics.get("costs").and_then(Value::as_array).map(|c| c.len() as u64),
            seconds: self.span.seconds(),
            date: self.span.first_day(),
            ..Trajectory::default()
        }
    }
}

impl Reader {
    fn of(skeleton: Value) -> Self {
        Reader {
            skeleton,
            waiting: AwaitingAnswers::default(),
            finished: false,
            first_prompt: None,
            span: TimeSpan::default(),
        }
    }

    /// A message: the agent's words, or the user's (the first is the task, read from the
    /// document's `instruction`).
    fn message(&mut self, event: &Value, steps: &mut Vec<Step>) {
        let words = event
            .pointer("/args/content")
            .and_then(Value::as_str)
            .or_else(|| event.get("message").and_then(Value::as_str))
            .unwrap_or_default();
        self.said(event.get("source").and_then(Value::as_str), words.to_string(), steps);
    }

    /// Words said by `source`: the agent's, or the user's (the first the task).
    fn said(&mut self, source: Option<&str>, words: String, steps: &mut Vec<Step>) {
        if words.trim().is_empty() {
            return;
        }
        match source {
            Some("agent") => self.waiting.push(None, words_step(words), steps),
            Some("user") if self.first_prompt.is_some() => self.waiting.push(None, Step::prompt(words), steps),
            Some("user") => self.first_prompt = Some(words),
            _ => {}
        }
    }
}

/// One action and its observation as a step: the tool is the function the model called (or the
/// action's kind), the action its command, code or path.
fn step(action: &Value, observation: Option<&Value>) -> Step {
    let args = action.get("args").unwrap_or(&Value::Null);
    let kind = text(action, "action").unwrap_or_default();
    let tool = action
        .get("tool_call_metadata")
        .and_then(|m| text(m, "function_name"))
        .unwrap_or_else(|| kind.clone());
    let edit = edit_of(args);
    let command = ["command", "code", "path", "url"].iter().find_map(|k| text(args, k));
    let (action_text, action_form) = match (kind.as_str(), command, &edit) {
        (_, _, Some(edit)) => (edit_line(args, Some(&kind), edit), ActionForm::Command),
        ("run", Some(command), None) => (command, ActionForm::Command),
        ("run_ipython", Some(code), None) => (code, ActionForm::Python),
        (_, Some(target), None) => (format!("{kind} {target}"), ActionForm::Command),
        (_, None, None) => (text(action, "message").unwrap_or_default(), ActionForm::Words),
    };
    let mut step = Step {
        thought: text(args, "thought").unwrap_or_default(),
        tool: Some(tool),
        action: action_text,
        action_form,
        edit,
        ..Step::default()
    };
    if let Some(observation) = observation {
        observe(&mut step, observation);
    }
    step
}

/// Writes what an observation event saw into its action's step.
fn observe(step: &mut Step, observation: &Value) {
    step.observation = text(observation, "content").unwrap_or_default();
    step.returncode = observation
        .get("extras")
        .and_then(|e| e.get("metadata")?.get("exit_code")?.as_i64());
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use std::path::Path;

    /// The agent asks and the evaluation's stand-in for a person answers: both are read, in
    /// their places among the agent's actions.
    #[test]
    fn messages_are_the_agents_words_and_the_users_later_prompts() {
        let history = json!([
            {"id": 1, "source": "user", "action": "message", "message": "Fix the parser.", "args": {"content": "Fix the parser.", "wait_for_response": false}},
            {"id": 2, "source": "agent", "action": "run", "args": {"command": "pytest -q", "thought": "First the tests."}},
            {"id": 3, "source": "agent", "observation": "run", "cause": 2, "content": "1 failed", "extras": {"metadata": {"exit_code": 1}}},
            {"id": 4, "source": "agent", "action": "message", "message": "Should I also fix the docs?", "args": {"content": "Should I also fix the docs?", "wait_for_response": true}},
            {"id": 5, "source": "user", "action": "message", "message": "Please continue working on the task.", "args": {"content": "Please continue working on the task."}},
            {"id": 6, "source": "agent", "action": "finish", "message": "Done.", "args": {"final_thought": "Done."}}
        ]);
        let record = json!({"instance_id": "o__r-1", "instruction": "Fix the parser.", "history": history, "metadata": {"agent_class": "CodeActAgent"}});
        let mut read = super::super::read_bytes(format!("{record}\n").as_bytes(), Path::new("output.jsonl")).unwrap();
        let trajectory = read.remove(0);
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        let shown: Vec<(&str, &str, &str)> = trajectory
            .steps
            .iter()
            .map(|s| (s.prompt.as_str(), s.thought.as_str(), s.action.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("", "First the tests.", "pytest -q"),
                ("", "Should I also fix the docs?", ""),
                ("Please continue working on the task.", "", ""),
                ("", "", "Done."),
            ]
        );
        assert_eq!(trajectory.steps[0].observation, "1 failed");
    }

    /// A command, an IPython cell and the closing message are each shown as what they are.
    #[test]
    fn each_action_says_what_its_text_is_written_in() {
        use benchscope_contract::trajectory::ActionForm;
        let history = json!([
            {"id": 1, "source": "agent", "action": "run", "args": {"command": "pytest -q"}},
            {"id": 2, "source": "agent", "action": "run_ipython", "args": {"code": "print(1)"},
             "tool_call_metadata": {"function_name": "execute_ipython_cell"}},
            {"id": 3, "source": "agent", "action": "finish", "message": "It's fixed.", "args": {"final_thought": "It's fixed."}}
        ]);
        let record =
            json!({"instance_id": "o__r-1", "instruction": "Fix it.", "history": history, "metadata": {"agent_class": "CodeActAgent"}});
        let trajectory = super::super::read_bytes(format!("{record}\n").as_bytes(), Path::new("output.jsonl"))
            .unwrap()
            .remove(0);
        let forms: Vec<(&str, ActionForm)> = trajectory.steps.iter().map(|s| (s.action.as_str(), s.action_form)).collect();
        assert_eq!(
            forms,
            [
                ("pytest -q", ActionForm::Command),
                ("print(1)", ActionForm::Python),
                ("It's fixed.", ActionForm::Words)
            ]
        );
    }
}
