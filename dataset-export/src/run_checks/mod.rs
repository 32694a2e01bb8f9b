//! What a run must satisfy before it is stored in a data directory: its dataset and split are
//! names the directory knows (never a guess that lands where nobody looks), its id does not
//! silently replace another run, and only the instances of its split are counted.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::Path;

use anyhow::bail;
use benchscope_contract::coverage;
use benchscope_contract::{IndexShard, Manifest, Run};

use crate::data_dir::DataDir;
use crate::run_store::NewRun;

mod names;
use names::{check_names, fallback_kept, fallback_not_exported, stored_elsewhere, unexported_source_dataset, unexported_split};

/// What the user asked for about names.
#[derive(Debug, Clone, Default)]
pub struct NameRules {
    /// `--dataset`, when given.
    pub dataset: Option<String>,
    /// `--split`, when given.
    pub split: Option<String>,
    /// The dataset a source gets when neither it nor `--dataset` names one.
    pub fallback_dataset: Option<String>,
    /// `--new-dataset`: a name matching no export is a new runs-only dataset, on purpose.
    pub new_dataset: bool,
    /// `--replace`: a run id that exists is replaced.
    pub replace: bool,
    /// The names are a site configuration's run entry's (`publish`), not a command's options:
    /// a refusal says what to write in the entry.
    pub from_site_entry: bool,
}

impl NameRules {
    /// What names the dataset, for the reader: the option, or the site entry's field.
    fn dataset_option(&self) -> &'static str {
        if self.from_site_entry {
            "the run entry's `dataset`"
        } else {
            "--dataset"
        }
    }

    /// What names the split, for the reader.
    fn split_option(&self) -> &'static str {
        if self.from_site_entry {
            "the run entry's `split`"
        } else {
            "--split"
        }
    }

    /// That no dataset was named, for the reader.
    fn no_dataset_named(&self) -> &'static str {
        if self.from_site_entry {
            "the run entry names no dataset"
        } else {
            "no --dataset was given"
        }
    }
}

/// Checks `runs` against the data directory and adds them, under its lock (the checks and the
/// manifest they read are the ones that hold when the runs are written). Gives back each run as
/// stored with its warnings, the checks' included.
pub fn check_and_add_runs(
    data: &DataDir,
    mut runs: Vec<(NewRun, Vec<String>)>,
    rules: &NameRules,
) -> anyhow::Result<Vec<(Run, Vec<String>)>> {
    let _lock = data.lock()?;
    for (new, _) in &mut runs {
        // A run read from a stream's copy came from the stream.
        new.run.source = crate::streams::as_given(&new.run.source).into_owned();
    }
    no_run_twice(&runs)?;
    check_runs(data, &mut runs, rules)?;
    let (runs, warnings): (Vec<NewRun>, Vec<Vec<String>>) = runs.into_iter().unzip();
    Ok(crate::run_store::add_runs_returning(data, runs)?
        .into_iter()
        .zip(warnings)
        .collect())
}

/// Two of the runs being added may not share an id: the second would overwrite the first (two
/// sources given one `--run`, a summary and the predictions it graded, say).
fn no_run_twice(runs: &[(NewRun, Vec<String>)]) -> anyhow::Result<()> {
    let mut seen: HashMap<&str, &str> = HashMap::new();
    for (new, _) in runs {
        if let Some(first) = seen.insert(&new.run.id, &new.run.source) {
            bail!(
                "two of the runs being imported are both `{}` (from {first} and from {}): each source is a run of its own, so give each its own --run, or import them one at a time",
                new.run.id,
                new.run.source
            );
        }
    }
    Ok(())
}

