//! `benchscope import` of a Harbor job folder: a trial per folder with its `result.json` and
//! `config.json`, the agent's ATIF trajectory and the verifier's test output, written in the shape
//! Harbor writes them (the keys and values of a real job's files).

mod common;

use std::path::Path;

use benchscope_contract::Run;
use common::*;
use serde_json::{json, Value};

/// A trial of `task` by `model`, started at `started`, in the folder `trial` of `job`: its reward,
/// or the exception it raised; with a trajectory and a test output when given.
struct TrialFiles<'a> {
    trial: &'a str,
    task: &'a str,
    model: &'a str,
    started: &'a str,
    reward: Option<f64>,
    exception: Option<&'a str>,
    test_output: Option<&'a str>,
    trajectory: bool,
}

impl TrialFiles<'_> {
    fn write(&self, job: &Path) {
        let dir = job.join(self.trial);
        std::fs::create_dir_all(dir.join("agent")).unwrap();
        std::fs::create_dir_all(dir.join("verifier")).unwrap();
        let agent = json!({"name": "mini-swe-agent", "import_path": null, "model_name": self.model, "kwargs": {}});
        let config = json!({"task": {"path": format!("swebench-verified/{}", self.task), "source": "swebench-verified"},
            "trial_name": self.trial, "trials_dir": "jobs/j", "agent": agent});
        std::fs::write(dir.join("config.json"), config.to_string()).unwrap();
        let result = json!({
            "id": "3de44650", "task_name": self.task, "trial_name": self.trial, "source": "swebench-verified",
            "config": config, "agent_info": {"name": "mini-swe-agent", "version": "1.14.4", "model_info": {"name": self.model, "provider": "p"}},
            "agent_result": {"n_input_tokens": 1200, "n_output_tokens": 80, "n_cache_tokens": null, "cost_usd": 0.0031},
            "verifier_result": self.reward.map(|r| json!({"rewards": {"reward": r}})),
            "exception_info": self.exception.map(|kind| json!({"exception_type": kind, "exception_message": "No reward file found", "exception_traceback": "Traceback ..."})),
            "started_at": self.started, "finished_at": self.started,
        });
        std::fs::write(dir.join("result.json"), result.to_string()).unwrap();
        if let Some(output) = self.test_output {
            std::fs::write(dir.join("verifier/test-stdout.txt"), output).unwrap();
        }
        if self.trajectory {
            std::fs::write(dir.join("agent/trajectory.json"), trajectory(self.task).to_string()).unwrap();
        }
    }
}

fn trajectory(task: &str) -> Value {
    json!({
        "schema_version": "ATIF-v1.2", "session_id": "d945",
        "agent": {"name": "mini-swe-agent", "version": "1.14.4", "model_name": "m"},
        "steps": [
            {"step_id": 1, "source": "system", "message": "You are a helpful assistant."},
            {"step_id": 2, "source": "user", "message": format!("Please solve this issue: {task}")},
            {"step_id": 3, "source": "agent", "message": "Look first.", "tool_calls": [{"tool_call_id": "c1", "function_name": "bash", "arguments": {"command": "ls"}}],
             "observation": {"results": [{"source_call_id": "c1", "content": "setup.py"}]}}
        ],
        "final_metrics": {"total_prompt_tokens": 1200, "total_completion_tokens": 80}
    })
}

/// A job of four trials by one model (one task tried twice, one whose folder name Harbor cut
/// short, one that raised) and the job's own summary; then one more model's trial.
fn job(root: &Path) -> std::path::PathBuf {
    let job = root.join("2026-02-09__12-10-48");
    let long = "scikit-learn__scikit-learn-13142.with-a-longer-name";
    let trials = [
        TrialFiles {
            trial: "django__django-11099__AbC12xy",
            task: "django__django-11099",
            model: "m",
            started: "2026-02-09T20:10:00Z",
            reward: Some(1.0),
            exception: None,
            test_output: Some("PASSED tests/x.py::test_a\n"),
            trajectory: true,
        },
        TrialFiles {
            trial: "django__django-11099__Zz9Yy8x",
            task: "django__django-11099",
            model: "m",
            started: "2026-02-09T20:20:00Z",
            reward: Some(0.0),
            exception: None,
            test_output: Some("FAILED tests/x.py::test_a - NameError: name 'q' is not defined\n"),
            trajectory: false,
        },
        TrialFiles {
            trial: "scikit-learn__scikit-learn-13142__u6YTY7M",
            task: long,
            model: "m",
            started: "2026-02-09T20:11:00Z",
            reward: Some(0.0),
            exception: None,
            test_output: Some("FAILED t.py::test_b - AssertionError\n"),
            trajectory: true,
        },
        TrialFiles {
            trial: "astropy__astropy-12907__q1W2e3R",
            task: "astropy__astropy-12907",
            model: "m",
            started: "2026-02-09T20:12:00Z",
            reward: None,
            exception: Some("RewardFileNotFoundError"),
            test_output: None,
            trajectory: false,
        },
        TrialFiles {
            trial: "django__django-11099__Other01",
            task: "django__django-11099",
            model: "n",
            started: "2026-02-09T20:13:00Z",
            reward: Some(1.0),
            exception: None,
            test_output: None,
            trajectory: false,
        },
    ];
    for trial in &trials {
        trial.write(&job);
    }
    std::fs::write(
        job.join("config.json"),
        json!({"job_name": "2026-02-09__12-10-48", "n_attempts": 1}).to_string(),
    )
    .unwrap();
    // The job's summary as Harbor writes it, by trial name; the second model's trial is not in it.
    let evals = json!({"mini-swe-agent__m__swebench-verified": {
        "n_trials": 4, "n_errors": 1, "metrics": [{"mean": 0.25}],
        "reward_stats": {"reward": {
            "1.0": ["django__django-11099__AbC12xy"],
            "0.0": ["django__django-11099__Zz9Yy8x", "scikit-learn__scikit-learn-13142__u6YTY7M"]
        }},
        "exception_stats": {"RewardFileNotFoundError": ["astropy__astropy-12907__q1W2e3R"]}
    }});
    let summary = json!({"id": "5db2", "n_total_trials": 5, "stats": {"n_trials": 5, "evals": evals}});
    std::fs::write(job.join("result.json"), summary.to_string()).unwrap();
    job
}

