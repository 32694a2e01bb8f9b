//! Coding agents' transcripts imported as a run: Claude Code's (a folder of them, named by
//! instance or a session file in an instance's folder; one given alone; one cut off mid-line),
//! Codex's, Gemini CLI's, Qwen Code's and Cursor CLI's (their own files too), written here in the shapes they write (`claude -p --output-format
//! stream-json --verbose` and Claude Code's session files; `codex exec --json`; `gemini
//! --output-format stream-json`).

mod common;

use std::path::Path;

use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::Run;
use common::{benchscope, benchscope_ok, exported_dataset_d, read_json};
use serde_json::{json, Value};

/// A stream-json transcript of a session that reads a file, edits it and says it is done.
fn stream_json(file: &str) -> String {
    let usage = json!({"input_tokens": 4, "cache_read_input_tokens": 96, "output_tokens": 10});
    let assistant = |id: &str, block: Value| {
        json!({"type": "assistant", "message": {"id": id, "role": "assistant", "model": "claude-sonnet-4-5", "content": [block], "usage": usage},
               "parent_tool_use_id": null, "session_id": "s", "timestamp": "2026-09-18T15:07:28Z"})
    };
    let answer = |call: &str, text: &str| {
        json!({"type": "user", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call, "content": text}]},
               "parent_tool_use_id": null, "session_id": "s", "timestamp": "2026-09-18T15:07:40Z"})
    };
    lines(&[
        json!({"type": "system", "subtype": "init", "session_id": "s", "model": "claude-sonnet-4-5", "claude_code_version": "2.1.276", "tools": ["Bash", "Edit", "Read"]}),
        assistant("m1", json!({"type": "text", "text": "Reading the module first."})),
        assistant(
            "m1",
            json!({"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": file}}),
        ),
        answer("t1", "1\tdef f():\n2\t    return 1\n"),
        assistant(
            "m2",
            json!({"type": "tool_use", "id": "t2", "name": "Edit", "input": {"file_path": file, "old_string": "return 1", "new_string": "return 2"}}),
        ),
        answer("t2", "The file has been updated."),
        assistant("m3", json!({"type": "text", "text": "Done."})),
        json!({"type": "result", "subtype": "success", "is_error": false, "duration_ms": 12000, "result": "Done.", "session_id": "s", "total_cost_usd": 0.25,
               "usage": {"input_tokens": 12, "cache_read_input_tokens": 288, "output_tokens": 30}}),
    ])
}

