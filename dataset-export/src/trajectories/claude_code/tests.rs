//! Tests of Claude Code's transcripts, read as the CLI prints them and as its session files
//! keep them.

use super::*;
use benchscope_contract::trajectory::ActionForm;
use serde_json::json;
use std::path::Path;

/// The one trajectory of the transcript `text`, as a file of instance `astropy__astropy-12907`
/// reads, and its steps.
pub(super) fn read(text: &str) -> (Trajectory, Vec<Step>) {
    let mut read = super::super::read_bytes(text.as_bytes(), Path::new("runs/astropy__astropy-12907.jsonl")).unwrap();
    assert_eq!(read.len(), 1);
    let mut trajectory = read.remove(0);
    let steps = std::mem::take(&mut trajectory.steps);
    (trajectory, steps)
}

/// Lines as `claude -p --output-format stream-json --verbose` prints them: bookkeeping, each
/// content block on a line of its own, partial messages, and the closing result.
fn stream_json() -> String {
    let usage = json!({"input_tokens": 3, "cache_creation_input_tokens": 100, "cache_read_input_tokens": 1000, "output_tokens": 20});
    let assistant = |id: &str, block: Value| {
        json!({"type": "assistant", "message": {"id": id, "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [block], "usage": usage},
               "parent_tool_use_id": null, "session_id": "s1", "timestamp": "2026-09-18T15:07:28.916Z"})
    };
    let answer = |call: &str, content: Value| {
        json!({"type": "user", "message": {"role": "user", "content": [{"tool_use_id": call, "type": "tool_result", "content": content}]},
               "parent_tool_use_id": null, "session_id": "s1", "timestamp": "2026-09-18T15:08:10.000Z"})
    };
    [
        json!({"type": "system", "subtype": "hook_started", "hook_name": "SessionStart:startup", "session_id": "s1"}),
        json!({"type": "system", "subtype": "init", "cwd": "/testbed", "session_id": "s1", "tools": ["Bash", "Edit", "Read"], "model": "claude-sonnet-4-5", "claude_code_version": "2.1.276"}),
        json!({"type": "user", "message": {"role": "user", "content": "Fix the separability matrix."}, "session_id": "s1", "isReplay": true}),
        json!({"type": "stream_event", "event": {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Let"}}, "session_id": "s1", "parent_tool_use_id": null}),
        assistant("m1", json!({"type": "thinking", "thinking": "", "signature": "sig"})),
        assistant("m1", json!({"type": "text", "text": "Let me look at `separable.py`."})),
        assistant("m1", json!({"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": "/testbed/astropy/modeling/separable.py"}})),
        assistant("m1", json!({"type": "tool_use", "id": "t2", "name": "Bash", "input": {"command": "python -m pytest astropy/modeling -q", "description": "Run the tests"}})),
        answer("t2", json!("2 failed, 10 passed")),
        answer("t1", json!("1\timport numpy as np\n2\t")),
        assistant("m2", json!({"type": "tool_use", "id": "t3", "name": "Task", "input": {"description": "Find the callers", "prompt": "...", "subagent_type": "Explore"}})),
        json!({"type": "assistant", "message": {"id": "sub1", "role": "assistant", "content": [{"type": "text", "text": "a subagent's words"}]}, "parent_tool_use_id": "t3", "session_id": "s1"}),
        answer("t3", json!([{"type": "text", "text": "Called from compound models only."}])),
        assistant("m3", json!({"type": "tool_use", "id": "t4", "name": "Edit", "input": {"file_path": "/testbed/astropy/modeling/separable.py", "old_string": "cright[-right.shape[0]:, -right.shape[1]:] = 1", "new_string": "cright[-right.shape[0]:, -right.shape[1]:] = right"}})),
        answer("t4", json!("The file has been updated.")),
        assistant("m4", json!({"type": "text", "text": "Fixed: the right matrix is copied, not filled with ones."})),
        json!({"type": "result", "subtype": "success", "is_error": false, "duration_ms": 41500, "num_turns": 5, "result": "Fixed.", "session_id": "s1", "total_cost_usd": 0.42,
               "usage": {"input_tokens": 12, "cache_creation_input_tokens": 400, "cache_read_input_tokens": 4000, "output_tokens": 80}}),
    ]
    .iter()
    .map(|line| format!("{line}\n"))
    .collect()
}

#[test]
fn a_stream_json_transcript_reads_as_its_calls_with_their_answers() {
    let (trajectory, steps) = read(&stream_json());
    assert_eq!(trajectory.format, "claude-code");
    assert_eq!(trajectory.instance_id, "astropy__astropy-12907");
    assert_eq!(trajectory.task.as_deref(), Some("Fix the separability matrix."));
    assert_eq!(trajectory.agent.as_deref(), Some("Claude Code 2.1.276"));
    assert_eq!(trajectory.model.as_deref(), Some("claude-sonnet-4-5"));
    assert_eq!(trajectory.exit_status.as_deref(), Some("success"));
    assert_eq!(trajectory.cost, Some(0.42));
    assert_eq!((trajectory.tokens_in, trajectory.tokens_out), (Some(4412), Some(80)));
    assert_eq!(trajectory.api_calls, Some(4), "four model calls, the subagent's not among them");
    assert_eq!(trajectory.seconds, Some(41.5));
    assert_eq!(trajectory.date.as_deref(), Some("2026-09-18"));
    let shown: Vec<(&str, &str, &str)> = steps
        .iter()
        .map(|s| (s.thought.as_str(), s.action.as_str(), s.observation.as_str()))
        .collect();
    assert_eq!(
        shown,
        [
            (
                "Let me look at `separable.py`.",
                "Read /testbed/astropy/modeling/separable.py",
                "1\timport numpy as np\n2\t"
            ),
            ("", "python -m pytest astropy/modeling -q", "2 failed, 10 passed"),
            ("", "Task Find the callers", "Called from compound models only."),
            ("", "Edit /testbed/astropy/modeling/separable.py", "The file has been updated."),
            ("Fixed: the right matrix is copied, not filled with ones.", "", ""),
        ]
    );
    let edit = steps[3].edit.as_ref().expect("the Edit call's edit");
    assert_eq!(edit.before, "cright[-right.shape[0]:, -right.shape[1]:] = 1");
    assert_eq!(edit.after, "cright[-right.shape[0]:, -right.shape[1]:] = right");
    assert_eq!(steps[1].tool.as_deref(), Some("Bash"));
    assert_eq!(
        steps.iter().map(|s| s.action_form).collect::<Vec<_>>(),
        [
            ActionForm::Call,
            ActionForm::Command,
            ActionForm::Call,
            ActionForm::Call,
            ActionForm::Command
        ],
        "a shell command is a command; a read, a task or an edit is a call named by its tool"
    );
}

/// `claude -p --output-format json --verbose` prints the same events as one JSON array, on one
/// line or, reformatted, on many.
#[test]
fn the_events_as_one_json_array_read_alike() {
    let lines = stream_json();
    let events: Vec<Value> = lines.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let (expected, expected_steps) = read(&lines);
    for text in [
        serde_json::to_string(&events).unwrap(),
        serde_json::to_string_pretty(&events).unwrap(),
    ] {
        let mut read = super::super::read_bytes(text.as_bytes(), Path::new("runs/astropy__astropy-12907.json")).unwrap();
        let mut trajectory = read.remove(0);
        let steps = std::mem::take(&mut trajectory.steps);
        assert_eq!(
            (trajectory.instance_id.as_str(), trajectory.format.as_str()),
            ("astropy__astropy-12907", "claude-code")
        );
        assert_eq!(
            (trajectory.task, trajectory.cost, trajectory.api_calls),
            (expected.task.clone(), expected.cost, expected.api_calls)
        );
        assert_eq!(steps, expected_steps);
    }
}

/// `amp --execute --stream-json` prints Claude Code's events, its init naming its thread
/// (`T-…`) and neither a version nor a model (its lines as a real run printed them).
#[test]
fn amps_stream_json_is_named_amps() {
    let session = "T-019e47a8-5090-7538-9035-f2fde26859b7";
    let lines = [
        json!({"type": "system", "subtype": "init", "cwd": "/testbed", "session_id": session, "tools": ["Bash", "create_file", "edit_file", "Read"], "mcp_servers": []}),
        json!({"type": "user", "message": {"role": "user", "content": [{"type": "text", "text": "Run the tests."}]}, "parent_tool_use_id": null, "session_id": session}),
        json!({"type": "assistant", "message": {"type": "message", "role": "assistant", "content": [{"type": "text", "text": "3 passed."}], "stop_reason": "end_turn",
               "usage": {"input_tokens": 7, "cache_creation_input_tokens": 3, "cache_read_input_tokens": 14009, "output_tokens": 13}}, "parent_tool_use_id": null, "session_id": session}),
        json!({"type": "result", "subtype": "success", "duration_ms": 2442, "is_error": false, "num_turns": 1, "result": "3 passed.", "session_id": session}),
    ];
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    let (trajectory, steps) = read(&text);
    assert_eq!((trajectory.agent.as_deref(), trajectory.model.as_deref()), (Some("Amp"), None));
    assert_eq!(trajectory.task.as_deref(), Some("Run the tests."));
    assert_eq!(steps.last().map(|s| s.thought.as_str()), Some("3 passed."));
}

/// `qwen -p … --output-format stream-json` prints Claude Code's events, its init naming
/// `qwen_code_version`, its calls by Qwen Code's own tools.
#[test]
fn qwen_codes_stream_json_reads_as_qwen_codes_calls() {
    let assistant = |id: &str, block: Value| {
        json!({"type": "assistant", "uuid": id, "session_id": "7d235fdb", "parent_tool_use_id": null,
               "message": {"id": id, "type": "message", "role": "assistant", "model": "qwen3-coder-plus", "content": [block], "usage": {"input_tokens": 1200, "output_tokens": 40}}})
    };
    let answer = |call: &str, content: &str| json!({"type": "user", "session_id": "7d235fdb", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call, "content": content}]}});
    let lines = [
        json!({"type": "system", "subtype": "init", "uuid": "7d235fdb", "session_id": "7d235fdb", "cwd": "/testbed", "tools": ["read_file", "edit", "run_shell_command"], "model": "qwen3-coder-plus", "permission_mode": "yolo", "qwen_code_version": "0.23.3"}),
        assistant(
            "m1",
            json!({"type": "tool_use", "id": "c1", "name": "run_shell_command", "input": {"command": "git log -1 --oneline", "description": "read the last commit"}}),
        ),
        answer("c1", "abc123 Fix"),
        assistant(
            "m2",
            json!({"type": "tool_use", "id": "c2", "name": "read_file", "input": {"absolute_path": "/testbed/parse.py"}}),
        ),
        answer("c2", "def parse(t): ..."),
        assistant(
            "m3",
            json!({"type": "tool_use", "id": "c3", "name": "edit", "input": {"file_path": "/testbed/parse.py", "old_string": "' '", "new_string": "' \\t'"}}),
        ),
        answer("c3", "The file was edited."),
        json!({"type": "result", "subtype": "success", "session_id": "7d235fdb", "is_error": false, "num_turns": 3, "duration_ms": 1234, "result": "done", "usage": {"input_tokens": 3600, "output_tokens": 120}}),
    ];
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    let (trajectory, steps) = read(&text);
    assert_eq!(trajectory.format, "claude-code", "Claude Code's events");
    assert_eq!(
        (trajectory.agent.as_deref(), trajectory.model.as_deref()),
        (Some("Qwen Code 0.23.3"), Some("qwen3-coder-plus"))
    );
    let actions: Vec<&str> = steps.iter().map(|s| s.action.as_str()).collect();
    assert_eq!(
        actions,
        ["git log -1 --oneline", "read_file /testbed/parse.py", "edit /testbed/parse.py"]
    );
    assert_eq!(steps[2].edit.as_ref().map(|e| e.after.as_str()), Some("' \\t'"));
}

