//! `benchscope import` of OpenHands' benchmarks output since its agent SDK: `output.jsonl`, one
//! line an attempt (`attempt`, `status`, `resolved`, `test_result.git_patch`, `cost`), with the
//! `output.report.json` it derives beside it. Before, the file read as a table of verdicts and
//! stopped at the first attempt that ended in an error (`resolved: null`), or at an instance's
//! second attempt. And the file its inference writes before that, each line an instance's
//! `history` of the SDK's events: its trajectories; and the conversations the SDK keeps, a
//! folder each (`base_state.json`, `events/`).

mod common;

use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::Run;
use common::*;
use serde_json::{json, Value};

fn patch(line: &str) -> String {
    format!("diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1 +1 @@\n-x = 0\n+{line}\n")
}

fn attempt(id: &str, number: u64, status: &str, resolved: Value, git_patch: &str) -> Value {
    json!({
        "instance_id": format!("benchscope-demo__{id}"), "attempt": number, "max_attempts": 3,
        "status": status, "resolved": resolved,
        "error": if status == "error" { json!("Runtime crashed") } else { Value::Null },
        "test_result": if git_patch.is_empty() && status == "error" { json!({}) } else { json!({"git_patch": git_patch}) },
        "cost": {"input_tokens": 1000 * number, "output_tokens": 100, "total_tokens": 1000 * number + 100,
                 "input_cost": null, "output_cost": null, "total_cost": 0.5 * number as f64},
        "artifacts_url": format!("gs://bucket/run/{id}/attempt_{number}"),
    })
}

#[test]
fn each_instance_counts_by_its_best_attempt_with_its_patch_and_cost() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    export_demo(&data);
    let run_dir = tmp.path().join("claude-v1-run");
    std::fs::create_dir(&run_dir).unwrap();
    let lines = [
        attempt("matrixlite-7", 1, "success", json!(true), &patch("x = 1")),
        attempt("matrixlite-7", 2, "success", json!(false), &patch("x = 2")),
        attempt("matrixlite-8", 1, "success", json!(false), &patch("x = 3")),
        attempt("matrixlite-8", 2, "success", json!(false), &patch("x = 4")),
        attempt("matrixlite-9", 1, "error", Value::Null, ""),
        attempt("slugkit-4", 1, "skipped", Value::Null, ""),
        attempt("slugkit-5", 1, "success", Value::Null, &patch("x = 5")),
        attempt("slugkit-6", 1, "success", json!(false), ""),
    ];
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(run_dir.join("output.jsonl"), text).unwrap();
    let report = json!({"derived_from": "output.jsonl", "resolved_ids": ["benchscope-demo__matrixlite-7", "benchscope-demo__slugkit-6"],
                        "unresolved_ids": [], "skipped_ids": []});
    std::fs::write(run_dir.join("output.report.json"), report.to_string()).unwrap();

    let out = benchscope(&[
        "import",
        run_dir.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "demo",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("8 attempts at 6 instances; each instance counts by its best attempt"),
        "{stderr}"
    );
    assert!(
        stderr.contains("1 instance skipped, not counted as attempted: benchscope-demo__slugkit-4"),
        "{stderr}"
    );
    assert!(
        stderr.contains("output.report.json: its resolved_ids differ")
            && stderr.contains("resolved only there: [benchscope-demo__slugkit-6]"),
        "{stderr}"
    );

    let run: Run = read_json(&data.join("runs/claude-v1-run.json"));
    assert_eq!(run.system.name, "claude-v1-run", "named by its folder");
    let result = |id: &str| {
        run.results
            .iter()
            .find(|r| r.instance_id == format!("benchscope-demo__{id}"))
            .cloned()
    };
    let kept = result("matrixlite-7").unwrap();
    assert_eq!(
        (kept.resolved, kept.cost, kept.tokens_in),
        (Some(true), Some(0.5), Some(1000)),
        "the resolved first attempt"
    );
    let later = result("matrixlite-8").unwrap();
    assert_eq!(
        (later.resolved, later.cost, later.failure_mode.as_deref()),
        (Some(false), Some(1.0), Some("unresolved"))
    );
    let crashed = result("matrixlite-9").unwrap();
    assert_eq!(
        (crashed.resolved, crashed.error.as_deref(), crashed.failure_mode.as_deref()),
        (Some(false), Some("Runtime crashed"), Some("incomplete"))
    );
    assert!(result("slugkit-4").is_none(), "skipped");
    assert_eq!(result("slugkit-5").unwrap().resolved, None, "not evaluated yet");
    let empty = result("slugkit-6").unwrap();
    assert_eq!((empty.empty_patch, empty.failure_mode.as_deref()), (true, Some("empty_patch")));

    let shard: Value = read_json(&data.join(kept.model_patch.as_ref().unwrap()));
    assert_eq!(
        shard["patches"]["benchscope-demo__matrixlite-7"],
        patch("x = 1"),
        "the kept attempt's patch"
    );
    assert_eq!(shard["patches"]["benchscope-demo__matrixlite-8"], patch("x = 4"));
    assert!(shard["patches"].get("benchscope-demo__slugkit-6").is_none(), "no patch");
}

