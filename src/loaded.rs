//! Values fetched while the page is shown: a signal holding the last value fetched, and an
//! effect that fetches again whenever a signal the fetch reads changes.
//!
//! Why not Leptos's `LocalResource`: its async derived signal re-fetches only if it is still
//! marked dirty once its current fetch ends, and any reader that checks it in the meantime (a
//! memo over it, recomputed by a keystroke) clears that mark. A fetch started while another was
//! on its way was then never made: typed while the first search's bucket was fetched, the list
//! kept showing every row under its query (found in the search test on a loaded machine). Here
//! every change of what the fetch reads asks for a fetch, and the last one asked for is made and
//! its value kept.
//!
//! The value is stored as `Rc<dyn Any>`, and the fetching closure boxed into one type, so that
//! this machinery is compiled once rather than once per value type and per caller (as
//! `LocalResource<T>`, about 7 KB of wasm per type).

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::rc::Rc;

use leptos::prelude::*;

use crate::effect::effect;

/// A value of type `T` fetched by an async function, re-fetched when a signal it read changes.
pub struct Loaded<T> {
    value: RwSignal<Option<Rc<dyn Any>>, LocalStorage>,
    of_type: PhantomData<fn() -> T>,
}

impl<T> Clone for Loaded<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Loaded<T> {}

impl<T: Clone + 'static> Loaded<T> {
    /// Starts fetching with `fetch`, and again whenever a signal `fetch` reads changes.
    pub fn new<Fut>(fetch: impl Fn() -> Fut + 'static) -> Self
    where
        Fut: Future<Output = T> + 'static,
    {
        Self {
            value: erased_loading(Box::new(move || {
                let pending = fetch();
                Box::pin(async move { Rc::new(pending.await) as Rc<dyn Any> })
            })),
            of_type: PhantomData,
        }
    }

    /// The value last fetched (`None` until the first fetch ends; a fetch on its way keeps the
    /// value before it), tracked like a signal.
    pub fn get(&self) -> Option<T> {
        self.value.with(|stored| stored.as_ref().map(|value| Self::read(value).clone()))
    }

    /// `f` of the value once fetched, without cloning it, tracked like a signal.
    pub fn with<U>(&self, f: impl FnOnce(Option<&T>) -> U) -> U {
        self.value.with(|stored| f(stored.as_ref().map(Self::read)))
    }

    fn read(stored: &Rc<dyn Any>) -> &T {
        // Only `new` stores a value, and it stores a `T`.
        stored.downcast_ref().expect("a Loaded<T> holds a T")
    }
}

/// A fetch as one type, whatever its value and its future: the loading is built from it, so
/// its machinery (the effect, the task that awaits the future) is compiled once rather than once
/// per caller's closure.
type ErasedFetch = Box<dyn Fn() -> Pin<Box<dyn Future<Output = Rc<dyn Any>>>>>;

/// A fetch's future, not yet polled or on its way.
type PendingFetch = Pin<Box<dyn Future<Output = Rc<dyn Any>>>>;

/// The signal `fetch`'s values land in: an effect calls `fetch` now and whenever a signal it
/// read changes. One fetch runs at a time. One asked for meanwhile waits, replacing any that was
/// waiting (never polled, it did no work: typing on while a bucket is fetched ranks only the last
/// query, not every one typed), and it runs once the running one ends, whose value is dropped for it.
fn erased_loading(fetch: ErasedFetch) -> RwSignal<Option<Rc<dyn Any>>, LocalStorage> {
    let value = RwSignal::new_local(None);
    let running = Rc::new(Cell::new(false));
    let waiting: Rc<RefCell<Option<PendingFetch>>> = Rc::default();
    effect(move |_| {
        let pending = fetch();
        if running.replace(true) {
            *waiting.borrow_mut() = Some(pending);
            return;
        }
        let (running, waiting) = (running.clone(), waiting.clone());
        leptos::task::spawn_local(async move {
            // Taken in a call of its own, so that the cell is not borrowed across an await.
            let next = || waiting.borrow_mut().take();
            let mut fetched = pending.await;
            while let Some(pending) = next() {
                fetched = pending.await;
            }
            running.set(false);
            // The page may be gone by now: then there is nothing to show it in.
            let _ = value.try_set(Some(fetched));
        });
    });
    value
}
