//! `manifest.json`: what a data directory holds and where each shard is.
//!
//! The app reads the manifest first, shows datasets, splits and facet counts from it, and fetches
//! index shards for listing and detail shards only when an instance is opened.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The version of the data-directory layout. Bumped on any incompatible change; the app refuses
/// a manifest whose version it does not know instead of misreading it. Version 2 leaves zero
/// counts out of index rows and change statistics.
pub const FORMAT_VERSION: u32 = 2;

/// The oldest version this crate still reads: version 1 wrote every zero count, which version 2
/// reads as the zero it leaves out.
pub const OLDEST_READABLE_VERSION: u32 = 1;

/// The root of a data directory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// Layout version, [`FORMAT_VERSION`] when written by this crate.
    pub format_version: u32,
    /// The program that wrote the directory, e.g. `benchscope 0.1.0`.
    pub generator: String,
    /// Datasets in the directory, sorted by name.
    pub datasets: Vec<DatasetEntry>,
    /// Every shard file with its size and content hash, sorted by path.
    pub files: Vec<FileEntry>,
    /// Model runs imported or evaluated into the directory, sorted by id. A run may name a
    /// dataset that is not exported here (a leaderboard-only site).
    #[serde(default)]
    pub runs: Vec<RunEntry>,
}

impl Manifest {
    /// The dataset called `name`, if present.
    pub fn dataset(&self, name: &str) -> Option<&DatasetEntry> {
        self.datasets.iter().find(|d| d.name == name)
    }
}

/// One dataset (one benchmark as published, e.g. `swe-bench-lite`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DatasetEntry {
    /// The dataset's name, unique in the directory.
    pub name: String,
    /// The record format it was read from (`swe-bench`, ...).
    pub format: String,
    /// Its splits, sorted by name.
    pub splits: Vec<SplitEntry>,
}

impl DatasetEntry {
    /// The split called `name`, if present.
    pub fn split(&self, name: &str) -> Option<&SplitEntry> {
        self.splits.iter().find(|s| s.name == name)
    }
}

/// One split of a dataset (`test`, `dev`, `lite`, ...).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SplitEntry {
    /// The split's name.
    pub name: String,
    /// How many instances it has.
    pub instances: usize,
    /// Facet name (`repo`, `category`, `year`, ...) to its values with counts, most frequent first.
    pub facets: BTreeMap<String, Vec<FacetCount>>,
    /// Paths, relative to the data directory, of the index shards, in order.
    pub index_shards: Vec<String>,
    /// Paths of the detail shards; [`crate::IndexRow::detail`] indexes into this list.
    pub detail_shards: Vec<String>,
    /// Path of the split's [`crate::search::SearchMeta`], when a search index was written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
}

/// A run as the manifest lists it; the whole run is in the file at `path`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunEntry {
    /// The run's id.
    pub id: String,
    /// Dataset it was evaluated on.
    pub dataset: String,
    /// Split.
    pub split: String,
    /// Who produced it.
    pub system: crate::run::SystemInfo,
    /// Date, `YYYY-MM-DD`, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Path of the [`crate::Run`] file, relative to the data directory.
    pub path: String,
    /// Per-instance results it holds.
    pub instances: usize,
    /// How many of them are resolved (`None` for metric-scored runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved: Option<usize>,
    /// The source's headline numbers.
    #[serde(default)]
    pub headline: BTreeMap<String, f64>,
}

/// A facet value and how many instances carry it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FacetCount {
    /// The value, e.g. `django/django`.
    pub value: String,
    /// Number of instances with that value.
    pub count: usize,
}

/// A file of the data directory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileEntry {
    /// Path relative to the data directory, `/`-separated.
    pub path: String,
    /// Size in bytes.
    pub bytes: u64,
    /// Lower-case hex SHA-256 of the content.
    pub sha256: String,
}