/// A session file of `~/.claude/projects/`: a summary, then the prompt and one command.
fn session_file() -> String {
    lines(&[
        json!({"type": "summary", "summary": "Run the tests", "leafUuid": "u1"}),
        json!({"type": "user", "sessionId": "s2", "version": "1.0.61", "message": {"role": "user", "content": "Run the tests."}, "timestamp": "2025-08-01T10:00:00Z"}),
        json!({"type": "assistant", "sessionId": "s2", "message": {"id": "m1", "model": "claude-opus-4-1", "content": [{"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "python -m pytest -q"}}]}, "timestamp": "2025-08-01T10:00:05Z"}),
        json!({"type": "user", "sessionId": "s2", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "3 passed"}]}, "timestamp": "2025-08-01T10:00:09Z"}),
    ])
}

/// A subagent's own file: every line on the session's side chain.
fn subagent_file() -> String {
    lines(&[
        json!({"parentUuid": null, "isSidechain": true, "userType": "external", "sessionId": "s2", "agentId": "a89e48b", "version": "2.1.12", "type": "user",
               "message": {"role": "user", "content": "Find the callers."}, "timestamp": "2025-08-01T10:00:06Z"}),
        json!({"parentUuid": "u1", "isSidechain": true, "sessionId": "s2", "agentId": "a89e48b", "type": "assistant",
               "message": {"id": "m9", "model": "claude-haiku-4-5", "content": [{"type": "text", "text": "Called from two places."}]}, "timestamp": "2025-08-01T10:00:07Z"}),
    ])
}

fn lines(lines: &[Value]) -> String {
    lines.iter().map(|line| format!("{line}\n")).collect()
}

fn import(source: &Path, data: &Path, run: &str) -> std::process::Output {
    benchscope(&[
        "import",
        source.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "d",
        "--run",
        run,
    ])
}

#[test]
fn a_folder_of_transcripts_is_a_run_of_their_steps_with_no_patch_made_up() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2", "o__r-3"]);
    let folder = tmp.path().join("claude-code-run");
    std::fs::create_dir_all(folder.join("o__r-2")).unwrap();
    std::fs::write(folder.join("o__r-1.jsonl"), stream_json("/testbed/r/f.py")).unwrap();
    std::fs::write(folder.join("o__r-2/8d45afe0-771b-4803-8379-491dd9455365.jsonl"), session_file()).unwrap();
    // Beside them, JSON Lines that are no transcript, and a subagent's own file (Claude Code 2.1
    // keeps it under the session's `subagents/`): left alone, the second part of its session's.
    std::fs::write(folder.join("preds.jsonl"), "{\"instance_id\": \"o__r-1\", \"model_patch\": \"\"}\n").unwrap();
    let subagents = folder.join("o__r-2/8d45afe0-771b-4803-8379-491dd9455365/subagents");
    std::fs::create_dir_all(&subagents).unwrap();
    std::fs::write(subagents.join("agent-a89e48b.jsonl"), subagent_file()).unwrap();
    let output = import(&folder, &data, "claude");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let run: Run = read_json(&data.join("runs/claude.json"));
    // The two sessions ran different versions and models: the run names neither, and says so.
    assert_eq!(run.system.scaffold, None);
    assert!(
        run.notes
            .iter()
            .any(|n| n.contains("1 names Claude Code 1.0.61, 1 names Claude Code 2.1.276")),
        "{:?}",
        run.notes
    );
    let ids: Vec<&str> = run.results.iter().map(|r| r.instance_id.as_str()).collect();
    assert_eq!(ids, ["o__r-1", "o__r-2"]);
    for result in &run.results {
        assert!(
            !result.empty_patch,
            "{}: a transcript holds no patch, which is unknown, not empty",
            result.instance_id
        );
        assert_eq!(result.resolved, None, "no verdict is made up");
    }
    let first = &run.results[0];
    let stored: Trajectory = read_json(&data.join(&first.trajectory.as_ref().unwrap().path));
    assert_eq!(stored.format, "claude-code");
    assert_eq!(stored.cost, Some(0.25));
    let actions: Vec<&str> = stored.steps.iter().map(|s| s.action.as_str()).collect();
    assert_eq!(actions, ["Read /testbed/r/f.py", "Edit /testbed/r/f.py", ""]);
    assert_eq!(stored.steps[1].edit.as_ref().map(|e| e.after.as_str()), Some("return 2"));
    let facts = &first.trajectory.as_ref().unwrap();
    assert_eq!(facts.files_edited, ["/testbed/r/f.py"]);
    assert_eq!(facts.files_opened, ["/testbed/r/f.py"], "a Read call opens its file");
    let second: Trajectory = read_json(&data.join(&run.results[1].trajectory.as_ref().unwrap().path));
    assert_eq!(second.task.as_deref(), Some("Run the tests."));
    assert_eq!(second.steps[0].observation, "3 passed");
    assert!(run.results[1].trajectory.as_ref().unwrap().ran_tests);
}

/// What `claude -p --output-format json --verbose` prints, saved per instance: the events as one
/// JSON array; a folder of them is a run, as of their JSON Lines.
#[test]
fn a_folder_of_event_arrays_is_a_run_as_of_their_lines() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let folder = tmp.path().join("claude-json");
    std::fs::create_dir_all(&folder).unwrap();
    for instance in ["o__r-1", "o__r-2"] {
        let events: Vec<Value> = stream_json("/testbed/r/f.py")
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        std::fs::write(folder.join(format!("{instance}.json")), serde_json::to_string(&events).unwrap()).unwrap();
    }
    // Beside them, a JSON array that is no transcript.
    std::fs::write(folder.join("preds.json"), r#"[{"instance_id": "o__r-1", "model_patch": ""}]"#).unwrap();
    let output = import(&folder, &data, "claude-json");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let run: Run = read_json(&data.join("runs/claude-json.json"));
    let ids: Vec<&str> = run.results.iter().map(|r| r.instance_id.as_str()).collect();
    assert_eq!(ids, ["o__r-1", "o__r-2"]);
    let stored: Trajectory = read_json(&data.join(&run.results[1].trajectory.as_ref().unwrap().path));
    assert_eq!((stored.format.as_str(), stored.cost), ("claude-code", Some(0.25)));
    let actions: Vec<&str> = stored.steps.iter().map(|s| s.action.as_str()).collect();
    assert_eq!(actions, ["Read /testbed/r/f.py", "Edit /testbed/r/f.py", ""]);
}

/// `cursor-agent -p --output-format stream-json`, saved per instance: its calls on lines of their
/// own, read as steps (before, the file read as Claude Code's, its words alone).
#[test]
fn a_folder_of_cursor_transcripts_is_a_run_of_their_calls() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let folder = tmp.path().join("cursor-run");
    std::fs::create_dir_all(&folder).unwrap();
    let call = |subtype: &str, body: Value| json!({"type": "tool_call", "subtype": subtype, "call_id": "c1", "tool_call": body, "session_id": "s"});
    let transcript = lines(&[
        json!({"type": "system", "subtype": "init", "apiKeySource": "login", "cwd": "/testbed", "session_id": "s", "model": "GPT-5", "permissionMode": "default"}),
        json!({"type": "user", "message": {"role": "user", "content": [{"type": "text", "text": "Run the tests."}]}, "session_id": "s"}),
        call("started", json!({"shellToolCall": {"args": {"command": "python -m pytest -q"}}})),
        call(
            "completed",
            json!({"shellToolCall": {"args": {"command": "python -m pytest -q"}, "result": {"success": {"exitCode": 0, "stdout": "3 passed"}}}}),
        ),
        json!({"type": "result", "subtype": "success", "duration_ms": 5000, "is_error": false, "result": "Done.", "session_id": "s"}),
    ]);
    std::fs::write(folder.join("o__r-1.jsonl"), transcript).unwrap();
    let output = import(&folder, &data, "cursor");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let run: Run = read_json(&data.join("runs/cursor.json"));
    assert_eq!(
        (run.system.scaffold.as_deref(), run.system.model.as_deref()),
        (Some("Cursor CLI"), Some("GPT-5"))
    );
    let facts = run.results[0].trajectory.as_ref().expect("its trajectory");
    assert!(facts.ran_tests);
    assert!(!run.results[0].empty_patch, "a transcript holds no patch");
    let stored: Trajectory = read_json(&data.join(&facts.path));
    assert_eq!(
        (stored.steps[0].action.as_str(), stored.steps[0].observation.as_str()),
        ("python -m pytest -q", "3 passed")
    );
}

