//! Errors about input data, always naming the file, the record and (when known) the field.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;

/// Where a record sits in its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A 1-based line of a JSONL file.
    Line(u64),
    /// A 0-based element of a JSON array.
    Element(u64),
    /// A 0-based row of a Parquet file.
    Row(u64),
    /// A file inside a directory input.
    Entry(String),
    /// The input as a whole.
    File,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Line(n) => write!(f, "line {n}"),
            Location::Element(n) => write!(f, "element {n}"),
            Location::Row(n) => write!(f, "row {n}"),
            Location::Entry(name) => write!(f, "file {name}"),
            Location::File => write!(f, "file"),
        }
    }
}

/// A problem with one record (or with the input around it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The input file or directory.
    pub file: PathBuf,
    /// The record.
    pub location: Location,
    /// The field at fault, when one is.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl RecordError {
    /// An error about the input as a whole.
    pub fn about_file(file: &Path, message: String) -> Self {
        RecordError {
            file: file.to_path_buf(),
            location: Location::File,
            field: None,
            message,
        }
    }

    /// Whether the error concerns one record (so skipping it can make sense).
    pub fn is_record_level(&self) -> bool {
        self.location != Location::File
    }

    /// The machine-readable form used by `--summary-json`.
    pub fn to_summary(&self) -> ErrorSummary {
        let (line, element, row, entry) = match &self.location {
            Location::Line(n) => (Some(*n), None, None, None),
            Location::Element(n) => (None, Some(*n), None, None),
            Location::Row(n) => (None, None, Some(*n), None),
            Location::Entry(name) => (None, None, None, Some(name.clone())),
            Location::File => (None, None, None, None),
        };
        ErrorSummary {
            file: self.file.display().to_string(),
            line,
            element,
            row,
            entry,
            field: self.field.clone(),
            message: self.message.clone(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        // An error about the input as a whole names the input alone.
        if self.location != Location::File {
            write!(f, ": {}", self.location)?;
        }
        if let Some(field) = &self.field {
            write!(f, ": field `{field}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for RecordError {}

/// A record error as `--summary-json` writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorSummary {
    /// The input.
    pub file: String,
    /// 1-based line (JSONL).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// 0-based array element (JSON array, FeatureBench index).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<u64>,
    /// 0-based row (Parquet).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<u64>,
    /// File inside a directory input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
    /// The field at fault.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl ErrorSummary {
    /// The one-line form: `file: line N: field `x`: message`.
    pub fn display(&self) -> String {
        let place = match (self.line, self.element, self.row, &self.entry) {
            (Some(n), ..) => format!(": line {n}"),
            (_, Some(n), ..) => format!(": element {n}"),
            (_, _, Some(n), _) => format!(": row {n}"),
            (_, _, _, Some(name)) => format!(": file {name}"),
            _ => String::new(),
        };
        let field = self.field.as_ref().map(|f| format!(": field `{f}`")).unwrap_or_default();
        format!("{}{place}{field}: {}", self.file, self.message)
    }
}

/// A problem with one field, before the file and record are known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The field at fault, if a single one is.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl From<benchscope_contract::extras::ExtraError> for FieldError {
    fn from(error: benchscope_contract::extras::ExtraError) -> Self {
        FieldError::new(error.field, error.message)
    }
}

impl FieldError {
    /// An error about `field`.
    pub fn new(field: &str, message: impl Into<String>) -> Self {
        FieldError {
            field: Some(field.to_string()),
            message: message.into(),
        }
    }

    /// An error about the record as a whole.
    pub fn record(message: impl Into<String>) -> Self {
        FieldError {
            field: None,
            message: message.into(),
        }
    }

    /// Places the error in its file and record.
    pub fn at(self, file: &Path, location: Location) -> RecordError {
        RecordError {
            file: file.to_path_buf(),
            location,
            field: self.field,
            message: self.message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_names_its_input_and_the_record_when_it_is_about_one() {
        let record = RecordError {
            file: PathBuf::from("tasks.jsonl"),
            location: Location::Line(7),
            field: Some("FAIL_TO_PASS".into()),
            message: "not a list".into(),
        };
        assert_eq!(record.to_string(), "tasks.jsonl: line 7: field `FAIL_TO_PASS`: not a list");
        let whole = RecordError::about_file(Path::new("tasks/"), "holds no task files".into());
        assert_eq!(whole.to_string(), "tasks/: holds no task files");
    }
}
