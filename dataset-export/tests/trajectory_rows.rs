//! Trajectories published as a dataset's rows, written here as SWE-smith publishes its
//! `SWE-smith-trajectories` on the hub (Parquet: `messages` a list of `{content, role}`, with
//! `instance_id`, `resolved`, `model`, `traj_id`, `patch`), their calls written into the
//! messages' text as SWE-agent's XML function calling writes them.

mod common;

use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::Run;
use common::{benchscope, benchscope_ok, exported_dataset_d, python, read_json};

const ROWS: &str = r#"
import sys, json, pyarrow as pa, pyarrow.parquet as pq
patch = "diff --git a/calc.py b/calc.py\n--- a/calc.py\n+++ b/calc.py\n@@ -1 +1 @@\n-a - b\n+a + b\n"
fix = [
    {"role": "system", "content": "You are a helpful assistant."},
    {"role": "user", "content": "<uploaded_files>\n/testbed\n</uploaded_files>\nadd() subtracts."},
    {"role": "assistant", "content": "Let me find it.\n\n<function=bash>\n<parameter=command>grep -n 'a - b' /testbed/calc.py</parameter>\n</function>"},
    {"role": "user", "content": "OBSERVATION:\n1:a - b"},
    {"role": "assistant", "content": "Fix it.\n\n<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n<parameter=path>/testbed/calc.py</parameter>\n<parameter=old_str>a - b</parameter>\n<parameter=new_str>a + b</parameter>\n</function>"},
    {"role": "user", "content": "OBSERVATION:\nThe file /testbed/calc.py has been edited."},
    {"role": "assistant", "content": "Done.\n\n<function=submit>\n</function>"},
]
short = [{"role": "user", "content": "add() subtracts."}, {"role": "assistant", "content": "I cannot."}]
rows = [
    {"messages": fix, "instance_id": "o__r-1", "resolved": True, "model": "claude-3-7-sonnet", "traj_id": "o__r-1.a1", "patch": patch},
    {"messages": short, "instance_id": "o__r-2", "resolved": False, "model": "claude-3-7-sonnet", "traj_id": "o__r-2.a1", "patch": ""},
    {"messages": short, "instance_id": "o__r-1", "resolved": False, "model": "claude-3-7-sonnet", "traj_id": "o__r-1.a2", "patch": ""},
    {"messages": short, "instance_id": "o__r-1", "resolved": False, "model": "gpt-4o", "traj_id": "o__r-1.b1", "patch": ""},
]
pq.write_table(pa.Table.from_pylist(rows), sys.argv[1])
"#;

/// A Parquet file of two models' trajectories: a run per model, each row's `resolved` its
/// verdict and `patch` its model patch (as written), each call in the text a step, the second
/// trajectory of an instance counted and left out.
#[test]
fn a_table_of_trajectories_is_a_run_per_model() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let file = tmp.path().join("train-00000-of-00007.parquet");
    python(ROWS, &[file.to_str().unwrap()]);
    benchscope_ok(&["import", file.to_str().unwrap(), "--data", data.to_str().unwrap(), "--dataset", "d"]);

    let claude: Run = read_json(&data.join("runs/claude-3-7-sonnet.json"));
    assert!(
        claude
            .notes
            .iter()
            .any(|n| n == "1 more trajectory of instances already read; the first of each is kept"),
        "{:?}",
        claude.notes
    );
    assert_eq!(claude.system.model.as_deref(), Some("claude-3-7-sonnet"));
    let verdicts: Vec<(&str, Option<bool>)> = claude.results.iter().map(|r| (r.instance_id.as_str(), r.resolved)).collect();
    assert_eq!(verdicts, [("o__r-1", Some(true)), ("o__r-2", Some(false))]);
    let gpt: Run = read_json(&data.join("runs/gpt-4o.json"));
    assert_eq!(gpt.results.len(), 1);

    let result = &claude.results[0];
    let stored: Trajectory = read_json(&data.join(&result.trajectory.as_ref().unwrap().path));
    assert_eq!(stored.format, "chat messages");
    assert_eq!(
        stored.submission.as_deref(),
        Some("diff --git a/calc.py b/calc.py\n--- a/calc.py\n+++ b/calc.py\n@@ -1 +1 @@\n-a - b\n+a + b\n")
    );
    let steps = common::tool_action_observation(&stored);
    assert_eq!(
        steps,
        [
            (Some("bash"), "grep -n 'a - b' /testbed/calc.py", "1:a - b"),
            (
                Some("str_replace_editor"),
                "str_replace /testbed/calc.py",
                "The file /testbed/calc.py has been edited."
            ),
            (Some("submit"), "", ""),
        ]
    );
    let edit = stored.steps[1].edit.as_ref().expect("the edit is read as one");
    assert_eq!((edit.before.as_str(), edit.after.as_str()), ("a - b", "a + b"));
    assert_eq!(stored.steps[0].thought, "Let me find it.");
}