#[test]
fn one_transcript_given_alone_is_its_folders_run() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let folder = tmp.path().join("20260918_claude-code");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("o__r-1.jsonl");
    std::fs::write(&file, stream_json("/testbed/r/f.py")).unwrap();
    benchscope_ok(&["import", file.to_str().unwrap(), "--data", data.to_str().unwrap(), "--dataset", "d"]);
    let run: Run = read_json(&data.join("runs/20260918_claude-code.json"));
    assert_eq!(run.results.len(), 1);
    assert_eq!(run.date.as_deref(), Some("2026-09-18"));
    assert_eq!(run.system.scaffold.as_deref(), Some("Claude Code 2.1.276"));
    assert_eq!(run.system.model.as_deref(), Some("claude-sonnet-4-5"));
}

#[test]
fn a_subagents_file_given_alone_is_refused_naming_its_sessions() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let file = tmp.path().join("agent-a89e48b.jsonl");
    std::fs::write(&file, subagent_file()).unwrap();
    let output = import(&file, &data, "sub");
    assert!(!output.status.success(), "nothing of a run in it");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("a Claude Code subagent's transcript"), "{stderr}");
    assert!(stderr.contains("import the session's file"), "{stderr}");
}

#[test]
fn a_transcript_cut_off_mid_line_keeps_its_steps_and_says_where_it_broke() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let folder = tmp.path().join("run");
    std::fs::create_dir_all(&folder).unwrap();
    let whole = stream_json("/testbed/r/f.py");
    let cut = &whole[..whole.find("\"m3\"").unwrap()];
    std::fs::write(folder.join("o__r-1.jsonl"), cut).unwrap();
    let output = import(&folder, &data, "cut");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("o__r-1.jsonl: line 7 breaks off"), "{stderr}");
    let run: Run = read_json(&data.join("runs/cut.json"));
    let stored: Trajectory = read_json(&data.join(&run.results[0].trajectory.as_ref().unwrap().path));
    assert_eq!(stored.steps.len(), 2, "the two calls before the break");
}

