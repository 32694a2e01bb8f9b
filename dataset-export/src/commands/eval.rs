//! `benchscope eval`: each prediction's tests run in a fresh work tree, then graded.

use std::path::PathBuf;

use anyhow::bail;
use clap::Args;

use super::{RunOfDataset, RunTarget};
use crate::evaluate::{evaluate, EvalPlan};

/// `benchscope eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    #[command(flatten)]
    pub target: RunTarget,
    #[command(flatten)]
    pub of: RunOfDataset,
    /// Predictions: JSONL, a JSON list, or a JSON object keyed by instance id.
    #[arg(long)]
    pub predictions: PathBuf,
    /// Directory holding local clones of the repositories (`owner/name`, `owner__name` or `name`).
    #[arg(long)]
    pub repos: PathBuf,
    /// Instances evaluated at once (default: the number of cores).
    #[arg(long)]
    pub workers: Option<usize>,
    /// Seconds each instance's tests may take before they are killed.
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
    /// The test command, `{tests}` standing for the test files (default: the one the instance's
    /// record states, as SWE-bench-Live's `test_cmds`, else pytest with -rA).
    #[arg(long)]
    pub test_command: Option<String>,
    /// Never show a progress bar.
    #[arg(long)]
    pub quiet: bool,
}

impl EvalArgs {
    /// The evaluation plan.
    pub fn plan(&self) -> anyhow::Result<EvalPlan> {
        if !self.repos.is_dir() {
            bail!("--repos {} is not a directory", self.repos.display());
        }
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        Ok(EvalPlan {
            data: self.target.data_dir(),
            dataset: self.of.dataset.clone(),
            split: self.of.split.clone(),
            predictions: self.predictions.clone(),
            repos: self.repos.clone(),
            run: self.of.run_id()?,
            workers: self.workers.unwrap_or(cores).max(1),
            timeout: std::time::Duration::from_secs(self.timeout.max(1)),
            test_command: self.test_command.clone(),
            progress: !self.quiet,
        })
    }
}

/// Evaluates the predictions and adds the run.
pub fn execute(args: &EvalArgs) -> anyhow::Result<()> {
    let run = evaluate(&args.plan()?)?;
    args.target.store_one(&args.of, run)
}
