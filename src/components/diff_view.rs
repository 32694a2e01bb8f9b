//! A unified diff drawn as a real diff: a list of the files with their status and +/- counts
//! (each jumps to its file), then one collapsible card per file with its hunks, unified or side
//! by side (the `diff` URL setting), line numbers and coloured added/removed lines. Parsing is
//! the contract's [`parse_patch`]; this module only renders.

use benchscope_contract::patch::{parse_patch, side_by_side, stats_of, DiffLine, FileDiff, FileStatus, Hunk, LineKind};
use leptos::html;
use leptos::prelude::*;

use crate::url_state::UrlState;

/// Renders `diff` file by file; side by side when the URL says `diff=split`.
#[component]
pub fn DiffView(
    /// The unified diff text.
    diff: String,
) -> impl IntoView {
    let files = parse_patch(&diff);
    if files.is_empty() {
        return view! { <p class="empty">"Empty patch."</p> }.into_any();
    }
    let url = use_context::<UrlState>();
    let split = Signal::derive(move || url.is_some_and(|u| u.with(|s| s.diff.as_deref() == Some("split"))));
    let totals = stats_of(&files);
    let refs: Vec<NodeRef<html::Details>> = files.iter().map(|_| NodeRef::new()).collect();
    let list = files.iter().zip(&refs).map(|(file, node)| {
        let node = *node;
        let (added, removed) = file.added_and_removed();
        let status = status_label(file.status);
        view! {
            <li>
                <button class="file-link" on:click=move |_| {
                    if let Some(card) = node.get() {
                        card.set_open(true);
                        card.scroll_into_view();
                    }
                }>
                    <span class=format!("status status-{status}")>{status}</span>
                    <span class="path">{file.display_path()}</span>
                    <span class="list-counts"><span class="plus">{format!("+{added}")}</span>" "<span class="minus">{format!("−{removed}")}</span></span>
                </button>
            </li>
        }
    }).collect_view();
    let toggle = url.map(|url| view! {
        <span class="diff-layout" role="group" aria-label="Diff layout">
            <button aria-pressed=move || (!split.get()).to_string() on:click=move |_| url.replace(|s| s.diff = None)>"Unified"</button>
            <button aria-pressed=move || split.get().to_string() on:click=move |_| url.replace(|s| s.diff = Some("split".into()))>"Side by side"</button>
        </span>
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
                {toggle}
            </div>
            <ul class="diff-files">{list}</ul>
            {files.into_iter().zip(refs).map(|(file, node)| view! { <FileCard file node split /> }).collect_view()}
        </div>
    }
    .into_any()
}

#[component]
fn FileCard(file: FileDiff, node: NodeRef<html::Details>, split: Signal<bool>) -> impl IntoView {
    let (added, removed) = file.added_and_removed();
    let status = status_label(file.status);
    let path = file.display_path();
    let notes = file_notes(&file);
    let data_path = path.clone();
    let hunks = StoredValue::new(file.hunks);
    view! {
        <details class="diff-file" open data-path=data_path node_ref=node>
            <summary class="diff-file-header">
                <span class=format!("status status-{status}")>{status}</span>
                <span class="path">{path}</span>
                <span class="counts">
                    <span class="plus">{format!("+{added}")}</span>
                    " "
                    <span class="minus">{format!("−{removed}")}</span>
                </span>
            </summary>
            {notes.into_iter().map(|note| view! { <p class="diff-note">{note}</p> }).collect_view()}
            {move || {
                let side_by_side = split.get();
                view! {
                    <table class="diff-table" class:split=side_by_side>
                        {hunks.with_value(|hunks| hunks.iter().map(|hunk| hunk_rows(hunk, side_by_side)).collect_view())}
                    </table>
                }
            }}
        </details>
    }
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

/// Lines that describe a change that has no text hunks: binary content, mode, rename.
fn file_notes(file: &FileDiff) -> Vec<String> {
    let mut notes = Vec::new();
    if file.binary {
        notes.push("Binary file: content not shown.".to_string());
    }
    if file.mode_changed() {
        notes.push(format!(
            "Mode {} → {}",
            file.old_mode.as_deref().unwrap_or("?"),
            file.new_mode.as_deref().unwrap_or("?")
        ));
    }
    if let Some(similarity) = file.similarity.filter(|_| file.hunks.is_empty()) {
        notes.push(format!("{similarity}% similar, content unchanged"));
    }
    notes
}

fn hunk_rows(hunk: &Hunk, side_by_side_layout: bool) -> impl IntoView {
    let header = format!(
        "@@ -{},{} +{},{} @@ {}",
        hunk.old_start, hunk.old_count, hunk.new_start, hunk.new_count, hunk.section
    );
    let rows = if side_by_side_layout {
        side_by_side(hunk)
            .into_iter()
            .map(|(old, new)| pair_row(old, new).into_any())
            .collect::<Vec<_>>()
    } else {
        hunk.lines.iter().map(|line| line_row(line).into_any()).collect()
    };
    view! {
        <tbody class="hunk">
            <tr class="hunk-header">
                <td class="ln"></td>
                <td class="ln"></td>
                <td class="code" colspan="2">{header}</td>
            </tr>
            {rows}
        </tbody>
    }
}

fn number(n: Option<u32>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

fn eof_note(line: &DiffLine) -> Option<impl IntoView> {
    line.no_newline_at_end
        .then(|| view! { <span class="no-newline" title="No newline at end of file">"⏎̸"</span> })
}

fn line_row(line: &DiffLine) -> impl IntoView {
    let (class, marker) = match line.kind {
        LineKind::Added => ("add", "+"),
        LineKind::Removed => ("del", "-"),
        LineKind::Context => ("ctx", " "),
    };
    view! {
        <tr class=class>
            <td class="ln">{number(line.old_line)}</td>
            <td class="ln">{number(line.new_line)}</td>
            <td class="marker">{marker}</td>
            <td class="code">{line.text.clone()}{eof_note(line)}</td>
        </tr>
    }
}

/// One side-by-side row: the old line on the left, the new one on the right.
fn pair_row(old: Option<&DiffLine>, new: Option<&DiffLine>) -> impl IntoView {
    let side = |line: Option<&DiffLine>, number_of: fn(&DiffLine) -> Option<u32>| {
        let class = match line.map(|l| l.kind) {
            Some(LineKind::Added) => "code add",
            Some(LineKind::Removed) => "code del",
            Some(LineKind::Context) => "code ctx",
            None => "code blank",
        };
        view! {
            <td class="ln">{line.and_then(number_of).map(|n| n.to_string()).unwrap_or_default()}</td>
            <td class=class>{line.map(|l| l.text.clone()).unwrap_or_default()}{line.and_then(eof_note)}</td>
        }
    };
    view! { <tr class="pair">{side(old, |l| l.old_line)}{side(new, |l| l.new_line)}</tr> }
}