/// `codex exec --json`'s lines for a session that runs the tests and changes a file.
fn codex_transcript() -> String {
    let completed = |item: Value| json!({"type": "item.completed", "item": item});
    lines(&[
        json!({"type": "thread.started", "thread_id": "019d7c51-7fce-7053-a839-7ef9b554ddb6"}),
        json!({"type": "turn.started"}),
        completed(json!({"id": "item_0", "type": "agent_message", "text": "Running the tests."})),
        completed(
            json!({"id": "item_1", "type": "command_execution", "command": "bash -lc 'python -m pytest -q'", "aggregated_output": "1 failed", "exit_code": 1, "status": "completed"}),
        ),
        completed(
            json!({"id": "item_2", "type": "file_change", "changes": [{"path": "/testbed/r/f.py", "kind": "update"}], "status": "completed"}),
        ),
        completed(json!({"id": "item_3", "type": "agent_message", "text": "Fixed."})),
        json!({"type": "turn.completed", "usage": {"input_tokens": 2000, "cached_input_tokens": 1500, "output_tokens": 90}}),
    ])
}

#[test]
fn a_folder_of_codex_transcripts_is_a_run_of_their_steps() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let folder = tmp.path().join("20260920_codex");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("o__r-1.jsonl"), codex_transcript()).unwrap();
    let output = import(&folder, &data, "codex");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let run: Run = read_json(&data.join("runs/codex.json"));
    assert_eq!(run.system.scaffold.as_deref(), Some("Codex"));
    let result = &run.results[0];
    assert!(!result.empty_patch, "the patch is unknown, not empty");
    let facts = result.trajectory.as_ref().unwrap();
    assert!(facts.ran_tests, "the command is read out of its login shell: {:?}", facts.tools);
    assert_eq!(facts.exit_status.as_deref(), Some("completed"));
    assert_eq!(facts.files_edited, ["/testbed/r/f.py"], "the file change's file");
    let stored: Trajectory = read_json(&data.join(&facts.path));
    assert_eq!(stored.format, "codex");
    assert_eq!(stored.steps[0].thought, "Running the tests.");
    assert_eq!(stored.steps[0].action, "python -m pytest -q");
    assert_eq!(stored.steps[1].action, "update /testbed/r/f.py");
    assert_eq!((stored.tokens_in, stored.tokens_out), (Some(2000), Some(90)));
}

/// A session file Codex keeps under `~/.codex/sessions/`: the prompt, a test run and a patch.
fn codex_session_file() -> String {
    let item = |at: &str, payload: Value| json!({"timestamp": at, "type": "response_item", "payload": payload});
    let patch = "*** Begin Patch\n*** Update File: /testbed/r/f.py\n@@\n-    return 1\n+    return 2\n*** End Patch\n";
    lines(&[
        json!({"timestamp": "2026-03-04T00:53:03Z", "type": "session_meta", "payload": {"id": "019cb655-7826-7080-b375-f4bd0ec83d54", "cwd": "/testbed", "cli_version": "0.98.0"}}),
        json!({"timestamp": "2026-03-04T00:53:03Z", "type": "event_msg", "payload": {"type": "user_message", "message": "Make f return 2."}}),
        json!({"timestamp": "2026-03-04T00:53:03Z", "type": "turn_context", "payload": {"model": "gpt-5.3-codex"}}),
        item(
            "2026-03-04T00:53:05Z",
            json!({"type": "function_call", "name": "exec_command", "arguments": "{\"cmd\":\"python -m pytest -q\"}", "call_id": "c1"}),
        ),
        item(
            "2026-03-04T00:53:08Z",
            json!({"type": "function_call_output", "call_id": "c1", "output": "Exit code: 1\nWall time: 2.1 seconds\nOutput:\n1 failed\n"}),
        ),
        item(
            "2026-03-04T00:53:09Z",
            json!({"type": "custom_tool_call", "name": "apply_patch", "call_id": "c2", "input": patch}),
        ),
        item(
            "2026-03-04T00:53:09Z",
            json!({"type": "custom_tool_call_output", "call_id": "c2", "output": "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess.\n"}),
        ),
        json!({"timestamp": "2026-03-04T00:53:10Z", "type": "event_msg", "payload": {"type": "token_count", "info": {"total_token_usage": {"input_tokens": 3000, "cached_input_tokens": 2000, "output_tokens": 120}}}}),
        json!({"timestamp": "2026-03-04T00:53:10Z", "type": "event_msg", "payload": {"type": "task_complete"}}),
    ])
}

