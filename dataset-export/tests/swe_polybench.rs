//! SWE-PolyBench end to end: its CSV file exported, its harness's result folder and `result.json`
//! imported.

mod common;

use std::collections::BTreeMap;

use common::*;

/// The columns of SWE-PolyBench's `test.csv`, in its order.
const COLUMNS: [&str; 25] = [
    "instance_id",
    "repo",
    "pull_number",
    "base_commit",
    "patch",
    "test_patch",
    "problem_statement",
    "hints_text",
    "created_at",
    "language",
    "Dockerfile",
    "F2P",
    "P2P",
    "test_command",
    "task_category",
    "is_no_nodes",
    "is_func_only",
    "is_class_only",
    "is_mixed",
    "num_func_changes",
    "num_class_changes",
    "num_nodes",
    "is_single_func",
    "is_single_class",
    "modified_nodes",
];

/// A row in the published shape (written by hand): every column text, the test lists Python's.
fn row(id: &str, repo: &str, language: &str, category: &str, f2p: &str) -> Vec<String> {
    let patch = "diff --git a/src/a.js b/src/a.js\n--- a/src/a.js\n+++ b/src/a.js\n@@ -1 +1,2 @@\n a\n+b\n";
    let values = [
        id,
        repo,
        "10227",
        "a1b2c3d",
        patch,
        "",
        "Button ignores `disabled`\n\nSteps: click it",
        "",
        "2018-02-09T13:57:07Z",
        language,
        "FROM node:18\nWORKDIR /testbed\n",
        f2p,
        "[\"renders\", 'it\\'s kept']",
        "yarn test",
        category,
        "False",
        "True",
        "False",
        "False",
        "1",
        "0",
        "1",
        "True",
        "False",
        "[\"src/a.js->program->function_declaration:Button\"]",
    ];
    values.iter().map(|v| v.to_string()).collect()
}

