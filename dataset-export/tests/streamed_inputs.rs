//! An input given as a stream (`curl … | benchscope export /dev/stdin`): read once, yet exported
//! and imported as the same file given by name would be, its faults and its runs naming the
//! stream. Before, the first look at its bytes used them up, and the stream was "not JSON Lines"
//! or "empty".

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::*;

/// `benchscope args…` with `bytes` written into its standard input through a pipe.
fn benchscope_piped(args: &[&str], bytes: Vec<u8>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_benchscope"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("benchscope runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn gzipped(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

#[test]
fn a_dataset_piped_in_exports_as_the_file_does() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = root().join("demo/demo.jsonl");
    let given = tmp.path().join("given");
    export_demo(&given);
    let reference = instances(&given, "demo", "test");
    let bytes = std::fs::read(&demo).unwrap();

    for (name, piped) in [("plain", bytes.clone()), ("gzipped", gzipped(&bytes))] {
        let out = tmp.path().join(name);
        let result = benchscope_piped(
            &["export", "/dev/stdin", "--dataset", "demo", "--out", out.to_str().unwrap()],
            piped,
        );
        assert!(result.status.success(), "{name}: {}", String::from_utf8_lossy(&result.stderr));
        assert_eq!(instances(&out, "demo", "test"), reference, "{name}");
    }
}

#[test]
fn a_fault_in_a_piped_dataset_names_the_stream() {
    let tmp = tempfile::tempdir().unwrap();
    let mut bytes = std::fs::read(root().join("demo/demo.jsonl")).unwrap();
    bytes.extend_from_slice(b"{\"instance_id\": \"caf\xe9\"}\n");
    let lines = bytes.iter().filter(|&&b| b == b'\n').count();
    let out = tmp.path().join("out");

    let result = benchscope_piped(&["export", "/dev/stdin", "--out", out.to_str().unwrap()], bytes);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(!result.status.success());
    assert!(
        stderr.contains(&format!("error: /dev/stdin: line {lines}: not valid UTF-8")),
        "{stderr}"
    );
    assert!(!stderr.contains("benchscope-stream"), "the copy is not named: {stderr}");
    assert!(!out.exists(), "nothing written");
}

#[test]
fn a_run_piped_in_is_imported_from_the_stream() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    benchscope_ok(&["export", lite.to_str().unwrap(), "--out", data.to_str().unwrap()]);
    let report = realdata.join("swebench-lite-harness-report_m1o0-swe-bench-lite-37/glm-5.3-zcode-campaign.tonight.json");
    let by_name = tmp.path().join("by-name");
    benchscope_ok(&["export", lite.to_str().unwrap(), "--out", by_name.to_str().unwrap()]);
    benchscope_ok(&[
        "import",
        report.to_str().unwrap(),
        "--data",
        by_name.to_str().unwrap(),
        "--run",
        "r",
    ]);

    let result = benchscope_piped(
        &["import", "/dev/stdin", "--data", data.to_str().unwrap(), "--run", "r"],
        std::fs::read(&report).unwrap(),
    );
    assert!(result.status.success(), "{}", String::from_utf8_lossy(&result.stderr));
    let run = |dir: &Path| -> serde_json::Value { read_json(&dir.join("runs/r.json")) };
    let (piped, named) = (run(&data), run(&by_name));
    assert_eq!(piped["source"], "/dev/stdin");
    assert_eq!(piped["results"], named["results"], "the same verdicts as the file by name");
}

/// A device is refused by name: `/dev/zero` never ends, and read as a file its one endless line
/// held the command, growing.
#[test]
fn a_device_is_refused_rather_than_read_for_ever() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_benchscope"))
        .args(["export", "/dev/zero", "--out", out.to_str().unwrap()])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("still reading /dev/zero after 30 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let result = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: /dev/zero: a device, not a file or a pipe"), "{stderr}");
    assert!(!out.exists());
}
