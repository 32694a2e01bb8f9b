//! `benchscope grade` against the official SWE-bench harness: the fixtures in
//! tests/fixtures/harness were written by the harness's own releases (generate.sh says how), and
//! every parser and every generation's rules must agree with them test for test.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use benchscope_cli::grading::{place, Placed};
use benchscope_cli::logs::python_str::universal_newlines;
use benchscope_cli::logs::{format_for, format_named, Harness, LogOf, Statuses};
use benchscope_contract::TestLists;
use serde_json::Value;
use sha2::{Digest, Sha256};

fn fixtures() -> PathBuf {
    common::root().join("dataset-export/tests/fixtures/harness")
}

/// Each oracle release, the harness generation whose rules it is, and the log shape it reads.
const RELEASES: [(&str, Harness, &str); 4] = [
    ("1.1.5", Harness::PreDocker, "pre_docker"),
    ("2.0.13", Harness::DockerTrace, "docker_trace"),
    ("4.1.0", Harness::Markers, "markers"),
    ("5.0.2", Harness::Current, "current"),
];

fn expected(release: &str) -> Value {
    common::read_json(&fixtures().join(format!("expected/swebench-{release}.json")))
}

fn as_map(statuses: &Statuses) -> BTreeMap<String, String> {
    statuses.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn json_map(value: &Value) -> BTreeMap<String, String> {
    serde_json::from_value(value.clone()).expect("a status map")
}

fn read_log(path: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).expect("the log is there")).into_owned()
}

fn string_list(value: &Value) -> Vec<String> {
    serde_json::from_value(value.clone()).unwrap_or_default()
}

