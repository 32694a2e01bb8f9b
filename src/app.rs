//! The root component: loads the manifest, picks the dataset and split, switches pages.

use benchscope_contract::site::{SiteInfo, View, SITE_FILE};
use benchscope_contract::{IndexRow, Manifest};
use leptos::prelude::*;

use crate::api::{data_base, fetch_json, load_manifest, DetailCache, DroppedRuns, IndexCache, RunCache};
use crate::components::error_box::ErrorBox;
use crate::components::nav::{DatasetPicker, ViewTabs};
use crate::effect::effect;
use crate::list_order::{neighbours, ListOrder, Neighbours};
use crate::load_error::LoadError;
use crate::loaded::Loaded;
use crate::pages::{lazy, list::ListPage};
use crate::sets::{chosen, is_runs_only, load_sets, with_run_only_splits, LoadedSet};
use crate::split_points::CodeNotLoaded;
use crate::url_state::{UrlState, ViewState};
use crate::wording::page_title;

/// What the brand and the window's title call a data directory that is not a published site.
const PRODUCT_NAME: &str = "Benchscope";

/// The explorer.
#[component]
pub fn App() -> impl IntoView {
    let url = UrlState::install();
    provide_context(url);
    provide_context(DetailCache::default());
    provide_context(crate::search::SearchCache::default());
    provide_context(crate::search::TrajectorySearchCache::default());
    provide_context(crate::api::RunCache::default());
    provide_context(IndexCache::default());
    provide_context(ListOrder::default());
    provide_context(crate::api::SourceCache::default());
    provide_context(crate::api::DroppedRuns(RwSignal::new(Vec::new())));
    provide_context(crate::components::drop_zone::DropMessages(RwSignal::new(Vec::new())));
    let base = Memo::new(move |_| data_base(url.with(|s| s.data.clone()).as_deref()));
    // The manifest, then a published site's title, introduction and views (a plain data
    // directory has none), as one load: the page is built once, when both are known.
    let root = Loaded::new(move || {
        let base = base.get();
        async move {
            let manifest = load_manifest(&base).await?;
            let site = match manifest.files.iter().any(|f| f.path == SITE_FILE) {
                true => fetch_json::<SiteInfo>(&format!("{base}{SITE_FILE}")).await.ok(),
                false => None,
            };
            Ok::<_, LoadError>((manifest, site))
        }
    });
    let site = move || root.with(|root| root.and_then(|r| r.as_ref().ok()).and_then(|(_, site)| site.clone()));
    let title = move || site().map_or_else(|| PRODUCT_NAME.to_string(), |s| s.title);
    view! {
        <header class="topbar">
            <a class="brand" href="?" on:click=move |ev| {
                ev.prevent_default();
                url.navigate(|s| *s = ViewState { data: s.data.clone(), ..ViewState::default() });
            }>{title}</a>
            // A published site's own title stands alone; Benchscope's tagline is for Benchscope's.
            {move || site().is_none().then(|| view! { <span class="tagline">"Explore code-generation benchmarks"</span> })}
        </header>
        <main>
            {move || match root.get() {
                None => view! { <p class="loading">"Loading the data directory…"</p> }.into_any(),
                Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
                Some(Ok((manifest, site))) => {
                    let manifest = with_run_only_splits(manifest);
                    view! { <Explorer manifest base=base.get() site /> }.into_any()
                }
            }}
        </main>
    }
}

