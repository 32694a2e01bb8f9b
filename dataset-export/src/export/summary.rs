//! The machine-readable summary `--summary-json` writes.

use std::path::Path;

use serde::Serialize;

use crate::error::ErrorSummary;

/// What an export read, wrote and skipped.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    /// Records read from all inputs (good and bad).
    pub records_read: u64,
    /// Instances written.
    pub instances_written: u64,
    /// Bad records skipped (with `--skip-bad`) or met (without it).
    pub records_skipped: u64,
    /// Every error, with file, line / element / row / entry, field and message.
    pub errors: Vec<ErrorSummary>,
    /// Instances written per dataset and split.
    pub splits: Vec<SplitSummary>,
    /// Splits the directory already held that the export kept as they were.
    pub kept: Vec<SplitSummary>,
    /// Things worth knowing that did not stop the export.
    pub warnings: Vec<String>,
}

/// One split's instance count.
#[derive(Debug, Clone, Serialize)]
pub struct SplitSummary {
    /// Dataset name.
    pub dataset: String,
    /// Split name.
    pub split: String,
    /// Instances written.
    pub instances: usize,
}

impl Summary {
    /// Writes the summary as JSON to `path` (write, then rename).
    pub fn write(&self, path: &Path) -> anyhow::Result<()> {
        let mut bytes = serde_json::to_vec_pretty(self)?;
        bytes.push(b'\n');
        crate::data_dir::write_atomically(path, &bytes)
    }
}
