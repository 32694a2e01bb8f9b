//! The traces a submission publishes in `trajs/` as text, imported with its verdicts and patches.

mod common;

use benchscope_contract::trajectory::Trajectory;
use common::{import_submission, read_json};

/// A submission as SWE-bench's experiments keep it, its traces in `trajs/` in texts no agent's
/// reader knows (Markdown, a log, JSON of another shape): each is its instance's trajectory, as
/// text, beside the verdicts of `results/results.json` (an instance with a patch that its lists
/// do not resolve is unresolved, a trace or not) and the patches of `all_preds.jsonl`.
#[test]
fn a_submissions_traces_in_any_text_are_its_trajectories() {
    let tmp = tempfile::tempdir().unwrap();
    let submission = tmp.path().join("20240630_agentless_gpt4o");
    std::fs::create_dir_all(submission.join("trajs")).unwrap();
    std::fs::create_dir_all(submission.join("results")).unwrap();
    let results = serde_json::json!({"resolved": ["django__django-11099"], "no_generation": [], "no_logs": []});
    std::fs::write(submission.join("results/results.json"), results.to_string()).unwrap();
    let preds: String = [
        "django__django-11099",
        "psf__requests-2317",
        "pytest-dev__pytest-5103",
        "sympy__sympy-20590",
    ]
    .iter()
    .map(|id| {
        format!(
            "{}\n",
            serde_json::json!({"instance_id": id, "model_name_or_path": "agentless", "model_patch": format!("diff --git a/{id} b/{id}\n")})
        )
    })
    .collect();
    std::fs::write(submission.join("all_preds.jsonl"), preds).unwrap();
    let trajs = submission.join("trajs");
    std::fs::write(
        trajs.join("django__django-11099.md"),
        "# Localization\n`validators.py`\n\n# Repair\nUse `\\A` and `\\Z`.\n",
    )
    .unwrap();
    std::fs::write(
        trajs.join("psf__requests-2317.log"),
        "2024-06-30 INFO prompting\n2024-06-30 INFO builtin_str decoded\n",
    )
    .unwrap();
    let unknown =
        serde_json::json!({"name": "AgentLoop", "states": [{"name": "SearchCode", "actions": [{"action": {"query": "decode method"}}]}]});
    std::fs::write(trajs.join("sympy__sympy-20590.json"), unknown.to_string()).unwrap();
    // The harness's report of one instance beside them: its verdict, given once.
    let logs = submission.join("logs/django__django-11099");
    std::fs::create_dir_all(&logs).unwrap();
    let report = serde_json::json!({"django__django-11099": {"patch_exists": true, "patch_successfully_applied": true, "resolved": true}});
    std::fs::write(logs.join("report.json"), report.to_string()).unwrap();
    let data = tmp.path().join("data");
    let run = import_submission(&submission, &data);
    assert_eq!(run.system.name, "20240630_agentless_gpt4o");
    assert!(run.notes.is_empty(), "{:?}", run.notes);
    let shown: Vec<(&str, Option<bool>, Option<usize>)> = run
        .results
        .iter()
        .map(|r| (r.instance_id.as_str(), r.resolved, r.trajectory.as_ref().map(|t| t.steps)))
        .collect();
    assert_eq!(
        shown,
        [
            ("django__django-11099", Some(true), Some(2)),
            ("psf__requests-2317", Some(false), Some(1)),
            ("pytest-dev__pytest-5103", Some(false), None),
            ("sympy__sympy-20590", Some(false), Some(1)),
        ],
        "an instance predicted without a trace is the run's too"
    );
    let trajectory = |id: &str| -> Trajectory {
        let facts = run
            .results
            .iter()
            .find(|r| r.instance_id == id)
            .unwrap()
            .trajectory
            .as_ref()
            .unwrap();
        read_json(&data.join(&facts.path))
    };
    assert!(
        run.results.iter().filter_map(|r| r.trajectory.as_ref()).all(|t| t.text_only),
        "no action recorded"
    );
    let markdown = trajectory("django__django-11099");
    assert_eq!(markdown.format, "text");
    assert_eq!(markdown.steps[1].thought, "# Repair\nUse `\\A` and `\\Z`.");
    assert_eq!(
        trajectory("psf__requests-2317").steps[0].observation,
        "2024-06-30 INFO prompting\n2024-06-30 INFO builtin_str decoded"
    );
    // JSON of one line, laid out a member a line.
    let json = trajectory("sympy__sympy-20590").steps[0].observation.clone();
    assert!(
        json.lines().any(|line| line == "            \"query\": \"decode method\""),
        "{json}"
    );
}

/// Moatless Tools' traces, as its 2024 submissions publish them in `trajs/`: read as its
/// trajectories (a step per state's action), not as text; the patch its `info` holds is the
/// instance's where no predictions are given.
#[test]
fn moatless_traces_in_trajs_read_as_its_trajectories() {
    let tmp = tempfile::tempdir().unwrap();
    let submission = tmp.path().join("20240818_moatless_verified");
    let trajs = submission.join("trajs");
    std::fs::create_dir_all(&trajs).unwrap();
    let patch = "diff --git a/p.py b/p.py\n--- a/p.py\n+++ b/p.py\n@@ -1 +1 @@\n-a\n+b\n";
    let trace = serde_json::json!({
        "name": "MoatlessTools",
        "transition_rules": {"global_params": {"model": "claude-3-5-sonnet-20240620"}},
        "initial_message": "Fix the parser.",
        "transitions": [
            {"id": 0, "name": "Pending"},
            {"id": 1, "name": "SearchCode", "actions": [{"request": {"scratch_pad": "Find it.", "search_requests": [{"query": "parse"}]},
                                                         "response": {"trigger": "did_search", "output": {"ranked_spans": []}}}]},
            {"id": 2, "name": "PlanToCode", "actions": [{"request": {"scratch_pad": "Done.", "action": "finish", "finish": "Fixed."},
                                                         "response": {"trigger": "finish", "output": {"message": "Fixed."}}}]},
        ],
        "info": {"instance_id": "o__r-1", "status": "finished", "duration": 12.0, "total_cost": 0.1, "submission": patch},
    });
    std::fs::write(trajs.join("o__r-1.json"), trace.to_string()).unwrap();
    let data = tmp.path().join("data");
    let run = import_submission(&submission, &data);
    assert_eq!(run.system.scaffold.as_deref(), Some("Moatless Tools"));
    assert_eq!(run.system.model.as_deref(), Some("claude-3-5-sonnet-20240620"));
    let [result] = run.results.as_slice() else {
        panic!("{:?}", run.results)
    };
    let facts = result.trajectory.as_ref().unwrap();
    assert_eq!((facts.steps, facts.text_only), (2, false));
    assert!(result.model_patch.is_some(), "the submission is the patch");
    let trajectory: Trajectory = read_json(&data.join(&facts.path));
    assert_eq!(trajectory.format, "moatless");
    assert_eq!(trajectory.steps[1].observation, "→ finish\nFixed.");
    assert_eq!(trajectory.exit_status.as_deref(), Some("finished"));
}
