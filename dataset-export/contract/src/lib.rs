//! Benchscope's data contract, shared by the explorer (wasm) and the `benchscope` CLI (native).
//!
//! Everything a data directory holds is described here, once:
//! - [`manifest`]: `manifest.json`, the entry point the app fetches first;
//! - [`instance`]: a normalized task instance (SWE-bench family, FeatureBench, SWE-Dev and the
//!   Long Code Arena datasets all map onto it) and its compact index row;
//! - [`run`]: a model run and its per-instance results (pass/fail verdicts *or* metrics, so that
//!   benchmarks without a pass/fail column fit too);
//! - [`breakdown`]: resolved ratios by facet, and two runs paired;
//! - [`dropped`]: result files a reader drops on the page, read as runs;
//! - [`coverage`]: a run against its split (instances outside it left out and named);
//! - [`objects_only`]: JSON read with its structs from objects only, which keeps the array form's
//!   readers out of the explorer's wasm;
//! - [`json_document`]: a file holding one JSON document, told apart from JSON Lines, faults at
//!   their true line and column;
//! - [`json_forgiven`]: what published JSON holds that JSON does not allow (trailing commas,
//!   Python's `NaN` and `Infinity`), read past;
//! - [`inline`]: the words a modified line changed, for word-level diff highlighting;
//! - [`compare`]: a model patch against the gold patch, file by file;
//! - [`query`]: filtering and counting index rows;
//! - [`outcomes`]: facets derived from loaded runs (resolved, failure mode, resolved by);
//! - [`leaderboard`]: a leaderboard row per run;
//! - [`metric_labels`]: the words a page shows for a metric's key;
//! - [`log`]: logs as documents (the first error, the lines around it, line search);
//! - [`site`]: `site.json`, a published site's title, introduction and views;
//! - [`stats`]: Wilson intervals and McNemar's exact test;
//! - [`search`]: the full-text index's tokenizer, files and BM25 ranking;
//! - [`patch`]: the unified-diff parser both sides use, so the change statistics the CLI exports
//!   and the diff the app draws can never disagree;
//! - [`file_names`]: names of files given compressed, less their suffix;
//! - [`wording`]: counted nouns ("1 instance", "3 errors"), as pages and CLI summaries write them.
//!
//! The crate does no file or network I/O and never depends on the web stack.
//!
//! ```
//! use benchscope_contract::patch::parse_patch;
//! let files = parse_patch("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-old\n+new\n");
//! assert_eq!(files[0].added_and_removed(), (1, 1));
//! ```
#![deny(missing_docs)]

pub mod breakdown;
pub mod compare;
pub mod coverage;
pub mod dates;
pub mod dropped;
pub mod extras;
pub mod failure_mode;
pub mod file_names;
pub mod image_names;
pub mod inline;
pub mod instance;
pub mod json_document;
pub mod json_forgiven;
pub mod leaderboard;
pub mod list;
pub mod log;
pub mod manifest;
pub mod metric_labels;
pub mod natural_order;
pub mod objects_only;
pub mod outcomes;
pub mod patch;
pub mod prediction;
pub mod query;
pub mod results;
pub mod run;
pub mod run_summary;
pub mod runs_only;
pub mod search;
pub mod site;
pub mod sorting;
pub mod standings;
pub mod stats;
pub mod text_diff;
pub mod trajectory;
pub mod verdicts;
pub mod wording;

pub use instance::{
    ChangeStats, DetailShard, Document, DocumentKind, IndexRow, IndexShard, Instance, PatchRole, RolePatch, SourceFiles, TestLists,
};
pub use manifest::{DatasetEntry, FacetCount, FileEntry, Manifest, RunEntry, SplitEntry, FORMAT_VERSION, OLDEST_READABLE_VERSION};
pub use run::{InstanceResult, PatchShard, Run, SystemInfo, TestStatus, TestTally};
