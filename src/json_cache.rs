//! JSON files already fetched, by URL: each is fetched once, then shared. A file asked for again
//! while it is on its way is waited for, not fetched a second time.
//!
//! The files are kept as `Arc<dyn Any>` in one map type, and [`JsonCache<T>`] only casts them
//! back: kept as `Arc<T>`, each of the dozen file types compiled its own copy of the map, its
//! slots and the waiting for them into the wasm.

use std::any::Any;
use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};

use futures::channel::oneshot;
use futures::future::LocalBoxFuture;

use crate::load_error::LoadError;

/// A parsed file, of whichever type its cache holds.
pub(crate) type Shared = Arc<dyn Any + Send + Sync>;

/// Fetches and parses a file for [`Files::get`].
pub(crate) type Load<'a> = dyn Fn() -> LocalBoxFuture<'a, Result<Shared, LoadError>> + 'a;

/// JSON files of type `T` already fetched, by URL (see the module's documentation).
pub struct JsonCache<T> {
    files: Files,
    file_type: PhantomData<fn() -> T>,
}

impl<T> Clone for JsonCache<T> {
    fn clone(&self) -> Self {
        JsonCache {
            files: self.files.clone(),
            file_type: PhantomData,
        }
    }
}

impl<T> Default for JsonCache<T> {
    fn default() -> Self {
        JsonCache {
            files: Files::default(),
            file_type: PhantomData,
        }
    }
}

impl<T: Send + Sync + 'static> JsonCache<T> {
    /// Keeps `value` as the file at `url`, so it is never fetched (runs dropped on the page).
    pub fn insert(&self, url: &str, value: T) {
        self.files.insert(url, Arc::new(value));
    }

    /// The file at `url` if it is already here, without fetching it.
    pub fn peek(&self, url: &str) -> Option<Arc<T>> {
        self.files.peek(url).map(Self::typed)
    }

    /// The file at `url`, from the cache or fetched and parsed by `load` (and kept). A failure
    /// is not kept: the next call tries again. (`JsonCache::get`, in `api.rs`, fetches JSON.)
    pub async fn get_with(&self, url: &str, load: impl AsyncFn(&str) -> Result<T, LoadError>) -> Result<Arc<T>, LoadError> {
        let load_shared = || -> LocalBoxFuture<'_, Result<Shared, LoadError>> {
            Box::pin(async { load(url).await.map(|file| Arc::new(file) as Shared) })
        };
        self.get_shared(url, &load_shared).await
    }

    /// The file at `url`, from the cache or given by `load` as a `T` (and kept). Only the cast
    /// back to `T` is compiled per file type: the cache's waiting, boxed, is compiled once.
    pub async fn get_shared<'a>(&'a self, url: &'a str, load: &'a Load<'a>) -> Result<Arc<T>, LoadError> {
        let file: LocalBoxFuture<'a, _> = Box::pin(self.files.get(url, load));
        file.await.map(Self::typed)
    }

    fn typed(file: Shared) -> Arc<T> {
        // Only this cache's methods put files in its map, and they put `T`s.
        file.downcast().expect("a JsonCache<T> holds Ts")
    }
}

/// A file of [`Files`]: parsed, or being fetched with the callers waiting for it.
enum Slot {
    Ready(Shared),
    Loading(Vec<oneshot::Sender<Result<Shared, LoadError>>>),
}

/// The files of a [`JsonCache`], whatever their type.
#[derive(Clone, Default)]
struct Files(Arc<Mutex<HashMap<String, Slot>>>);

/// What a caller of [`Files::get`] does: take the file, wait for another caller's fetch, or
/// fetch it.
enum Turn {
    Have(Shared),
    Wait(oneshot::Receiver<Result<Shared, LoadError>>),
    Fetch,
}

impl Files {
    fn insert(&self, url: &str, file: Shared) {
        if let Ok(mut files) = self.0.lock() {
            files.insert(url.to_string(), Slot::Ready(file));
        }
    }

    fn peek(&self, url: &str) -> Option<Shared> {
        match self.0.lock().ok()?.get(url)? {
            Slot::Ready(file) => Some(file.clone()),
            Slot::Loading(_) => None,
        }
    }

    async fn get<'a>(&'a self, url: &'a str, load: &'a Load<'a>) -> Result<Shared, LoadError> {
        match self.turn(url) {
            Turn::Have(file) => Ok(file),
            Turn::Wait(receiver) => match receiver.await {
                Ok(result) => result,
                // The fetching caller was dropped (its page closed): fetch it here.
                Err(_) => load().await,
            },
            Turn::Fetch => {
                let in_progress = FetchInProgress { files: self, url };
                let result = load().await;
                // In: the slot is settled below, the file kept or, on a failure, removed.
                std::mem::forget(in_progress);
                for sender in self.settle(url, &result) {
                    let _ = sender.send(result.clone());
                }
                result
            }
        }
    }

    fn turn(&self, url: &str) -> Turn {
        let Ok(mut files) = self.0.lock() else { return Turn::Fetch };
        match files.get_mut(url) {
            Some(Slot::Ready(file)) => Turn::Have(file.clone()),
            Some(Slot::Loading(waiting)) => {
                let (sender, receiver) = oneshot::channel();
                waiting.push(sender);
                Turn::Wait(receiver)
            }
            None => {
                files.insert(url.to_string(), Slot::Loading(Vec::new()));
                Turn::Fetch
            }
        }
    }

    /// Keeps the file fetched for `url`, or on a failure forgets its slot; returns the callers
    /// that were waiting for it.
    fn settle(&self, url: &str, result: &Result<Shared, LoadError>) -> Vec<oneshot::Sender<Result<Shared, LoadError>>> {
        let Ok(mut files) = self.0.lock() else { return Vec::new() };
        let slot = match result {
            Ok(file) => files.insert(url.to_string(), Slot::Ready(file.clone())),
            Err(_) => files.remove(url),
        };
        match slot {
            Some(Slot::Loading(waiting)) => waiting,
            _ => Vec::new(),
        }
    }
}

/// Held by the caller fetching a file: if that caller is dropped before the file is in (its page
/// closed), the file's slot goes, so the callers waiting for it fetch it themselves and the next
/// caller fetches it again instead of waiting for a fetch nobody is making.
struct FetchInProgress<'a> {
    files: &'a Files,
    url: &'a str,
}

impl Drop for FetchInProgress<'_> {
    fn drop(&mut self) {
        if let Ok(mut files) = self.files.0.lock() {
            if matches!(files.get(self.url), Some(Slot::Loading(_))) {
                files.remove(self.url);
            }
        }
    }
}
