//! Errors about input data, always naming the file, the record and (when known) the field.

use std::fmt;
use std::path::PathBuf;

/// Where a record sits in its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// A 1-based line of a JSONL file.
    Line(u64),
    /// A 0-based element of a JSON array.
    Element(u64),
    /// The file as a whole.
    File,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Line(n) => write!(f, "line {n}"),
            Location::Element(n) => write!(f, "element {n}"),
            Location::File => write!(f, "file"),
        }
    }
}

/// A problem with one record (or with the file around it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The input file.
    pub file: PathBuf,
    /// The record.
    pub location: Location,
    /// The field at fault, when one is.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.location)?;
        if let Some(field) = &self.field {
            write!(f, ": field `{field}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for RecordError {}

/// A problem with one field, before the file and record are known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The field at fault, if a single one is.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl FieldError {
    /// An error about `field`.
    pub fn new(field: &str, message: impl Into<String>) -> Self {
        FieldError {
            field: Some(field.to_string()),
            message: message.into(),
        }
    }

    /// Places the error in its file and record.
    pub fn at(self, file: &std::path::Path, location: Location) -> RecordError {
        RecordError {
            file: file.to_path_buf(),
            location,
            field: self.field,
            message: self.message,
        }
    }
}