#[test]
fn codex_session_files_filed_by_date_are_a_run_named_by_their_instances() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let folder = tmp.path().join("codex-sessions");
    for instance in ["o__r-1", "o__r-2"] {
        let day = folder.join(instance).join("sessions/2026/03/04");
        std::fs::create_dir_all(&day).unwrap();
        let name = "rollout-2026-03-04T00-53-03-019cb655-7826-7080-b375-f4bd0ec83d54.jsonl";
        std::fs::write(day.join(name), codex_session_file()).unwrap();
    }
    let output = import(&folder, &data, "codex-sessions");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let run: Run = read_json(&data.join("runs/codex-sessions.json"));
    assert_eq!(run.system.scaffold.as_deref(), Some("Codex 0.98.0"));
    assert_eq!(run.system.model.as_deref(), Some("gpt-5.3-codex"));
    let ids: Vec<&str> = run.results.iter().map(|r| r.instance_id.as_str()).collect();
    assert_eq!(ids, ["o__r-1", "o__r-2"], "named by the folder above the dates");
    let facts = run.results[0].trajectory.as_ref().unwrap();
    assert!(facts.ran_tests);
    assert_eq!(facts.exit_status.as_deref(), Some("completed"));
    assert_eq!(facts.files_edited, ["/testbed/r/f.py"], "the patch's file");
    let stored: Trajectory = read_json(&data.join(&facts.path));
    assert_eq!(stored.task.as_deref(), Some("Make f return 2."));
    assert_eq!(stored.steps[0].returncode, Some(1));
    // The patch as written, which reads back as a diff of its file.
    let diff = benchscope_contract::trajectory::codex_patch::as_unified_diff(&stored.steps[1].action).expect("a patch");
    assert!(
        diff.contains("+++ b/testbed/r/f.py\n@@ -1,1 +1,1 @@\n-    return 1\n+    return 2\n"),
        "{diff}"
    );
    assert_eq!((stored.tokens_in, stored.tokens_out), (Some(3000), Some(120)));
}

#[test]
fn a_gemini_cli_transcript_is_a_run_named_by_its_model() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let folder = tmp.path().join("gemini-run");
    std::fs::create_dir_all(folder.join("o__r-1")).unwrap();
    let at = "2026-08-09T15:23:26Z";
    let transcript = lines(&[
        json!({"type": "init", "timestamp": at, "session_id": "s-1", "model": "gemini-3.5-flash"}),
        json!({"type": "message", "timestamp": at, "role": "user", "content": "Fix the parser."}),
        json!({"type": "tool_use", "timestamp": at, "tool_name": "replace", "tool_id": "replace__1", "parameters": {"file_path": "/testbed/r/f.py", "old_string": "return 1", "new_string": "return 2"}}),
        json!({"type": "tool_result", "timestamp": at, "tool_id": "replace__1", "status": "success", "output": "Successfully modified file"}),
        json!({"type": "result", "timestamp": "2026-08-09T15:23:40Z", "status": "success", "stats": {"input_tokens": 900, "output_tokens": 40, "duration_ms": 14000}}),
    ]);
    std::fs::write(folder.join("o__r-1/output.jsonl"), transcript).unwrap();
    let output = import(&folder, &data, "gemini");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let run: Run = read_json(&data.join("runs/gemini.json"));
    assert_eq!(run.system.scaffold.as_deref(), Some("Gemini CLI"));
    assert_eq!(run.system.model.as_deref(), Some("gemini-3.5-flash"));
    let result = &run.results[0];
    assert_eq!(
        result.instance_id, "o__r-1",
        "a file named for what it holds is named by its folder"
    );
    let facts = result.trajectory.as_ref().unwrap();
    assert_eq!(facts.files_edited, ["/testbed/r/f.py"]);
    let stored: Trajectory = read_json(&data.join(&facts.path));
    assert_eq!(stored.steps[0].edit.as_ref().map(|e| e.after.as_str()), Some("return 2"));
}

