//! `benchscope import` of SWE-bench run summaries: as sb-cli writes them
//! (`<subset>__<split>__<run_id>.json`, in a folder beside `*.response.json` companions), whose
//! file name gives the run, the dataset and the split, the stated resolved share kept as
//! published; and beside a harness tree, where they give the instances without a report theirs.

mod common;

use benchscope_contract::{Manifest, Run};
use common::*;
use serde_json::{json, Value};

/// The real harness summary of 37 Lite instances, in the shape sb-cli's `get-report` saves: no
/// `schema_version`, pending and failed counts.
fn sb_cli_report(realdata: &std::path::Path) -> Value {
    let summary = realdata.join("swebench-lite-harness-report_m1o0-swe-bench-lite-37/glm-5.3-zcode-campaign.tonight.json");
    let mut report: Value = read_json(&summary);
    let fields = report.as_object_mut().unwrap();
    fields.remove("schema_version");
    fields.insert("pending_instances".into(), json!(0));
    fields.insert("failed_instances".into(), json!(0));
    report
}

#[test]
fn a_folder_of_sb_cli_reports_imports_one_run_per_report_where_its_name_says() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    benchscope_ok(&["export", lite.to_str().unwrap(), "--out", data.to_str().unwrap()]);

    let reports = tmp.path().join("sb-cli-reports");
    std::fs::create_dir(&reports).unwrap();
    let report = sb_cli_report(&realdata);
    let write = |name: &str, value: &Value| std::fs::write(reports.join(name), serde_json::to_vec_pretty(value).unwrap()).unwrap();
    write("swe-bench_lite__test__glm-tonight.json", &report);
    write(
        "swe-bench_lite__test__glm-tonight.response.json",
        &json!({"run_id": "glm-tonight", "status": "done"}),
    );
    write("swe-bench_verified__test__glm-verified.json", &report);
    std::fs::write(
        reports.join("all_preds.jsonl"),
        b"{\"instance_id\": \"a\", \"model_patch\": \"\"}\n",
    )
    .unwrap();

    let out = benchscope(&["import", reports.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    let mut runs: Vec<(&str, &str, &str)> = manifest
        .runs
        .iter()
        .map(|r| (r.id.as_str(), r.dataset.as_str(), r.split.as_str()))
        .collect();
    runs.sort();
    assert_eq!(
        runs,
        [
            ("glm-tonight", "swe-bench-lite", "test"),
            ("glm-verified", "swe-bench-verified", "test")
        ],
        "one run per report, the response file not among them"
    );
    assert!(
        stderr.contains("the source names the dataset `swe-bench-verified`, which this directory does not export"),
        "{stderr}"
    );
    assert!(
        stderr.contains("not run summaries, so not read:") && stderr.contains("all_preds.jsonl"),
        "{stderr}"
    );

    let run: Run = read_json(&data.join("runs/glm-tonight.json"));
    assert_eq!(run.system.name, "glm-tonight");
    assert_eq!(run.results.len(), report["completed_ids"].as_array().unwrap().len());
    assert_eq!(run.resolved_count(), Some(report["resolved_ids"].as_array().unwrap().len()));
    let stated = 100.0 * report["resolved_instances"].as_f64().unwrap() / report["total_instances"].as_f64().unwrap();
    assert_eq!(run.headline["resolved_percent"], stated);
    assert!(run.notes.iter().any(|n| n.contains("pending 0, failed 0")), "{:?}", run.notes);
}

#[test]
fn options_name_the_dataset_and_a_folder_with_other_json_is_not_read_as_reports() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let report = sb_cli_report(&realdata);
    let path = tmp.path().join("swe-bench_verified__test__run.json");
    std::fs::write(&path, serde_json::to_vec(&report).unwrap()).unwrap();
    let stdout = benchscope_ok(&[
        "import",
        path.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "mine",
        "--split",
        "dev",
        "--new-dataset",
    ]);
    let run: Run = read_json(&data.join("runs/run.json"));
    assert_eq!((run.dataset.as_str(), run.split.as_str()), ("mine", "dev"));
    assert!(stdout.contains("25 resolved (67.6% of these; 8.3% as published)"), "{stdout}");

    // A summary over another number of instances than the exported split has: counted over the split.
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let exported = tmp.path().join("exported");
    benchscope_ok(&["export", lite.to_str().unwrap(), "--out", exported.to_str().unwrap()]);
    let mut full = report.clone();
    full["total_instances"] = json!(2294);
    let full_path = tmp.path().join("swe-bench__test__full-run.json");
    std::fs::write(&full_path, serde_json::to_vec(&full).unwrap()).unwrap();
    let out = benchscope(&[
        "import",
        full_path.to_str().unwrap(),
        "--data",
        exported.to_str().unwrap(),
        "--dataset",
        "swe-bench-lite",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("states its resolved share over 2294 instances, and swe-bench-lite/test has 300"),
        "{stderr}"
    );
    let run: Run = read_json(&exported.join("runs/full-run.json"));
    assert!(run.headline.is_empty(), "{:?}", run.headline);

    let mixed = tmp.path().join("mixed");
    std::fs::create_dir(&mixed).unwrap();
    std::fs::write(mixed.join("swe-bench_lite__test__a.json"), serde_json::to_vec(&report).unwrap()).unwrap();
    std::fs::write(mixed.join("notes.json"), b"{\"about\": \"not a report\"}").unwrap();
    let out = benchscope(&["import", mixed.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("mixed"), "the folder is named: {stderr}");
}

/// Instances the harness errored on, or whose patch was empty, have no report.json: the summary
/// beside the tree gives them their verdict and failure mode, and an error's `run_instance.log`
/// its reason.
#[test]
fn a_harness_tree_keeps_the_errors_and_empty_patches_its_summary_lists() {
    let Some(realdata) = realdata() else { return };
    let real = realdata.join("swebench-lite-harness-report_m1o0-swe-bench-lite-37");
    let tmp = tempfile::tempdir().unwrap();
    let tree = tmp.path().join("harness");
    let reports = real.join("logs/run_evaluation/tonight/glm-5.3-zcode-campaign");
    for entry in std::fs::read_dir(&reports).unwrap() {
        let dir = entry.unwrap().path();
        let copy = tree
            .join("logs/run_evaluation/tonight/glm-5.3-zcode-campaign")
            .join(dir.file_name().unwrap());
        std::fs::create_dir_all(&copy).unwrap();
        std::fs::copy(dir.join("report.json"), copy.join("report.json")).unwrap();
    }
    let mut summary: Value = read_json(&real.join("glm-5.3-zcode-campaign.tonight.json"));
    let incomplete: Vec<String> = serde_json::from_value(summary["incomplete_ids"].clone()).unwrap();
    let (errored, empty) = (incomplete[0].clone(), incomplete[1].clone());
    summary["error_ids"] = json!([errored]);
    summary["empty_patch_ids"] = json!([empty]);
    std::fs::write(
        tree.join("glm-5.3-zcode-campaign.tonight.json"),
        serde_json::to_vec(&summary).unwrap(),
    )
    .unwrap();
    // The harness's log of the errored instance, as it writes it when the patch does not apply.
    let errored_dir = tree.join("logs/run_evaluation/tonight/glm-5.3-zcode-campaign").join(&errored);
    std::fs::create_dir_all(&errored_dir).unwrap();
    let log =
        "2025-01-01 10:00:00,000 - INFO - Container for x created\n>>>>> Patch Apply Failed:\npatch: **** malformed patch at line 7\n";
    std::fs::write(errored_dir.join("run_instance.log"), log).unwrap();

    let data = tmp.path().join("data");
    import_as_new_run(&tree, &data, "tree");
    let run: Run = read_json(&data.join("runs/tree.json"));
    let of = |id: &str| {
        run.results
            .iter()
            .find(|r| r.instance_id == id)
            .unwrap_or_else(|| panic!("{id} is kept"))
    };
    assert_eq!(
        (of(&errored).resolved, of(&errored).failure_mode.as_deref()),
        (Some(false), Some("patch_failed"))
    );
    assert_eq!(
        of(&errored).patch_applied,
        Some(false),
        "its run_instance.log says the patch did not apply"
    );
    assert!(
        data.join(format!("runs/tree/logs/{errored}.log")).is_file(),
        "its run_instance.log is kept"
    );
    assert_eq!(
        (of(&empty).resolved, of(&empty).failure_mode.as_deref()),
        (Some(false), Some("empty_patch"))
    );
    let verdicts = ["resolved_ids", "unresolved_ids", "error_ids", "empty_patch_ids"]
        .iter()
        .map(|key| summary[key].as_array().unwrap().len())
        .sum::<usize>();
    assert_eq!(
        run.results.len(),
        verdicts,
        "the three reports and every other instance the summary lists"
    );
    assert!(
        run.notes.iter().any(|n| n.starts_with(&format!(
            "{} instances the summary lists have no report here (1 harness error, 1 empty patch)",
            verdicts - 3
        ))),
        "{:?}",
        run.notes
    );
}

/// An id list's entry that is not a string names no instance: it is passed over, and the import
/// says where it was.
#[test]
fn entries_of_an_id_list_that_are_not_ids_are_named_in_a_warning() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let path = tmp.path().join("model.run.json");
    let summary = json!({"resolved_ids": ["a__b-1", 7], "unresolved_ids": ["a__b-2", null]});
    std::fs::write(&path, serde_json::to_vec(&summary).unwrap()).unwrap();
    let out = benchscope(&["import", path.to_str().unwrap(), "--data", data.to_str().unwrap(), "--new-dataset"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("the run summary's unresolved_ids[1] is null, resolved_ids[1] is 7: not instance ids, passed over"),
        "{stderr}"
    );
    let run: Run = read_json(&data.join("runs/model.run.json"));
    let ids: Vec<_> = run.results.iter().map(|r| (r.instance_id.as_str(), r.resolved)).collect();
    assert_eq!(ids, [("a__b-1", Some(true)), ("a__b-2", Some(false))]);
}
