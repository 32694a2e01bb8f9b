//! R2E-Gym's trajectories (its `EditAgent`, and DeepSWE's runs with it): JSON Lines, a record an
//! instance, each `Trajectory.model_dump_json()`: `{trajectory_steps, problem_statement,
//! docker_image, ds, agent_args, exit_reason, output_patch, reward, test_output, ...}`. Each
//! step is the model's `thought` and one `action`, a call written as text
//! (`<function=execute_bash><parameter=cmd>ls</parameter></function>`), with the `observation`
//! it got back (`Exit code: 0\nExecution output of [execute_bash]:\n…`), its tokens and times.
//! The `reward` is the verdict R2E-Gym's own run of the tests gave (1 resolved).

use benchscope_contract::trajectory::{ActionForm, Step, Trajectory};
use serde_json::Value;

use super::transcripts::{add_words, call_line};
use super::xml_calls::text_calls;
use super::{edit_line, edit_of, file_command_line, text, AgentAndModel, StepReader, TrajectoryFormat};

/// The format.
pub struct R2eGym;

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "r2e-gym";

impl TrajectoryFormat for R2eGym {
    fn name(&self) -> &'static str {
        FORMAT
    }

    fn detect(&self, skeleton: &Value) -> bool {
        skeleton.get("trajectory_steps").is_some_and(Value::is_array)
            && ["docker_image", "exit_reason", "output_patch"]
                .iter()
                .any(|key| skeleton.get(*key).is_some())
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(Reader {
            skeleton,
            tokens: (0, 0),
            calls: 0,
            seconds: None,
        })
    }

    /// Its dataset row's `instance_id` (SWE-bench's), else the task's image, which names
    /// R2E-Gym's own tasks.
    fn instance_of(&self, skeleton: &Value) -> Option<String> {
        skeleton
            .pointer("/ds/instance_id")
            .and_then(Value::as_str)
            .or_else(|| skeleton.get("docker_image").and_then(Value::as_str))
            .map(str::to_string)
    }

    /// R2E-Gym with the model its agent ran (`agent_args.llm_name`).
    fn agent_of(&self, skeleton: &Value) -> AgentAndModel {
        let model = skeleton.pointer("/agent_args/llm_name").and_then(Value::as_str);
        AgentAndModel::new(Some("R2E-Gym"), None, model)
    }
}

/// The steps read so far, with the tokens and time they took.
struct Reader {
    skeleton: Value,
    tokens: (u64, u64),
    calls: u64,
    seconds: Option<f64>,
}

impl StepReader for Reader {
    fn element(&mut self, key: &str, step: Value, steps: &mut Vec<Step>) {
        if key != "trajectory_steps" {
            return;
        }
        let count = |key: &str| step.get(key).and_then(Value::as_u64);
        let (sent, written) = (count("token_usage_prompt"), count("token_usage_completion"));
        self.tokens = (self.tokens.0 + sent.unwrap_or(0), self.tokens.1 + written.unwrap_or(0));
        self.calls += 1;
        self.seconds = step.get("total_time_traj").and_then(Value::as_f64).or(self.seconds);
        let mut made = step_of(&step);
        (made.tokens_in, made.tokens_out) = (sent, written);
        made.seconds = step.get("total_step_time").and_then(Value::as_f64);
        steps.push(made);
    }

    fn finish(self: Box<Self>, _steps: &mut Vec<Step>) -> Trajectory {
        let record = &self.skeleton;
        let counted = self.calls > 0 && self.tokens != (0, 0);
        Trajectory {
            task: text(record, "problem_statement"),
            exit_status: text(record, "exit_reason"),
            submission: text(record, "output_patch").filter(|patch| !patch.trim().is_empty()),
            tokens_in: counted.then_some(self.tokens.0),
            tokens_out: counted.then_some(self.tokens.1),
            api_calls: (self.calls > 0).then_some(self.calls),
            seconds: self.seconds,
            reward: record.get("reward").and_then(Value::as_f64),
            test_log: text(record, "test_output").filter(|output| !output.trim().is_empty()),
            ..Trajectory::default()
        }
    }
}