fn result_of<'a>(run: &'a Run, id: &str) -> &'a benchscope_contract::InstanceResult {
    run.results
        .iter()
        .find(|r| r.instance_id == id)
        .unwrap_or_else(|| panic!("{id} not in {}", run.id))
}

#[test]
fn a_harbor_job_is_a_run_per_model_and_attempt_with_verdicts_from_its_rewards() {
    let tmp = tempfile::tempdir().unwrap();
    let job = job(tmp.path());
    let data = tmp.path().join("data");
    let out = benchscope(&["import", job.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        !stderr.contains("not a trial's result"),
        "the job's own summary is no trial: {stderr}"
    );
    assert!(
        stderr.contains("trials in the folder the job's summary does not list (1): django__django-11099__Other01"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("the job's summary says"),
        "every listed trial ended as its summary says: {stderr}"
    );
    let mut runs: Vec<String> = std::fs::read_dir(data.join("runs"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    runs.sort();
    assert_eq!(
        runs,
        [
            "2026-02-09__12-10-48.mini-swe-agent.m.attempt-1.json",
            "2026-02-09__12-10-48.mini-swe-agent.m.attempt-2.json",
            "2026-02-09__12-10-48.mini-swe-agent.n.json"
        ]
    );
    let first: Run = read_json(&data.join("runs").join(&runs[0]));
    assert_eq!(first.system.name, "mini-swe-agent · m · attempt 1");
    assert_eq!(
        (first.system.model.as_deref(), first.system.scaffold.as_deref()),
        (Some("m"), Some("mini-swe-agent"))
    );
    assert_eq!(first.date.as_deref(), Some("2026-02-09"), "the day its first trial started");
    assert_eq!(first.results.len(), 3);
    let resolved = result_of(&first, "django__django-11099");
    assert_eq!(
        (resolved.resolved, resolved.tokens_in, resolved.cost),
        (Some(true), Some(1200), Some(0.0031))
    );
    let trajectory = resolved.trajectory.as_ref().expect("its trajectory");
    assert!(data.join(&trajectory.path).is_file());
    let log = std::fs::read_to_string(
        data.join("runs")
            .join(runs[0].trim_end_matches(".json"))
            .join("logs/django__django-11099.log"),
    )
    .unwrap();
    assert_eq!(log, "PASSED tests/x.py::test_a\n");
    let long = result_of(&first, "scikit-learn__scikit-learn-13142.with-a-longer-name");
    assert_eq!((long.resolved, long.failure_mode.as_deref()), (Some(false), Some("AssertionError")));
    assert!(
        long.trajectory.is_some(),
        "the trajectory is named by the trial's task, not its cut folder name"
    );
    let raised = result_of(&first, "astropy__astropy-12907");
    assert_eq!(raised.resolved, Some(false), "Harbor's mean counts a trial that raised as 0");
    assert_eq!(raised.failure_mode.as_deref(), Some("RewardFileNotFoundError"));
    assert_eq!(raised.error.as_deref(), Some("RewardFileNotFoundError: No reward file found"));
    let second: Run = read_json(&data.join("runs").join(&runs[1]));
    let retried = result_of(&second, "django__django-11099");
    assert_eq!(
        (second.results.len(), retried.resolved, retried.failure_mode.as_deref()),
        (1, Some(false), Some("NameError"))
    );
    let other: Run = read_json(&data.join("runs").join(&runs[2]));
    assert_eq!((other.system.name.as_str(), other.results.len()), ("mini-swe-agent · n", 1));
}

#[test]
fn one_trial_imports_as_one_run_named_by_run() {
    let tmp = tempfile::tempdir().unwrap();
    let job = job(tmp.path());
    let data = tmp.path().join("data");
    let trial = job.join("astropy__astropy-12907__q1W2e3R");
    benchscope_ok(&["import", trial.to_str().unwrap(), "--data", data.to_str().unwrap(), "--run", "one"]);
    let run: Run = read_json(&data.join("runs/one.json"));
    assert_eq!(run.results.len(), 1);
    assert_eq!(run.results[0].failure_mode.as_deref(), Some("RewardFileNotFoundError"));
}

/// A trial's result alone (no `config.json` beside it, as some tools copy jobs), in a folder that
/// sorts after the job's own summary: found, its model from `agent_info`.
#[test]
fn a_trial_without_its_configuration_is_read_from_its_result() {
    let tmp = tempfile::tempdir().unwrap();
    let job = tmp.path().join("job");
    let trial = job.join("zz__django__django-10973__abc1234");
    std::fs::create_dir_all(&trial).unwrap();
    std::fs::write(
        job.join("result.json"),
        json!({"id": "job", "n_total_trials": 1, "stats": {}}).to_string(),
    )
    .unwrap();
    let result = json!({
        "task_name": "django__django-10973", "trial_name": "django__django-10973__abc1234",
        "agent_info": {"name": "claude-code", "model_info": {"name": "claude-sonnet-4.5", "provider": "anthropic"}},
        "agent_result": {"n_input_tokens": 1000, "n_cache_tokens": 600, "n_output_tokens": 50, "cost_usd": 0.01},
        "verifier_result": {"rewards": {"reward": 1.0}}
    });
    std::fs::write(trial.join("result.json"), result.to_string()).unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&["import", job.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    let run: Run = read_json(&data.join("runs/job.claude-code.claude-sonnet-4.5.json"));
    assert_eq!(run.system.name, "claude-code · claude-sonnet-4.5");
    assert_eq!(result_of(&run, "django__django-10973").resolved, Some(true));
}

/// A trial of Codex for which Harbor wrote no ATIF trajectory: the session file Codex kept under
/// `agent/sessions/…` is its trajectory, named by the trial's task, and a smaller one beside it
/// (another session) is passed over.
#[test]
fn a_trial_without_an_atif_trajectory_has_its_agents_own_transcript() {
    let tmp = tempfile::tempdir().unwrap();
    let trial = tmp.path().join("job/django__django-11099__AbC12xy");
    let day = trial.join("agent/sessions/2026/02/09");
    std::fs::create_dir_all(&day).unwrap();
    let result = json!({
        "task_name": "django__django-11099", "trial_name": "django__django-11099__AbC12xy",
        "agent_info": {"name": "codex", "model_info": {"name": "gpt-5.3-codex", "provider": "openai"}},
        "verifier_result": {"rewards": {"reward": 1.0}}, "started_at": "2026-02-09T20:10:00Z"
    });
    std::fs::write(trial.join("result.json"), result.to_string()).unwrap();
    let session = |command: &str| -> String {
        [
            json!({"timestamp": "2026-02-09T20:10:01Z", "type": "session_meta", "payload": {"id": "019cb655-7826-7080-b375-f4bd0ec83d54", "cli_version": "0.98.0"}}),
            json!({"timestamp": "2026-02-09T20:10:02Z", "type": "response_item", "payload": {"type": "function_call", "name": "exec_command", "arguments": json!({"cmd": command}).to_string(), "call_id": "c1"}}),
            json!({"timestamp": "2026-02-09T20:10:03Z", "type": "response_item", "payload": {"type": "function_call_output", "call_id": "c1", "output": "Exit code: 0\nWall time: 1 seconds\nOutput:\nok\n"}}),
        ]
        .iter()
        .map(|line| format!("{line}\n"))
        .collect()
    };
    let main = "rollout-2026-02-09T20-10-01-019cb655-7826-7080-b375-f4bd0ec83d54.jsonl";
    std::fs::write(
        day.join(main),
        session("python -m pytest tests/ -q --long-option-that-makes-this-the-larger-file"),
    )
    .unwrap();
    std::fs::write(
        day.join("rollout-2026-02-09T20-11-01-019cb655-7826-7080-b375-f4bd0ec83d55.jsonl"),
        session("ls"),
    )
    .unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "import",
        trial.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "codex",
    ]);
    let run: Run = read_json(&data.join("runs/codex.json"));
    let result = &run.results[0];
    assert_eq!(result.instance_id, "django__django-11099");
    let facts = result.trajectory.as_ref().expect("the transcript is the trial's trajectory");
    assert!(facts.ran_tests, "the larger session's command");
    let stored: benchscope_contract::trajectory::Trajectory = read_json(&data.join(&facts.path));
    assert_eq!(
        (stored.format.as_str(), stored.instance_id.as_str()),
        ("codex", "django__django-11099")
    );
}
