//! What Codex's readers of its events keep between lines ([`super::session`] and
//! [`super::legacy`]): the agent's words since its last action, the actions waiting for their
//! answers, the tokens so far and how the session ended.

use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::Step;
use serde_json::Value;

use super::super::answers::AwaitingAnswers;
use super::super::text;
use super::super::transcripts::{add_words, words_step};

/// The conversation read so far.
#[derive(Default)]
pub struct Conversation {
    /// What the agent said since its last action: the next action's thought, or a step itself.
    said: String,
    pub waiting: AwaitingAnswers,
    /// Tokens sent and answered, as the last `token_count` totals them.
    pub tokens: Option<(u64, u64)>,
    pub ended: Option<String>,
}

impl Conversation {
    /// Adds the agent's `words` to what it said since its last action.
    pub fn say(&mut self, words: Option<String>) {
        add_words(&mut self.said, &words.unwrap_or_default());
    }

    /// Adds an action (answered by call `call`), after what the agent said before it.
    pub fn push(&mut self, call: Option<String>, step: Step, steps: &mut Vec<Step>) {
        let said = std::mem::take(&mut self.said);
        let thought = match step.thought.is_empty() {
            true => said,
            false if said.is_empty() => step.thought,
            false => format!("{said}\n\n{}", step.thought),
        };
        self.waiting.push(call, Step { thought, ..step }, steps);
    }

    /// Takes in one of Codex's events that count tokens or end a turn: `token_count` (its totals
    /// flat, as the first versions wrote them, or under `info.total_token_usage`),
    /// `task_complete`, `turn_aborted` (its reason) or `error` (its message, said as the last
    /// step). Whether `event` was one.
    pub fn ending_event(&mut self, event: &Value, steps: &mut Vec<Step>) -> bool {
        match type_of(event) {
            Some("token_count") => {
                let total = event.pointer("/info/total_token_usage").unwrap_or(event);
                let count = |key: &str| total.get(key).and_then(Value::as_u64);
                // `input_tokens` counts the cached ones among them, as OpenAI's usage does.
                if let Some(sent) = count("input_tokens") {
                    self.tokens = Some((sent, count("output_tokens").unwrap_or(0)));
                }
            }
            Some("task_complete") => self.ended = Some("completed".to_string()),
            Some("turn_aborted") => self.ended = Some(text(event, "reason").unwrap_or_else(|| "aborted".to_string())),
            Some("error") => {
                let message = text(event, "message").unwrap_or_else(|| "no message".to_string());
                self.end_words(steps);
                self.push(None, words_step(format!("Codex stopped: {message}")), steps);
                self.ended = Some("failed".to_string());
            }
            _ => return false,
        }
        true
    }

    /// A prompt the person gave after the task: a step of its own, after what the agent said.
    pub fn prompted(&mut self, words: String, steps: &mut Vec<Step>) {
        self.end_words(steps);
        self.waiting.push(None, Step::prompt(words), steps);
    }

    /// What the agent said after its last action is a step of its own.
    pub fn end_words(&mut self, steps: &mut Vec<Step>) {
        if !self.said.is_empty() {
            let thought = std::mem::take(&mut self.said);
            self.waiting.push(None, words_step(thought), steps);
        }
    }

    /// Every step still held; the session's tokens and how it ended.
    pub fn finish(mut self, steps: &mut Vec<Step>) -> (Option<(u64, u64)>, Option<String>) {
        self.end_words(steps);
        self.waiting.finish(steps);
        (self.tokens, self.ended)
    }
}