/// One step: the model's thought (its `<think>` tags taken off) and the call its action writes,
/// a command as it is, an edit as its diff, with what it got back.
fn step_of(step: &Value) -> Step {
    let thought = text(step, "thought").unwrap_or_default();
    let thought = thought.replace("<think>", "").replace("</think>", "").trim().to_string();
    let action = text(step, "action").unwrap_or_default();
    let (observation, returncode) = answer_of(&text(step, "observation").unwrap_or_default());
    let Some((before, mut calls)) = text_calls(&action) else {
        return Step {
            thought,
            action: action.trim().to_string(),
            observation,
            returncode,
            ..Step::default()
        };
    };
    let call = calls.remove(0);
    let arguments = &call.arguments;
    let edit = edit_of(arguments);
    let (line, action_form) = match (&edit, text(arguments, "cmd")) {
        (Some(edit), _) => (edit_line(arguments, Some(&call.name), edit), ActionForm::Command),
        (None, Some(command)) => (command, ActionForm::Command),
        (None, None) => (
            file_command_line(arguments).unwrap_or_else(|| call_line(&call.name, arguments, text(arguments, "search_term"))),
            ActionForm::Call,
        ),
    };
    let mut thought = thought;
    add_words(&mut thought, &before);
    Step {
        thought,
        tool: Some(call.name),
        action: line,
        action_form,
        observation,
        returncode,
        edit,
        ..Step::default()
    }
}

