//! What the split points share: code fetched the first time it is needed (the pages of
//! `pages/lazy.rs`, the list's search, the reading of run files and of results matrices, SHA-256
//! in wasm) may fail to arrive, and that is an error a reader is shown, never a panic that would
//! stop the app.

use leptos::wasm_split::SplitLoaderError;

use crate::load_error::LoadError;

/// A split point's code could not be fetched (the loader names the file in the console).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeNotLoaded;

impl CodeNotLoaded {
    /// The error a reader is shown: `what` (the "instance page", "search") could not be fetched.
    pub fn error(what: &str) -> LoadError {
        LoadError {
            url: format!("the {what}'s code"),
            message: "could not be fetched (the browser's console names the file); reload the page to try again".into(),
        }
    }
}

impl From<SplitLoaderError> for CodeNotLoaded {
    fn from(_: SplitLoaderError) -> Self {
        CodeNotLoaded
    }
}
