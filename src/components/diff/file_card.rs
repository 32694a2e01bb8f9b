//! One file of a diff: a collapsible card whose hunks fold one by one, whose unchanged lines
//! between hunks expand when the export stored the file (`--repos`), whose lines are Python
//! highlighted when the file is Python, and whose rows are built only when the card is open and
//! only [`CHUNK_LINES`] at a time.

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;
use std::sync::Arc;

use benchscope_contract::inline::changed_ranges;
use benchscope_contract::patch::{side_by_side, DiffLine, FileDiff, FileStatus, Hunk, LineKind};
use leptos::html;
use leptos::prelude::*;

use super::split::split_tables;
use super::{counts, status_label};
use crate::api::InstanceSources;
use crate::components::code::highlighted_marking;
use crate::components::error_box::ErrorBox;
use crate::context::{gap_above, gap_below, Gap};
use crate::hunk_strings::OpenString;
use crate::load_error::LoadError;
use crate::syntax::is_python;

/// Lines a file shows before "show more", and how many more each click adds.
pub const CHUNK_LINES: usize = 500;

/// What a reader changed on a card: folded hunks, lines shown, expanded gaps, and the file's
/// pre-change lines once fetched.
#[derive(Clone, Copy)]
pub(super) struct CardState {
    pub(super) folded: RwSignal<BTreeSet<usize>>,
    pub(super) limit: RwSignal<usize>,
    /// Gaps expanded: `i` is the gap above hunk `i`, `hunks.len()` the one after the last.
    pub(super) expanded: RwSignal<BTreeSet<usize>>,
    pub(super) source: RwSignal<Option<Arc<Vec<String>>>>,
    /// Why the file's pre-change text could not be fetched, when it could not.
    pub(super) source_error: RwSignal<Option<LoadError>>,
}

/// The card of `file`; its rows are built once it is `open` or opened.
#[component]
pub fn FileCard(file: FileDiff, node: NodeRef<html::Details>, split: Signal<bool>, open: bool) -> impl IntoView {
    let status = status_label(file.status);
    let path = file.display_path();
    let notes = file_notes(&file);
    let python = is_python(&path);
    let header_counts = counts(&file);
    let data_path = path.clone();
    let built = RwSignal::new(open);
    let state = CardState {
        folded: RwSignal::new(BTreeSet::new()),
        limit: RwSignal::new(CHUNK_LINES),
        expanded: RwSignal::new(BTreeSet::new()),
        source: RwSignal::new(None),
        source_error: RwSignal::new(None),
    };
    let expand = expander(&file, state);
    let hunks = StoredValue::new(file.hunks);
    let on_toggle = move |_| {
        if node.get_untracked().is_some_and(|card| card.open()) {
            built.set(true);
        }
    };
    let body = move || {
        built.get().then(|| {
            let layout = Layout {
                side_by_side: split.get(),
                python,
            };
            hunks.with_value(|hunks| {
                if layout.side_by_side {
                    split_tables(hunks, python, state, expand).into_any()
                } else {
                    table(hunks, layout, state, expand).into_any()
                }
            })
        })
    };
    view! {
        <details class="diff-file" open=open data-path=data_path node_ref=node on:toggle=on_toggle>
            <summary class="diff-file-header">
                <span class=format!("status status-{status}")>{status}</span>
                <span class="path">{path}</span>
                {header_counts}
            </summary>
            {notes.into_iter().map(|note| view! { <p class="diff-note">{note}</p> }).collect_view()}
            {move || state.source_error.get().map(|error| view! { <ErrorBox error /> })}
            {body}
        </details>
    }
}

/// Expands a gap, fetching the file as it was on first use; `None` where the export stored no
/// pre-change file (no `--repos`, or an added file).
fn expander(file: &FileDiff, state: CardState) -> Option<Callback<usize>> {
    let sources = use_context::<InstanceSources>().filter(|_| file.status != FileStatus::Added)?;
    let old_path = file.old_path.clone()?;
    Some(Callback::new(move |gap: usize| {
        state.expanded.update(|set| {
            set.insert(gap);
        });
        if state.source.get_untracked().is_none() {
            let (sources, old_path) = (sources.clone(), old_path.clone());
            leptos::task::spawn_local(async move {
                match sources.lines(&old_path).await {
                    Ok(Some(lines)) => state.source.set(Some(Arc::new(lines))),
                    Ok(None) => {}
                    Err(error) => state.source_error.set(Some(error)),
                }
            });
        }
    }))
}

