//! The instance list, virtualized: only the rows in view (plus a margin) are in the DOM, each
//! at its absolute offset, so 50,000 instances scroll like 50.

use benchscope_contract::IndexRow;
use leptos::prelude::*;
use leptos::{ev, html};

use crate::components::highlight::Marks;
use crate::components::row_slot::{draw_slots, RowSlot, Slots};
use crate::effect::effect;
use crate::frames::{after_next_frame, once_settled};
use crate::row_window::{positions_shown, rendered_range, rows_in_view, rows_px, MIN_LIST_HEIGHT, ROW_HEIGHT};
use crate::sets::LoadedSet;
use crate::url_state::{UrlState, ViewState};

/// The rows at `order` (positions into `rows`), with `selected` highlighted.
#[component]
pub fn VirtualRows(
    rows: StoredValue<Vec<IndexRow>>,
    sets: StoredValue<Vec<LoadedSet>>,
    order: Memo<Vec<usize>>,
    selected: Memo<usize>,
    marks: Memo<Marks>,
) -> impl IntoView {
    let scroll = RwSignal::new(0.0f64);
    let container = NodeRef::<html::Div>::new();
    // The list is never taller than the window, so the window's height bounds the rows in view
    // before the list is in the page to be measured: the rows in the page are those, and a margin.
    let window_height = RwSignal::new(window_bound());
    // The part of the list's box inside the window, which says which rows are in view: measured
    // once its first rows are drawn (before, it would be laid out an extra time on the way to
    // them), and whenever the window is resized or the page scrolled. By then the list may be gone.
    let shown = RwSignal::new((0.0, window_bound()));
    let measure = move || {
        if let Some(Some(list)) = container.try_get_untracked() {
            let now = part_in_window(&list);
            if shown.try_get_untracked().is_some_and(|was| was != now) {
                shown.set(now);
            }
        }
    };
    after_next_frame(measure);
    let resize = window_event_listener(ev::resize, move |_| {
        window_height.set(window_bound());
        measure();
    });
    let page_scroll = window_event_listener(ev::scroll, move |_| measure());
    on_cleanup(move || {
        resize.remove();
        page_scroll.remove();
    });
    // Keep the keyboard selection in view: a sync with the DOM, nothing else. A new list is at
    // its top, where the first row is in view: reading its scroll position then would force a
    // layout before the first rows are drawn.
    effect(move |first_run| {
        let position = selected.get() as f64 * ROW_HEIGHT;
        if first_run && position == 0.0 {
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
    // The positions in view, and the rows in the page: `(position in the order, index into rows)`.
    let in_view = Memo::new(move |_| positions_shown(scroll.get(), shown.get()));
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
    // The scrolled extent, in rows: the order's length once typing pauses. A new extent changes
    // what Chromium keeps painted of the scrolled rows, and it paints every row in the page again:
    // 1.7 ms of the frame at 30 rows, most of what a keystroke that changes the count cost more
    // than one that changes only the rows.
    let extent = once_settled(Memo::new(move |_| order.with(Vec::len)));
    let slots = move || 0..visible.with(Vec::len);
    let url = expect_context::<UrlState>();
    let links = Memo::new(move |_| url.with_all(ViewState::instance_links));
    let row_slots = Slots::default();
    draw_slots(row_slots, visible, in_view, rows, sets, selected, marks, links);
    view! {
        <div class="rows" role="list" aria-label="Instances" node_ref=container
            on:scroll=move |ev| scroll.set(event_target::<web_sys::Element>(&ev).scroll_top() as f64)>
            <div class="rows-inner" style:height=move || rows_px(extent.get())>
                <For each=slots key=|slot| *slot
                    children=move |slot| view! { <RowSlot nth=slot slots=row_slots rows sets order /> } />
            </div>
        </div>
    }
}

/// The part of `list`'s box inside the window, in pixels from its top: where the page's header
/// or the window's bottom edge hides rows of the list, they are not in view.
fn part_in_window(list: &web_sys::Element) -> (f64, f64) {
    let rect = list.get_bounding_client_rect();
    let window_bottom = crate::components::window_height().unwrap_or(rect.bottom());
    let top = (-rect.top()).max(0.0);
    let bottom = (rect.bottom().min(window_bottom) - rect.top()).min(list.client_height() as f64);
    (top, bottom)
}

/// What bounds the list's height: the window's.
fn window_bound() -> f64 {
    crate::components::window_height().unwrap_or(MIN_LIST_HEIGHT)
}
