//! Steps waiting for their answers. In OpenHands' events and Inspect's messages an action (a tool
//! call) comes first and what it returned comes later, named by the call's id. Read as a stream,
//! a step is held until its answer is in, then passed on in the actions' order.

use std::collections::VecDeque;

use benchscope_contract::trajectory::Step;

/// Calls whose answer never comes (an agent cut off) hold the steps after them back; past this
/// many waiting steps the oldest goes on without its answer, so memory stays bounded.
const MOST_WAITING: usize = 64;

/// The steps not yet passed on, in order, each with the call id it waits for.
#[derive(Default)]
pub struct AwaitingAnswers {
    waiting: VecDeque<(Option<String>, Step)>,
}

impl AwaitingAnswers {
    /// Adds the next step, waiting for the answer to call `call` (`None`: it waits for nothing).
    pub fn push(&mut self, call: Option<String>, step: Step, steps: &mut Vec<Step>) {
        self.waiting.push_back((call, step));
        self.release(steps);
    }

    /// Gives the answer to call `call` to the first step waiting for it (`fill` writes it in);
    /// an answer nobody waits for is dropped.
    pub fn answer(&mut self, call: &str, fill: impl FnOnce(&mut Step), steps: &mut Vec<Step>) {
        if let Some((waits, step)) = self.waiting.iter_mut().find(|(waits, _)| waits.as_deref() == Some(call)) {
            fill(step);
            *waits = None;
        }
        self.release(steps);
    }

    /// Every step still held, answered or not.
    pub fn finish(self, steps: &mut Vec<Step>) {
        steps.extend(self.waiting.into_iter().map(|(_, step)| step));
    }

    fn release(&mut self, steps: &mut Vec<Step>) {
        while let Some((waits, _)) = self.waiting.front() {
            if waits.is_some() && self.waiting.len() <= MOST_WAITING {
                break;
            }
            steps.extend(self.waiting.pop_front().map(|(_, step)| step));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(action: &str) -> Step {
        Step {
            action: action.into(),
            ..Step::default()
        }
    }

    #[test]
    fn steps_go_on_in_order_once_answered() {
        let mut queue = AwaitingAnswers::default();
        let mut out = Vec::new();
        queue.push(Some("a".into()), step("first"), &mut out);
        queue.push(None, step("second"), &mut out);
        queue.push(Some("c".into()), step("third"), &mut out);
        assert!(out.is_empty(), "the first waits, and the rest behind it");
        queue.answer("c", |s| s.observation = "C".into(), &mut out);
        assert!(out.is_empty());
        queue.answer("a", |s| s.observation = "A".into(), &mut out);
        let seen: Vec<(&str, &str)> = out.iter().map(|s| (s.action.as_str(), s.observation.as_str())).collect();
        assert_eq!(seen, [("first", "A"), ("second", ""), ("third", "C")]);
        queue.answer("a", |s| s.observation = "again".into(), &mut out);
        queue.push(Some("never".into()), step("cut off"), &mut out);
        queue.finish(&mut out);
        assert_eq!(out.len(), 4, "an unanswered step still comes at the end");
    }

    #[test]
    fn a_call_never_answered_holds_back_at_most_a_bounded_number_of_steps() {
        let mut queue = AwaitingAnswers::default();
        let mut out = Vec::new();
        queue.push(Some("lost".into()), step("0"), &mut out);
        for i in 1..=MOST_WAITING {
            queue.push(None, step(&i.to_string()), &mut out);
        }
        assert_eq!(out.len(), MOST_WAITING + 1, "past the bound everything waiting went on, in order");
        assert_eq!(out[0].action, "0");
    }
}
