//! The session files Codex keeps under `~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`:
//! a `session_meta` line (the session's id, Codex's `cli_version`), then each turn's
//! `turn_context` (its model), the Responses API's items as `response_item` lines and Codex's
//! events as `event_msg` lines, each under `payload`.
//!
//! The items are the conversation: a `message` (the prompt, the context Codex adds in tags, the
//! assistant's words), a `reasoning` summary, and the calls (`function_call` with JSON
//! `arguments`, `custom_tool_call` with a free-form `input`, `local_shell_call`,
//! `web_search_call`), each answered by the `function_call_output` or `custom_tool_call_output`
//! of its `call_id`. The events repeat the conversation for Codex's screen; read from them are
//! the prompt as typed (`user_message`), the tokens so far (`token_count`) and how a turn ended
//! (`task_complete`, `turn_aborted`, `error`). A file of mid-2025 has the items bare, after a
//! header line.

use benchscope_contract::trajectory::codex_patch::CODEX_PATCH_TOOL;
use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::{Step, TimeSpan, Trajectory};
use serde_json::Value;

use super::super::transcripts::{add_words, call_form, call_line, plan_list};
use super::super::{text, AgentAndModel, StepReader};
use super::apply_patch::patch_step;
use super::command_line;
use super::conversation::Conversation;
use super::output::Answer;

/// The session read so far.
#[derive(Default)]
pub struct Session {
    /// The prompt as typed, and the first user message among the items, in case no event names it.
    task: Option<String>,
    prompt: Option<String>,
    /// Whether the file has its lines in envelopes, whose events give the person's prompts.
    enveloped: bool,
    version: Option<String>,
    model: Option<String>,
    conversation: Conversation,
    span: TimeSpan,
}

impl StepReader for Session {
    fn element(&mut self, _key: &str, line: Value, steps: &mut Vec<Step>) {
        if let Some(timestamp) = line.get("timestamp").and_then(Value::as_str) {
            self.span.add(timestamp);
        }
        let payload = line.get("payload").unwrap_or(&Value::Null);
        self.enveloped |= !payload.is_null();
        match type_of(&line) {
            Some("session_meta") => self.meta(payload),
            Some("turn_context") => self.model = text(payload, "model").or(self.model.take()),
            Some("response_item") => self.item(payload, steps),
            Some("event_msg") => self.event(payload, steps),
            Some("compacted") => {}
            // Mid-2025: an item bare, or the header (state markers read as an empty one).
            Some(_) => self.item(&line, steps),
            None => self.meta(&line),
        }
    }

    fn finish(self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        let (tokens, ended) = self.conversation.finish(steps);
        let made_by = AgentAndModel::new(Some("Codex"), self.version.as_deref(), self.model.as_deref());
        Trajectory {
            exit_status: ended,
            task: self.task.or(self.prompt),
            agent: made_by.agent,
            model: made_by.model,
            tokens_in: tokens.map(|t| t.0),
            tokens_out: tokens.map(|t| t.1),
            seconds: self.span.seconds(),
            date: self.span.first_day(),
            ..Trajectory::default()
        }
    }
}

impl Session {
    fn meta(&mut self, meta: &Value) {
        self.version = self.version.take().or_else(|| text(meta, "cli_version"));
        self.model = self.model.take().or_else(|| text(meta, "model"));
    }

    /// An item of the conversation: words, a call, or a call's answer.
    fn item(&mut self, item: &Value, steps: &mut Vec<Step>) {
        let call_id = text(item, "call_id");
        let step = match type_of(item) {
            Some("message") => return self.message(item, steps),
            Some("reasoning") => return self.conversation.say(reasoning_text(item)),
            Some("function_call") => {
                let arguments = text(item, "arguments").unwrap_or_default();
                let arguments = serde_json::from_str(&arguments).unwrap_or(Value::String(arguments));
                function_step(&text(item, "name").unwrap_or_default(), &arguments)
            }
            Some("custom_tool_call") => {
                let (name, input) = (text(item, "name").unwrap_or_default(), text(item, "input").unwrap_or_default());
                match name == CODEX_PATCH_TOOL {
                    true => patch_step(&input),
                    false => tool_step(&name, format!("{name} {input}")),
                }
            }
            Some("local_shell_call") => {
                let words = item.pointer("/action/command").and_then(Value::as_array);
                shell_step(words.map(|words| command_line(words)).unwrap_or_default())
            }
            Some("web_search_call") => {
                let action = item.get("action").unwrap_or(&Value::Null);
                let subject = text(action, "query").or_else(|| text(action, "url")).unwrap_or_default();
                return self.conversation.push(None, tool_step("web_search", subject), steps);
            }
            Some("function_call_output" | "custom_tool_call_output") => {
                let answer = Answer::of(item.get("output").unwrap_or(&Value::Null));
                if let Some(call) = call_id {
                    self.conversation.waiting.answer(&call, |step| answer.fill(step), steps);
                }
                return;
            }
            _ => return,
        };
        self.conversation.push(call_id.or_else(|| text(item, "id")), step, steps);
    }