/// A session file of `~/.claude/projects/`: a summary first, `sessionId`, the usage repeated
/// on every line of a call, a note to the model, and no result line.
#[test]
fn a_session_file_reads_alike_and_counts_each_calls_usage_once() {
    let usage = json!({"input_tokens": 5, "cache_read_input_tokens": 95, "output_tokens": 7});
    let lines = [
        json!({"type": "summary", "summary": "Fix the parser", "leafUuid": "u9"}),
        json!({"type": "user", "sessionId": "s2", "version": "1.0.61", "isMeta": true, "message": {"role": "user", "content": "Caveat: the messages below were generated by the user"}, "timestamp": "2025-08-01T10:00:00Z"}),
        json!({"type": "user", "sessionId": "s2", "version": "1.0.61", "message": {"role": "user", "content": [{"type": "text", "text": "Make the parser accept tabs."}]}, "timestamp": "2025-08-01T10:00:01Z"}),
        json!({"type": "assistant", "sessionId": "s2", "message": {"id": "m1", "model": "claude-opus-4-1", "content": [{"type": "tool_use", "id": "t1", "name": "Write", "input": {"file_path": "/repo/tests/test_tabs.py", "content": "def test_tabs():\n    pass\n"}}], "usage": usage}, "timestamp": "2025-08-01T10:00:09Z"}),
        json!({"type": "user", "sessionId": "s2", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "File created", "is_error": false}]}, "timestamp": "2025-08-01T10:00:10Z"}),
        json!({"type": "assistant", "sessionId": "s2", "isSidechain": true, "message": {"id": "x", "content": [{"type": "text", "text": "a subagent"}], "usage": usage}}),
        json!({"type": "assistant", "sessionId": "s2", "message": {"id": "m2", "model": "<synthetic>", "content": [{"type": "text", "text": "Done."}], "usage": usage}, "timestamp": "2025-08-01T10:01:00Z"}),
    ];
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let (trajectory, steps) = read(&text);
    assert_eq!(trajectory.task.as_deref(), Some("Make the parser accept tabs."));
    assert_eq!(trajectory.agent.as_deref(), Some("Claude Code 1.0.61"));
    assert_eq!(trajectory.model.as_deref(), Some("claude-opus-4-1"));
    assert_eq!((trajectory.tokens_in, trajectory.tokens_out), (Some(200), Some(14)));
    assert_eq!(trajectory.exit_status, None);
    assert_eq!(trajectory.seconds, Some(60.0), "from its first line to its last");
    assert_eq!(steps.len(), 2);
    let edit = steps[0].edit.as_ref().expect("a Write is a file created");
    assert_eq!((edit.path.as_str(), edit.before.as_str()), ("/repo/tests/test_tabs.py", ""));
    assert_eq!(steps[0].observation, "File created");
    assert_eq!(steps[1].thought, "Done.");
}