#[test]
fn polybench_csv_exports_with_its_tests_and_facets_and_its_results_import() {
    let tmp = tempfile::tempdir().unwrap();
    let csv_path = tmp.path().join("test.csv");
    let mut writer = csv::Writer::from_path(&csv_path).unwrap();
    writer.write_record(COLUMNS).unwrap();
    writer
        .write_record(row(
            "mui__material-ui-10227",
            "mui/material-ui",
            "JavaScript",
            "Bug Fix",
            "['<Button /> is disabled']",
        ))
        .unwrap();
    writer
        .write_record(row(
            "apache__dubbo-1234",
            "apache/dubbo",
            "Java",
            "Feature",
            "['org.apache.RegistryTest#testNpe']",
        ))
        .unwrap();
    writer.flush().unwrap();
    let out = tmp.path().join("out");
    let stdout = benchscope_ok(&["export", csv_path.to_str().unwrap(), "--out", out.to_str().unwrap(), "--quiet"]);
    assert!(stdout.contains("exported 2 instances of swe-polybench/test"), "{stdout}");
    assert_eq!(
        facet(&out, "swe-polybench", "test", "language"),
        BTreeMap::from([("Java".into(), 1), ("JavaScript".into(), 1)])
    );
    assert_eq!(
        facet(&out, "swe-polybench", "test", "task category"),
        BTreeMap::from([("Bug Fix".into(), 1), ("Feature".into(), 1)])
    );
    let exported = instances(&out, "swe-polybench", "test");
    let mui = exported.iter().find(|i| i.id == "mui__material-ui-10227").unwrap();
    let tests = mui.tests.as_ref().unwrap();
    assert_eq!(tests.fail_to_pass, ["<Button /> is disabled"]);
    assert_eq!(tests.pass_to_pass, ["renders", "it's kept"]);
    assert_eq!(
        facet(&out, "swe-polybench", "test", "changed nodes"),
        BTreeMap::from([("functions only".into(), 2)])
    );
    assert_eq!(mui.extra["is_single_func"], serde_json::json!(true));
    assert_eq!(mui.extra["modified_nodes"][0], "src/a.js->program->function_declaration:Button");

    // The same file in its subset's folder, as the hub names it, is that subset.
    let verified = tmp.path().join("SWE-PolyBench_Verified");
    std::fs::create_dir(&verified).unwrap();
    std::fs::copy(&csv_path, verified.join("test.csv")).unwrap();
    let stdout = benchscope_ok(&[
        "export",
        verified.join("test.csv").to_str().unwrap(),
        "--out",
        tmp.path().join("v").to_str().unwrap(),
    ]);
    assert!(stdout.contains("exported 2 instances of swe-polybench-verified/test"), "{stdout}");

    // The harness's result folder: one resolved, one whose patch did not apply.
    // The harness's result folder, in the folder of the run it belongs to: the run's name.
    let results = tmp.path().join("openhands-gpt-4o/eval_logs");
    std::fs::create_dir_all(&results).unwrap();
    let result = |id: &str, applied: bool, resolved: bool, passed: &[&str]| {
        serde_json::json!({"instance_id": id, "patch_applied": applied, "generation": true, "with_logs": applied,
            "all_f2p_passed": resolved, "no_p2p_failed": applied, "resolved": resolved, "passed_tests": passed, "failed_tests": []})
    };
    for (id, value) in [
        (
            "mui__material-ui-10227",
            result("mui__material-ui-10227", true, true, &["<Button /> is disabled", "renders"]),
        ),
        ("apache__dubbo-1234", result("apache__dubbo-1234", false, false, &[])),
    ] {
        std::fs::write(results.join(format!("{id}_result.json")), value.to_string()).unwrap();
    }
    let metrics = r#"{"instance_id": "mui__material-ui-10227", "file_retrieval_metrics": {"recall": 1.0, "precision": 0.5, "f1": 0.667},
        "node_retrieval_metrics": null, "reference_nodes": [], "predicted_nodes": []}"#;
    std::fs::write(results.join("mui__material-ui-10227_metrics.json"), metrics).unwrap();
    let data = out.to_str().unwrap();
    let stdout = benchscope_ok(&["import", results.to_str().unwrap(), "--data", data]);
    assert!(
        stdout.contains("run openhands-gpt-4o: 2 instances of the 2 of swe-polybench/test, 1 resolved"),
        "{stdout}"
    );
    let run: serde_json::Value = read_json(&out.join("runs/openhands-gpt-4o.json"));
    let mui = result_for(&run, "mui__material-ui-10227");
    assert_eq!(mui["tests"]["renders"], "PASSED");
    // Tallied as its harness reads the lists: a PASS_TO_PASS test the log does not name is kept.
    assert_eq!(
        (&mui["fail_to_pass"], &mui["pass_to_pass"]),
        (
            &serde_json::json!({"passed": 1, "total": 1}),
            &serde_json::json!({"passed": 2, "total": 2})
        )
    );
    assert_eq!(mui["metrics"]["file_precision"], 0.5);
    assert_eq!(
        run["headline"]["file_precision_mean"], 0.5,
        "the retrieval means are the run's headline"
    );
    assert_eq!(result_for(&run, "apache__dubbo-1234")["failure_mode"], "patch_failed");

    // Its `result.json`, the id lists the harness writes in the folder it ran in.
    let summary = tmp.path().join("result.json");
    std::fs::write(&summary, r#"{"no_generation": [], "generation": ["mui__material-ui-10227", "apache__dubbo-1234"],
        "patch_applied": ["mui__material-ui-10227"], "with_logs": ["mui__material-ui-10227"], "resolved": ["mui__material-ui-10227"],
        "not_resolved": ["apache__dubbo-1234"], "total_empty_patch_instances": 0, "total_instances": 2, "total_resolved": 1,
        "total_unresolved": 1, "file_retrieval": [{"instance_id": "mui__material-ui-10227", "file_recall": 1.0, "file_precision": 0.5, "file_f1": 0.667}],
        "node_retrieval": []}"#).unwrap();
    let stdout = benchscope_ok(&[
        "import",
        summary.to_str().unwrap(),
        "--data",
        data,
        "--dataset",
        "swe-polybench",
        "--run",
        "poly",
    ]);
    assert!(
        stdout.contains("run poly: 2 instances of the 2 of swe-polybench/test, 1 resolved"),
        "{stdout}"
    );
    let run: serde_json::Value = read_json(&out.join("runs/poly.json"));
    let failed = result_for(&run, "apache__dubbo-1234");
    assert_eq!(
        (failed["failure_mode"].as_str(), failed["patch_applied"].as_bool()),
        (Some("patch_failed"), Some(false))
    );

    // `--metrics-only` writes `metrics.json`: the same document, its lists empty, the metrics
    // alone. A run of metrics without verdicts, their means its headline.
    let metrics_only = tmp.path().join("metrics.json");
    std::fs::write(
        &metrics_only,
        r#"{"resolved": [], "patch_applied": [], "with_logs": [], "generation": [], "no_generation": [],
        "not_resolved": [], "total_empty_patch_instances": 0, "total_instances": 0, "total_resolved": 0, "total_unresolved": 0,
        "file_retrieval": [{"instance_id": "mui__material-ui-10227", "file_recall": 1.0, "file_precision": 0.5, "file_f1": 0.667},
                           {"instance_id": "apache__dubbo-1234", "file_recall": 0.0, "file_precision": 0.0, "file_f1": 0.0}],
        "node_retrieval": [{"instance_id": "mui__material-ui-10227", "node_recall": 0.5, "node_precision": 1.0, "node_f1": 0.667}]}"#,
    )
    .unwrap();
    let stdout = benchscope_ok(&["import", metrics_only.to_str().unwrap(), "--data", data, "--run", "retrieval"]);
    assert!(!stdout.contains("warning"), "{stdout}");
    let run: serde_json::Value = read_json(&out.join("runs/retrieval.json"));
    assert_eq!(run["results"].as_array().unwrap().len(), 2);
    let mui = result_for(&run, "mui__material-ui-10227");
    assert!(mui.get("resolved").is_none_or(serde_json::Value::is_null), "no verdict: {mui}");
    assert_eq!(
        (mui["metrics"]["file_f1"].as_f64(), mui["metrics"]["node_recall"].as_f64()),
        (Some(0.667), Some(0.5))
    );
    assert_eq!(run["headline"]["file_recall_mean"], 0.5);
    assert_eq!(run["headline"]["node_recall_mean"], 0.5);

    // ... and its folder, which holds the instances' `<id>_metrics.json` alone.
    let folder = tmp.path().join("retrieval-run/eval_logs");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("mui__material-ui-10227_metrics.json"), metrics).unwrap();
    std::fs::write(folder.join("stray_metrics.json"), "{}").unwrap();
    let output = benchscope(&["import", folder.to_str().unwrap(), "--data", data]);
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("stray_metrics.json: not an instance's retrieval metrics"),
        "{stderr}"
    );
    let run: serde_json::Value = read_json(&out.join("runs/retrieval-run.json"));
    let mui = result_for(&run, "mui__material-ui-10227");
    assert!(mui.get("resolved").is_none_or(serde_json::Value::is_null), "no verdict: {mui}");
    assert_eq!(mui["metrics"]["file_precision"].as_f64(), Some(0.5));
    assert_eq!(run["results"].as_array().unwrap().len(), 1);
}
