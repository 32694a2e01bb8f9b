//! The leaderboard of the selected dataset and split: every run the data directory holds, with
//! % resolved and its Wilson 95% interval, the statistically tied groups and each rank's bootstrap
//! interval, % passed, tokens and cost; sortable on every column, filtered by tags and text, a
//! row opening to its details. Sort, filters and the open row live in the URL.

mod charts;
mod details;
mod fit;
mod tag_picker;

use std::collections::HashMap;

use benchscope_contract::leaderboard::standing::{standings, Standings, ALPHA};
use benchscope_contract::leaderboard::table::{board_columns, filter_and_sort, places, ranking, Column, RESOLVED};
use benchscope_contract::leaderboard::tags::tag_groups;
use benchscope_contract::leaderboard::{has_figures, scored_over_note, LeaderboardRow};
use benchscope_contract::outcomes::{AMONG_TOP, DISCRIMINATING, SOLVED_BY_ALL, SOLVED_BY_NONE, TOP_RUNS};
use benchscope_contract::results::RowOutcomes;
use benchscope_contract::site::View;
use benchscope_contract::sorting::set_of;
use benchscope_contract::{IndexRow, RunEntry};
use leptos::prelude::*;

use crate::components::break_places::with_break_places;
use crate::components::drop_zone::{DropTargets, DropZone};
use crate::sets::LoadedSet;
use crate::url_state::UrlState;
use charts::BoardCharts;
use details::RunDetails;
use tag_picker::TagPicker;

/// `(key, descending)` from the URL's `bsort` (`-key` is descending); by default the board's
/// `ranking` column, the better first.
fn sort_of(url: &UrlState, ranking: &Column) -> (String, bool) {
    url.with(|s| match s.control("bsort") {
        Some(key) => match key.strip_prefix('-') {
            Some(key) => (key.to_string(), true),
            None => (key.to_string(), false),
        },
        None => (ranking.key.to_string(), ranking.descending_first()),
    })
}

