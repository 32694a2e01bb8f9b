//! The library behind the `benchscope` command.
//!
//! - [`input`] turns a file (JSONL or a JSON array) into a stream of records with their location;
//! - [`formats`] holds one module per benchmark format, each turning a record into a contract
//!   [`benchscope_contract::Instance`];
//! - [`export`] writes a static data directory (manifest, index shards, detail shards) atomically
//!   and deterministically;
//! - [`run_store`] adds runs (results, model patches, logs) to a data directory;
//! - [`logs`] parses test logs (pytest, Django, sympy) into per-test statuses, and [`grading`]
//!   turns statuses into verdicts with the SWE-bench and FeatureBench rules;
//! - [`importers`] (`benchscope import`), [`grade_logs`] (`benchscope grade`) and [`evaluate`]
//!   (`benchscope eval`) produce runs;
//! - [`categories`] maps repositories to categories;
//! - [`error`] carries the file, record and field of every problem with the input.

pub mod categories;
pub mod commands;
pub mod data_dir;
pub mod error;
pub mod evaluate;
pub mod export;
pub mod formats;
pub mod grade_logs;
pub mod grading;
pub mod importers;
pub mod input;
pub mod logs;
pub mod metrics;
pub mod predictions;
pub mod progress;
pub mod publish;
pub mod repos;
pub mod run_checks;
pub mod run_store;
pub mod run_summary;
pub mod scoring;
