//! Effects built from one closure type.
//!
//! Leptos's `Effect::new` is generic over its closure, and each closure compiled its own copy
//! of the effect's task (the future that waits for a change and runs the closure again), about
//! half a KB of wasm each. Boxed behind one type, that task is compiled once.

use leptos::prelude::*;

/// Runs `run` now and again whenever a signal it read changes; its argument is `true` on the
/// first run. State kept from one run to the next lives in the closure.
pub fn effect(run: impl FnMut(bool) + 'static) {
    erased_effect(Box::new(run));
}

fn erased_effect(mut run: Box<dyn FnMut(bool)>) {
    Effect::new(move |ran: Option<()>| run(ran.is_none()));
}
