//! `benchscope publish`: a site's data directory from one configuration.

mod common;

use benchscope_contract::site::SiteInfo;
use benchscope_contract::Manifest;
use common::*;

#[test]
fn a_configuration_with_relative_paths_exports_imports_and_writes_the_site_file() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root();
    std::fs::copy(root.join("demo/demo.jsonl"), tmp.path().join("demo.jsonl")).unwrap();
    std::fs::copy(root.join("demo/predictions/partly-right.jsonl"), tmp.path().join("preds.jsonl")).unwrap();
    std::fs::write(tmp.path().join("intro.md"), "# Hello\n").unwrap();
    std::fs::write(
        tmp.path().join("picked.txt"),
        "sweb.eval.x86_64.benchscope-demo_1776_matrixlite-7:latest\nbenchscope-demo__unitcalc-3\n",
    )
    .unwrap();
    let config = tmp.path().join("site.json");
    std::fs::write(
        &config,
        r#"{"title": "Board", "intro_file": "intro.md", "views": ["leaderboard", "instances"], "base_path": "/board/",
            "datasets": [{"input": "demo.jsonl", "dataset": "demo"}],
            "marks": [{"facet": "subset", "value": "picked", "ids": "picked.txt"}],
            "runs": [{"source": "preds.jsonl", "dataset": "demo", "run": "model-a"}]}"#,
    )
    .unwrap();
    let out = tmp.path().join("dist/data");
    benchscope_ok(&["publish", config.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let site: SiteInfo = read_json(&out.join("site.json"));
    assert_eq!((site.title.as_str(), site.intro.as_str()), ("Board", "# Hello\n"));
    assert_eq!(site.default_view().name(), "leaderboard");
    let manifest: Manifest = read_json(&out.join("manifest.json"));
    assert!(manifest.files.iter().any(|f| f.path == "site.json"), "the manifest lists site.json");
    assert_eq!(manifest.datasets[0].splits[0].instances, 12);
    let subset: Vec<(String, usize)> = manifest.datasets[0].splits[0].facets["subset"]
        .iter()
        .map(|c| (c.value.clone(), c.count))
        .collect();
    assert_eq!(subset, [("not-picked".to_string(), 10), ("picked".to_string(), 2)]);
    assert_eq!(manifest.runs.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), ["model-a"]);
    let run: benchscope_contract::Run = read_json(&out.join("runs/model-a.json"));
    assert_eq!(run.source, "preds.jsonl", "named relative to the configuration");
    // Nothing published names the machine that built it.
    let builder_paths = [tmp.path().to_path_buf(), tmp.path().canonicalize().unwrap(), root.clone()];
    for (file, bytes) in tree(&out) {
        let text = String::from_utf8_lossy(&bytes);
        for path in &builder_paths {
            assert!(!text.contains(&*path.to_string_lossy()), "{file} names {}", path.display());
        }
    }
}