#[test]
fn every_parser_reads_the_raw_outputs_as_each_release_does() {
    let mut compared = 0;
    for (release, harness, _) in RELEASES {
        let expected = expected(release);
        for (case, parsers) in expected["parsers"].as_object().expect("parsers") {
            let output = read_log(&fixtures().join("corpus").join(case).join("output.txt"));
            let output = universal_newlines(&output);
            for (parser, statuses) in parsers.as_object().expect("per parser") {
                let name = parser.trim_start_matches("parse_log_");
                let format = format_named(name).unwrap_or_else(|| panic!("no format named {name}"));
                let ours = as_map(&format.statuses(&output, harness));
                assert_eq!(ours, json_map(statuses), "swebench {release}, {parser} on {case}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 4 * 14, "only {compared} parser fixtures compared");
}

fn placed_json(placed: &Placed) -> Value {
    serde_json::json!({"success": placed.success, "failure": placed.failure})
}

#[test]
fn every_framed_log_grades_as_its_release_grades_it() {
    let mut compared = 0;
    for (release, harness, frame) in RELEASES {
        let expected = expected(release);
        assert_eq!(expected["frame"], frame);
        for (key, want) in expected["graded"].as_object().expect("graded") {
            let mut parts = key.split('|');
            let (log_path, repo, list_set) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
            let case_dir = fixtures().join("corpus").join(log_path.split('/').next().unwrap());
            let case: Value = common::read_json(&case_dir.join("case.json"));
            let lists = TestLists {
                fail_to_pass: string_list(&case["lists"][list_set]["FAIL_TO_PASS"]),
                pass_to_pass: string_list(&case["lists"][list_set]["PASS_TO_PASS"]),
            };
            let log = read_log(&fixtures().join("corpus").join(log_path));
            let report = format_for(
                LogOf {
                    repo: Some(repo),
                    ..LogOf::default()
                },
                &log,
            )
            .report(&log);
            let context = format!("swebench {release}: {key}");
            assert_eq!(report.harness, harness, "{context}: the generation detected");
            assert_eq!(Value::Bool(report.applied), want["applied"], "{context}: test output found");
            assert_eq!(as_map(&report.statuses), json_map(&want["statuses"]), "{context}: statuses");
            let verdict = place(&lists, &report);
            if report.applied {
                assert_eq!(
                    placed_json(&verdict.fail_to_pass),
                    want["tests_status"]["FAIL_TO_PASS"],
                    "{context}"
                );
                assert_eq!(
                    placed_json(&verdict.pass_to_pass),
                    want["tests_status"]["PASS_TO_PASS"],
                    "{context}"
                );
            }
            assert_eq!(Value::Bool(verdict.resolved()), want["resolved"], "{context}: verdict");
            compared += 1;
        }
    }
    assert!(compared >= 4 * 100, "only {compared} graded fixtures compared");
}

/// A status map as the fixtures hash it: sorted `key NUL status NUL` pairs.
fn statuses_sha256(statuses: &Statuses) -> String {
    let mut hasher = Sha256::new();
    for (key, status) in statuses.iter() {
        hasher.update(format!("{key}\0{status}\0"));
    }
    hasher.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

const STATUS_LETTER: [(&str, &str); 5] = [("PASSED", "P"), ("FAILED", "F"), ("ERROR", "E"), ("SKIPPED", "S"), ("XFAIL", "X")];

/// The fixtures' per-test code: status letter (or ?) and placement (+ success, - failure, . neither).
fn codes(tests: &[String], statuses: &Statuses, placed: &Placed) -> String {
    tests
        .iter()
        .map(|test| {
            let letter = statuses
                .get(test)
                .map_or("?", |s| STATUS_LETTER.iter().find(|(w, _)| *w == s).map_or("?", |(_, l)| *l));
            let place = if placed.success.contains(test) {
                "+"
            } else if placed.failure.contains(test) {
                "-"
            } else {
                "."
            };
            format!("{letter}{place}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn real_mid_2024_logs_grade_as_the_harness_graded_them() {
    let Some(realdata) = common::realdata() else { return };
    let expected = expected("2.0.13");
    let real = expected["realdata"].as_object().expect("the 2.0.13 fixtures grade the real logs");
    let (mut resolved, mut agree) = (0, 0);
    for (relative, want) in real {
        let log_path = realdata.join(relative);
        let folder = log_path.parent().unwrap();
        let id = folder.file_name().unwrap().to_string_lossy().into_owned();
        let official: Value = common::read_json(&folder.join("report.json"));
        let official = &official[&id];
        let list = |kind: &str| {
            let mut tests = string_list(&official["tests_status"][kind]["success"]);
            tests.extend(string_list(&official["tests_status"][kind]["failure"]));
            tests
        };
        let lists = TestLists {
            fail_to_pass: list("FAIL_TO_PASS"),
            pass_to_pass: list("PASS_TO_PASS"),
        };
        let repo = id.rsplit_once('-').unwrap().0.replace("__", "/");
        let log = read_log(&log_path);
        let report = format_for(
            LogOf {
                repo: Some(&repo),
                ..LogOf::default()
            },
            &log,
        )
        .report(&log);
        assert_eq!(report.harness, Harness::DockerTrace, "{id}");
        let verdict = place(&lists, &report);
        assert_eq!(Value::Bool(report.applied), want["applied"], "{id}: test output found");
        assert_eq!(
            report.statuses.len() as u64,
            want["status_count"].as_u64().unwrap(),
            "{id}: status count"
        );
        assert_eq!(statuses_sha256(&report.statuses), want["statuses_sha256"], "{id}: status map");
        assert_eq!(
            codes(&lists.fail_to_pass, &report.statuses, &verdict.fail_to_pass),
            want["tests"]["FAIL_TO_PASS"],
            "{id}"
        );
        assert_eq!(
            codes(&lists.pass_to_pass, &report.statuses, &verdict.pass_to_pass),
            want["tests"]["PASS_TO_PASS"],
            "{id}"
        );
        // And the harness's own report.json, written in 2024 by the run itself.
        assert_eq!(Value::Bool(verdict.resolved()), official["resolved"], "{id}: verdict");
        if official.get("tests_status").is_some() {
            assert_eq!(placed_json(&verdict.fail_to_pass), official["tests_status"]["FAIL_TO_PASS"], "{id}");
            assert_eq!(placed_json(&verdict.pass_to_pass), official["tests_status"]["PASS_TO_PASS"], "{id}");
        }
        resolved += usize::from(verdict.resolved());
        agree += 1;
    }
    assert_eq!(
        (agree, resolved),
        (483, 167),
        "every real log with a report, 167 of them resolved (as the reports say)"
    );
}

/// A property the harness has by reading logs in text mode: `\r\n` and `\r` line endings change
/// no status and no verdict.
#[test]
fn grading_is_invariant_to_line_endings() {
    let mut compared = 0;
    for entry in std::fs::read_dir(fixtures().join("corpus")).unwrap() {
        let case = entry.unwrap().path();
        let meta: Value = common::read_json(&case.join("case.json"));
        for frame in ["pre_docker", "docker_trace", "markers", "current"] {
            let log = read_log(&case.join(format!("{frame}.log")));
            for repo in meta["repos"].as_array().unwrap().iter().filter_map(Value::as_str) {
                let format = format_for(
                    LogOf {
                        repo: Some(repo),
                        ..LogOf::default()
                    },
                    &log,
                );
                let unix = format.report(&log);
                for other in [log.replace('\n', "\r\n"), log.replace('\n', "\r")] {
                    let report = format.report(&other);
                    assert_eq!(
                        (report.applied, as_map(&report.statuses)),
                        (unix.applied, as_map(&unix.statuses)),
                        "{}: {frame} as {repo}",
                        case.display()
                    );
                }
                compared += 1;
            }
        }
    }
    assert!(compared >= 100, "{compared}");
}
