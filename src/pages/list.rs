//! The instance list: full-text search, facets with live counts, sorting, a virtualized list,
//! and the keyboard (`j`/`k` or arrows to move, Enter to open, `/` to search, Esc to clear).
//! Everything the reader sets lives in the URL.

use std::collections::HashMap;

use benchscope_contract::list::{id_matches, list_facets, ordered_positions};
use benchscope_contract::natural_order::IdOrder;
use benchscope_contract::outcomes::RESOLVED_BY;
use benchscope_contract::query::{facet_value, Filter, SortKey};
use benchscope_contract::IndexRow;
use leptos::ev;
use leptos::html;
use leptos::prelude::*;

use crate::components::error_box::ErrorBox;
use crate::components::facets::FacetPanel;
use crate::components::highlight::Marks;
use crate::components::virtual_rows::VirtualRows;
use crate::effect::effect;
use crate::frames::{after_next_frame, once_settled};
use crate::keys::{clear_and_blur, focus_of, Focus};
use crate::list_order::{position_of, ListOrder};
use crate::list_search::{search_code, SearchCode};
use crate::load_error::LoadError;
use crate::loaded::Loaded;
use crate::pages::lazy::prefetch_instance_page;
use crate::search::{Hit, SearchCache};
use crate::sets::{from_of, LoadedSet};
use crate::split_points::CodeNotLoaded;
use crate::url_state::UrlState;

