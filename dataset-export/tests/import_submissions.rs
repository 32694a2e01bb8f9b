//! `benchscope import` of a submission in the SWE-bench experiments repository's layout
//! (`<submission>/logs/<instance>/{report.json, test_output.txt, patch.diff}` with
//! `results/results.json` beside, as swebench.com's submissions publish them) or in OpenHands'
//! evaluation's (`<run>/eval_outputs/<instance>/...` with the run's summary as `report.json` and
//! its `metadata.json`). One run, named by the submission, with each instance's verdict, log and
//! model patch.

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
    assert_eq!(run.date.as_deref(), Some("2024-06-20"), "the folder's date");
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

/// The experiments repository's `metadata.yaml` as submissions write it now.
const METADATA: &str = "info:
  name: Agent + Model (2024-06)
  site: https://example.org/agent
  logo: null
assets:
  logs: s3://swe-bench-submissions/verified/20240620_agent_model/logs
tags:
  checked: true
  model:
    - model-2024-06
  org:
    - Agent Lab
  os_model: false
  os_system: true
  system:
    attempts: '1'
";

#[test]
fn a_submission_is_named_and_tagged_by_its_metadata_yaml() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let folder = submission(&realdata, tmp.path(), &[]);
    std::fs::write(folder.join("metadata.yaml"), METADATA).unwrap();
    let data = tmp.path().join("data");
    import_as_new_run(&folder, &data, "sub");
    let run: Run = read_json(&data.join("runs/sub.json"));
    assert_eq!(run.system.name, "Agent + Model (2024-06)");
    assert_eq!(run.system.model.as_deref(), Some("model-2024-06"));
    assert_eq!(run.system.org.as_deref(), Some("Agent Lab"));
    assert_eq!(run.system.tags, ["open scaffold", "checked", "System: Attempts - 1"]);
    assert_eq!(run.system.scaffold, None, "attempts are not a scaffold");
    assert_eq!(run.date.as_deref(), Some("2024-06-20"));
    assert_eq!(run.results.len(), INSTANCES.len());
}

#[test]
fn a_results_json_alone_is_named_by_the_first_shape_of_metadata_yaml() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("20231010_rag_gpt4");
    std::fs::create_dir_all(folder.join("results")).unwrap();
    let results = json!({ "resolved": [INSTANCES[0]], "applied": [INSTANCES[0], INSTANCES[1]], "no_generation": [INSTANCES[2]] });
    std::fs::write(folder.join("results/results.json"), serde_json::to_vec(&results).unwrap()).unwrap();
    std::fs::write(
        folder.join("metadata.yaml"),
        "name: RAG + GPT 4 (1106)\noss: true\nsite: https://example.org\nverified: false\n",
    )
    .unwrap();
    let data = tmp.path().join("data");
    import_as_new_run(&folder.join("results/results.json"), &data, "rag");
    let run: Run = read_json(&data.join("runs/rag.json"));
    assert_eq!(run.system.name, "RAG + GPT 4 (1106)");
    assert_eq!(run.system.tags, ["open scaffold"]);
    assert_eq!(run.date.as_deref(), Some("2023-10-10"));
    let resolved: Vec<(&str, Option<bool>)> = run.results.iter().map(|r| (r.instance_id.as_str(), r.resolved)).collect();
    assert_eq!(
        resolved,
        [(INSTANCES[0], Some(true)), (INSTANCES[1], Some(false)), (INSTANCES[2], Some(false))]
    );
}

/// `benchscope import results.json` in the submission's own folder: the run is named by that
/// folder, as with any other path to it (the relative path's folder was empty, and the import
/// was refused for an empty run id).
#[test]
fn a_results_json_given_by_its_bare_name_is_named_by_the_folder_it_is_in() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("20240620_agent");
    std::fs::create_dir_all(&folder).unwrap();
    let results = json!({ "resolved": [INSTANCES[0]], "no_generation": [INSTANCES[1]] });
    std::fs::write(folder.join("results.json"), serde_json::to_vec(&results).unwrap()).unwrap();
    let data = tmp.path().join("data");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_benchscope"))
        .args(["import", "results.json", "--data", data.to_str().unwrap(), "--new-dataset"])
        .current_dir(&folder)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let run: Run = read_json(&data.join("runs/20240620_agent.json"));
    assert_eq!(run.results.len(), 2);
}

