//! A unified diff drawn as a real diff: one card per file with its status, path and +/-
//! counts, then the hunks with old and new line numbers and coloured added/removed lines.
//! Parsing is the contract's [`parse_patch`]; this module only renders.

use benchscope_contract::patch::{parse_patch, DiffLine, FileDiff, FileStatus, Hunk, LineKind};
use leptos::prelude::*;

/// Renders `diff` file by file.
#[component]
pub fn DiffView(
    /// The unified diff text.
    diff: String,
) -> impl IntoView {
    let files = parse_patch(&diff);
    if files.is_empty() {
        return view! { <p class="empty">"Empty patch."</p> }.into_any();
    }
    let totals = benchscope_contract::patch::stats_of(&files);
    view! {
        <div class="diff">
            <p class="diff-summary">
                {format!("{} file{} changed, ", totals.files_changed, if totals.files_changed == 1 { "" } else { "s" })}
                <span class="plus">{format!("+{}", totals.lines_added)}</span>
                " "
                <span class="minus">{format!("−{}", totals.lines_removed)}</span>
            </p>
            {files.into_iter().map(|file| view! { <FileCard file /> }).collect_view()}
        </div>
    }
    .into_any()
}

#[component]
fn FileCard(file: FileDiff) -> impl IntoView {
    let (added, removed) = file.added_and_removed();
    let status = status_label(file.status);
    let path = file.display_path();
    let notes = file_notes(&file);
    let data_path = path.clone();
    view! {
        <section class="diff-file" data-path=data_path>
            <header class="diff-file-header">
                <span class=format!("status status-{status}")>{status}</span>
                <span class="path">{path}</span>
                <span class="counts">
                    <span class="plus">{format!("+{added}")}</span>
                    " "
                    <span class="minus">{format!("−{removed}")}</span>
                </span>
            </header>
            {notes.into_iter().map(|note| view! { <p class="diff-note">{note}</p> }).collect_view()}
            <table class="diff-table">
                {file.hunks.into_iter().map(|hunk| view! { <HunkRows hunk /> }).collect_view()}
            </table>
        </section>
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

#[component]
fn HunkRows(hunk: Hunk) -> impl IntoView {
    let header = format!(
        "@@ -{},{} +{},{} @@ {}",
        hunk.old_start, hunk.old_count, hunk.new_start, hunk.new_count, hunk.section
    );
    view! {
        <tbody class="hunk">
            <tr class="hunk-header">
                <td class="ln"></td>
                <td class="ln"></td>
                <td class="code" colspan="2">{header}</td>
            </tr>
            {hunk.lines.into_iter().map(line_row).collect_view()}
        </tbody>
    }
}

fn line_row(line: DiffLine) -> impl IntoView {
    let (class, marker) = match line.kind {
        LineKind::Added => ("add", "+"),
        LineKind::Removed => ("del", "-"),
        LineKind::Context => ("ctx", " "),
    };
    let number = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
    let eof_note = line
        .no_newline_at_end
        .then(|| view! { <span class="no-newline" title="No newline at end of file">"⏎̸"</span> });
    view! {
        <tr class=class>
            <td class="ln">{number(line.old_line)}</td>
            <td class="ln">{number(line.new_line)}</td>
            <td class="marker">{marker}</td>
            <td class="code">{line.text}{eof_note}</td>
        </tr>
    }
}
