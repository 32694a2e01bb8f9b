//! The rows of the virtualized list: slots whose elements stay in the page while the list
//! scrolls or a search reorders it, and one effect that writes what they show.
//!
//! A slot's element is built once, and stays at its position while the position is in the page.
//! The effect writes the texts, marks, links, positions and selection of every slot, touching only
//! what changed. As a dozen reactive attributes and texts a slot, a keystroke re-ran some four
//! hundred effects over the rows in view; as a memo and an effect a slot, each keystroke still
//! marked and polled sixty nodes of the reactive graph, each effect a task of its own.

use std::ops::Range;

use benchscope_contract::IndexRow;
use leptos::prelude::*;

use crate::components::highlight::Marks;
use crate::components::row_parts::{set_key_of, Drawn, Parts, Tips};
use crate::effect::effect;
use crate::frames::{unsettle, Settle};
use crate::list_order::ListOrder;
use crate::row_window::assign_slots;
use crate::sets::{from_of, LoadedSet};
use crate::url_state::{InstanceLinks, UrlState};

/// The slots in the page, by their place in view: each one's elements, under the number it was
/// registered with (a slot dropped and built again at the same place is new, and drawn whole).
#[derive(Clone, Copy)]
pub struct Slots {
    parts: StoredValue<Vec<Option<(u64, Parts)>>>,
    registered: StoredValue<u64>,
    changed: Trigger,
}

impl Default for Slots {
    fn default() -> Self {
        Slots {
            parts: StoredValue::new(Vec::new()),
            registered: StoredValue::new(0),
            changed: Trigger::new(),
        }
    }
}

impl Slots {
    fn register(&self, nth: usize, parts: Parts) {
        let number = self.registered.get_value() + 1;
        self.registered.set_value(number);
        self.parts.update_value(|slots| {
            if slots.len() <= nth {
                slots.resize(nth + 1, None);
            }
            slots[nth] = Some((number, parts));
        });
        self.changed.notify();
    }

    fn unregister(&self, nth: usize) {
        self.parts.update_value(|slots| {
            if let Some(slot) = slots.get_mut(nth) {
                *slot = None;
            }
        });
    }
}

/// The `nth` slot of the rows in the page: its element, which `draw_slots` fills.
#[component]
pub fn RowSlot(
    nth: usize,
    slots: Slots,
    rows: StoredValue<Vec<IndexRow>>,
    sets: StoredValue<Vec<LoadedSet>>,
    order: Memo<Vec<usize>>,
) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let list_order = expect_context::<ListOrder>();
    let parts = Parts::default();
    slots.register(nth, parts);
    on_cleanup(move || {
        slots.unregister(nth);
        parts.release_marks();
    });
    let open = move |ev: web_sys::MouseEvent| {
        ev.prevent_default();
        let Some(index) = parts.shows.get_value() else {
            return;
        };
        let Some(id) = rows.with_value(|rows| Some(rows.get(index)?.id.clone())) else {
            return;
        };
        let from = sets.with_value(|sets| from_of(sets, index));
        list_order.save(url, order);
        url.navigate(|s| s.open(id, from));
    };
    // The cells' tooltips are written when the pointer comes over the row, not with every row a
    // keystroke draws: a `title` changed is an element's style to compute again (the browser's
    // own sheet selects on it), three a row.
    let show_tips = move |_: web_sys::PointerEvent| {
        let Some(index) = parts.shows.get_value() else {
            return;
        };
        rows.with_value(|rows| {
            if let Some(row) = rows.get(index) {
                sets.with_value(|sets| parts.write_tips(&Tips::of(row, set_key_of(sets, index))));
            }
        });
    };
    view! {
        <div class="instance-row" role="listitem" node_ref=parts.row on:pointerenter=show_tips>
            <a class="id" node_ref=parts.id on:click=open>
                <span class="id-head" node_ref=parts.id_parts[0]></span>
                <span class="id-middle" node_ref=parts.id_parts[1]></span>
                <span class="id-end" node_ref=parts.id_parts[2]></span>
            </a>
            <span class="repo" node_ref=parts.repo></span>
            <span class="title" node_ref=parts.title></span>
            <span class="num files" title="files changed" node_ref=parts.files></span>
            <span class="num">
                <span class="plus" node_ref=parts.plus></span>
                " "
                <span class="minus" node_ref=parts.minus></span>
            </span>
        </div>
    }
}

