//! Multi-SWE-bench end to end: its dataset rows exported, its harness's patch files, final
//! report and evaluation workdir imported.

mod common;

use std::collections::BTreeMap;

use common::*;

/// A row in the benchmark's published shape (written by hand).
fn row(org: &str, repo: &str, number: u32, f2p: &str, n2p: &str) -> serde_json::Value {
    serde_json::json!({
        "org": org, "repo": repo, "number": number, "state": "closed", "title": "Fix the parser", "body": "",
        "base": {"label": format!("{org}:main"), "ref": "main", "sha": "4dc6c73c"},
        "resolved_issues": [{"number": number - 1, "title": "Parser panics on `--x`", "body": "Steps:\n1. run it"}],
        "fix_patch": "diff --git a/src/p.rs b/src/p.rs\n--- a/src/p.rs\n+++ b/src/p.rs\n@@ -1 +1,2 @@\n a\n+b\n",
        "test_patch": "diff --git a/tests/t.rs b/tests/t.rs\n--- a/tests/t.rs\n+++ b/tests/t.rs\n@@ -1 +1,2 @@\n a\n+b\n",
        "fixed_tests": {f2p: {}, n2p: {}},
        "f2p_tests": {f2p: {"run": "FAIL", "test": "FAIL", "fix": "PASS"}},
        "n2p_tests": {n2p: {"run": "NONE", "test": "NONE", "fix": "PASS"}},
        "s2p_tests": {}, "p2p_tests": {"kept::works": {"run": "PASS", "test": "PASS", "fix": "PASS"}},
        "run_result": {"passed_count": 1, "failed_count": 1, "skipped_count": 0, "passed_tests": ["kept::works"], "failed_tests": [f2p], "skipped_tests": []},
    })
}