/// An interactive session: the person's later prompts, typed, queued while the agent worked,
/// a slash command and an interruption, in their places among the agent's steps; what Claude
/// Code writes in the person's turn (a command's output, the summary of a compacted
/// conversation, the editor's note on the file open) left out.
#[test]
fn a_sessions_later_prompts_are_steps_in_their_places() {
    let user = |content: Value| json!({"type": "user", "sessionId": "s3", "message": {"role": "user", "content": content}});
    let assistant = |id: &str, block: Value| json!({"type": "assistant", "sessionId": "s3", "message": {"id": id, "content": [block]}});
    let lines = [
        user(json!("Make the parser accept tabs.")),
        assistant(
            "m1",
            json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "pytest -q"}}),
        ),
        json!({"type": "attachment", "attachment": {"type": "queued_command", "commandMode": "prompt", "origin": {"kind": "human"}, "prompt": "and check the docs too"}}),
        json!({"type": "attachment", "attachment": {"type": "queued_command", "commandMode": "task-notification", "prompt": "<task-notification>done</task-notification>"}}),
        user(
            json!([{"type": "tool_result", "tool_use_id": "t1", "content": "1 failed"}, {"type": "text", "text": "[Request interrupted by user for tool use]"}]),
        ),
        user(json!(
            "<command-message>model</command-message>\n<command-name>/model</command-name>\n<command-args>opus</command-args>"
        )),
        user(json!("<local-command-stdout>Set model to opus</local-command-stdout>")),
        json!({"type": "user", "isCompactSummary": true, "message": {"role": "user", "content": "This session is being continued from a previous conversation."}}),
        user(json!([
            {"type": "text", "text": "<ide_opened_file>The user opened the file /repo/parse.py in the IDE.</ide_opened_file>"},
            {"type": "text", "text": "Now the tests too."},
            {"type": "text", "text": "Both of them."}
        ])),
        assistant("m2", json!({"type": "text", "text": "Done."})),
    ];
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let (trajectory, steps) = read(&text);
    assert_eq!(trajectory.task.as_deref(), Some("Make the parser accept tabs."));
    let shown: Vec<(&str, &str)> = steps.iter().map(|s| (s.prompt.as_str(), s.action.as_str())).collect();
    assert_eq!(
        shown,
        [
            ("", "pytest -q"),
            ("and check the docs too", ""),
            ("[Request interrupted by user for tool use]", ""),
            ("/model opus", ""),
            ("Now the tests too.\n\nBoth of them.", ""),
            ("", ""),
        ]
    );
    assert_eq!(steps[0].observation, "1 failed");
    assert_eq!(steps[5].thought, "Done.");
}

