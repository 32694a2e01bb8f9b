//! What `opencode run --format json` prints: a line for each part of the session's messages once
//! it is complete, `{type, timestamp, sessionID, part}` (`step_start`, `text`, `reasoning`,
//! `tool_use`, `step_finish`), and for each error `{type: "error", error}`. The person's prompt
//! is not among them.

use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::{Step, Trajectory};
use serde_json::Value;

use super::super::StepReader;
use super::Parts;

/// A reader of what `opencode run` printed.
pub fn reader() -> Box<dyn StepReader> {
    Box::<RunJson>::default()
}

#[derive(Default)]
struct RunJson {
    parts: Parts,
}

impl StepReader for RunJson {
    fn element(&mut self, _key: &str, line: Value, steps: &mut Vec<Step>) {
        if let Some(milliseconds) = line.get("timestamp").and_then(Value::as_f64) {
            self.parts.span.add_seconds(milliseconds / 1000.0);
        }
        match (type_of(&line), line.get("part")) {
            (Some("error"), _) => self.parts.stopped(line.get("error").unwrap_or(&Value::Null), steps),
            (Some(_), Some(part)) => self.parts.part(part, steps),
            _ => {}
        }
    }

    fn finish(self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        self.parts.finish(None, steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    fn read(lines: &[Value]) -> Trajectory {
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        let mut read = super::super::super::read_bytes(text.as_bytes(), Path::new("o__r-1.jsonl")).unwrap();
        assert_eq!(read.len(), 1);
        read.remove(0)
    }

    fn line(kind: &str, at: u64, part: Value) -> Value {
        json!({"type": kind, "timestamp": at, "sessionID": "ses_4947", "part": part})
    }

    fn tool(call: &str, tool: &str, state: Value) -> Value {
        json!({"id": format!("prt_{call}"), "sessionID": "ses_4947", "messageID": "msg_2", "type": "tool", "callID": call, "tool": tool, "state": state})
    }

    /// Lines as `opencode run --format json` prints them: the calls with their output, the
    /// model's words and reasoning before them, each call to the model closed with its tokens.
    #[test]
    fn an_opencode_run_reads_as_its_calls_with_their_output() {
        let before = "def parse(t):\n    return t.split(' ')\n";
        let after = before.replace("split(' ')", "split()");
        let finish = |reason: &str| json!({"type": "step-finish", "reason": reason, "cost": 0.25, "tokens": {"input": 100, "output": 20, "reasoning": 5, "cache": {"read": 900, "write": 10}}});
        let trajectory = read(&[
            line(
                "step_start",
                1_767_036_059_000,
                json!({"type": "step-start", "snapshot": "63d8d5c"}),
            ),
            line(
                "reasoning",
                1_767_036_059_100,
                json!({"type": "reasoning", "text": "The tests first."}),
            ),
            line(
                "text",
                1_767_036_059_200,
                json!({"type": "text", "text": "Running the tests.", "time": {"start": 1, "end": 2}}),
            ),
            line(
                "tool_use",
                1_767_036_060_000,
                tool(
                    "c1",
                    "bash",
                    json!({"status": "completed", "input": {"command": "python -m pytest -q", "description": "Runs the tests"},
                           "output": "1 failed", "title": "Runs the tests", "metadata": {"output": "1 failed", "exit": 1}, "time": {"start": 1000, "end": 3500}}),
                ),
            ),
            line("step_finish", 1_767_036_060_100, finish("tool-calls")),
            line(
                "tool_use",
                1_767_036_061_000,
                tool(
                    "c2",
                    "read",
                    json!({"status": "completed", "input": {"filePath": "/testbed/p.py"}, "output": before}),
                ),
            ),
            line(
                "tool_use",
                1_767_036_062_000,
                tool(
                    "c3",
                    "edit",
                    json!({"status": "completed", "input": {"filePath": "/testbed/p.py", "oldString": "split(' ')", "newString": "split()"}, "output": "",
                           "metadata": {"diff": "@@ -2 +2 @@", "filediff": {"file": "/testbed/p.py", "before": before, "after": after, "additions": 1, "deletions": 1}}}),
                ),
            ),
            line(
                "tool_use",
                1_767_036_063_000,
                tool(
                    "c4",
                    "grep",
                    json!({"status": "error", "input": {"pattern": "split", "path": "/testbed"}, "error": "ripgrep failed"}),
                ),
            ),
            line(
                "tool_use",
                1_767_036_064_000,
                tool(
                    "c5",
                    "todowrite",
                    json!({"status": "completed", "input": {"todos": [{"id": "1", "content": "Fix split", "status": "completed", "priority": "high"}, {"id": "2", "content": "Add a test", "status": "pending", "priority": "low"}]}, "output": "[]"}),
                ),
            ),
            line(
                "tool_use",
                1_767_036_065_000,
                tool(
                    "c6",
                    "apply_patch",
                    json!({"status": "completed", "input": {"patchText": "*** Begin Patch\n*** Add File: t.py\n+def test(): pass\n*** End Patch\n"}, "output": "Success."}),
                ),
            ),
            line("text", 1_767_036_066_000, json!({"type": "text", "text": "Done."})),
            line("step_finish", 1_767_036_069_000, finish("stop")),
        ]);
        assert_eq!(trajectory.format, "opencode");
        assert_eq!((trajectory.agent.as_deref(), trajectory.model.as_deref()), (Some("OpenCode"), None));
        assert_eq!(trajectory.task, None, "the prompt is not printed");
        assert_eq!((trajectory.exit_status.as_deref(), trajectory.seconds), (Some("stop"), Some(10.0)));
        assert_eq!(
            (trajectory.tokens_in, trajectory.tokens_out, trajectory.cost, trajectory.api_calls),
            (Some(2020), Some(50), Some(0.5), Some(2))
        );
        let shown = crate::trajectories::steps_shown(&trajectory);
        assert_eq!(
            shown,
            [
                ("The tests first.\n\nRunning the tests.", "python -m pytest -q", "1 failed", Some(1)),
                ("", "read /testbed/p.py", before, None),
                ("", "edit /testbed/p.py", "", None),
                ("", "grep split /testbed", "Error: ripgrep failed", None),
                ("- [x] Fix split\n- [ ] Add a test", "todowrite", "[]", None),
                (
                    "",
                    "*** Begin Patch\n*** Add File: t.py\n+def test(): pass\n*** End Patch",
                    "Success.",
                    None
                ),
                ("Done.", "", "", None),
            ]
        );
        assert_eq!(trajectory.steps[0].seconds, Some(2.5));
        assert_eq!(
            trajectory.steps[5].tool.as_deref(),
            Some("apply_patch"),
            "drawn as the patch's diff"
        );
        let edit = trajectory.steps[2].edit.as_ref().expect("the edit");
        assert_eq!(
            (edit.before.as_str(), edit.after.as_str(), edit.first_line),
            (before, after.as_str(), Some(1)),
            "placed by the whole file"
        );
    }

    /// An error the session stopped on is its last step; an edit OpenCode recorded no file for
    /// is the text it replaced.
    #[test]
    fn an_error_ends_the_session_and_edits_without_their_file_are_their_texts() {
        let trajectory = read(&[
            line(
                "tool_use",
                1,
                tool(
                    "c1",
                    "write",
                    json!({"status": "completed", "input": {"filePath": "/w/n.txt", "content": "DONE"}, "output": "", "metadata": {"exists": false}}),
                ),
            ),
            line(
                "tool_use",
                2,
                tool(
                    "c2",
                    "edit",
                    json!({"status": "completed", "input": {"filePath": "/w/a.py", "oldString": "b = 1", "newString": "b = 2"}, "output": ""}),
                ),
            ),
            json!({"type": "error", "timestamp": 3, "sessionID": "ses_4947", "error": {"name": "APIError", "data": {"message": "Overloaded", "statusCode": 529}}}),
        ]);
        let edits: Vec<(&str, &str, Option<u32>)> = trajectory
            .steps
            .iter()
            .filter_map(|s| s.edit.as_ref())
            .map(|e| (e.before.as_str(), e.after.as_str(), e.first_line))
            .collect();
        assert_eq!(edits, [("", "DONE", None), ("b = 1", "b = 2", None)]);
        assert_eq!(trajectory.steps.last().unwrap().thought, "OpenCode stopped: Overloaded");
        assert_eq!(trajectory.exit_status.as_deref(), Some("error"));
    }
}