/// A submission as the experiments repository holds one now: its logs kept elsewhere, so only
/// `results/results.json` (`resolved`, `no_generation`, `no_logs`), the predictions and
/// `metadata.yaml` are in the folder.
#[test]
fn a_submission_folder_without_logs_is_its_lists_and_its_predictions() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("20251127_agent_model");
    std::fs::create_dir_all(folder.join("results")).unwrap();
    let [resolved, failed, empty] = INSTANCES;
    let no_logs = "astropy__astropy-13398";
    // As published: a trailing comma before a closing bracket.
    let results = format!(r#"{{"no_generation": ["{empty}"], "no_logs": ["{no_logs}",], "resolved": ["{resolved}"]}}"#);
    std::fs::write(folder.join("results/results.json"), results).unwrap();
    let predictions: String = [resolved, failed, no_logs]
        .iter()
        .map(|id| {
            json!({"instance_id": id, "model_name_or_path": "agent", "model_patch": format!("diff --git a/{id} b/{id}\n")}).to_string()
                + "\n"
        })
        .chain([json!({"instance_id": empty, "model_name_or_path": "agent", "model_patch": ""}).to_string() + "\n"])
        .collect();
    std::fs::write(folder.join("all_preds.jsonl"), predictions).unwrap();
    std::fs::write(folder.join("metadata.yaml"), METADATA).unwrap();
    let data = tmp.path().join("data");
    let out = import_as_new_run_output(&folder, &data, "sub");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("results.json: line 1: a trailing comma"), "{stderr}");

    let run: Run = read_json(&data.join("runs/sub.json"));
    assert_eq!(run.system.name, "Agent + Model (2024-06)");
    assert_eq!(run.date.as_deref(), Some("2025-11-27"));
    let verdicts: Vec<_> = run
        .results
        .iter()
        .map(|r| (r.instance_id.as_str(), r.resolved, r.failure_mode.as_deref(), r.error.as_deref()))
        .collect();
    assert_eq!(
        verdicts,
        [
            (resolved, Some(true), None, None),
            (failed, Some(false), Some("unresolved"), None),
            (empty, Some(false), Some("empty_patch"), None),
            (no_logs, Some(false), Some("incomplete"), Some("the evaluation left no logs")),
        ]
    );
    for result in &run.results {
        let id = result.instance_id.as_str();
        match result.model_patch.as_ref() {
            Some(shard) => {
                let shard: PatchShard = read_json(&data.join(shard));
                assert_eq!(shard.patches[id], format!("diff --git a/{id} b/{id}\n"));
            }
            None => assert_eq!(id, empty, "only the empty prediction has no patch"),
        }
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

/// OpenHands' evaluation folder: `eval_outputs/<instance>/` as the harness writes it, the run's
/// summary under the name `report.json`, and `metadata.json` naming the agent and the model. It is
/// not FeatureBench's `fb eval` output, whose `eval_outputs` hold attempts.
#[test]
fn an_openhands_evaluation_folder_is_one_run_named_by_its_metadata() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let run_dir = tmp.path().join("CodeActAgent/claude_maxiter_100_N_v0.15");
    for id in INSTANCES {
        let real = realdata.join("swebench-verified-harness-logs_inspect-ai/logs").join(id);
        let dir = run_dir.join("eval_outputs").join(id);
        std::fs::create_dir_all(&dir).unwrap();
        for file in ["report.json", "test_output.txt"] {
            std::fs::copy(real.join(file), dir.join(file)).unwrap();
        }
    }
    let verdict = |id: &str| -> bool {
        let report: Value = read_json(&run_dir.join("eval_outputs").join(id).join("report.json"));
        report[id]["resolved"].as_bool().unwrap()
    };
    let (resolved, unresolved): (Vec<&str>, Vec<&str>) = INSTANCES.into_iter().partition(|id| verdict(id));
    let errored = "astropy__astropy-14182";
    let summary = json!({"total_instances": 500, "resolved_ids": resolved, "unresolved_ids": unresolved, "error_ids": [errored], "empty_patch_ids": []});
    std::fs::write(run_dir.join("report.json"), summary.to_string()).unwrap();
    let metadata = json!({"agent_class": "CodeActAgent", "llm_config": {"model": "anthropic/claude-3-5-sonnet"}, "dataset": "princeton-nlp/SWE-bench_Verified"});
    std::fs::write(run_dir.join("metadata.json"), metadata.to_string()).unwrap();

    let data = tmp.path().join("data");
    import_as_new_run(&run_dir, &data, "oh");
    let run: Run = read_json(&data.join("runs/oh.json"));
    assert_eq!(run.system.name, "CodeActAgent (claude-3-5-sonnet)");
    assert_eq!(run.system.scaffold.as_deref(), Some("CodeActAgent"));
    assert_eq!(
        run.results.len(),
        INSTANCES.len() + 1,
        "the reports and the error the summary lists"
    );
    let error = run.results.iter().find(|r| r.instance_id == errored).unwrap();
    assert_eq!(error.failure_mode.as_deref(), Some("harness_error"));
    assert!(
        run.notes.iter().all(|n| !n.contains("its report says")),
        "the summary agrees: {:?}",
        run.notes
    );
}

/// A `metadata.yaml` whose aliases name aliases would grow past any memory as it loads: it is
/// not read, the run keeps its folder's name, and the warning says why.
#[test]
fn a_metadata_yaml_of_nested_aliases_is_refused_not_expanded() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("20231010_rag_gpt4");
    std::fs::create_dir_all(folder.join("results")).unwrap();
    let results = json!({ "resolved": [INSTANCES[0]], "applied": [INSTANCES[0]] });
    std::fs::write(folder.join("results/results.json"), serde_json::to_vec(&results).unwrap()).unwrap();
    std::fs::write(folder.join("metadata.yaml"), alias_bomb("name: Bomb\n")).unwrap();
    let data = tmp.path().join("data");
    let out = import_as_new_run_output(&folder.join("results/results.json"), &data, "rag");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("metadata.yaml: its aliases expand it to more than 100000 nodes, so it is not read"),
        "{stderr}"
    );
    let run: Run = read_json(&data.join("runs/rag.json"));
    assert_eq!(run.system.name, "20231010_rag_gpt4");
}
