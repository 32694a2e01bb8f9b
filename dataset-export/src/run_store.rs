//! Runs in a data directory: `runs/<id>.json` (the [`Run`] with its per-instance results),
//! `runs/<id>/patches-NNNN.json` (model patches, fetched only when shown) and
//! `runs/<id>/logs/<instance>.log` (test logs, when the run produced them). The manifest lists
//! every run; adding runs rewrites it last, by write-then-rename, so a crash never leaves a
//! manifest naming files that are not there.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use benchscope_contract::{FileEntry, Manifest, PatchShard, Run, RunEntry, FORMAT_VERSION};

use crate::export::{file_entry as entry, is_safe_name};

/// A model patch shard closes at this many bytes of JSON.
const PATCH_SHARD_TARGET_BYTES: usize = 512 * 1024;

/// A run to add, with the model patches and logs to store beside it.
#[derive(Debug, Clone)]
pub struct NewRun {
    /// The run; its results' `model_patch` fields are filled in when stored.
    pub run: Run,
    /// Instance id → model patch.
    pub patches: BTreeMap<String, String>,
    /// Instance id → test log.
    pub logs: BTreeMap<String, String>,
    /// Whether the source itself names the run's dataset (a leaderboard's board), rather than
    /// the user or a default.
    pub dataset_from_source: bool,
}

impl NewRun {
    /// A run with no patches or logs to store.
    pub fn new(run: Run) -> Self {
        NewRun {
            run,
            patches: BTreeMap::new(),
            logs: BTreeMap::new(),
            dataset_from_source: false,
        }
    }
}

/// Adds (or replaces, by id) `runs` in the data directory `data`, creating it as a
/// leaderboard-only directory if it has no manifest yet.
pub fn add_runs(data: &Path, runs: Vec<NewRun>) -> anyhow::Result<()> {
    let manifest_path = data.join("manifest.json");
    let mut manifest = if manifest_path.is_file() {
        let bytes = std::fs::read(&manifest_path).with_context(|| format!("cannot read {}", manifest_path.display()))?;
        serde_json::from_slice::<Manifest>(&bytes).with_context(|| format!("{}: not a Benchscope manifest", manifest_path.display()))?
    } else {
        if data.exists() && std::fs::read_dir(data)?.next().is_some() {
            bail!(
                "{} is not empty and has no manifest.json: not a Benchscope data directory",
                data.display()
            );
        }
        std::fs::create_dir_all(data)?;
        Manifest {
            format_version: FORMAT_VERSION,
            generator: generator(),
            datasets: Vec::new(),
            files: Vec::new(),
            runs: Vec::new(),
        }
    };
    for new in runs {
        let id = new.run.id.clone();
        if !is_safe_name(&id) {
            bail!("run id `{id}` may only use letters, digits, `.`, `_` and `-`");
        }
        let files = store_run(data, new, &mut manifest)?;
        let prefix = format!("runs/{id}");
        manifest
            .files
            .retain(|f| !(f.path == format!("{prefix}.json") || f.path.starts_with(&format!("{prefix}/"))));
        manifest.files.extend(files);
    }
    manifest.files.sort_by(|a, b| a.path.cmp(&b.path));
    manifest.runs.sort_by(|a, b| a.id.cmp(&b.id));
    manifest.generator = generator();
    let mut bytes = serde_json::to_vec_pretty(&manifest)?;
    bytes.push(b'\n');
    write_atomically(&manifest_path, &bytes)
}

fn generator() -> String {
    format!("benchscope {}", env!("CARGO_PKG_VERSION"))
}

/// Writes one run's files (its directory is built aside and moved into place) and its entry.
fn store_run(data: &Path, new: NewRun, manifest: &mut Manifest) -> anyhow::Result<Vec<FileEntry>> {
    let NewRun {
        mut run, patches, logs, ..
    } = new;
    let id = run.id.clone();
    let final_dir = data.join("runs").join(&id);
    let partial = data.join("runs").join(format!(".{id}.partial"));
    if partial.exists() {
        std::fs::remove_dir_all(&partial)?;
    }
    std::fs::create_dir_all(&partial)?;
    let mut files = Vec::new();
    let mut write = |relative: &str, bytes: &[u8]| -> anyhow::Result<()> {
        let path = partial.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
        files.push(entry(&format!("runs/{id}/{relative}"), bytes));
        Ok(())
    };
    let mut shard = PatchShard {
        format_version: FORMAT_VERSION,
        patches: BTreeMap::new(),
    };
    let mut shard_bytes = 0;
    let mut shard_of: BTreeMap<String, String> = BTreeMap::new();
    let mut shard_count = 0;
    for (instance, patch) in patches {
        if shard_bytes + patch.len() > PATCH_SHARD_TARGET_BYTES && !shard.patches.is_empty() {
            write(&format!("patches-{shard_count:04}.json"), &serde_json::to_vec(&shard)?)?;
            shard.patches.clear();
            shard_bytes = 0;
            shard_count += 1;
        }
        shard_bytes += patch.len();
        shard_of.insert(instance.clone(), format!("runs/{id}/patches-{shard_count:04}.json"));
        shard.patches.insert(instance, patch);
    }
    if !shard.patches.is_empty() {
        write(&format!("patches-{shard_count:04}.json"), &serde_json::to_vec(&shard)?)?;
    }
    for (instance, log) in &logs {
        write(&format!("logs/{}.log", file_name_for(instance)), log.as_bytes())?;
    }
    for result in &mut run.results {
        if let Some(path) = shard_of.get(&result.instance_id) {
            result.model_patch = Some(path.clone());
        }
    }
    if final_dir.exists() {
        std::fs::remove_dir_all(&final_dir)?;
    }
    std::fs::rename(&partial, &final_dir)?;
    let run_path = format!("runs/{id}.json");
    let mut bytes = serde_json::to_vec(&run)?;
    bytes.push(b'\n');
    write_atomically(&data.join(&run_path), &bytes)?;
    files.push(entry(&run_path, &bytes));
    manifest.runs.retain(|r| r.id != id);
    manifest.runs.push(RunEntry {
        id: run.id.clone(),
        dataset: run.dataset.clone(),
        split: run.split.clone(),
        system: run.system.clone(),
        date: run.date.clone(),
        path: run_path,
        instances: run.results.len(),
        resolved: run.resolved_count(),
        headline: run.headline.clone(),
    });
    Ok(files)
}

/// The relative path of an instance's log inside its run directory.
pub fn log_path(run: &str, instance: &str) -> String {
    format!("runs/{run}/logs/{}.log", file_name_for(instance))
}

/// An instance id as a file name: anything but letters, digits, `.`, `_` and `-` becomes `_`.
fn file_name_for(instance: &str) -> String {
    let name: String = instance
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' })
        .collect();
    if name.starts_with('.') {
        format!("_{name}")
    } else {
        name
    }
}

/// Writes `bytes` to a sibling temporary file, then renames it over `path`.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let tmp: PathBuf = path.with_extension(format!("partial-{}", std::process::id()));
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(())
}

/// Reads the runs of `data` (for carrying them over when the datasets are re-exported).
pub fn existing_runs(data: &Path) -> Option<(Vec<RunEntry>, Vec<FileEntry>)> {
    let manifest: Manifest = serde_json::from_slice(&std::fs::read(data.join("manifest.json")).ok()?).ok()?;
    let files = manifest.files.into_iter().filter(|f| f.path.starts_with("runs/")).collect();
    Some((manifest.runs, files))
}
