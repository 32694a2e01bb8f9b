//! `benchscope import` of SWE-Dev: its model outputs (patches from `Generate_code`, verdicts
//! where evaluated), and where its runs land beside an exported split folder.

mod common;

use benchscope_contract::Run;
use common::*;

/// SWE-Dev's real model outputs: the stored patch turns the masked files into the generated ones.
#[test]
fn swe_dev_outputs_import_with_their_patches() {
    let Some(realdata) = realdata() else { return };
    let dir = realdata.join("swe-dev_DorothyDUUU/results_single_agent_gpt-4o_easy");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&["import", dir.to_str().unwrap(), "--data", data.to_str().unwrap(), "--run", "gpt-4o"]);
    let run: Run = read_json(&data.join("runs/gpt-4o.json"));
    assert_eq!(
        (run.dataset.as_str(), run.split.as_str(), run.results.len()),
        ("swe-dev", "easy", 4)
    );
    for result in &run.results {
        let record: serde_json::Value = read_json(&dir.join(format!("{}-metadata.json", result.instance_id)));
        let shard: benchscope_contract::PatchShard = read_json(&data.join(result.model_patch.as_ref().unwrap()));
        let work = tmp.path().join(&result.instance_id);
        write_files(&work, &record["file_code"]);
        assert!(git_apply(&work, &shard.patches[&result.instance_id]));
        for (path, code) in record["Generate_code"].as_object().unwrap() {
            assert_eq!(
                std::fs::read_to_string(work.join(path)).unwrap(),
                code.as_str().unwrap(),
                "{}: {path}",
                result.instance_id
            );
        }
        assert_eq!(result.resolved, None, "these outputs were never evaluated");
    }
}

/// One sample file given alone is a run of its folder, holding that sample as the folder's run does.
#[test]
fn a_swe_dev_sample_given_alone_imports_as_its_folders_run_of_one() {
    let Some(realdata) = realdata() else { return };
    let dir = realdata.join("swe-dev_DorothyDUUU/results_single_agent_gpt-4o_easy");
    let tmp = tempfile::tempdir().unwrap();
    let (alone, whole) = (tmp.path().join("alone"), tmp.path().join("whole"));
    let sample = dir.join("pytube-test_itags-level1-metadata.json");
    benchscope_ok(&["import", sample.to_str().unwrap(), "--data", alone.to_str().unwrap()]);
    benchscope_ok(&["import", dir.to_str().unwrap(), "--data", whole.to_str().unwrap()]);
    let name = "runs/results_single_agent_gpt-4o_easy.json";
    let (one, all): (Run, Run) = (read_json(&alone.join(name)), read_json(&whole.join(name)));
    assert_eq!(one.results.len(), 1);
    let same = all.results.iter().find(|r| r.instance_id == "pytube-test_itags-level1").unwrap();
    assert_eq!(one.results[0].empty_patch, same.empty_patch);
    let patch = |data: &std::path::Path, run: &Run| {
        let result = run.results.iter().find(|r| r.instance_id == "pytube-test_itags-level1").unwrap();
        let shard: benchscope_contract::PatchShard = read_json(&data.join(result.model_patch.as_ref().unwrap()));
        shard.patches["pytube-test_itags-level1"].clone()
    };
    assert_eq!(patch(&alone, &one), patch(&whole, &all));
}

/// SWE-Dev's easy folder exported as it is named, then its outputs and its board imported: the
/// outputs and the board's easy runs are runs of the exported split; the hard runs are kept apart,
/// and so are outputs imported where the folder was exported under another split, with a warning.
#[test]
fn swe_dev_runs_land_on_the_split_their_folder_names() {
    let Some(realdata) = realdata() else { return };
    let swe_dev = realdata.join("swe-dev_DorothyDUUU");
    let outputs = swe_dev.join("results_single_agent_gpt-4o_easy");
    let board = swe_dev.join("leaderboard/swe-dev_leaderboard_from_index_html.json");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let data_arg = data.to_str().unwrap();
    benchscope_ok(&["export", swe_dev.join("test/easy").to_str().unwrap(), "--out", data_arg, "--quiet"]);
    let imported = benchscope(&["import", outputs.to_str().unwrap(), "--data", data_arg]);
    assert!(imported.status.success(), "{}", String::from_utf8_lossy(&imported.stderr));
    assert!(String::from_utf8_lossy(&imported.stdout).contains("4 instances of the 250 of swe-dev/easy"));
    let imported = benchscope(&["import", board.to_str().unwrap(), "--data", data_arg]);
    let stderr = String::from_utf8_lossy(&imported.stderr);
    assert!(
        stderr.contains("dataset `swe-dev` exports no split `hard` (it has: easy)"),
        "{stderr}"
    );
    assert!(!stderr.contains("no split `easy`"), "{stderr}");
    let manifest: benchscope_contract::Manifest = read_json(&data.join("manifest.json"));
    let easy = manifest.dataset("swe-dev").unwrap().split("easy").unwrap();
    assert_eq!(easy.instances, 250);
    assert!(manifest.runs.iter().filter(|r| r.split == "easy").count() > 1);

    let elsewhere = tmp.path().join("elsewhere");
    let elsewhere_arg = elsewhere.to_str().unwrap();
    let easy_folder = swe_dev.join("test/easy");
    benchscope_ok(&[
        "export",
        easy_folder.to_str().unwrap(),
        "--split",
        "test",
        "--out",
        elsewhere_arg,
        "--quiet",
    ]);
    let imported = benchscope(&["import", outputs.to_str().unwrap(), "--data", elsewhere_arg]);
    let stderr = String::from_utf8_lossy(&imported.stderr);
    assert!(
        stderr.contains("dataset `swe-dev` exports no split `easy` (it has: test): its runs are kept under `swe-dev/easy`"),
        "{stderr}"
    );
}

/// SWE-Dev samples with evaluation results (built here in the schema FORMATS.md gives).
#[test]
fn swe_dev_evaluated_samples_give_verdicts() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("samples");
    std::fs::create_dir_all(&dir).unwrap();
    let sample = |passed: u64, failed: u64| {
        serde_json::json!({
            "PRD": "x", "package_name": "pkg", "file_code": {"pkg/a.py": "def f():\n    pass\n"}, "GT_file_code": {"pkg/a.py": "def f():\n    return 1\n"},
            "Generate_code": {"pkg/a.py": "def f():\n    return 1\n"},
            "generated_results": {"passed": passed, "failed": failed, "errors": 0, "total_tests": passed + failed,
                "detailed_dict": {"tests/test_a.py:test_f": if failed > 0 { "failed" } else { "passed" }, "tests/test_a.py:test_g": "passed"}},
            "gt_results": {"passed": 2, "failed": 0, "errors": 0, "total_tests": 2},
        })
    };
    std::fs::write(dir.join("pkg-test_a-level1-metadata.json"), sample(2, 0).to_string()).unwrap();
    std::fs::write(dir.join("pkg-test_b-level2-metadata.json"), sample(1, 1).to_string()).unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&["import", dir.to_str().unwrap(), "--data", data.to_str().unwrap(), "--run", "model"]);
    let run: Run = read_json(&data.join("runs/model.json"));
    let by_id = |id: &str| run.results.iter().find(|r| r.instance_id == id).unwrap().clone();
    assert_eq!(by_id("pkg-test_a-level1").resolved, Some(true));
    let failed = by_id("pkg-test_b-level2");
    assert_eq!((failed.resolved, failed.pass_rate), (Some(false), Some(0.5)));
    assert_eq!(failed.tests["tests/test_a.py::test_f"], benchscope_contract::TestStatus::Failed);
}
