//! The `benchscope` command line: one file per subcommand, each holding its arguments, the plan
//! they make (checked before any work starts) and its execution and report. The work itself is
//! in the library modules the plan is handed to.

pub mod eval;
pub mod export;
pub mod grade;
pub mod import;
pub mod publish;
pub mod score;

use std::path::PathBuf;

use anyhow::bail;
use clap::{Args, Parser, Subcommand};

use crate::data_dir::{is_safe_name, DataDir};
use crate::run_checks::{check_and_add_runs, NameRules};
use crate::run_store::NewRun;
use crate::run_summary::{RunSummary, RunsSummary};
use crate::streams::spool;
use crate::terminal::shown;

/// Turns benchmark datasets into static data directories for the Benchscope explorer.
#[derive(Debug, Parser)]
#[command(name = "benchscope", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Export benchmark files (JSONL, a JSON array or object, CSV, Parquet, or a directory) into a data directory.
    Export(export::ExportArgs),
    /// Import harness outputs, leaderboards or predictions as runs into a data directory.
    Import(import::ImportArgs),
    /// Run each prediction's tests (fresh work tree, git apply, timeout, no network), grade them, add the run.
    Eval(eval::EvalArgs),
    /// Grade test logs against an exported dataset with the parser the SWE-bench harness picks for each repository (pytest, Django, sympy, Go, Rust, Java, JavaScript, ...), add the run.
    Grade(grade::GradeArgs),
    /// Build a site's data directory from a configuration (datasets, runs, title, intro, views).
    Publish(publish::PublishArgs),
    /// Score generations against an exported Long Code Arena dataset (BLEU, chrF, ROUGE, API recall, P/R/F1, exact match).
    Score(score::ScoreArgs),
}

impl Command {
    /// Runs the subcommand, reporting on stdout and stderr.
    pub fn execute(mut self) -> anyhow::Result<()> {
        let _copies = spool(self.inputs())?;
        match self {
            Command::Export(args) => export::execute(&args),
            Command::Import(args) => import::execute(&args),
            Command::Eval(args) => eval::execute(&args),
            Command::Grade(args) => grade::execute(&args),
            Command::Publish(args) => publish::execute(&args),
            Command::Score(args) => score::execute(&args),
        }
    }

    /// The files the subcommand reads its input from (a stream among them is copied first).
    fn inputs(&mut self) -> &mut [PathBuf] {
        match self {
            Command::Export(args) => &mut args.inputs,
            Command::Import(args) => &mut args.sources,
            Command::Eval(args) => std::slice::from_mut(&mut args.predictions),
            Command::Grade(args) => &mut args.logs,
            Command::Publish(args) => std::slice::from_mut(&mut args.config),
            Command::Score(args) => std::slice::from_mut(&mut args.predictions),
        }
    }
}

/// Where a run goes, shared by every command that adds runs.
#[derive(Debug, Args)]
pub struct RunTarget {
    /// The data directory the run is added to.
    #[arg(long)]
    pub data: PathBuf,
    /// Write the runs' counts (run_id, instances, resolved, unresolved, errors, resolved_ids, warnings) as JSON.
    #[arg(long, value_name = "PATH")]
    pub summary_json: Option<PathBuf>,
    /// Replace a run whose id the data directory already has (refused otherwise).
    #[arg(long)]
    pub replace: bool,
    /// A dataset name that the directory's exports do not have is meant: add a runs-only dataset
    /// (refused otherwise, as a likely typo, with the closest names suggested).
    #[arg(long)]
    pub new_dataset: bool,
}

/// The run a command makes of an exported dataset: `--dataset`, `--split`, `--run`.
#[derive(Debug, Args)]
pub struct RunOfDataset {
    /// The exported dataset.
    #[arg(long)]
    pub dataset: String,
    /// Its split (default: its only split, or `test`).
    #[arg(long)]
    pub split: Option<String>,
    /// The run's id.
    #[arg(long)]
    pub run: String,
}

impl RunOfDataset {
    /// The run id, checked to be usable as a file name.
    pub fn run_id(&self) -> anyhow::Result<String> {
        check_run_id(&self.run)?;
        Ok(self.run.clone())
    }
}

impl RunTarget {
    /// Its data directory.
    pub fn data_dir(&self) -> DataDir {
        DataDir::new(&self.data)
    }

    /// The naming rules for runs of `dataset`/`split` as the user gave them.
    pub fn name_rules(&self, dataset: Option<&str>, split: Option<&str>, fallback_dataset: Option<&str>) -> NameRules {
        NameRules {
            dataset: dataset.map(str::to_string),
            split: split.map(str::to_string),
            fallback_dataset: fallback_dataset.map(str::to_string),
            new_dataset: self.new_dataset,
            replace: self.replace,
            from_site_entry: false,
        }
    }

    /// Checks `runs` against the data directory, adds them, then reports them (and writes
    /// `--summary-json`).
    pub fn store(&self, rules: &NameRules, runs: Vec<(NewRun, Vec<String>)>) -> anyhow::Result<()> {
        let data = self.data_dir();
        let stored = check_and_add_runs(&data, runs, rules)?;
        let manifest = data.manifest().ok();
        let split_size = |run: &benchscope_contract::Run| {
            let dataset = manifest.as_ref()?.dataset(&run.dataset)?;
            Some(dataset.split(&run.split)?.instances).filter(|n| *n > 0)
        };
        let summary = RunsSummary {
            runs: stored
                .into_iter()
                .map(|(run, warnings)| RunSummary::of(&run, warnings, split_size(&run)))
                .collect(),
        };
        if let Some(path) = &self.summary_json {
            summary.write(path)?;
        }
        for run in &summary.runs {
            for warning in &run.warnings {
                eprintln!("warning: {}", shown(&format!("{}: {warning}", run.run_id)));
            }
            println!("{}", shown(&run.line()));
        }
        println!("wrote {}", self.data.display());
        Ok(())
    }

    /// Stores the one run of a command over an exported dataset.
    fn store_one(&self, of: &RunOfDataset, run: (NewRun, Vec<String>)) -> anyhow::Result<()> {
        let rules = self.name_rules(Some(&of.dataset), of.split.as_deref(), None);
        self.store(&rules, vec![run])
    }
}

/// A run id must be usable as a file name in the data directory.
fn check_run_id(run: &str) -> anyhow::Result<()> {
    if !is_safe_name(run) {
        bail!("run id `{run}` may only use letters, digits, `.`, `_` and `-`");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn run_ids_must_be_file_names() {
        assert!(check_run_id("model.v1_2-b").is_ok());
        for bad in ["", "..", "a/b", "a b"] {
            assert!(check_run_id(bad).is_err(), "{bad:?}");
        }
    }
}