/// As a harness keeps a run of an agent's command-line tool: the transcripts, and the predictions
/// it evaluated beside them.
/// Gemini CLI's chat files as it keeps them (`.gemini/tmp/<project hash>/chats/`), one per
/// instance's folder: the older one-document shape, pretty-printed, and the JSON Lines one.
#[test]
fn gemini_cli_chat_files_in_its_home_are_a_run_named_by_their_instances() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let folder = tmp.path().join("gemini-chats");
    let header = json!({"sessionId": "264c12b1-9b6d-47c8-887f-9e008bd15f64", "projectHash": "0222678ae1d5b6f8a8cbb0990426125cbb3b10fa2afcdb390d2aea3dc7708dff", "startTime": "2025-11-03T01:41:02.940Z"});
    let messages = [
        json!({"id": "m1", "timestamp": "2025-11-03T01:41:02.940Z", "type": "user", "content": "Run the tests."}),
        json!({"id": "m2", "timestamp": "2025-11-03T01:41:09.000Z", "type": "gemini", "content": "", "model": "gemini-2.5-pro", "tokens": {"input": 900, "output": 12},
               "toolCalls": [{"id": "c1", "name": "run_shell_command", "args": {"command": "python -m pytest -q"}, "status": "success",
                              "result": [{"functionResponse": {"id": "c1", "name": "run_shell_command", "response": {"output": "3 passed"}}}]}]}),
    ];
    let chats = |instance: &str| {
        let dir = folder
            .join(instance)
            .join(".gemini/tmp")
            .join(header["projectHash"].as_str().unwrap())
            .join("chats");
        std::fs::create_dir_all(&dir).unwrap();
        dir
    };
    // In Gemini CLI's key order (`JSON.stringify(conversation, null, 2)`): the header, then the messages.
    let header_text = serde_json::to_string_pretty(&header).unwrap();
    let messages_text = serde_json::to_string_pretty(&json!(messages)).unwrap();
    let document = format!(
        "{},\n  \"messages\": {messages_text}\n}}",
        header_text.trim_end().trim_end_matches('}').trim_end()
    );
    std::fs::write(chats("o__r-1").join("session-2025-11-03T01-41-264c12b1.json"), document).unwrap();
    let lines: Vec<Value> = std::iter::once(header.clone()).chain(messages.iter().cloned()).collect();
    std::fs::write(chats("o__r-2").join("session-2025-11-03T01-41-264c12b1.jsonl"), self::lines(&lines)).unwrap();
    let output = import(&folder, &data, "gemini-chats");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let run: Run = read_json(&data.join("runs/gemini-chats.json"));
    assert_eq!(run.system.model.as_deref(), Some("gemini-2.5-pro"));
    let ids: Vec<&str> = run.results.iter().map(|r| r.instance_id.as_str()).collect();
    assert_eq!(ids, ["o__r-1", "o__r-2"]);
    for result in &run.results {
        let facts = result.trajectory.as_ref().expect("each chat file is its instance's trajectory");
        assert!(facts.ran_tests);
        assert!(!result.empty_patch, "the patch is unknown, not empty");
    }
}

/// A Qwen Code record, chained after `parent`, as Qwen Code 0.24 writes its session files.
fn qwen_record(uuid: &str, parent: Option<&str>, kind: &str, message: Value) -> Value {
    json!({"uuid": uuid, "parentUuid": parent, "sessionId": "e5f6a7b8-4444-4000-8000-000000000011", "timestamp": "2026-10-01T10:00:09.000Z",
           "type": kind, "cwd": "/testbed", "version": "0.24.7", "model": "qwen3-coder-plus", "message": message})
}

