//! `benchscope export`: benchmark files in, a static data directory out.
//!
//! The directory holds `manifest.json`, index shards (`index/<dataset>/<split>/NNNN.json`, the
//! compact rows the list needs) and detail shards (`detail/<dataset>/<split>/NNNN.json`, full
//! instances, fetched only when one is opened). Records are streamed: each instance is
//! normalized, counted into the facets and buffered only until its detail shard is full.
//! Output goes to a staging directory that replaces the target only when everything succeeded,
//! and the same input always gives byte-identical files.

mod split_writer;
mod staging;

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::{bail, Context};
use benchscope_contract::{DatasetEntry, Manifest, FORMAT_VERSION};

use crate::categories::{Categories, OTHER};
use crate::error::RecordError;
use crate::formats::{self, DatasetFormat};
use crate::input::read_records;
use split_writer::SplitWriter;
use staging::Staging;

pub use split_writer::{DETAIL_SHARD_TARGET_BYTES, INDEX_SHARD_MAX_ROWS};

/// One input file and where its instances go.
#[derive(Debug, Clone)]
pub struct InputSpec {
    /// The file.
    pub path: PathBuf,
    /// Dataset name in the data directory.
    pub dataset: String,
    /// Split name.
    pub split: String,
    /// Format name; detected from the first record when `None`.
    pub format: Option<String>,
}

/// Everything `export` needs, validated before any file is read.
#[derive(Debug, Clone)]
pub struct ExportPlan {
    /// Inputs, one dataset split each.
    pub inputs: Vec<InputSpec>,
    /// The data directory to write.
    pub out: PathBuf,
    /// Repository categories.
    pub categories: Categories,
}

/// What an export did.
#[derive(Debug, Clone, Default)]
pub struct ExportReport {
    /// `(dataset, split, instances)` for every split written.
    pub splits: Vec<(String, String, usize)>,
    /// Things the user should know that did not stop the export.
    pub warnings: Vec<String>,
}

impl ExportPlan {
    /// Checks names and that no dataset split comes from two inputs.
    pub fn validate(&self) -> anyhow::Result<()> {
        let mut seen = BTreeMap::new();
        for input in &self.inputs {
            for (what, name) in [("dataset", &input.dataset), ("split", &input.split)] {
                if !is_safe_name(name) {
                    bail!(
                        "{what} name `{name}` (for {}) may only use letters, digits, `.`, `_` and `-`",
                        input.path.display()
                    );
                }
            }
            if let Some(format) = &input.format {
                if formats::by_name(format).is_none() {
                    let known: Vec<_> = formats::all().iter().map(|f| f.name()).collect();
                    bail!("unknown format `{format}`; known formats: {}", known.join(", "));
                }
            }
            if let Some(other) = seen.insert((&input.dataset, &input.split), &input.path) {
                bail!(
                    "{} and {} both go to {}/{}: give each input its own --dataset/--split",
                    other.display(),
                    input.path.display(),
                    input.dataset,
                    input.split
                );
            }
        }
        Ok(())
    }
}

/// Runs an export. On error nothing is written and the previous directory, if any, is untouched.
pub fn export(plan: &ExportPlan) -> anyhow::Result<ExportReport> {
    plan.validate()?;
    let staging = Staging::new(&plan.out)?;
    let mut report = ExportReport::default();
    let mut datasets: BTreeMap<String, DatasetEntry> = BTreeMap::new();
    let mut files = Vec::new();
    let mut unmapped = BTreeMap::new();
    for input in &plan.inputs {
        let (format, split) = export_input(input, &staging, &plan.categories, &mut unmapped)?;
        report
            .splits
            .push((input.dataset.clone(), input.split.clone(), split.entry.instances));
        files.extend(split.files);
        let dataset = datasets.entry(input.dataset.clone()).or_insert_with(|| DatasetEntry {
            name: input.dataset.clone(),
            format: format.name().to_string(),
            splits: Vec::new(),
        });
        dataset.splits.push(split.entry);
        dataset.splits.sort_by(|a, b| a.name.cmp(&b.name));
    }
    if !unmapped.is_empty() {
        let list: Vec<_> = unmapped.iter().map(|(repo, n)| format!("{repo} ({n})")).collect();
        report.warnings.push(format!(
            "{} repositories have no category mapping and were put under \"{OTHER}\": {}",
            unmapped.len(),
            list.join(", ")
        ));
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let manifest = Manifest {
        format_version: FORMAT_VERSION,
        generator: format!("benchscope {}", env!("CARGO_PKG_VERSION")),
        datasets: datasets.into_values().collect(),
        files,
    };
    let mut bytes = serde_json::to_vec_pretty(&manifest)?;
    bytes.push(b'\n');
    staging.write("manifest.json", &bytes)?;
    staging.commit()?;
    Ok(report)
}

fn export_input(
    input: &InputSpec,
    staging: &Staging,
    categories: &Categories,
    unmapped: &mut BTreeMap<String, usize>,
) -> anyhow::Result<(&'static dyn DatasetFormat, split_writer::FinishedSplit)> {
    let mut format = input.format.as_deref().and_then(formats::by_name);
    let mut writer = SplitWriter::new(&input.dataset, &input.split);
    for record in read_records(&input.path)? {
        let record = record?;
        let location = record.location;
        let format = match format {
            Some(format) => format,
            None => *format.insert(formats::detect(&record.fields).ok_or_else(|| RecordError {
                file: input.path.clone(),
                location,
                field: None,
                message: "no known benchmark format matches this record (use --format to name one)".into(),
            })?),
        };
        let mut instance = format.normalize(record.fields).map_err(|e| e.at(&input.path, location))?;
        let category = categories.get(&instance.repo).unwrap_or_else(|| {
            *unmapped.entry(instance.repo.clone()).or_default() += 1;
            OTHER
        });
        formats::finish(&mut instance, category);
        writer.push(instance, staging).map_err(|e| e.at(&input.path, location))?;
    }
    let format = format.unwrap_or(formats::all()[0]);
    let split = writer
        .finish(staging)
        .with_context(|| format!("writing {}/{}", input.dataset, input.split))?;
    Ok((format, split))
}

/// Whether `name` can be used as a path component of the data directory.
pub fn is_safe_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
}
