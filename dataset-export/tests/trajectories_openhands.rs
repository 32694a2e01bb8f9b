//! OpenHands' trajectories read from the real published files: its evaluation's `output.jsonl`, a
//! trajectory a line, and a session's events saved alone.

mod common;

use benchscope_cli::trajectories::read_file;
use benchscope_contract::Run;
use common::{benchscope_ok, import_submission, read_json, read_one, realdata};
use serde_json::Value;

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
