//! The pages the first screen does not show, each a split point: with the build's wasm-split
//! step (`scripts/split_wasm.py`), a page's code is its own wasm module, fetched the first time
//! the page opens. The list, the first screen, stays in the main module; a published site's
//! introduction (markdown) is split off too, as only published sites have one.
//!
//! A module that cannot be fetched is an error the page shows (`fallible`), never a panic: a
//! panic would stop the whole app.

use benchscope_contract::IndexRow;
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

use crate::components::markdown::Markdown;
use crate::list_order::Neighbours;
use crate::pages::{analysis::AnalysisPage, instance::InstancePage, leaderboard::LeaderboardPage};
use crate::sets::LoadedSet;
use crate::split_points::CodeNotLoaded;

/// The leaderboard of `sets`.
#[wasm_split(leaderboard_page, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn leaderboard_page(rows: Vec<IndexRow>, sets: Vec<LoadedSet>, base: String) -> Result<AnyView, CodeNotLoaded> {
    Ok(view! { <LeaderboardPage rows sets base /> }.into_any())
}

/// The analysis of the first of `sets`.
#[wasm_split(analysis_page, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn analysis_page(rows: Vec<IndexRow>, sets: Vec<LoadedSet>) -> Result<AnyView, CodeNotLoaded> {
    Ok(view! { <AnalysisPage rows sets /> }.into_any())
}

/// Instance `id` of `set`, whose rows are `rows`, with its `neighbours` in the list.
#[wasm_split(instance_page, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_instance_page))]
pub fn instance_page(
    rows: Vec<IndexRow>,
    id: String,
    set: LoadedSet,
    base: String,
    neighbours: Option<Neighbours>,
) -> Result<AnyView, CodeNotLoaded> {
    Ok(view! { <InstancePage rows id split=set.split base dataset=set.dataset runs=set.runs results=set.results neighbours /> }.into_any())
}

/// A published site's introduction, from its markdown.
#[wasm_split(site_intro, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn site_intro(markdown: String) -> Result<AnyView, CodeNotLoaded> {
    Ok(view! { <section class="site-intro"><Markdown text=markdown /></section> }.into_any())
}

/// Starts fetching the instance page's module, once, ahead of a click: the list calls it when the
/// pointer or the focus first comes to its results, so the module is usually there by the click.
pub fn prefetch_instance_page() {
    static STARTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if !STARTED.swap(true, std::sync::atomic::Ordering::Relaxed) {
        leptos::task::spawn_local(async {
            // A failure is left for the click, which shows it.
            let _ = preload_instance_page().await;
        });
    }
}
