//! The leaderboard of the selected dataset and split: every run the data directory holds, with
//! % resolved and its Wilson 95% interval, % passed, tokens and cost, sortable on every column
//! and filtered by tag or by text (system, model, scaffold, organisation).

use std::collections::BTreeSet;

use benchscope_contract::leaderboard::table::{filter_and_sort, Column, COLUMNS, DEFAULT_SORT};
use benchscope_contract::leaderboard::LeaderboardRow;
use leptos::prelude::*;

use benchscope_contract::IndexRow;

use crate::components::drop_zone::{DropTargets, DropZone};
use crate::sets::LoadedSet;

/// The leaderboard of the first loaded set.
#[component]
pub fn LeaderboardPage(rows: Vec<IndexRow>, sets: Vec<LoadedSet>, base: String) -> impl IntoView {
    let targets = drop_targets(&rows, &sets);
    let Some(set) = sets.into_iter().next() else { return ().into_any() };
    let rows = set.leaderboard();
    let tags: BTreeSet<String> = rows.iter().flat_map(|r| r.tags.iter().cloned()).collect();
    let rows = StoredValue::new(rows);
    let sort = RwSignal::new((DEFAULT_SORT, true));
    let chosen_tags = RwSignal::new(BTreeSet::<String>::new());
    let text = RwSignal::new(String::new());
    let shown = Memo::new(move |_| {
        let (key, descending) = sort.get();
        let (tags, text) = (chosen_tags.get(), text.get());
        rows.with_value(|rows| filter_and_sort(rows, &tags, &text, key, descending))
    });
    let title = format!("{} / {}: {} runs", set.dataset, set.split.name, rows.with_value(Vec::len));
    let n = set.split.instances;
    view! {
        <section class="leaderboard">
            <h2>{title}</h2>
            <DropZone base dataset=set.dataset.clone() split=set.split.name.clone() targets />
            <div class="toolbar">
                <input type="search" aria-label="Filter runs by system, model, scaffold or organisation" placeholder="Filter runs"
                    on:input=move |ev| text.set(event_target_value(&ev)) />
                {tags.into_iter().map(|tag| {
                    let value = tag.clone();
                    view! {
                        <label class="tag-filter">
                            <input type="checkbox" on:change=move |_| chosen_tags.update(|t| if !t.remove(&value) { t.insert(value.clone()); }) />
                            {tag}
                        </label>
                    }
                }).collect_view()}
            </div>
            <table class="leaderboard-table">
                <thead><tr>
                    <th scope="col">"#"</th>
                    {COLUMNS.iter().map(|column| header(column, sort)).collect_view()}
                    <th scope="col">"Metrics (means)"</th>
                </tr></thead>
                <tbody>
                    {move || shown.get().into_iter().enumerate().map(|(rank, row)| row_view(rank + 1, row)).collect_view()}
                </tbody>
            </table>
            <p class="note">{format!("% resolved is over the split's {n} instances (a run that attempted part of them counts the rest as unresolved, as the harness does); the interval is Wilson's 95% score interval. A published percentage ranks a run as its source does; where the source's own per-instance results disagree, the counted figure is shown beside it.")}</p>
        </section>
    }
    .into_any()
}

/// The ids of each loaded split and the run ids in use, for a dropped file to fit itself to.
fn drop_targets(rows: &[IndexRow], sets: &[LoadedSet]) -> DropTargets {
    let splits = sets
        .iter()
        .enumerate()
        .map(|(i, set)| {
            let end = sets.get(i + 1).map_or(rows.len(), |next| next.start);
            let ids = rows[set.start.min(end)..end].iter().map(|r| r.id.clone()).collect();
            ((set.dataset.clone(), set.split.name.clone()), ids)
        })
        .collect();
    let taken = sets.iter().flat_map(|s| s.runs.iter().map(|r| r.id.clone())).collect();
    DropTargets { splits, taken }
}

fn header(column: &'static Column, sort: RwSignal<(&'static str, bool)>) -> impl IntoView {
    let state = move || match sort.get() {
        (key, true) if key == column.key => "descending",
        (key, false) if key == column.key => "ascending",
        _ => "none",
    };
    view! {
        <th scope="col" aria-sort=state class:num=column.numeric>
            <button class="sort" data-key=column.key on:click=move |_| sort.update(|(key, descending)| {
                if *key == column.key {
                    *descending = !*descending;
                } else {
                    *key = column.key;
                    *descending = column.numeric;
                }
            })>{column.title}</button>
        </th>
    }
}

fn percent(value: Option<f64>) -> String {
    value.map(|v| format!("{v:.1}")).unwrap_or_else(|| "—".into())
}

fn row_view(rank: usize, row: LeaderboardRow) -> impl IntoView {
    let interval = row
        .resolved_interval
        .map(|(low, high)| format!("[{low:.1}, {high:.1}]"))
        .unwrap_or_default();
    let count = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_else(|| "—".into());
    view! {
        <tr data-run=row.id.clone()>
            <td class="num">{rank}</td>
            <td>{row.name.clone()}</td>
            <td>{row.model.clone().unwrap_or_default()}</td>
            <td>{row.scaffold.clone().unwrap_or_default()}</td>
            <td>{row.date.clone().unwrap_or_default()}</td>
            <td class="num resolved">
                {percent(row.resolved_percent)}" "<span class="interval">{interval}</span>
                {row.counted_differs.map(|c| view! { <span class="differs" title="The source's per-instance results give a different number">{format!(" ≠ {c:.1} counted")}</span> })}
                {row.partial.map(|(attempted, total)| view! { <span class="partial" title="The instances it did not attempt count as unresolved">{format!("{attempted} of {total} attempted")}</span> })}
            </td>
            <td class="num passed">{percent(row.passed_percent)}</td>
            <td class="num">{count(row.tokens_in)}</td>
            <td class="num">{count(row.tokens_out)}</td>
            <td class="num">{row.cost.map(|c| format!("{c:.2}")).unwrap_or_else(|| "—".into())}</td>
            <td>{row.org.clone().unwrap_or_default()}</td>
            <td>{row.tags.join(", ")}</td>
            <td class="metrics">{row.metrics.iter().map(|(name, value)| format!("{name} {value:.3}")).collect::<Vec<_>>().join(" · ")}</td>
        </tr>
    }
}
