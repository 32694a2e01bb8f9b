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