/// The leaderboard of the first loaded set.
#[component]
pub fn LeaderboardPage(rows: Vec<IndexRow>, sets: Vec<LoadedSet>, base: String) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let targets = drop_targets(&rows, &sets);
    let end = sets.get(1).map_or(rows.len(), |next| next.start);
    let Some(set) = sets.into_iter().next() else { return ().into_any() };
    let split_rows = &rows[set.start.min(end)..end];
    let outcomes = RowOutcomes::new(&set.results, split_rows.iter().map(|r| r.id.as_str()));
    let standings = StoredValue::new(standings(&outcomes));
    let top_counts = top_counts(split_rows);
    let board = set.leaderboard();
    let groups = tag_groups(&board);
    let columns = board_columns(&board);
    let ranking = ranking(&board);
    let ranked_by_resolved = ranking.key == RESOLVED;
    let place_title = format!(
        "Place on the whole board by {}, whatever the sort and the filters; tied runs share a place",
        ranking.title
    );
    let chart_rows = board.clone();
    let places = StoredValue::new(places(&board));
    let board = StoredValue::new(board);
    // Looked up per row on every render: by id, not by a scan of the runs.
    let runs: StoredValue<HashMap<String, RunEntry>> = StoredValue::new(set.runs.iter().map(|r| (r.id.clone(), r.clone())).collect());
    let details_base = StoredValue::new(base.clone());
    let sort = Memo::new(move |_| sort_of(&url, &ranking));
    let chosen_tags = Memo::new(move |_| url.with(|s| s.control_values("btag").to_vec()));
    let text = Memo::new(move |_| url.with(|s| s.control("bq").unwrap_or_default().to_string()));
    let shown = Memo::new(move |_| {
        let (key, descending) = sort.get();
        let tags = set_of(chosen_tags.get());
        board.with_value(|rows| filter_and_sort(rows, &tags, &text.get(), &key, descending))
    });
    let toggle = Callback::new(move |tag: String| {
        url.navigate(|s| {
            let mut tags = s.control_values("btag").to_vec();
            match tags.iter().position(|t| *t == tag) {
                Some(at) => {
                    tags.remove(at);
                }
                None => tags.push(tag),
            }
            s.set_control("btag", tags);
        })
    });
    // A group and a rank interval say something only beside another run's.
    let with_standings = standings.with_value(|s| s.by_run.len() >= 2);
    let width = 1 + usize::from(with_standings) + columns.len();
    let title = format!(
        "{} / {}: {}",
        set.dataset,
        set.split.name,
        crate::wording::plural(board.with_value(Vec::len), "run")
    );
    let scored_over = board.with_value(|rows| scored_over_note(rows, set.split.instances));
    // Said of a board ranked by % resolved, not of one its metrics rank.
    let published = (ranked_by_resolved && board.with_value(|rows| has_figures(rows))).then_some(
        " A published percentage ranks a run as its source does; where the source's own per-instance results disagree, the counted figure is shown under it.",
    );
    let method = standings.with_value(method_note);
    let header_columns = columns.clone();
    let board_box = NodeRef::<leptos::html::Div>::new();
    fit::fit_board(board_box, move || shown.track());
    view! {
        <section class="leaderboard">
            <h2>{title}</h2>
            <div class="toolbar">
                <input type="search" aria-label="Filter runs by system, model, scaffold or organisation" placeholder="Filter runs"
                    prop:value=move || text.get()
                    on:input=move |ev| {
                        let value = event_target_value(&ev);
                        url.replace(|s| s.set_control("bq", vec![value]));
                    } />
                {(!groups.is_empty()).then(|| view! { <TagPicker groups chosen=chosen_tags toggle /> })}
                <span class="count" aria-live="polite">{move || format!("{} shown", shown.with(Vec::len))}</span>
            </div>
            <div class="board-scroll" node_ref=board_box>
                <table class="leaderboard-table">
                    <thead><tr>
                        <th scope="col" class="num" title=place_title>"#"</th>
                        {header_columns.into_iter().map(|column| {
                            let standing = (with_standings && column.key == RESOLVED).then(|| view! {
                                <th scope="col" class="num" title="Significance group, and the rank with its 95% bootstrap interval">"Group · rank"</th>
                            });
                            (header(column, sort, url), standing)
                        }).collect_view()}
                    </tr></thead>
                    <tbody>
                        {move || {
                            let open = url.with(|s| s.control("brow").map(str::to_string));
                            let banded = sort.with(|(key, descending)| key == RESOLVED && *descending);
                            shown.get().into_iter().map(|row| {
                                let place = places.with_value(|p| p.get(&row.id).copied());
                                let standing = standings.with_value(|s| s.by_run.get(&row.id).cloned());
                                let is_open = open.as_deref() == Some(row.id.as_str());
                                let entry = runs.with_value(|runs| runs.get(&row.id).cloned());
                                let details = is_open.then(|| view! { <RunDetails row=row.clone() entry base=details_base.get_value() standing=standing.clone() width /> });
                                let standing_cell = with_standings.then(|| standing.clone());
                                (row_view(place, row, &columns, standing_cell, banded, url, is_open), details)
                            }).collect_view()
                        }}
                    </tbody>
                </table>
            </div>
            <p class="note">{format!("{scored_over}{}", published.unwrap_or_default())}</p>
            {with_standings.then(|| view! { <p class="note method">{method}</p> })}
            <BoardCharts rows=chart_rows />
            {top_counts.map(|counts| view! { <TopInstances counts /> })}
            <DropZone base dataset=set.dataset.clone() split=set.split.name.clone() targets />
        </section>
    }
    .into_any()
}

/// The sentence under the table that says how groups and rank intervals are made.
fn method_note(standings: &Standings) -> String {
    format!(
        "Groups: runs with per-instance results, by resolved count; a run joins the group of the run above unless McNemar's exact test on their paired results, Holm-corrected across the adjacent pairs, gives p < {ALPHA}. Rank intervals: the 2.5th–97.5th percentiles of each run's rank over {} paired bootstrap resamples of the instances (fixed seed).",
        standings.resamples
    )
}

