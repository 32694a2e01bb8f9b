//! The instance list, virtualized: only the rows in view (plus a margin) are in the DOM, each
//! at its absolute offset, so 50,000 instances scroll like 50.

use benchscope_contract::IndexRow;
use leptos::prelude::*;
use leptos::{ev, html};

use crate::components::highlight::highlight;
use crate::row_window::{rendered_range, rows_in_view, MIN_LIST_HEIGHT, ROW_HEIGHT};
use crate::sets::{from_of, set_index, LoadedSet};
use crate::url_state::UrlState;

/// The rows at `order` (positions into `rows`), with `selected` highlighted.
#[component]
pub fn VirtualRows(
    rows: StoredValue<Vec<IndexRow>>,
    sets: StoredValue<Vec<LoadedSet>>,
    order: Memo<Vec<usize>>,
    selected: Memo<usize>,
    terms: Memo<Vec<String>>,
) -> impl IntoView {
    let scroll = RwSignal::new(0.0f64);
    // The list is never taller than the window, so the window's height bounds the rows in view
    // before the list is in the page to be measured.
    let window_height = RwSignal::new(list_bound());
    let resize = window_event_listener(ev::resize, move |_| window_height.set(list_bound()));
    on_cleanup(move || resize.remove());
    let container = NodeRef::<html::Div>::new();
    // Keep the keyboard selection in view: a sync with the DOM, nothing else. A new list is at
    // its top, where the first row is in view: reading its scroll position then would force a
    // layout before the first rows are drawn.
    Effect::new(move |first_run: Option<()>| {
        let position = selected.get() as f64 * ROW_HEIGHT;
        if first_run.is_none() && position == 0.0 {
            return;
        }
        if let Some(element) = container.get() {
            let top = element.scroll_top() as f64;
            let height = element.client_height() as f64;
            if position < top {
                element.set_scroll_top(position as i32);
            } else if position + ROW_HEIGHT > top + height {
                element.set_scroll_top((position + ROW_HEIGHT - height) as i32);
            }
        }
    });
    // The rows in view: `(position in the order, index into rows)`.
    let visible = Memo::new(move |_| {
        let in_view = rows_in_view(window_height.get());
        order.with(|order| {
            let range = rendered_range(scroll.get(), in_view, order.len());
            let start = range.start;
            order[range]
                .iter()
                .enumerate()
                .map(|(offset, &index)| (start + offset, index))
                .collect::<Vec<_>>()
        })
    });
    let slots = move || 0..visible.with(Vec::len);
    view! {
        <div class="rows" role="list" aria-label="Instances" node_ref=container
            on:scroll=move |ev| scroll.set(event_target::<web_sys::Element>(&ev).scroll_top() as f64)>
            <div class="rows-inner" style:height=move || format!("{}px", order.with(Vec::len) as f64 * ROW_HEIGHT)>
                <For each=slots key=|slot| *slot
                    children=move |slot| view! { <RowSlot nth=slot visible rows sets selected terms /> } />
            </div>
        </div>
    }
}

/// The `nth` row in view. A slot's element stays in the page while the list scrolls or a
/// search reorders it, and only its texts and attributes follow the row it shows: rebuilding
/// every row's element on each keystroke was most of a keystroke's work.
#[component]
fn RowSlot(
    nth: usize,
    visible: Memo<Vec<(usize, usize)>>,
    rows: StoredValue<Vec<IndexRow>>,
    sets: StoredValue<Vec<LoadedSet>>,
    selected: Memo<usize>,
    terms: Memo<Vec<String>>,
) -> impl IntoView {
    let url = expect_context::<UrlState>();
    // A slot past the end keeps its last row until `For` drops it.
    let shown =
        Memo::new(move |previous: Option<&(usize, usize)>| visible.with(|v| v.get(nth).copied()).or(previous.copied()).unwrap_or_default());
    let position = move || shown.get().0;
    let row = move |read: fn(&IndexRow) -> String| {
        let index = shown.get().1;
        rows.with_value(|rows| read(&rows[index]))
    };
    let from = move || sets.with_value(|sets| from_of(sets, shown.get().1));
    let tag = move || sets.with_value(|sets| set_tag(sets, shown.get().1));
    let is_selected = move || selected.get() == position();
    let href = move || {
        let mut state = url.get();
        state.open(row(|r| r.id.clone()), from());
        state.to_query()
    };
    let repo_title = move || match tag() {
        Some(key) => format!("{key}: {}", row(|r| r.repo.clone())),
        None => row(|r| r.repo.clone()),
    };
    let marked = move |read: fn(&IndexRow) -> &String| {
        let index = shown.get().1;
        terms.with(|terms| rows.with_value(|rows| highlight(read(&rows[index]), terms)))
    };
    view! {
        <div class="instance-row" role="listitem" data-id=move || row(|r| r.id.clone())
            class:selected=is_selected
            aria-current=move || is_selected().then_some("true")
            style:top=move || format!("{}px", position() as f64 * ROW_HEIGHT)>
            <a class="id" href=href title=move || row(|r| r.id.clone()) on:click=move |ev| {
                ev.prevent_default();
                let (id, from) = (row(|r| r.id.clone()), from());
                url.navigate(|s| s.open(id, from));
            }>{move || marked(|r| &r.id)}</a>
            <span class="repo" title=repo_title>
                {move || tag().map(|key| view! { <span class="set-tag">{key}</span> })}
                {move || row(|r| r.repo.clone())}
            </span>
            <span class="title" title=move || row(|r| r.title.clone())>{move || marked(|r| &r.title)}</span>
            <span class="num files" title="files changed">{move || row(|r| r.stats.files_changed.to_string())}</span>
            <span class="num">
                <span class="plus">{move || row(|r| format!("+{}", r.stats.lines_added))}</span>
                " "
                <span class="minus">{move || row(|r| format!("−{}", r.stats.lines_removed))}</span>
            </span>
        </div>
    }
}

/// What bounds the list's height: the window's.
fn list_bound() -> f64 {
    crate::components::window_height().unwrap_or(MIN_LIST_HEIGHT)
}

/// The `dataset/split` a row is from, shown when several are loaded.
fn set_tag(sets: &[LoadedSet], position: usize) -> Option<String> {
    (sets.len() > 1).then(|| sets[set_index(sets, position)].key())
}
