//! Work that waits until the frame being prepared is drawn, or until typing pauses.

use std::cell::Cell;
use std::time::Duration;

use leptos::prelude::*;

use crate::effect::effect;

/// Runs `work` once the next frame is drawn: a frame callback runs just before the frame is
/// painted, and the task it queues runs after. What a reader is waiting for (a keystroke's
/// results, the first rows) is on screen before `work` starts.
pub fn after_next_frame(work: impl FnOnce() + 'static) {
    request_animation_frame(move || set_timeout(work, Duration::ZERO));
}

/// How long the rows must stay as they are before what follows them is drawn: longer than the
/// pause between two keystrokes of a person typing a word.
///
/// Whatever a keystroke leaves for later is drawn in a frame of its own. Drawn in the frames
/// right after the keystroke's, it made Chromium draw one more frame 100 ms later whenever its
/// navigation predictor watched one of the page's links (it samples one link in a hundred, with
/// an intersection observer that runs at most every 100 ms), and the next keystroke, typed 20 ms
/// after that frame, waited for the next one.
pub const SETTLE: Duration = Duration::from_millis(200);

/// Runs the last work given to it once the rows have stayed as they are for [`SETTLE`].
#[derive(Clone, Copy)]
pub struct Settle {
    asked: StoredValue<u64>,
}

thread_local! {
    /// When the rows last changed (ms since the epoch): work waiting for them to settle waits
    /// until [`SETTLE`] after it.
    static LAST_CHANGE: Cell<f64> = const { Cell::new(f64::NEG_INFINITY) };
}

/// The rows changed: all work waiting for them to settle waits [`SETTLE`] from now.
pub fn unsettle() {
    LAST_CHANGE.with(|last| last.set(js_sys::Date::now()));
}

impl Settle {
    pub fn new() -> Self {
        Settle {
            asked: StoredValue::new(0),
        }
    }

    /// Runs `work` [`SETTLE`] from now, or later if the rows change meanwhile, unless other work
    /// is given before then; not at all if the owner is gone by then.
    pub fn then(self, work: impl FnOnce() + 'static) {
        let Some(nth) = self.asked.try_update_value(|asked| {
            *asked += 1;
            *asked
        }) else {
            return;
        };
        self.wait(nth, SETTLE, work);
    }

    fn wait(self, nth: u64, delay: Duration, work: impl FnOnce() + 'static) {
        set_timeout(
            move || {
                if self.asked.try_get_value() != Some(nth) {
                    return;
                }
                let quiet = js_sys::Date::now() - LAST_CHANGE.with(Cell::get);
                let left = SETTLE.as_secs_f64() * 1000.0 - quiet;
                if left >= 1.0 {
                    self.wait(nth, Duration::from_secs_f64(left / 1000.0), work);
                } else {
                    work();
                }
            },
            delay,
        );
    }
}

impl Default for Settle {
    fn default() -> Self {
        Self::new()
    }
}

/// `now`'s value, taken once it has stayed the same for [`SETTLE`]: what follows it is drawn
/// when typing pauses, in a frame of its own, and costs the keystrokes' frames nothing. By then
/// the view reading it may be gone.
pub fn once_settled<T: Clone + PartialEq + Send + Sync + 'static>(now: Memo<T>) -> ReadSignal<T> {
    let later = RwSignal::new(now.get_untracked());
    let settle = Settle::new();
    effect(move |first| {
        now.track();
        // The first run only subscribes, unless the value changed since `later` took it.
        if first && now.with_untracked(|now| later.with_untracked(|shown| shown == now)) {
            return;
        }
        settle.then(move || {
            let Some(now) = now.try_get_untracked() else { return };
            if later.try_with_untracked(|shown| *shown != now) == Some(true) {
                later.try_set(now);
            }
        });
    });
    later.read_only()
}
