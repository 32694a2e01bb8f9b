//! The root component: loads the manifest, picks the dataset and split, switches pages.

use std::sync::Arc;

use benchscope_contract::outcomes::add_run_facets;
use benchscope_contract::{DatasetEntry, IndexRow, Manifest, Run, RunEntry, SplitEntry};
use leptos::prelude::*;

use crate::api::{data_base, load_index, load_manifest, DetailCache, LoadError, RunCache};
use crate::pages::{analysis::AnalysisPage, instance::InstancePage, leaderboard::LeaderboardPage, list::ListPage};
use crate::url_state::{UrlState, ViewState};

/// The explorer.
#[component]
pub fn App() -> impl IntoView {
    let url = UrlState::install();
    provide_context(url);
    provide_context(DetailCache::default());
    provide_context(crate::search::SearchCache::default());
    provide_context(crate::api::RunCache::default());
    provide_context(crate::api::SourceCache::default());
    let base = Memo::new(move |_| data_base(url.with(|s| s.data.clone()).as_deref()));
    let manifest = LocalResource::new(move || {
        let base = base.get();
        async move { load_manifest(&base).await }
    });
    view! {
        <header class="topbar">
            <a class="brand" href="?" on:click=move |ev| {
                ev.prevent_default();
                url.navigate(|s| *s = ViewState { data: s.data.clone(), ..ViewState::default() });
            }>"Benchscope"</a>
            <span class="tagline">"Explore code-generation benchmarks"</span>
        </header>
        <main>
            {move || match manifest.get() {
                None => view! { <p class="loading">"Loading the data directory…"</p> }.into_any(),
                Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
                Some(Ok(manifest)) => view! { <Explorer manifest base=base.get() /> }.into_any(),
            }}
        </main>
    }
}

/// Shows a load error naming the file.
#[component]
pub fn ErrorBox(error: LoadError) -> impl IntoView {
    view! {
        <div class="error" role="alert">
            <strong>"Could not load "</strong>
            <code>{error.url}</code>
            <p>{error.message}</p>
        </div>
    }
}

/// The dataset and split the URL names, or the defaults (first dataset; `test` split if any).
pub fn selected<'a>(manifest: &'a Manifest, state: &ViewState) -> Option<(&'a DatasetEntry, &'a SplitEntry)> {
    let dataset = state
        .dataset
        .as_deref()
        .and_then(|d| manifest.dataset(d))
        .or_else(|| manifest.datasets.first())?;
    let split = state
        .split
        .as_deref()
        .and_then(|s| dataset.split(s))
        .or_else(|| dataset.split("test"))
        .or_else(|| dataset.splits.first())?;
    Some((dataset, split))
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
    /// Those runs' files that loaded (the ones with per-instance results).
    pub run_files: Vec<Arc<Run>>,
}