#[derive(Clone, Copy)]
struct Layout {
    side_by_side: bool,
    python: bool,
}

/// The unchanged lines of a gap, or, after the last hunk before the file is fetched, "up to its
/// end".
#[derive(Clone, Copy)]
pub(super) enum GapLines {
    Known(Gap),
    UntilEnd,
}

/// The file's table: each hunk's header (after its expandable gap), then its rows while fewer
/// than the limit are shown.
fn table(hunks: &[Hunk], layout: Layout, state: CardState, expand: Option<Callback<usize>>) -> impl IntoView {
    let (folded, expanded, source) = (state.folded.get(), state.expanded.get(), state.source.get());
    let gap = |lines: Option<GapLines>, index: usize| {
        expand
            .zip(lines)
            .map(|(expand, lines)| gap_rows(lines, index, expanded.contains(&index), source.as_deref(), layout, expand))
    };
    let mut budget = state.limit.get();
    let mut hidden = 0;
    let mut bodies = Vec::new();
    for (index, hunk) in hunks.iter().enumerate() {
        let above = gap(gap_above(hunks, index).map(GapLines::Known), index);
        let is_folded = folded.contains(&index);
        let rows = if is_folded { Vec::new() } else { hunk_rows(hunk, layout) };
        let shown = rows.len().min(budget);
        hidden += rows.len() - shown;
        budget -= shown;
        let rows: Vec<AnyView> = rows.into_iter().take(shown).collect();
        bodies.push(view! {
            {above}
            <tbody class="hunk" class:folded=is_folded>
                {hunk_header(hunk, index, is_folded, state.folded)}
                {rows}
            </tbody>
        });
    }
    let below = match source.as_deref() {
        Some(lines) => gap_below(hunks, lines.len() as u32).map(GapLines::Known),
        None => (!hunks.is_empty()).then_some(GapLines::UntilEnd),
    };
    let tail = gap(below, hunks.len());
    let more = (hidden > 0).then(|| {
        let next = hidden.min(CHUNK_LINES);
        let limit = state.limit;
        view! {
            <tbody class="more-lines">
                <tr><td colspan="4">
                    <button class="show-more" on:click=move |_| limit.update(|l| *l += CHUNK_LINES)>
                        {format!("Show {next} more lines ({hidden} not shown)")}
                    </button>
                </td></tr>
            </tbody>
        }
    });
    view! {
        <div class="diff-scroll" tabindex="0" role="region" aria-label="Changed lines">
            <table class="diff-table">{bodies}{tail}{more}</table>
        </div>
    }
}

/// A gap: its unchanged lines once expanded and fetched, else a button that expands it.
fn gap_rows(
    lines: GapLines,
    index: usize,
    expanded: bool,
    source: Option<&Vec<String>>,
    layout: Layout,
    expand: Callback<usize>,
) -> AnyView {
    if let (true, Some(text), GapLines::Known(gap)) = (expanded, source, lines) {
        let rows: Vec<AnyView> = context_lines(gap, text)
            .iter()
            .map(|line| line_row(line, layout.python, None, &[]).into_any())
            .collect();
        return view! { <tbody class="expanded-context">{rows}</tbody> }.into_any();
    }
    let label = gap_label(lines);
    view! {
        <tbody class="gap">
            <tr><td colspan="4">
                <button class="expand-context" data-gap=index on:click=move |_| expand.run(index)>{format!("⋯ {label}")}</button>
            </td></tr>
        </tbody>
    }
    .into_any()
}

/// The unchanged lines of an expanded gap, from the file as it was.
pub(super) fn context_lines(gap: Gap, text: &[String]) -> Vec<DiffLine> {
    gap.numbers()
        .filter_map(|(old, new)| {
            Some(DiffLine {
                kind: LineKind::Context,
                text: text.get(old as usize - 1)?.clone(),
                old_line: Some(old),
                new_line: Some(new),
                no_newline_at_end: false,
            })
        })
        .collect()
}

