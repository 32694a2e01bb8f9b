//! `benchscope import` of Trae Agent's SWE-bench evaluation folder: each instance's trajectory
//! (`<instance>/<instance>.json`) beside its patch and the harness report its evaluation copies
//! there, `predictions.json` and the run summary (`results.json`) beside them.

mod common;

use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::Run;
use common::{benchscope_ok, exported_dataset_d, read_json};
use serde_json::{json, Value};

/// Trae Agent's SWE-bench evaluation folder: each instance's trajectory
/// (`<instance>/<instance>.json`) beside its patch, and `predictions.json` gathering the patches.
#[test]
fn trae_agents_evaluation_folder_is_a_run_of_its_trajectories_and_patches() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let folder = tmp.path().join("SWE-bench_SWE-bench_Verified_trae-agent");
    let patch = "diff --git a/p.py b/p.py\n--- a/p.py\n+++ b/p.py\n@@ -1 +1 @@\n-a\n+b\n";
    for instance in ["o__r-1", "o__r-2"] {
        let step = json!({"step_number": 1, "timestamp": "2025-07-01T10:00:00.000000", "state": "completed",
            "llm_response": {"content": "Testing.", "usage": {"input_tokens": 100, "output_tokens": 10}},
            "tool_calls": [{"call_id": "t1", "name": "bash", "arguments": {"command": "python -m pytest -q"}, "id": null}],
            "tool_results": [{"call_id": "t1", "success": true, "result": "3 passed", "error": null, "id": null}], "reflection": null, "error": null});
        // In Trae Agent's key order (`json.dump(..., indent=2)` of its dict), the task first.
        let trajectory = format!(
            "{{\n  \"task\": \"Fix the parser.\",\n  \"start_time\": \"2025-07-01T09:59:00.000000\",\n  \"end_time\": \"2025-07-01T10:01:00.000000\",\n  \
             \"provider\": \"anthropic\",\n  \"model\": \"claude-sonnet-4-20250514\",\n  \"max_steps\": 200,\n  \"llm_interactions\": [],\n  \
             \"agent_steps\": [{step}],\n  \"success\": true,\n  \"final_result\": \"Done.\",\n  \"execution_time\": 120.0\n}}"
        );
        std::fs::create_dir_all(folder.join(instance)).unwrap();
        std::fs::write(folder.join(instance).join(format!("{instance}.json")), trajectory).unwrap();
        std::fs::write(folder.join(instance).join(format!("{instance}.patch")), patch).unwrap();
        std::fs::write(folder.join(instance).join("problem_statement.txt"), "Fix the parser.").unwrap();
    }
    let predictions = json!([{"instance_id": "o__r-1", "model_name_or_path": "trae-agent", "model_patch": patch},
                             {"instance_id": "o__r-2", "model_name_or_path": "trae-agent", "model_patch": ""}]);
    std::fs::write(folder.join("predictions.json"), predictions.to_string()).unwrap();
    // Its evaluation copies the harness's report into the instance's folder, and its run summary
    // beside them as `results.json`.
    let report = json!({"o__r-1": {"patch_is_None": false, "patch_exists": true, "patch_successfully_applied": true, "resolved": true,
                                   "tests_status": {"FAIL_TO_PASS": {"success": ["t"], "failure": []}, "PASS_TO_PASS": {"success": [], "failure": []}}}});
    std::fs::write(folder.join("o__r-1/report.json"), report.to_string()).unwrap();
    let summary = json!({"total_instances": 2, "submitted_instances": 2, "resolved_instances": 1, "resolved_ids": ["o__r-1"],
                         "unresolved_ids": [], "empty_patch_ids": ["o__r-2"], "schema_version": 2});
    std::fs::write(folder.join("results.json"), summary.to_string()).unwrap();
    benchscope_ok(&[
        "import",
        folder.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "trae",
    ]);
    let run: Run = read_json(&data.join("runs/trae.json"));
    let ids: Vec<&str> = run.results.iter().map(|r| r.instance_id.as_str()).collect();
    assert_eq!(ids, ["o__r-1", "o__r-2"]);
    assert_eq!(run.system.model.as_deref(), Some("anthropic/claude-sonnet-4-20250514"));
    let empty: Vec<bool> = run.results.iter().map(|r| r.empty_patch).collect();
    assert_eq!(empty, [false, true], "the patches are predictions.json's");
    let verdicts: Vec<Option<bool>> = run.results.iter().map(|r| r.resolved).collect();
    assert_eq!(verdicts, [Some(true), Some(false)], "the report beside, the summary's lists");
    // Without it, each instance's patch is the one beside its trajectory.
    std::fs::remove_file(folder.join("predictions.json")).unwrap();
    benchscope_ok(&[
        "import",
        folder.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "trae-patches",
    ]);
    let run: Run = read_json(&data.join("runs/trae-patches.json"));
    assert!(run.results.iter().all(|r| !r.empty_patch));
    let shard: Value = read_json(&data.join(run.results[0].model_patch.as_ref().expect("its patch is stored")));
    assert_eq!(shard["patches"]["o__r-1"], patch);
    let facts = run.results[0].trajectory.as_ref().expect("its trajectory");
    assert!(facts.ran_tests);
    let stored: Trajectory = read_json(&data.join(&facts.path));
    assert_eq!(
        (stored.steps[0].action.as_str(), stored.steps[0].observation.as_str()),
        ("python -m pytest -q", "3 passed")
    );
}
