//! `benchscope export`: benchmark files in, a static data directory out.
//!
//! The directory holds `manifest.json`, index shards (`index/<dataset>/<split>/NNNN.json`, the
//! compact rows the list needs), detail shards (`detail/<dataset>/<split>/NNNN.json`, full
//! instances, fetched only when one is opened) and a search index (`search/<dataset>/<split>/`).
//! Records are streamed: each instance is normalized, counted into the facets, indexed for
//! search (postings spill to one scratch log) and buffered only until its shard is full. Output
//! goes to a staging directory that replaces the target only when everything succeeded, and the
//! same input always gives byte-identical files.

pub(crate) mod bucket_groups;
mod bucket_queue;
mod bucket_split;
mod detail_json;
mod kept_splits;
mod scratch_postings;
mod search_index;
mod sources;
mod split_writer;
mod staging;
mod summary;
mod weighted_texts;

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use benchscope_contract::wording::{agreeing, plural};
use benchscope_contract::{DatasetEntry, FileEntry, Manifest, PatchRole, RunEntry, FORMAT_VERSION};

use crate::categories::{Categories, OTHER};
use crate::data_dir::{generator, is_safe_name, manifest_bytes, DataDir};
use crate::error::{FieldError, RecordError};
use crate::formats::{self, DatasetFormat};
use crate::id_list::IdList;
use crate::input::{benchmark_subset, read_records, viewer_page_note, Record};
use crate::progress::Progress;
use split_writer::SplitWriter;
use staging::Staging;

pub use split_writer::{DETAIL_SHARD_TARGET_BYTES, INDEX_SHARD_MAX_ROWS};
pub use summary::{SplitSummary, Summary};

/// One input and where its instances go.
#[derive(Debug, Clone)]
pub struct InputSpec {
    /// The file or directory.
    pub path: PathBuf,
    /// Dataset name in the data directory.
    pub dataset: String,
    /// Whether the user named the dataset; if not, a format that knows its benchmark names it.
    pub dataset_given: bool,
    /// Split name.
    pub split: String,
    /// Whether the user named the split; if not, a source that assigns splits itself
    /// (FeatureBench's website index) wins.
    pub split_given: bool,
    /// Format name; detected from the records when `None`.
    pub format: Option<String>,
    /// The dataset the input's own names give (its hub configuration's, say), whatever
    /// `dataset` is: which inputs a given name put together.
    pub named_dataset: String,
}

/// Instances whose id is listed get `facet = value` (e.g. FEA-Bench Lite: `subset = lite`).
#[derive(Debug, Clone)]
pub struct Mark {
    /// Facet name.
    pub facet: String,
    /// Value for listed instances.
    pub value: String,
    /// Value for the others.
    pub other: String,
    /// The listed ids.
    pub ids: IdList,
}

impl Mark {
    /// Instances that `list` (any form [`crate::id_list`] reads) names get `facet = value`, the
    /// others `not-value`.
    pub fn from_list(facet: &str, value: &str, list: &Path) -> anyhow::Result<Mark> {
        let ids = crate::id_list::read(list).map_err(|e| anyhow::anyhow!("mark {facet}={value}: {e}"))?;
        Ok(Mark {
            facet: facet.to_string(),
            value: value.to_string(),
            other: format!("not-{value}"),
            ids,
        })
    }
}

/// Everything `export` needs, validated before any file is read.
#[derive(Debug, Clone)]
pub struct ExportPlan {
    /// Inputs. Several may fill one split: a dataset published as parquet shards, or Long Code
    /// Arena's four code-completion sets read as one list.
    pub inputs: Vec<InputSpec>,
    /// The data directory to write.
    pub out: PathBuf,
    /// Repository categories.
    pub categories: Categories,
    /// Skip bad records (reporting them) instead of stopping at the first.
    pub skip_bad: bool,
    /// Facet marks from id lists.
    pub marks: Vec<Mark>,
    /// Show a progress bar (only when stderr is a terminal).
    pub progress: bool,
    /// Local clones to read the changed files from (`owner/name`, `owner__name` or `name`).
    pub repos: Option<PathBuf>,
    /// Keep the splits the directory holds that this export does not write again (`export`
    /// adds to a directory; `publish` keeps no dataset its configuration does not name).
    pub keep_other_splits: bool,
}

