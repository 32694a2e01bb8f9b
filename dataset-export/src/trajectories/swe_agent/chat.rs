//! SWE-agent's classic trajectories written as a conversation, as nebius' `SWE-agent-trajectories`
//! publishes them (`trajectory`: `{role, text}` items, `system`, `user` and `ai`): each `ai`
//! message is a discussion and its command, the last fenced block, answered by the next `user`
//! message, whose shell prompt (`(Open file: …)`, `(Current directory: …)`, `bash-$`) is left
//! off. A classic `edit` becomes a diff as in a `.traj` ([`super::edits`]).

use benchscope_contract::trajectory::{Step, Trajectory};
use serde_json::Value;

use super::edits::SeenFiles;
use crate::trajectories::mini_swe_agent::fenced_blocks;
use crate::trajectories::StepReader;

/// Reads the conversation's items as they come.
#[derive(Default)]
pub struct ChatReader {
    task: Option<String>,
    /// The `ai` message waiting for its answer.
    asked: Option<String>,
    seen: SeenFiles,
}

impl ChatReader {
    /// A reader of one conversation.
    pub fn new() -> Self {
        Self::default()
    }

    fn step(&mut self, said: &str, answer: &str) -> Step {
        let (thought, action) = discussion_and_command(said);
        let mut step = Step {
            thought,
            tool: action.split_whitespace().next().map(str::to_string),
            action,
            observation: without_prompt(answer).to_string(),
            ..Step::default()
        };
        self.seen.attach_edit(&mut step);
        step
    }
}

impl StepReader for ChatReader {
    fn element(&mut self, _key: &str, item: Value, steps: &mut Vec<Step>) {
        let text = ["text", "content"]
            .iter()
            .find_map(|key| item.get(*key).and_then(Value::as_str))
            .unwrap_or_default()
            .to_string();
        match item.get("role").and_then(Value::as_str).unwrap_or_default() {
            "user" => match self.asked.take() {
                Some(asked) => steps.push(self.step(&asked, &text)),
                None if self.task.is_none() => self.task = Some(text),
                None => {}
            },
            "ai" | "assistant" => {
                if let Some(unanswered) = self.asked.replace(text) {
                    steps.push(self.step(&unanswered, ""));
                }
            }
            _ => {}
        }
    }

    fn finish(mut self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        if let Some(asked) = self.asked.take() {
            steps.push(self.step(&asked, ""));
        }
        Trajectory {
            task: self.task,
            ..Trajectory::default()
        }
    }
}

/// The discussion and the command of an `ai` message: the command is its last fenced block, as
/// SWE-agent's parser takes it; a message with none ran nothing.
fn discussion_and_command(said: &str) -> (String, String) {
    match fenced_blocks(said).pop() {
        Some((start, _, body)) => {
            let thought = super::without_discussion_heading(&said[..start]);
            (thought, body.trim_end().to_string())
        }
        None => (said.trim().to_string(), String::new()),
    }
}

/// An observation without the shell prompt SWE-agent appends to it.
fn without_prompt(observation: &str) -> &str {
    let trimmed = observation.trim_end();
    match trimmed.rfind("(Open file:") {
        Some(at) if trimmed.ends_with("bash-$") => trimmed[..at].trim_end(),
        _ => trimmed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(items: Vec<Value>) -> (Trajectory, Vec<Step>) {
        let mut reader: Box<dyn StepReader> = Box::new(ChatReader::new());
        let mut steps = Vec::new();
        for item in items {
            reader.element("trajectory", item, &mut steps);
        }
        let trajectory = reader.finish(&mut steps);
        (trajectory, steps)
    }

    #[test]
    fn each_ai_message_and_its_answer_make_a_step() {
        let (trajectory, steps) = read(vec![
            json!({"role": "system", "text": null, "system_prompt": "SETTING: ..."}),
            json!({"role": "user", "text": "ISSUE: it breaks\n\n(Open file: n/a)\n(Current directory: /lexicon)\nbash-$"}),
            json!({"role": "ai", "text": "Let me look.\n\n```\nfind_file \"memset.py\" lexicon\n```"}),
            json!({"role": "user", "text": "Found 1 matches\n\n(Open file: n/a)\n(Current directory: /lexicon)\nbash-$"}),
            json!({"role": "ai", "text": "DISCUSSION\nDone.\n\n```\nsubmit\n```"}),
        ]);
        assert!(trajectory.task.unwrap().starts_with("ISSUE: it breaks"));
        let read: Vec<(&str, &str, Option<&str>, &str)> = steps
            .iter()
            .map(|s| (s.thought.as_str(), s.action.as_str(), s.tool.as_deref(), s.observation.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                (
                    "Let me look.",
                    "find_file \"memset.py\" lexicon",
                    Some("find_file"),
                    "Found 1 matches"
                ),
                ("Done.", "submit", Some("submit"), ""),
            ]
        );
    }

    #[test]
    fn the_command_is_the_last_block_and_a_message_without_one_ran_nothing() {
        let quoted = "The bug:\n```python\nx = 1\n```\nSo:\n```\nedit 3:3\n    x = 2\nend_of_edit\n```\nThen I wait.";
        assert_eq!(discussion_and_command(quoted).1, "edit 3:3\n    x = 2\nend_of_edit");
        assert_eq!(
            discussion_and_command("no block here"),
            ("no block here".to_string(), String::new())
        );
        assert_eq!(discussion_and_command("```\nls\n```"), (String::new(), "ls".to_string()));
        assert_eq!(without_prompt("out\n\n(Open file: /a.py)\n(Current directory: /r)\nbash-$"), "out");
        assert_eq!(without_prompt("plain output\n"), "plain output");
    }
}
