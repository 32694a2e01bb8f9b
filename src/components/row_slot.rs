//! The rows of the virtualized list: slots whose elements stay in the page while the list
//! scrolls or a search reorders it, and one effect that writes what they show.
//!
//! A slot's element is built once, and stays at its position while the position is in the page.
//! The effect writes the texts, marks, links, positions and selection of every slot, touching only
//! what changed. As a dozen reactive attributes and texts a slot, a keystroke re-ran some four
//! hundred effects over the rows in view; as a memo and an effect a slot, each keystroke still
//! marked and polled sixty nodes of the reactive graph, each effect a task of its own.

use std::ops::Range;

use benchscope_contract::{ChangeStats, IndexRow};
use leptos::html;
use leptos::prelude::*;

use crate::components::highlight::{Marks, Piece};
use crate::components::row_marks::MarkedCell;
use crate::effect::effect;
use crate::frames::{unsettle, Settle};
use crate::row_id::{id_parts, names_repo, pieces_by_part};
use crate::row_window::{assign_slots, rows_px};
use crate::sets::{from_of, set_index, tag_of_set, LoadedSet};
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
pub fn RowSlot(nth: usize, slots: Slots, rows: StoredValue<Vec<IndexRow>>, sets: StoredValue<Vec<LoadedSet>>) -> impl IntoView {
    let url = expect_context::<UrlState>();
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

/// What a slot shows, as written into its element.
#[derive(Clone, PartialEq)]
struct Drawn {
    position: usize,
    /// The row's index among the rows.
    index: usize,
    selected: bool,
    id: String,
    /// The id's parts, as it shows them ([`id_parts`]).
    id_parts: [Range<usize>; 3],
    href: String,
    id_marks: Vec<Piece>,
    /// The row's set, when several sets are loaded: what tells it from the others, and its
    /// `dataset/split` (for the tooltip).
    tag: Option<String>,
    set_key: Option<String>,
    repo: String,
    /// The id spells the repository's name (`astropy__astropy-12907`): a phone's card, which has
    /// no room for both, leaves the repository out.
    repo_in_id: bool,
    title: String,
    title_marks: Vec<Piece>,
    files: String,
    plus: String,
    minus: String,
}

impl Drawn {
    /// What the slot shows for `row`, at `index` among the rows and `position` in the order.
    fn of(row: &IndexRow, sets: &[LoadedSet], index: usize, position: usize, selected: bool, marks: &Marks, links: &InstanceLinks) -> Self {
        let (files, plus, minus) = sizes(&row.stats);
        // The row's set, found and named once: the link's `from` is its key unless it is the
        // first set (`sets::from_of`).
        let set = set_index(sets, index);
        let set_key = (sets.len() > 1).then(|| sets[set].key());
        let from = set_key.as_deref().filter(|_| set > 0);
        Drawn {
            position,
            index,
            selected,
            id: row.id.clone(),
            id_parts: id_parts(&row.id, &row.repo),
            href: links.to(&row.id, from),
            id_marks: marks.pieces(&row.id),
            tag: (sets.len() > 1).then(|| tag_of_set(sets, set)),
            set_key,
            repo: row.repo.clone(),
            repo_in_id: names_repo(&row.id, &row.repo),
            title: row.title.clone(),
            title_marks: marks.pieces(&row.title),
            files,
            plus,
            minus,
        }
    }
}

/// The `dataset/split` of the row at `index`, when several sets are loaded.
fn set_key_of(sets: &[LoadedSet], index: usize) -> Option<String> {
    (sets.len() > 1).then(|| sets[set_index(sets, index)].key())
}

/// The tooltips of a row's cells, which may be cut short: its id, its set and repository, its
/// title.
struct Tips<'a> {
    id: &'a str,
    repo: String,
    title: &'a str,
}

impl<'a> Tips<'a> {
    fn of(row: &'a IndexRow, set_key: Option<String>) -> Self {
        Tips::new(&row.id, set_key.as_deref(), &row.repo, &row.title)
    }

    fn new(id: &'a str, set_key: Option<&str>, repo: &str, title: &'a str) -> Self {
        let repo = match set_key {
            Some(key) => format!("{key}: {repo}"),
            None => repo.to_string(),
        };
        Tips { id, repo, title }
    }
}

/// The files changed and the lines added and removed, as the row shows them. No count at all
/// means the export has no gold patch (FeatureBench's site publishes none): unknown, shown as a
/// dash, not as a patch of zero lines.
fn sizes(stats: &ChangeStats) -> (String, String, String) {
    match stats.all_zero() {
        true => ("—".to_string(), String::new(), String::new()),
        false => (
            stats.files_changed.to_string(),
            format!("+{}", stats.lines_added),
            format!("−{}", stats.lines_removed),
        ),
    }
}

/// The elements of a slot that change with the row it shows.
#[derive(Clone, Copy, Default)]
struct Parts {
    row: NodeRef<html::Div>,
    id: NodeRef<html::A>,
    /// The id's parts' elements ([`id_parts`]).
    id_parts: [NodeRef<html::Span>; 3],
    repo: NodeRef<html::Span>,
    title: NodeRef<html::Span>,
    files: NodeRef<html::Span>,
    plus: NodeRef<html::Span>,
    minus: NodeRef<html::Span>,
    /// The cells' tooltips are written (see `RowSlot`).
    tipped: StoredValue<bool>,
    /// The index of the row the slot shows, once drawn.
    shows: StoredValue<Option<usize>>,
    id_marks: [StoredValue<MarkedCell, LocalStorage>; 3],
    title_marks: StoredValue<MarkedCell, LocalStorage>,
}

