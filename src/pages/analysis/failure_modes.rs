//! Why the chosen runs failed (FeatureBench's Figure 4): per run, its unresolved instances by
//! failure mode, stacked; a segment opens exactly its instances. With more modes than the palette
//! tells apart, the chart stacks the largest and the rest as one segment; the table has them all.

use std::collections::BTreeMap;

use benchscope_contract::failure_mode::failure_mode_label;
use benchscope_contract::outcomes::{run_facet, NOT_RUN, RESOLVED};
use benchscope_contract::sorting::sort_by;
use leptos::prelude::*;

use super::{open_list, run_name, RunList, SplitRows};
use crate::chart_legend::largest_and_rest;
use crate::components::chart::{BarChart, ChartData};
use crate::url_state::UrlState;

/// Per run (in `runs` order), its count of each failure mode.
fn mode_counts(split: &SplitRows, runs: &[String]) -> Vec<BTreeMap<String, u64>> {
    split.with(|rows, outcomes| {
        runs.iter()
            .map(|run| {
                let mut counts = BTreeMap::new();
                let Some((at, _)) = outcomes.matrix.run(run) else { return counts };
                for value in (0..rows.len()).filter_map(|row| outcomes.label(at, row)) {
                    if value != RESOLVED && value != NOT_RUN {
                        *counts.entry(value.to_string()).or_default() += 1;
                    }
                }
                counts
            })
            .collect()
    })
}

/// The stacked chart and its table.
#[component]
pub fn FailureModes(runs: RunList, split: StoredValue<SplitRows>, chosen: Memo<Vec<String>>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let counts = Memo::new(move |_| split.with_value(|split| mode_counts(split, &chosen.get())));
    let modes = Memo::new(move |_| {
        let mut all: Vec<String> = counts.get().iter().flat_map(|c| c.keys().cloned()).collect();
        sort_by(&mut all, Ord::cmp);
        all.dedup();
        all
    });
    // The modes drawn, each in a colour of its own; the rest stacked as one segment.
    let drawn = move |counts: &[BTreeMap<String, u64>], modes: &[String]| {
        let totals: Vec<u64> = modes.iter().map(|m| counts.iter().filter_map(|c| c.get(m)).sum()).collect();
        largest_and_rest(modes, &totals)
    };
    let data = Signal::derive(move || {
        let (counts, modes) = (counts.get(), modes.get());
        let (drawn, rest) = drawn(&counts, &modes);
        let y_max = counts.iter().map(|c| c.values().sum::<u64>()).max().unwrap_or(1) as f64;
        let mut series: Vec<String> = drawn.iter().map(|mode| failure_mode_label(mode).into_owned()).collect();
        if !rest.is_empty() {
            series.push(format!("{} other modes", rest.len()));
        }
        ChartData {
            title: "Unresolved instances by failure mode".into(),
            y_label: "instances".into(),
            y_max: y_max * 1.1,
            y_counts: true,
            stacked: true,
            groups: chosen.get().iter().map(|id| run_name(runs, id)).collect(),
            colors: (0..series.len()).collect(),
            series,
            values: counts
                .iter()
                .map(|c| {
                    let others: u64 = rest.iter().filter_map(|m| c.get(m)).sum();
                    let drawn = drawn.iter().map(|m| c.get(m).map(|n| *n as f64));
                    drawn
                        .chain((!rest.is_empty()).then_some((others > 0).then_some(others as f64)))
                        .collect()
                })
                .collect(),
        }
    });
    let open = move |run: String, modes: Vec<String>| {
        let facet = run_facet(&run);
        open_list(url, modes.into_iter().map(|mode| format!("{facet}:{mode}")).collect());
    };
    let on_bar = Callback::new(move |(group, series): (usize, usize)| {
        let run = chosen.with_untracked(|c| c.get(group).cloned());
        let (drawn, rest) = counts.with_untracked(|counts| modes.with_untracked(|modes| drawn(counts, modes)));
        let modes = match drawn.get(series) {
            Some(mode) => vec![mode.clone()],
            None => rest,
        };
        if let Some(run) = run.filter(|_| !modes.is_empty()) {
            open(run, modes);
        }
    });
    let table = move || {
        let (counts, modes, chosen) = (counts.get(), modes.get(), chosen.get());
        view! {
            <table class="breakdown-table failure-modes">
                <thead><tr><th scope="col">"Failure mode"</th>{chosen.iter().map(|id| view! { <th scope="col" class="num">{run_name(runs, id)}</th> }).collect_view()}</tr></thead>
                <tbody>
                    {modes.into_iter().map(|mode| {
                        let cells = chosen.iter().zip(&counts).map(|(run, c)| {
                            let n = c.get(&mode).copied().unwrap_or(0);
                            let (name, link_mode, data_run) = (run_name(runs, run), mode.clone(), run.clone());
                            let run = run.clone();
                            view! {
                                <td class="num" data-run=data_run data-label=name data-count=n>
                                    <a href="#" on:click=move |ev| { ev.prevent_default(); open(run.clone(), vec![link_mode.clone()]); }>{n}</a>
                                </td>
                            }
                        }).collect_view();
                        view! { <tr data-mode=mode.clone()><th scope="row">{failure_mode_label(&mode).into_owned()}</th>{cells}</tr> }
                    }).collect_view()}
                </tbody>
            </table>
        }
    };
    view! {
        <section class="failure-modes-section">
            <h3>"Failure modes"</h3>
            {move || if modes.with(Vec::is_empty) {
                view! { <p class="empty">"The chosen runs record no failure modes."</p> }.into_any()
            } else {
                view! { <div class="chart-block"><BarChart data on_bar />{table}</div> }.into_any()
            }}
        </section>
    }
}
