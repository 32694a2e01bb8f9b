//! Harbor's trials: their ATIF trajectories read as the RFC writes them, and a job imported as a
//! run named by its trials.

mod common;

use benchscope_contract::Run;
use common::{benchscope_ok, read_json, read_one};
use serde_json::Value;

/// A Harbor job's trial, its `trajectory.json` written as the ATIF RFC (v1.4) specifies: a user
/// step, an agent step calling two tools answered by `source_call_id`, an agent step answering
/// without tools, per-step metrics and the final metrics.
fn atif_trajectory() -> Value {
    serde_json::json!({
        "schema_version": "ATIF-v1.4",
        "session_id": "3f1c",
        "agent": {"name": "terminus-2", "version": "1.0", "model_name": "anthropic/claude-sonnet-4"},
        "steps": [
            {"step_id": 1, "source": "system", "message": "You are an agent."},
            {"step_id": 2, "source": "user", "message": "Fix UsernameValidator."},
            {"step_id": 3, "source": "agent", "message": "Find it first.", "reasoning_content": "The validator lives in auth.",
             "tool_calls": [
                {"tool_call_id": "c1", "function_name": "bash", "arguments": {"command": "grep -rn UsernameValidator django/contrib/auth"}},
                {"tool_call_id": "c2", "function_name": "view", "arguments": {"path": "django/contrib/auth/validators.py"}}
             ],
             "observation": {"results": [
                {"source_call_id": "c2", "content": "class UnicodeUsernameValidator: ..."},
                {"source_call_id": "c1", "content": "validators.py:9: class ASCIIUsernameValidator"}
             ]},
             "metrics": {"prompt_tokens": 1200, "completion_tokens": 80, "cost_usd": 0.0031}},
            {"step_id": 4, "source": "agent", "message": "Changed the regex to \\A...\\Z.",
             "metrics": {"prompt_tokens": 1500, "completion_tokens": 20, "cost_usd": 0.004}}
        ],
        "final_metrics": {"total_prompt_tokens": 2700, "total_completion_tokens": 100, "total_cost_usd": 0.0071, "total_steps": 4}
    })
}

#[test]
fn harbor_atif_trajectories_are_read_as_the_rfc_writes_them_and_named_by_their_trial() {
    let tmp = tempfile::tempdir().unwrap();
    let trial = tmp.path().join("jobs/2025-11-01/django__django-11099__AbC12xy/agent");
    std::fs::create_dir_all(&trial).unwrap();
    std::fs::write(trial.join("trajectory.json"), atif_trajectory().to_string()).unwrap();
    let trajectory = read_one(&trial.join("trajectory.json"));
    assert_eq!(
        (trajectory.format.as_str(), trajectory.instance_id.as_str()),
        ("atif", "django__django-11099")
    );
    assert_eq!(trajectory.task.as_deref(), Some("Fix UsernameValidator."));
    assert_eq!(
        (trajectory.agent.as_deref(), trajectory.model.as_deref()),
        (Some("terminus-2 1.0"), Some("anthropic/claude-sonnet-4"))
    );
    let steps = common::tool_action_observation(&trajectory);
    assert_eq!(
        steps,
        [
            (
                Some("bash"),
                "grep -rn UsernameValidator django/contrib/auth",
                "validators.py:9: class ASCIIUsernameValidator"
            ),
            (
                Some("view"),
                r#"{"path":"django/contrib/auth/validators.py"}"#,
                "class UnicodeUsernameValidator: ..."
            ),
            (None, "", ""),
        ]
    );
    assert_eq!(trajectory.steps[0].thought, "The validator lives in auth.\n\nFind it first.");
    assert_eq!(
        (
            trajectory.steps[0].tokens_in,
            trajectory.steps[0].tokens_out,
            trajectory.steps[0].cost
        ),
        (Some(1200), Some(80), Some(0.0031))
    );
    assert_eq!(trajectory.steps[1].tokens_in, None, "a step's metrics go on its first call");
    assert_eq!(
        (trajectory.tokens_in, trajectory.tokens_out, trajectory.cost),
        (Some(2700), Some(100), Some(0.0071))
    );
    // Without final metrics the steps' are summed; `extra.instance_id` names the instance.
    let mut bare = atif_trajectory();
    bare.as_object_mut().unwrap().remove("final_metrics");
    bare["extra"] = serde_json::json!({"instance_id": "astropy__astropy-12907"});
    let elsewhere = tmp.path().join("elsewhere/trajectory.json");
    std::fs::create_dir_all(elsewhere.parent().unwrap()).unwrap();
    std::fs::write(&elsewhere, bare.to_string()).unwrap();
    let summed = read_one(&elsewhere);
    assert_eq!(summed.instance_id, "astropy__astropy-12907");
    assert_eq!((summed.tokens_in, summed.tokens_out), (Some(2700), Some(100)));
    assert!((summed.cost.unwrap() - 0.0071).abs() < 1e-12);
    // A job folder imports as a run, one trajectory per trial.
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "import",
        tmp.path().join("jobs").to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "harbor",
        "--dataset",
        "swe-bench-verified",
        "--new-dataset",
    ]);
    let run: Run = read_json(&data.join("runs/harbor.json"));
    assert_eq!(
        run.results.iter().map(|r| r.instance_id.as_str()).collect::<Vec<_>>(),
        ["django__django-11099"]
    );
    assert_eq!(run.results[0].trajectory.as_ref().unwrap().steps, 3);
}