#[test]
fn a_line_that_is_no_attempt_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    export_demo(&data);
    let file = tmp.path().join("output.jsonl");
    let bad = attempt("unitcalc-1", 1, "finished", json!(true), &patch("y"));
    let text = format!("{}\n{bad}\n", attempt("unitcalc-2", 1, "success", json!(true), &patch("z")));
    std::fs::write(&file, text).unwrap();

    let out = benchscope(&[
        "import",
        file.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "demo",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("output.jsonl: line 2: field `status`: `finished` is none of success, error, skipped"),
        "{stderr}"
    );
    assert!(!data.join("runs").exists(), "nothing stored");
}

/// A line as the SDK's inference writes it (`EvalOutput`): its events, each told by its `kind`,
/// read as the instance's trajectory; before, the history read as no step at all.
#[test]
fn the_sdks_inference_output_is_a_run_of_its_trajectories() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let history = json!([
        {"kind": "SystemPromptEvent", "id": "s", "source": "agent", "system_prompt": {"type": "text", "text": "You are OpenHands agent."}, "tools": []},
        {"kind": "MessageEvent", "id": "m", "source": "user", "llm_message": {"role": "user", "content": [{"type": "text", "text": "Fix the parser."}]}},
        {"kind": "ActionEvent", "id": "a1", "timestamp": "2025-11-20T10:00:00.000000", "source": "agent", "thought": [{"type": "text", "text": "Run the tests."}],
         "action": {"kind": "TerminalAction", "command": "python -m pytest -q"}, "tool_name": "terminal", "tool_call_id": "c1",
         "tool_call": {"id": "c1", "name": "terminal", "arguments": "{\"command\": \"python -m pytest -q\"}"}, "llm_response_id": "r1"},
        {"kind": "ObservationEvent", "id": "o1", "timestamp": "2025-11-20T10:00:42.000000", "source": "environment", "tool_name": "terminal", "tool_call_id": "c1", "action_id": "a1",
         "observation": {"kind": "TerminalObservation", "content": [{"type": "text", "text": "3 passed"}], "exit_code": 0}},
        {"kind": "ActionEvent", "id": "a2", "source": "agent", "thought": [], "action": {"kind": "FinishAction", "message": "Done."}, "tool_name": "finish", "tool_call_id": "c2",
         "tool_call": {"id": "c2", "name": "finish", "arguments": "{}"}, "llm_response_id": "r2"},
    ]);
    let line = json!({"instance_id": "o__r-1", "attempt": 1, "instruction": "Fix the parser.", "history": history, "error": null,
                      "test_result": {"git_patch": patch("x = 1")},
                      "metadata": {"llm": {"model": "litellm_proxy/claude-sonnet-4-5-20250929"}, "dataset": "princeton-nlp/SWE-bench_Verified", "max_iterations": 100},
                      "metrics": {"accumulated_cost": 0.25, "accumulated_token_usage": {"prompt_tokens": 5000, "completion_tokens": 120}}});
    let folder = tmp.path().join("claude-sonnet-4-5_maxiter_100");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("output.jsonl"), format!("{line}\n")).unwrap();
    benchscope_ok(&[
        "import",
        folder.join("output.jsonl").to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "oh-v1",
    ]);
    let run: Run = read_json(&data.join("runs/oh-v1.json"));
    assert_eq!(run.system.model.as_deref(), Some("litellm_proxy/claude-sonnet-4-5-20250929"));
    let facts = run.results[0].trajectory.as_ref().expect("its trajectory");
    assert_eq!((facts.steps, facts.ran_tests), (2, true));
    let stored: Trajectory = read_json(&data.join(&facts.path));
    assert_eq!(stored.steps[0].action, "python -m pytest -q");
    assert_eq!(
        (stored.steps[0].observation.as_str(), stored.steps[0].returncode),
        ("3 passed", Some(0))
    );
    assert_eq!(stored.exit_status.as_deref(), Some("finished"));
    assert_eq!(stored.submission.as_deref(), Some(patch("x = 1").as_str()));
}

