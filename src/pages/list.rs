//! The instance list: full-text search, facets with live counts, sorting, a virtualized list,
//! and the keyboard (`j`/`k` or arrows to move, Enter to open, `/` to search, Esc to clear).
//! Everything the reader sets lives in the URL.

use std::collections::BTreeSet;

use benchscope_contract::outcomes::{RESOLVED_BY, RUN_FACET_PREFIX};
use benchscope_contract::query::{sort_positions, Filter, SortKey, BUILT_IN_FACETS};
use benchscope_contract::search::tokenize;
use benchscope_contract::IndexRow;
use leptos::ev;
use leptos::html;
use leptos::prelude::*;

use crate::api::LoadError;
use crate::components::error_box::ErrorBox;
use crate::components::facets::FacetPanel;
use crate::components::virtual_rows::VirtualRows;
use crate::search::SearchCache;
use crate::sets::{from_of, LoadedSet};
use crate::url_state::UrlState;

/// Lists `rows` of the loaded `sets` as the URL filters, searches and sorts them.
#[component]
pub fn ListPage(rows: Vec<IndexRow>, sets: Vec<LoadedSet>, base: String) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let cache = expect_context::<SearchCache>();
    let total = rows.len();
    let facets = facet_names(&rows);
    let rows = StoredValue::new(rows);
    let filter = Memo::new(move |_| Filter::from_pairs(url.with(|s| s.facets.clone()).iter().map(String::as_str)));
    let filters_open = RwSignal::new(false);
    let query = Memo::new(move |_| url.with(|s| s.q.clone()).unwrap_or_default());
    // A `sort=` naming no sort is ignored, so the box never shows blank.
    let sort = Memo::new(move |_| {
        url.with(|s| s.sort.clone())
            .filter(|key| SortKey::ALL.iter().any(|(_, name)| key.trim_start_matches('-') == *name))
    });
    let terms = Memo::new(move |_| tokenize(&query.get()));
    // Each searchable set's index, and where its rows start.
    let indexes: Vec<(String, usize)> = sets.iter().filter_map(|s| Some((s.split.search.clone()?, s.start))).collect();
    let has_search = !indexes.is_empty();
    let hits = LocalResource::new(move || {
        let (cache, base, indexes, query) = (cache.clone(), base.clone(), indexes.clone(), query.get());
        async move {
            if query.trim().is_empty() || indexes.is_empty() {
                return Ok(None);
            }
            search_all(&cache, &base, &indexes, &query).await.map(Some)
        }
    });
    // The search's hits, unfiltered: what the facet counts count over.
    let searched = Memo::new(move |_| match hits.get() {
        Some(Ok(Some(hits))) => {
            let mut mask = vec![false; total];
            for (doc, _) in hits.iter() {
                if let Some(hit) = mask.get_mut(*doc as usize) {
                    *hit = true;
                }
            }
            Some(mask)
        }
        _ => None,
    });
    let order = Memo::new(move |_| {
        let filter = filter.get();
        let ranked = match hits.get() {
            Some(Ok(Some(hits))) => Some(hits),
            _ => None,
        };
        let sort = sort.get();
        rows.with_value(|rows| ordered_positions(rows, &filter, ranked.as_deref(), sort.as_deref()))
    });
    let selected = RwSignal::new(0usize);
    Effect::new(move |_| {
        order.track();
        // Setting an unchanged signal would still re-run the scroll-into-view effect, which
        // reads the layout: on every keystroke, that forced a reflow.
        if selected.get_untracked() != 0 {
            selected.set(0);
        }
    });
    let search_box = NodeRef::<html::Input>::new();
    let sets = StoredValue::new(sets);
    let keys = window_event_listener(ev::keydown, move |event| {
        on_key(&event, order, selected, rows, sets, search_box, url);
    });
    on_cleanup(move || keys.remove());
    let search_error = move || match hits.get() {
        Some(Err(error)) => Some(view! { <ErrorBox error /> }),
        _ => None,
    };
    let has_runs = rows.with_value(|rows| rows.first().is_some_and(|r| r.facets.contains_key(RESOLVED_BY)));
    view! {
        <section class="list-page">
            <div class="toolbar">
                <input type="search" class="search" node_ref=search_box aria-label="Search instances (press / to focus)"
                    placeholder=if has_search { "Search statements, titles, paths, tests  ( / )" } else { "This data directory has no search index" }
                    disabled=!has_search
                    prop:value=move || query.get()
                    on:input=move |ev| {
                        let value = event_target_value(&ev);
                        url.replace(|s| s.q = (!value.trim().is_empty()).then_some(value));
                    } />
                <label>
                    "Sort "
                    <select aria-label="Sort by" prop:value=move || sort.get().unwrap_or_default()
                        on:change=move |ev| {
                            let value = event_target_value(&ev);
                            url.navigate(|s| s.sort = (!value.is_empty()).then_some(value));
                        }>
                        <option value="">{move || if query.get().trim().is_empty() { "id" } else { "relevance" }}</option>
                        <option value="repo">"repository"</option>
                        <option value="-date">"newest"</option>
                        <option value="date">"oldest"</option>
                        <option value="-size">"largest change"</option>
                        <option value="size">"smallest change"</option>
                        <option value="-tests">"most tests"</option>
                        {has_runs.then(|| view! {
                            <option value="-resolved">"most resolved"</option>
                            <option value="resolved">"least resolved"</option>
                        })}
                    </select>
                </label>
                <span class="count" aria-live="polite">{move || format!("{} of {total} instances", order.with(Vec::len))}</span>
                // On a small screen the facets are a drawer this button opens.
                <button class="filters-toggle" aria-controls="facet-panel" aria-expanded=move || filters_open.get().to_string()
                    on:click=move |_| filters_open.update(|o| *o = !*o)>
                    {move || {
                        let chosen = filter.with(|f| f.selected.values().map(|v| v.len()).sum::<usize>());
                        if chosen > 0 { format!("Filters ({chosen})") } else { "Filters".to_string() }
                    }}
                </button>
            </div>
            {search_error}
            <div class="list-body" class:filters-open=move || filters_open.get()>
                <FacetPanel rows facets filter searched />
                <div class="results">
                    <div class="row-head" aria-hidden="true">
                        <span>"Instance"</span><span>"Repository"</span><span>"Title"</span><span class="num">"Files"</span><span class="num">"+/−"</span>
                    </div>
                    <VirtualRows rows sets order selected terms />
                </div>
            </div>
        </section>
    }
}

