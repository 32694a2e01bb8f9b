//! `benchscope import` of SWE-bench predictions: a file of them, and a folder of them a file each.

mod common;

use benchscope_contract::Run;
use common::*;

/// Predictions with a header-less patch import as a run with patches and no verdicts.
#[test]
fn predictions_import_keeps_the_patches() {
    let Some(realdata) = realdata() else { return };
    let source = realdata.join("swebench-fixtures_SWE-agent-tests/trajectory_gpt4_dev-easy-first-only/all_preds.jsonl");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "import",
        source.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "swe-bench-dev",
        "--run",
        "swe-agent",
    ]);
    let run: Run = read_json(&data.join("runs/swe-agent.json"));
    assert_eq!(run.results[0].instance_id, "pydicom__pydicom-1458");
    assert_eq!(run.results[0].resolved, None, "predictions carry no verdict");
    let shard: benchscope_contract::PatchShard = read_json(&data.join(run.results[0].model_patch.as_ref().unwrap()));
    let raw: serde_json::Value = serde_json::from_str(std::fs::read_to_string(&source).unwrap().lines().next().unwrap()).unwrap();
    assert_eq!(shard.patches["pydicom__pydicom-1458"], raw["model_patch"].as_str().unwrap());
}

/// A folder of predictions a file each (aider's `<instance>.json`, SWE-agent's `.pred`): one run
/// of them all, with every patch; a chat transcript beside them is passed over; two files that
/// predict one instance are refused, naming it.
#[test]
fn a_folder_of_predictions_a_file_each_is_one_run() {
    let Some(realdata) = realdata() else { return };
    let source = realdata.join("swebench-fixtures_SWE-agent-tests/trajectory_gpt4_dev-easy-first-only/all_preds.jsonl");
    let real: serde_json::Value = serde_json::from_str(std::fs::read_to_string(&source).unwrap().lines().next().unwrap()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("aider-gpt-4o");
    std::fs::create_dir(&folder).unwrap();
    let ids = ["pydicom__pydicom-1458", "o__r-1", "o__r-2"];
    for (index, id) in ids.iter().enumerate() {
        let mut prediction = real.clone();
        prediction["instance_id"] = (*id).into();
        let name = if index == 2 { format!("{id}.pred") } else { format!("{id}.json") };
        std::fs::write(folder.join(name), prediction.to_string()).unwrap();
    }
    std::fs::write(folder.join("o__r-1.md"), "# aider chat\n").unwrap();
    let data = tmp.path().join("data");
    let run = import_submission(&folder, &data);
    let read: Vec<&str> = run.results.iter().map(|r| r.instance_id.as_str()).collect();
    let mut expected = ids.to_vec();
    expected.sort_unstable();
    assert_eq!(read, expected);
    assert!(run.results.iter().all(|r| r.model_patch.is_some() && r.resolved.is_none()));
    assert_eq!(run.system.model.as_deref(), real["model_name_or_path"].as_str());

    std::fs::write(folder.join("o__r-1.pred"), std::fs::read(folder.join("o__r-1.json")).unwrap()).unwrap();
    let out = benchscope(&[
        "import",
        folder.to_str().unwrap(),
        "--data",
        tmp.path().join("again").to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && stderr.contains("two of its files predict `o__r-1`"),
        "{stderr}"
    );
}

/// A run imported from an absolute path names it from `.` or `~`, so a published page does not
/// show the author's folders (or name) to its readers.
#[test]
fn an_absolute_source_is_published_without_the_authors_folders() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home/alice");
    let project = tmp.path().join("site");
    let predictions = r#"{"instance_id": "demo__calc-1", "model_name_or_path": "m", "model_patch": ""}"#;
    for dir in [home.join("evals"), project.join("runs")] {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("preds.jsonl"), predictions).unwrap();
    }
    let data = project.join("data");
    let import = |file: &std::path::Path, run: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_benchscope"))
            .args(["import", file.to_str().unwrap(), "--data", data.to_str().unwrap()])
            .args(["--dataset", "demo", "--run", run])
            .current_dir(&project)
            .env("HOME", &home)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        read_json::<Run>(&data.join(format!("runs/{run}.json"))).source
    };
    assert_eq!(import(&project.join("runs/preds.jsonl"), "here"), "./runs/preds.jsonl");
    assert_eq!(import(&home.join("evals/preds.jsonl"), "home"), "~/evals/preds.jsonl");
}