impl LoadedSet {
    /// `dataset/split`, as the URL names it.
    pub fn key(&self) -> String {
        format!("{}/{}", self.dataset, self.split.name)
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

/// The selected split first, then the `with` ones the manifest has, each once.
fn selections(manifest: &Manifest, state: &ViewState) -> Vec<(String, SplitEntry)> {
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

/// Rows of every chosen split, with their run facets, tagged with `benchmark` and `split` when
/// several are loaded. A `with` split that fails to load is reported and left out.
async fn load_sets(
    base: &str,
    manifest: &Manifest,
    chosen: Vec<(String, SplitEntry)>,
    run_cache: &RunCache,
) -> Result<(Vec<IndexRow>, Vec<LoadedSet>, Vec<LoadError>), LoadError> {
    let several = chosen.len() > 1;
    let (mut rows, mut sets, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for (position, (dataset, split)) in chosen.into_iter().enumerate() {
        let mut part = match load_index(base, &split).await {
            Ok(part) => part,
            Err(error) if position > 0 => {
                errors.push(error);
                continue;
            }
            Err(error) => return Err(error),
        };
        let entries = split_runs(manifest, &dataset, &split.name);
        let (runs, run_errors) = run_cache.runs(base, &entries).await;
        errors.extend(run_errors);
        add_run_facets(&mut part, &runs.iter().map(|r| r.as_ref()).collect::<Vec<&Run>>());
        let run_files = runs;
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
            run_files,
        });
        rows.extend(part);
    }
    Ok((rows, sets, errors))
}

#[component]
fn Explorer(manifest: Manifest, base: String) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let manifest = StoredValue::new(manifest);
    let chosen = Memo::new(move |_| {
        let state = url.get();
        manifest.with_value(|m| selections(m, &state))
    });
    let base = StoredValue::new(base);
    let run_cache = expect_context::<RunCache>();
    let loaded = LocalResource::new(move || {
        let (chosen, base, run_cache, manifest) = (chosen.get(), base.get_value(), run_cache.clone(), manifest.get_value());
        async move {
            if chosen.is_empty() {
                return Ok(None);
            }
            load_sets(&base, &manifest, chosen, &run_cache).await.map(Some)
        }
    });
    view! {
        <DatasetPicker manifest=manifest.get_value() />
        {move || match loaded.get() {
            None => view! { <p class="loading">"Loading instances…"</p> }.into_any(),
            Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
            Some(Ok(None)) => view! { <p class="empty">"This data directory has no datasets. Export one with `benchscope export`."</p> }.into_any(),
            Some(Ok(Some((rows, sets, errors)))) => {
                let errors = errors.into_iter().map(|error| view! { <ErrorBox error /> }).collect_view();
                let page = match url.with(|s| (s.instance.clone(), s.from.clone(), s.view.clone())) {
                    (Some(id), from, _) => instance_page(rows, &sets, id, from, base.get_value()),
                    (None, _, Some(view)) if view == "leaderboard" => view! { <LeaderboardPage sets /> }.into_any(),
                    (None, _, Some(view)) if view == "analysis" => view! { <AnalysisPage rows sets /> }.into_any(),
                    (None, _, _) => view! { <ListPage rows sets base=base.get_value() /> }.into_any(),
                };
                (errors, view! { <ViewTabs /> }, page).into_any()
            }
        }}
    }
}

/// The instance page for `id` of the set `from` (the selected one when `None` or unknown).
fn instance_page(mut rows: Vec<IndexRow>, sets: &[LoadedSet], id: String, from: Option<String>, base: String) -> AnyView {
    let index = from.and_then(|key| sets.iter().position(|s| s.key() == key)).unwrap_or(0);
    let set = sets[index].clone();
    let end = sets.get(index + 1).map_or(rows.len(), |next| next.start);
    let rows: Vec<IndexRow> = rows.drain(set.start..end).collect();
    view! { <InstancePage rows id split=set.split base dataset=set.dataset runs=set.runs /> }.into_any()
}

/// The runs of the manifest evaluated on `dataset`'s `split`.
fn split_runs(manifest: &Manifest, dataset: &str, split: &str) -> Vec<RunEntry> {
    manifest
        .runs
        .iter()
        .filter(|r| r.dataset == dataset && r.split == split)
        .cloned()
        .collect()
}

#[component]
fn DatasetPicker(manifest: Manifest) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let manifest = StoredValue::new(manifest);
    let current = Memo::new(move |_| {
        let state = url.get();
        manifest.with_value(|m| selected(m, &state).map(|(d, s)| format!("{}/{}", d.name, s.name)))
    });
    let options = manifest.with_value(|m| {
        m.datasets
            .iter()
            .flat_map(|d| d.splits.iter().map(move |s| (format!("{}/{}", d.name, s.name), s.instances)))
            .collect::<Vec<_>>()
    });
    view! {
        <nav class="dataset-picker">
            <label>
                "Dataset "
                <select
                    aria-label="Dataset and split"
                    prop:value=move || current.get().unwrap_or_default()
                    on:change=move |ev| {
                        let value = event_target_value(&ev);
                        if let Some((dataset, split)) = value.split_once('/') {
                            let (dataset, split) = (dataset.to_string(), split.to_string());
                            url.navigate(|s| {
                                s.dataset = Some(dataset);
                                s.split = Some(split);
                                s.facets.clear();
                                s.q = None;
                                s.close_instance();
                            });
                        }
                    }
                >
                    {options
                        .iter()
                        .map(|(value, count)| {
                            let label = format!("{value} ({count})");
                            let selected = current.get_untracked().as_deref() == Some(value.as_str());
                            view! { <option value=value.clone() selected=selected>{label}</option> }
                        })
                        .collect_view()}
                </select>
            </label>
            {(options.len() > 1).then(|| view! { <CompareWith options=options.clone() current /> })}
        </nav>
    }
}

/// Loads more splits beside the selected one (the URL's `with`), each removable.
#[component]
fn CompareWith(options: Vec<(String, usize)>, current: Memo<Option<String>>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let with = Memo::new(move |_| url.with(|s| s.with.clone()));
    let choices = move || {
        let (with, current) = (with.get(), current.get());
        options
            .iter()
            .filter(|(value, _)| !with.contains(value) && current.as_ref() != Some(value))
            .map(|(value, count)| view! { <option value=value.clone()>{format!("{value} ({count})")}</option> })
            .collect_view()
    };
    let chips = move || {
        with.get()
            .into_iter()
            .map(|key| {
                let removed = key.clone();
                view! {
                    <span class="loaded-set">
                        {key.clone()}
                        <button aria-label=format!("Remove {key}") title="Remove" on:click=move |_| {
                            let removed = removed.clone();
                            url.navigate(|s| {
                                s.with.retain(|k| *k != removed);
                                s.facets.retain(|f| !f.starts_with("benchmark:") && !f.starts_with("split:"));
                            });
                        }>"×"</button>
                    </span>
                }
            })
            .collect_view()
    };
    view! {
        <label>
            "Compare with "
            <select aria-label="Load another dataset beside this one" prop:value="" on:change=move |ev| {
                let value = event_target_value(&ev);
                if !value.is_empty() {
                    url.navigate(|s| s.with.push(value));
                }
            }>
                <option value="">"add a dataset…"</option>
                {choices}
            </select>
        </label>
        {chips}
    }
}

/// The list, the leaderboard and the analysis of the loaded sets.
#[component]
fn ViewTabs() -> impl IntoView {
    let url = expect_context::<UrlState>();
    let current = Memo::new(move |_| {
        url.with(|s| {
            if s.instance.is_some() {
                None
            } else {
                Some(s.view.clone().unwrap_or_default())
            }
        })
    });
    let tab = move |value: &'static str, label: &'static str| {
        let href = move || {
            let mut state = url.get();
            state.close_instance();
            state.view = (!value.is_empty()).then(|| value.to_string());
            state.to_query()
        };
        view! {
            <a class="tab" href=href aria-current=move || (current.get().as_deref() == Some(value)).then_some("page")
                on:click=move |ev| {
                    ev.prevent_default();
                    url.navigate(|s| {
                        s.close_instance();
                        s.view = (!value.is_empty()).then(|| value.to_string());
                    });
                }>{label}</a>
        }
    };
    view! {
        <nav class="view-tabs" aria-label="Views">
            {tab("", "Instances")}
            {tab("leaderboard", "Leaderboard")}
            {tab("analysis", "Breakdowns and comparison")}
        </nav>
    }
}
