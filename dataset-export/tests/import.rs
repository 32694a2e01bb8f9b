//! `benchscope import` on the real harness outputs, evaluations and result lists (the leaderboards
//! are in `import_leaderboards.rs`, predictions in `import_predictions.rs`, Long Code Arena's
//! results in `import_lca.rs`).

mod common;

use benchscope_contract::{Manifest, Run};
use common::*;

/// The current harness's report.json tree and its run summary: verdicts kept, headline checked.
#[test]
fn harness_tree_and_summary() {
    let Some(realdata) = realdata() else { return };
    let dir = realdata.join("swebench-lite-harness-report_m1o0-swe-bench-lite-37");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "import",
        dir.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "swe-bench-lite",
        "--run",
        "tree",
    ]);
    let run: Run = read_json(&data.join("runs/tree.json"));
    let mut reported = 0;
    for result in &run.results {
        let path = dir.join(format!(
            "logs/run_evaluation/tonight/glm-5.3-zcode-campaign/{}/report.json",
            result.instance_id
        ));
        if !path.is_file() {
            assert!(result.fail_to_pass.is_none(), "{}: no report, no test statuses", result.instance_id);
            continue;
        }
        reported += 1;
        let report: serde_json::Value = read_json(&path);
        assert_eq!(
            result.resolved,
            report[&result.instance_id]["resolved"].as_bool(),
            "{}",
            result.instance_id
        );
        let f2p = &report[&result.instance_id]["tests_status"]["FAIL_TO_PASS"];
        assert_eq!(
            result.fail_to_pass.unwrap().passed as usize,
            f2p["success"].as_array().unwrap().len()
        );
    }
    assert_eq!(reported, 3);
    // The instances whose reports the copy left out count as the harness counted them.
    let summary: serde_json::Value = read_json(&dir.join("glm-5.3-zcode-campaign.tonight.json"));
    assert_eq!(run.results.len(), summary["completed_ids"].as_array().unwrap().len());
    assert_eq!(run.resolved_count(), Some(summary["resolved_ids"].as_array().unwrap().len()));
    assert!(
        run.headline.is_empty(),
        "a summary's counts are coverage, not metrics: {:?}",
        run.headline
    );
    assert!(
        run.notes
            .iter()
            .any(|n| n.contains("total 300, submitted 37, completed 37, resolved 25")),
        "{:?}",
        run.notes
    );
    assert!(run
        .notes
        .iter()
        .any(|n| n.contains("covers 37 completed instances; 3 have reports here")));

    let summary = dir.join("glm-5.3-zcode-campaign.tonight.json");
    benchscope_ok(&[
        "import",
        summary.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "swe-bench-lite",
    ]);
    let run: Run = read_json(&data.join("runs/glm-5.3-zcode-campaign.tonight.json"));
    assert_eq!(
        run.system.name, "glm-5.3-zcode-campaign",
        "the whole model part of <model>.<run_id>.json"
    );
    let raw: serde_json::Value = read_json(&summary);
    assert_eq!(run.results.len(), raw["completed_ids"].as_array().unwrap().len());
    assert_eq!(run.resolved_count(), Some(raw["resolved_ids"].as_array().unwrap().len()));
    let reasons = raw["failure_reasons"].as_object().unwrap();
    for (id, reason) in reasons {
        assert_eq!(
            run.results.iter().find(|r| &r.instance_id == id).unwrap().failure_mode.as_deref(),
            reason.as_str()
        );
    }
}

/// Re-exporting a dataset keeps the runs already in the directory.
#[test]
fn reexport_keeps_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    export_demo(&data);
    let predictions = root().join("demo/predictions/gold.jsonl");
    benchscope_ok(&[
        "import",
        predictions.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "demo",
        "--run",
        "gold-patches",
    ]);
    export_demo(&data);
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    assert_eq!(manifest.runs.len(), 1);
    for file in manifest.files.iter().filter(|f| f.path.starts_with("runs/")) {
        assert_eq!(std::fs::metadata(data.join(&file.path)).unwrap().len(), file.bytes, "{}", file.path);
    }
}

