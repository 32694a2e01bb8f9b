//! The dataset splits loaded into the list: the selected one first, then those the URL's `with`
//! adds, each with its rows, its runs and the runs' outcome facets.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use benchscope_contract::leaderboard::{leaderboard_row, LeaderboardRow};
use benchscope_contract::outcomes::{add_run_facets, run_facet, run_of_facet, RUN_FACETS, RUN_FACET_PREFIX};
use benchscope_contract::results::{best_first, is_matrix_path, results_dir, ResultsMatrix};
use benchscope_contract::runs_only::rows_from_ids;
use benchscope_contract::sorting::{set_of, sort_by};
use benchscope_contract::{DatasetEntry, IndexRow, Manifest, RunEntry, SplitEntry};
use futures::future::join_all;

use crate::api::{IndexCache, RunCache};
use crate::load_error::LoadError;
use crate::run_files::split_matrix;
use crate::url_state::ViewState;

/// The dataset and split the URL names, or the defaults: the first dataset with exported
/// instances, else the one whose runs carry the most per-instance results; its `test` split if any.
pub fn selected<'a>(manifest: &'a Manifest, state: &ViewState) -> Option<(&'a DatasetEntry, &'a SplitEntry)> {
    let dataset = state
        .dataset
        .as_deref()
        .and_then(|d| manifest.dataset(d))
        .or_else(|| default_dataset(manifest))?;
    let split = state
        .split
        .as_deref()
        .and_then(|s| dataset.split(s))
        .or_else(|| dataset.split("test"))
        .or_else(|| dataset.splits.first())?;
    Some((dataset, split))
}

/// The dataset a bare URL opens: one with something to show.
fn default_dataset(manifest: &Manifest) -> Option<&DatasetEntry> {
    let exported = manifest.datasets.iter().find(|d| d.splits.iter().any(|s| s.instances > 0));
    exported.or_else(|| {
        let weight = |d: &&DatasetEntry| {
            let runs: Vec<&RunEntry> = manifest.runs.iter().filter(|r| r.dataset == d.name).collect();
            (runs.iter().filter(|r| r.instances > 0).count(), runs.len())
        };
        // The first of the heaviest, not the last.
        manifest.datasets.iter().rev().max_by_key(weight)
    })
}

/// Whether `split` has runs but no exported instances.
pub fn is_runs_only(split: &SplitEntry) -> bool {
    split.index_shards.is_empty()
}

/// How the picker counts a split: its instances, or its runs when it has only runs.
pub fn split_count(manifest: &Manifest, dataset: &str, split: &SplitEntry) -> String {
    if is_runs_only(split) {
        let runs = manifest
            .runs
            .iter()
            .filter(|r| r.dataset == dataset && r.split == split.name)
            .count();
        crate::wording::plural(runs, "run")
    } else {
        split.instances.to_string()
    }
}

/// One dataset split loaded into the list, and where its rows start in the combined list.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedSet {
    /// Dataset name.
    pub dataset: String,
    /// The split.
    pub split: SplitEntry,
    /// Position of its first row among all loaded rows.
    pub start: usize,
    /// The runs evaluated on it.
    pub runs: Vec<RunEntry>,
    /// Their outcomes on every instance, for the runs with per-instance results.
    pub results: Arc<ResultsMatrix>,
}

impl LoadedSet {
    /// `dataset/split`, as the URL names it.
    pub fn key(&self) -> String {
        format!("{}/{}", self.dataset, self.split.name)
    }

    /// Run id → the name the pages call it by (see [`crate::wording::run_labels`]).
    pub fn run_names(&self) -> HashMap<String, String> {
        crate::wording::run_names(&self.runs)
    }

    /// A leaderboard row per run, counted from its results where they are loaded.
    pub fn leaderboard(&self) -> Vec<LeaderboardRow> {
        self.runs
            .iter()
            .map(|entry| {
                let totals = self.results.run(&entry.id).map(|(_, run)| &run.totals);
                leaderboard_row(entry, totals, self.split.instances)
            })
            .collect()
    }
}