/// Built-in facets, then those the split's rows carry (version, difficulty, level, ...), then
/// the loaded runs' (`resolved by` first).
fn facet_names(rows: &[IndexRow]) -> Vec<String> {
    let extra: BTreeSet<&String> = rows.iter().flat_map(|r| r.facets.keys()).collect();
    let from_runs = |f: &&String| f.as_str() == RESOLVED_BY || f.starts_with(RUN_FACET_PREFIX);
    let (runs, dataset): (Vec<&String>, Vec<&String>) = extra.into_iter().partition(from_runs);
    let mut runs: Vec<&String> = runs;
    runs.sort_by_key(|f| (f.as_str() != RESOLVED_BY, f.as_str()));
    BUILT_IN_FACETS
        .iter()
        .map(|f| f.to_string())
        .chain(dataset.into_iter().cloned())
        .chain(runs.into_iter().cloned())
        .collect()
}

/// Positions into `rows` to show: filtered, then ranked by the search when there is one (unless
/// a sort is chosen), else sorted.
fn ordered_positions(rows: &[IndexRow], filter: &Filter, ranked: Option<&[(u32, f64)]>, sort: Option<&str>) -> Vec<usize> {
    let selections = filter.selections(None);
    let passes = |i: &usize| rows.get(*i).is_some_and(|row| selections.pass(row));
    let mut positions: Vec<usize> = match ranked {
        Some(hits) => hits.iter().map(|(doc, _)| *doc as usize).filter(passes).collect(),
        None => (0..rows.len()).filter(passes).collect(),
    };
    if ranked.is_none() || sort.is_some() {
        let (key, descending) = sort.map(SortKey::parse).unwrap_or_default();
        sort_positions(rows, &mut positions, key, descending);
    }
    positions
}

/// Ranks the rows of every loaded set for `query`: each set's hits, placed at its rows, merged
/// by score.
async fn search_all(cache: &SearchCache, base: &str, indexes: &[(String, usize)], query: &str) -> Result<Vec<(u32, f64)>, LoadError> {
    let mut hits = Vec::new();
    for (meta, start) in indexes {
        let found = cache.search(base, meta, query).await?;
        hits.extend(found.into_iter().map(|(doc, score)| (doc + *start as u32, score)));
    }
    hits.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    Ok(hits)
}

/// The list's keyboard: `j`/ArrowDown, `k`/ArrowUp, Enter, `/`, Esc.
fn on_key(
    event: &web_sys::KeyboardEvent,
    order: Memo<Vec<usize>>,
    selected: RwSignal<usize>,
    rows: StoredValue<Vec<IndexRow>>,
    sets: StoredValue<Vec<LoadedSet>>,
    search_box: NodeRef<html::Input>,
    url: UrlState,
) {
    let typing = event
        .target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
    let count = order.with_untracked(Vec::len);
    match event.key().as_str() {
        "Escape" if typing => {
            // Esc in the search box clears the search itself: text, ranking and `q=` alike.
            let in_search = event
                .target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
                .is_some_and(|input| input.type_() == "search");
            if in_search {
                url.replace(|s| s.q = None);
            }
            if let Some(input) = search_box.get_untracked() {
                input.set_value("");
                let _ = input.blur();
            }
        }
        "Escape" => url.replace(|s| s.q = None),
        "/" if !typing => {
            event.prevent_default();
            if let Some(input) = search_box.get_untracked() {
                let _ = input.focus();
            }
        }
        "j" | "ArrowDown" if !typing && count > 0 => {
            event.prevent_default();
            selected.update(|s| *s = (*s + 1).min(count - 1));
        }
        "k" | "ArrowUp" if !typing && count > 0 => {
            event.prevent_default();
            selected.update(|s| *s = s.saturating_sub(1));
        }
        "Enter" if count > 0 && (!typing || search_box.get_untracked().is_some()) => {
            let position = selected.get_untracked().min(count - 1);
            let index = order.with_untracked(|o| o[position]);
            let id = rows.with_value(|rows| rows[index].id.clone());
            let from = sets.with_value(|sets| from_of(sets, index));
            url.navigate(|s| s.open(id, from));
        }
        _ => {}
    }
}