/// nebius' `SWE-agent-trajectories` rows (`model_name`, `target`, `generated_patch`, and
/// SWE-agent's classic conversation as `trajectory`, shaped as a published row is): each `ai`
/// message's last block is a step's command, its answer without the shell prompt the
/// observation, and an `edit` of lines the agent was shown a diff.
#[test]
fn swe_agent_conversations_as_rows_are_read_as_its_steps() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let prompt = "\n\n(Open file: /r/calc.py)\n(Current directory: /r)\nbash-$";
    let item = |role: &str, text: &str| serde_json::json!({"cutoff_date": null, "mask": role == "ai", "role": role, "system_prompt": null, "text": text});
    let row = serde_json::json!({
        "instance_id": "o__r-1", "model_name": "swe-agent-llama-70b", "target": true, "exit_status": "submitted",
        "generated_patch": "diff --git a/calc.py b/calc.py\n", "eval_logs": "...",
        "trajectory": [
            {"cutoff_date": "01.01.2023", "mask": false, "role": "system", "system_prompt": "SETTING: ...", "text": null},
            item("user", &format!("ISSUE:\nadd() subtracts{prompt}")),
            item("ai", "Let me open the file.\n\n```\nopen calc.py\n```"),
            item("user", &format!("[File: /r/calc.py (2 lines total)]\n1:def add(a, b):\n2:    return a - b{prompt}")),
            item("ai", "DISCUSSION\nLine 2 subtracts.\n\n```\nedit 2:2\n    return a + b\nend_of_edit\n```"),
            item("user", &format!("[File: /r/calc.py (2 lines total)]\n1:def add(a, b):\n2:    return a + b\nFile updated.{prompt}")),
            item("ai", "Done.\n\n```\nsubmit\n```"),
        ],
    });
    let file = tmp.path().join("nebius.jsonl");
    std::fs::write(&file, format!("{row}\n")).unwrap();
    benchscope_ok(&["import", file.to_str().unwrap(), "--data", data.to_str().unwrap(), "--dataset", "d"]);
    let run: Run = read_json(&data.join("runs/swe-agent-llama-70b.json"));
    assert_eq!(run.results[0].resolved, Some(true));
    let stored: Trajectory = read_json(&data.join(&run.results[0].trajectory.as_ref().unwrap().path));
    assert_eq!(stored.format, "swe-agent conversation");
    assert_eq!(stored.exit_status.as_deref(), Some("submitted"));
    assert_eq!(stored.task.as_deref(), Some(format!("ISSUE:\nadd() subtracts{prompt}").as_str()));
    let steps: Vec<(&str, &str)> = stored.steps.iter().map(|s| (s.thought.as_str(), s.action.as_str())).collect();
    assert_eq!(
        steps,
        [
            ("Let me open the file.", "open calc.py"),
            ("Line 2 subtracts.", "edit 2:2\n    return a + b\nend_of_edit"),
            ("Done.", "submit"),
        ]
    );
    assert!(
        stored.steps[0].observation.ends_with("2:    return a - b"),
        "{}",
        stored.steps[0].observation
    );
    let edit = stored.steps[1].edit.as_ref().expect("the edit of a line it was shown");
    assert_eq!(
        (edit.path.as_str(), edit.before.as_str(), edit.after.as_str()),
        ("/r/calc.py", "    return a - b\n", "    return a + b\n")
    );
}

