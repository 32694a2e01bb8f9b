//! Many writers at once on one data directory: every run lands, every file matches the manifest.

mod common;

use std::process::{Child, Command, Stdio};

use benchscope_contract::Manifest;
use common::*;
use sha2::{Digest, Sha256};

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_benchscope"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("benchscope starts")
}

/// The staging, scratch and set-aside folders of exports beside the data directories in `dir`.
fn staging_folders(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".partial-") || n.contains(".old-") || n.contains(".scratch-"))
        .collect()
}

/// 12 imports and 4 re-exports started together, five rounds over: the manifest lists every run
/// imported so far, and every file it names has its size and SHA-256.
#[test]
fn parallel_imports_and_exports_lose_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let data_arg = data.to_str().unwrap().to_string();
    let demo = root().join("demo/demo.jsonl");
    let demo_arg = demo.to_str().unwrap().to_string();
    benchscope_ok(&[
        "export",
        &demo_arg,
        "--dataset",
        "demo",
        "--split",
        "test",
        "--out",
        &data_arg,
        "--quiet",
    ]);
    let ids: Vec<String> = std::fs::read_to_string(&demo)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["instance_id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let mut expected_runs = Vec::new();
    for round in 0..5 {
        let mut children = Vec::new();
        for i in 0..12 {
            let run = format!("r{round}-{i}");
            let summary = tmp.path().join(format!("{run}.json"));
            let resolved: Vec<&String> = ids.iter().skip(i % ids.len()).take(3).collect();
            std::fs::write(&summary, serde_json::json!({"resolved_ids": resolved}).to_string()).unwrap();
            children.push(spawn(&[
                "import",
                summary.to_str().unwrap(),
                "--data",
                &data_arg,
                "--dataset",
                "demo",
                "--run",
                &run,
            ]));
            expected_runs.push(run);
        }
        for _ in 0..4 {
            children.push(spawn(&[
                "export",
                &demo_arg,
                "--dataset",
                "demo",
                "--split",
                "test",
                "--out",
                &data_arg,
                "--quiet",
            ]));
        }
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        }
        let manifest: Manifest = read_json(&data.join("manifest.json"));
        let mut listed: Vec<String> = manifest.runs.iter().map(|r| r.id.clone()).collect();
        listed.sort();
        let mut wanted = expected_runs.clone();
        wanted.sort();
        assert_eq!(listed, wanted, "round {round}: every run is listed");
        for file in &manifest.files {
            let bytes = std::fs::read(data.join(&file.path)).unwrap_or_else(|e| panic!("round {round}: {} is missing: {e}", file.path));
            let digest: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(
                (bytes.len() as u64, digest.as_str()),
                (file.bytes, file.sha256.as_str()),
                "round {round}: {}",
                file.path
            );
        }
    }
    let leftovers = staging_folders(tmp.path());
    assert!(leftovers.is_empty(), "no staging folder is left behind: {leftovers:?}");
    assert!(!tmp.path().join(".data.lock").exists(), "nor the lock file");
}

/// An export killed midway leaves the directory as it was and its staging folder behind; the
/// next writer removes the folder.
#[test]
fn a_killed_export_leaves_the_old_directory_and_the_next_run_cleans_up() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let data_arg = data.to_str().unwrap();
    let demo = root().join("demo/demo.jsonl");
    benchscope_ok(&[
        "export",
        demo.to_str().unwrap(),
        "--dataset",
        "demo",
        "--split",
        "test",
        "--out",
        data_arg,
        "--quiet",
    ]);
    let before = tree(&data);
    // A large input, so the export is still running when it is killed.
    let big = tmp.path().join("big.jsonl");
    let line = std::fs::read_to_string(&demo).unwrap().lines().next().unwrap().to_string();
    let record: serde_json::Value = serde_json::from_str(&line).unwrap();
    let mut text = String::new();
    for i in 0..40_000 {
        let mut r = record.clone();
        r["instance_id"] = serde_json::Value::String(format!("big__repo-{i}"));
        text.push_str(&r.to_string());
        text.push('\n');
    }
    std::fs::write(&big, text).unwrap();
    let mut child = spawn(&[
        "export",
        big.to_str().unwrap(),
        "--dataset",
        "demo",
        "--split",
        "test",
        "--out",
        data_arg,
        "--quiet",
    ]);
    let staging_seen = (0..200).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(10));
        std::fs::read_dir(tmp.path())
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().contains(".partial-"))
    });
    child.kill().unwrap();
    let _ = child.wait();
    assert!(staging_seen, "the export was caught while staging");
    assert_eq!(tree(&data), before, "the old directory, byte for byte");
    benchscope_ok(&[
        "export",
        demo.to_str().unwrap(),
        "--dataset",
        "demo",
        "--split",
        "test",
        "--out",
        data_arg,
        "--quiet",
    ]);
    let left = staging_folders(tmp.path());
    assert!(left.is_empty(), "the killed export's staging is removed: {left:?}");
}