/// FeatureBench `fb eval` outputs (built here in the documented layout): one run per attempt,
/// ids recovered from the summary's paths, and a summary that disagrees reported.
#[test]
fn featurebench_eval_outputs_import_per_attempt() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("runs/2025-06-01_12-00-00");
    let tasks = [
        "pandas-dev__pandas.82fa2715.test_a.0a1b2c3d.lv1",
        "pandas-dev__pandas.82fa2715.test_b.1a2b3c4d.lv2",
    ];
    for (i, task) in tasks.iter().enumerate() {
        for attempt in [1, 2] {
            let resolved = i == 0 || attempt == 2;
            let dir = root.join(format!("eval_outputs/{task}/attempt-{attempt}"));
            std::fs::create_dir_all(&dir).unwrap();
            let report = serde_json::json!({
                "n_attempt": attempt, "patch_is_None": false, "patch_exists": true, "patch_successfully_applied": true, "resolved": resolved,
                "pass_rate": if resolved { 1.0 } else { 0.5 },
                "tests_status": {"FAIL_TO_PASS": {"success": ["pandas/tests/test_x.py"], "failure": if resolved { vec![] } else { vec!["pandas/tests/test_y.py"] }},
                                 "PASS_TO_PASS": {"success": ["pandas/tests/test_z.py"], "failure": []}},
                "error": "", "traceback": if resolved { "" } else { "Traceback (most recent call last):\nKeyError: 'col'" },
                "prompt_tokens": 1000 + i, "completion_tokens": 200,
            });
            std::fs::write(dir.join("report.json"), report.to_string()).unwrap();
        }
    }
    let path = |task: &str, n: u32| format!("/work/runs/2025-06-01_12-00-00/run_outputs/{task}/attempt-{n}/infer.log");
    let summary = serde_json::json!({
        // As `generate_summary_report` writes it: counts, rates as shares of 1, id lists of paths.
        "attempt_1": {"n_attempt": 1, "total_instances": 2, "submitted_instances": 2, "completed_instances": 2, "resolved_instances": 1,
                      "unresolved_instances": 1, "not_applied_patch_empty_instances": 0, "not_applied_patch_other_instances": 0,
                      "error_instances": 0, "resolved_rate": 0.5, "pass_rate": 0.75, "resolved_ids": [path(tasks[0], 1)]},
        "attempt_2": {"n_attempt": 2, "total_instances": 2, "resolved_instances": 2, "resolved_rate": 1.0, "pass_rate": 1.0, "resolved_ids": [path(tasks[0], 2)]},
    });
    std::fs::write(root.join("report.json"), summary.to_string()).unwrap();
    let data = tmp.path().join("data");
    let out = benchscope(&[
        "import",
        root.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--split",
        "lite",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("attempt 2: the summary lists 1 resolved tasks, the per-task reports 2"),
        "{stderr}"
    );
    assert!(!stderr.contains("attempt 1:"), "attempt 1 agrees: {stderr}");
    let first: Run = read_json(&data.join("runs/featurebench.2025-06-01_12-00-00.attempt-1.json"));
    assert_eq!((first.dataset.as_str(), first.split.as_str()), ("featurebench", "lite"));
    let unresolved = first.results.iter().find(|r| r.resolved == Some(false)).unwrap();
    assert_eq!(
        (unresolved.failure_mode.as_deref(), unresolved.pass_rate, unresolved.tokens_in),
        (Some("KeyError"), Some(0.5), Some(1001))
    );
    // Its rates, as the board's % resolved and % passed, over the tasks they count; not its
    // counts, which would stand as columns of their own.
    assert_eq!(
        first.headline,
        std::collections::BTreeMap::from([
            ("passed_percent".to_string(), 75.0),
            ("resolved_percent".to_string(), 50.0),
            ("total_instances".to_string(), 2.0)
        ])
    );
}

/// The experiments repository's `results/results.json`.
#[test]
fn experiments_results_lists() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("20240620_sweagent_claude3.5sonnet/results");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("results.json"),
        r#"{"resolved": ["a__b-1"], "applied": ["a__b-1", "a__b-2"], "no_generation": ["a__b-3"], "test_errored": []}"#,
    )
    .unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "import",
        dir.join("results.json").to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "swe-bench-lite",
    ]);
    let run: Run = read_json(&data.join("runs/20240620_sweagent_claude3.5sonnet.json"));
    let modes: Vec<_> = run
        .results
        .iter()
        .map(|r| (r.instance_id.as_str(), r.resolved, r.failure_mode.as_deref()))
        .collect();
    assert_eq!(
        modes,
        [
            ("a__b-1", Some(true), None),
            ("a__b-2", Some(false), Some("tests_failed")),
            ("a__b-3", Some(false), Some("empty_patch"))
        ]
    );
}

