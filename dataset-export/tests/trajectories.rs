//! Agent trajectories read from the real published files, and imported as a run with their
//! verdicts, against counts taken here from the files themselves.

mod common;

use std::path::Path;

use benchscope_cli::trajectories::read_file;
use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::{Manifest, Run};
use common::{benchscope_ok, import_submission, read_json, realdata};
use serde_json::Value;

/// The one trajectory of a file.
fn read_one(path: &Path) -> Trajectory {
    let mut read = read_file(path).unwrap();
    assert_eq!(read.len(), 1, "{}", path.display());
    read.remove(0)
}

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
fn openhands_output_holds_one_trajectory_per_line() {
    let Some(real) = realdata() else { return };
    let path = real.join("trajectories_formats/openhands_multi_swe_bench_output.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let trajectories = read_file(&path).unwrap();
    assert_eq!(trajectories.len(), lines.len());
    for (trajectory, line) in trajectories.iter().zip(&lines) {
        assert_eq!(trajectory.format, "openhands");
        assert_eq!(trajectory.instance_id, line["instance_id"].as_str().unwrap());
        // Wall time: its events' first to last timestamp, all of one day here, read as h:m:s.
        let times: Vec<f64> = line["history"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e["timestamp"].as_str())
            .map(|t| {
                t[11..]
                    .split(':')
                    .map(|p| p.parse::<f64>().unwrap())
                    .fold(0.0, |acc, p| acc * 60.0 + p)
            })
            .collect();
        let span = times.iter().copied().fold(f64::MIN, f64::max) - times.iter().copied().fold(f64::MAX, f64::min);
        assert!(
            (trajectory.seconds.unwrap() - span).abs() < 1e-6,
            "{:?} against {span}",
            trajectory.seconds
        );
        // Counted here: the agent's actions other than the system prompt, recalls and messages.
        let actions = line["history"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["source"] == "agent" && e["action"].as_str().is_some_and(|a| !["system", "recall", "message"].contains(&a)))
            .count();
        assert_eq!(trajectory.steps.len(), actions, "{}", trajectory.instance_id);
        assert_eq!(
            trajectory.submission.as_deref(),
            line["test_result"]["git_patch"].as_str().filter(|p| !p.trim().is_empty())
        );
        assert_eq!(
            trajectory.tokens_in,
            line["metrics"]["accumulated_token_usage"]["prompt_tokens"].as_u64()
        );
        let first_run = trajectory.steps.iter().find(|s| s.tool.as_deref() == Some("execute_bash")).unwrap();
        assert!(!first_run.observation.is_empty(), "a command's output is its observation");
        // Every edit the agent made, with its file and texts, as the source's arguments hold it.
        let source_edits: Vec<(String, String, String)> = line["history"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["source"] == "agent" && e["args"]["old_str"].is_string())
            .map(|e| {
                let arg = |k: &str| e["args"][k].as_str().unwrap_or_default().to_string();
                (arg("path"), arg("old_str"), arg("new_str"))
            })
            .collect();
        let read_edits: Vec<(String, String, String)> = trajectory
            .steps
            .iter()
            .filter_map(|s| s.edit.as_ref())
            .map(|e| (e.path.clone(), e.before.clone(), e.after.clone()))
            .collect();
        assert_eq!(read_edits, source_edits);
        if let Some(step) = trajectory.steps.iter().find(|s| s.edit.is_some()) {
            assert_eq!(
                step.action,
                format!("str_replace {}", step.edit.as_ref().unwrap().path),
                "the command and the file, not the command alone"
            );
        }
    }
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "import",
        path.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "oh",
        "--dataset",
        "multi-swe-bench",
        "--new-dataset",
    ]);
    let run: Run = read_json(&data.join("runs/oh.json"));
    assert_eq!(run.results.len(), lines.len());
    assert!(run.results.iter().all(|r| r.trajectory.is_some()));
    // Dated by the day of its first event (timestamps without a zone, read as UTC): the earliest
    // of each trajectory's, found here by comparing the text.
    let first_event = |line: &Value| -> Option<String> {
        let history = line["history"].as_array()?;
        history
            .iter()
            .filter_map(|e| e["timestamp"].as_str())
            .min()
            .map(|t| t[..10].to_string())
    };
    for (trajectory, line) in trajectories.iter().zip(&lines) {
        assert_eq!(trajectory.date, first_event(line), "{}", trajectory.instance_id);
    }
    assert_eq!(run.date, lines.iter().filter_map(first_event).min());
    assert!(run.date.is_some());
}

