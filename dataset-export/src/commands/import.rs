//! `benchscope import`: harness outputs, leaderboards and predictions as runs.

use std::path::PathBuf;

use clap::Args;

use super::{check_run_id, RunTarget};
use crate::importers::{folder_of, import, ImportPlan, DEFAULT_DATASET};

/// `benchscope import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// Harness trees or logs, run summaries, leaderboard files, or predictions.
    #[arg(required = true)]
    pub sources: Vec<PathBuf>,
    #[command(flatten)]
    pub target: RunTarget,
    /// The dataset the runs belong to (default: as the source names it, else the exported split holding all its
    /// instances, else swe-bench).
    #[arg(long)]
    pub dataset: Option<String>,
    /// The split (default: test, or the source's).
    #[arg(long)]
    pub split: Option<String>,
    /// The run's id, for a source that holds a single run.
    #[arg(long)]
    pub run: Option<String>,
}

impl ImportArgs {
    /// The import plan.
    pub fn plan(&self) -> anyhow::Result<ImportPlan> {
        if let Some(run) = &self.run {
            check_run_id(run)?;
        }
        Ok(ImportPlan {
            sources: self.sources.clone(),
            dataset: self.dataset.clone(),
            split: self.split.clone(),
            run: self.run.clone(),
            spool_in: Some(folder_of(&self.target.data)),
            data: Some(self.target.data.clone()),
        })
    }
}

/// Imports every source and adds its runs.
pub fn execute(args: &ImportArgs) -> anyhow::Result<()> {
    let fallback = args.dataset.is_none().then_some(DEFAULT_DATASET);
    let rules = args.target.name_rules(args.dataset.as_deref(), args.split.as_deref(), fallback);
    args.target.store(&rules, import(&args.plan()?)?)
}
