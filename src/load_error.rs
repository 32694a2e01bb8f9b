//! The one error of loading a file of the data directory, naming the file: every page shows it
//! where the file was needed while the rest of the app keeps working.

use std::fmt;

/// A file of the data directory could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The URL that failed.
    pub url: String,
    /// Why.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.url, self.message)
    }
}