/// A session's events as OpenHands saves them alone (`--save-trajectory-path`: `json.dump` of the
/// event list, indented by 4), published as `trajs/<instance>.json`: the same steps as the same
/// events in the evaluation's `output.jsonl`, the instance from the file's name, no patch.
#[test]
fn openhands_events_saved_alone_read_as_the_same_steps() {
    let Some(real) = realdata() else { return };
    let output = real.join("trajectories_formats/openhands_multi_swe_bench_output.jsonl");
    let text = std::fs::read_to_string(&output).unwrap();
    let line: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let id = line["instance_id"].as_str().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let trajs = tmp.path().join("trajs");
    std::fs::create_dir(&trajs).unwrap();
    let saved = trajs.join(format!("{id}.json"));
    let mut indented = serde_json::Serializer::with_formatter(Vec::new(), serde_json::ser::PrettyFormatter::with_indent(b"    "));
    serde::Serialize::serialize(&line["history"], &mut indented).unwrap();
    std::fs::write(&saved, indented.into_inner()).unwrap();

    let alone = read_one(&saved);
    let in_output = read_file(&output).unwrap().remove(0);
    assert_eq!((alone.format.as_str(), alone.instance_id.as_str()), ("openhands-trajectory", id));
    assert_eq!(alone.steps, in_output.steps, "the same events, the same steps");
    assert_eq!((alone.task.is_some(), alone.seconds), (true, in_output.seconds));
    assert_eq!(alone.submission, None, "the events hold no patch");

    let run = import_submission(tmp.path(), &tmp.path().join("data"));
    let [result] = run.results.as_slice() else {
        panic!("{:?}", run.results)
    };
    assert!(!result.empty_patch, "its patch is unknown, not empty");
    assert_eq!(result.trajectory.as_ref().map(|t| t.steps), Some(alone.steps.len()));
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
    // The run's model is the one most files name (a few of this run's name it with an `@`
    // before it); the note says how many name another.
    let mut models = std::collections::BTreeMap::<String, usize>::new();
    for result in &run.results {
        let id = &result.instance_id;
        let info = &raw(&folder.join(format!("trajs/{id}/{id}.traj.json")))["info"];
        *models
            .entry(info["config"]["model"]["model_name"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    let (most, count) = models.iter().max_by_key(|(_, n)| **n).unwrap();
    assert!(2 * count > run.results.len());
    assert_eq!(run.system.model.as_deref(), Some(most.as_str()));
    let info = &raw(&folder.join(format!("trajs/{0}/{0}.traj.json", first.instance_id)))["info"];
    assert_eq!(
        run.system.scaffold,
        Some(format!("mini-swe-agent {}", info["mini_version"].as_str().unwrap()))
    );
    if models.len() > 1 {
        let note = format!(
            "the run's model is {most}, named by {count} of the {} trajectories that name a model;",
            run.results.len()
        );
        assert!(run.notes.iter().any(|n| n.starts_with(&note)), "{:?}", run.notes);
    }
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

/// A Harbor job's trial, its `trajectory.json` written as the ATIF RFC (v1.4) specifies: a user
/// step, an agent step calling two tools answered by `source_call_id`, an agent step answering
/// without tools, per-step metrics and the final metrics.
fn atif_trajectory() -> Value {
    serde_json::json!({
        "schema_version": "ATIF-v1.4",
        "session_id": "3f1c",
        "agent": {"name": "terminus-2", "version": "1.0", "model_name": "anthropic/claude-sonnet-4"},
        "steps": [
            {"step_id": 1, "source": "system", "message": "You are an agent."},
            {"step_id": 2, "source": "user", "message": "Fix UsernameValidator."},
            {"step_id": 3, "source": "agent", "message": "Find it first.", "reasoning_content": "The validator lives in auth.",
             "tool_calls": [
                {"tool_call_id": "c1", "function_name": "bash", "arguments": {"command": "grep -rn UsernameValidator django/contrib/auth"}},
                {"tool_call_id": "c2", "function_name": "view", "arguments": {"path": "django/contrib/auth/validators.py"}}
             ],
             "observation": {"results": [
                {"source_call_id": "c2", "content": "class UnicodeUsernameValidator: ..."},
                {"source_call_id": "c1", "content": "validators.py:9: class ASCIIUsernameValidator"}
             ]},
             "metrics": {"prompt_tokens": 1200, "completion_tokens": 80, "cost_usd": 0.0031}},
            {"step_id": 4, "source": "agent", "message": "Changed the regex to \\A...\\Z.",
             "metrics": {"prompt_tokens": 1500, "completion_tokens": 20, "cost_usd": 0.004}}
        ],
        "final_metrics": {"total_prompt_tokens": 2700, "total_completion_tokens": 100, "total_cost_usd": 0.0071, "total_steps": 4}
    })
}

#[test]
fn harbor_atif_trajectories_are_read_as_the_rfc_writes_them_and_named_by_their_trial() {
    let tmp = tempfile::tempdir().unwrap();
    let trial = tmp.path().join("jobs/2025-11-01/django__django-11099__AbC12xy/agent");
    std::fs::create_dir_all(&trial).unwrap();
    std::fs::write(trial.join("trajectory.json"), atif_trajectory().to_string()).unwrap();
    let trajectory = read_one(&trial.join("trajectory.json"));
    assert_eq!(
        (trajectory.format.as_str(), trajectory.instance_id.as_str()),
        ("atif", "django__django-11099")
    );
    assert_eq!(trajectory.task.as_deref(), Some("Fix UsernameValidator."));
    assert_eq!(
        (trajectory.agent.as_deref(), trajectory.model.as_deref()),
        (Some("terminus-2 1.0"), Some("anthropic/claude-sonnet-4"))
    );
    let steps = common::tool_action_observation(&trajectory);
    assert_eq!(
        steps,
        [
            (
                Some("bash"),
                "grep -rn UsernameValidator django/contrib/auth",
                "validators.py:9: class ASCIIUsernameValidator"
            ),
            (
                Some("view"),
                r#"{"path":"django/contrib/auth/validators.py"}"#,
                "class UnicodeUsernameValidator: ..."
            ),
            (None, "", ""),
        ]
    );
    assert_eq!(trajectory.steps[0].thought, "The validator lives in auth.\n\nFind it first.");
    assert_eq!(
        (
            trajectory.steps[0].tokens_in,
            trajectory.steps[0].tokens_out,
            trajectory.steps[0].cost
        ),
        (Some(1200), Some(80), Some(0.0031))
    );
    assert_eq!(trajectory.steps[1].tokens_in, None, "a step's metrics go on its first call");
    assert_eq!(
        (trajectory.tokens_in, trajectory.tokens_out, trajectory.cost),
        (Some(2700), Some(100), Some(0.0071))
    );
    // Without final metrics the steps' are summed; `extra.instance_id` names the instance.
    let mut bare = atif_trajectory();
    bare.as_object_mut().unwrap().remove("final_metrics");
    bare["extra"] = serde_json::json!({"instance_id": "astropy__astropy-12907"});
    let elsewhere = tmp.path().join("elsewhere/trajectory.json");
    std::fs::create_dir_all(elsewhere.parent().unwrap()).unwrap();
    std::fs::write(&elsewhere, bare.to_string()).unwrap();
    let summed = read_one(&elsewhere);
    assert_eq!(summed.instance_id, "astropy__astropy-12907");
    assert_eq!((summed.tokens_in, summed.tokens_out), (Some(2700), Some(100)));
    assert!((summed.cost.unwrap() - 0.0071).abs() < 1e-12);
    // A job folder imports as a run, one trajectory per trial.
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "import",
        tmp.path().join("jobs").to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "harbor",
        "--dataset",
        "swe-bench-verified",
        "--new-dataset",
    ]);
    let run: Run = read_json(&data.join("runs/harbor.json"));
    assert_eq!(
        run.results.iter().map(|r| r.instance_id.as_str()).collect::<Vec<_>>(),
        ["django__django-11099"]
    );
    assert_eq!(run.results[0].trajectory.as_ref().unwrap().steps, 3);
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
