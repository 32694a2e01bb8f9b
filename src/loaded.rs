//! Values fetched while the page is shown: a Leptos `LocalResource` whose value is stored as
//! `Rc<dyn Any>`.
//!
//! Why not `LocalResource<T>` itself: the reactive machinery behind a resource (its async
//! derived signal, its futures, their drop glue) is generic over `T`, so each of the explorer's
//! dozen value types compiled its own copy of it, about 7 KB of wasm each. Stored as one type,
//! that machinery is compiled once; only reading the value back is per type (all the wasm went
//! from 815 to 806 KB gzipped). It is generic over the fetching closure too, so the closure is
//! boxed into one type before the resource is built (744.5 to 730 KB).

use std::any::Any;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::rc::Rc;

use leptos::prelude::*;

/// A value of type `T` fetched by an async function, re-fetched when a signal it read changes.
pub struct Loaded<T> {
    resource: LocalResource<Rc<dyn Any>>,
    value: PhantomData<fn() -> T>,
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
            resource: erased_resource(Box::new(move || {
                let pending = fetch();
                Box::pin(async move { Rc::new(pending.await) as Rc<dyn Any> })
            })),
            value: PhantomData,
        }
    }

    /// The value once fetched (`None` while it is being fetched), tracked like a signal.
    pub fn get(&self) -> Option<T> {
        self.resource.with(|stored| stored.as_ref().map(|value| Self::read(value).clone()))
    }

    /// `f` of the value once fetched, without cloning it, tracked like a signal.
    pub fn with<U>(&self, f: impl FnOnce(Option<&T>) -> U) -> U {
        self.resource.with(|stored| f(stored.as_ref().map(Self::read)))
    }

    fn read(stored: &Rc<dyn Any>) -> &T {
        // Only `new` stores a value, and it stores a `T`.
        stored.downcast_ref().expect("a Loaded<T> holds a T")
    }
}

/// A fetch as one type, whatever its value and its future: the resource is built from it, so
/// its machinery (the async derived signal, the future it polls) is compiled once rather than
/// once per caller's closure.
type ErasedFetch = Box<dyn Fn() -> Pin<Box<dyn Future<Output = Rc<dyn Any>>>>>;

fn erased_resource(fetch: ErasedFetch) -> LocalResource<Rc<dyn Any>> {
    LocalResource::new(fetch)
}