/// The experiments repository publishes `results.json` with trailing commas before `]`: it is
/// read, and each comma is named by its line; a real fault elsewhere is named where it is.
#[test]
fn results_json_with_trailing_commas_and_faults() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("20240402_sweagent_gpt4/results");
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.json");
    std::fs::write(
        &results,
        "{\n  \"resolved\": [\n    \"a__b-1\",\n  ],\n  \"applied\": [\n    \"a__b-1\",\n    \"a__b-2\",\n  ]\n}\n",
    )
    .unwrap();
    let data = tmp.path().join("data");
    let out = benchscope(&[
        "import",
        results.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "swe-bench-lite",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("line 3: a trailing comma before a closing bracket, read as if absent"),
        "{stderr}"
    );
    assert!(stderr.contains("line 7: a trailing comma"), "{stderr}");
    let run: Run = read_json(&data.join("runs/20240402_sweagent_gpt4.json"));
    assert_eq!(run.results.iter().filter(|r| r.resolved == Some(true)).count(), 1);

    let broken = tmp.path().join("broken.json");
    std::fs::write(&broken, "{\n  \"resolved\": [\"a\"],\n  \"applied\": [\"a\"\n  \"b\"]\n}\n").unwrap();
    let out = benchscope(&["import", broken.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("broken.json: not valid JSON: line 4 column 3: expected"),
        "{stderr}"
    );
}

/// Runs given to `export`, or instances given to `import`, are refused with the command that
/// reads them named: the two commands' inputs look alike (JSON records keyed by instance id).
#[test]
fn runs_given_to_export_and_instances_given_to_import_name_the_command_that_reads_them() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = root().join("demo/demo.jsonl");
    let predictions = root().join("demo/predictions/partly-right.jsonl");
    let out = tmp.path().join("data");
    let exported = benchscope(&["export", predictions.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&exported.stderr);
    assert!(!exported.status.success() && !out.exists());
    assert!(
        stderr.contains("no known benchmark format matches this record")
            && stderr.contains("partly-right.jsonl holds runs (predictions), which `benchscope import"),
        "{stderr}"
    );
    let not_runs = benchscope(&[
        "export",
        demo.to_str().unwrap(),
        "--format",
        "lca-commit-messages",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        !String::from_utf8_lossy(&not_runs.stderr).contains("hint:"),
        "instances are no runs"
    );

    benchscope_ok(&["export", demo.to_str().unwrap(), "--out", out.to_str().unwrap(), "--quiet"]);
    let imported = benchscope(&["import", demo.to_str().unwrap(), "--data", out.to_str().unwrap(), "--run", "x"]);
    let stderr = String::from_utf8_lossy(&imported.stderr);
    assert!(!imported.status.success());
    assert!(
        stderr.contains("not a format `import` reads") && stderr.contains("it holds swe-bench instances, which `benchscope export` reads"),
        "{stderr}"
    );
}

/// A harness test log with bytes that are not UTF-8 (a test printed binary output) is kept, each
/// such byte read as U+FFFD, instead of being left out of the run as unreadable.
#[test]
fn a_harness_log_with_bytes_that_are_not_utf8_is_kept() {
    let Some(realdata) = realdata() else { return };
    let logs = realdata.join("swebench-verified-harness-logs_inspect-ai/logs");
    let tmp = tempfile::tempdir().unwrap();
    let submission = tmp.path().join("submission/logs");
    for id in ["django__django-11099", "sympy__sympy-11618"] {
        for (path, bytes) in tree(&logs.join(id)) {
            let target = submission.join(id).join(path);
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
            std::fs::write(target, bytes).unwrap();
        }
    }
    let damaged = submission.join("django__django-11099/test_output.txt");
    let mut bytes = std::fs::read(&damaged).unwrap();
    bytes.extend_from_slice(b"\xff\xfe binary output\n");
    std::fs::write(&damaged, bytes).unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "import",
        tmp.path().join("submission").to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "swe-bench-verified",
        "--new-dataset",
        "--run",
        "r",
    ]);
    let kept = std::fs::read_to_string(data.join("runs/r/logs/django__django-11099.log")).unwrap();
    assert!(
        kept.ends_with("\u{FFFD}\u{FFFD} binary output\n"),
        "{}",
        &kept[kept.len().saturating_sub(80)..]
    );
    assert!(data.join("runs/r/logs/sympy__sympy-11618.log").is_file());
}

/// A folder of a test runner's logs that no harness wrote (no report, no `>>>>>` step) is no run
/// of older harness logs: it is named as a folder `import` does not read, where it had become a
/// run of reportless logs that matched no dataset.
#[test]
fn a_folder_of_logs_no_harness_wrote_is_not_read_as_one() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    export_demo(&data);
    let logs = tmp.path().join("pytest-logs/benchscope-demo__unitcalc-1");
    std::fs::create_dir_all(&logs).unwrap();
    std::fs::write(logs.join("_stdout.log"), "collected 3 items\n\ntests/test_a.py ... [100%]\n").unwrap();

    let out = benchscope(&["import", logs.parent().unwrap().to_str().unwrap(), "--data", data.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("pytest-logs: not a folder `import` reads"), "{stderr}");
}

