//! Work that waits until the frame being prepared is drawn.

use std::time::Duration;

use leptos::prelude::*;

/// Runs `work` once the next frame is drawn: a frame callback runs just before the frame is
/// painted, and the task it queues runs after. What a reader is waiting for (a keystroke's
/// results, the first rows) is on screen before `work` starts.
pub fn after_next_frame(work: impl FnOnce() + 'static) {
    request_animation_frame(move || set_timeout(work, Duration::ZERO));
}

/// `now`'s value, taken a frame after it changes: what follows it is drawn in the frame after
/// the one that shows the change, and costs that frame nothing. By then the view reading it may
/// be gone.
pub fn a_frame_later<T: Clone + PartialEq + Send + Sync + 'static>(now: Memo<T>) -> ReadSignal<T> {
    let later = RwSignal::new(now.get_untracked());
    Effect::new(move |_| {
        now.track();
        after_next_frame(move || {
            let Some(now) = now.try_get_untracked() else { return };
            if later.try_with_untracked(|shown| *shown != now) == Some(true) {
                later.try_set(now);
            }
        });
    });
    later.read_only()
}
