//! Runs in a data directory: `runs/<id>.json` (the [`Run`] with its per-instance results),
//! `runs/<id>/patches-NNNN.json` (model patches, fetched only when shown),
//! `runs/<id>/logs/<instance>.log` (test logs, when the run produced them) and
//! `runs/<id>/trajectories/<instance>.json` (agent trajectories, fetched only when opened), and
//! each changed split's results matrix and blocks ([`crate::results_store`]). The
//! manifest lists every run; adding runs rewrites it last, by write-then-rename, so a crash never leaves a
//! manifest naming files that are not there.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::bail;
use benchscope_contract::{FileEntry, Manifest, PatchShard, Run, FORMAT_VERSION};

use crate::data_dir::{file_entry as entry, file_name_for, is_safe_name, write_atomically, write_file, DataDir};
use crate::results_store::{remove_stale, write_split_results};
use crate::trajectory_spool::{TrajectorySpool, TRAJECTORY_SEARCH_META};

/// A model patch shard closes at this many bytes of JSON.
const PATCH_SHARD_TARGET_BYTES: usize = 512 * 1024;

/// A run to add, with the model patches and logs to store beside it.
pub struct NewRun {
    /// The run; its results' `model_patch` fields are filled in when stored.
    pub run: Run,
    /// Instance id → model patch.
    pub patches: BTreeMap<String, String>,
    /// Instance id → test log.
    pub logs: BTreeMap<String, String>,
    /// The agents' trajectories, already written aside as they were read.
    pub trajectories: Option<TrajectorySpool>,
    /// Whether the source itself names the run's dataset (a leaderboard's board), rather than
    /// the user or a default.
    pub dataset_from_source: bool,
    /// The number of instances the source counts its headline share over (a run summary's
    /// `total_instances`): where the run's split is exported with another number, the share is
    /// not kept, and the run is counted over its split.
    pub stated_total: Option<usize>,
    /// The dataset the source's own metadata says the run is on, and the file that says it
    /// (`metadata.json`); a warning says so where the run is stored under another.
    pub stated_dataset: Option<StatedDataset>,
}

/// A dataset a source's metadata names: `princeton-nlp__SWE-bench_Verified-test`, in
/// `metadata.json`.
#[derive(Debug, Clone)]
pub struct StatedDataset {
    pub name: String,
    pub stated_in: &'static str,
}

impl NewRun {
    /// A run with no patches or logs to store.
    pub fn new(run: Run) -> Self {
        NewRun {
            run,
            patches: BTreeMap::new(),
            logs: BTreeMap::new(),
            trajectories: None,
            dataset_from_source: false,
            stated_total: None,
            stated_dataset: None,
        }
    }
}

/// Adds (or replaces, by id) `runs` in the data directory `data`, creating it as a
/// leaderboard-only directory if it has no manifest yet. The caller holds the directory's lock.
pub fn add_runs(data: &DataDir, runs: Vec<NewRun>) -> anyhow::Result<()> {
    add_runs_returning(data, runs).map(drop)
}

/// [`add_runs`], giving back the runs as stored (their results naming their patch shards).
pub fn add_runs_returning(data: &DataDir, runs: Vec<NewRun>) -> anyhow::Result<Vec<Run>> {
    let mut manifest = data.manifest_or_new()?;
    let mut stored = Vec::new();
    for new in runs {
        let id = new.run.id.clone();
        if !is_safe_name(&id) {
            bail!("run id `{id}` may only use letters, digits, `.`, `_` and `-`: give one with --run");
        }
        let (run, files) = store_run(data.path(), new, &mut manifest)?;
        stored.push(run);
        let prefix = format!("runs/{id}");
        manifest
            .files
            .retain(|f| !(f.path == format!("{prefix}.json") || f.path.starts_with(&format!("{prefix}/"))));
        manifest.files.extend(files);
    }
    let splits = stored.iter().map(|r| (r.dataset.clone(), r.split.clone())).collect();
    let stale = write_split_results(data, &mut manifest, &splits, &stored)?;
    data.write_manifest(&mut manifest)?;
    remove_stale(&stale);
    Ok(stored)
}

/// Writes one run's files (its directory is built aside and moved into place) and its entry.
fn store_run(data: &Path, new: NewRun, manifest: &mut Manifest) -> anyhow::Result<(Run, Vec<FileEntry>)> {
    let NewRun {
        mut run,
        patches,
        logs,
        trajectories,
        ..
    } = new;
    let id = run.id.clone();
    run.source = crate::source_label::published_source_here(&run.source);
    let final_dir = data.join("runs").join(&id);
    let partial = data.join("runs").join(format!(".{id}.partial"));
    if partial.exists() {
        std::fs::remove_dir_all(&partial)?;
    }
    std::fs::create_dir_all(&partial)?;
    let mut files = Vec::new();
    let mut write = |relative: &str, bytes: &[u8]| -> anyhow::Result<()> {
        write_file(&partial.join(relative), bytes)?;
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
    let log_of = |instance: &str| logs.contains_key(instance).then(|| log_path(&id, instance));
    let mut facts_of_instance = BTreeMap::new();
    if let Some(spool) = trajectories {
        if spool.run_id() != id {
            bail!("the trajectories were spooled for run `{}`, not `{id}`", spool.run_id());
        }
        let (written, meta, facts) = spool.move_into(&partial)?;
        write(TRAJECTORY_SEARCH_META, &serde_json::to_vec(&meta)?)?;
        files.extend(written);
        facts_of_instance = facts;
    }
    for result in &mut run.results {
        if let Some(path) = shard_of.get(&result.instance_id) {
            result.model_patch = Some(path.clone());
        }
        result.log = log_of(&result.instance_id);
        if let Some(facts) = facts_of_instance.remove(&result.instance_id) {
            // A result without its own figures takes the trajectory's, so the leaderboard's
            // tokens and cost columns count them.
            result.cost = result.cost.or(facts.cost);
            result.tokens_in = result.tokens_in.or(facts.tokens_in);
            result.tokens_out = result.tokens_out.or(facts.tokens_out);
            result.trajectory = Some(facts);
        }
    }
    if final_dir.exists() {
        std::fs::remove_dir_all(&final_dir)?;
    }
    // A run with no patches, logs or trajectories (a leaderboard's, a summary's) has no folder.
    match files.is_empty() {
        true => std::fs::remove_dir(&partial)?,
        false => std::fs::rename(&partial, &final_dir)?,
    }
    let run_path = format!("runs/{id}.json");
    let mut bytes = serde_json::to_vec(&run)?;
    bytes.push(b'\n');
    write_atomically(&data.join(&run_path), &bytes)?;
    files.push(entry(&run_path, &bytes));
    manifest.runs.retain(|r| r.id != id);
    manifest.runs.push(run.entry(run_path));
    Ok((run, files))
}

/// The relative path of an instance's log inside its run directory.
pub fn log_path(run: &str, instance: &str) -> String {
    format!("runs/{run}/logs/{}.log", file_name_for(instance))
}
