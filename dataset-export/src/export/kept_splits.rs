//! The splits an export into an existing data directory does not write again: kept, files and
//! entries, as its runs are, rather than dropped with the directory they were in. Exporting
//! SWE-bench Verified into the directory Lite was exported to adds Verified beside Lite.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use benchscope_contract::{DatasetEntry, FileEntry, Manifest, FORMAT_VERSION};

use super::staging::Staging;
use super::summary::SplitSummary;
use crate::data_dir::DataDir;
use crate::input::files_below;

/// The folders a split's files are written under, each followed by `<dataset>/<split>/`.
const SPLIT_FOLDERS: [&str; 4] = ["index", "detail", "search", "sources"];

/// Brings every split of `out` that `datasets` (this export's) does not hold into `staging`: its
/// files, linked or copied, into `files`, and its entry into `datasets`. Returns the splits
/// kept; a split that cannot be kept is named in `warnings`.
pub fn keep_other_splits(
    out: &DataDir,
    staging: &Staging,
    datasets: &mut BTreeMap<String, DatasetEntry>,
    files: &mut Vec<FileEntry>,
    warnings: &mut Vec<String>,
) -> anyhow::Result<Vec<SplitSummary>> {
    if !out.exists() {
        return Ok(Vec::new());
    }
    let old = match out.manifest() {
        Ok(old) => old,
        Err(e) => {
            warnings.push(format!("no dataset of the directory was kept: {e:#}"));
            return Ok(Vec::new());
        }
    };
    if old.format_version != FORMAT_VERSION {
        warnings.push(format!(
            "no dataset of the directory was kept: it was written in format {} and this version writes {FORMAT_VERSION}; export its datasets again",
            old.format_version
        ));
        return Ok(Vec::new());
    }
    let mut kept = Vec::new();
    for dataset in &old.datasets {
        for split in &dataset.splits {
            let exported = datasets.get(&dataset.name);
            if exported.is_some_and(|entry| entry.split(&split.name).is_some()) {
                continue;
            }
            if let Some(entry) = exported.filter(|entry| entry.format != dataset.format) {
                warnings.push(format!(
                    "{}/{} was not kept: the directory had it as `{}` and this export reads `{}` as `{}`; export the dataset's splits together",
                    dataset.name, split.name, dataset.format, dataset.name, entry.format
                ));
                continue;
            }
            keep_files(out.path(), staging, &old, &dataset.name, &split.name, files)?;
            let entry = datasets.entry(dataset.name.clone()).or_insert_with(|| DatasetEntry {
                name: dataset.name.clone(),
                format: dataset.format.clone(),
                splits: Vec::new(),
            });
            entry.splits.push(split.clone());
            entry.splits.sort_by(|a, b| a.name.cmp(&b.name));
            kept.push(SplitSummary {
                dataset: dataset.name.clone(),
                split: split.name.clone(),
                instances: split.instances,
            });
        }
    }
    Ok(kept)
}

/// Links (or copies) into `staging` every file under the split's folders, and lists those the
/// manifest listed with their entries as they were (the search's buckets are listed in its meta
/// file instead).
fn keep_files(
    root: &Path,
    staging: &Staging,
    old: &Manifest,
    dataset: &str,
    split: &str,
    files: &mut Vec<FileEntry>,
) -> anyhow::Result<()> {
    let listed: BTreeMap<&str, &FileEntry> = old.files.iter().map(|f| (f.path.as_str(), f)).collect();
    for folder in SPLIT_FOLDERS {
        for file in files_below(&root.join(folder).join(dataset).join(split)) {
            let Some(path) = file.strip_prefix(root).ok().and_then(Path::to_str).map(str::to_string) else {
                continue;
            };
            staging
                .link(&path, &file)
                .with_context(|| format!("cannot keep {dataset}/{split}'s {path}"))?;
            if let Some(entry) = listed.get(path.as_str()) {
                files.push((*entry).clone());
            }
        }
    }
    Ok(())
}