/// Conversations as OpenHands' CLI keeps them, one in each instance's folder
/// (`.openhands/conversations/<id>/`): a run of their trajectories, their cost from their state.
#[test]
fn the_sdks_conversation_folders_are_a_run_of_their_trajectories() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let run_folder = tmp.path().join("openhands-cli");
    for (instance, passed) in [("o__r-1", "3 passed"), ("o__r-2", "1 failed")] {
        let folder = run_folder
            .join(instance)
            .join(".openhands/conversations/4f2a9c1e8b7d4e3fa1b2c3d4e5f6a7b8");
        std::fs::create_dir_all(folder.join("events")).unwrap();
        let state = json!({"id": "4f2a9c1e-8b7d-4e3f-a1b2-c3d4e5f6a7b8", "agent": {"llm": {"model": "openai/gpt-5.1"}}, "execution_status": "finished",
                           "stats": {"usage_to_metrics": {"agent": {"accumulated_cost": 0.2, "accumulated_token_usage": {"prompt_tokens": 800, "completion_tokens": 40}}}}});
        std::fs::write(folder.join("base_state.json"), state.to_string()).unwrap();
        let events = [
            json!({"kind": "MessageEvent", "id": "m1", "source": "user", "llm_message": {"role": "user", "content": [{"type": "text", "text": "Fix the parser."}]}}),
            json!({"kind": "ActionEvent", "id": "a1", "source": "agent", "thought": [], "action": {"kind": "TerminalAction", "command": "python -m pytest -q"},
                   "tool_name": "terminal", "tool_call_id": "c1", "tool_call": {"id": "c1", "name": "terminal", "arguments": "{}"}, "llm_response_id": "r"}),
            json!({"kind": "ObservationEvent", "id": "o1", "source": "environment", "tool_name": "terminal", "tool_call_id": "c1", "action_id": "a1",
                   "observation": {"kind": "TerminalObservation", "content": [{"type": "text", "text": passed}], "exit_code": 0}}),
        ];
        for (index, event) in events.iter().enumerate() {
            let name = format!("event-{index:05}-{}.json", event["id"].as_str().unwrap());
            std::fs::write(folder.join("events").join(name), event.to_string()).unwrap();
        }
    }
    benchscope_ok(&[
        "import",
        run_folder.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "oh-cli",
    ]);
    let run: Run = read_json(&data.join("runs/oh-cli.json"));
    let ids: Vec<&str> = run.results.iter().map(|r| r.instance_id.as_str()).collect();
    assert_eq!(ids, ["o__r-1", "o__r-2"]);
    assert_eq!(run.system.model.as_deref(), Some("openai/gpt-5.1"));
    let facts = run.results[1].trajectory.as_ref().expect("its trajectory");
    assert!(facts.ran_tests);
    assert!(!run.results[1].empty_patch, "a conversation holds no patch: unknown, not empty");
    let stored: Trajectory = read_json(&data.join(&facts.path));
    assert_eq!((stored.steps[0].observation.as_str(), stored.cost), ("1 failed", Some(0.2)));
    assert_eq!(stored.exit_status.as_deref(), Some("finished"));
}