    /// A message: the assistant's words, or a prompt (the context Codex adds in tags, such as
    /// `<environment_context>`, left out): the first is the task, a later one a step where no
    /// event gives it.
    fn message(&mut self, item: &Value, steps: &mut Vec<Step>) {
        let parts: Vec<String> = item
            .get("content")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|part| text(part, "text"))
            .collect();
        match text(item, "role").as_deref() {
            Some("assistant") => self.conversation.say(Some(parts.join("\n\n"))),
            Some("user") => {
                let typed: Vec<String> = parts.into_iter().filter(|part| !is_added_context(part)).collect();
                if typed.is_empty() {
                    return;
                }
                match self.prompt {
                    None => self.prompt = Some(typed.join("\n\n")),
                    Some(_) if !self.enveloped => self.conversation.prompted(typed.join("\n\n"), steps),
                    Some(_) => {}
                }
            }
            _ => {}
        }
    }

    /// An event of Codex's: a prompt as typed (the first is the task), the tokens so far, or how
    /// a turn ended.
    fn event(&mut self, event: &Value, steps: &mut Vec<Step>) {
        match type_of(event) {
            Some("user_message") => {
                // Early versions sent the context they added as events too, each of its `kind`.
                let typed = text(event, "kind").is_none_or(|kind| kind == "plain");
                let Some(words) = text(event, "message").filter(|words| typed && !is_added_context(words)) else {
                    return;
                };
                match self.task {
                    None => self.task = Some(words),
                    Some(_) => self.conversation.prompted(words, steps),
                }
            }
            _ => {
                self.conversation.ending_event(event, steps);
            }
        }
    }
}

/// Whether a user message's part is context Codex adds rather than what the user typed (which
/// may begin with a tag of its own, as a benchmark's `<uploaded_files>` prompt does).
fn is_added_context(part: &str) -> bool {
    let added = [
        "<environment_context>",
        "<user_instructions>",
        "<permissions instructions>",
        "<user_shell_command>",
        "<turn_aborted>",
        "<context_update>",
        "<tool_context>",
        "<reasoning_context>",
        "<pinned_notes>",
        "<subagent_notification>",
        "<skill",
        "# AGENTS.md instructions",
    ];
    let part = part.trim_start();
    added
        .iter()
        .any(|tag| part.get(..tag.len()).is_some_and(|start| start.eq_ignore_ascii_case(tag)))
}

/// A reasoning item's summary, or its text where it carries the reasoning itself.
fn reasoning_text(item: &Value) -> Option<String> {
    let texts = |key: &str| -> Vec<String> {
        let parts = item.get(key).and_then(Value::as_array).into_iter().flatten();
        parts.filter_map(|part| text(part, "text")).collect()
    };
    let summary = texts("summary");
    let said = match summary.is_empty() {
        true => texts("content"),
        false => summary,
    };
    (!said.is_empty()).then(|| said.join("\n\n"))
}

/// The step of a function Codex's model called, by its name and arguments.
fn function_step(name: &str, arguments: &Value) -> Step {
    match name {
        "shell" | "container.exec" | "local_shell" => match arguments.get("command") {
            Some(Value::Array(words)) => match words.as_slice() {
                [program, patch] if program == CODEX_PATCH_TOOL => patch_step(patch.as_str().unwrap_or_default()),
                _ => shell_step(command_line(words)),
            },
            _ => shell_step(call_line(name, arguments, None)),
        },
        "shell_command" => shell_step(text(arguments, "command").unwrap_or_default()),
        "exec_command" => shell_step(text(arguments, "cmd").unwrap_or_default()),
        CODEX_PATCH_TOOL => patch_step(
            &text(arguments, "input")
                .or_else(|| arguments.as_str().map(str::to_string))
                .unwrap_or_default(),
        ),
        "update_plan" => {
            let plan = arguments.get("plan").and_then(|plan| plan_list(plan, "step"));
            let explanation = text(arguments, "explanation").unwrap_or_default();
            let mut thought = String::new();
            add_words(&mut thought, &explanation);
            add_words(&mut thought, &plan.unwrap_or_default());
            Step {
                thought,
                ..tool_step(name, name.to_string())
            }
        }
        _ => Step {
            action_form: call_form(arguments),
            ..tool_step(name, call_line(name, arguments, None))
        },
    }
}

