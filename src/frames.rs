//! Work that waits until the frame being prepared is drawn.

use std::time::Duration;

use leptos::prelude::{request_animation_frame, set_timeout};

/// Runs `work` once the next frame is drawn: a frame callback runs just before the frame is
/// painted, and the task it queues runs after. What a reader is waiting for (a keystroke's
/// results, the first rows) is on screen before `work` starts.
pub fn after_next_frame(work: impl FnOnce() + 'static) {
    request_animation_frame(move || set_timeout(work, Duration::ZERO));
}