/// What tells the set at `index` apart from the other sets loaded, for its rows' tag: its split
/// when they all come from one dataset, its dataset when they all have one split's name (less
/// the word every dataset's name starts with: `lite` and `verified` for `swe-bench-lite` and
/// `swe-bench-verified`), else its `dataset/split`.
pub fn tag_of_set(sets: &[LoadedSet], index: usize) -> String {
    let set = &sets[index];
    if sets.iter().all(|s| s.dataset == set.dataset) {
        set.split.name.clone()
    } else if sets.iter().all(|s| s.split.name == set.split.name) {
        let names: Vec<&str> = sets.iter().map(|s| s.dataset.as_str()).collect();
        crate::wording::distinct_parts(&names)[index].to_string()
    } else {
        set.key()
    }
}

/// The index of the set holding row `position` of the combined list.
pub fn set_index(sets: &[LoadedSet], position: usize) -> usize {
    sets.iter().rposition(|s| s.start <= position).unwrap_or(0)
}

/// The URL's `from` for row `position`: `None` for the selected dataset's rows.
pub fn from_of(sets: &[LoadedSet], position: usize) -> Option<String> {
    let index = set_index(sets, position);
    (index > 0).then(|| sets[index].key())
}

/// The manifest with a split for every `dataset`/`split` its runs name but no export holds, so a
/// data directory of leaderboards alone still has its leaderboards to show.
pub fn with_run_only_splits(mut manifest: Manifest) -> Manifest {
    let pairs = set_of(manifest.runs.iter().map(|r| (r.dataset.clone(), r.split.clone())));
    for (dataset, split) in pairs {
        if manifest.dataset(&dataset).is_some_and(|d| d.split(&split).is_some()) {
            continue;
        }
        let empty = SplitEntry {
            name: split,
            instances: 0,
            facets: Default::default(),
            index_shards: Vec::new(),
            detail_shards: Vec::new(),
            search: None,
        };
        match manifest.datasets.iter_mut().find(|d| d.name == dataset) {
            Some(entry) => entry.splits.push(empty),
            None => manifest.datasets.push(DatasetEntry {
                name: dataset,
                format: "runs only".into(),
                splits: vec![empty],
            }),
        }
    }
    manifest
}

/// What `state` asks to load from `manifest`. Only a filter on a run outside the best
/// [`RUN_FACETS`] of its split changes what is loaded: ticking one of the facets the list already
/// has must not load the sets again.
pub fn chosen(manifest: &Manifest, state: &ViewState) -> Chosen {
    let splits = selections(manifest, state);
    let faceted: BTreeSet<String> = set_of(
        splits
            .iter()
            .flat_map(|(dataset, split)| best_runs(manifest, dataset, &split.name))
            .map(|id| run_facet(&id)),
    );
    let named_run_facets = state
        .facets
        .iter()
        .filter_map(|pair| pair.split_once(':').map(|(facet, _)| facet))
        .filter(|facet| facet.starts_with(RUN_FACET_PREFIX))
        .filter(|facet| !faceted.contains(run_of_facet(facet)))
        .map(str::to_string)
        .collect();
    Chosen { splits, named_run_facets }
}

/// The ids of the best [`RUN_FACETS`] runs with verdicts on `dataset`/`split`, by the resolved
/// counts the manifest lists (the order the list gives them their facets in).
fn best_runs(manifest: &Manifest, dataset: &str, split: &str) -> Vec<String> {
    let mut judged: Vec<(&str, usize)> = manifest
        .runs
        .iter()
        .filter(|r| r.dataset == dataset && r.split == split && r.instances > 0)
        .filter_map(|r| Some((r.id.as_str(), r.resolved?)))
        .collect();
    sort_by(&mut judged, |a, b| best_first(*a, *b));
    judged.into_iter().take(RUN_FACETS).map(|(id, _)| id.to_string()).collect()
}

