//! `benchscope score` on Long Code Arena rows built in their published schemas.

mod common;

use benchscope_contract::{Manifest, Run};
use common::*;
use serde_json::json;

fn export(dir: &std::path::Path, name: &str, rows: &[serde_json::Value]) -> std::path::PathBuf {
    let input = dir.join(format!("{name}.jsonl"));
    std::fs::write(&input, rows.iter().map(|r| format!("{r}\n")).collect::<String>()).unwrap();
    let data = dir.join(format!("data-{name}"));
    benchscope_ok(&[
        "export",
        input.to_str().unwrap(),
        "--dataset",
        name,
        "--out",
        data.to_str().unwrap(),
        "--quiet",
    ]);
    data
}

fn score(dir: &std::path::Path, data: &std::path::Path, dataset: &str, predictions: &[serde_json::Value]) -> Run {
    let file = dir.join(format!("{dataset}-predictions.jsonl"));
    std::fs::write(&file, predictions.iter().map(|r| format!("{r}\n")).collect::<String>()).unwrap();
    benchscope_ok(&[
        "score",
        file.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        dataset,
        "--run",
        "model",
    ]);
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    read_json(&data.join(&manifest.runs[0].path))
}

fn metric(run: &Run, id: &str, name: &str) -> f64 {
    run.results.iter().find(|r| r.instance_id == id).unwrap().metrics[name]
}

#[test]
fn commit_messages_score_bleu_chrf_and_rouge_as_the_reference_implementations() {
    let tmp = tempfile::tempdir().unwrap();
    let row = |hash: &str, message: &str| {
        json!({"hash": hash, "repo": "o/r", "date": "2023-01-01", "license": "MIT", "message": message,
        "mods": [{"change_type": "MODIFY", "old_path": "a.py", "new_path": "a.py", "diff": "@@ -1 +1 @@\n-a\n+b\n"}]})
    };
    let data = export(
        tmp.path(),
        "cmg",
        &[row("h1", "Fix a typo in the README file"), row("h2", "Update dependencies")],
    );
    let run = score(
        tmp.path(),
        &data,
        "cmg",
        &[
            json!({"hash": "h1", "prediction": "Fix typo in README"}),
            json!({"hash": "h2", "prediction": "Update dependencies"}),
        ],
    );
    // sacrebleu 2.5.1 and rouge-score 0.1.2 on the first pair (tests/fixtures/metrics/metrics.json).
    assert!((metric(&run, "o/r@h1", "bleu") - 17.946048174042403).abs() < 1e-9);
    assert!((metric(&run, "o/r@h1", "chrf") - 40.52665483562984).abs() < 1e-9);
    assert!((metric(&run, "o/r@h1", "rouge1") - 72.72727272727273).abs() < 1e-9);
    assert!((metric(&run, "o/r@h2", "bleu") - 100.0).abs() < 1e-9);
    assert!((run.headline["chrf_mean"] - (40.52665483562984 + 100.0) / 2.0).abs() < 1e-9);
}

#[test]
fn library_code_bug_localization_and_completion_score_their_metrics() {
    let tmp = tempfile::tempdir().unwrap();
    let reference = "import numpy as np\narr = np.asarray([1])\nprint(np.mean(arr))\n";
    let data = export(
        tmp.path(),
        "lbcg",
        &[json!({"repo_full_name": "numpy/numpy", "repo_name": "numpy", "repo_owner": "numpy",
        "instruction": "Average.", "reference": reference, "clean_reference": reference, "path_to_reference_file": "ex.py",
        "path_to_examples_folder": "examples", "n_unique_apis": 3, "unique_apis": ["asarray", "mean", "std"],
        "project_defined_elements": [], "api_calls": [], "internal_apis": []})],
    );
    let run = score(tmp.path(), &data, "lbcg", &[json!({"index": 0, "generation": reference})]);
    assert!((metric(&run, "0", "chrf") - 100.0).abs() < 1e-9);
    assert!(
        (metric(&run, "0", "api_recall") - 200.0 / 3.0).abs() < 1e-9,
        "asarray and mean of three"
    );

    let data = export(
        tmp.path(),
        "bl",
        &[
            json!({"id": 5, "repo_owner": "o", "repo_name": "r", "issue_url": "u", "issue_title": "t", "issue_body": "b",
        "issue_labels": [], "pull_url": "p", "base_sha": "s", "head_sha": "h", "diff": "", "changed_files": "[\"a.py\", \"b.py\"]", "repo_files_without_tests_count": 12}),
        ],
    );
    let run = score(tmp.path(), &data, "bl", &[json!({"id": 5, "files": ["a.py", "c.py"]})]);
    assert_eq!(
        (metric(&run, "5", "precision"), metric(&run, "5", "recall"), metric(&run, "5", "f1")),
        (50.0, 50.0, 50.0)
    );
    assert_eq!(
        (
            metric(&run, "5", "fpr"),
            metric(&run, "5", "all_correct"),
            metric(&run, "5", "all_incorrect"),
            metric(&run, "5", "at_least_one_correct")
        ),
        (10.0, 0.0, 0.0, 100.0),
        "FPR: c is the one false positive among the 12 files less a, b and c"
    );

    let data = export(
        tmp.path(),
        "cc",
        &[
            json!({"repo": "o/r", "commit_hash": "c", "completion_file": {"filename": "a.py", "content": "import os\nx = f(1)\ny = 2\n"},
        "completion_lines": {"infile": [1, 2], "commited": [0]}, "repo_snapshot": {"filename": [], "content": []}}),
        ],
    );
    let run = score(
        tmp.path(),
        &data,
        "cc",
        &[json!({"instance_id": "o/r@c:a.py", "completions": {"0": "import os", "1": "x = f(2)", "2": " y = 2 "}})],
    );
    let id = "o/r@c:a.py";
    assert_eq!(
        (
            metric(&run, id, "em_infile"),
            metric(&run, id, "em_commited"),
            metric(&run, id, "em")
        ),
        (50.0, 100.0, 200.0 / 3.0)
    );
}

#[test]
fn unknown_tasks_are_warned_about_and_other_datasets_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let data = export(
        tmp.path(),
        "lbcg",
        &[json!({"repo_full_name": "o/r", "instruction": "i", "reference": "x", "unique_apis": [], "path_to_reference_file": "p"})],
    );
    let file = tmp.path().join("p.jsonl");
    std::fs::write(&file, "{\"index\": 9, \"generation\": \"x\"}\n").unwrap();
    let out = benchscope(&[
        "score",
        file.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "lbcg",
        "--run",
        "m",
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("p.jsonl: line 1: no task of lbcg matches it"));
    let demo = tmp.path().join("demo");
    benchscope_ok(&[
        "export",
        root().join("demo/demo.jsonl").to_str().unwrap(),
        "--dataset",
        "demo",
        "--out",
        demo.to_str().unwrap(),
        "--quiet",
    ]);
    let out = benchscope(&[
        "score",
        file.to_str().unwrap(),
        "--data",
        demo.to_str().unwrap(),
        "--dataset",
        "demo",
        "--run",
        "m",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("score reads Long Code Arena"));
}