/// Multi-SWE-bench as published: a language's folder of `<org>__<repo>_dataset.jsonl` files,
/// each line a pull request (here in the shape of the benchmark's own rows, written by hand).
#[test]
fn multi_swe_bench_files_export_with_their_language_and_newly_passing_tests() {
    let tmp = tempfile::tempdir().unwrap();
    let write = |folder: &str, name: &str, rows: &[serde_json::Value]| {
        let dir = tmp.path().join(folder);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, rows.iter().map(|r| format!("{r}\n")).collect::<String>()).unwrap();
        path
    };
    let rust = write(
        "rust",
        "BurntSushi__ripgrep_dataset.jsonl",
        &[row("BurntSushi", "ripgrep", 2209, "regression::r2208", "feature::f2209")],
    );
    let go = write(
        "go",
        "cli__cli_dataset.jsonl",
        &[
            row("cli", "cli", 101, "TestRun", "TestNew"),
            row("cli", "cli", 55, "TestA", "TestB"),
        ],
    );
    let out = tmp.path().join("out");
    let stdout = benchscope_ok(&[
        "export",
        rust.to_str().unwrap(),
        go.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(stdout.contains("exported 3 instances of multi-swe-bench/test"), "{stdout}");
    assert_eq!(
        facet(&out, "multi-swe-bench", "test", "language"),
        BTreeMap::from([("Go".into(), 2), ("Rust".into(), 1)])
    );
    let exported = instances(&out, "multi-swe-bench", "test");
    let ripgrep = exported
        .iter()
        .find(|i| i.id == "BurntSushi__ripgrep-2209")
        .expect("the id written from org, repo and number");
    assert_eq!(ripgrep.repo, "BurntSushi/ripgrep");
    assert_eq!(ripgrep.title, "Parser panics on `--x`");
    assert_eq!(ripgrep.base_commit.as_deref(), Some("4dc6c73c"));
    let tests = ripgrep.tests.as_ref().unwrap();
    assert_eq!(
        (tests.fail_to_pass.as_slice(), tests.pass_to_pass.as_slice()),
        (
            &["regression::r2208".to_string(), "feature::f2209".to_string()][..],
            &["kept::works".to_string()][..]
        )
    );
    assert_eq!((ripgrep.stats.files_changed, ripgrep.stats.lines_added), (1, 1));
    assert_eq!(
        ripgrep.extra["run_result"],
        serde_json::json!({"passed_count": 1, "failed_count": 1, "skipped_count": 0})
    );

    // Its harness's patch file (`org, repo, number, fix_patch`) imports as predictions, and its
    // final report as the run's verdicts; the two given one --run are refused, nothing written.
    let patches = tmp.path().join("patches.jsonl");
    std::fs::write(
        &patches,
        "{\"org\": \"cli\", \"repo\": \"cli\", \"number\": 101, \"fix_patch\": \"diff --git a/x b/x\\n\"}\n",
    )
    .unwrap();
    let report = tmp.path().join("final_report.json");
    std::fs::write(&report, r#"{"total_instances": 2, "submitted_instances": 2, "completed_instances": 2, "incomplete_instances": 0, "resolved_instances": 1, "unresolved_instances": 1, "empty_patch_instances": 0, "error_instances": 0, "submitted_ids": ["cli__cli-101", "cli__cli-55"], "completed_ids": ["cli__cli-101", "cli__cli-55"], "incomplete_ids": [], "resolved_ids": ["cli__cli-101"], "unresolved_ids": ["cli__cli-55"], "empty_patch_ids": [], "error_ids": []}"#).unwrap();
    let data = out.to_str().unwrap();
    let both = benchscope(&[
        "import",
        report.to_str().unwrap(),
        patches.to_str().unwrap(),
        "--data",
        data,
        "--dataset",
        "multi-swe-bench",
        "--run",
        "m",
    ]);
    let stderr = String::from_utf8_lossy(&both.stderr);
    assert!(!both.status.success() && stderr.contains("both `m`"), "{stderr}");
    assert!(!out.join("runs").exists(), "nothing written");
    benchscope_ok(&[
        "import",
        patches.to_str().unwrap(),
        "--data",
        data,
        "--dataset",
        "multi-swe-bench",
        "--run",
        "m-patches",
    ]);
    let stdout = benchscope_ok(&[
        "import",
        report.to_str().unwrap(),
        "--data",
        data,
        "--dataset",
        "multi-swe-bench",
        "--run",
        "m",
    ]);
    assert!(
        stdout.contains("run m: 2 instances of the 3 of multi-swe-bench/test, 1 resolved"),
        "{stdout}"
    );
    let run: serde_json::Value = read_json(&out.join("runs/m-patches.json"));
    assert_eq!(run["results"][0]["instance_id"], "cli__cli-101");
    let named: serde_json::Value = read_json(&out.join("runs/m.json"));
    assert_eq!(
        (run["system"]["name"].as_str(), named["system"]["name"].as_str()),
        (Some("m-patches"), Some("m")),
        "--run names a run its file name does not"
    );
}

/// A run's test results as the harness's report writes them.
fn eval_result(passed: &[&str], failed: &[&str]) -> serde_json::Value {
    serde_json::json!({"passed_count": passed.len(), "failed_count": failed.len(), "skipped_count": 0,
        "passed_tests": passed, "failed_tests": failed, "skipped_tests": []})
}

/// One instance's folder of the harness's workdir under `workdir`: its `report.json` (`valid`,
/// the fix run's results `fix`), the model's `fix.patch` and the fix run's log.
fn write_eval_instance(workdir: &std::path::Path, (org, repo, number): (&str, &str, u32), valid: bool, fix: serde_json::Value) {
    let dir = workdir.join(format!("{org}/{repo}/evals/pr-{number}"));
    std::fs::create_dir_all(&dir).unwrap();
    let kept = eval_result(&["kept::works"], &[]);
    let report = serde_json::json!({"org": org, "repo": repo, "number": number, "valid": valid, "error_msg": "",
        "fixed_tests": {}, "p2p_tests": {}, "f2p_tests": {}, "s2p_tests": {}, "n2p_tests": {},
        "run_result": kept, "test_patch_result": kept, "fix_patch_result": fix});
    std::fs::write(dir.join("report.json"), report.to_string()).unwrap();
    std::fs::write(
        dir.join("fix.patch"),
        "diff --git a/src/p.rs b/src/p.rs\n--- a/src/p.rs\n+++ b/src/p.rs\n@@ -1 +1,2 @@\n a\n+c\n",
    )
    .unwrap();
    std::fs::write(dir.join("fix-patch-run.log"), "test kept::works ... ok\n").unwrap();
}

/// A submission to Multi-SWE-bench's experiments: the workdir as `logs/`, named by its
/// `metadata.yaml`, and without the dataset exported, judged by its `results/results.json` (the
/// harness's run summary, resolved ids as `resolved`) where a report alone cannot say.
#[test]
fn an_experiments_submission_takes_its_name_and_results_json_verdicts() {
    let tmp = tempfile::tempdir().unwrap();
    let submission = tmp.path().join("20260714_CodeArts-Agent_GLM-5.1");
    let logs = submission.join("logs");
    write_eval_instance(&logs, ("fmtlib", "fmt", 1171), true, eval_result(&["kept::works", "fixed"], &[]));
    write_eval_instance(&logs, ("fmtlib", "fmt", 1361), false, eval_result(&["kept::works"], &["fixed"]));
    std::fs::create_dir_all(submission.join("results")).unwrap();
    let summary = serde_json::json!({"total_instances": 3, "submitted_instances": 3, "completed_instances": 3,
        "resolved": ["fmtlib__fmt-1171"], "unresolved_ids": ["fmtlib__fmt-1361", "fmtlib__fmt-967"],
        "completed_ids": ["fmtlib__fmt-1171", "fmtlib__fmt-1361", "fmtlib__fmt-967"], "incomplete_ids": [], "empty_error_patch_ids": []});
    std::fs::write(submission.join("results/results.json"), summary.to_string()).unwrap();
    std::fs::write(submission.join("metadata.yaml"), "name: CodeArts-Agent + GLM-5.1\noss: false\n").unwrap();
    let data = tmp.path().join("data");
    let stdout = benchscope_ok(&["import", logs.to_str().unwrap(), "--data", data.to_str().unwrap(), "--new-dataset"]);
    assert!(stdout.contains("3 instances, 1 resolved"), "{stdout}");
    let manifest: benchscope_contract::Manifest = read_json(&data.join("manifest.json"));
    let entry = &manifest.runs[0];
    assert_eq!(
        (entry.system.name.as_str(), entry.date.as_deref()),
        ("CodeArts-Agent + GLM-5.1", Some("2026-07-14"))
    );
    let run: serde_json::Value = read_json(&data.join(&entry.path));
    let verdict = |id: &str| {
        let result = result_for(&run, id);
        (result["resolved"].as_bool(), result.get("model_patch").is_some())
    };
    assert_eq!(
        verdict("fmtlib__fmt-1171"),
        (Some(true), true),
        "a valid report, judged by the lists"
    );
    assert_eq!(verdict("fmtlib__fmt-1361"), (Some(false), true));
    assert_eq!(
        verdict("fmtlib__fmt-967"),
        (Some(false), false),
        "listed without a report beside it"
    );
}

/// The harness's evaluation workdir (`<org>/<repo>/evals/pr-<number>/` with `report.json`, the
/// model's `fix.patch` and `fix-patch-run.log`): one run, resolved by the harness's rule against
/// the exported split's lists, with its patches and logs.
#[test]
fn an_evaluation_workdir_imports_with_the_harness_verdicts_patches_and_logs() {
    let tmp = tempfile::tempdir().unwrap();
    let dataset = tmp.path().join("rust/all_dataset.jsonl");
    std::fs::create_dir_all(dataset.parent().unwrap()).unwrap();
    let rows = [
        row("BurntSushi", "ripgrep", 2209, "regression::r1", "feature::f2209"),
        row("cli", "cli", 101, "TestRun", "TestNew"),
    ];
    std::fs::write(&dataset, rows.iter().map(|r| format!("{r}\n")).collect::<String>()).unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&["export", dataset.to_str().unwrap(), "--out", data.to_str().unwrap(), "--quiet"]);

    let workdir = tmp.path().join("workdir");
    let result = eval_result;
    let instance = |org: &str, repo: &str, number: u32, valid: bool, fix: serde_json::Value| {
        write_eval_instance(&workdir, (org, repo, number), valid, fix)
    };
    instance(
        "BurntSushi",
        "ripgrep",
        2209,
        true,
        result(&["kept::works", "regression::r1", "feature::f2209", "other"], &[]),
    );
    // Valid, but a test the dataset expects (the new `TestNew`) never ran: not resolved.
    instance("cli", "cli", 101, true, result(&["kept::works", "TestRun"], &[]));
    let import = |more: &[&str]| {
        let args = [
            "import",
            workdir.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
            "--run",
            "msb",
        ];
        benchscope_ok(&[&args[..], more].concat())
    };
    let stdout = import(&[]);
    assert!(
        stdout.contains("run msb: 2 instances of the 2 of multi-swe-bench/test, 1 resolved"),
        "{stdout}"
    );
    let run: serde_json::Value = read_json(&data.join("runs/msb.json"));
    let ripgrep = result_for(&run, "BurntSushi__ripgrep-2209");
    assert_eq!(ripgrep["fail_to_pass"], serde_json::json!({"passed": 2, "total": 2}));
    assert!(
        ripgrep["tests"].get("other").is_none(),
        "a passing test no list names is not stored"
    );
    let cli = result_for(&run, "cli__cli-101");
    assert_eq!(
        (cli["resolved"].as_bool(), cli["tests"]["TestNew"].as_str()),
        (Some(false), Some("MISSING"))
    );
    let log = std::fs::read_to_string(data.join(cli["log"].as_str().unwrap())).unwrap();
    assert!(log.contains("kept::works ... ok"));
    assert!(cli["model_patch"].is_string(), "the model's fix.patch is the run's patch");

    // A folder copied without its fix.patch says nothing of the patch: not an empty one.
    std::fs::remove_file(workdir.join("cli/cli/evals/pr-101/fix.patch")).unwrap();
    import(&["--replace"]);
    let run: serde_json::Value = read_json(&data.join("runs/msb.json"));
    let cli = result_for(&run, "cli__cli-101");
    assert_eq!(
        (cli["empty_patch"].as_bool(), cli["failure_mode"].as_str(), cli.get("model_patch")),
        (Some(false), Some("tests_failed"), None)
    );

    // A results.json beside the reports that resolves what the rule does not is said, and the
    // rule's verdict kept.
    std::fs::create_dir_all(workdir.join("results")).unwrap();
    let summary = serde_json::json!({"resolved": ["BurntSushi__ripgrep-2209", "cli__cli-101"], "unresolved_ids": []});
    std::fs::write(workdir.join("results/results.json"), summary.to_string()).unwrap();
    import(&["--replace"]);
    let run: serde_json::Value = read_json(&data.join("runs/msb.json"));
    assert_eq!(result_for(&run, "cli__cli-101")["resolved"].as_bool(), Some(false));
    let notes: Vec<&str> = run["notes"].as_array().unwrap().iter().filter_map(|n| n.as_str()).collect();
    assert!(
        notes.iter().any(|n| n.contains("judge 1 instance differently: cli__cli-101")),
        "{notes:?}"
    );
}
