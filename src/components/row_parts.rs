//! What a row of the list shows (`Drawn`, worked out from the row), and the elements of a slot
//! it is written into (`Parts`): only what differs from what the slot showed is written, and
//! dataset text goes in as text nodes, never as markup.

use std::ops::Range;

use benchscope_contract::{ChangeStats, IndexRow};
use leptos::html;
use leptos::prelude::*;

use crate::components::highlight::{Marks, Piece};
use crate::components::row_marks::MarkedCell;
use crate::components::text_cell::TextCell;
use crate::row_id::{names_repo, owner_and_name, pieces_by_part, IdParts};
use crate::row_window::rows_px;
use crate::sets::{set_index, tag_of_set, LoadedSet};
use crate::url_state::InstanceLinks;

/// What a slot shows, as written into its element.
#[derive(Clone, PartialEq)]
pub(super) struct Drawn {
    pub(super) position: usize,
    /// The row's index among the rows.
    index: usize,
    selected: bool,
    id: String,
    /// The id's parts, as it shows them ([`IdParts`]).
    id_parts: [Range<usize>; 3],
    /// The id's first part spells a commit: it is cut to one width on every such row.
    commit_head: bool,
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
    pub(super) fn of(
        row: &IndexRow,
        sets: &[LoadedSet],
        index: usize,
        position: usize,
        selected: bool,
        marks: &Marks,
        links: &InstanceLinks,
    ) -> Self {
        let (files, plus, minus) = sizes(&row.stats);
        // The row's set, found and named once: the link's `from` is its key unless it is the
        // first set (`sets::from_of`).
        let set = set_index(sets, index);
        let set_key = (sets.len() > 1).then(|| sets[set].key());
        let from = set_key.as_deref().filter(|_| set > 0);
        let IdParts {
            ranges: id_parts,
            commit_head,
        } = IdParts::of(&row.id, &row.repo);
        Drawn {
            position,
            index,
            selected,
            id: row.id.clone(),
            id_parts,
            commit_head,
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
pub(super) fn set_key_of(sets: &[LoadedSet], index: usize) -> Option<String> {
    (sets.len() > 1).then(|| sets[set_index(sets, index)].key())
}

/// The tooltips of a row's cells, which may be cut short: its id, its set and repository, its
/// title.
pub(super) struct Tips<'a> {
    id: &'a str,
    repo: String,
    title: &'a str,
}

impl<'a> Tips<'a> {
    pub(super) fn of(row: &'a IndexRow, set_key: Option<String>) -> Self {
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
pub(super) struct Parts {
    pub(super) row: NodeRef<html::Div>,
    pub(super) id: NodeRef<html::A>,
    /// The id's parts' elements ([`IdParts`]).
    pub(super) id_parts: [NodeRef<html::Span>; 3],
    pub(super) repo: NodeRef<html::Span>,
    pub(super) title: NodeRef<html::Span>,
    pub(super) files: NodeRef<html::Span>,
    pub(super) plus: NodeRef<html::Span>,
    pub(super) minus: NodeRef<html::Span>,
    /// The cells' tooltips are written (see `RowSlot`).
    tipped: StoredValue<bool>,
    /// The index of the row the slot shows, once drawn.
    pub(super) shows: StoredValue<Option<usize>>,
    id_marks: [StoredValue<MarkedCell, LocalStorage>; 3],
    title_marks: StoredValue<MarkedCell, LocalStorage>,
    /// The repository cell's text nodes, once built (a slot keeps its elements for its life).
    repo_nodes: StoredValue<Option<RepoNodes>, LocalStorage>,
    /// The files changed, the lines added and the lines removed.
    sizes: [StoredValue<TextCell, LocalStorage>; 3],
}

impl Parts {
    /// Writes `next` into the elements, only what differs from `drawn` (everything the first
    /// time); false when the elements are not there yet. Dataset text goes in as text nodes,
    /// never as markup.
    pub(super) fn draw(&self, next: &Drawn, drawn: Option<&Drawn>) -> bool {
        let Some(Elements {
            row,
            id,
            id_parts: [id_head, id_middle, id_end],
            repo,
            title,
            files,
            plus,
            minus,
        }) = self.elements()
        else {
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
        if changed(&|d| d.commit_head == next.commit_head) {
            id.set_class_name(if next.commit_head { "id commit-head" } else { "id" });
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
            self.repo_nodes.update_value(|nodes| write_repo(&repo, nodes, next, drawn));
        }
        if changed(&|d| d.repo_in_id == next.repo_in_id) {
            repo.set_class_name(if next.repo_in_id { "repo" } else { "repo not-in-id" });
        }
        if changed(&|d| d.title_marks == next.title_marks) {
            let text_changed = changed(&|d| d.title == next.title);
            self.title_marks
                .update_value(|cell| cell.write(&title, &next.title, &next.title_marks, text_changed));
        }
        let write_size = |nth: usize, element: &web_sys::Element, text: &str| {
            self.sizes[nth].update_value(|cell| {
                cell.write(element, text, true);
            });
        };
        if changed(&|d| d.files == next.files) {
            write_size(0, &files, &next.files);
        }
        if changed(&|d| d.plus == next.plus && d.minus == next.minus) {
            write_size(1, &plus, &next.plus);
            write_size(2, &minus, &next.minus);
        }
        true
    }

    /// The slot's elements, once all are in the page. They are read untracked: the drawing effect
    /// that tracked them all (ten a slot) dropped and took again some 170 subscriptions a
    /// keystroke, for the rows in view. Until they are all there, they are tracked, so that the
    /// effect runs again when they arrive.
    fn elements(&self) -> Option<Elements> {
        let found = self.elements_untracked();
        if found.is_none() {
            self.track_elements();
        }
        found
    }

    fn elements_untracked(&self) -> Option<Elements> {
        let [Some(id_head), Some(id_middle), Some(id_end)] = self.id_parts.map(|part| part.get_untracked()) else {
            return None;
        };
        Some(Elements {
            row: self.row.get_untracked()?,
            id: self.id.get_untracked()?,
            id_parts: [id_head, id_middle, id_end],
            repo: self.repo.get_untracked()?,
            title: self.title.get_untracked()?,
            files: self.files.get_untracked()?,
            plus: self.plus.get_untracked()?,
            minus: self.minus.get_untracked()?,
        })
    }

    fn track_elements(&self) {
        self.row.track();
        self.id.track();
        for part in self.id_parts {
            part.track();
        }
        for element in [self.repo, self.title, self.files, self.plus, self.minus] {
            element.track();
        }
    }

    pub(super) fn write_tips(&self, tips: &Tips) {
        let (Some(id), Some(repo), Some(title)) = (self.id.get_untracked(), self.repo.get_untracked(), self.title.get_untracked()) else {
            return;
        };
        let _ = id.set_attribute("title", tips.id);
        let _ = repo.set_attribute("title", &tips.repo);
        let _ = title.set_attribute("title", tips.title);
        self.tipped.set_value(true);
    }

    pub(super) fn release_marks(&self) {
        for cell in self.id_marks {
            cell.update_value(MarkedCell::release);
        }
        self.title_marks.update_value(MarkedCell::release);
    }
}

/// A slot's elements, as `Parts` finds them in the page.
struct Elements {
    row: web_sys::HtmlDivElement,
    id: web_sys::HtmlAnchorElement,
    id_parts: [web_sys::HtmlSpanElement; 3],
    repo: web_sys::HtmlSpanElement,
    title: web_sys::HtmlSpanElement,
    files: web_sys::HtmlSpanElement,
    plus: web_sys::HtmlSpanElement,
    minus: web_sys::HtmlSpanElement,
}

/// The text nodes of a repository's cell, kept so that a row's new repository is written with one
/// call for each text that changed. Found again at every draw, they took 192 of the 404 calls
/// into the page that FeatureBench's "ast" made (its keystroke's script 0.1 ms longer).
struct RepoNodes {
    tag: Option<web_sys::Text>,
    path: web_sys::Element,
    owner: web_sys::Text,
    name: web_sys::Text,
}

/// Writes the repository into `element`, after the set's tag when several sets are loaded, as
/// its owner and its name (from the slash on): a cell too narrow for both cuts the owner first,
/// as `Li…/pytorch-lightning`, since the name tells repositories apart. Where a tag was drawn and
/// is drawn again, the elements and their text nodes (`nodes`) stay and only the texts that
/// differ are rewritten: a new element or text node costs its style and layout again. Whether the
/// owner is shown is a class of the path, changed only when that changes, rather than `:empty`,
/// which a new text in the owner makes the browser match again for it and the name beside it.
fn write_repo(element: &web_sys::Element, nodes: &mut Option<RepoNodes>, next: &Drawn, drawn: Option<&Drawn>) {
    let (owner, name) = owner_and_name(&next.repo);
    let kept = nodes.as_ref().filter(|nodes| nodes.tag.is_some() == next.tag.is_some());
    if let (Some(nodes), Some(drawn)) = (kept, drawn) {
        if let Some(tag) = nodes.tag.as_ref().filter(|_| next.tag != drawn.tag) {
            tag.set_data(next.tag.as_deref().unwrap_or_default());
        }
        if next.repo == drawn.repo {
            return;
        }
        let (drawn_owner, drawn_name) = owner_and_name(&drawn.repo);
        if owner.is_empty() != drawn_owner.is_empty() {
            nodes.path.set_class_name(repo_path_class(owner));
        }
        if owner != drawn_owner {
            nodes.owner.set_data(owner);
        }
        if name != drawn_name {
            nodes.name.set_data(name);
        }
        return;
    }
    *nodes = build_repo(element, next.tag.as_deref(), owner, name);
}

/// The repository's cell built afresh in `element`: the set's `tag` when there is one, then the
/// path of `owner` and `name`, each part with its one text node.
fn build_repo(element: &web_sys::Element, tag: Option<&str>, owner: &str, name: &str) -> Option<RepoNodes> {
    element.set_text_content(None);
    let tag = match tag {
        Some(tag) => Some(append_text_span(element, "set-tag", tag)?),
        None => None,
    };
    let path = append_span(element, repo_path_class(owner))?;
    Some(RepoNodes {
        tag,
        owner: append_text_span(&path, "repo-owner", owner)?,
        name: append_text_span(&path, "repo-name", name)?,
        path,
    })
}

/// The class of a repository's path: `no-owner` hides the owner's part where it has none.
fn repo_path_class(owner: &str) -> &'static str {
    if owner.is_empty() {
        "repo-path no-owner"
    } else {
        "repo-path"
    }
}

/// Appends an empty `span` of `class` to `parent`, and returns it.
fn append_span(parent: &web_sys::Element, class: &str) -> Option<web_sys::Element> {
    let span = parent.owner_document()?.create_element("span").ok()?;
    span.set_class_name(class);
    parent.append_child(&span).ok()?;
    Some(span)
}

/// Appends a `span` of `class` holding `text` to `parent`, and returns its one text node (made
/// for an empty text too, so that a later one is written into it).
fn append_text_span(parent: &web_sys::Element, class: &str, text: &str) -> Option<web_sys::Text> {
    let span = append_span(parent, class)?;
    let node = parent.owner_document()?.create_text_node(text);
    span.append_child(&node).ok()?;
    Some(node)
}
