//! `benchscope import` of OpenCode's sessions: what `opencode run --format json` printed, saved
//! per instance (`<instance>.jsonl`), and what `opencode export` wrote (`<instance>.json`), with
//! the predictions beside them giving the patches.

mod common;

use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::Run;
use common::{benchscope_ok, exported_dataset_d, read_json};
use serde_json::{json, Value};

fn lines(lines: &[Value]) -> String {
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// A bash call as OpenCode records it, with its output and exit code.
fn bash(command: &str, output: &str) -> Value {
    json!({"id": "prt_2", "sessionID": "ses_1", "messageID": "msg_2", "type": "tool", "callID": "c1", "tool": "bash",
           "state": {"status": "completed", "input": {"command": command, "description": "Runs the tests"}, "output": output,
                     "metadata": {"output": output, "exit": 0}, "time": {"start": 1_767_036_060_000_u64, "end": 1_767_036_062_000_u64}}})
}

#[test]
fn opencode_runs_and_exports_are_a_run_of_their_calls() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let folder = tmp.path().join("opencode-run");
    std::fs::create_dir_all(&folder).unwrap();
    let finish = json!({"type": "step-finish", "reason": "stop", "cost": 0.01, "tokens": {"input": 100, "output": 10, "reasoning": 0, "cache": {"read": 0, "write": 0}}});
    let printed = lines(&[
        json!({"type": "step_start", "timestamp": 1_767_036_059_338_u64, "sessionID": "ses_1", "part": {"type": "step-start", "snapshot": "63d8d5c"}}),
        json!({"type": "text", "timestamp": 1_767_036_059_900_u64, "sessionID": "ses_1", "part": {"type": "text", "text": "Running the tests."}}),
        json!({"type": "tool_use", "timestamp": 1_767_036_062_000_u64, "sessionID": "ses_1", "part": bash("python -m pytest -q", "3 passed")}),
        json!({"type": "step_finish", "timestamp": 1_767_036_062_100_u64, "sessionID": "ses_1", "part": finish}),
    ]);
    std::fs::write(folder.join("o__r-1.jsonl"), printed).unwrap();
    let exported = json!({
        "info": {"id": "ses_2", "version": "1.0.150", "directory": "/testbed", "title": "Fix it", "time": {"created": 1_767_036_000_000_u64}},
        "messages": [
            {"info": {"id": "msg_1", "role": "user", "time": {"created": 1_767_036_000_000_u64}}, "parts": [{"type": "text", "text": "Fix the parser."}]},
            {"info": {"id": "msg_2", "role": "assistant", "modelID": "claude-sonnet-4-5", "providerID": "anthropic", "time": {"created": 1_767_036_001_000_u64}},
             "parts": [bash("python -m pytest -q", "1 failed"), finish]},
        ]
    });
    std::fs::write(folder.join("o__r-2.json"), serde_json::to_string_pretty(&exported).unwrap()).unwrap();
    let patch = "diff --git a/p.py b/p.py\n--- a/p.py\n+++ b/p.py\n@@ -1 +1 @@\n-a\n+b\n";
    let predictions = json!([{"instance_id": "o__r-1", "model_name_or_path": "opencode", "model_patch": patch},
                             {"instance_id": "o__r-2", "model_name_or_path": "opencode", "model_patch": patch}]);
    std::fs::write(folder.join("preds.json"), predictions.to_string()).unwrap();

    benchscope_ok(&[
        "import",
        folder.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "d",
        "--run",
        "opencode",
    ]);
    let run: Run = read_json(&data.join("runs/opencode.json"));
    assert_eq!(run.results.len(), 2, "both sessions");
    for result in &run.results {
        let facts = result.trajectory.as_ref().expect("its trajectory");
        assert!(facts.ran_tests, "{}", result.instance_id);
        assert!(!result.empty_patch, "the predictions' patch");
        let stored: Trajectory = read_json(&data.join(&facts.path));
        assert_eq!(stored.format, "opencode");
        let ran = stored
            .steps
            .iter()
            .find(|s| s.action == "python -m pytest -q")
            .expect("the tests run");
        assert_eq!((ran.returncode, ran.seconds), (Some(0), Some(2.0)));
    }
    let exported: Trajectory = read_json(&data.join(&run.results[1].trajectory.as_ref().unwrap().path));
    assert_eq!(
        (exported.task.as_deref(), exported.agent.as_deref(), exported.model.as_deref()),
        (Some("Fix the parser."), Some("OpenCode 1.0.150"), Some("claude-sonnet-4-5"))
    );
}