/// What expanding a gap shows.
pub(super) fn gap_label(lines: GapLines) -> String {
    match lines {
        GapLines::Known(gap) => format!("Expand {} unchanged line{}", gap.len(), if gap.len() == 1 { "" } else { "s" }),
        GapLines::UntilEnd => "Expand to the end of the file".to_string(),
    }
}

/// `@@ -a,b +c,d @@ section`, the ranges apart (a diff whose line numbers are not known hides them).
pub(super) fn hunk_title(hunk: &Hunk) -> impl IntoView {
    let ranges = format!(
        "@@ -{},{} +{},{} @@",
        hunk.old_start, hunk.old_count, hunk.new_start, hunk.new_count
    );
    (view! { <span class="hunk-ranges">{ranges}</span> }, format!(" {}", hunk.section))
}

fn hunk_header(hunk: &Hunk, index: usize, is_folded: bool, folded: RwSignal<BTreeSet<usize>>) -> impl IntoView {
    let header = hunk_title(hunk);
    let label = if is_folded { "Unfold hunk" } else { "Fold hunk" };
    view! {
        <tr class="hunk-header">
            <td class="ln" colspan="2">
                <button class="hunk-toggle" aria-expanded=(!is_folded).to_string() aria-label=label title=label
                    on:click=move |_| folded.update(|set| if !set.remove(&index) { set.insert(index); })>
                    {if is_folded { "▸" } else { "▾" }}
                </button>
            </td>
            <td class="code" colspan="2">{header}</td>
        </tr>
    }
}

/// Changed word ranges per line of a hunk (by the line's address), for each removed line paired
/// with the added line that replaces it.
pub(super) type WordChanges = HashMap<*const DiffLine, Vec<Range<usize>>>;

pub(super) fn word_changes(pairs: &[(Option<&DiffLine>, Option<&DiffLine>)]) -> WordChanges {
    let mut changes = WordChanges::new();
    for (old, new) in pairs {
        if let (Some(old), Some(new)) = (old, new) {
            if old.kind == LineKind::Removed && new.kind == LineKind::Added {
                let (a, b) = changed_ranges(&old.text, &new.text);
                changes.insert(*old as *const DiffLine, a);
                changes.insert(*new as *const DiffLine, b);
            }
        }
    }
    changes
}

/// Where each line of a Python hunk begins inside a docstring, by the line's address (only the
/// lines that do).
pub(super) type OpenStrings = HashMap<*const DiffLine, OpenString>;

pub(super) fn open_strings(hunk: &Hunk, python: bool) -> OpenStrings {
    if !python {
        return OpenStrings::new();
    }
    hunk.lines
        .iter()
        .zip(crate::hunk_strings::open_strings(hunk))
        .filter(|(_, open)| *open != OpenString::default())
        .map(|(line, open)| (line as *const DiffLine, open))
        .collect()
}

fn hunk_rows(hunk: &Hunk, layout: Layout) -> Vec<AnyView> {
    let pairs = side_by_side(hunk);
    let changes = word_changes(&pairs);
    let opens = open_strings(hunk, layout.python);
    let of = |line: &DiffLine| changes.get(&(line as *const DiffLine)).map(Vec::as_slice).unwrap_or_default();
    hunk.lines
        .iter()
        .map(|line| {
            let open = opens.get(&(line as *const DiffLine)).and_then(|open| open.shown(line.kind));
            line_row(line, layout.python, open, of(line)).into_any()
        })
        .collect()
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

pub(super) fn number(n: Option<u32>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

/// A line's text as text nodes, coloured spans for Python (read from inside the docstring of
/// `open` where it begins in one), its changed words marked.
pub(super) fn code(line: &DiffLine, python: bool, open: Option<u8>, changed: &[Range<usize>]) -> impl IntoView {
    let text = highlighted_marking(&line.text, python, open, changed);
    let eof = line
        .no_newline_at_end
        .then(|| view! { <span class="no-newline" title="No newline at end of file">"⏎̸"</span> });
    (text, eof)
}

fn line_row(line: &DiffLine, python: bool, open: Option<u8>, changed: &[Range<usize>]) -> impl IntoView {
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
            <td class="code">{code(line, python, open, changed)}</td>
        </tr>
    }
}
