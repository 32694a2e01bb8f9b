//! `benchscope grade` against the official SWE-bench harness on the runners of its other
//! languages (SWE-bench Multilingual's, Multimodal's first): the fixtures in
//! tests/fixtures/harness_languages were written by the harness's own releases (generate.sh says
//! how), and every parser, and the grading of every log, must agree with them test for test.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use benchscope_cli::grading::place;
use benchscope_cli::logs::python_str::universal_newlines;
use benchscope_cli::logs::{format_for, format_named, per_instance_format, Harness, LogFormat, LogOf, Statuses};
use benchscope_contract::TestLists;
use serde_json::Value;

/// Each oracle release with these parsers, and the harness generation whose log it reads.
const RELEASES: [(&str, Harness, &str); 2] = [("4.1.0", Harness::Markers, "markers"), ("5.0.2", Harness::Current, "current")];

fn fixtures() -> PathBuf {
    common::root().join("dataset-export/tests/fixtures/harness_languages")
}

fn case_file(case: &str, name: &str) -> String {
    let bytes = std::fs::read(fixtures().join("corpus").join(case).join(name)).expect("the corpus file is there");
    String::from_utf8_lossy(&bytes).into_owned()
}

fn as_map(statuses: &Statuses) -> BTreeMap<String, String> {
    statuses.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn json_map(value: &Value) -> BTreeMap<String, String> {
    serde_json::from_value(value.clone()).expect("a status map")
}

fn strings(value: &Value) -> Vec<String> {
    serde_json::from_value(value.clone()).expect("a list of strings")
}

/// The instance a case's log is of.
fn log_of(case: &Value) -> LogOf<'_> {
    LogOf {
        repo: case["repo"].as_str(),
        instance_id: case["instance_id"].as_str(),
        version: case["version"].as_str(),
        stated_parser: None,
    }
}

/// The format the harness's parser `name` is, for the case's instance: Jekyll's, immutable-js's,
/// Next's and Lighthouse's parsers choose one by the instance.
fn format_of(name: &str, case: &Value) -> Option<&'static dyn LogFormat> {
    match name {
        "jekyll" | "immutable_js" | "next" | "lighthouse" => per_instance_format(log_of(case)),
        _ => Some(format_named(name).unwrap_or_else(|| panic!("no format named {name}"))),
    }
}

#[test]
fn every_parser_reads_the_runners_outputs_as_each_release_does() {
    let mut compared = 0;
    for (release, harness, _) in RELEASES {
        let expected: Value = common::read_json(&fixtures().join(format!("expected/swebench-{release}.json")));
        for (case_name, parsers) in expected["parsers"].as_object().expect("parsers") {
            let case: Value = serde_json::from_str(&case_file(case_name, "case.json")).expect("case.json");
            let output = case_file(case_name, "output.txt");
            let output = universal_newlines(&output);
            for (parser, want) in parsers.as_object().expect("per parser") {
                let context = format!("swebench {release}, {parser} on {case_name}");
                let format = format_of(parser.trim_start_matches("parse_log_"), &case);
                if want.get("__harness_crashed__").is_some() {
                    assert!(
                        format.is_none(),
                        "{context}: the harness stops on this instance, so no format reads it"
                    );
                } else {
                    let format = format.unwrap_or_else(|| panic!("{context}: no format"));
                    assert_eq!(as_map(&format.statuses(&output, harness)), json_map(want), "{context}");
                }
                compared += 1;
            }
        }
    }
    assert!(compared >= 2 * 24, "only {compared} parser fixtures compared");
}

#[test]
fn every_log_grades_as_its_release_grades_it() {
    let mut compared = 0;
    let mut resolved = 0;
    for (release, harness, frame) in RELEASES {
        let expected: Value = common::read_json(&fixtures().join(format!("expected/swebench-{release}.json")));
        assert_eq!(expected["frame"], frame);
        for (case_name, sets) in expected["graded"].as_object().expect("graded") {
            let case: Value = serde_json::from_str(&case_file(case_name, "case.json")).expect("case.json");
            let log = case_file(case_name, &format!("{frame}.log"));
            let repo = case["repo"].as_str().expect("a repository");
            let report = format_for(log_of(&case), &log).report(&log).for_repo(repo);
            for (set, want) in sets.as_object().expect("list sets") {
                let context = format!("swebench {release}: {case_name}, {set} lists");
                assert_eq!(report.harness, harness, "{context}: the generation detected");
                assert_eq!(Value::Bool(report.applied), want["applied"], "{context}: test output found");
                assert_eq!(as_map(&report.statuses), json_map(&want["statuses"]), "{context}: statuses");
                let lists = TestLists {
                    fail_to_pass: strings(&want["lists"]["FAIL_TO_PASS"]),
                    pass_to_pass: strings(&want["lists"]["PASS_TO_PASS"]),
                };
                let verdict = place(&lists, &report);
                for (placed, kind) in [(&verdict.fail_to_pass, "FAIL_TO_PASS"), (&verdict.pass_to_pass, "PASS_TO_PASS")] {
                    let placed = serde_json::json!({"success": placed.success, "failure": placed.failure});
                    assert_eq!(placed, want["tests_status"][kind], "{context}: {kind}");
                }
                assert_eq!(Value::Bool(verdict.resolved()), want["resolved"], "{context}: verdict");
                resolved += usize::from(verdict.resolved());
                compared += 1;
            }
        }
    }
    assert!(compared >= 2 * 40, "only {compared} graded fixtures compared");
    assert!(
        resolved >= 40 && resolved < compared,
        "the fixtures grade some logs resolved and some not ({resolved} of {compared})"
    );
}

