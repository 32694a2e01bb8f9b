//! `benchscope score`: generations scored against an exported Long Code Arena dataset.

use std::path::PathBuf;

use clap::Args;

use super::{RunOfDataset, RunTarget};
use crate::scoring::{score, ScorePlan};

/// `benchscope score`.
#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// The generations (JSONL or a JSON list), one record per task.
    pub predictions: PathBuf,
    #[command(flatten)]
    pub target: RunTarget,
    #[command(flatten)]
    pub of: RunOfDataset,
}

impl ScoreArgs {
    /// The scoring plan.
    pub fn plan(&self) -> anyhow::Result<ScorePlan> {
        Ok(ScorePlan {
            data: self.target.data_dir(),
            dataset: self.of.dataset.clone(),
            split: self.of.split.clone(),
            predictions: self.predictions.clone(),
            run: self.of.run_id()?,
        })
    }
}

/// Scores the generations and adds the run.
pub fn execute(args: &ScoreArgs) -> anyhow::Result<()> {
    let run = score(&args.plan()?)?;
    args.target.store_one(&args.of, run)
}
