//! `benchscope grade`: test logs graded against an exported dataset.

use std::path::PathBuf;

use clap::Args;

use super::{RunOfDataset, RunTarget};
use crate::grade_logs::{grade_logs, GradePlan};

/// `benchscope grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Log files, or directories of them (one log per instance).
    #[arg(required = true)]
    pub logs: Vec<PathBuf>,
    #[command(flatten)]
    pub target: RunTarget,
    #[command(flatten)]
    pub of: RunOfDataset,
}

impl GradeArgs {
    /// The grading plan.
    pub fn plan(&self) -> anyhow::Result<GradePlan> {
        Ok(GradePlan {
            logs: self.logs.clone(),
            data: self.target.data_dir(),
            dataset: self.of.dataset.clone(),
            split: self.of.split.clone(),
            run: self.of.run_id()?,
        })
    }
}

/// Grades the logs and adds the run.
pub fn execute(args: &GradeArgs) -> anyhow::Result<()> {
    let run = grade_logs(&args.plan()?)?;
    args.target.store_one(&args.of, run)
}
