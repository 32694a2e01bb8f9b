//! The instance list, virtualized: only the rows in view (plus a margin) are in the DOM, each
//! at its absolute offset, so 50,000 instances scroll like 50.

use benchscope_contract::IndexRow;
use leptos::html;
use leptos::prelude::*;

use crate::components::highlight::highlight;
use crate::sets::{from_of, set_index, LoadedSet};
use crate::url_state::UrlState;

/// Height of a row in pixels (the stylesheet gives `.instance-row` the same).
pub const ROW_HEIGHT: f64 = 44.0;
/// Rows rendered beyond the visible ones, above and below.
const OVERSCAN: usize = 8;
/// Rows rendered at most (enough for a tall screen plus the margins).
const WINDOW: usize = 48;

/// The rows at `order` (positions into `rows`), with `selected` highlighted.
#[component]
pub fn VirtualRows(
    rows: StoredValue<Vec<IndexRow>>,
    sets: StoredValue<Vec<LoadedSet>>,
    order: Memo<Vec<usize>>,
    selected: Memo<usize>,
    terms: Memo<Vec<String>>,
) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let scroll = RwSignal::new(0.0f64);
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
    let visible = move || {
        let start = ((scroll.get() / ROW_HEIGHT) as usize).saturating_sub(OVERSCAN);
        let end = (start + WINDOW).min(order.with(Vec::len));
        (start.min(end), end)
    };
    view! {
        <div class="rows" role="list" aria-label="Instances" node_ref=container
            on:scroll=move |ev| scroll.set(event_target::<web_sys::Element>(&ev).scroll_top() as f64)>
            <div class="rows-inner" style:height=move || format!("{}px", order.with(Vec::len) as f64 * ROW_HEIGHT)>
                {move || {
                    let (start, end) = visible();
                    let terms = terms.get();
                    order.with(|order| {
                        order[start..end].iter().enumerate().map(|(offset, &index)| {
                            let position = start + offset;
                            {
                                let (from, tag) = sets.with_value(|sets| (from_of(sets, index), set_tag(sets, index)));
                                rows.with_value(|rows| row_view(&rows[index], from, tag, position, selected, &terms, url))
                            }
                        }).collect_view()
                    })
                }}
            </div>
        </div>
    }
}

fn row_view(
    row: &IndexRow,
    from: Option<String>,
    tag: Option<String>,
    position: usize,
    selected: Memo<usize>,
    terms: &[String],
    url: UrlState,
) -> impl IntoView {
    let id = row.id.clone();
    let (link_id, link_from) = (row.id.clone(), from.clone());
    let href = move || {
        let mut state = url.get();
        state.open(link_id.clone(), link_from.clone());
        state.to_query()
    };
    let repo_title = match &tag {
        Some(key) => format!("{key}: {}", row.repo),
        None => row.repo.clone(),
    };
    let set_label = tag.map(|key| view! { <span class="set-tag">{key}</span> });
    let stats = row.stats;
    view! {
        <div class="instance-row" role="listitem" data-id=row.id.clone()
            class:selected=move || selected.get() == position
            aria-current=move || (selected.get() == position).then_some("true")
            style:top=format!("{}px", position as f64 * ROW_HEIGHT)>
            <a class="id" href=href title=row.id.clone() on:click=move |ev| {
                ev.prevent_default();
                let (id, from) = (id.clone(), from.clone());
                url.navigate(|s| s.open(id, from));
            }>{highlight(&row.id, terms)}</a>
            <span class="repo" title=repo_title>{set_label}{row.repo.clone()}</span>
            <span class="title" title=row.title.clone()>{highlight(&row.title, terms)}</span>
            <span class="num files" title="files changed">{stats.files_changed}</span>
            <span class="num">
                <span class="plus">{format!("+{}", stats.lines_added)}</span>
                " "
                <span class="minus">{format!("−{}", stats.lines_removed)}</span>
            </span>
        </div>
    }
}

/// The `dataset/split` a row is from, shown when several are loaded.
fn set_tag(sets: &[LoadedSet], position: usize) -> Option<String> {
    (sets.len() > 1).then(|| sets[set_index(sets, position)].key())
}
