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
        for (new, warnings) in runs.iter_mut() {
            warnings.extend(stored_elsewhere(new));
        }
        return Ok(());
    };
    // A leaderboard brings hundreds of runs of a few splits: each split's ids are read once.
    let mut ids_of: HashMap<(String, String), Option<BTreeSet<String>>> = HashMap::new();
    let mut told_unexported = HashSet::new();
    let mut told_split = HashSet::new();
    for (new, warnings) in runs.iter_mut() {
        if !new.dataset_from_source && fallback_not_exported(&manifest, &new.run.dataset, rules) {
            warnings.extend(join_split_holding_all(data.path(), &manifest, new, rules, &mut ids_of)?);
        }
        warnings.extend(stored_elsewhere(new));
        if !new.dataset_from_source {
            check_names(&manifest, &new.run.dataset, &new.run.split, rules)?;
        } else if told_unexported.insert(new.run.dataset.clone()) {
            warnings.extend(unexported_source_dataset(&manifest, &new.run.dataset));
        }
        if rules.split.is_none() && told_split.insert((new.run.dataset.clone(), new.run.split.clone())) {
            warnings.extend(unexported_split(&manifest, &new.run.dataset, &new.run.split));
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
        let key = (new.run.dataset.clone(), new.run.split.clone());
        if !ids_of.contains_key(&key) {
            let ids = split_ids(data.path(), &manifest, &key.0, &key.1)?;
            ids_of.insert(key.clone(), ids);
        }
        let first_result = new.run.results.first().map(|r| r.instance_id.clone());
        if let Some(ids) = &ids_of[&key] {
            warnings.extend(keep_split_instances(new, ids));
            warnings.extend(drop_share_of_another_total(new, ids.len()));
        }
        if let (Some(first), true) = (first_result, new.run.results.is_empty()) {
            bail!("{}", none_in_split(data.path(), &manifest, &new.run, &first, &mut ids_of)?);
        }
    }
    Ok(())
}

/// Where the run's metadata names another dataset than the one it is stored in, a warning that
/// says both, kept in the run's notes too.
fn stored_elsewhere(new: &mut NewRun) -> Option<String> {
    let stated = new
        .stated_dataset
        .as_ref()
        .filter(|s| !names_same_dataset(&s.name, &new.run.dataset))?;
    let message = format!(
        "{} says the run is on `{}`, and it is stored in `{}`/{}",
        stated.stated_in, stated.name, new.run.dataset, new.run.split
    );
    new.run.notes.push(message.clone());
    Some(message)
}

