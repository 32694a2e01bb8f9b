//! `benchscope export`: benchmark files in, a static data directory out.

use std::path::{Path, PathBuf};

use anyhow::bail;
use clap::builder::PossibleValuesParser;
use clap::Args;

use crate::categories::Categories;
use crate::export::{export, ExportPlan, InputSpec, Mark, Summary};
use crate::formats;
use crate::terminal::shown;
use benchscope_contract::wording::plural;

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
    /// Record format, overriding detection.
    #[arg(long, value_parser = PossibleValuesParser::new(formats::all().iter().map(|f| f.name())))]
    pub format: Option<String>,
    /// JSON object mapping `owner/name` to a repository category (overrides the built-in FEA-Bench categories).
    #[arg(long)]
    pub categories: Option<PathBuf>,
    /// Mark the instances an id list names: `FACET=VALUE=FILE` (FILE is a JSON array of ids, a JSON object with
    /// `instance_ids`, the subset's own dataset file (any container `export` reads), or one id or SWE-bench harness
    /// image name per line). E.g. `--mark subset=lite=instances_lite.json`, `--mark subset=verified=verified-images.txt`.
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
        let mut inputs = Vec::new();
        for (i, path) in self.inputs.iter().enumerate() {
            for named in crate::input::named_inputs(path).map_err(anyhow::Error::msg)? {
                inputs.push(InputSpec {
                    path: named.path,
                    named_dataset: named.dataset.clone(),
                    dataset: datasets.as_ref().map_or(named.dataset, |d| d[i].clone()),
                    dataset_given: datasets.is_some(),
                    split: splits.as_ref().map_or(named.split, |s| s[i].clone()),
                    split_given: splits.is_some(),
                    format: self.format.clone(),
                });
            }
        }
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
            keep_other_splits: true,
        };
        plan.validate()?;
        Ok(plan)
    }
}

/// Exports, then reports what was written, skipped and warned about.
pub fn execute(args: &ExportArgs) -> anyhow::Result<()> {
    let plan = args.plan()?;
    let mut summary = Summary::default();
    let result = export(&plan, &mut summary);
    if let Some(path) = &args.summary_json {
        summary.write(path)?;
    }
    for warning in &summary.warnings {
        eprintln!("warning: {}", shown(&warning.to_string()));
    }
    if let Err(error) = result {
        let mut hints = runs_given_to_export(&plan, &summary);
        // A bad record after good ones (a duplicate id, a mistyped field) need not stop the rest.
        if summary.records_skipped > 0 && summary.records_read > summary.records_skipped {
            hints.push("`--skip-bad` exports the other records and lists the bad ones".to_string());
        }
        if hints.is_empty() {
            return Err(error);
        }
        bail!("{error:#}\nhint: {}", hints.join("\nhint: "));
    }
    if plan.skip_bad {
        for error in &summary.errors {
            eprintln!("skipped: {}", shown(&error.display().to_string()));
        }
    }
    for split in &summary.splits {
        println!(
            "exported {} of {}",
            plural(split.instances, "instance"),
            shown(&format!("{}/{}", split.dataset, split.split))
        );
    }
    for split in &summary.kept {
        println!(
            "kept {} of {} from the directory, as it was",
            plural(split.instances, "instance"),
            shown(&format!("{}/{}", split.dataset, split.split))
        );
    }
    if summary.records_skipped > 0 {
        println!("skipped {} bad records of {}", summary.records_skipped, summary.records_read);
    }
    println!("wrote {}", plan.out.display());
    Ok(())
}

/// For each input the export stopped at that holds runs rather than instances (a leaderboard,
/// a harness report, a trajectory): that `import` reads it.
fn runs_given_to_export(plan: &ExportPlan, summary: &Summary) -> Vec<String> {
    plan.inputs
        .iter()
        .filter(|input| summary.errors.iter().any(|e| Path::new(&e.file) == input.path))
        .filter_map(|input| {
            let kind = crate::importers::run_source_of(&input.path)?;
            Some(format!(
                "{} holds runs ({kind}), which `benchscope import {} --data <data directory>` reads",
                input.path.display(),
                input.path.display()
            ))
        })
        .collect()
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
    Mark::from_list(facet, value, Path::new(file)).map_err(|e| anyhow::anyhow!("--{e}"))
}

#[cfg(test)]
mod tests {
    use crate::commands::{Cli, Command};
    use clap::Parser;

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
