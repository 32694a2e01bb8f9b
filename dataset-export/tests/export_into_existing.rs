//! An export into a directory that already holds datasets: the splits it does not write again
//! are kept as they were, files and entries; the ones it writes are replaced; `publish` keeps no
//! dataset its configuration does not name.

mod common;

use std::path::Path;

use benchscope_contract::search::SearchMeta;
use benchscope_contract::Manifest;
use common::*;
use sha2::{Digest, Sha256};

/// Exports the demo as `dataset`/`split` into `out` (with `extra` arguments); its standard output.
fn export_demo_as(out: &Path, dataset: &str, split: &str, extra: &[&str]) -> String {
    let demo = root().join("demo/demo.jsonl");
    let mut args = vec![
        "export",
        demo.to_str().unwrap(),
        "--dataset",
        dataset,
        "--split",
        split,
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ];
    args.extend(extra);
    benchscope_ok(&args)
}

/// The files of `dataset`/`split` in `dir`, path → bytes.
fn split_files(dir: &Path, dataset: &str, split: &str) -> Vec<(String, Vec<u8>)> {
    let prefixes = ["index", "detail", "search", "sources"].map(|folder| format!("{folder}/{dataset}/{split}/"));
    tree(dir)
        .into_iter()
        .filter(|(path, _)| prefixes.iter().any(|p| path.starts_with(p)))
        .collect()
}

/// Every split of the manifest as `dataset/split (instances)`.
fn splits(manifest: &Manifest) -> Vec<String> {
    manifest
        .datasets
        .iter()
        .flat_map(|d| d.splits.iter().map(move |s| format!("{}/{} ({})", d.name, s.name, s.instances)))
        .collect()
}

/// Asserts that every file the manifest lists, and every bucket a search meta lists, is there
/// with its hash.
fn assert_listed_files_match(dir: &Path, manifest: &Manifest) {
    let mut files = manifest.files.clone();
    for path in manifest.files.iter().map(|f| &f.path).filter(|p| p.ends_with("/meta.json")) {
        let meta: SearchMeta = read_json(&dir.join(path));
        files.extend(meta.files);
    }
    for file in files {
        let bytes = std::fs::read(dir.join(&file.path)).unwrap_or_else(|e| panic!("{} is listed but cannot be read: {e}", file.path));
        let hash: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hash, file.sha256, "{} does not match its hash", file.path);
    }
}

#[test]
fn an_export_keeps_the_splits_it_does_not_write_again() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    export_demo_as(&data, "demo-a", "test", &[]);
    let first = split_files(&data, "demo-a", "test");
    assert!(
        first.iter().any(|(path, _)| path.starts_with("search/")),
        "the split has a search index"
    );

    let out = export_demo_as(&data, "demo-b", "test", &[]);
    assert!(out.contains("kept 12 instances of demo-a/test from the directory"), "{out}");
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    assert_eq!(splits(&manifest), ["demo-a/test (12)", "demo-b/test (12)"]);
    assert_eq!(
        split_files(&data, "demo-a", "test"),
        first,
        "the kept split's files are as they were"
    );
    assert_listed_files_match(&data, &manifest);

    // Another split of a dataset there joins it.
    let out = export_demo_as(&data, "demo-a", "dev", &[]);
    assert!(
        out.contains("kept 12 instances of demo-a/test") && out.contains("kept 12 instances of demo-b/test"),
        "{out}"
    );
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    assert_eq!(splits(&manifest), ["demo-a/dev (12)", "demo-a/test (12)", "demo-b/test (12)"]);
    assert_listed_files_match(&data, &manifest);

    // A split exported again is replaced, not kept: the same input gives the same directory.
    let before = tree(&data);
    let out = export_demo_as(&data, "demo-a", "test", &[]);
    assert!(!out.contains("of demo-a/test from the directory"), "{out}");
    assert_eq!(tree(&data), before, "exporting a split again changed the directory");
}

#[test]
fn a_split_of_a_dataset_the_export_reads_in_another_format_is_not_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    export_demo_as(&data, "x", "test", &[]);
    let out = benchscope(&[
        "export",
        root().join("demo/demo.jsonl").to_str().unwrap(),
        "--dataset",
        "x",
        "--split",
        "dev",
        "--format",
        "fea-bench",
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("x/test was not kept: the directory had it as `swe-bench` and this export reads `x` as `fea-bench`"),
        "{stderr}"
    );
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    assert_eq!(splits(&manifest), ["x/dev (12)"]);
    assert!(split_files(&data, "x", "test").is_empty(), "the split left out leaves no files");
}

#[test]
fn publish_keeps_no_dataset_its_configuration_does_not_name() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::copy(root().join("demo/demo.jsonl"), tmp.path().join("demo.jsonl")).unwrap();
    let config = tmp.path().join("site.json");
    std::fs::write(
        &config,
        r#"{"title": "Board", "datasets": [{"input": "demo.jsonl", "dataset": "demo"}]}"#,
    )
    .unwrap();
    let out = tmp.path().join("data");
    export_demo_as(&out, "other", "test", &[]);
    benchscope_ok(&["publish", config.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let manifest: Manifest = read_json(&out.join("manifest.json"));
    assert_eq!(splits(&manifest), ["demo/test (12)"]);
}