/// Whether a hub name such as `princeton-nlp__SWE-bench_Verified-test` names `dataset`
/// (`swe-bench-verified`): the same letters and digits, in order, ignoring the owner and split.
fn names_same_dataset(stated: &str, dataset: &str) -> bool {
    let squash = |s: &str| {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let stated = stated.rsplit("__").next().unwrap_or(stated);
    let stated = squash(stated.rsplit_once('-').map_or(stated, |(name, _)| name));
    stated == squash(dataset)
}

/// Whether `dataset` is the one a run fell back to, no option naming one, and the directory
/// has exports but no dataset of that name (not even one of runs alone).
fn fallback_not_exported(manifest: &Manifest, dataset: &str, rules: &NameRules) -> bool {
    rules.dataset.is_none()
        && !rules.new_dataset
        && rules.fallback_dataset.as_deref() == Some(dataset)
        && !exported_datasets(manifest).is_empty()
        && manifest.dataset(dataset).is_none()
}

/// A run no name placed joins the exported split that holds every one of its instances: of
/// those that do, the smallest (a Lite run is Lite's, although full SWE-bench holds its
/// instances too), among those called `--split` when it is given. The warning says where it
/// went. A run only partly held by any split is a run of another dataset, and stays refused.
fn join_split_holding_all(
    data: &Path,
    manifest: &Manifest,
    new: &mut NewRun,
    rules: &NameRules,
    ids_of: &mut HashMap<(String, String), Option<BTreeSet<String>>>,
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
            let key = (dataset.name.clone(), split.name.clone());
            if !ids_of.contains_key(&key) {
                ids_of.insert(key.clone(), split_ids(data, manifest, &key.0, &key.1)?);
            }
            let Some(ids) = &ids_of[&key] else { continue };
            let holds_all = new.run.results.iter().all(|r| ids.contains(&r.instance_id));
            if holds_all && smallest.as_ref().is_none_or(|(size, ..)| ids.len() < *size) {
                smallest = Some((ids.len(), key.0, key.1));
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
        "no --dataset was given, and this directory has no dataset `{}`: {instances} in {dataset}/{split}, so the run joins that split",
        new.run.dataset
    );
    new.run.dataset = dataset;
    new.run.split = split;
    Ok(Some(message))
}

/// A run none of whose instances its split has is a wrong `--dataset` or `--split`, not a run of
/// nothing: the refusal names the exported split that has its first instance, when one does.
fn none_in_split(
    data: &Path,
    manifest: &Manifest,
    run: &Run,
    first: &str,
    ids_of: &mut HashMap<(String, String), Option<BTreeSet<String>>>,
) -> anyhow::Result<String> {
    let mut holder = None;
    for dataset in &manifest.datasets {
        for split in &dataset.splits {
            let key = (dataset.name.clone(), split.name.clone());
            if !ids_of.contains_key(&key) {
                ids_of.insert(key.clone(), split_ids(data, manifest, &key.0, &key.1)?);
            }
            if holder.is_none() && ids_of[&key].as_ref().is_some_and(|ids| ids.contains(first)) {
                holder = Some(key);
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

/// The names of the datasets the directory exports (not those of runs alone).
fn exported_datasets(manifest: &Manifest) -> Vec<&str> {
    manifest
        .datasets
        .iter()
        .filter(|d| !d.splits.is_empty())
        .map(|d| d.name.as_str())
        .collect()
}

/// A dataset the source names itself is taken as stated; where the directory has exports but not
/// that one, the reader is told where its runs went (once per dataset).
fn unexported_source_dataset(manifest: &Manifest, dataset: &str) -> Option<String> {
    let exported = exported_datasets(manifest);
    if exported.is_empty() || exported.contains(&dataset) {
        return None;
    }
    Some(format!(
        "the source names the dataset `{dataset}`, which this directory does not export (it has: {}): its runs are kept under `{dataset}`; --dataset puts them under another",
        exported.join(", ")
    ))
}

/// A split no option named, of a dataset the directory exports other splits of: the reader is
/// told where its runs went (once per split), since its instances are not the exported ones.
fn unexported_split(manifest: &Manifest, dataset: &str, split: &str) -> Option<String> {
    let exported: Vec<&str> = manifest
        .dataset(dataset)?
        .splits
        .iter()
        .filter(|s| s.instances > 0)
        .map(|s| s.name.as_str())
        .collect();
    if exported.is_empty() || exported.contains(&split) {
        return None;
    }
    Some(format!(
        "dataset `{dataset}` exports no split `{split}` (it has: {}): its runs are kept under `{dataset}/{split}`, apart from the exported instances; --split puts them under another",
        exported.join(", ")
    ))
}

/// Refuses a dataset or split name that the user gave (or that a source fell back to) when the
/// directory has exports and none is called so, naming the closest.
fn check_names(manifest: &Manifest, dataset: &str, split: &str, rules: &NameRules) -> anyhow::Result<()> {
    let exported = exported_datasets(manifest);
    let chosen_by_user = rules.dataset.as_deref() == Some(dataset) || rules.fallback_dataset.as_deref() == Some(dataset);
    if exported.is_empty() || rules.new_dataset || !chosen_by_user {
        return Ok(());
    }
    let Some(entry) = manifest.dataset(dataset) else {
        let named = if rules.dataset.is_some() { "" } else { " (no --dataset was given)" };
        bail!(
            "this data directory has no dataset `{dataset}`{named}{}; it has: {}. Name one with --dataset, or pass --new-dataset to add a runs-only dataset `{dataset}`",
            closest(dataset, &exported).map(|c| format!("; did you mean `{c}`?")).unwrap_or_default(),
            exported.join(", ")
        );
    };
    if rules.split.as_deref() == Some(split) && entry.split(split).is_none() {
        let splits: Vec<&str> = entry.splits.iter().map(|s| s.name.as_str()).collect();
        bail!(
            "dataset `{dataset}` has no split `{split}`{} (it has: {})",
            closest(split, &splits)
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default(),
            splits.join(", ")
        );
    }
    Ok(())
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
    new.run.headline.remove("resolved_percent")?;
    let message = format!(
        "the source states its resolved share over {total} instances, and {}/{} has {split_size}: the run is counted over the split",
        new.run.dataset, new.run.split
    );
    new.run.notes.push(message.clone());
    Some(message)
}

/// The name among `names` closest to `wanted` by edit distance, when it is close enough to be
/// a plausible typo (at most a third of the name's length, and at least one edit).
pub fn closest<'a>(wanted: &str, names: &[&'a str]) -> Option<&'a str> {
    names
        .iter()
        .map(|name| (edit_distance(wanted, name), *name))
        .filter(|(distance, name)| *distance <= (name.chars().count() / 3).max(1))
        .min()
        .map(|(_, name)| name)
}

/// Edit distance by characters, a swap of two neighbours counting as one edit (optimal string
/// alignment), so `tset` is one edit from `test`.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hub_name_names_a_dataset_by_its_letters_past_the_owner_and_before_the_split() {
        assert!(names_same_dataset("princeton-nlp__SWE-bench_Verified-test", "swe-bench-verified"));
        assert!(!names_same_dataset("princeton-nlp__SWE-bench_Verified-test", "swe-bench-lite"));
        assert!(!names_same_dataset("princeton-nlp__SWE-bench_Verified-test", "swe-bench"));
    }

    #[test]
    fn typos_find_their_name() {
        let names = ["swe-bench-lite", "swe-bench-verified", "featurebench"];
        assert_eq!(closest("swe-bench-lit", &names), Some("swe-bench-lite"));
        assert_eq!(closest("swe-bench-verifed", &names), Some("swe-bench-verified"));
        assert_eq!(closest("lca-cmg", &names), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(closest("tset", &["test", "dev"]), Some("test"));
    }
}
