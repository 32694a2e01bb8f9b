//! Command-line arguments, turned into validated plans before any work starts.

use std::path::{Path, PathBuf};

use anyhow::bail;
use clap::{Args, Parser, Subcommand};

use std::collections::HashSet;

use crate::categories::Categories;
use crate::export::{ExportPlan, InputSpec, Mark};

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
    /// Export benchmark files (JSONL, a JSON array, Parquet, or a directory) into a data directory.
    Export(ExportArgs),
    /// Import harness outputs, leaderboards or predictions as runs into a data directory.
    Import(ImportArgs),
    /// Run each prediction's tests (fresh work tree, git apply, timeout, no network), grade them, add the run.
    Eval(EvalArgs),
    /// Grade test logs (pytest, Django, sympy) against an exported dataset, add the run.
    Grade(GradeArgs),
    /// Build a site's data directory from a configuration (datasets, runs, title, intro, views).
    Publish(PublishArgs),
    /// Score generations against an exported Long Code Arena dataset (BLEU, chrF, ROUGE, API recall, P/R/F1, exact match).
    Score(ScoreArgs),
}

/// `benchscope score`.
#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// The generations (JSONL or a JSON list), one record per task.
    pub predictions: PathBuf,
    #[command(flatten)]
    pub target: RunTarget,
    /// The exported dataset.
    #[arg(long)]
    pub dataset: String,
    /// Its split.
    #[arg(long)]
    pub split: Option<String>,
    /// The run's id.
    #[arg(long)]
    pub run: String,
}

impl ScoreArgs {
    /// The scoring plan.
    pub fn plan(&self) -> anyhow::Result<crate::scoring::ScorePlan> {
        check_run_id(&self.run)?;
        Ok(crate::scoring::ScorePlan {
            data: crate::data_dir::DataDir::new(&self.target.data),
            dataset: self.dataset.clone(),
            split: self.split.clone(),
            predictions: self.predictions.clone(),
            run: self.run.clone(),
        })
    }
}

/// `benchscope publish`.
#[derive(Debug, Args)]
pub struct PublishArgs {
    /// The site configuration (JSON; see the README).
    pub config: PathBuf,
    /// The data directory to write, normally `dist/data` after `trunk build --release`.
    #[arg(long)]
    pub out: PathBuf,
}

/// Arguments every run-producing command shares.
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

impl RunTarget {
    /// The naming rules for runs of `dataset`/`split` as the user gave them.
    pub fn name_rules(&self, dataset: Option<&str>, split: Option<&str>, fallback_dataset: Option<&str>) -> crate::run_checks::NameRules {
        crate::run_checks::NameRules {
            dataset: dataset.map(str::to_string),
            split: split.map(str::to_string),
            fallback_dataset: fallback_dataset.map(str::to_string),
            new_dataset: self.new_dataset,
            replace: self.replace,
        }
    }
}

/// `benchscope eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    #[command(flatten)]
    pub target: RunTarget,
    /// The exported dataset the predictions are for.
    #[arg(long)]
    pub dataset: String,
    /// Its split (default: its only split, or `test`).
    #[arg(long)]
    pub split: Option<String>,
    /// Predictions: JSONL, a JSON list, or a JSON object keyed by instance id.
    #[arg(long)]
    pub predictions: PathBuf,
    /// Directory holding local clones of the repositories (`owner/name`, `owner__name` or `name`).
    #[arg(long)]
    pub repos: PathBuf,
    /// The run's id.
    #[arg(long)]
    pub run: String,
    /// Instances evaluated at once (default: the number of cores).
    #[arg(long)]
    pub workers: Option<usize>,
    /// Seconds each instance's tests may take before they are killed.
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
    /// The test command, `{tests}` standing for the test files (default: pytest with -rA).
    #[arg(long)]
    pub test_command: Option<String>,
    /// Never show a progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// `benchscope import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// Harness trees or logs, run summaries, leaderboard files, or predictions.
    #[arg(required = true)]
    pub sources: Vec<PathBuf>,
    #[command(flatten)]
    pub target: RunTarget,
    /// The dataset the runs belong to (default: as the source names it, else swe-bench).
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
    pub fn plan(&self) -> anyhow::Result<crate::importers::ImportPlan> {
        if let Some(run) = &self.run {
            check_run_id(run)?;
        }
        Ok(crate::importers::ImportPlan {
            sources: self.sources.clone(),
            dataset: self.dataset.clone(),
            split: self.split.clone(),
            run: self.run.clone(),
        })
    }
}