impl Parts {
    /// Writes `next` into the elements, only what differs from `drawn` (everything the first
    /// time); false when the elements are not there yet. Dataset text goes in as text nodes,
    /// never as markup.
    fn draw(&self, next: &Drawn, drawn: Option<&Drawn>) -> bool {
        let [Some(id_head), Some(id_middle), Some(id_end)] = self.id_parts.map(|part| part.get()) else {
            return false;
        };
        let (Some(row), Some(id), Some(repo), Some(title), Some(files), Some(plus), Some(minus)) = (
            self.row.get(),
            self.id.get(),
            self.repo.get(),
            self.title.get(),
            self.files.get(),
            self.plus.get(),
            self.minus.get(),
        ) else {
            return false;
        };
        self.shows.set_value(Some(next.index));
        // Whether the part `same` compares differs from what is drawn.
        let changed = |same: &dyn Fn(&Drawn) -> bool| drawn.is_none_or(|drawn| !same(drawn));
        if changed(&|d| d.position == next.position) {
            let _ = web_sys::HtmlElement::style(&row).set_property("top", &rows_px(next.position));
        }
        if changed(&|d| d.selected == next.selected) {
            row.set_class_name(if next.selected { "instance-row selected" } else { "instance-row" });
            let _ = match next.selected {
                true => row.set_attribute("aria-current", "true"),
                false => row.remove_attribute("aria-current"),
            };
        }
        if changed(&|d| d.id == next.id) {
            let _ = row.set_attribute("data-id", &next.id);
        }
        // A row under the pointer keeps tooltips that say what it shows.
        if self.tipped.get_value()
            && changed(&|d| d.id == next.id && d.set_key == next.set_key && d.repo == next.repo && d.title == next.title)
        {
            self.write_tips(&Tips::new(&next.id, next.set_key.as_deref(), &next.repo, &next.title));
        }
        if changed(&|d| d.href == next.href) {
            let _ = id.set_attribute("href", &next.href);
        }
        if changed(&|d| d.id_marks == next.id_marks && d.id_parts == next.id_parts) {
            let marks = pieces_by_part(&next.id_marks, &next.id_parts);
            for (nth, element) in [id_head, id_middle, id_end].iter().enumerate() {
                let text = &next.id[next.id_parts[nth].clone()];
                let text_changed = changed(&|d| d.id[d.id_parts[nth].clone()] == *text);
                self.id_marks[nth].update_value(|cell| cell.write(element, text, &marks[nth], text_changed));
            }
        }
        if changed(&|d| d.tag == next.tag && d.repo == next.repo) {
            write_repo(&repo, next, drawn);
        }
        if changed(&|d| d.repo_in_id == next.repo_in_id) {
            repo.set_class_name(if next.repo_in_id { "repo" } else { "repo not-in-id" });
        }
        if changed(&|d| d.title_marks == next.title_marks) {
            let text_changed = changed(&|d| d.title == next.title);
            self.title_marks
                .update_value(|cell| cell.write(&title, &next.title, &next.title_marks, text_changed));
        }
        if changed(&|d| d.files == next.files) {
            files.set_text_content(Some(&next.files));
        }
        if changed(&|d| d.plus == next.plus && d.minus == next.minus) {
            plus.set_text_content(Some(&next.plus));
            minus.set_text_content(Some(&next.minus));
        }
        true
    }

    fn write_tips(&self, tips: &Tips) {
        let (Some(id), Some(repo), Some(title)) = (self.id.get_untracked(), self.repo.get_untracked(), self.title.get_untracked()) else {
            return;
        };
        let _ = id.set_attribute("title", tips.id);
        let _ = repo.set_attribute("title", &tips.repo);
        let _ = title.set_attribute("title", tips.title);
        self.tipped.set_value(true);
    }

    fn release_marks(&self) {
        for cell in self.id_marks {
            cell.update_value(MarkedCell::release);
        }
        self.title_marks.update_value(MarkedCell::release);
    }
}

/// Writes the repository into `element`, after the set's tag when several sets are loaded. Where
/// a tag was drawn and is drawn again, the tag's element and the text after it stay, and only the
/// texts that differ are rewritten: a new element costs its style and layout again.
fn write_repo(element: &web_sys::Element, next: &Drawn, drawn: Option<&Drawn>) {
    if let Some(drawn) = drawn.filter(|drawn| drawn.tag.is_some() == next.tag.is_some()) {
        let children = element.child_nodes();
        let rewrite = |at: u32, text: &str| {
            if let Some(child) = children.item(at) {
                child.set_text_content(Some(text));
            }
        };
        if next.tag != drawn.tag {
            rewrite(0, next.tag.as_deref().unwrap_or_default());
        }
        if next.repo != drawn.repo {
            rewrite(u32::from(next.tag.is_some()), &next.repo);
        }
        return;
    }
    element.set_text_content(None);
    if let Some(key) = &next.tag {
        append_element(element, "span", Some("set-tag"), key);
    }
    let _ = element.append_with_str_1(&next.repo);
}

/// Appends a `tag` element holding `text` (with `class`) to `parent`.
fn append_element(parent: &web_sys::Element, tag: &str, class: Option<&str>, text: &str) {
    let Some(document) = parent.owner_document() else { return };
    let Ok(child) = document.create_element(tag) else { return };
    if let Some(class) = class {
        child.set_class_name(class);
    }
    child.set_text_content(Some(text));
    let _ = parent.append_child(&child);
}
