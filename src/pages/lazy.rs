//! The pages the first screen does not show, each a split point: with the build's wasm-split
//! step (`scripts/split_wasm.py`), a page's code is its own wasm module, fetched the first time
//! the page opens. The list, the first screen, stays in the main module; a published site's
//! introduction (markdown) is split off too, as only published sites have one.

use benchscope_contract::IndexRow;
use leptos::prelude::*;

use crate::components::markdown::Markdown;
use crate::pages::{analysis::AnalysisPage, instance::InstancePage, leaderboard::LeaderboardPage};
use crate::sets::LoadedSet;

/// The leaderboard of `sets`.
#[lazy]
pub fn leaderboard_page(rows: Vec<IndexRow>, sets: Vec<LoadedSet>, base: String) -> AnyView {
    view! { <LeaderboardPage rows sets base /> }.into_any()
}

/// The analysis of the first of `sets`.
#[lazy]
pub fn analysis_page(rows: Vec<IndexRow>, sets: Vec<LoadedSet>) -> AnyView {
    view! { <AnalysisPage rows sets /> }.into_any()
}

/// Instance `id` of `set`, whose rows are `rows`.
#[lazy]
pub fn instance_page(rows: Vec<IndexRow>, id: String, set: LoadedSet, base: String) -> AnyView {
    view! { <InstancePage rows id split=set.split base dataset=set.dataset runs=set.runs results=set.results /> }.into_any()
}

/// A published site's introduction, from its markdown.
#[lazy]
pub fn site_intro(markdown: String) -> AnyView {
    view! { <section class="site-intro"><Markdown text=markdown /></section> }.into_any()
}