/// Checks `runs` against the data directory `data` (when it has a manifest), and leaves out of
/// each run the instances its split does not have, warning about them.
pub fn check_runs(data: &DataDir, runs: &mut [(NewRun, Vec<String>)], rules: &NameRules) -> anyhow::Result<()> {
    let Some(manifest) = data.manifest().ok() else {
        let mut told_fallback = HashSet::new();
        for (new, warnings) in runs.iter_mut() {
            warnings.extend(stored_elsewhere(new));
            warnings.extend(fallback_kept(None, new, rules).filter(|_| told_fallback.insert(new.run.dataset.clone())));
        }
        return Ok(());
    };
    let mut ids_of = SplitIds::new(data.path(), &manifest);
    let mut told_unexported = HashSet::new();
    let mut told_split = HashSet::new();
    let mut told_fallback = HashSet::new();
    for (new, warnings) in runs.iter_mut() {
        if !new.dataset_from_source && fallback_not_exported(&manifest, &new.run.dataset, rules) {
            warnings.extend(join_split_holding_all(&manifest, new, rules, &mut ids_of)?);
        }
        warnings.extend(stored_elsewhere(new));
        warnings.extend(fallback_kept(Some(&manifest), new, rules).filter(|_| told_fallback.insert(new.run.dataset.clone())));
        if !new.dataset_from_source {
            check_names(&manifest, &new.run.dataset, &new.run.split, rules)?;
        } else if told_unexported.insert(new.run.dataset.clone()) {
            warnings.extend(unexported_source_dataset(&manifest, &new.run.dataset, rules));
        }
        if rules.split.is_none() && told_split.insert((new.run.dataset.clone(), new.run.split.clone())) {
            warnings.extend(unexported_split(&manifest, &new.run.dataset, &new.run.split, rules));
        }
        if let Some(existing) = manifest.runs.iter().find(|r| r.id == new.run.id).filter(|_| !rules.replace) {
            bail!(
                "{} already has a run `{}` ({}/{}): pass --replace to replace it, or --run to name this one",
                data.path().display(),
                existing.id,
                existing.dataset,
                existing.split
            );
        }
        let first_result = new.run.results.first().map(|r| r.instance_id.clone());
        if let Some(ids) = ids_of.of(&new.run.dataset, &new.run.split)? {
            warnings.extend(keep_split_instances(new, ids));
            warnings.extend(drop_share_of_another_total(new, ids.len()));
        }
        if let (Some(first), true) = (first_result, new.run.results.is_empty()) {
            bail!("{}", none_in_split(&manifest, &new.run, &first, &mut ids_of)?);
        }
    }
    Ok(())
}

/// A run no name placed joins the exported split that holds every one of its instances: of
/// those that do, the smallest (a Lite run is Lite's, although full SWE-bench holds its
/// instances too), among those called `--split` when it is given. The warning says where it
/// went. A run only partly held by any split is a run of another dataset, and stays refused.
fn join_split_holding_all(
    manifest: &Manifest,
    new: &mut NewRun,
    rules: &NameRules,
    ids_of: &mut SplitIds,
) -> anyhow::Result<Option<String>> {
    if new.run.results.is_empty() {
        return Ok(None);
    }
    let mut smallest: Option<(usize, String, String)> = None;
    for dataset in manifest.datasets.iter().filter(|d| !d.splits.is_empty()) {
        for split in dataset
            .splits
            .iter()
            .filter(|s| rules.split.as_ref().is_none_or(|named| *named == s.name))
        {
            let Some(ids) = ids_of.of(&dataset.name, &split.name)? else {
                continue;
            };
            let holds_all = new.run.results.iter().all(|r| ids.contains(&r.instance_id));
            if holds_all && smallest.as_ref().is_none_or(|(size, ..)| ids.len() < *size) {
                smallest = Some((ids.len(), dataset.name.clone(), split.name.clone()));
            }
        }
    }
    let Some((_, dataset, split)) = smallest else { return Ok(None) };
    let total = new.run.results.len();
    let instances = if total == 1 {
        "its one instance is".to_string()
    } else {
        format!("all {total} of its instances are")
    };
    let message = format!(
        "{}, and this directory has no dataset `{}`: {instances} in {dataset}/{split}, so the run joins that split",
        rules.no_dataset_named(),
        new.run.dataset
    );
    new.run.dataset = dataset;
    new.run.split = split;
    Ok(Some(message))
}