/// Lists `rows` of the loaded `sets` as the URL filters, searches and sorts them.
#[component]
pub fn ListPage(rows: Vec<IndexRow>, sets: Vec<LoadedSet>, base: String) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let cache = expect_context::<SearchCache>();
    let total = rows.len();
    let facets = list_facets(&rows);
    // The column of sizes is as wide as its widest entry, not as the largest patch anywhere; no
    // row has a size (no gold patch published): the size columns are left out.
    let widest = widest_sizes(&rows);
    let sized = widest.is_some();
    let sizes_style = widest.map(|chars| format!("--size-chars: {chars};"));
    // No row has a title or a repository (rows known from runs alone): nor has the list that
    // column; and where no row has a value to filter by, no panel of facets stands empty.
    let titled = rows.iter().any(|row| !row.title.is_empty());
    let with_repos = rows.iter().any(|row| !row.repo.is_empty());
    let filterable = facets.iter().any(|facet| rows.iter().any(|row| facet_value(row, facet).is_some()));
    // The rows' id order, numbers in ids by value, worked out once: the list in id order (its
    // default) is then a pass over the rows.
    let id_order = StoredValue::new(IdOrder::new(&rows));
    let rows = StoredValue::new(rows);
    let filter = Memo::new(move |_| Filter::from_pairs(url.with(|s| s.facets.clone()).iter().map(String::as_str)));
    let filters_open = RwSignal::new(false);
    let query = Memo::new(move |_| url.query().unwrap_or_default());
    // A `sort=` naming no sort the box offers is ignored, so the box never shows blank: by
    // repository where no row names one, by resolved where no run judges them.
    let has_runs = rows.with_value(|rows| rows.first().is_some_and(|r| r.facets.contains_key(RESOLVED_BY)));
    let offered = move |name: &str| match name {
        "repo" => with_repos,
        "resolved" => has_runs,
        _ => SortKey::ALL.iter().any(|(_, known)| *known == name),
    };
    let sort = Memo::new(move |_| url.with(|s| s.sort.clone()).filter(|key| offered(key.trim_start_matches('-'))));
    // Each searchable set's index, and where its rows start.
    let indexes: Vec<(String, usize)> = sets.iter().filter_map(|s| Some((s.split.search.clone()?, s.start))).collect();
    let has_search = !indexes.is_empty();
    let run_names = StoredValue::new(sets.iter().flat_map(LoadedSet::run_names).collect::<HashMap<String, String>>());
    // The rows of sets with no search index (runs imported alone): the box finds them by id,
    // after the ranked hits of the sets that have one.
    let unindexed = StoredValue::new(unindexed_ranges(&sets, total));
    let by_id = move |query: &str| {
        let within = |position: usize| unindexed.with_value(|ranges| ranges.iter().any(|range| range.contains(&position)));
        rows.with_value(|rows| id_order.with_value(|ids| id_matches(rows, ids, query, within)))
    };
    let any_unindexed = unindexed.with_value(|ranges| !ranges.is_empty());
    // The search's code (its own wasm module): fetched once the first rows are drawn, or when a
    // query or the box's focus needs it first.
    let code = RwSignal::new(None::<SearchCode>);
    // Called from a later frame or task, by when the page may be gone (the list drawn again for
    // sets that changed): then there is nothing to do.
    let with_code = move |then: Box<dyn FnOnce(SearchCode)>| match code.try_get_untracked() {
        Some(Some(loaded)) => then(loaded),
        Some(None) => leptos::task::spawn_local(async move {
            // A failure is left for the search, which reports it.
            if let Ok(loaded) = search_code().await {
                if code.try_set(Some(loaded)).is_none() {
                    then(loaded);
                }
            }
        }),
        None => {}
    };
    // The search's code and the sets' search metas, fetched once: the first word typed waits
    // only for its buckets, and none of the metas' fetching, checking and reading lands among
    // the first keystrokes' frames.
    let ready_search = {
        let (cache, base, indexes) = (cache.clone(), base.clone(), indexes.clone());
        move || {
            let (cache, base, indexes) = (cache.clone(), base.clone(), indexes.clone());
            with_code(Box::new(move |code| (code.prefetch)(&cache, &base, &indexes, "")));
        }
    };
    // Asked for once the rows are drawn, and again (from memory) when the box is focused first.
    if has_search {
        after_next_frame(ready_search.clone());
    }
    // The query's words, marked in the rows once the search's code is here.
    let marks = Memo::new(move |_| {
        code.get()
            .map(|code| query.with(|query| Marks::new((code.terms)(query), code.mark)))
            .unwrap_or_default()
    });
    // Until the code is here, a query that is not blank is taken to have words to search for.
    // Without a search index the box filters ids, which ranks nothing.
    let searchable = Memo::new(move |_| {
        has_search
            && match code.get() {
                Some(_) => !marks.with(Marks::is_empty),
                None => !query.with(|query| query.trim().is_empty()),
            }
    });
    // The hits of the query as typed. When every file the search needs is already here (its
    // code, the metas and its terms' buckets, as when a keystroke extends a word), they are
    // ranked in the keystroke's own task and the rows follow in one pass; otherwise they are
    // fetched. Waiting for them, the list keeps the hits it last showed. Where no set has a
    // search index, the ids holding the query's words are the hits.
    let ranked_now = {
        let (cache, base, indexes) = (cache.clone(), base.clone(), indexes.clone());
        Memo::new(move |_| {
            query.with(|query| {
                if query.trim().is_empty() {
                    return Some(Ok(None));
                }
                if indexes.is_empty() {
                    return Some(Ok(Some(by_id(query))));
                }
                let code = code.get()?;
                if marks.with(Marks::is_empty) {
                    // Nothing to search for yet (one letter, a stop word): what the word being
                    // typed will need is fetched meanwhile.
                    (code.prefetch)(&cache, &base, &indexes, query);
                    return Some(Ok(None));
                }
                (code.now)(&cache, &base, &indexes, query)
            })
        })
    };
    // The query whose hits must be fetched: `None` while they are ranked from memory, so that a
    // keystroke that needs no file runs no fetch's machinery (a resource's future, its task and
    // its notifications cost the keystroke 0.1–0.2 ms).
    let to_fetch = Memo::new(move |_| ranked_now.with(Option::is_none).then(|| query.get()));
    let fetched = Loaded::new(move || {
        let (cache, base, indexes, asked) = (cache.clone(), base.clone(), indexes.clone(), to_fetch.get());
        async move {
            let query = asked?;
            let hits = match search_code().await {
                Ok(loaded) => {
                    // Here before the page asked for it: the next keystrokes rank from memory.
                    if code.get_untracked().is_none() {
                        code.set(Some(loaded));
                    }
                    (loaded.fetched)(cache, base, indexes, query.clone()).await
                }
                Err(_) => Err(CodeNotLoaded::error("search")),
            };
            Some((query, hits))
        }
    });
    // The ranked hits, then the rows of the sets without an index that the query names by id.
    let with_unindexed = move |found: Result<Option<Vec<Hit>>, LoadError>| match found {
        Ok(Some(mut hits)) if has_search && any_unindexed => {
            hits.extend(query.with(|query| by_id(query)));
            Ok(Some(hits))
        }
        other => other,
    };
    // `Ok(None)`: no query, or nothing in it to search for; the list stays whole.
    let hits: Memo<Result<Option<Vec<Hit>>, LoadError>> = Memo::new(move |shown| {
        if let Some(now) = ranked_now.get() {
            return with_unindexed(now);
        }
        match fetched.get().flatten() {
            Some((asked, hits)) if query.with(|query| *query == asked) => with_unindexed(hits),
            // Nothing shown yet, as when a link with `q=` opens the page: no rows until the
            // search answers, rather than every row in id order under the query.
            _ => shown.cloned().unwrap_or(Ok(Some(Vec::new()))),
        }
    });
    // The query's hits are being fetched.
    let awaiting = Memo::new(move |_| {
        ranked_now.with(Option::is_none)
            && !fetched.with(|answer| matches!(answer, Some(Some((asked, _))) if query.with(|query| query == asked)))
    });
    // The search's hits as a mask over the rows: what the facet counts count over. Waiting for
    // the first hits, the counts stay those of every row.
    let searched = Memo::new(move |_| {
        hits.with(|hits| {
            let hits = hits.as_ref().ok()?.as_ref()?;
            if hits.is_empty() && awaiting.get() {
                return None;
            }
            let mut mask = vec![false; total];
            for (doc, _) in hits {
                if let Some(hit) = mask.get_mut(*doc as usize) {
                    *hit = true;
                }
            }
            Some(mask)
        })
    });
    // What the facet counts count over, once typing pauses. A keystroke's task then changes the
    // rows and their count alone, and the panel's values (a memo and four effects each) follow in
    // a frame of their own; in the keystroke's task they held the results back.
    let counted = once_settled(searched);
    let order = Memo::new(move |_| {
        let filter = filter.get();
        let sort = sort.get();
        hits.with(|hits| {
            let ranked = hits.as_ref().ok().and_then(Option::as_deref);
            rows.with_value(|rows| id_order.with_value(|ids| ordered_positions(rows, ids, &filter, ranked, sort.as_deref())))
        })
    });
    let cursor = Cursor::new(order);
    let selected = cursor.selected;
    let search_box = NodeRef::<html::Input>::new();
    let sets = StoredValue::new(sets);
    let list_order = expect_context::<ListOrder>();
    select_last_opened(list_order, url, order, cursor, rows, sets);
    let keys = window_event_listener(ev::keydown, move |event| {
        let open = move || {
            list_order.save(url, order);
            open_selected(order, cursor, rows, sets, url);
        };
        on_key(&event, order, cursor, search_box, url, open);
    });
    on_cleanup(move || keys.remove());
    let search_error = move || match hits.get() {
        Err(error) => Some(view! { <ErrorBox error /> }),
        Ok(_) => None,
    };
    view! {
        <section class="list-page" class:no-facets=!filterable>
            <div class="toolbar">
                <input type="search" class="search" node_ref=search_box aria-label="Search instances (press / to focus)"
                    placeholder=if has_search { "Search statements, titles, paths, tests  ( / )" } else { "Filter by id: no search index here  ( / )" }
                    prop:value=move || query.get()
                    on:focus=move |_| if has_search { ready_search() }
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
                        <option value="">{move || if searchable.get() { "relevance" } else { "id" }}</option>
                        {with_repos.then(|| view! { <option value="repo">"repository"</option> })}
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
                <span class="count" aria-live="polite">{move || {
                    if awaiting.get() && order.with(Vec::is_empty) {
                        return "Searching…".to_string();
                    }
                    let shown = format!("{} of {total} instances", order.with(Vec::len));
                    // One letter, or stop words alone, leave the list whole: say why.
                    let unsearchable = has_search && !query.with(|q| q.trim().is_empty()) && !searchable.get();
                    if unsearchable { format!("{shown} · words of two letters or more are searched") } else { shown }
                }}</span>
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
                <FacetPanel rows facets filter searched=counted run_names />
                // The instance page's code is fetched when the reader first comes to the rows.
                <div class=results_class(sized, titled, with_repos) style=sizes_style on:pointerover=move |_| prefetch_instance_page() on:focusin=move |_| prefetch_instance_page()>
                    <div class="row-head" aria-hidden="true">
                        <span>"Instance"</span><span>"Repository"</span><span>"Title"</span><span class="num">"Files"</span><span class="num">"+/−"</span>
                    </div>
                    <VirtualRows rows sets order selected marks />
                </div>
            </div>
        </section>
    }
}