impl ExportPlan {
    /// Checks the names, formats and marks.
    pub fn validate(&self) -> anyhow::Result<()> {
        // A facet holds one value an instance: a second list on it would overwrite the first's
        // values, its `not-…` included.
        for (at, mark) in self.marks.iter().enumerate() {
            if self.marks[..at].iter().any(|m| m.facet == mark.facet) {
                bail!(
                    "the facet `{}` is marked twice; an instance has one value a facet, so give each list a facet of its own (e.g. `lite=yes=…` and `verified=yes=…`)",
                    mark.facet
                );
            }
        }
        for input in &self.inputs {
            for (what, name) in [("dataset", &input.dataset), ("split", &input.split)] {
                if !is_safe_name(name) {
                    bail!(
                        "{what} name `{name}` (for {}) may only use letters, digits, `.`, `_` and `-`: give one with --{what}",
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
        }
        Ok(())
    }
}

/// Runs an export, recording what happened in `summary` whether it succeeds or not. On error
/// nothing is written and the previous directory, if any, is untouched.
pub fn export(plan: &ExportPlan, summary: &mut Summary) -> anyhow::Result<()> {
    plan.validate()?;
    // Held until the new directory is in place: the runs carried over are the ones there then.
    let out = DataDir::new(&plan.out);
    let _lock = out.lock()?;
    let staging = Staging::new(&plan.out)?;
    let progress = Progress::new(plan.progress);
    let mut exporting = Exporting {
        plan,
        staging: &staging,
        summary,
        writers: BTreeMap::new(),
        formats: BTreeMap::new(),
        unmapped: BTreeMap::new(),
        without_sources: BTreeMap::new(),
        without_gold: BTreeMap::new(),
        listed: vec![HashSet::new(); plan.marks.len()],
    };
    for input in &plan.inputs {
        exporting.input(input, &progress)?;
    }
    progress.finish();
    exporting.finish()?;
    staging.commit()
}

/// The state of one export.
struct Exporting<'a> {
    plan: &'a ExportPlan,
    staging: &'a Staging,
    summary: &'a mut Summary,
    writers: BTreeMap<(String, String), SplitWriter>,
    formats: BTreeMap<String, &'static dyn DatasetFormat>,
    unmapped: BTreeMap<String, usize>,
    /// Instances `--repos` gave no sources, by reason.
    without_sources: BTreeMap<String, usize>,
    /// Instances of a benchmark that publishes gold patches that came without one, by split.
    without_gold: BTreeMap<(String, String), usize>,
    /// For each `--mark`, the entries of its list that named an instance.
    listed: Vec<HashSet<String>>,
}

/// `error`, and when it is a duplicate id in `dataset`, a name given to inputs whose own names
/// differ (the configurations of one hub repository, say): the likely reason, and the way out.
fn merged_by_name_hint(error: FieldError, inputs: &[InputSpec], dataset: &str) -> FieldError {
    if error.field.as_deref() != Some("instance_id") {
        return error;
    }
    let merged: BTreeSet<&str> = inputs
        .iter()
        .filter(|i| i.dataset_given && i.dataset == dataset)
        .map(|i| i.named_dataset.as_str())
        .collect();
    if merged.len() < 2 {
        return error;
    }
    let names: Vec<&str> = merged.into_iter().collect();
    FieldError::new(
        "instance_id",
        format!(
            "{}: the datasets {} were given one name, `{dataset}`; leave the name out to keep each its own",
            error.message,
            names.join(", ")
        ),
    )
}

/// What an input's first record decided for the rest: its format, and the dataset a benchmark's
/// format names (the subset its folders name, found once).
struct Detected {
    format: Option<&'static dyn DatasetFormat>,
    benchmark_dataset: Option<(&'static str, String)>,
}

impl Detected {
    /// The dataset of `benchmark`'s records (read by `format`) in the input at `path`.
    fn dataset_of(&mut self, format: &dyn DatasetFormat, benchmark: &'static str, path: &Path) -> String {
        match &self.benchmark_dataset {
            Some((known, dataset)) if *known == benchmark => dataset.clone(),
            _ => {
                let dataset = benchmark_subset(path, benchmark, format.subsets()).unwrap_or_else(|| benchmark.to_string());
                self.benchmark_dataset = Some((benchmark, dataset.clone()));
                dataset
            }
        }
    }
}

impl Exporting<'_> {
    fn input(&mut self, input: &InputSpec, progress: &Progress) -> anyhow::Result<()> {
        let mut detected = Detected {
            format: input.format.as_deref().and_then(formats::by_name),
            benchmark_dataset: None,
        };
        let records = match read_records(&input.path) {
            Ok(records) => records,
            Err(e) => return self.fail(e),
        };
        self.summary.warnings.extend(viewer_page_note(&input.path));
        let mut any = false;
        for record in records {
            progress.tick();
            any = true;
            self.summary.records_read += 1;
            let outcome = record.and_then(|record| self.record(input, record, &mut detected));
            if let Err(error) = outcome {
                self.fail(error)?;
            }
        }
        // An empty file is a download or a copy that went wrong far more often than a dataset.
        if !any {
            return self.fail(RecordError::about_file(
                &input.path,
                "holds no records: nothing to export from it".to_string(),
            ));
        }
        Ok(())
    }

    /// Records an error; stops unless skipping bad records (file-level errors always stop the
    /// file, but with `--skip-bad` the other inputs go on).
    fn fail(&mut self, error: RecordError) -> anyhow::Result<()> {
        if error.is_record_level() {
            self.summary.records_skipped += 1;
        }
        self.summary.errors.push(error.to_summary());
        if self.plan.skip_bad {
            Ok(())
        } else {
            Err(error.into())
        }
    }

    fn record(&mut self, input: &InputSpec, record: Record, detected: &mut Detected) -> Result<(), RecordError> {
        let Record {
            location,
            fields,
            split,
            format: hint,
        } = record;
        let chosen = match (detected.format, hint.and_then(formats::by_name)) {
            (Some(f), _) => f,
            (None, Some(hinted)) => hinted,
            (None, None) => formats::detect(&fields).ok_or_else(|| RecordError {
                file: input.path.clone(),
                location: location.clone(),
                field: None,
                message: "no known benchmark format matches this record (use --format to name one)".into(),
            })?,
        };
        detected.format = Some(chosen);
        let mut instance = chosen
            .normalize(fields, &location)
            .map_err(|e| e.at(&input.path, location.clone()))?;
        let category = self.plan.categories.get(&instance.repo).unwrap_or_else(|| {
            *self.unmapped.entry(instance.repo.clone()).or_default() += 1;
            OTHER
        });
        formats::finish(&mut instance, category);
        let hidden_gold = chosen.publishes_gold_patches() && instance.patch(PatchRole::Gold).is_none();
        for (mark, listed) in self.plan.marks.iter().zip(&mut self.listed) {
            let value = match mark.ids.entry_for(&instance.id) {
                Some(entry) => {
                    listed.insert(entry.to_string());
                    &mark.value
                }
                None => &mark.other,
            };
            instance.facets.insert(mark.facet.clone(), value.clone());
        }
        let split = match split.or_else(|| chosen.split_from_path(&input.path)) {
            Some(split) if !input.split_given && is_safe_name(&split) => split,
            _ => input.split.clone(),
        };
        let dataset = match chosen.benchmark() {
            Some(benchmark) if !input.dataset_given => detected.dataset_of(chosen, benchmark, &input.path),
            _ => input.dataset.clone(),
        };
        self.formats.entry(dataset.clone()).or_insert(chosen);
        let writer = self
            .writers
            .entry((dataset.clone(), split.clone()))
            .or_insert_with(|| SplitWriter::new(&dataset, &split));
        if hidden_gold {
            *self.without_gold.entry((dataset.clone(), split.clone())).or_default() += 1;
        }
        let snapshot = chosen.take_sources(&mut instance);
        instance.facets.extend(chosen.facets_from_path(&input.path));
        let sources = match &self.plan.repos {
            _ if snapshot.is_some() => snapshot,
            Some(repos) => match sources::read_sources(repos, &instance) {
                Ok(files) => Some(files),
                Err(why) => {
                    *self.without_sources.entry(format!("{why:?}")).or_default() += 1;
                    None
                }
            },
            None => None,
        };
        let pushed = writer.push(instance, sources, self.staging);
        pushed.map_err(|e| merged_by_name_hint(e, &self.plan.inputs, &dataset).at(&input.path, location))
    }

    fn finish(self) -> anyhow::Result<()> {
        let Exporting {
            plan,
            staging,
            summary,
            writers,
            formats,
            unmapped,
            without_sources,
            without_gold,
            listed,
        } = self;
        let mut datasets: BTreeMap<String, DatasetEntry> = BTreeMap::new();
        let mut files = Vec::new();
        for ((dataset, split), writer) in writers {
            let finished = writer.finish(staging).with_context(|| format!("writing {dataset}/{split}"))?;
            if let Some(&hidden) = without_gold.get(&(dataset.clone(), split.clone())) {
                summary
                    .warnings
                    .push(gold_patches_hidden(&dataset, &split, hidden, finished.entry.instances));
            }
            summary.instances_written += finished.entry.instances as u64;
            summary.splits.push(SplitSummary {
                dataset: dataset.clone(),
                split: split.clone(),
                instances: finished.entry.instances,
            });
            files.extend(finished.files);
            let format = formats.get(&dataset).map_or("unknown", |f| f.name());
            let entry = datasets.entry(dataset.clone()).or_insert_with(|| DatasetEntry {
                name: dataset,
                format: format.to_string(),
                splits: Vec::new(),
            });
            entry.splits.push(finished.entry);
        }
        if !unmapped.is_empty() {
            let list: Vec<_> = unmapped.iter().map(|(repo, n)| format!("{repo} ({n})")).collect();
            let n = unmapped.len();
            summary.warnings.push(format!(
                "{n} {} {} no category mapping and {} put under \"{OTHER}\": {}",
                agreeing(n, "repository", "repositories"),
                agreeing(n, "has", "have"),
                agreeing(n, "was", "were"),
                list.join(", ")
            ));
        }
        if !without_sources.is_empty() {
            let reasons: Vec<_> = without_sources.iter().map(|(why, n)| format!("{why} ({n})")).collect();
            summary
                .warnings
                .push(format!("--repos gave no source files for some instances: {}", reasons.join(", ")));
        }
        for (mark, listed) in plan.marks.iter().zip(&listed) {
            let mut missing: Vec<_> = mark.ids.entries().filter(|id| !listed.contains(*id)).map(str::to_string).collect();
            missing.sort();
            if !missing.is_empty() {
                let shown = missing.iter().take(10).cloned().collect::<Vec<_>>().join(", ");
                summary.warnings.push(format!(
                    "{} listed for {}={} {} not in the export: {shown}{}",
                    plural(missing.len(), "id"),
                    mark.facet,
                    mark.value,
                    agreeing(missing.len(), "is", "are"),
                    if missing.len() > 10 { ", ..." } else { "" }
                ));
            }
        }
        let out = DataDir::new(&plan.out);
        if plan.keep_other_splits {
            summary.kept = kept_splits::keep_other_splits(&out, staging, &mut datasets, &mut files, &mut summary.warnings)?;
        }
        let runs = carry_over_runs(&out, staging, &mut files)?;
        let mut manifest = Manifest {
            format_version: FORMAT_VERSION,
            generator: generator(),
            datasets: datasets.into_values().collect(),
            files,
            runs,
        };
        staging.write(crate::data_dir::MANIFEST_FILE, &manifest_bytes(&mut manifest)?)?;
        Ok(())
    }
}

/// A split whose rows leave `patch` blank, null or out: it hides its gold patches (SWE-bench
/// Multimodal's test split), or the file lost them.
fn gold_patches_hidden(dataset: &str, split: &str, hidden: usize, instances: usize) -> String {
    let (which, their) = match (hidden, instances) {
        (_, 1) => ("its 1 instance has no gold patch".to_string(), "its"),
        (hidden, all) if hidden == all => (format!("none of its {all} instances has a gold patch"), "their"),
        (1, all) => (format!("1 of its {all} instances has no gold patch"), "its"),
        (hidden, all) => (format!("{hidden} of its {all} instances have no gold patch"), "their"),
    };
    format!("{dataset}/{split}: {which} (`patch` is blank, null or missing, as in a split that hides them); {their} change size shows as a dash")
}

/// Re-exporting datasets keeps the runs already in the directory: their files are copied into
/// the staging directory and their entries carried over.
fn carry_over_runs(out: &DataDir, staging: &Staging, files: &mut Vec<FileEntry>) -> anyhow::Result<Vec<RunEntry>> {
    let Some((runs, run_files)) = out.runs() else {
        return Ok(Vec::new());
    };
    for file in run_files {
        let bytes = std::fs::read(out.path().join(&file.path)).with_context(|| format!("cannot carry over {}", file.path))?;
        files.push(staging.write(&file.path, &bytes)?);
    }
    Ok(runs)
}

#[cfg(test)]
mod tests {
    use super::gold_patches_hidden;

    #[test]
    fn the_hidden_gold_patches_warning_reads_right_for_every_count() {
        let said = |hidden, all| {
            let warning = gold_patches_hidden("d", "test", hidden, all);
            let (which, rest) = warning.split_once(" (").unwrap();
            let (_, size) = rest.split_once("; ").unwrap();
            format!("{which}; {size}")
        };
        assert_eq!(
            said(1, 1),
            "d/test: its 1 instance has no gold patch; its change size shows as a dash"
        );
        assert_eq!(
            said(3, 3),
            "d/test: none of its 3 instances has a gold patch; their change size shows as a dash"
        );
        assert_eq!(
            said(1, 3),
            "d/test: 1 of its 3 instances has no gold patch; its change size shows as a dash"
        );
        assert_eq!(
            said(2, 3),
            "d/test: 2 of its 3 instances have no gold patch; their change size shows as a dash"
        );
    }
}