/// SWE-Gym's OpenHands trajectories (`run_id`, `resolved`, chat messages with tool calls answered
/// by `tool` messages, `test_result.git_patch`): a row naming no model is the file's run, its
/// patch the test result's, each call a step whose answer loses its `OBSERVATION:` label.
#[test]
fn openhands_rows_with_tool_calls_are_the_files_run() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let call = |id: &str, name: &str, arguments: &str| serde_json::json!({"id": id, "index": 0, "type": "function", "function": {"name": name, "arguments": arguments}});
    let patch = "diff --git a/calc.py b/calc.py\n--- a/calc.py\n+++ b/calc.py\n@@ -1 +1 @@\n-a - b\n+a + b\n";
    let row = serde_json::json!({
        "instance_id": "o__r-1", "run_id": "gpt-4o-2024-08-06_maxiter_30_N_v2.1-no-hint-train-t0-run_1", "resolved": true,
        "messages": [
            {"role": "system", "content": "You are a helpful assistant."},
            {"role": "user", "content": "<uploaded_files>\n/workspace/o__r__1.0\n</uploaded_files>"},
            {"role": "assistant", "content": "", "tool_calls": [call("toolu_1", "str_replace_editor", r#"{"command": "view", "path": "/workspace/o__r__1.0/calc.py"}"#)]},
            {"role": "tool", "content": "OBSERVATION:\n     1\ta - b", "tool_call_id": "toolu_1", "name": "str_replace_editor"},
            {"role": "assistant", "content": "Run it.", "tool_calls": [call("toolu_2", "execute_bash", r#"{"command": "python calc.py"}"#)]},
            {"role": "tool", "content": "OBSERVATION:\nok", "tool_call_id": "toolu_2", "name": "execute_bash"},
        ],
        "tools": [{"type": "function", "function": {"name": "execute_bash"}}],
        "test_result": {"apply_patch_output": "", "git_patch": patch, "report": {"resolved": true}, "test_output": ""},
    });
    let file = tmp.path().join("openhands-sampled.jsonl");
    std::fs::write(&file, format!("{row}\n")).unwrap();
    benchscope_ok(&["import", file.to_str().unwrap(), "--data", data.to_str().unwrap(), "--dataset", "d"]);
    let run: Run = read_json(&data.join("runs/openhands-sampled.json"));
    assert_eq!(run.results[0].resolved, Some(true));
    let stored: Trajectory = read_json(&data.join(&run.results[0].trajectory.as_ref().unwrap().path));
    assert_eq!(stored.submission.as_deref(), Some(patch));
    let steps = common::tool_action_observation(&stored);
    assert_eq!(
        steps,
        [
            (Some("str_replace_editor"), "view /workspace/o__r__1.0/calc.py", "     1\ta - b"),
            (Some("execute_bash"), "python calc.py", "ok"),
        ]
    );
}

/// A row that is not a trajectory (no messages, a line that is not JSON) is passed over and
/// counted in one warning; the others are read.
#[test]
fn rows_that_are_not_trajectories_are_passed_over_and_counted() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let good = serde_json::json!({"instance_id": "o__r-1", "resolved": true, "model": "m",
        "messages": [{"role": "user", "content": "fix"}, {"role": "assistant", "content": "done"}]});
    let file = tmp.path().join("rows.jsonl");
    std::fs::write(
        &file,
        format!("{good}\n{{\"instance_id\": \"o__r-2\", \"resolved\": false}}\nnot json\n"),
    )
    .unwrap();
    benchscope_ok(&["import", file.to_str().unwrap(), "--data", data.to_str().unwrap(), "--dataset", "d"]);
    let run: Run = read_json(&data.join("runs/m.json"));
    assert_eq!(run.results.len(), 1);
    let warning = run
        .notes
        .iter()
        .find(|n| n.starts_with("2 rows passed over: "))
        .unwrap_or_else(|| panic!("{:?}", run.notes));
    assert!(warning.contains("line 2: no instance_id and messages list"), "{warning}");
}

/// `--run` names the one run a file holds; a file of several models' trajectories is refused
/// with it, naming two of them, and nothing is stored.
#[test]
fn one_run_name_for_several_models_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let file = tmp.path().join("rows.parquet");
    python(ROWS, &[file.to_str().unwrap()]);
    let out = benchscope(&[
        "import",
        file.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "d",
        "--run",
        "mine",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("holds the trajectories of more than one model (claude-3-7-sonnet, gpt-4o)"),
        "{stderr}"
    );
    assert!(!data.join("runs/mine.json").exists());
}