/// One of OpenHands' evaluation logs given alone is a run of its folder with that instance, its
/// verdict and tests as the folder's run has them; the folder's summary is not held against it.
#[test]
fn an_older_harness_log_given_alone_imports_as_its_folders_run_of_one() {
    let Some(realdata) = realdata() else { return };
    let logs = realdata.join("swebench-verified-evallogs_OpenHands-claude35-v0.15/output.swebench_eval.logs");
    let tmp = tempfile::tempdir().unwrap();
    let (alone, whole) = (tmp.path().join("alone"), tmp.path().join("whole"));
    let id = "django__django-11292";
    let log = logs.join(format!("instance_{id}.log"));
    benchscope_ok(&["import", log.to_str().unwrap(), "--data", alone.to_str().unwrap()]);
    benchscope_ok(&["import", logs.to_str().unwrap(), "--data", whole.to_str().unwrap()]);
    let name = "runs/CodeActAgent-claude-3-5-sonnet-20241022.json";
    let (one, all): (Run, Run) = (read_json(&alone.join(name)), read_json(&whole.join(name)));
    assert_eq!(one.results.len(), 1);
    let same = all.results.iter().find(|r| r.instance_id == id).unwrap();
    let verdict = |r: &benchscope_contract::InstanceResult| (r.resolved, r.tests.clone(), r.failure_mode.clone());
    assert_eq!(verdict(&one.results[0]), verdict(same));
    assert!(all.notes.iter().all(|n| !n.contains("the summary lists")), "{:?}", all.notes);
    assert!(one.notes.iter().all(|n| !n.contains("the summary lists")), "{:?}", one.notes);
}

/// The real mini-swe-agent submission keeps each harness report without its instance-id key
/// (`logs/<id>/report.json`): its logs folder, one instance's folder and one report alone import,
/// each instance named by its folder with the report's verdict.
#[test]
fn harness_reports_without_their_id_key_are_named_by_their_folder() {
    let Some(realdata) = realdata() else { return };
    let logs = realdata.join("trajectories_gruckion-mini-swe-agent/logs");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&["import", logs.to_str().unwrap(), "--data", data.to_str().unwrap(), "--run", "all"]);
    let run: Run = read_json(&data.join("runs/all.json"));
    let mut expected = std::collections::BTreeMap::new();
    for entry in std::fs::read_dir(&logs).unwrap() {
        let dir = entry.unwrap().path();
        let report: serde_json::Value = read_json(&dir.join("report.json"));
        expected.insert(
            dir.file_name().unwrap().to_string_lossy().into_owned(),
            report["resolved"].as_bool(),
        );
    }
    let got: std::collections::BTreeMap<String, Option<bool>> = run.results.iter().map(|r| (r.instance_id.clone(), r.resolved)).collect();
    assert_eq!(got, expected);
    let one = logs.join("astropy__astropy-12907");
    for (input, name) in [(one.clone(), "folder"), (one.join("report.json"), "file")] {
        let data = tmp.path().join(name);
        benchscope_ok(&["import", input.to_str().unwrap(), "--data", data.to_str().unwrap(), "--run", name]);
        let run: Run = read_json(&data.join(format!("runs/{name}.json")));
        let ids: Vec<(&str, Option<bool>)> = run.results.iter().map(|r| (r.instance_id.as_str(), r.resolved)).collect();
        assert_eq!(ids, [("astropy__astropy-12907", expected["astropy__astropy-12907"])], "{name}");
    }
}

/// An instance's harness folder with its test log and no report (the harness wrote none) is
/// refused with the `grade` command that reads it, and that command grades it.
#[test]
fn a_harness_folder_without_its_report_is_sent_to_grade() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("django__django-11099");
    std::fs::create_dir_all(&folder).unwrap();
    let log = realdata.join("swebench-verified-harness-logs_inspect-ai/logs/django__django-11099/test_output.txt");
    std::fs::copy(log, folder.join("test_output.txt")).unwrap();
    let data = tmp.path().join("data");
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    benchscope_ok(&["export", lite.to_str().unwrap(), "--out", data.to_str().unwrap(), "--quiet"]);
    let refused = benchscope(&["import", folder.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    let hint = format!(
        "`benchscope grade {} --data <data directory> --dataset <dataset> --run <run>` grades the log",
        folder.display()
    );
    assert!(stderr.contains(&hint), "{stderr}");
    let data_arg = data.to_str().unwrap();
    benchscope_ok(&[
        "grade",
        folder.to_str().unwrap(),
        "--data",
        data_arg,
        "--dataset",
        "swe-bench-lite",
        "--run",
        "graded",
    ]);
    let run: Run = read_json(&data.join("runs/graded.json"));
    assert_eq!(run.results.len(), 1);
    assert_eq!(run.results[0].instance_id, "django__django-11099");
    assert!(run.results[0].resolved.is_some(), "graded from the log");
}