#[test]
fn a_transcript_cut_off_mid_line_keeps_what_came_before() {
    let whole = stream_json();
    let cut = &whole[..whole.find("\"m3\"").unwrap()];
    let mut sink = super::super::Collected::default();
    let error = super::super::transcripts::stream_transcript(
        super::super::transcripts::start_of(cut.as_bytes()).unwrap(),
        cut.as_bytes(),
        Path::new("a__b-1.jsonl"),
        &Default::default(),
        &mut sink,
    )
    .unwrap_err();
    assert!(format!("{error:#}").contains("a__b-1.jsonl: line 14 breaks off"), "{error:#}");
    assert_eq!(sink.trajectories.len(), 1);
    assert_eq!(sink.trajectories[0].steps.len(), 3, "the three calls answered before the break");
}

/// Claude Code records the file as it was before an edit beside the edit's result
/// (`tool_use_result` as it prints it, `toolUseResult` in a session file).
#[test]
fn a_plan_reads_as_its_items_with_their_status() {
    let todos = json!({"todos": [
        {"content": "Run the tests", "status": "completed", "activeForm": "Running the tests"},
        {"content": "Fix the parser", "status": "in_progress", "activeForm": "Fixing the parser"},
        {"content": "Add a test for tabs", "status": "pending", "activeForm": "Adding a test"}
    ]});
    let block = json!({"type": "tool_use", "id": "t1", "name": "TodoWrite", "input": todos});
    let step = call_step(&block, "Planning.".to_string());
    assert_eq!(step.action, "TodoWrite", "a plan is no command");
    assert_eq!(
        step.thought,
        "Planning.\n\n- [x] Run the tests\n- [~] Fix the parser\n- [ ] Add a test for tabs"
    );
}

#[test]
fn the_result_alone_shows_its_answer() {
    let result = json!({"type": "result", "subtype": "error_max_turns", "is_error": true, "num_turns": 30, "result": "Stopped.", "session_id": "s", "total_cost_usd": 1.5, "usage": {"input_tokens": 10, "output_tokens": 2}});
    let (trajectory, steps) = read(&format!("{result}\n"));
    assert_eq!(trajectory.exit_status.as_deref(), Some("error_max_turns"));
    assert_eq!(trajectory.cost, Some(1.5));
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].thought, "Stopped.");
}