/// Instances the top runs all, none or only some solve, from the rows' `top runs` facet.
fn top_counts(rows: &[IndexRow]) -> Option<[(&'static str, usize); 3]> {
    let count = |value: &str| rows.iter().filter(|r| r.facets.get(AMONG_TOP).is_some_and(|v| v == value)).count();
    rows.first()?.facets.get(AMONG_TOP)?;
    Some([
        (SOLVED_BY_NONE, count(SOLVED_BY_NONE)),
        (SOLVED_BY_ALL, count(SOLVED_BY_ALL)),
        (DISCRIMINATING, count(DISCRIMINATING)),
    ])
}

/// Links to the instances the top runs agree and disagree on, each the list filtered so.
#[component]
fn TopInstances(counts: [(&'static str, usize); 3]) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let links = counts
        .into_iter()
        .map(|(value, n)| {
            let facet = format!("{AMONG_TOP}:{value}");
            let href_facet = facet.clone();
            let href = move || {
                let mut s = url.get();
                s.view = Some(View::Instances);
                s.facets = vec![href_facet.clone()];
                s.to_query()
            };
            view! {
                <a href=href data-value=value on:click=move |ev| {
                    ev.prevent_default();
                    let facet = facet.clone();
                    url.navigate(|s| {
                        s.view = Some(View::Instances);
                        s.facets = vec![facet];
                    });
                }>{format!("{value} ({n})")}</a>
            }
        })
        .collect_view();
    view! { <p class="top-instances">{format!("Instances among the top {TOP_RUNS} runs with per-instance results: ")}{links}</p> }
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

fn header(column: Column, sort: Memo<(String, bool)>, url: UrlState) -> impl IntoView {
    let key = column.key.to_string();
    let state = {
        let key = key.clone();
        move || match sort.get() {
            (sorted, true) if sorted == key => "descending",
            (sorted, false) if sorted == key => "ascending",
            _ => "none",
        }
    };
    let descending_first = column.descending_first();
    let clicked = key.clone();
    let data_col = key.clone();
    // A metric's head reads as a reader knows it; its key, as the run's file names it, is its tip.
    let tip = column.metric_name().map(str::to_string);
    view! {
        <th scope="col" aria-sort=state class:num=column.numeric data-col=data_col title=tip>
            <button class="sort" data-key=key on:click=move |_| {
                let (sorted, descending) = sort.get_untracked();
                let descending = if sorted == clicked { !descending } else { descending_first };
                let value = if descending { format!("-{clicked}") } else { clicked.clone() };
                url.navigate(|s| s.set_control("bsort", vec![value]));
            }>{name_with_break_places(&head_words(&column.title))}</button>
        </th>
    }
}

/// A column's title as its head shows it: a head may wrap between its words when the board needs
/// the room, but a percent sign stays with the word it measures ("% resolved", never "%" alone
/// on a line above "resolved").
fn head_words(title: &str) -> String {
    title.replace("% ", "%\u{a0}")
}

fn percent(value: Option<f64>) -> String {
    value.map(|v| format!("{v:.1}")).unwrap_or_else(|| "—".into())
}

/// One cell of `column` for `row`.
fn cell(column: &Column, row: &LeaderboardRow) -> AnyView {
    let text = |value: Option<&String>| {
        let value = value.cloned().unwrap_or_default();
        let title = value.clone();
        view! { <td class="text" data-col=column.key.to_string() title=title><span class="wrapped">{name_with_break_places(&value)}</span></td> }
            .into_any()
    };
    let count = |v: Option<u64>| view! { <td class="num">{v.map(|v| v.to_string()).unwrap_or_else(|| "—".into())}</td> }.into_any();
    if let Some(name) = column.metric_name() {
        // One decimal as the board's other figures; a board of shares of 1 to three (0.830).
        let decimals = if column.shares { 3 } else { 1 };
        let value = row.metric(name).map_or_else(|| "—".into(), |v| format!("{v:.decimals$}"));
        return view! { <td class="num metric" data-col=column.key.to_string()>{value}</td> }.into_any();
    }
    match column.key.as_ref() {
        "model" => text(row.model.as_ref()),
        "scaffold" => text(row.scaffold.as_ref()),
        "attempts" => text(row.attempts.as_ref()),
        "date" => text(row.date.as_ref()),
        "org" => text(row.org.as_ref()),
        "passed" => view! { <td class="num passed">{percent(row.passed_percent)}</td> }.into_any(),
        "tokens_in" => count(row.tokens_in),
        "tokens_out" => count(row.tokens_out),
        "cost" => view! { <td class="num">{row.cost.map(|c| format!("{c:.2}")).unwrap_or_else(|| "—".into())}</td> }.into_any(),
        "steps" => view! { <td class="num" data-col="steps">{row.agent.as_ref().map_or_else(|| "—".into(), |a| format!("{:.1}", a.steps_mean))}</td> }.into_any(),
        "tokens_mean" => view! { <td class="num" data-col="tokens_mean">{row.agent.as_ref().and_then(|a| a.tokens_mean).map_or_else(|| "—".into(), |t| format!("{t:.0}"))}</td> }.into_any(),
        "cost_mean" => view! { <td class="num" data-col="cost_mean">{row.agent.as_ref().and_then(|a| a.cost_mean).map_or_else(|| "—".into(), |c| format!("{c:.3}"))}</td> }.into_any(),
        "ran_tests" => view! { <td class="num" data-col="ran_tests">{row.agent.as_ref().and_then(|a| a.ran_tests_percent).map_or_else(|| "—".into(), |p| format!("{p:.0}"))}</td> }.into_any(),
        "history_reads" => {
            let reads = row.agent.as_ref().map(|a| a.history_reads);
            let title = "Trajectories that read the repository's history past the base commit (git log --all, git show of another commit, ...)";
            view! { <td class="num" data-col="history_reads" class:leak=reads.is_some_and(|n| n > 0) title=title>{reads.map_or_else(|| "—".into(), |n| n.to_string())}</td> }.into_any()
        }
        "resolved" => {
            let interval = row
                .resolved_interval
                .map(|(low, high)| format!("[{low:.1}, {high:.1}]"))
                .unwrap_or_default();
            view! {
                <td class="num resolved">
                    {percent(row.resolved_percent)}" "<span class="interval">{interval}</span>
                    {row.counted_differs.map(|c| view! { <span class="differs" title="The source's per-instance results give a different number">{format!(" ≠ {c:.1} counted")}</span> })}
                    {row.partial.map(|(attempted, total)| view! { <span class="partial" title="The instances it did not attempt count as unresolved">{format!("{attempted} of {total} attempted")}</span> })}
                </td>
            }
            .into_any()
        }
        _ => view! { <td></td> }.into_any(),
    }
}

/// A name with a place to break after each underscore and slash: a run's name such as
/// `trajectories_gruckion-mini-swe-agent`, or a model's such as `google/gemini-3-pro-preview`,
/// otherwise broke inside a word when a wide board squeezed its column. An address keeps its
/// slashes whole: broken at each, a hub's address took more lines than its cell shows. The
/// places are `<wbr>` elements, so a copied name is unchanged.
fn name_with_break_places(name: &str) -> Vec<AnyView> {
    let address = name.contains("://");
    with_break_places(name.split_inclusive(|c| c == '_' || (c == '/' && !address)))
}

/// `standing` is `None` where the board shows no standings, `Some(None)` for a run without one.
fn row_view(
    place: Option<usize>,
    row: LeaderboardRow,
    columns: &[Column],
    standing: Option<Option<benchscope_contract::leaderboard::standing::Standing>>,
    banded: bool,
    url: UrlState,
    open: bool,
) -> impl IntoView {
    let id = row.id.clone();
    let shows_standing = standing.is_some();
    let standing = standing.flatten();
    let band = standing.as_ref().filter(|_| banded).map(|s| s.group % 2);
    // The interval may go under the group and rank when the board needs the room.
    let standing_text = match &standing {
        Some(s) => (
            format!("{} · {}", s.group, s.rank),
            Some(format!("[{}–{}]", s.rank_interval.0, s.rank_interval.1)),
        ),
        None => ("—".to_string(), None),
    };
    let cells = columns
        .iter()
        .map(|column| match column.key.as_ref() {
            "system" => {
                let toggled = id.clone();
                view! {
                    <td class="system" title=row.name.clone()>
                        <button class="expand wrapped" aria-expanded=open.to_string() on:click=move |_| {
                            let toggled = toggled.clone();
                            url.navigate(|s| {
                                let next = if s.control("brow") == Some(toggled.as_str()) { Vec::new() } else { vec![toggled] };
                                s.set_control("brow", next);
                            });
                        }>{name_with_break_places(&row.name)}</button>
                    </td>
                }
                .into_any()
            }
            RESOLVED => {
                let standing_cell = shows_standing.then(|| view! { <td class="num standing"><span>{standing_text.0.clone()}</span>{standing_text.1.clone().map(|interval| view! { " "<span>{interval}</span> })}</td> });
                (cell(column, &row), standing_cell).into_any()
            }
            _ => cell(column, &row),
        })
        .collect_view();
    view! {
        <tr data-run=id class:band-0=move || band == Some(0) class:band-1=move || band == Some(1) class:open=open
            data-group=standing.as_ref().map(|s| s.group.to_string())>
            <td class="num place">{place.map_or_else(|| "—".to_string(), |p| p.to_string())}</td>
            {cells}
        </tr>
    }
}