/// `benchscope grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Log files, or directories of them (one log per instance).
    #[arg(required = true)]
    pub logs: Vec<PathBuf>,
    #[command(flatten)]
    pub target: RunTarget,
    /// The exported dataset the logs are for.
    #[arg(long)]
    pub dataset: String,
    /// Its split.
    #[arg(long)]
    pub split: Option<String>,
    /// The run's id.
    #[arg(long)]
    pub run: String,
}

impl EvalArgs {
    /// The evaluation plan.
    pub fn plan(&self) -> anyhow::Result<crate::evaluate::EvalPlan> {
        check_run_id(&self.run)?;
        if !self.repos.is_dir() {
            bail!("--repos {} is not a directory", self.repos.display());
        }
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        Ok(crate::evaluate::EvalPlan {
            data: crate::data_dir::DataDir::new(&self.target.data),
            dataset: self.dataset.clone(),
            split: self.split.clone(),
            predictions: self.predictions.clone(),
            repos: self.repos.clone(),
            run: self.run.clone(),
            workers: self.workers.unwrap_or(cores).max(1),
            timeout: std::time::Duration::from_secs(self.timeout.max(1)),
            test_command: self.test_command.clone(),
            progress: !self.quiet,
        })
    }
}

impl GradeArgs {
    /// The grading plan.
    pub fn plan(&self) -> anyhow::Result<crate::grade_logs::GradePlan> {
        check_run_id(&self.run)?;
        Ok(crate::grade_logs::GradePlan {
            logs: self.logs.clone(),
            data: crate::data_dir::DataDir::new(&self.target.data),
            dataset: self.dataset.clone(),
            split: self.split.clone(),
            run: self.run.clone(),
        })
    }
}

/// `benchscope export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Input files or directories. The container and the benchmark format are detected from the content.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// The data directory to write (replaced atomically).
    #[arg(long)]
    pub out: PathBuf,
    /// Dataset name: once for all inputs, or once per input. Default: the file name up to its first `.`.
    #[arg(long)]
    pub dataset: Vec<String>,
    /// Split name: once for all inputs, or once per input. Default: the file name's second `.` part, else `test`.
    #[arg(long)]
    pub split: Vec<String>,
    /// Record format, overriding detection: swe-bench, fea-bench, featurebench, featurebench-site, swe-dev, lca-commit-messages,
    /// lca-bug-localization, lca-ci-builds, lca-code-completion, lca-library-codegen, lca-module-summarization.
    #[arg(long)]
    pub format: Option<String>,
    /// JSON object mapping `owner/name` to a repository category (overrides the built-in FEA-Bench categories).
    #[arg(long)]
    pub categories: Option<PathBuf>,
    /// Mark the instances an id list names: `FACET=VALUE=FILE` (FILE is a JSON array of ids, or a JSON object with
    /// `instance_ids`, or one id per line). E.g. `--mark subset=lite=instances_lite.json`.
    #[arg(long, value_name = "FACET=VALUE=FILE")]
    pub mark: Vec<String>,
    /// Skip bad records (reported on stderr and in the summary) and export the rest, instead of stopping.
    #[arg(long)]
    pub skip_bad: bool,
    /// Write a machine-readable summary (records read, instances written, records skipped, errors, per split counts).
    #[arg(long, value_name = "PATH")]
    pub summary_json: Option<PathBuf>,
    /// Never show a progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Local clones of the repositories (`owner/name`, `owner__name` or `name`): the files the patches change are
    /// stored as they are at the base commit, so the explorer can expand a diff's context.
    #[arg(long, value_name = "DIR")]
    pub repos: Option<PathBuf>,
}

impl ExportArgs {
    /// The export plan these arguments describe.
    pub fn plan(&self) -> anyhow::Result<ExportPlan> {
        let n = self.inputs.len();
        let datasets = per_input("--dataset", &self.dataset, n)?;
        let splits = per_input("--split", &self.split, n)?;
        let inputs = self
            .inputs
            .iter()
            .enumerate()
            .map(|(i, path)| {
                let (default_dataset, default_split) = names_from_file(path);
                InputSpec {
                    path: path.clone(),
                    dataset: datasets.as_ref().map_or(default_dataset, |d| d[i].clone()),
                    dataset_given: datasets.is_some(),
                    split: splits.as_ref().map_or(default_split, |s| s[i].clone()),
                    split_given: splits.is_some(),
                    format: self.format.clone(),
                }
            })
            .collect();
        let categories = match &self.categories {
            Some(path) => Categories::from_file(path)?,
            None => Categories::default(),
        };
        let marks = self.mark.iter().map(|spec| parse_mark(spec)).collect::<anyhow::Result<_>>()?;
        let plan = ExportPlan {
            inputs,
            out: self.out.clone(),
            categories,
            skip_bad: self.skip_bad,
            marks,
            progress: !self.quiet,
            repos: self.repos.clone(),
        };
        plan.validate()?;
        Ok(plan)
    }
}

