//! `benchscope import` of the Long Code Arena baselines' results: library-based code generation's
//! generations, CI builds repair's job results and output folder, and the baselines' whole
//! results folder.

mod common;

use benchscope_contract::{Manifest, Run};
use common::*;

/// Long Code Arena baselines: the 12 configs' generations import as runs with their published
/// means, and CI builds repair's job results as a run whose pass@1 is their success share.
#[test]
fn lca_baseline_generations_and_ci_jobs_import() {
    let Some(realdata) = realdata() else { return };
    let base = realdata.join("lca-results_JetBrains-Research-lca-baselines");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let generations = base.join("library_based_code_generation/generations.jsonl");
    let jobs = base.join("ci_builds_repair_examples/jobs_results.jsonl");
    benchscope_ok(&[
        "import",
        generations.to_str().unwrap(),
        jobs.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ]);
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    let published: Vec<serde_json::Value> = read_json(&base.join("library_based_code_generation/metadata_all_configs.json"));
    let lbcg: Vec<_> = manifest.runs.iter().filter(|r| r.dataset == "lca-library-codegen").collect();
    assert_eq!(lbcg.len(), published.len());
    for config in &published {
        let name = config["name"].as_str().unwrap();
        let run = lbcg.iter().find(|r| r.system.name == name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(run.instances, 150);
        // In percent, as the scorer writes chrF and API recall; the file publishes shares of 1.
        let percent = |metric: &str| config["metrics"][metric]["mean"].as_f64().unwrap() * 100.0;
        assert!((run.headline["chrf_mean"] - percent("ChrF")).abs() < 1e-9, "{name}");
        assert!((run.headline["api_recall_mean"] - percent("API_recall")).abs() < 1e-9, "{name}");
    }
    let text = std::fs::read_to_string(&jobs).unwrap();
    let rows: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let success = rows.iter().filter(|r| r["conclusion"] == "success").count();
    let ci = manifest.runs.iter().find(|r| r.dataset == "lca-ci-builds").unwrap();
    assert_eq!((ci.instances, ci.resolved), (rows.len(), Some(success)));
    assert!((ci.headline["pass_at_1_percent"] - success as f64 * 100.0 / rows.len() as f64).abs() < 1e-9);
    let run: Run = read_json(&data.join(&lbcg[0].path));
    let with_patch = run.results.iter().find(|r| r.model_patch.is_some()).unwrap();
    assert!(!with_patch.instance_id.is_empty());
}

/// The baselines' results folder as published, one folder per benchmark: given whole, each
/// benchmark's files become that benchmark's runs, the generations as many as the file read
/// alone makes; with `--dataset`, which would put them all in one, it is refused.
#[test]
fn lca_results_folder_imports_each_benchmarks_runs() {
    let Some(realdata) = realdata() else { return };
    let base = realdata.join("lca-results_JetBrains-Research-lca-baselines");
    let tmp = tempfile::tempdir().unwrap();
    let (whole, alone) = (tmp.path().join("whole"), tmp.path().join("alone"));
    let generations = base.join("library_based_code_generation/generations.jsonl");
    benchscope_ok(&["import", base.to_str().unwrap(), "--data", whole.to_str().unwrap()]);
    benchscope_ok(&["import", generations.to_str().unwrap(), "--data", alone.to_str().unwrap()]);
    let runs_in = |data: &std::path::Path, dataset: &str| -> Vec<String> {
        let manifest: Manifest = read_json(&data.join("manifest.json"));
        manifest
            .runs
            .iter()
            .filter(|r| r.dataset == dataset)
            .map(|r| r.id.clone())
            .collect()
    };
    let codegen = runs_in(&alone, "lca-library-codegen");
    assert!(codegen.len() > 1, "{codegen:?}");
    assert_eq!(runs_in(&whole, "lca-library-codegen"), codegen);
    assert_eq!(runs_in(&whole, "lca-ci-builds").len(), 1);

    // A benchmark's own folder reads as its file does.
    let folder = tmp.path().join("folder");
    benchscope_ok(&[
        "import",
        generations.parent().unwrap().to_str().unwrap(),
        "--data",
        folder.to_str().unwrap(),
    ]);
    assert_eq!(runs_in(&folder, "lca-library-codegen"), codegen);

    let named = benchscope(&[
        "import",
        base.to_str().unwrap(),
        "--dataset",
        "lca",
        "--data",
        tmp.path().join("one").to_str().unwrap(),
    ]);
    let said = String::from_utf8_lossy(&named.stderr);
    assert!(!named.status.success(), "{said}");
    assert!(
        said.contains("holds results of more than one benchmark") && said.contains("--dataset lca"),
        "{said}"
    );
}

/// CI builds repair's `out_folder` as the benchmark leaves it: the results judge their jobs, the
/// jobs whose CI run it could not read count as harness errors, the ones still running stay without
/// a verdict; the published share (results only) stays the headline, and the run is named by the
/// model its branches name. A file of jobs without results is refused, naming the folder.
#[test]
fn lca_ci_builds_repair_folder_counts_every_job_it_pushed() {
    let Some(realdata) = realdata() else { return };
    let folder = realdata.join("lca-results_JetBrains-Research-lca-baselines/ci_builds_repair_examples");
    let rows = |name: &str| -> Vec<serde_json::Value> {
        let text = std::fs::read_to_string(folder.join(name)).unwrap();
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    let id = |row: &serde_json::Value| row["id"].to_string();
    let (results, invalid, awaiting) = (rows("jobs_results.jsonl"), rows("jobs_invalid.jsonl"), rows("jobs_awaiting.jsonl"));
    let judged: std::collections::BTreeSet<String> = results.iter().map(id).collect();
    let errors: std::collections::BTreeSet<String> = invalid.iter().map(id).filter(|i| !judged.contains(i)).collect();
    let waiting: std::collections::BTreeSet<String> = awaiting
        .iter()
        .map(id)
        .filter(|i| !judged.contains(i) && !errors.contains(i))
        .collect();
    assert!(!errors.is_empty() && !waiting.is_empty(), "the real folder has both kinds");

    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&["import", folder.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    let [entry] = manifest.runs.as_slice() else {
        panic!("one run: {:?}", manifest.runs)
    };
    let branch = results[0]["branch_name"].as_str().unwrap();
    assert_eq!(
        Some(entry.system.name.as_str()),
        branch.split("__").nth(1),
        "named by the model its branches name"
    );
    let run: Run = read_json(&data.join(&entry.path));
    assert_eq!(run.results.len(), judged.len() + errors.len() + waiting.len());
    for result in &run.results {
        if errors.contains(&result.instance_id) {
            assert_eq!(
                (result.resolved, result.failure_mode.as_deref()),
                (Some(false), Some("harness_error"))
            );
        } else if waiting.contains(&result.instance_id) {
            assert_eq!(result.resolved, None, "{} has no verdict yet", result.instance_id);
        }
    }
    let success = results.iter().filter(|r| r["conclusion"] == "success").count();
    assert!((run.headline["pass_at_1_percent"] - success as f64 * 100.0 / results.len() as f64).abs() < 1e-9);

    let pushed = folder.join("jobs_ids.jsonl");
    let out = benchscope(&[
        "import",
        pushed.to_str().unwrap(),
        "--data",
        tmp.path().join("other").to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("it lists the jobs it pushed") && stderr.contains(&format!("`benchscope import {}`", folder.display())),
        "{stderr}"
    );
}
