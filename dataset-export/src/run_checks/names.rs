//! The names a run is stored under: a dataset or split the user gave that the directory does
//! not have is refused with the closest one; one a source names itself is taken, and the reader
//! told where it went.

use anyhow::bail;
use benchscope_contract::Manifest;

use super::NameRules;
use crate::run_store::NewRun;

/// Where the run's metadata names another dataset than the one it is stored in, a warning that
/// says both, kept in the run's notes too.
pub(super) fn stored_elsewhere(new: &mut NewRun) -> Option<String> {
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
pub(super) fn fallback_not_exported(manifest: &Manifest, dataset: &str, rules: &NameRules) -> bool {
    rules.dataset.is_none()
        && !rules.new_dataset
        && rules.fallback_dataset.as_deref() == Some(dataset)
        && !exported_datasets(manifest).is_empty()
        && manifest.dataset(dataset).is_none()
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

/// The datasets the directory holds runs of but does not export (a leaderboard's boards), sorted.
fn runs_only_datasets(manifest: &Manifest) -> Vec<&str> {
    let mut names: Vec<&str> = manifest
        .runs
        .iter()
        .map(|r| r.dataset.as_str())
        .filter(|name| manifest.dataset(name).is_none_or(|d| d.splits.is_empty()))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// A run kept under the dataset a source gets when nothing names one (`swe-bench`), where the
/// directory does not export it (a new directory, or `--new-dataset`): the name is a default,
/// not the split's it ran on, so the reader is told how to give that one.
pub(super) fn fallback_kept(manifest: Option<&Manifest>, new: &NewRun, rules: &NameRules) -> Option<String> {
    let dataset = new.run.dataset.as_str();
    let fell_back = !new.dataset_from_source && rules.dataset.is_none() && rules.fallback_dataset.as_deref() == Some(dataset);
    let exported = manifest.is_some_and(|m| exported_datasets(m).contains(&dataset));
    (fell_back && !exported).then(|| {
        format!(
            "the source names no dataset and {}: the run is kept under `{dataset}`, the name a run gets when nothing names its dataset; {} names the dataset it ran on, as `export` names it (`swe-bench-verified` for SWE-bench Verified's files), so that the run joins that export",
            rules.no_dataset_named(),
            rules.dataset_option()
        )
    })
}

/// A dataset the source names itself is taken as stated; where the directory has exports but not
/// that one, the reader is told where its runs went (once per dataset).
pub(super) fn unexported_source_dataset(manifest: &Manifest, dataset: &str, rules: &NameRules) -> Option<String> {
    let exported = exported_datasets(manifest);
    if exported.is_empty() || exported.contains(&dataset) {
        return None;
    }
    Some(format!(
        "the source names the dataset `{dataset}`, which this directory does not export (it has: {}): its runs are kept under `{dataset}`; {} puts them under another",
        exported.join(", "),
        rules.dataset_option()
    ))
}

/// A split no option named, of a dataset the directory exports other splits of: the reader is
/// told where its runs went (once per split), since its instances are not the exported ones.
pub(super) fn unexported_split(manifest: &Manifest, dataset: &str, split: &str, rules: &NameRules) -> Option<String> {
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
        "dataset `{dataset}` exports no split `{split}` (it has: {}): its runs are kept under `{dataset}/{split}`, apart from the exported instances; {} puts them under another",
        exported.join(", "),
        rules.split_option()
    ))
}

/// Refuses a dataset or split name that the user gave (or that a source fell back to) when the
/// directory has exports and none is called so, naming the closest.
pub(super) fn check_names(manifest: &Manifest, dataset: &str, split: &str, rules: &NameRules) -> anyhow::Result<()> {
    let exported = exported_datasets(manifest);
    let chosen_by_user = rules.dataset.as_deref() == Some(dataset) || rules.fallback_dataset.as_deref() == Some(dataset);
    if exported.is_empty() || rules.new_dataset || !chosen_by_user {
        return Ok(());
    }
    let named_by_user = rules.dataset.as_deref() == Some(dataset);
    let runs_only = runs_only_datasets(manifest);
    if runs_only.contains(&dataset) {
        if named_by_user {
            return Ok(());
        }
        let remedy = match rules.from_site_entry {
            true => format!("Setting its `dataset` to `{dataset}` adds"),
            false => format!("`--dataset {dataset}` adds"),
        };
        bail!(
            "this data directory holds runs alone of `{dataset}` and exports: {}; the run's dataset is not named ({}). {remedy} the run beside those runs alone; name an exported dataset to count the run over its instances",
            exported.join(", "),
            rules.no_dataset_named(),
        );
    }
    let Some(entry) = manifest.dataset(dataset) else {
        let (named, remedy) = match (rules.from_site_entry, rules.dataset.is_some()) {
            (true, given) => (
                if given { "" } else { " (the run entry names none)" },
                format!("Name one in the run entry's `dataset`, or set its `new_dataset` to true to add a runs-only dataset `{dataset}`"),
            ),
            (false, given) => (
                if given { "" } else { " (no --dataset was given)" },
                format!("Name one with --dataset, or pass --new-dataset to add a runs-only dataset `{dataset}`"),
            ),
        };
        let known: Vec<&str> = exported.iter().chain(&runs_only).copied().collect();
        let runs_alone = match runs_only.is_empty() {
            true => String::new(),
            false => format!(", and runs alone of: {}", runs_only.join(", ")),
        };
        bail!(
            "this data directory has no dataset `{dataset}`{named}{}; it has: {}{runs_alone}. {remedy}",
            closest(dataset, &known)
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default(),
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

/// The name among `names` closest to `wanted` by edit distance, when it is close enough to be
/// a plausible typo (at most a third of the name's length, and at least one edit).
fn closest<'a>(wanted: &str, names: &[&'a str]) -> Option<&'a str> {
    names
        .iter()
        .map(|name| (edit_distance(wanted, name), *name))
        .filter(|(distance, name)| (1..=(name.chars().count() / 3).max(1)).contains(distance))
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