#[component]
fn Explorer(manifest: Manifest, base: String, site: Option<SiteInfo>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    provide_context(crate::components::nav::OfferedViews::of(site.as_ref()));
    let manifest = StoredValue::new(manifest);
    let chosen = Memo::new(move |_| url.with(|state| manifest.with_value(|m| chosen(m, state))));
    let base = StoredValue::new(base);
    let (index_cache, run_cache) = (expect_context::<IndexCache>(), expect_context::<RunCache>());
    let dropped = expect_context::<DroppedRuns>();
    let list_order = expect_context::<ListOrder>();
    let loaded = Loaded::new(move || {
        let (chosen, base, manifest) = (chosen.get(), base.get_value(), manifest.get_value());
        let (index_cache, run_cache) = (index_cache.clone(), run_cache.clone());
        let dropped = dropped.0.get();
        async move {
            if chosen.splits.is_empty() {
                return Ok(None);
            }
            load_sets(&base, &manifest, chosen, &index_cache, &run_cache, &dropped)
                .await
                .map(Some)
        }
    });
    // The page shown depends on these alone: a change to a page's own state (a filter, a sort)
    // must not build the page again.
    let route: Memo<Route> = Memo::new(move |_| url.with(|s| (s.instance.clone(), s.from.clone(), s.view)));
    // The view a bare URL shows: a published site's first view; else a split of runs alone opens
    // on its leaderboard, where its content is, and any other split on its instances.
    let site_default = site.as_ref().map(SiteInfo::default_view);
    let default = Memo::new(move |_| {
        let runs_only = loaded.with(|loaded| match loaded {
            Some(Ok(Some((_, sets, _)))) => sets.first().is_some_and(|s| is_runs_only(&s.split)),
            _ => false,
        });
        let own = if runs_only { View::Leaderboard } else { View::Instances };
        site_default.unwrap_or(own)
    });
    window_title(site.as_ref().map_or(PRODUCT_NAME, |s| s.title.as_str()).to_string(), route, default);
    view! {
        <DatasetPicker manifest=manifest.get_value() />
        {move || match loaded.get() {
            None => view! { <p class="loading">"Loading instances…"</p> }.into_any(),
            Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
            Some(Ok(None)) => view! { <p class="empty">"This data directory has no datasets. Export one with "<code>"benchscope export"</code>"."</p> }.into_any(),
            Some(Ok(Some((rows, sets, errors)))) => {
                let errors = errors.into_iter().map(|error| view! { <ErrorBox error /> }).collect_view();
                let default = default.get();
                let (instance, from, view) = route.get();
                let page = match (instance, from, view.unwrap_or(default)) {
                    (Some(id), from, _) => {
                        let beside = url.with_untracked(|state| {
                            list_order.opened(state);
                            neighbours(list_order, state, &rows, &sets)
                        });
                        instance_page(rows, &sets, id, from, base.get_value(), beside)
                    }
                    (None, _, View::Leaderboard) => loaded_page(lazy::leaderboard_page(rows, sets.clone(), base.get_value()), "leaderboard", Some("Loading the page…")),
                    (None, _, View::Analysis) => loaded_page(lazy::analysis_page(rows, sets.clone()), "analysis", Some("Loading the page…")),
                    (None, _, View::Instances) => view! { <ListPage rows sets base=base.get_value() /> }.into_any(),
                };
                let intro = site
                    .as_ref()
                    .filter(|s| !s.intro.trim().is_empty() && route.with(|(instance, _, _)| instance.is_none()))
                    .map(|s| loaded_page(lazy::site_intro(s.intro.clone()), "site introduction", None));
                (errors, intro, view! { <ViewTabs site=site.clone() default /> }, page).into_any()
            }
        }}
    }
}

/// What decides the page shown: the open instance, its set and the view.
type Route = (Option<String>, Option<String>, Option<View>);

/// Keeps the window's title naming the page shown ([`page_title`]). It reads the route alone, so
/// a keystroke, which changes the query, leaves it be.
fn window_title(site: String, route: Memo<Route>, default: Memo<View>) {
    effect(move |_| {
        let title = route.with(|(instance, _, view)| page_title(&site, instance.as_deref(), *view, default.get()));
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(&title);
        }
    });
}

/// The instance page for `id` of the set `from` (the selected one when `None` or unknown), and
/// its `neighbours` in the list it was opened from.
fn instance_page(
    mut rows: Vec<IndexRow>,
    sets: &[LoadedSet],
    id: String,
    from: Option<String>,
    base: String,
    neighbours: Option<Neighbours>,
) -> AnyView {
    let index = from.and_then(|key| sets.iter().position(|s| s.key() == key)).unwrap_or(0);
    let set = sets[index].clone();
    let end = sets.get(index + 1).map_or(rows.len(), |next| next.start);
    let rows: Vec<IndexRow> = rows.drain(set.start..end).collect();
    loaded_page(
        lazy::instance_page(rows, id, set, base, neighbours),
        "instance page",
        Some("Loading the page…"),
    )
}

/// A page whose code is fetched the first time it opens ([`lazy`]), shown once it is there, and
/// `waiting` until then; when its code cannot be fetched, an error naming the `page`. The page is
/// built under the caller's owner, as a page built at once is.
fn loaded_page(
    page: impl std::future::Future<Output = Result<AnyView, CodeNotLoaded>> + 'static,
    name: &'static str,
    waiting: Option<&'static str>,
) -> AnyView {
    let shown = RwSignal::new_local(None::<AnyView>);
    leptos::task::spawn_local_scoped(async move {
        let page = page.await.unwrap_or_else(|_| {
            let error = CodeNotLoaded::error(name);
            view! { <ErrorBox error /> }.into_any()
        });
        shown.set(Some(page));
    });
    (move || {
        shown.track();
        shown
            .try_update_untracked(Option::take)
            .flatten()
            .unwrap_or_else(|| waiting.map(|text| view! { <p class="loading">{text}</p> }).into_any())
    })
    .into_any()
}