/// A run id must be usable as a file name in the data directory.
fn check_run_id(run: &str) -> anyhow::Result<()> {
    if !crate::data_dir::is_safe_name(run) {
        bail!("run id `{run}` may only use letters, digits, `.`, `_` and `-`");
    }
    Ok(())
}

/// `Some(values)` expanded to one per input, or `None` when the flag was not given.
fn per_input(flag: &str, values: &[String], inputs: usize) -> anyhow::Result<Option<Vec<String>>> {
    match values.len() {
        0 => Ok(None),
        1 => Ok(Some(vec![values[0].clone(); inputs])),
        n if n == inputs => Ok(Some(values.to_vec())),
        n => {
            bail!("{flag} was given {n} times for {inputs} inputs: give it once, or once per input")
        }
    }
}

/// `FACET=VALUE=FILE` → a [`Mark`]; unlisted instances get `not-VALUE`.
fn parse_mark(spec: &str) -> anyhow::Result<Mark> {
    let mut parts = spec.splitn(3, '=');
    let (Some(facet), Some(value), Some(file)) = (parts.next(), parts.next(), parts.next()) else {
        bail!("--mark wants FACET=VALUE=FILE, got `{spec}`");
    };
    let text = std::fs::read_to_string(file).map_err(|e| anyhow::anyhow!("--mark: cannot read {file}: {e}"))?;
    let ids: HashSet<String> = match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Array(items)) => items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
        Ok(serde_json::Value::Object(object)) => match object.get("instance_ids").and_then(|v| v.as_array()) {
            Some(items) => items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
            None => bail!("--mark: {file}: expected a list of ids or an object with `instance_ids`"),
        },
        _ => text.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_string).collect(),
    };
    Ok(Mark {
        facet: facet.to_string(),
        value: value.to_string(),
        other: format!("not-{value}"),
        ids,
    })
}

/// `swe-bench-lite.test.jsonl` → (`swe-bench-lite`, `test`); `demo.jsonl` → (`demo`, `test`).
pub fn names_from_file(path: &Path) -> (String, String) {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut parts = name.split('.');
    let dataset = parts.next().filter(|s| !s.is_empty()).unwrap_or("dataset").to_string();
    let rest: Vec<&str> = parts.collect();
    let split = if rest.len() >= 2 { rest[0].to_string() } else { "test".to_string() };
    (dataset, split)
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
    fn names_come_from_the_file_name() {
        assert_eq!(
            names_from_file(Path::new("x/swe-bench-lite.test.jsonl")),
            ("swe-bench-lite".into(), "test".into())
        );
        assert_eq!(
            names_from_file(Path::new("swe-bench-lite.dev.jsonl")),
            ("swe-bench-lite".into(), "dev".into())
        );
        assert_eq!(names_from_file(Path::new("demo.jsonl")), ("demo".into(), "test".into()));
    }

    #[test]
    fn dataset_flag_once_or_once_per_input() {
        let parse = |args: &[&str]| match Cli::try_parse_from(args).unwrap().command {
            Command::Export(args) => args.plan(),
            other => panic!("parsed as {other:?}"),
        };
        let plan = parse(&[
            "benchscope",
            "export",
            "a.jsonl",
            "b.jsonl",
            "--out",
            "o",
            "--dataset",
            "d",
            "--split",
            "x",
            "--split",
            "y",
        ])
        .unwrap();
        assert_eq!(plan.inputs[1].dataset, "d");
        assert_eq!(plan.inputs[1].split, "y");
        let shards = parse(&["benchscope", "export", "a.jsonl", "b.jsonl", "--out", "o", "--dataset", "d"]).unwrap();
        assert!(
            shards
                .inputs
                .iter()
                .all(|i| (i.dataset.as_str(), i.split.as_str()) == ("d", "test")),
            "two inputs may fill one split"
        );
        assert!(
            parse(&["benchscope", "export", "a.jsonl", "--out", "o", "--dataset", "../x"]).is_err(),
            "unsafe name"
        );
    }
}