/// Exports `records` as `dataset`'s test split into `dir/data` and grades the logs in `dir/logs`
/// as run `run`: the grade's summary and the data directory.
fn export_and_grade(dir: &std::path::Path, records: &[String], dataset: &str, run: &str) -> (Value, PathBuf) {
    let input = dir.join(format!("{dataset}.test.jsonl"));
    std::fs::write(&input, records.join("\n")).unwrap();
    let data = dir.join("data");
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    common::benchscope_ok(&["export", &path(&input), "--out", &path(&data), "--quiet"]);
    let summary = dir.join("summary.json");
    common::benchscope_ok(&[
        "grade",
        &path(&dir.join("logs")),
        "--data",
        &path(&data),
        "--dataset",
        dataset,
        "--run",
        run,
        "--summary-json",
        &path(&summary),
    ]);
    (common::read_json(&summary), data)
}

/// `benchscope grade` end to end: each case an instance of its repository, graded from the log
/// swebench 5 writes, gives the harness's verdicts.
#[test]
fn grade_gives_the_harness_verdicts_on_the_logs_of_every_language() {
    let expected: Value = common::read_json(&fixtures().join("expected/swebench-5.0.2.json"));
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    std::fs::create_dir(&logs).unwrap();
    let mut records = Vec::new();
    let mut resolved_by_harness = Vec::new();
    for (case_name, sets) in expected["graded"].as_object().expect("graded") {
        let case: Value = serde_json::from_str(&case_file(case_name, "case.json")).expect("case.json");
        let id = case["instance_id"].as_str().unwrap();
        let named = &sets["named"];
        let mut record = serde_json::json!({"instance_id": id, "repo": case["repo"], "problem_statement": "x", "patch": "",
            "FAIL_TO_PASS": named["lists"]["FAIL_TO_PASS"], "PASS_TO_PASS": named["lists"]["PASS_TO_PASS"]});
        if let Some(version) = case.get("version") {
            record["version"] = version.clone();
        }
        records.push(record.to_string());
        std::fs::write(logs.join(format!("{id}.log")), case_file(case_name, "current.log")).unwrap();
        if named["resolved"] == true {
            resolved_by_harness.push(id.to_string());
        }
    }
    let (summary, data) = export_and_grade(dir.path(), &records, "multilingual", "graded");
    resolved_by_harness.sort();
    assert!(!resolved_by_harness.is_empty());
    assert_eq!(summary["runs"][0]["resolved_ids"], serde_json::json!(resolved_by_harness));
    assert_eq!(summary["runs"][0]["instances"], records.len());
    let run: Value = common::read_json(&data.join("runs/graded.json"));
    let fail_only_cases = [
        "chart_js_karma",
        "marked_jasmine",
        "p5js_mocha",
        "eslint_mocha",
        "openlayers_karma",
        "bpmn_js_karma",
    ];
    let note = format!(
        "{} logs graded fail-only, as the harness grades their repositories",
        fail_only_cases.len()
    );
    assert!(run["notes"].to_string().contains(&note), "{}", run["notes"]);
    let mut marked_fail_only: Vec<String> = run["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter(|r| r["fail_only"] == true)
        .map(|r| r["instance_id"].as_str().unwrap().to_string())
        .collect();
    let mut want_fail_only: Vec<String> = fail_only_cases
        .iter()
        .map(|case| {
            let case: Value = serde_json::from_str(&case_file(case, "case.json")).expect("case.json");
            case["instance_id"].as_str().unwrap().to_string()
        })
        .collect();
    marked_fail_only.sort();
    want_fail_only.sort();
    assert_eq!(
        marked_fail_only, want_fail_only,
        "the results graded fail-only say so, for the instance page"
    );
    let warnings = summary["runs"][0]["warnings"].to_string();
    assert!(
        warnings.contains("Automattic__wp-calypso-21648: ") && warnings.contains("not in the log (blocks - render"),
        "a log graded both ways warns of the tests it does not name: {warnings}"
    );
    assert!(
        !warnings.contains("chartjs__Chart.js-10301"),
        "a fail-only log names failures alone, so the tests it does not name are no warning: {warnings}"
    );
}

/// SWE-rebench's rows name their own harness's parser (`install_config.log_parser`,
/// `parse_log_gotest`) for repositories no swebench map lists. `grade` reads each log by the
/// parser its row names, so every verdict is the harness's for that parser (these repositories
/// are graded both ways), Next's and Lighthouse's by the row's version; a parser it does not read
/// is a warning, not a silent pytest reading.
#[test]
fn grade_reads_each_log_by_the_parser_its_row_names() {
    let expected: Value = common::read_json(&fixtures().join("expected/swebench-5.0.2.json"));
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    std::fs::create_dir(&logs).unwrap();
    let (mut records, mut resolved_by_harness) = (Vec::new(), Vec::new());
    for (case_name, sets) in expected["graded"].as_object().expect("graded") {
        let case: Value = serde_json::from_str(&case_file(case_name, "case.json")).expect("case.json");
        let [parser] = &strings(&case["parsers"])[..] else { continue };
        let graded_fail_only = benchscope_cli::logs::fail_only(case["repo"].as_str().unwrap(), Harness::Current);
        let of = LogOf {
            stated_parser: Some(parser),
            version: case["version"].as_str(),
            ..LogOf::default()
        };
        if graded_fail_only || benchscope_cli::logs::stated_format(of).is_none() {
            continue;
        }
        for (variant, set) in sets.as_object().unwrap() {
            let id = format!("rebench__{}-{variant}", case_name.replace('_', "-"));
            let record = serde_json::json!({"instance_id": id, "repo": format!("rebench/{case_name}"), "problem_statement": "x", "patch": "",
                "FAIL_TO_PASS": set["lists"]["FAIL_TO_PASS"], "PASS_TO_PASS": set["lists"]["PASS_TO_PASS"],
                "version": case["version"], "install_config": {"log_parser": parser, "test_cmd": case["command"]}});
            records.push(record.to_string());
            std::fs::write(logs.join(format!("{id}.log")), case_file(case_name, "current.log")).unwrap();
            if set["resolved"] == true {
                resolved_by_harness.push(id);
            }
        }
    }
    let read_by_their_parser = records.len();
    let unknown = serde_json::json!({"instance_id": "rebench__synthesized-1", "repo": "rebench/synthesized", "problem_statement": "x",
        "patch": "", "FAIL_TO_PASS": ["tests/test_a.py::test_a"], "PASS_TO_PASS": [], "install_config": {"log_parser": "parse_log_synthesized_7"}});
    records.push(unknown.to_string());
    std::fs::write(logs.join("rebench__synthesized-1.log"), "PASSED tests/test_a.py::test_a\n").unwrap();
    resolved_by_harness.push("rebench__synthesized-1".to_string());

    let (summary, data) = export_and_grade(dir.path(), &records, "rebench", "stated");
    resolved_by_harness.sort();
    assert!(read_by_their_parser >= 40, "only {read_by_their_parser} logs");
    assert!(resolved_by_harness.len() > 10 && resolved_by_harness.len() < read_by_their_parser);
    assert_eq!(summary["runs"][0]["resolved_ids"], serde_json::json!(resolved_by_harness));
    let run: Value = common::read_json(&data.join("runs/stated.json"));
    let note = format!("{read_by_their_parser} logs read by the parser their instance's record names (");
    assert!(run["notes"].to_string().contains(&note), "{}", run["notes"]);
    for by_version in ["parse_log_lighthouse: 4", "parse_log_next: 4"] {
        assert!(run["notes"].to_string().contains(by_version), "{}", run["notes"]);
    }
    let warnings = summary["runs"][0]["warnings"].to_string();
    assert!(
        warnings.contains("1 instance names a log parser grade does not read (parse_log_synthesized_7: 1)"),
        "{warnings}"
    );
}

/// A log of a repository no map lists, whose row names no parser, is read by the runner it looks
/// like: each runner's log in the corpus (not the repository-specific parsers') is told to be
/// that runner's, the parser the harness maps its own repository to.
#[test]
fn a_log_no_map_lists_is_read_by_the_runner_it_looks_like() {
    const RUNNERS: [&str; 18] = [
        "ant",
        "cargo",
        "cucumber",
        "doctest",
        "gotest",
        "googletest",
        "gradle_custom",
        "jest",
        "jq",
        "karma",
        "maven",
        "micropython_test",
        "minitest",
        "phpunit",
        "redis",
        "ruby_unit",
        "tap",
        "vitest",
    ];
    let expected: Value = common::read_json(&fixtures().join("expected/swebench-5.0.2.json"));
    let mut told = std::collections::BTreeSet::new();
    for case_name in expected["graded"].as_object().expect("graded").keys() {
        let case: Value = serde_json::from_str(&case_file(case_name, "case.json")).expect("case.json");
        let log = case_file(case_name, "current.log");
        let mapped = format_for(log_of(&case), &log).name();
        if !RUNNERS.contains(&mapped) {
            continue;
        }
        let elsewhere = LogOf {
            repo: Some("elsewhere/unlisted"),
            ..LogOf::default()
        };
        assert_eq!(format_for(elsewhere, &log).name(), mapped, "{case_name}");
        told.insert(mapped);
    }
    assert_eq!(told.len(), RUNNERS.len(), "runners with no log in the corpus: {told:?}");
}
