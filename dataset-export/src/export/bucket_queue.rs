//! The search buckets waiting to be written, shared by the threads that write them.
//!
//! A bucket too large for one shard splits into children, which join the queue's front: every
//! thread then takes a piece of it. (Written by the thread that split it, one large bucket kept
//! one thread busy for twice as long as the other.)

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex};

pub(super) struct BucketQueue {
    state: Mutex<State>,
    changed: Condvar,
}

struct State {
    waiting: VecDeque<String>,
    /// Buckets taken and not yet done: each may still add children.
    in_hand: usize,
    stopped: bool,
}

impl BucketQueue {
    /// A queue of `names`, taken in their order.
    pub(super) fn new(names: impl IntoIterator<Item = String>) -> Self {
        BucketQueue {
            state: Mutex::new(State {
                waiting: names.into_iter().collect(),
                in_hand: 0,
                stopped: false,
            }),
            changed: Condvar::new(),
        }
    }

    /// The next bucket to write; waits while the queue is empty but a bucket in hand may still
    /// split. `None` once every bucket is done, or the queue was stopped.
    pub(super) fn take(&self) -> Option<String> {
        let mut state = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        loop {
            if state.stopped {
                return None;
            }
            if let Some(name) = state.waiting.pop_front() {
                state.in_hand += 1;
                return Some(name);
            }
            if state.in_hand == 0 {
                return None;
            }
            state = self.changed.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }

    /// A bucket taken is done; `children` (what it split into) are taken next.
    pub(super) fn done(&self, children: Vec<String>) {
        let mut state = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        state.in_hand -= 1;
        for child in children.into_iter().rev() {
            state.waiting.push_front(child);
        }
        self.changed.notify_all();
    }

    /// A writer failed: the others stop at their next bucket rather than wait for its children.
    pub(super) fn stop(&self) {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).stopped = true;
        self.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_come_next_and_a_waiting_thread_gets_them() {
        let queue = BucketQueue::new(["big".to_string(), "small".to_string()]);
        assert_eq!(queue.take().as_deref(), Some("big"));
        assert_eq!(queue.take().as_deref(), Some("small"));
        std::thread::scope(|scope| {
            // The queue is empty, but "big" is in hand: this thread waits for its children.
            let waiting = scope.spawn(|| queue.take());
            std::thread::sleep(std::time::Duration::from_millis(20));
            queue.done(vec!["bi".to_string(), "bj".to_string()]);
            assert_eq!(waiting.join().unwrap().as_deref(), Some("bi"));
        });
        queue.done(Vec::new());
        assert_eq!(queue.take().as_deref(), Some("bj"));
        queue.done(Vec::new());
        queue.done(Vec::new());
        assert_eq!(queue.take(), None, "all done");
    }

    #[test]
    fn a_stopped_queue_releases_its_waiting_threads() {
        let queue = BucketQueue::new(["a".to_string()]);
        queue.take();
        std::thread::scope(|scope| {
            let waiting = scope.spawn(|| queue.take());
            queue.stop();
            assert_eq!(waiting.join().unwrap(), None);
        });
    }
}
