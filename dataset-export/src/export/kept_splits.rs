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
        for path in files_under(root, &format!("{folder}/{dataset}/{split}"))? {
            staging
                .link(&path, &root.join(&path))
                .with_context(|| format!("cannot keep {dataset}/{split}'s {path}"))?;
            if let Some(entry) = listed.get(path.as_str()) {
                files.push((*entry).clone());
            }
        }
    }
    Ok(())
}

/// The `/`-separated paths, relative to `root`, of the files under its folder `folder` (none
/// when there is no such folder).
fn files_under(root: &Path, folder: &str) -> anyhow::Result<Vec<String>> {
    let mut found = Vec::new();
    let mut pending = vec![folder.to_string()];
    while let Some(dir) = pending.pop() {
        let entries = match std::fs::read_dir(root.join(&dir)) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", root.join(&dir).display())),
        };
        for entry in entries {
            let entry = entry.with_context(|| format!("cannot read {}", root.join(&dir).display()))?;
            let path = format!("{dir}/{}", entry.file_name().to_string_lossy());
            match entry.file_type()?.is_dir() {
                true => pending.push(path),
                false => found.push(path),
            }
        }
    }
    found.sort();
    Ok(found)
}
