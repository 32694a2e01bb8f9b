//! The library behind the `benchscope` command.
//!
//! - [`commands`] holds one file per subcommand: its arguments, the plan they make (checked before
//!   any work starts) and its report; the work is in the modules below;
//! - [`input`] turns a file (JSON Lines, a JSON array or object, CSV, Parquet, a folder) into a
//!   stream of records with their location;
//! - [`formats`] holds one [`formats::DatasetFormat`] per benchmark format, each turning a record
//!   into a contract [`benchscope_contract::Instance`]; [`id_list`] reads the lists of ids a
//!   subset is published as (`export --mark`);
//! - [`export`] writes a static data directory (manifest, index shards, detail shards, search
//!   index) atomically and deterministically; [`data_dir`] owns a data directory (its manifest,
//!   its lock, safe names, atomic writes);
//! - [`importers`] holds one [`importers::RunSource`] per run source format (`benchscope import`);
//!   [`logs`] one [`logs::LogFormat`] per test runner's output, and [`grading`] the SWE-bench and
//!   FeatureBench rules that [`grade_logs`] (`grade`) and [`evaluate`] (`eval`) apply;
//!   [`scoring`] one [`scoring::Scorer`] per scored format (`score`), with [`metrics`];
//! - [`run_checks`] checks a run against its data directory and [`run_store`] stores it, with
//!   its split's results matrix ([`results_store`]);
//!   [`publish`] builds a whole site's data directory from a configuration;
//! - [`categories`] maps repositories to categories, [`repos`] finds local clones, [`error`]
//!   carries the file, record and field of every problem with the input, and [`terminal`] makes
//!   the input's text in a message safe to print.

pub mod categories;
pub mod commands;
pub mod data_dir;
pub mod error;
pub mod evaluate;
pub mod export;
pub mod formats;
pub mod grade_logs;
pub mod grading;
pub mod id_list;
pub mod importers;
pub mod input;
pub mod logs;
pub mod metrics;
pub mod predictions;
pub mod progress;
pub mod publish;
pub mod pyrepr;
pub mod repos;
pub mod results_store;
pub mod run_checks;
pub mod run_store;
pub mod run_summary;
pub mod scoring;
pub mod source_label;
pub mod stated_parser;
pub mod streams;
pub mod terminal;
pub mod trajectories;
pub mod trajectory_spool;
