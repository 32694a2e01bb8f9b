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
    let moatless = serde_json::json!({"name": "MoatlessTools", "transitions": [{"name": "SearchCode", "actions": [{"action": {"query": "decode method"}}]}]});
    std::fs::write(trajs.join("sympy__sympy-20590.json"), moatless.to_string()).unwrap();
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