/// An observation without the header R2E-Gym writes above it (`Execution output of [tool]:`),
/// and the exit code it states for a command (`Exit code: 1`).
fn answer_of(observation: &str) -> (String, Option<i64>) {
    let mut rest = observation;
    let mut returncode = None;
    if let Some(after) = rest.strip_prefix("Exit code: ") {
        let (code, tail) = after.split_once('\n').unwrap_or((after, ""));
        returncode = code.trim().parse().ok();
        rest = tail;
    }
    if let Some(after) = rest.strip_prefix("Execution output of [") {
        if let Some((_, tail)) = after.split_once("]:") {
            rest = tail.strip_prefix('\n').unwrap_or(tail);
        }
    }
    (rest.to_string(), returncode)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    fn step(index: u64, thought: &str, action: &str, observation: &str) -> Value {
        json!({"step_idx": index, "thought": thought, "action": action, "observation": observation, "done": false, "info": {},
               "token_usage_prompt": 1000, "token_usage_completion": 50, "token_usage_total": 1050,
               "llm_exec_time": 2.0, "env_exec_time": 0.5, "total_step_time": 2.5, "total_time_traj": 2.5 * (index + 1) as f64, "step_count": index + 1})
    }

    /// A record as R2E-Gym's `EditAgent` writes it for a SWE-bench Verified instance.
    #[test]
    fn an_r2e_gym_record_reads_as_its_calls_with_their_output() {
        let record = json!({
            "trajectory_steps": [
                step(0, "<think>\nThe tests first.\n</think>", "<function=execute_bash>\n<parameter=cmd>python -m pytest -q</parameter>\n</function>",
                     "Exit code: 1\nExecution output of [execute_bash]:\n[STDOUT]\n1 failed\n[STDERR]\n"),
                step(1, "Fixing it.", "<function=file_editor>\n<parameter=command>str_replace</parameter>\n<parameter=path>/testbed/p.py</parameter>\n<parameter=old_str>split(' ')</parameter>\n<parameter=new_str>split()</parameter>\n</function>",
                     "Execution output of [file_editor]:\nThe file /testbed/p.py has been edited."),
                step(2, "", "<function=file_editor>\n<parameter=command>view</parameter>\n<parameter=path>/testbed/p.py</parameter>\n</function>", "Execution output of [file_editor]:\n     1\tdef parse(t):"),
                step(3, "", "<function=search>\n<parameter=search_term>split</parameter>\n<parameter=path>/testbed</parameter>\n</function>", "Execution output of [search]:\nFound 2 matches"),
                step(4, "Done.", "<function=finish>\n<parameter=command>submit</parameter>\n</function>", "<<< Finished >>>"),
            ],
            "problem_statement": "Fix the parser.",
            "docker_image": "slimshetty/swebench-verified:sweb.eval.x86_64.o__r-1",
            "exp_name": "deepswe", "env_args": {}, "agent_args": {"llm_name": "hosted_vllm/agentica-org/DeepSWE-Preview"},
            "ds": {"instance_id": "o__r-1", "repo": "o/r"},
            "max_steps": 40, "max_steps_absolute": 50, "max_token_limit": 65536, "max_llm_time": 300, "max_exec_time": 90, "max_total_time": 1200,
            "exit_reason": "agent", "output_patch": "diff --git a/p.py b/p.py\n", "reward": 1.0, "test_output": "..."
        });
        let text = format!("{record}\n");
        let read = super::super::read_bytes(text.as_bytes(), Path::new("deepswe.jsonl")).unwrap();
        let trajectory = &read[0];
        assert_eq!((trajectory.format.as_str(), trajectory.instance_id.as_str()), ("r2e-gym", "o__r-1"));
        assert_eq!(
            (trajectory.agent.as_deref(), trajectory.model.as_deref()),
            (Some("R2E-Gym"), Some("hosted_vllm/agentica-org/DeepSWE-Preview"))
        );
        assert_eq!(
            (trajectory.task.as_deref(), trajectory.exit_status.as_deref(), trajectory.reward),
            (Some("Fix the parser."), Some("agent"), Some(1.0))
        );
        assert_eq!(trajectory.submission.as_deref(), Some("diff --git a/p.py b/p.py\n"));
        assert_eq!(trajectory.test_log.as_deref(), Some("..."), "its run of the tests, for the log");
        assert_eq!(
            (
                trajectory.tokens_in,
                trajectory.tokens_out,
                trajectory.api_calls,
                trajectory.seconds
            ),
            (Some(5000), Some(250), Some(5), Some(12.5))
        );
        let shown = crate::trajectories::steps_shown(trajectory);
        assert_eq!(
            shown,
            [
                ("The tests first.", "python -m pytest -q", "[STDOUT]\n1 failed\n[STDERR]\n", Some(1)),
                (
                    "Fixing it.",
                    "str_replace /testbed/p.py",
                    "The file /testbed/p.py has been edited.",
                    None
                ),
                ("", "view /testbed/p.py", "     1\tdef parse(t):", None),
                ("", "search split", "Found 2 matches", None),
                ("Done.", "submit", "<<< Finished >>>", None),
            ]
        );
        let edit = trajectory.steps[1].edit.as_ref().expect("the edit");
        assert_eq!((edit.before.as_str(), edit.after.as_str()), ("split(' ')", "split()"));
        assert_eq!(
            (trajectory.steps[0].tokens_in, trajectory.steps[0].seconds),
            (Some(1000), Some(2.5))
        );
    }

    /// R2E-Gym's own tasks have no instance id: each is named by its image.
    #[test]
    fn a_task_without_an_instance_is_named_by_its_image() {
        let record = json!({"trajectory_steps": [], "problem_statement": "Fix it.", "docker_image": "namanjain12/aiohttp_final:f0d7488",
                            "ds": {"repo_name": "aiohttp"}, "exit_reason": "max_steps", "output_patch": ""});
        let read = super::super::read_bytes(format!("{record}\n").as_bytes(), Path::new("r2e.jsonl")).unwrap();
        assert_eq!(read[0].instance_id, "namanjain12/aiohttp_final:f0d7488");
        assert_eq!((read[0].reward, read[0].api_calls), (None, None));
    }
}