/// Back from an instance opened from this list (or stepped to from one), the list selects it,
/// in view. Its first order that holds any row is looked at (a search's hits may still be on
/// their way before); the effect then reads nothing more, so later orders, a keystroke's, do not
/// run it.
fn select_last_opened(
    list_order: ListOrder,
    url: UrlState,
    order: Memo<Vec<usize>>,
    cursor: Cursor,
    rows: StoredValue<Vec<IndexRow>>,
    sets: StoredValue<Vec<LoadedSet>>,
) {
    let Some((id, from)) = url.with_untracked(|state| list_order.last_opened(state)) else {
        return;
    };
    let mut done = false;
    effect(move |_| {
        if done {
            return;
        }
        let found = order.with(|order| {
            if order.is_empty() {
                return None;
            }
            done = true;
            rows.with_value(|rows| sets.with_value(|sets| position_of(order, rows, sets, &id, from.as_deref())))
        });
        if let Some(position) = found {
            cursor.move_to(|_| position);
        }
    });
}

/// Where the rows of each set with no search index lie among all the rows.
fn unindexed_ranges(sets: &[LoadedSet], total: usize) -> Vec<std::ops::Range<usize>> {
    let end_of = |nth: usize| sets.get(nth + 1).map_or(total, |next| next.start);
    sets.iter()
        .enumerate()
        .filter(|(_, set)| set.split.search.is_none())
        .map(|(nth, set)| set.start..end_of(nth))
        .collect()
}

