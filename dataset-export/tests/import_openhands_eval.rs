//! `benchscope import` of an OpenHands run folder as its evaluation leaves it, before the agent
//! SDK: `output.jsonl` (an instance's trajectory a line), graded by `eval_infer.py` into
//! `output.swebench_eval.jsonl` (each line's `test_result.report`, `history` null) with a log per
//! instance in `output.swebench_eval.logs/`, or by the harness into `eval_outputs/<id>/` with the
//! run's summary as `report.json`; `update_output_with_eval.py` then copies each verdict into
//! `output.jsonl` as the line's `report`. Before, such a folder was refused, and the graded file
//! given alone too. The trajectories are real (OpenHands' own example output); the evaluation's
//! files are written here in the shape OpenHands' scripts write them.

mod common;

use std::path::{Path, PathBuf};

use benchscope_contract::Run;
use common::*;
use serde_json::{json, Value};

/// OpenHands' example `output.jsonl`: three instances' trajectories.
fn real_output(realdata: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(realdata.join("trajectories_formats/openhands_multi_swe_bench_output.jsonl")).unwrap();
    text.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

/// The verdict `eval_infer.py` records, every flag false but `flag`.
fn openhands_report(resolved: bool, flag: Option<&str>) -> Value {
    let mut report = json!({"empty_generation": false, "resolved": resolved, "failed_apply_patch": false,
                            "error_eval": false, "test_timeout": false});
    if let Some(flag) = flag {
        report[flag] = json!(true);
    }
    report
}

/// The three verdicts the tests give the three instances, in their order.
fn verdicts() -> [Value; 3] {
    [
        openhands_report(true, None),
        openhands_report(false, Some("failed_apply_patch")),
        openhands_report(false, Some("test_timeout")),
    ]
}

fn write_lines(path: &Path, lines: &[Value]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    std::fs::write(path, text).unwrap();
}

fn id_of(line: &Value) -> String {
    line["instance_id"].as_str().unwrap().to_string()
}

/// `eval_infer.py`'s line for an instance of `output.jsonl`: its test result with the verdict,
/// no trajectory.
fn graded_line(line: &Value, report: &Value) -> Value {
    let mut test_result = line["test_result"].clone();
    test_result["report"] = report.clone();
    test_result["apply_patch_output"] = json!("APPLY_PATCH_PASS");
    json!({"instance_id": line["instance_id"], "test_result": test_result, "instruction": null,
           "metadata": line["metadata"], "history": null, "metrics": null, "error": null, "instance": null})
}

fn imported(source: &Path, data: &Path) -> Run {
    import_as_new_run(source, data, "oh");
    read_json(&data.join("runs/oh.json"))
}

fn failure_of(run: &Run, id: &str) -> (Option<bool>, Option<String>) {
    let result = run
        .results
        .iter()
        .find(|r| r.instance_id == id)
        .unwrap_or_else(|| panic!("{id} not in the run"));
    (result.resolved, result.failure_mode.clone())
}

#[test]
fn the_verdicts_copied_into_output_jsonl_judge_its_trajectories() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let run_dir = tmp.path().join("CodeActAgent/maverick_maxiter_50");
    let mut lines = real_output(&realdata);
    for (line, report) in lines.iter_mut().zip(verdicts()) {
        line["report"] = report;
    }
    write_lines(&run_dir.join("output.jsonl"), &lines);

    let run = imported(&run_dir, &tmp.path().join("data"));
    assert_eq!(run.results.len(), 3);
    assert_eq!(failure_of(&run, &id_of(&lines[0])), (Some(true), None));
    assert_eq!(failure_of(&run, &id_of(&lines[1])), (Some(false), Some("patch_failed".into())));
    assert_eq!(failure_of(&run, &id_of(&lines[2])), (Some(false), Some("timeout".into())));
    assert!(run.results.iter().all(|r| r.trajectory.is_some()), "each keeps its trajectory");
    assert!(run.results.iter().all(|r| r.model_patch.is_some()), "each keeps its patch");
}

#[test]
fn the_graded_file_beside_judges_and_alone_is_a_run_of_verdicts() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let run_dir = tmp.path().join("maverick_maxiter_50");
    let lines = real_output(&realdata);
    write_lines(&run_dir.join("output.jsonl"), &lines);
    let graded: Vec<Value> = lines
        .iter()
        .zip(verdicts())
        .map(|(line, report)| graded_line(line, &report))
        .collect();
    write_lines(&run_dir.join("output.swebench_eval.jsonl"), &graded);
    // An instance its evaluation had not reached: its patch, no verdict.
    let mut ungraded = graded[0].clone();
    ungraded["instance_id"] = json!("ponylang__ponyc-9999");
    ungraded["test_result"].as_object_mut().unwrap().remove("report");
    let mut with_ungraded = graded.clone();
    with_ungraded.push(ungraded);
    write_lines(&run_dir.join("output.swebench_eval.jsonl"), &with_ungraded);

    let beside = imported(&run_dir, &tmp.path().join("data"));
    assert_eq!(failure_of(&beside, &id_of(&lines[1])), (Some(false), Some("patch_failed".into())));
    assert!(beside.results.iter().all(|r| r.trajectory.is_some()));

    let alone = import_submission(&run_dir.join("output.swebench_eval.jsonl"), &tmp.path().join("alone"));
    assert_eq!(alone.system.name, "maverick_maxiter_50", "named by its folder");
    let model = lines[0]["metadata"]["llm_config"]["model"].as_str().unwrap();
    assert_eq!(
        alone.system.model.as_deref(),
        model.rsplit('/').next(),
        "the lines' metadata names the model"
    );
    assert_eq!(alone.results.len(), 4);
    let pending = alone.results.iter().find(|r| r.instance_id == "ponylang__ponyc-9999").unwrap();
    assert_eq!(
        (pending.resolved, pending.model_patch.is_some()),
        (None, true),
        "kept with its patch, no verdict"
    );
    for (line, report) in lines.iter().zip(verdicts()) {
        assert_eq!(failure_of(&alone, &id_of(line)).0, report["resolved"].as_bool());
    }
    let timed_out = alone.results.iter().find(|r| r.instance_id == id_of(&lines[2])).unwrap();
    assert!(timed_out.error.as_deref().unwrap().contains("test_timeout"));
    assert!(alone.results.iter().all(|r| r.model_patch.is_some() && r.trajectory.is_none()));
    assert_eq!(beside.results.len(), 3, "the trajectories' instances, judged");
}

