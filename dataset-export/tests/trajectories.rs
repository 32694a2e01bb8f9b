//! Agent trajectories read from the real published files (SWE-agent, mini-swe-agent; OpenHands'
//! in `trajectories_openhands.rs`, Harbor's in `trajectories_harbor.rs`), and imported as a run
//! with their verdicts, against counts taken here from the files themselves.

mod common;

use std::path::Path;

use benchscope_cli::trajectories::read_file;
use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::{Manifest, Run};
use common::{benchscope_ok, import_submission, read_json, read_one, realdata};
use serde_json::Value;

fn raw(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// A number from a Python-repr `model_stats` string, read here with plain text search.
fn stat(repr: &str, key: &str) -> Option<f64> {
    let at = repr.find(&format!("'{key}': "))? + key.len() + 4;
    repr[at..].split([',', '}']).next()?.trim().parse().ok()
}

#[test]
fn swe_agent_trajectories_classic_and_function_calling() {
    let Some(real) = realdata() else { return };
    for name in ["pydicom__pydicom-1458.traj", "marshmallow-1867_function_calling_replace.traj"] {
        let path = real.join("trajectories_formats").join(name);
        let source = raw(&path);
        let trajectory = read_one(&path);
        assert_eq!(trajectory.format, "swe-agent");
        assert_eq!(trajectory.steps.len(), source["trajectory"].as_array().unwrap().len(), "{name}");
        assert_eq!(trajectory.exit_status.as_deref(), source["info"]["exit_status"].as_str());
        assert_eq!(trajectory.submission.as_deref(), source["info"]["submission"].as_str());
        let stats = &source["info"]["model_stats"];
        let number = |key: &str| match stats {
            Value::String(repr) => stat(repr, key),
            other => other[key].as_f64(),
        };
        assert_eq!(trajectory.cost, number("instance_cost"), "{name}");
        assert_eq!(trajectory.api_calls, number("api_calls").map(|n| n as u64));
        assert_eq!(trajectory.tokens_in, number("tokens_sent").map(|n| n as u64));
        for (step, entry) in trajectory.steps.iter().zip(source["trajectory"].as_array().unwrap()) {
            assert_eq!(step.action, entry["action"].as_str().unwrap());
            assert_eq!(step.observation, entry["observation"].as_str().unwrap());
            assert_eq!(step.tool.as_deref(), entry["action"].as_str().unwrap().split_whitespace().next());
        }
    }
    let named = read_one(&real.join("trajectories_formats/pydicom__pydicom-1458.traj"));
    assert_eq!(named.instance_id, "pydicom__pydicom-1458", "the id from the file name");
}

/// Who made each real trajectory, as its file says: the agent (with its version where the file
/// gives one) and the model, read here from each file's own fields.
#[test]
fn each_format_names_the_agent_and_the_model_its_file_names() {
    let Some(real) = realdata() else { return };
    let formats = real.join("trajectories_formats");
    let made_by = |t: &Trajectory| (t.agent.clone(), t.model.clone());
    let function_calling = formats.join("marshmallow-1867_function_calling_replace.traj");
    let config = &raw(&function_calling)["replay_config"];
    let config: Value = match config {
        Value::String(json) => serde_json::from_str(json).unwrap(),
        other => other.clone(),
    };
    let model = config["agent"]["model"]["name"].as_str().map(str::to_string);
    assert!(model.is_some());
    assert_eq!(made_by(&read_one(&function_calling)), (Some("SWE-agent".into()), model));
    // The classic file has no replay_config: no model is made up.
    assert_eq!(
        made_by(&read_one(&formats.join("pydicom__pydicom-1458.traj"))),
        (Some("SWE-agent".into()), None)
    );
    let id = "astropy__astropy-12907";
    let mini = real.join(format!("trajectories_gruckion-mini-swe-agent/trajs/{id}/{id}.traj.json"));
    let info = &raw(&mini)["info"];
    let expected = (
        Some(format!("mini-swe-agent {}", info["mini_version"].as_str().unwrap())),
        info["config"]["model"]["model_name"].as_str().map(str::to_string),
    );
    assert_eq!(made_by(&read_one(&mini)), expected);
    let openhands = formats.join("openhands_multi_swe_bench_output.jsonl");
    let text = std::fs::read_to_string(&openhands).unwrap();
    for (trajectory, line) in read_file(&openhands).unwrap().iter().zip(text.lines()) {
        let metadata = &serde_json::from_str::<Value>(line).unwrap()["metadata"];
        let expected = (
            Some(format!("OpenHands {}", metadata["agent_class"].as_str().unwrap())),
            metadata["llm_config"]["model"].as_str().map(str::to_string),
        );
        assert_eq!(made_by(trajectory), expected);
    }
}

#[test]
fn mini_swe_agent_outputs_too_long_to_show_are_read_as_their_head_and_tail() {
    let Some(real) = realdata() else { return };
    let folder = real.join("trajectories_gruckion-mini-swe-agent/trajs");
    let mut ids: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    let mut seen = 0;
    for id in ids.iter().take(40) {
        let path = folder.join(format!("{id}/{id}.traj.json"));
        if !path.is_file() {
            continue;
        }
        let source = raw(&path);
        let long: Vec<&str> = source["messages"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|m| m["content"].as_str())
            .filter(|c| c.starts_with("<returncode>") && c.contains("<output_head>"))
            .collect();
        let trajectory = read_one(&path);
        let folded: Vec<&str> = trajectory
            .steps
            .iter()
            .map(|s| s.observation.as_str())
            .filter(|o| o.contains(" characters elided]\n"))
            .collect();
        assert_eq!(folded.len(), long.len(), "{id}: one step for each output cut short");
        for (observation, shown) in folded.iter().zip(&long) {
            assert!(
                !observation.contains("<output_head>") && !observation.contains("</warning>"),
                "{id}: {observation:.200}"
            );
            let head = &shown[shown.find("<output_head>").unwrap() + 13..shown.find("</output_head>").unwrap()];
            assert!(observation.starts_with(head.trim_matches('\n')), "{id}: the head first");
        }
        seen += long.len();
    }
    assert!(seen > 0, "the real trajectories hold outputs cut short");
}

#[test]
fn swe_agent_classic_edits_become_diffs_of_the_lines_they_replaced() {
    let Some(real) = realdata() else { return };
    let path = real.join("trajectories_formats/pydicom__pydicom-1458.traj");
    let source = raw(&path);
    let entries = source["trajectory"].as_array().unwrap();
    let trajectory = read_one(&path);
    let applied = |entry: &Value| entry["observation"].as_str().unwrap().starts_with("[File:");
    for (step, entry) in trajectory.steps.iter().zip(entries) {
        let is_edit = entry["action"].as_str().unwrap().starts_with("edit ");
        assert_eq!(step.edit.is_some(), is_edit && applied(entry), "{}", step.action);
    }
    // Its fix replaced lines 287-296 of the window step 4 opened; what it put there is what it
    // submitted.
    let fix = trajectory.steps.iter().rev().find_map(|s| s.edit.as_ref()).unwrap();
    assert_eq!(fix.path, "/pydicom__pydicom/pydicom/pixel_data_handlers/numpy_handler.py");
    let window = entries[4]["observation"].as_str().unwrap();
    let shown: Vec<&str> = (287..=296)
        .map(|n| window.lines().find_map(|l| l.strip_prefix(&format!("{n}:"))).unwrap())
        .collect();
    assert_eq!(fix.before, shown.iter().map(|l| format!("{l}\n")).collect::<String>());
    let submission = trajectory.submission.as_deref().unwrap();
    let diff = fix.unified_diff();
    let added = diff.lines().filter(|l| l.starts_with('+') && !l.starts_with("+++"));
    for line in added {
        assert!(submission.lines().any(|s| s == line), "{line} is in the submission");
    }
    let first_hunk = &benchscope_contract::patch::parse_patch(&diff)[0].hunks[0];
    assert!(
        (287..=296).contains(&first_hunk.old_start),
        "numbered from the file's lines: {diff}"
    );
}

#[test]
fn mini_swe_agent_messages_become_steps() {
    let Some(real) = realdata() else { return };
    let path = real.join("trajectories_formats/mini-swe-agent_github_issue.traj.json");
    let source = raw(&path);
    let assistant = source.as_array().unwrap().iter().filter(|m| m["role"] == "assistant").count();
    let trajectory = read_one(&path);
    assert_eq!(trajectory.format, "mini-swe-agent");
    assert_eq!(trajectory.steps.len(), assistant);
    let first = &trajectory.steps[0];
    assert!(first.action.starts_with("cat /Users/"), "{}", first.action);
    assert_eq!(first.returncode, Some(1));
    assert!(first.observation.contains("No such file or directory"));
    assert!(trajectory.task.as_deref().is_some_and(|t| t.contains("SyntaxError")));
}

#[test]
fn a_folder_of_trajectories_with_reports_beside_them_is_a_run_with_verdicts() {
    let Some(real) = realdata() else { return };
    let folder = real.join("trajectories_gruckion-mini-swe-agent");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "import",
        folder.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "mini",
        "--new-dataset",
    ]);
    // Counted here: the reports that say resolved, and the trajectory files.
    let mut resolved = 0;
    for entry in std::fs::read_dir(folder.join("logs")).unwrap() {
        let report = entry.unwrap().path().join("report.json");
        if report.is_file() && raw(&report)["resolved"] == Value::Bool(true) {
            resolved += 1;
        }
    }
    let trajectories = std::fs::read_dir(folder.join("trajs"))
        .unwrap()
        .filter(|e| {
            let dir = e.as_ref().unwrap().path();
            dir.join(format!("{}.traj.json", dir.file_name().unwrap().to_string_lossy()))
                .is_file()
        })
        .count();
    let run: Run = read_json(&data.join("runs/mini.json"));
    assert_eq!(run.results.len(), trajectories);
    assert_eq!(run.resolved_count(), Some(resolved));
    assert_eq!(resolved, 371, "as the run's own summary says");
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    for result in &run.results {
        let facts = result.trajectory.as_ref().expect("every result has its trajectory");
        assert!(facts.steps > 0 && facts.exit_status.is_some(), "{}", result.instance_id);
        assert!(manifest.files.iter().any(|f| f.path == facts.path), "{} is listed", facts.path);
    }
    let first = &run.results[0];
    let stored: Trajectory = read_json(&data.join(&first.trajectory.as_ref().unwrap().path));
    assert_eq!(stored.instance_id, first.instance_id);
    assert!(first.model_patch.is_some(), "the submission is the model patch");
    assert!(run.results.iter().filter(|r| r.trajectory.as_ref().unwrap().ran_tests).count() > 300);
    // The run's model is the one every file names: 16 of this run's name it with an `@` before
    // it, as Portkey's gateway names a provider's model, and count as naming it; no note says
    // that any names another.
    let mut models = std::collections::BTreeMap::<String, usize>::new();
    for result in &run.results {
        let id = &result.instance_id;
        let info = &raw(&folder.join(format!("trajs/{id}/{id}.traj.json")))["info"];
        *models
            .entry(info["config"]["model"]["model_name"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    let routed = models.keys().filter(|m| m.starts_with('@')).count();
    assert_eq!((models.len(), routed), (2, 1), "one model, named two ways: {models:?}");
    let model = models.keys().find(|m| !m.starts_with('@')).unwrap();
    assert!(models.contains_key(&format!("@{model}")));
    assert_eq!(run.system.model.as_deref(), Some(model.as_str()));
    assert!(
        !run.notes.iter().any(|n| n.contains("trajectories that name a model")),
        "{:?}",
        run.notes
    );
    let info = &raw(&folder.join(format!("trajs/{0}/{0}.traj.json", first.instance_id)))["info"];
    assert_eq!(
        run.system.scaffold,
        Some(format!("mini-swe-agent {}", info["mini_version"].as_str().unwrap()))
    );
}

/// A submission folder of trajectories whose verdicts are only in its `results/results.json`,
/// as Multi-SWE-bench's experiments publish them (the harness's run summary, its resolved ids
/// named `resolved`): the run takes the lists' verdicts, and an instance they judge without a
/// trajectory is in the run too.
#[test]
fn trajectories_of_a_submission_take_its_results_json_verdicts() {
    let Some(real) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let submission = tmp.path().join("20240825_SWE-agent_gpt-4o");
    std::fs::create_dir_all(submission.join("trajs")).unwrap();
    std::fs::create_dir_all(submission.join("results")).unwrap();
    let traj = "pydicom__pydicom-1458.traj";
    std::fs::copy(real.join("trajectories_formats").join(traj), submission.join("trajs").join(traj)).unwrap();
    let summary = serde_json::json!({
        "total_instances": 3, "submitted_instances": 2, "completed_instances": 1, "resolved_instances": 1,
        "completed_ids": ["pydicom__pydicom-1458"], "incomplete_ids": ["apache__dubbo-7041"],
        "empty_patch_ids": ["google__gson-1093"], "submitted_ids": ["pydicom__pydicom-1458", "google__gson-1093"],
        "resolved": ["pydicom__pydicom-1458"], "unresolved_ids": [], "error_ids": []
    });
    std::fs::write(submission.join("results/results.json"), summary.to_string()).unwrap();
    std::fs::write(submission.join("metadata.yaml"), "name: SWE-agent + gpt-4o\noss: true\n").unwrap();
    let data = tmp.path().join("data");
    let run = import_submission(&submission, &data);
    assert_eq!(run.system.name, "SWE-agent + gpt-4o");
    let verdicts: Vec<(&str, Option<bool>, Option<&str>, bool)> = run
        .results
        .iter()
        .map(|r| {
            (
                r.instance_id.as_str(),
                r.resolved,
                r.failure_mode.as_deref(),
                r.trajectory.is_some(),
            )
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("google__gson-1093", Some(false), Some("empty_patch"), false),
            ("pydicom__pydicom-1458", Some(true), None, true),
        ],
        "an instance given no prediction (`incomplete_ids`) is left unattempted"
    );
}

/// A mini-swe-agent 2 trajectory as its `DefaultAgent.serialize` writes it with a tool-calling
/// model: an assistant message calling `bash` twice at once, a `tool` message answering each by
/// its id (the command's output and exit code in `extra`), and the `exit` message that holds the
/// submission.
#[test]
fn mini_swe_agent_2_tool_calls_take_each_its_own_answer() {
    let patch = "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n";
    let call = |id: &str, command: &str| serde_json::json!({"id": id, "type": "function", "function": {"name": "bash", "arguments": serde_json::json!({"command": command}).to_string()}});
    let answer = |id: &str, output: &str, code: i64| {
        serde_json::json!({"role": "tool", "tool_call_id": id,
            "content": format!("<returncode>{code}</returncode>\n<output>\n{output}</output>"),
            "extra": {"raw_output": output, "returncode": code, "timestamp": 1.0, "exception_info": null}})
    };
    let trajectory = serde_json::json!({
        "info": {"model_stats": {"instance_cost": 0.03, "api_calls": 2}, "mini_version": "2.4.6",
            "config": {"model": {"model_name": "anthropic/claude-sonnet-4-5"}}, "exit_status": "Submitted", "submission": patch},
        "messages": [
            {"role": "system", "content": "You are a helpful assistant that can interact with a computer."},
            {"role": "user", "content": "Fix x."},
            {"role": "assistant", "content": "Look first.", "tool_calls": [call("c1", "cat a.py"), call("c2", "ls missing")],
                "extra": {"actions": [{"command": "cat a.py", "tool_call_id": "c1"}, {"command": "ls missing", "tool_call_id": "c2"}], "cost": 0.01}},
            answer("c1", "x = 1\n", 0),
            answer("c2", "ls: cannot access 'missing'\n", 2),
            {"role": "assistant", "content": null, "tool_calls": [call("c3", "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git diff")]},
            {"role": "exit", "content": patch, "extra": {"exit_status": "Submitted", "submission": patch}}
        ],
        "trajectory_format": "mini-swe-agent-1.1",
        "instance_id": "o__r-1"
    });
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("o__r-1.traj.json");
    std::fs::write(&file, trajectory.to_string()).unwrap();
    let read = read_one(&file);
    let steps: Vec<(&str, &str, Option<i64>)> = read
        .steps
        .iter()
        .map(|s| (s.action.as_str(), s.observation.as_str(), s.returncode))
        .collect();
    assert_eq!(
        steps,
        [
            ("cat a.py", "x = 1\n", Some(0)),
            ("ls missing", "ls: cannot access 'missing'\n", Some(2)),
            ("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git diff", "", None),
        ]
    );
    assert_eq!(read.submission.as_deref(), Some(patch));
    assert_eq!(read.steps[0].thought, "Look first.");
}
