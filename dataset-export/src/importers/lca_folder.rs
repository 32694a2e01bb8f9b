//! The Long Code Arena baselines' results as published (`lca-baselines`): a folder per benchmark,
//! library-based code generation's `generations.jsonl` beside CI builds repair's `out_folder`,
//! say. Each benchmark's files are read as that benchmark's runs, so none is passed over because
//! another's is found first.

use std::path::PathBuf;

use anyhow::bail;
use serde_json::Value;

use super::lca::{is_scored_output, LcaResults};
use super::lca_ci::LcaCiFolder;
use super::{ImportPlan, Imported, RunSource, Source};

/// A folder holding Long Code Arena's generations or scores, with CI builds repair's jobs or
/// without them.
pub struct LcaResultsFolder;

impl RunSource for LcaResultsFolder {
    fn name(&self) -> &'static str {
        "Long Code Arena results folder"
    }

    fn detect(&self, source: &Source) -> bool {
        !source.is_file() && !scored_outputs(source).is_empty()
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let outputs = scored_outputs(source);
        let with_ci_jobs = LcaCiFolder.detect(source);
        if let Some(dataset) = plan.dataset.as_deref().filter(|_| outputs.len() + usize::from(with_ci_jobs) > 1) {
            bail!(
                "it holds results of more than one benchmark ({}), and `--dataset {dataset}` would put them all in one: \
                 import each benchmark's files on their own to name its dataset, or leave `--dataset` out",
                benchmarks_named(&outputs, with_ci_jobs)
            );
        }
        let mut runs = match with_ci_jobs {
            true => LcaCiFolder.read(source, plan)?,
            false => Vec::new(),
        };
        for output in outputs {
            runs.extend(LcaResults.read(&Source::open(&output)?, plan)?);
        }
        Ok(runs)
    }
}

/// The folder's JSON Lines files of generations or scores, told by their first line alone.
fn scored_outputs(source: &Source) -> Vec<PathBuf> {
    source
        .files_named(|name| name.ends_with(".jsonl"))
        .into_iter()
        .filter(|path| crate::input::first_line_object(path).is_some_and(|first| is_scored_output(&Value::Object(first))))
        .collect()
}

/// The files a refusal names: each output, and CI builds repair's jobs.
fn benchmarks_named(outputs: &[PathBuf], with_ci_jobs: bool) -> String {
    let mut named: Vec<String> = outputs.iter().map(|path| path.display().to_string()).collect();
    if with_ci_jobs {
        named.push("CI builds repair's jobs".to_string());
    }
    named.join(", ")
}
