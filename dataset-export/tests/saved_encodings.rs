//! Files as editors on Windows save them: UTF-8 with a byte order mark before the JSON (Notepad,
//! PowerShell 7's `Out-File -Encoding utf8BOM`), read as the same file without it; and UTF-16
//! (Windows PowerShell's `>`), refused by name with what to do.

mod common;

use std::path::{Path, PathBuf};

use common::*;

const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// A copy of `dir` in `into`, each `.json` file with a byte order mark before it when `marked`.
fn copy(dir: &Path, into: &Path, marked: bool) -> PathBuf {
    for (path, bytes) in tree(dir) {
        let target = into.join(&path);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        let mark = marked && path.ends_with(".json");
        std::fs::write(&target, if mark { [BYTE_ORDER_MARK, &bytes].concat() } else { bytes }).unwrap();
    }
    into.to_path_buf()
}

/// The run `source` imports as into a copy of `dataset` (a data directory) at `data`, without
/// the path it came from.
fn imported(source: &Path, dataset: &Path, data: &Path) -> serde_json::Value {
    copy(dataset, data, false);
    benchscope_ok(&["import", source.to_str().unwrap(), "--data", data.to_str().unwrap(), "--run", "r"]);
    let mut run: serde_json::Value = read_json(&data.join("runs/r.json"));
    run.as_object_mut().unwrap().remove("source");
    run
}

#[test]
fn the_real_harness_tree_with_byte_order_marks_imports_as_without_them() {
    let Some(realdata) = realdata() else { return };
    let harness = realdata.join("swebench-lite-harness-report_m1o0-swe-bench-lite-37");
    let tmp = tempfile::tempdir().unwrap();
    let lite = tmp.path().join("lite");
    let dataset = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    benchscope_ok(&[
        "export",
        dataset.to_str().unwrap(),
        "--dataset",
        "swe-bench-lite",
        "--out",
        lite.to_str().unwrap(),
    ]);
    let marked = copy(&harness, &tmp.path().join("marked"), true);
    let plain = imported(&harness, &lite, &tmp.path().join("a"));
    let from_marked = imported(&marked, &lite, &tmp.path().join("b"));
    let verdicts = |run: &serde_json::Value| {
        run["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["resolved"].is_boolean())
            .count()
    };
    assert!(verdicts(&plain) >= 3, "{plain}");
    assert_eq!(from_marked, plain);
}

/// Each real trajectory format (OpenHands' JSON Lines, SWE-agent's `.traj`, mini-swe-agent's
/// `.traj.json`), saved with a byte order mark, stores the same run and steps as the file without.
#[test]
fn real_trajectories_with_a_byte_order_mark_store_what_they_store_without() {
    let Some(realdata) = realdata() else { return };
    let formats = realdata.join("trajectories_formats");
    let tmp = tempfile::tempdir().unwrap();
    for name in [
        "openhands_multi_swe_bench_output.jsonl",
        "pydicom__pydicom-1458.traj",
        "mini-swe-agent_github_issue.traj.json",
    ] {
        let original = formats.join(name);
        // In a folder of the same name: a run is named after the folder its file is in.
        let marked = tmp.path().join("marked/trajectories_formats").join(name);
        std::fs::create_dir_all(marked.parent().unwrap()).unwrap();
        std::fs::write(&marked, [BYTE_ORDER_MARK, &std::fs::read(&original).unwrap()].concat()).unwrap();
        let stored = |source: &Path, data: &Path| {
            benchscope_ok(&["import", source.to_str().unwrap(), "--data", data.to_str().unwrap(), "--run", "r"]);
            let mut run: serde_json::Value = read_json(&data.join("runs/r.json"));
            run.as_object_mut().unwrap().remove("source");
            // The run file names its source, and the manifest that file's hash.
            let files: Vec<_> = tree(data)
                .into_iter()
                .filter(|(path, _)| path != "runs/r.json" && path != "manifest.json")
                .collect();
            (run, files)
        };
        let (plain, plain_files) = stored(&original, &tmp.path().join(format!("a-{name}")));
        let (from_marked, marked_files) = stored(&marked, &tmp.path().join(format!("b-{name}")));
        assert!(plain["results"].as_array().is_some_and(|r| !r.is_empty()), "{name}: {plain}");
        assert_eq!(from_marked, plain, "{name}");
        assert_eq!(marked_files, plain_files, "{name}");
    }
}

#[test]
fn predictions_keyed_by_id_and_a_site_configuration_are_read_past_a_byte_order_mark() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let predictions = tmp.path().join("preds.json");
    let keyed = r#"{"o__r-1": {"model_name_or_path": "m", "model_patch": "diff --git a/x b/x\n"}, "o__r-2": {"model_patch": ""}}"#;
    std::fs::write(&predictions, [BYTE_ORDER_MARK, keyed.as_bytes()].concat()).unwrap();
    benchscope_ok(&[
        "import",
        predictions.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "d",
        "--run",
        "p",
    ]);
    let run: serde_json::Value = read_json(&data.join("runs/p.json"));
    assert_eq!(run["results"].as_array().map(Vec::len), Some(2), "{run}");

    let records = tmp.path().join("d.jsonl");
    std::fs::write(&records, format!("{}\n", bare_record("o__r-3"))).unwrap();
    let config = tmp.path().join("site.json");
    let site = r#"{"title": "Board", "datasets": [{"input": "d.jsonl", "dataset": "d"}]}"#;
    std::fs::write(&config, [BYTE_ORDER_MARK, site.as_bytes()].concat()).unwrap();
    benchscope_ok(&[
        "publish",
        config.to_str().unwrap(),
        "--out",
        tmp.path().join("site/data").to_str().unwrap(),
    ]);
    assert_eq!(instances(&tmp.path().join("site/data"), "d", "test").len(), 1);
}

#[test]
fn utf16_files_are_refused_by_name_with_what_to_do() {
    let tmp = tempfile::tempdir().unwrap();
    let utf16 = |text: &str| -> Vec<u8> {
        [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect()
    };
    let records = tmp.path().join("d.jsonl");
    std::fs::write(&records, utf16(&format!("{}\n", bare_record("o__r-1")))).unwrap();
    let out = benchscope(&[
        "export",
        records.to_str().unwrap(),
        "--out",
        tmp.path().join("out").to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("d.jsonl: UTF-16 text (as Windows PowerShell's `>` writes it), not UTF-8: save it as UTF-8"),
        "{stderr}"
    );

    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let summary = tmp.path().join("summary.json");
    std::fs::write(&summary, utf16(r#"{"resolved_ids": ["o__r-1"], "unresolved_ids": []}"#)).unwrap();
    let out = benchscope(&[
        "import",
        summary.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "d",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("summary.json: UTF-16 text"), "{stderr}");
}
