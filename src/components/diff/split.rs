//! The side-by-side layout: the old lines and the new ones as two tables side by side, each its
//! own horizontal scroller (reachable by keyboard), one line a row so the halves stay aligned. A
//! long line scrolls within its half and never wraps; the halves are always equal.

use std::collections::BTreeSet;

use benchscope_contract::patch::{side_by_side, DiffLine, Hunk, LineKind};
use leptos::prelude::*;

use super::file_card::{code, context_lines, gap_label, hunk_title, number, open_strings, word_changes, CardState, GapLines, CHUNK_LINES};
use crate::context::{gap_above, gap_below};

/// Which half a row belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Half {
    Old,
    New,
}

/// The two halves of a file's hunks, with the gaps between them and the rows not yet shown.
pub fn split_tables(hunks: &[Hunk], python: bool, state: CardState, expand: Option<Callback<usize>>) -> impl IntoView {
    let (folded, expanded, source) = (state.folded.get(), state.expanded.get(), state.source.get());
    let mut halves: [Vec<AnyView>; 2] = [Vec::new(), Vec::new()];
    let mut push = |old: AnyView, new: AnyView| {
        halves[0].push(old);
        halves[1].push(new);
    };
    let gap = |lines: GapLines, index: usize, half: Half| {
        let lines_shown = match (lines, expanded.contains(&index), source.as_deref()) {
            (GapLines::Known(gap), true, Some(text)) => Some(
                context_lines(gap, text)
                    .iter()
                    .map(|line| half_row(Some(line), half, python, None, &[]).into_any())
                    .collect::<Vec<_>>(),
            ),
            _ => None,
        };
        match (lines_shown, expand) {
            (Some(rows), _) => view! { <tbody class="expanded-context">{rows}</tbody> }.into_any(),
            (None, Some(expand)) if half == Half::Old => view! {
                <tbody class="gap"><tr><td colspan="2">
                    <button class="expand-context" data-gap=index on:click=move |_| expand.run(index)>{format!("⋯ {}", gap_label(lines))}</button>
                </td></tr></tbody>
            }
            .into_any(),
            (None, _) => view! { <tbody class="gap"><tr><td colspan="2"><span class="gap-label" aria-hidden="true">{format!("⋯ {}", gap_label(lines))}</span></td></tr></tbody> }.into_any(),
        }
    };
    let mut budget = state.limit.get();
    let mut hidden = 0;
    for (index, hunk) in hunks.iter().enumerate() {
        if let Some(above) = expand.and(gap_above(hunks, index)) {
            push(
                gap(GapLines::Known(above), index, Half::Old),
                gap(GapLines::Known(above), index, Half::New),
            );
        }
        let is_folded = folded.contains(&index);
        let pairs = if is_folded { Vec::new() } else { side_by_side(hunk) };
        let changes = word_changes(&pairs);
        let opens = open_strings(hunk, python);
        let open_at = |line: Option<&DiffLine>, half: Half| {
            let open = line.and_then(|l| opens.get(&(l as *const DiffLine)))?;
            if half == Half::Old {
                open.old
            } else {
                open.new
            }
        };
        let of = |line: Option<&DiffLine>| {
            line.and_then(|l| changes.get(&(l as *const DiffLine)))
                .map(Vec::as_slice)
                .unwrap_or_default()
        };
        let shown = pairs.len().min(budget);
        hidden += pairs.len() - shown;
        budget -= shown;
        let rows = |half: Half| -> Vec<AnyView> {
            pairs
                .iter()
                .take(shown)
                .map(|&(old, new)| {
                    let line = if half == Half::Old { old } else { new };
                    half_row(line, half, python, open_at(line, half), of(line)).into_any()
                })
                .collect()
        };
        let body = |half: Half| {
            let toggle = (half == Half::Old).then_some(state.folded);
            view! {
                <tbody class="hunk" class:folded=is_folded>
                    {header_row(hunk, index, is_folded, toggle)}
                    {rows(half)}
                </tbody>
            }
            .into_any()
        };
        push(body(Half::Old), body(Half::New));
    }
    let below = match source.as_deref() {
        Some(lines) => gap_below(hunks, lines.len() as u32).map(GapLines::Known),
        None => (!hunks.is_empty()).then_some(GapLines::UntilEnd),
    };
    if let Some(below) = expand.and(below) {
        push(gap(below, hunks.len(), Half::Old), gap(below, hunks.len(), Half::New));
    }
    if hidden > 0 {
        let next = hidden.min(CHUNK_LINES);
        let limit = state.limit;
        let label = format!("Show {next} more lines ({hidden} not shown)");
        push(
            view! {
                <tbody class="more-lines"><tr><td colspan="2">
                    <button class="show-more" on:click=move |_| limit.update(|l| *l += CHUNK_LINES)>{label.clone()}</button>
                </td></tr></tbody>
            }
            .into_any(),
            view! { <tbody class="more-lines"><tr><td colspan="2"></td></tr></tbody> }.into_any(),
        );
    }
    let [old, new] = halves;
    view! {
        <div class="diff-split">
            <div class="diff-half old" tabindex="0" role="region" aria-label="Before the change">
                <table class="diff-table split">{old}</table>
            </div>
            <div class="diff-half new" tabindex="0" role="region" aria-label="After the change">
                <table class="diff-table split">{new}</table>
            </div>
        </div>
    }
}

/// A hunk's header; the old half carries the fold toggle.
fn header_row(hunk: &Hunk, index: usize, is_folded: bool, toggle: Option<RwSignal<BTreeSet<usize>>>) -> impl IntoView {
    let label = if is_folded { "Unfold hunk" } else { "Fold hunk" };
    let button = toggle.map(|folded| {
        view! {
            <button class="hunk-toggle" aria-expanded=(!is_folded).to_string() aria-label=label title=label
                on:click=move |_| folded.update(|set| if !set.remove(&index) { set.insert(index); })>
                {if is_folded { "▸" } else { "▾" }}
            </button>
        }
    });
    view! {
        <tr class="hunk-header">
            <td class="ln">{button}</td>
            <td class="code">{hunk_title(hunk)}</td>
        </tr>
    }
}

/// One line of one half: its number and its text, or an empty row where the other half has a line.
fn half_row(line: Option<&DiffLine>, half: Half, python: bool, open: Option<u8>, changed: &[std::ops::Range<usize>]) -> impl IntoView {
    let class = match line.map(|l| l.kind) {
        Some(LineKind::Added) => "code add",
        Some(LineKind::Removed) => "code del",
        Some(LineKind::Context) => "code ctx",
        None => "code blank",
    };
    let line_number = line.and_then(|l| if half == Half::Old { l.old_line } else { l.new_line });
    view! {
        <tr class="half">
            <td class="ln">{number(line_number)}</td>
            <td class=class>{line.map(|l| code(l, python, open, changed))}</td>
        </tr>
    }
}
