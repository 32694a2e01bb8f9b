//! `benchscope import` of OpenHands' benchmarks output since its agent SDK: `output.jsonl`, one
//! line an attempt (`attempt`, `status`, `resolved`, `test_result.git_patch`, `cost`), with the
//! `output.report.json` it derives beside it. Before, the file read as a table of verdicts and
//! stopped at the first attempt that ended in an error (`resolved: null`), or at an instance's
//! second attempt.

mod common;

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