/// A command run in a shell; one that applies a patch (`apply_patch <<'EOF'`) is that patch.
fn shell_step(command: String) -> Step {
    if command.trim_start().starts_with(CODEX_PATCH_TOOL) && command.contains("*** Begin Patch") {
        return patch_step(&command);
    }
    Step {
        action: command,
        ..Step::default()
    }
}

fn tool_step(tool: &str, action: String) -> Step {
    Step {
        tool: (!tool.is_empty()).then(|| tool.to_string()),
        action: action.trim().to_string(),
        ..Step::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    fn read(lines: &[Value], path: &str) -> Trajectory {
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        let mut read = super::super::super::read_bytes(text.as_bytes(), Path::new(path)).unwrap();
        assert_eq!(read.len(), 1);
        read.remove(0)
    }

    fn item(at: &str, payload: Value) -> Value {
        json!({"timestamp": at, "type": "response_item", "payload": payload})
    }

    fn event(at: &str, payload: Value) -> Value {
        json!({"timestamp": at, "type": "event_msg", "payload": payload})
    }

    /// A session file as Codex writes it: context, the prompt twice (item and event), calls of
    /// each kind with their outputs in each of Codex's shapes, tokens, the end.
    fn session() -> Vec<Value> {
        let patch = "*** Begin Patch\n*** Update File: /testbed/src/parse.py\n@@ def parse(text):\n-    return text.split(\" \")\n+    return text.split()\n*** End Patch\n";
        vec![
            json!({"timestamp": "2026-03-04T00:53:03.666Z", "type": "session_meta", "payload": {"id": "019cb655-7826-7080-b375-f4bd0ec83d54", "cwd": "/testbed", "originator": "codex_exec", "cli_version": "0.98.0"}}),
            item(
                "2026-03-04T00:53:03.670Z",
                json!({"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "<permissions instructions>never ask</permissions instructions>"}]}),
            ),
            item(
                "2026-03-04T00:53:03.671Z",
                json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": "<environment_context>\n  <cwd>/testbed</cwd>\n</environment_context>"}, {"type": "input_text", "text": "Tabs should split words."}]}),
            ),
            event(
                "2026-03-04T00:53:03.672Z",
                json!({"type": "user_message", "message": "Tabs should split words.", "images": []}),
            ),
            json!({"timestamp": "2026-03-04T00:53:03.700Z", "type": "turn_context", "payload": {"cwd": "/testbed", "model": "gpt-5.3-codex", "effort": "medium"}}),
            event("2026-03-04T00:53:04Z", json!({"type": "token_count", "info": null})),
            item(
                "2026-03-04T00:53:05Z",
                json!({"type": "reasoning", "summary": [{"type": "summary_text", "text": "**Running the tests**"}], "content": null, "encrypted_content": "gAAA"}),
            ),
            event(
                "2026-03-04T00:53:05Z",
                json!({"type": "agent_reasoning", "text": "**Running the tests**"}),
            ),
            item(
                "2026-03-04T00:53:06Z",
                json!({"type": "function_call", "name": "shell", "arguments": "{\"command\":[\"bash\",\"-lc\",\"python -m pytest -q tests\"],\"workdir\":\"/testbed\"}", "call_id": "call_1"}),
            ),
            item(
                "2026-03-04T00:53:09Z",
                json!({"type": "function_call_output", "call_id": "call_1", "output": "{\"output\":\"1 failed\\n\",\"metadata\":{\"exit_code\":1,\"duration_seconds\":2.5}}"}),
            ),
            item(
                "2026-03-04T00:53:10Z",
                json!({"type": "custom_tool_call", "status": "completed", "call_id": "call_2", "name": "apply_patch", "input": patch}),
            ),
            item(
                "2026-03-04T00:53:10Z",
                json!({"type": "custom_tool_call_output", "call_id": "call_2", "output": "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM /testbed/src/parse.py\n"}),
            ),
            item(
                "2026-03-04T00:53:11Z",
                json!({"type": "function_call", "name": "update_plan", "arguments": "{\"explanation\":\"Fixed; checking.\",\"plan\":[{\"step\":\"Fix the split\",\"status\":\"completed\"},{\"step\":\"Run the tests\",\"status\":\"in_progress\"}]}", "call_id": "call_3"}),
            ),
            item(
                "2026-03-04T00:53:11Z",
                json!({"type": "function_call_output", "call_id": "call_3", "output": "Plan updated"}),
            ),
            item(
                "2026-03-04T00:53:12Z",
                json!({"type": "function_call", "name": "exec_command", "arguments": "{\"cmd\":\"python -m pytest -q tests\",\"yield_time_ms\":10000}", "call_id": "call_4"}),
            ),
            event(
                "2026-03-04T00:53:14Z",
                json!({"type": "exec_command_end", "call_id": "call_4", "exit_code": 0, "aggregated_output": "2 passed\n"}),
            ),
            item(
                "2026-03-04T00:53:14Z",
                json!({"type": "function_call_output", "call_id": "call_4", "output": "Chunk ID: 8f2e\nWall time: 1.9 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\n2 passed\n"}),
            ),
            item(
                "2026-03-04T00:53:15Z",
                json!({"type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "str.split tabs"}}),
            ),
            item(
                "2026-03-04T00:53:16Z",
                json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Tabs now split words."}]}),
            ),
            event(
                "2026-03-04T00:53:16Z",
                json!({"type": "agent_message", "message": "Tabs now split words."}),
            ),
            event(
                "2026-03-04T00:53:16Z",
                json!({"type": "token_count", "info": {"total_token_usage": {"input_tokens": 20543, "cached_input_tokens": 13696, "output_tokens": 99, "reasoning_output_tokens": 40, "total_tokens": 20642}}}),
            ),
            event(
                "2026-03-04T00:53:17Z",
                json!({"type": "task_complete", "last_agent_message": "Tabs now split words."}),
            ),
        ]
    }

    #[test]
    fn a_session_file_reads_as_its_calls_with_their_answers() {
        let trajectory = read(
            &session(),
            "sessions/2026/03/04/psf__requests-1/rollout-2026-03-04T00-53-03-019cb655-7826-7080-b375-f4bd0ec83d54.jsonl",
        );
        assert_eq!(trajectory.format, "codex");
        assert_eq!(trajectory.instance_id, "psf__requests-1");
        assert_eq!(trajectory.agent.as_deref(), Some("Codex 0.98.0"));
        assert_eq!(trajectory.model.as_deref(), Some("gpt-5.3-codex"));
        assert_eq!(trajectory.task.as_deref(), Some("Tabs should split words."));
        assert_eq!(trajectory.exit_status.as_deref(), Some("completed"));
        assert_eq!((trajectory.tokens_in, trajectory.tokens_out), (Some(20543), Some(99)));
        assert!(trajectory.seconds.is_some_and(|s| (s - 13.334).abs() < 1e-3), "first line to last");
        let shown = crate::trajectories::steps_shown(&trajectory);
        assert_eq!(
            shown,
            [
                ("**Running the tests**", "python -m pytest -q tests", "1 failed\n", Some(1)),
                (
                    "",
                    "*** Begin Patch\n*** Update File: /testbed/src/parse.py\n@@ def parse(text):\n-    return text.split(\" \")\n+    return text.split()\n*** End Patch",
                    "Success. Updated the following files:\nM /testbed/src/parse.py\n",
                    Some(0)
                ),
                (
                    "Fixed; checking.\n\n- [x] Fix the split\n- [~] Run the tests",
                    "update_plan",
                    "Plan updated",
                    None
                ),
                ("", "python -m pytest -q tests", "2 passed\n", Some(0)),
                ("", "str.split tabs", "", None),
                ("Tabs now split words.", "", "", None),
            ]
        );
        assert_eq!(trajectory.steps[0].seconds, Some(2.5));
        assert_eq!(trajectory.steps[3].seconds, Some(1.9));
        assert_eq!(
            trajectory.steps[1].tool.as_deref(),
            Some("apply_patch"),
            "the patch as written, the page's to draw"
        );
        assert_eq!(trajectory.steps[4].tool.as_deref(), Some("web_search"));
        let facts = benchscope_contract::trajectory::facts::facts_of(&trajectory, "t.json");
        assert!(facts.ran_tests);
        assert_eq!(facts.files_edited, ["/testbed/src/parse.py"]);
    }

    /// A later turn: the prompt as an item (after the context Codex adds) and as an event, read
    /// once, and a note Codex adds in the person's turn (`<turn_aborted>`) left out.
    #[test]
    fn a_sessions_later_prompts_are_steps_in_their_places() {
        let mut lines = session();
        lines.extend([
            item(
                "2026-03-04T00:54:00Z",
                json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": "<TURN_ABORTED>\nThe user interrupted.\n</TURN_ABORTED>"}]}),
            ),
            item(
                "2026-03-04T00:54:01Z",
                json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": "<environment_context>\n  <cwd>/testbed</cwd>\n</environment_context>"}, {"type": "input_text", "text": "Now the docs."}]}),
            ),
            event("2026-03-04T00:54:01Z", json!({"type": "user_message", "message": "Now the docs.", "images": []})),
            item(
                "2026-03-04T00:54:02Z",
                json!({"type": "function_call", "name": "shell_command", "arguments": "{\"command\":\"rg -n split docs\"}", "call_id": "call_5"}),
            ),
            item("2026-03-04T00:54:03Z", json!({"type": "function_call_output", "call_id": "call_5", "output": "docs/usage.md:3: split"})),
        ]);
        let trajectory = read(&lines, "psf__requests-1.jsonl");
        assert_eq!(trajectory.task.as_deref(), Some("Tabs should split words."));
        let last: Vec<(&str, &str, &str)> = trajectory.steps[5..]
            .iter()
            .map(|s| (s.prompt.as_str(), s.thought.as_str(), s.action.as_str()))
            .collect();
        assert_eq!(
            last,
            [
                ("", "Tabs now split words.", ""),
                ("Now the docs.", "", ""),
                ("", "", "rg -n split docs"),
            ]
        );
    }

    #[test]
    fn a_session_file_of_mid_2025_has_its_items_bare() {
        let lines = [
            json!({"id": "c27a914d-0000-4000-8000-000000000000", "timestamp": "2025-08-20T13:20:47.060Z", "instructions": null, "git": {"branch": "main"}}),
            json!({"record_type": "state"}),
            json!({"type": "message", "id": null, "role": "user", "content": [{"type": "input_text", "text": "<environment_context>\n  <cwd>/testbed</cwd>\n</environment_context>"}]}),
            json!({"type": "message", "id": null, "role": "user", "content": [{"type": "input_text", "text": "<uploaded_files>/testbed</uploaded_files> Fix the tab parsing."}]}),
            json!({"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "opaque"}),
            json!({"type": "function_call", "id": "fc_1", "name": "shell", "arguments": "{\"command\":[\"apply_patch\",\"*** Begin Patch\\n*** Add File: tests/test_tabs.py\\n+def test_tabs(): pass\\n*** End Patch\"]}", "call_id": "call_1"}),
            json!({"record_type": "state"}),
            json!({"type": "function_call_output", "call_id": "call_1", "output": "{\"output\":\"Done!\",\"metadata\":{\"exit_code\":0,\"duration_seconds\":0.0}}"}),
            json!({"type": "local_shell_call", "id": "lsc_1", "call_id": "call_2", "status": "completed", "action": {"type": "exec", "command": ["rg", "-n", "def parse", "src"]}}),
            json!({"type": "function_call_output", "call_id": "call_2", "output": "src/parse.py:1:def parse(text):"}),
            json!({"type": "message", "id": null, "role": "user", "content": [{"type": "input_text", "text": "And the docs."}]}),
        ];
        let trajectory = read(&lines, "astropy__astropy-12907.jsonl");
        assert_eq!(trajectory.steps[2].prompt, "And the docs.", "a later prompt, no event giving it");
        assert_eq!(trajectory.agent.as_deref(), Some("Codex"));
        assert_eq!(
            trajectory.task.as_deref(),
            Some("<uploaded_files>/testbed</uploaded_files> Fix the tab parsing.")
        );
        assert_eq!(trajectory.exit_status, None, "no turn said it ended");
        let actions: Vec<&str> = trajectory.steps.iter().map(|s| s.action.as_str()).collect();
        let patch = "*** Begin Patch\n*** Add File: tests/test_tabs.py\n+def test_tabs(): pass\n*** End Patch";
        assert_eq!(
            actions,
            [patch, "rg -n 'def parse' src", ""],
            "a patch given as a shell's words is the patch"
        );
        assert_eq!(trajectory.steps[1].observation, "src/parse.py:1:def parse(text):");
    }

    #[test]
    fn an_error_ends_the_session_with_its_message() {
        let lines = [
            json!({"timestamp": "2026-03-04T00:53:03Z", "type": "session_meta", "payload": {"id": "s"}}),
            item(
                "2026-03-04T00:53:04Z",
                json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Starting."}]}),
            ),
            event(
                "2026-03-04T00:53:05Z",
                json!({"type": "error", "message": "stream disconnected before completion"}),
            ),
        ];
        let trajectory = read(&lines, "a__b-1.jsonl");
        assert_eq!(trajectory.exit_status.as_deref(), Some("failed"));
        let thoughts: Vec<&str> = trajectory.steps.iter().map(|s| s.thought.as_str()).collect();
        assert_eq!(thoughts, ["Starting.", "Codex stopped: stream disconnected before completion"]);
    }
}