#[test]
fn a_bad_configuration_is_refused_naming_the_file_and_the_problem() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("site.json");
    for (text, expected) in [
        (
            r#"{"title": "x", "views": ["charts"], "datasets": [{"input": "a", "dataset": "d"}]}"#,
            "unknown view `charts`",
        ),
        (
            r#"{"title": "x", "base_path": "board", "datasets": [{"input": "a", "dataset": "d"}]}"#,
            "must start and end with `/`",
        ),
        (r#"{"title": "x", "datasets": []}"#, "`datasets` is empty"),
        (
            r#"{"title": "x", "datasets": [{"input": "a", "dataset": "d"}], "marks": [{"facet": "subset", "value": "lite", "ids": "none.txt"}]}"#,
            "none.txt: cannot read",
        ),
        (r#"{"title": "x", "datasets": [], "colour": 1}"#, "not a site configuration"),
    ] {
        std::fs::write(&config, text).unwrap();
        let out = benchscope(&["publish", config.to_str().unwrap(), "--out", tmp.path().join("o").to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert!(stderr.contains("site.json") && stderr.contains(expected), "{stderr}");
        assert!(!tmp.path().join("o").exists(), "nothing written");
    }
}

/// A dataset entry without a split is named as `export` names it: FeatureBench's site folder
/// gives its own three splits (their ids overlap: lite is part of full), a file its name's split.
#[test]
fn a_dataset_without_a_split_keeps_the_splits_its_input_names() {
    let Some(realdata) = realdata() else { return };
    let site = realdata.join("featurebench_LiberCoders-FeatureBench");
    let tmp = tempfile::tempdir().unwrap();
    let lite = tmp.path().join("swe-bench-lite.dev.jsonl");
    std::fs::copy(
        realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.dev.jsonl"),
        &lite,
    )
    .unwrap();
    let config = tmp.path().join("site.json");
    let text = serde_json::json!({
        "title": "FeatureBench",
        "datasets": [
            {"input": site.join("tasks/data"), "dataset": "featurebench"},
            {"input": "swe-bench-lite.dev.jsonl", "dataset": "swe-bench-lite"}
        ],
        "runs": [{"source": site.join("leaderboard/data")}]
    });
    std::fs::write(&config, text.to_string()).unwrap();
    let out = tmp.path().join("dist/data");
    benchscope_ok(&["publish", config.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let manifest: Manifest = read_json(&out.join("manifest.json"));
    let index: serde_json::Value = read_json(&site.join("tasks/data/tasks_index.json"));
    let splits = |name: &str| -> Vec<(String, usize)> {
        let dataset = manifest.dataset(name).unwrap_or_else(|| panic!("{name} is published"));
        dataset.splits.iter().map(|s| (s.name.clone(), s.instances)).collect()
    };
    let counts = &index["counts"];
    let expected: Vec<(String, usize)> = ["fast", "full", "lite"]
        .iter()
        .map(|s| (s.to_string(), counts[s].as_u64().unwrap() as usize))
        .collect();
    assert_eq!(splits("featurebench"), expected);
    let dev_rows = std::fs::read_to_string(&lite).unwrap().lines().count();
    assert_eq!(splits("swe-bench-lite"), [("dev".to_string(), dev_rows)]);
    assert!(
        manifest.runs.iter().any(|r| r.dataset == "featurebench" && r.split == "lite"),
        "the boards join their splits"
    );
}

/// A run entry without a dataset is placed as `import` places it: in the split that holds all
/// its instances, with a warning that says so.
#[test]
fn a_run_entry_without_a_dataset_joins_the_split_holding_its_instances() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root();
    std::fs::copy(root.join("demo/demo.jsonl"), tmp.path().join("demo.jsonl")).unwrap();
    std::fs::copy(root.join("demo/predictions/partly-right.jsonl"), tmp.path().join("preds.jsonl")).unwrap();
    let config = tmp.path().join("site.json");
    std::fs::write(
        &config,
        r#"{"title": "Board", "datasets": [{"input": "demo.jsonl", "dataset": "demo"}],
            "runs": [{"source": "preds.jsonl", "run": "model-a"}]}"#,
    )
    .unwrap();
    let out = tmp.path().join("dist/data");
    let result = benchscope(&["publish", config.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(result.status.success(), "{stderr}");
    assert!(
        stderr.contains("the run entry names no dataset, and this directory has no dataset `swe-bench`")
            && stderr.contains("so the run joins that split"),
        "{stderr}"
    );
    assert!(!stderr.contains("--dataset"), "a site's warnings speak of its entries: {stderr}");
    let manifest: Manifest = read_json(&out.join("manifest.json"));
    let run = manifest.runs.iter().find(|r| r.id == "model-a").unwrap();
    assert_eq!((run.dataset.as_str(), run.split.as_str()), ("demo", "test"));

    // A run no split holds is refused in the configuration's words, naming its entry.
    std::fs::write(
        tmp.path().join("other.jsonl"),
        r#"{"instance_id": "other__repo-1", "model_patch": "x"}"#,
    )
    .unwrap();
    std::fs::write(
        &config,
        r#"{"title": "Board", "datasets": [{"input": "demo.jsonl", "dataset": "demo"}], "runs": [{"source": "other.jsonl"}]}"#,
    )
    .unwrap();
    let refused = benchscope(&["publish", config.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(stderr.contains("site.json: the run entry of `other.jsonl`"), "{stderr}");
    assert!(
        stderr.contains("no dataset `swe-bench` (the run entry names none); it has: demo. Name one in the run entry's `dataset`, or set its `new_dataset` to true to add a runs-only dataset `swe-bench`"),
        "{stderr}"
    );
    assert!(!stderr.contains("--dataset"), "{stderr}");

    // Named with `new_dataset`, the same run is a dataset of runs alone beside the export.
    std::fs::write(
        &config,
        r#"{"title": "Board", "datasets": [{"input": "demo.jsonl", "dataset": "demo"}],
            "runs": [{"source": "other.jsonl", "dataset": "private", "new_dataset": true, "run": "model-b"}]}"#,
    )
    .unwrap();
    let result = benchscope(&["publish", config.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(result.status.success(), "{}", String::from_utf8_lossy(&result.stderr));
    let manifest: Manifest = read_json(&out.join("manifest.json"));
    let run = manifest.runs.iter().find(|r| r.id == "model-b").unwrap();
    assert_eq!((run.dataset.as_str(), run.split.as_str()), ("private", "test"));
    // Runs alone: no instances exported under its name, as `import --new-dataset` leaves it.
    assert!(manifest.dataset("private").is_none());
    assert!(manifest.dataset("demo").is_some());
}
