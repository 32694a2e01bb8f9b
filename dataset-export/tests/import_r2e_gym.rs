//! `benchscope import` of R2E-Gym's trajectories (its `EditAgent`'s, as DeepSWE's runs write
//! them): JSON Lines, a record an instance, each with its patch and the reward R2E-Gym's own run
//! of the tests gave it.

mod common;

use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::Run;
use common::{benchscope_ok, exported_dataset_d, read_json};
use serde_json::{json, Value};

fn record(instance: &str, reward: f64, patch: &str) -> Value {
    let step = json!({"step_idx": 0, "thought": "<think>Tests first.</think>", "action": "<function=execute_bash>\n<parameter=cmd>python -m pytest -q</parameter>\n</function>",
                      "observation": "Exit code: 0\nExecution output of [execute_bash]:\n3 passed", "done": false, "info": {},
                      "token_usage_prompt": 900, "token_usage_completion": 40, "token_usage_total": 940,
                      "llm_exec_time": 3.0, "env_exec_time": 1.0, "total_step_time": 4.0, "total_time_traj": 4.0, "step_count": 1});
    json!({"trajectory_steps": [step], "problem_statement": "Fix the parser.", "docker_image": format!("slimshetty/swebench-verified:sweb.eval.x86_64.{instance}"),
           "exp_name": "deepswe", "env_args": {}, "agent_args": {"llm_name": "agentica-org/DeepSWE-Preview"}, "ds": {"instance_id": instance},
           "max_steps": 40, "max_steps_absolute": 50, "max_token_limit": 65536, "max_llm_time": 300, "max_exec_time": 90, "max_total_time": 1200,
           "exit_reason": "agent", "output_patch": patch, "reward": reward, "reward_calc_time": 20.0, "test_output": "3 passed"})
}

#[test]
fn r2e_gym_records_are_a_run_judged_by_their_rewards() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2", "o__r-3"]);
    let folder = tmp.path().join("deepswe-verified");
    std::fs::create_dir_all(&folder).unwrap();
    let patch = "diff --git a/p.py b/p.py\n--- a/p.py\n+++ b/p.py\n@@ -1 +1 @@\n-a\n+b\n";
    let records = [
        record("o__r-1", 1.0, patch),
        record("o__r-2", 0.0, patch),
        record("o__r-3", 0.0, ""),
    ];
    let text: String = records.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(folder.join("deepswe.jsonl"), text).unwrap();

    for (source, run) in [(folder.join("deepswe.jsonl"), "alone"), (folder.clone(), "folder")] {
        benchscope_ok(&[
            "import",
            source.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
            "--dataset",
            "d",
            "--run",
            run,
        ]);
        let stored: Run = read_json(&data.join(format!("runs/{run}.json")));
        let verdicts: Vec<(&str, Option<bool>, bool)> = stored
            .results
            .iter()
            .map(|r| (r.instance_id.as_str(), r.resolved, r.empty_patch))
            .collect();
        assert_eq!(
            verdicts,
            [
                ("o__r-1", Some(true), false),
                ("o__r-2", Some(false), false),
                ("o__r-3", Some(false), true)
            ],
            "{run}"
        );
        assert_eq!(stored.results[0].metrics.get("reward"), Some(&1.0));
        // The run of the tests that gave each reward is the instance's log.
        for result in &stored.results {
            let log = result.log.as_ref().expect("the test output kept as the log");
            assert_eq!(std::fs::read_to_string(data.join(log)).unwrap(), "3 passed", "{run}");
        }
        let failures: Vec<Option<&str>> = stored.results.iter().map(|r| r.failure_mode.as_deref()).collect();
        assert_eq!(failures, [None, Some("unresolved"), Some("empty_patch")], "{run}");
        assert_eq!(
            (stored.system.scaffold.as_deref(), stored.system.model.as_deref()),
            (Some("R2E-Gym"), Some("agentica-org/DeepSWE-Preview"))
        );
        let facts = stored.results[0].trajectory.as_ref().expect("its trajectory");
        assert!(facts.ran_tests);
        let trajectory: Trajectory = read_json(&data.join(&facts.path));
        assert_eq!(
            (trajectory.steps[0].action.as_str(), trajectory.steps[0].observation.as_str()),
            ("python -m pytest -q", "3 passed")
        );
    }
}
