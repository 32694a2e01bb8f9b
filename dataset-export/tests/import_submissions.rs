//! `benchscope import` of a submission in the SWE-bench experiments repository's layout:
//! `<submission>/logs/<instance>/{report.json, test_output.txt, patch.diff}` with
//! `results/results.json` beside, as swebench.com's submissions publish them. One run, named by
//! the submission's folder, with each instance's verdict, log and model patch.

mod common;

use std::path::Path;

use benchscope_contract::{PatchShard, Run};
use common::*;
use serde_json::{json, Value};

const INSTANCES: [&str; 3] = ["astropy__astropy-12907", "astropy__astropy-13033", "astropy__astropy-13236"];

/// A submission folder built from real harness logs and reports, each given a patch of its own.
fn submission(realdata: &Path, root: &Path, resolved_listed: &[String]) -> std::path::PathBuf {
    let folder = root.join("20240620_agent_model");
    for id in INSTANCES {
        let real = realdata.join("swebench-verified-harness-logs_inspect-ai/logs").join(id);
        let dir = folder.join("logs").join(id);
        std::fs::create_dir_all(&dir).unwrap();
        for file in ["report.json", "test_output.txt"] {
            std::fs::copy(real.join(file), dir.join(file)).unwrap();
        }
        std::fs::write(dir.join("patch.diff"), format!("diff --git a/{id}.py b/{id}.py\n")).unwrap();
    }
    std::fs::create_dir_all(folder.join("results")).unwrap();
    let results = json!({ "resolved": resolved_listed, "no_generation": [], "no_logs": [] });
    std::fs::write(folder.join("results/results.json"), serde_json::to_vec(&results).unwrap()).unwrap();
    folder
}

fn reported_verdict(folder: &Path, id: &str) -> bool {
    let report: Value = read_json(&folder.join("logs").join(id).join("report.json"));
    report[id]["resolved"].as_bool().unwrap()
}

#[test]
fn a_submission_is_one_run_named_by_its_folder_with_logs_and_patches() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let probe = submission(&realdata, tmp.path(), &[]);
    let resolved: Vec<String> = INSTANCES
        .iter()
        .filter(|id| reported_verdict(&probe, id))
        .map(|id| id.to_string())
        .collect();
    let folder = submission(&realdata, tmp.path(), &resolved);
    let data = tmp.path().join("data");
    let out = import_as_new_run(&folder, &data, "sub");
    assert!(out.contains("run sub: 3 instances"), "{out}");

    let run: Run = read_json(&data.join("runs/sub.json"));
    assert_eq!(run.system.name, "20240620_agent_model", "the submission's folder, not `logs`");
    assert!(
        run.notes.iter().all(|n| !n.contains("resolved_ids")),
        "results.json agrees: {:?}",
        run.notes
    );
    for result in &run.results {
        let id = result.instance_id.as_str();
        assert_eq!(result.resolved, Some(reported_verdict(&folder, id)), "{id}");
        let shard: PatchShard = read_json(&data.join(result.model_patch.as_ref().expect("a model patch")));
        assert_eq!(shard.patches[id], format!("diff --git a/{id}.py b/{id}.py\n"));
        assert!(data.join(format!("runs/sub/logs/{id}.log")).is_file(), "{id}'s log is kept");
    }
}

#[test]
fn a_results_json_that_disagrees_with_the_reports_is_noted() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let probe = submission(&realdata, tmp.path(), &[]);
    // Every instance listed resolved, whatever the reports say.
    let all: Vec<String> = INSTANCES.iter().map(|id| id.to_string()).collect();
    let unresolved: Vec<&str> = INSTANCES.into_iter().filter(|id| !reported_verdict(&probe, id)).collect();
    assert!(!unresolved.is_empty(), "the real reports hold an unresolved instance");
    let folder = submission(&realdata, tmp.path(), &all);
    let data = tmp.path().join("data");
    import_as_new_run(&folder, &data, "sub");
    let run: Run = read_json(&data.join("runs/sub.json"));
    for id in unresolved {
        assert!(
            run.notes
                .iter()
                .any(|n| n.starts_with(&format!("{id}: its report says resolved=false"))),
            "{:?}",
            run.notes
        );
    }
}