/// The selected split first, then the `with` ones the manifest has, each once.
pub fn selections(manifest: &Manifest, state: &ViewState) -> Vec<(String, SplitEntry)> {
    let Some((dataset, split)) = selected(manifest, state) else {
        return Vec::new();
    };
    let mut chosen = vec![(dataset.name.clone(), split.clone())];
    for key in &state.with {
        let Some((d, s)) = key.split_once('/') else { continue };
        let Some(split) = manifest.dataset(d).and_then(|d| d.split(s)) else {
            continue;
        };
        if !chosen.iter().any(|(cd, cs)| cd == d && cs.name == split.name) {
            chosen.push((d.to_string(), split.clone()));
        }
    }
    chosen
}

/// What to load: the chosen splits, and the run facets the URL's filters name.
#[derive(Debug, Clone, PartialEq)]
pub struct Chosen {
    /// The selected split first, then the `with` ones.
    pub splits: Vec<(String, SplitEntry)>,
    /// `run <id>` facets the filters name (those runs get their facet even when not among the
    /// best).
    pub named_run_facets: Vec<String>,
}

/// Rows of every chosen split, with their run facets, tagged with `benchmark` and `split` when
/// several are loaded; `dropped` runs join the split they name. A `with` split that fails to load
/// is reported and left out.
pub async fn load_sets(
    base: &str,
    manifest: &Manifest,
    chosen: Chosen,
    index_cache: &IndexCache,
    run_cache: &RunCache,
    dropped: &[RunEntry],
) -> Result<(Vec<IndexRow>, Vec<LoadedSet>, Vec<LoadError>), LoadError> {
    let several = chosen.splits.len() > 1;
    // Every split's matrix and rows are fetched together; they are put together in order.
    let fetches = chosen.splits.into_iter().map(|(dataset, split)| async move {
        let mut entries = split_runs(manifest, &dataset, &split.name);
        entries.extend(dropped.iter().filter(|r| r.dataset == dataset && r.split == split.name).cloned());
        let (results, run_errors) = split_matrix(run_cache, base, matrix_path(manifest, &dataset, &split.name), &entries).await;
        let loaded = match is_runs_only(&split) {
            true => Ok(rows_from_ids(results.instances.iter().map(String::as_str))),
            false => index_cache.rows(base, &split).await,
        };
        (dataset, split, entries, results, run_errors, loaded)
    });
    let (mut rows, mut sets, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for (position, (dataset, mut split, entries, results, run_errors, loaded)) in join_all(fetches).await.into_iter().enumerate() {
        errors.extend(run_errors);
        let mut part = match loaded {
            Ok(part) => part,
            Err(error) if position > 0 => {
                errors.push(error);
                continue;
            }
            Err(error) => return Err(error),
        };
        add_run_facets(&mut part, &results, &chosen.named_run_facets);
        if is_runs_only(&split) {
            // Its instances are the ones its runs name: the leaderboard counts over them.
            split.instances = part.len();
        }
        if several {
            for row in &mut part {
                row.facets.insert("benchmark".into(), dataset.clone());
                row.facets.insert("split".into(), split.name.clone());
            }
        }
        sets.push(LoadedSet {
            dataset,
            split,
            start: rows.len(),
            runs: entries,
            results,
        });
        rows.extend(part);
    }
    Ok((rows, sets, errors))
}

/// The path of the results matrix the CLI wrote for `dataset`/`split`, if it did.
fn matrix_path<'m>(manifest: &'m Manifest, dataset: &str, split: &str) -> Option<&'m str> {
    let dir = results_dir(dataset, split);
    manifest
        .files
        .iter()
        .map(|f| f.path.as_str())
        .find(|path| is_matrix_path(&dir, path))
}

/// The runs of the manifest evaluated on `dataset`'s `split`.
pub fn split_runs(manifest: &Manifest, dataset: &str, split: &str) -> Vec<RunEntry> {
    manifest
        .runs
        .iter()
        .filter(|r| r.dataset == dataset && r.split == split)
        .cloned()
        .collect()
}