/// A run none of whose instances its split has is a wrong `--dataset` or `--split`, not a run of
/// nothing: the refusal names the exported split that has its first instance, when one does.
fn none_in_split(manifest: &Manifest, run: &Run, first: &str, ids_of: &mut SplitIds) -> anyhow::Result<String> {
    let mut holder = None;
    for dataset in &manifest.datasets {
        for split in &dataset.splits {
            let holds = ids_of.of(&dataset.name, &split.name)?.is_some_and(|ids| ids.contains(first));
            if holder.is_none() && holds {
                holder = Some((dataset.name.clone(), split.name.clone()));
            }
        }
    }
    let hint = match holder {
        Some((dataset, split)) => format!("; `{first}` is in {dataset}/{split}: --dataset {dataset} --split {split}"),
        None => format!("; no exported split has `{first}`"),
    };
    Ok(format!(
        "run `{}`: none of its instances is in {}/{} (the first: `{first}`), so nothing was stored{hint}",
        run.id, run.dataset, run.split
    ))
}

/// The ids of each exported split, read from its index shards when first asked for: a
/// leaderboard brings hundreds of runs of a few splits, and each split's ids are read once.
struct SplitIds<'a> {
    data: &'a Path,
    manifest: &'a Manifest,
    read: HashMap<(String, String), Option<BTreeSet<String>>>,
}

impl<'a> SplitIds<'a> {
    fn new(data: &'a Path, manifest: &'a Manifest) -> Self {
        SplitIds {
            data,
            manifest,
            read: HashMap::new(),
        }
    }

    /// The ids of `dataset`/`split`; `None` when it is not exported.
    fn of(&mut self, dataset: &str, split: &str) -> anyhow::Result<Option<&BTreeSet<String>>> {
        let key = (dataset.to_string(), split.to_string());
        if !self.read.contains_key(&key) {
            let ids = split_ids(self.data, self.manifest, dataset, split)?;
            self.read.insert(key.clone(), ids);
        }
        Ok(self.read[&key].as_ref())
    }
}

/// The ids of an exported split, from its index shards; `None` when it is not exported.
pub fn split_ids(data: &Path, manifest: &Manifest, dataset: &str, split: &str) -> anyhow::Result<Option<BTreeSet<String>>> {
    let Some(entry) = manifest.dataset(dataset).and_then(|d| d.split(split)).filter(|s| s.instances > 0) else {
        return Ok(None);
    };
    let mut ids = BTreeSet::new();
    for shard in &entry.index_shards {
        let path = data.join(shard);
        let bytes = std::fs::read(&path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        let shard: IndexShard =
            serde_json::from_slice(&bytes).map_err(|e| anyhow::anyhow!("{}: not an index shard: {e}", path.display()))?;
        ids.extend(shard.rows.into_iter().map(|r| r.id));
    }
    Ok(Some(ids))
}

/// Drops the results (and patches and logs) of instances that `ids` does not hold, and says
/// which, in a warning and in the run's notes.
pub fn keep_split_instances(new: &mut NewRun, ids: &BTreeSet<String>) -> Option<String> {
    let ids: HashSet<&str> = ids.iter().map(String::as_str).collect();
    let outside = coverage::keep_split_instances(&mut new.run, &ids);
    if outside.is_empty() {
        return None;
    }
    new.patches.retain(|id, _| ids.contains(id.as_str()));
    new.logs.retain(|id, _| ids.contains(id.as_str()));
    if let Some(spool) = &mut new.trajectories {
        spool.keep_only(|id| ids.contains(id));
    }
    let message = coverage::outside_message(&outside, &new.run.dataset, &new.run.split);
    new.run.notes.push(message.clone());
    Some(message)
}

/// A share its source states over another number of instances than the split has (a full
/// SWE-bench summary imported into Lite, say) is not the run's headline; the run is counted over
/// its split, and the reader is told.
fn drop_share_of_another_total(new: &mut NewRun, split_size: usize) -> Option<String> {
    let total = new.stated_total.filter(|total| *total != split_size)?;
    new.run.headline.remove(benchscope_contract::leaderboard::SCORED_OVER);
    new.run.headline.remove("resolved_percent")?;
    let message = coverage::another_total_message(total, &new.run.dataset, &new.run.split, split_size);
    new.run.notes.push(message.clone());
    Some(message)
}