/// The one effect that draws every slot: the row at its place in `visible`, with `selected`
/// highlighted, `marks` on the query's words and `links` to the instances. A slot past the end
/// of `visible` keeps its last row until `For` drops it; a slot whose elements are not in the
/// page yet is drawn when they are (reading them tracks them).
///
/// A slot stays at its position while that position is in the page: a scroll writes only the
/// rows new to the page. When the rows change in place (a keystroke, a filter), the slots `in_view`
/// are drawn at once and the margin's once typing pauses ([`Settle`]): the reader waits for the
/// frame with the rows in view, and laying out the margin's rows too (twelve more at 1280 × 900)
/// put it off. A slot that takes a new position (a scroll) is drawn at once, so that the margin
/// scrolled into view never shows the rows it showed before.
#[allow(clippy::too_many_arguments)]
pub fn draw_slots(
    slots: Slots,
    visible: Memo<Vec<(usize, usize)>>,
    in_view: Memo<Range<usize>>,
    rows: StoredValue<Vec<IndexRow>>,
    sets: StoredValue<Vec<LoadedSet>>,
    selected: Memo<usize>,
    marks: Memo<Marks>,
    links: Memo<InstanceLinks>,
) {
    let margin = Margin::default();
    let mut drawn: Vec<Option<(u64, Drawn)>> = Vec::new();
    effect(move |_| {
        slots.changed.track();
        margin.due.track();
        let selected = selected.get();
        let in_view = in_view.get();
        let whole = margin.whole.get_value();
        margin.whole.set_value(false);
        let left = visible.with(|visible| {
            marks.with(|marks| {
                links.with(|links| {
                    let shown = Shown {
                        visible,
                        in_view: (!whole).then_some(in_view),
                        selected,
                        marks,
                        links,
                    };
                    rows.with_value(|rows| {
                        sets.with_value(|sets| slots.parts.with_value(|parts| shown.draw(parts, &mut drawn, rows, sets)))
                    })
                })
            })
        });
        // The margin drawn once the rows settled is no change to them.
        if !whole {
            unsettle();
        }
        if left {
            margin.draw_when_settled();
        }
    });
}

/// The rows' margin, left undrawn while the rows in view are drawn.
#[derive(Clone, Copy)]
struct Margin {
    /// The next run of the effect draws every slot.
    whole: StoredValue<bool>,
    /// Runs the effect again.
    due: Trigger,
    settle: Settle,
}

impl Default for Margin {
    fn default() -> Self {
        Margin {
            whole: StoredValue::new(false),
            due: Trigger::new(),
            settle: Settle::new(),
        }
    }
}

impl Margin {
    fn draw_when_settled(self) {
        self.settle.then(move || {
            self.whole.set_value(true);
            self.due.notify();
        });
    }
}

/// What every slot shows, read once for all of them.
struct Shown<'a> {
    visible: &'a [(usize, usize)],
    /// The positions to draw now when the rows change in place; `None`: all of them.
    in_view: Option<Range<usize>>,
    selected: usize,
    marks: &'a Marks,
    links: &'a InstanceLinks,
}

impl Shown<'_> {
    /// Draws each slot of `parts` over what `drawn` says it shows, and records what it shows now;
    /// true when a slot in the margin was left for later. A slot stays at its position while that
    /// position is in the page ([`assign_slots`]).
    fn draw(&self, parts: &[Option<(u64, Parts)>], drawn: &mut Vec<Option<(u64, Drawn)>>, rows: &[IndexRow], sets: &[LoadedSet]) -> bool {
        drawn.resize(parts.len(), None);
        let held: Vec<_> = parts
            .iter()
            .zip(drawn.iter())
            .map(|(slot, drawn)| slot.as_ref().and_then(|(number, _)| drawn_by(*number, drawn)).map(|d| d.position))
            .collect();
        let shows = assign_slots(self.visible, &held);
        let mut left = false;
        for (nth, slot) in parts.iter().enumerate() {
            let Some((number, parts)) = slot else {
                drawn[nth] = None;
                continue;
            };
            let Some(&(position, index)) = shows.get(nth).copied().flatten().map(|at| &self.visible[at]) else {
                continue;
            };
            let before = drawn_by(*number, &drawn[nth]);
            let in_place = before.is_some_and(|before| before.position == position);
            if in_place && self.in_view.as_ref().is_some_and(|in_view| !in_view.contains(&position)) {
                left = true;
                continue;
            }
            let next = Drawn::of(
                &rows[index],
                sets,
                index,
                position,
                self.selected == position,
                self.marks,
                self.links,
            );
            if parts.draw(&next, before) {
                drawn[nth] = Some((*number, next));
            }
        }
        left
    }
}

/// What `drawn` says a slot shows, if the slot registered as `number` drew it (a slot dropped
/// and built again at the same place is new).
fn drawn_by(number: u64, drawn: &Option<(u64, Drawn)>) -> Option<&Drawn> {
    drawn.as_ref().filter(|(was, _)| *was == number).map(|(_, drawn)| drawn)
}
