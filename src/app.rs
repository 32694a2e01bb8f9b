//! The root component: loads the manifest, picks the dataset and split, switches pages.

use benchscope_contract::outcomes::add_run_facets;
use benchscope_contract::{DatasetEntry, Manifest, Run, RunEntry, SplitEntry};
use leptos::prelude::*;

use crate::api::{data_base, load_index, load_manifest, DetailCache, LoadError, RunCache};
use crate::pages::{instance::InstancePage, list::ListPage};
use crate::url_state::{UrlState, ViewState};

/// The explorer.
#[component]
pub fn App() -> impl IntoView {
    let url = UrlState::install();
    provide_context(url);
    provide_context(DetailCache::default());
    provide_context(crate::search::SearchCache::default());
    provide_context(crate::api::RunCache::default());
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

#[component]
fn Explorer(manifest: Manifest, base: String) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let manifest = StoredValue::new(manifest);
    let selection = Memo::new(move |_| {
        let state = url.get();
        manifest.with_value(|m| selected(m, &state).map(|(d, s)| (d.name.clone(), s.clone())))
    });
    let base = StoredValue::new(base);
    let run_cache = expect_context::<RunCache>();
    let rows = LocalResource::new(move || {
        let selection = selection.get();
        let base = base.get_value();
        let run_cache = run_cache.clone();
        let entries = selection
            .as_ref()
            .map(|(d, s)| split_runs(&manifest.get_value(), d, &s.name))
            .unwrap_or_default();
        async move {
            let Some((_, split)) = selection else { return Ok(None) };
            let mut rows = load_index(&base, &split).await?;
            let (runs, errors) = run_cache.runs(&base, &entries).await;
            let runs: Vec<&Run> = runs.iter().map(|r| r.as_ref()).collect();
            add_run_facets(&mut rows, &runs);
            Ok(Some((rows, errors)))
        }
    });
    view! {
        <DatasetPicker manifest=manifest.get_value() />
        {move || match rows.get() {
            None => view! { <p class="loading">"Loading instances…"</p> }.into_any(),
            Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
            Some(Ok(None)) => view! { <p class="empty">"This data directory has no datasets. Export one with `benchscope export`."</p> }.into_any(),
            Some(Ok(Some((rows, run_errors)))) => {
                let Some((dataset, split)) = selection.get() else { return ().into_any() };
                let run_errors = run_errors.into_iter().map(|error| view! { <ErrorBox error /> }).collect_view();
                let page = match url.with(|s| s.instance.clone()) {
                    Some(id) => {
                        let runs = manifest.with_value(|m| split_runs(m, &dataset, &split.name));
                        view! { <InstancePage rows id split base=base.get_value() dataset runs /> }.into_any()
                    }
                    None => view! { <ListPage rows split base=base.get_value() /> }.into_any(),
                };
                (run_errors, page).into_any()
            }
        }}
    }
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
                                s.instance = None;
                            });
                        }
                    }
                >
                    {options
                        .into_iter()
                        .map(|(value, count)| {
                            let label = format!("{value} ({count})");
                            let selected = current.get_untracked().as_deref() == Some(value.as_str());
                            view! { <option value=value selected=selected>{label}</option> }
                        })
                        .collect_view()}
                </select>
            </label>
        </nav>
    }
}