/// How many characters the widest of `rows`' sizes takes, as a row writes them
/// (`row_parts::sizes`: `+65 −40` is 7); `None` when no row has a size. Mirrored by the first
/// screen (src/first_screen.js), whose columns must be the app's.
fn widest_sizes(rows: &[IndexRow]) -> Option<usize> {
    let digits = |count: u32| count.checked_ilog10().map_or(1, |power| power as usize + 1);
    rows.iter()
        .filter(|row| !row.stats.all_zero())
        .map(|row| 3 + digits(row.stats.lines_added) + digits(row.stats.lines_removed))
        .max()
}

/// The results' classes: those that leave out the columns no row has anything for.
fn results_class(sized: bool, titled: bool, with_repos: bool) -> String {
    let mut class = String::from("results");
    if !sized {
        class.push_str(" no-sizes");
    }
    if !titled {
        class.push_str(" no-titles");
    }
    if !with_repos {
        class.push_str(" no-repos");
    }
    class
}

/// The keyboard selection: a position in the list's order, back at the top whenever the order
/// changes. It is derived from the order rather than reset by an effect, so a new order and its
/// selection are never out of step.
#[derive(Clone, Copy)]
struct Cursor {
    /// Counts the orders the list has had.
    generation: Memo<u64>,
    /// The position chosen, and in which order.
    chosen: RwSignal<(u64, usize)>,
    /// The selected position in the current order.
    selected: Memo<usize>,
}

impl Cursor {
    fn new(order: Memo<Vec<usize>>) -> Self {
        let generation = Memo::new(move |previous: Option<&u64>| {
            order.track();
            previous.map_or(0, |g| g + 1)
        });
        let chosen = RwSignal::new((0, 0));
        let selected = Memo::new(move |_| match chosen.get() {
            (g, position) if g == generation.get() => position,
            _ => 0,
        });
        Cursor {
            generation,
            chosen,
            selected,
        }
    }

    /// Moves the selection to `position(current)`.
    fn move_to(self, position: impl FnOnce(usize) -> usize) {
        let current = self.selected.get_untracked();
        self.chosen.set((self.generation.get_untracked(), position(current)));
    }
}

/// The list's keyboard: `j`/ArrowDown, `k`/ArrowUp, `/` and Esc from the page; Enter from the
/// page or the search box (its submit: open the selected hit), never from another control.
fn on_key(
    event: &web_sys::KeyboardEvent,
    order: Memo<Vec<usize>>,
    cursor: Cursor,
    search_box: NodeRef<html::Input>,
    url: UrlState,
    open_selected: impl Fn(),
) {
    let focus = focus_of(event);
    let in_search = |field: &web_sys::HtmlElement| search_box.get_untracked().is_some_and(|input| **input == **field);
    let on_page = matches!(focus, Focus::Page);
    let count = order.with_untracked(Vec::len);
    match (event.key().as_str(), &focus) {
        // Clearing the search box clears the search itself: text, ranking and `q=` alike.
        ("Escape", Focus::TextField(field)) => clear_and_blur(field),
        ("Escape", _) => url.replace(|s| s.q = None),
        ("/", Focus::Page) => {
            event.prevent_default();
            if let Some(input) = search_box.get_untracked() {
                let _ = input.focus();
            }
        }
        ("j" | "ArrowDown", Focus::Page) if count > 0 => {
            event.prevent_default();
            cursor.move_to(|s| (s + 1).min(count - 1));
        }
        ("k" | "ArrowUp", Focus::Page) if count > 0 => {
            event.prevent_default();
            cursor.move_to(|s| s.saturating_sub(1));
        }
        ("Enter", Focus::TextField(field)) if count > 0 && in_search(field) => open_selected(),
        ("Enter", _) if count > 0 && on_page => open_selected(),
        _ => {}
    }
}

fn open_selected(
    order: Memo<Vec<usize>>,
    cursor: Cursor,
    rows: StoredValue<Vec<IndexRow>>,
    sets: StoredValue<Vec<LoadedSet>>,
    url: UrlState,
) {
    let count = order.with_untracked(Vec::len);
    let position = cursor.selected.get_untracked().min(count - 1);
    let index = order.with_untracked(|o| o[position]);
    let id = rows.with_value(|rows| rows[index].id.clone());
    let from = sets.with_value(|sets| from_of(sets, index));
    url.navigate(|s| s.open(id, from));
}