/// Qwen Code's session files as it keeps them (`.qwen/projects/<working folder>/chats/`), one
/// per instance's folder, the second rewound once: what the rewind left behind is not read.
#[test]
fn qwen_code_session_files_in_its_home_are_a_run_without_what_a_rewind_left() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let folder = tmp.path().join("qwen-sessions");
    let said = |text: &str| json!({"role": "model", "parts": [{"text": text}]});
    let test_call = json!({"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "run_shell_command", "args": {"command": "python -m pytest -q"}}}]});
    let test_output = json!({"role": "user", "parts": [{"functionResponse": {"id": "c1", "name": "run_shell_command", "response": {"output": "3 passed\nExit Code: 0"}}}]});
    let mut answered = qwen_record("t1", Some("a1"), "tool_result", test_output);
    answered["toolCallResult"] = json!({"callId": "c1", "status": "success"});
    let session = [
        qwen_record("u1", None, "user", json!({"role": "user", "parts": [{"text": "Run the tests."}]})),
        qwen_record("a1", Some("u1"), "assistant", test_call),
        answered,
    ];
    let rewound = [
        qwen_record(
            "u9",
            Some("t1"),
            "user",
            json!({"role": "user", "parts": [{"text": "Now rewrite it all."}]}),
        ),
        qwen_record("a2", Some("u9"), "assistant", said("Rewriting it all.")),
        qwen_record(
            "u2",
            Some("t1"),
            "user",
            json!({"role": "user", "parts": [{"text": "Only say they pass."}]}),
        ),
        qwen_record("a3", Some("u2"), "assistant", said("They pass.")),
    ];
    for (instance, records) in [("o__r-1", session.to_vec()), ("o__r-2", [&session[..], &rewound].concat())] {
        let chats = folder.join(instance).join(".qwen/projects/-testbed/chats");
        std::fs::create_dir_all(&chats).unwrap();
        std::fs::write(chats.join("e5f6a7b8-4444-4000-8000-000000000011.jsonl"), lines(&records)).unwrap();
    }
    let output = import(&folder, &data, "qwen");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let run: Run = read_json(&data.join("runs/qwen.json"));
    assert_eq!(
        (run.system.scaffold.as_deref(), run.system.model.as_deref()),
        (Some("Qwen Code 0.24.7"), Some("qwen3-coder-plus"))
    );
    let ids: Vec<&str> = run.results.iter().map(|r| r.instance_id.as_str()).collect();
    assert_eq!(ids, ["o__r-1", "o__r-2"]);
    assert!(run.results.iter().all(|r| r.trajectory.as_ref().is_some_and(|t| t.ran_tests)));
    assert!(run.results.iter().all(|r| !r.empty_patch), "the patch is unknown, not empty");
    let stored: Trajectory = read_json(&data.join(&run.results[1].trajectory.as_ref().unwrap().path));
    assert_eq!(stored.format, "qwen-code");
    let shown: Vec<String> = stored
        .steps
        .iter()
        .map(|s| format!("{}{}{}", s.prompt, s.thought, s.action))
        .collect();
    assert_eq!(shown, ["python -m pytest -q", "Only say they pass.", "They pass."]);
    assert_eq!(stored.steps[0].returncode, Some(0));
}

#[test]
fn the_predictions_beside_transcripts_give_their_patches() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2"]);
    let run = tmp.path().join("20260918_claude-code");
    std::fs::create_dir_all(run.join("trajs")).unwrap();
    std::fs::write(run.join("trajs/o__r-1.jsonl"), stream_json("/testbed/r/f.py")).unwrap();
    std::fs::write(run.join("trajs/o__r-2.jsonl"), session_file()).unwrap();
    let patch = "diff --git a/r/f.py b/r/f.py\n--- a/r/f.py\n+++ b/r/f.py\n@@ -1 +1 @@\n-return 1\n+return 2\n";
    let predictions = [
        json!({"instance_id": "o__r-1", "model_name_or_path": "claude-sonnet-4-5", "model_patch": patch}),
        json!({"instance_id": "o__r-2", "model_name_or_path": "claude-sonnet-4-5", "model_patch": ""}),
    ];
    std::fs::write(run.join("all_preds.jsonl"), lines(&predictions)).unwrap();
    let output = import(&run.join("trajs"), &data, "with-patches");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let stored: Run = read_json(&data.join("runs/with-patches.json"));
    let empty: Vec<(&str, bool)> = stored.results.iter().map(|r| (r.instance_id.as_str(), r.empty_patch)).collect();
    assert_eq!(
        empty,
        [("o__r-1", false), ("o__r-2", true)],
        "the predictions say which patch is empty"
    );
    let shard = std::fs::read_dir(data.join("runs/with-patches"))
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with("patches-"));
    let patches: Value = read_json(&shard.expect("a patch shard").path());
    assert_eq!(patches.to_string().matches("+return 2").count(), 1, "{patches}");
}
