//! What the person and the agent said between the agent's calls, as the readers of agents'
//! transcripts keep it: the person's first words are the task, later ones a step of their own;
//! the agent's words since its last call are that call's thought, or a step of their own when no
//! call follows; and the calls wait for their answers ([`AwaitingAnswers`]).

use benchscope_contract::trajectory::Step;

use super::answers::AwaitingAnswers;
use super::transcripts::{add_words, words_step};

/// The turns read so far.
#[derive(Default)]
pub struct Turns {
    task: Option<String>,
    /// What the agent said since its last call.
    said: String,
    waiting: AwaitingAnswers,
}

impl Turns {
    /// The person's `words` (unless blank): the task, or after it a step after what the agent
    /// said.
    pub fn prompted(&mut self, words: String, steps: &mut Vec<Step>) {
        if words.trim().is_empty() {
            return;
        }
        match self.task {
            None => self.task = Some(words),
            Some(_) => {
                self.end_words(steps);
                self.waiting.push(None, Step::prompt(words), steps);
            }
        }
    }

    /// Adds the agent's `words` (unless blank) to what it said since its last call, a blank line
    /// after what was there.
    pub fn say(&mut self, words: &str) {
        add_words(&mut self.said, words);
    }

    /// Adds a piece of the agent's words streamed in pieces, joined to the one before it.
    pub fn say_piece(&mut self, piece: &str) {
        self.said.push_str(piece);
    }

    /// A call, answered by call `call` (`None`: it waits for nothing), made into its step by
    /// `step` from what the agent said before it.
    pub fn call(&mut self, call: Option<String>, step: impl FnOnce(String) -> Step, steps: &mut Vec<Step>) {
        let step = step(std::mem::take(&mut self.said));
        self.waiting.push(call, step, steps);
    }

    /// Gives the answer to call `call` to the step waiting for it (`fill` writes it in).
    pub fn answer(&mut self, call: &str, fill: impl FnOnce(&mut Step), steps: &mut Vec<Step>) {
        self.waiting.answer(call, fill, steps);
    }

    /// A step of the agent's words alone: what it said after its last call.
    pub fn end_words(&mut self, steps: &mut Vec<Step>) {
        let thought = std::mem::take(&mut self.said);
        if !thought.trim().is_empty() {
            self.waiting.push(None, words_step(thought), steps);
        }
    }

    /// A step that is none of these (an error the agent stopped on), after what was said.
    pub fn push(&mut self, step: Step, steps: &mut Vec<Step>) {
        self.end_words(steps);
        self.waiting.push(None, step, steps);
    }

    /// Every step still held, and the task.
    pub fn finish(mut self, steps: &mut Vec<Step>) -> Option<String> {
        self.end_words(steps);
        self.waiting.finish(steps);
        self.task
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_become_a_calls_thought_or_a_step_and_later_prompts_steps() {
        let mut turns = Turns::default();
        let mut steps = Vec::new();
        turns.prompted("Fix it.".into(), &mut steps);
        turns.say("Looking");
        turns.say_piece(" first.");
        turns.call(
            Some("c1".into()),
            |thought| Step {
                thought,
                action: "ls".into(),
                ..Step::default()
            },
            &mut steps,
        );
        turns.say("Found it.");
        turns.prompted("Now the docs.".into(), &mut steps);
        assert!(steps.is_empty(), "all wait for the call's answer");
        turns.answer("c1", |step| step.observation = "a.py".into(), &mut steps);
        turns.prompted("  ".into(), &mut steps);
        let task = turns.finish(&mut steps);
        assert_eq!(task.as_deref(), Some("Fix it."));
        let shown: Vec<(&str, &str, &str, &str)> = steps
            .iter()
            .map(|s| (s.prompt.as_str(), s.thought.as_str(), s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("", "Looking first.", "ls", "a.py"),
                ("", "Found it.", "", ""),
                ("Now the docs.", "", "", "")
            ]
        );
    }
}