/// The verdict an OpenHands evaluation log ends on: `Result for <id>: resolved: True`.
fn log_verdict(log: &Path) -> Option<bool> {
    let text = std::fs::read_to_string(log).unwrap();
    let line = text.lines().find(|l| l.starts_with("Result for "))?;
    Some(line.ends_with("True"))
}

#[test]
fn the_evaluation_logs_beside_judge_the_trajectories_and_are_kept() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let run_dir = tmp.path().join("claude_maxiter_50");
    let real_logs = realdata.join("swebench-verified-evallogs_OpenHands-claude35-v0.15/output.swebench_eval.logs");
    let ids = ["astropy__astropy-12907", "astropy__astropy-13033", "astropy__astropy-14309"];
    let logs_dir = run_dir.join("output.swebench_eval.logs");
    std::fs::create_dir_all(&logs_dir).unwrap();
    // A real trajectory for each instance that has a real log.
    let template = real_output(&realdata).remove(0);
    let mut lines = Vec::new();
    for id in ids {
        let name = format!("instance_{id}.log");
        std::fs::copy(real_logs.join(&name), logs_dir.join(&name)).unwrap();
        let mut line = template.clone();
        line["instance_id"] = json!(id);
        lines.push(line);
    }
    write_lines(&run_dir.join("output.jsonl"), &lines);

    let data = tmp.path().join("data");
    let run = imported(&run_dir, &data);
    assert_eq!(run.results.len(), 3);
    for id in ids {
        let expected = log_verdict(&logs_dir.join(format!("instance_{id}.log")));
        assert!(expected.is_some(), "{id}'s real log has its verdict");
        assert_eq!(failure_of(&run, id).0, expected, "{id}");
        assert!(data.join(format!("runs/oh/logs/{id}.log")).is_file(), "{id}'s log is kept");
    }
    assert!(
        run.results.iter().any(|r| r.fail_to_pass.is_some()),
        "the logs' reports give the tests' tallies"
    );
}

#[test]
fn the_harness_reports_in_eval_outputs_judge_the_trajectories_named_by_the_metadata() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let run_dir = tmp.path().join("claude_maxiter_100");
    let ids = ["astropy__astropy-12907", "astropy__astropy-13033", "astropy__astropy-13236"];
    let template = real_output(&realdata).remove(0);
    let mut lines = Vec::new();
    let mut resolved_ids = Vec::new();
    for id in ids {
        let real: PathBuf = realdata.join("swebench-verified-harness-logs_inspect-ai/logs").join(id);
        let dir = run_dir.join("eval_outputs").join(id);
        std::fs::create_dir_all(&dir).unwrap();
        for file in ["report.json", "test_output.txt"] {
            std::fs::copy(real.join(file), dir.join(file)).unwrap();
        }
        let report: Value = read_json(&dir.join("report.json"));
        if report[id]["resolved"].as_bool().unwrap() {
            resolved_ids.push(id);
        }
        let mut line = template.clone();
        line["instance_id"] = json!(id);
        lines.push(line);
    }
    write_lines(&run_dir.join("output.jsonl"), &lines);
    // The run's summary lists one more instance, which has no trajectory here.
    let errored = "astropy__astropy-14182";
    let summary = json!({"resolved_ids": resolved_ids, "unresolved_ids": [], "error_ids": [errored], "empty_patch_ids": []});
    std::fs::write(run_dir.join("report.json"), summary.to_string()).unwrap();
    let metadata = json!({"agent_class": "CodeActAgent", "llm_config": {"model": "anthropic/claude-3-5-sonnet-20241022"}});
    std::fs::write(run_dir.join("metadata.json"), metadata.to_string()).unwrap();

    let data = tmp.path().join("data");
    let run = imported(&run_dir, &data);
    for id in ids {
        assert_eq!(failure_of(&run, id).0, Some(resolved_ids.contains(&id)), "{id}");
        assert!(data.join(format!("runs/oh/logs/{id}.log")).is_file(), "{id}'s test output is kept");
    }
    assert_eq!(failure_of(&run, errored), (Some(false), Some("harness_error".into())));
    assert_eq!(run.results.len(), 4);
    assert_eq!(
        run.system.name, "CodeActAgent (claude-3-5-sonnet-20241022)",
        "named by its metadata.json"
    );
}
