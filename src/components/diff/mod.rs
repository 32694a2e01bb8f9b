//! A unified diff drawn as a real diff: a folder tree of the files with their status and +/-
//! counts (each jumps to its file), then one collapsible card per file ([`file_card`]), unified
//! or side by side (the `diff` URL setting). Parsing is the contract's [`parse_patch`]; these
//! modules only render.
//!
//! Large patches render lazily: files open only while the lines shown so far stay under
//! [`OPEN_LINES`]; a closed file builds its rows when first opened, and a file shows its lines
//! [`file_card::CHUNK_LINES`] at a time. A 1 MB patch so costs a tree and a few hundred rows.

mod file_card;
mod split;
mod tree;

use benchscope_contract::patch::{parse_patch, stats_of, FileDiff, FileStatus};
use leptos::html;
use leptos::prelude::*;

use crate::components::download::download;
use crate::url_state::UrlState;
use file_card::FileCard;
use tree::FileTree;

/// Files start open until this many lines are shown; the rest start closed.
pub const OPEN_LINES: usize = 1500;

/// Renders `diff` file by file; side by side when the URL says `diff=split`.
#[component]
pub fn DiffView(
    /// The unified diff text.
    diff: String,
    /// With a name, a button saves the diff as it is stored, under that name (to `git apply` it).
    #[prop(optional)]
    file_name: Option<String>,
) -> impl IntoView {
    let files = parse_patch(&diff);
    if files.is_empty() {
        return view! { <p class="empty">"Empty patch."</p> }.into_any();
    }
    let save = file_name.map(|name| {
        let title = format!("Save the patch as it is stored, as {name}");
        view! {
            <button class="diff-download" title=title on:click=move |_| download(&name, "text/x-diff", &diff)>"Download"</button>
        }
    });
    let url = use_context::<UrlState>();
    let split = Signal::derive(move || url.is_some_and(|u| u.with(|s| s.diff.as_deref() == Some("split"))));
    let totals = stats_of(&files);
    let cards: Vec<NodeRef<html::Details>> = files.iter().map(|_| NodeRef::new()).collect();
    let opened = initially_open(&files);
    let toggle = url.map(|url| view! {
        <span class="diff-layout" role="group" aria-label="Diff layout">
            <button aria-pressed=move || (!split.get()).to_string() on:click=move |_| url.replace(|s| s.diff = None)>"Unified"</button>
            <button aria-pressed=move || split.get().to_string() on:click=move |_| url.replace(|s| s.diff = Some("split".into()))>"Side by side"</button>
        </span>
    });
    let closed = opened.iter().filter(|open| !**open).count();
    let closed_note = (closed > 0).then(|| {
        view! {
            <p class="diff-note">{format!("Large patch: {closed} of {} files start folded; open one to render it.", files.len())}</p>
        }
    });
    view! {
        <div class="diff">
            <div class="diff-summary">
                <span>
                    {format!("{} file{} changed, ", totals.files_changed, if totals.files_changed == 1 { "" } else { "s" })}
                    <span class="plus">{format!("+{}", totals.lines_added)}</span>
                    " "
                    <span class="minus">{format!("−{}", totals.lines_removed)}</span>
                </span>
                <span class="diff-actions">{toggle}{save}</span>
            </div>
            <FileTree files=&files cards=cards.clone() />
            {closed_note}
            {files.into_iter().zip(cards).zip(opened).map(|((file, node), open)| view! { <FileCard file node split open /> }).collect_view()}
        </div>
    }
    .into_any()
}

/// Which files start open: in order, while the lines shown stay under [`OPEN_LINES`] (the
/// first file always opens).
fn initially_open(files: &[FileDiff]) -> Vec<bool> {
    let mut shown = 0;
    files
        .iter()
        .enumerate()
        .map(|(i, file)| {
            let lines: usize = file.hunks.iter().map(|h| h.lines.len()).sum();
            let open = i == 0 || shown + lines <= OPEN_LINES;
            if open {
                shown += lines.min(file_card::CHUNK_LINES);
            }
            open
        })
        .collect()
}

fn status_label(status: FileStatus) -> &'static str {
    match status {
        FileStatus::Added => "added",
        FileStatus::Deleted => "deleted",
        FileStatus::Modified => "modified",
        FileStatus::Renamed => "renamed",
        FileStatus::Copied => "copied",
    }
}

/// The `+a −r` counts of a file.
fn counts(file: &FileDiff) -> impl IntoView {
    let (added, removed) = file.added_and_removed();
    view! { <span class="counts"><span class="plus">{format!("+{added}")}</span>" "<span class="minus">{format!("−{removed}")}</span></span> }
}
