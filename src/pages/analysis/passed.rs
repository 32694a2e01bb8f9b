//! FeatureBench's "passed" by facet (its Tables 8 and 15-21): each run's mean share of
//! FAIL_TO_PASS tests passed per facet value, for the runs whose results carry pass rates: those
//! the page's picker draws, in its order, then any it cannot offer (a run without verdicts).

use std::collections::HashMap;

use benchscope_contract::breakdown::mean_by_facet;
use benchscope_contract::list::facet_value_label;
use leptos::prelude::*;

use super::{open_list, RunList, SplitRows};
use crate::chart_legend::palette_places;
use crate::components::chart::{BarChart, ChartData};
use crate::url_state::UrlState;

/// The chart and table, when a loaded run has pass rates.
#[component]
pub fn PassedBreakdown(runs: RunList, split: StoredValue<SplitRows>, facet: Memo<String>, chosen: Memo<Vec<String>>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let with_rates: Vec<(String, HashMap<String, f64>)> = split.with_value(|split| {
        split
            .results
            .runs
            .iter()
            .filter_map(|run| Some((run.id.clone(), split.by_instance(run.pass_rates.as_ref()?))))
            .filter(|(_, rates)| !rates.is_empty())
            .collect()
    });
    if with_rates.is_empty() {
        return ().into_any();
    }
    let (ids, rates): (Vec<String>, Vec<HashMap<String, f64>>) = with_rates.into_iter().unzip();
    let offered: Vec<bool> = ids
        .iter()
        .map(|id| runs.with_value(|r| r.iter().any(|(i, _, _)| i == id)))
        .collect();
    let names: Vec<String> = split.with_value(|split| ids.iter().map(|id| split.name(id)).collect());
    let (ids, names) = (StoredValue::new(ids), StoredValue::new(names));
    // Places in `ids` of the runs drawn.
    let drawn = Memo::new(move |_| {
        let chosen = chosen.get();
        ids.with_value(|ids| {
            let mut places: Vec<usize> = chosen.iter().filter_map(|c| ids.iter().position(|id| id == c)).collect();
            places.extend((0..ids.len()).filter(|&at| !offered[at]));
            places
        })
    });
    let rates = StoredValue::new(rates);
    // Every run's sums, computed once a facet; the columns drawn are picked from them.
    let all_groups = Memo::new(move |_| split.with_value(|s| rates.with_value(|rates| mean_by_facet(&s.rows, &facet.get(), rates))));
    let percent = |(sum, n): (f64, u64)| (n > 0).then(|| sum * 100.0 / n as f64);
    let data = Signal::derive(move || {
        let (drawn, groups) = (drawn.get(), all_groups.get());
        ChartData {
            title: format!(
                "% passed (mean share of FAIL_TO_PASS tests) by {}",
                split.with_value(|s| s.facet_in_sentence(&facet.get()))
            ),
            y_label: "% passed".into(),
            y_max: 100.0,
            y_counts: false,
            stacked: false,
            groups: groups
                .iter()
                .map(|g| facet_value_label(&facet.get(), &g.value).into_owned())
                .collect(),
            series: names.with_value(|names| drawn.iter().map(|&at| names[at].clone()).collect()),
            colors: ids.with_value(|ids| palette_places(&drawn.iter().map(|&at| ids[at].clone()).collect::<Vec<_>>(), &chosen.get())),
            values: groups
                .iter()
                .map(|g| drawn.iter().map(|&at| percent(g.sums[at])).collect())
                .collect(),
        }
    });
    let open = move |value: String| open_list(url, vec![format!("{}:{value}", facet.get_untracked())]);
    let on_bar = Callback::new(move |(group, _): (usize, usize)| {
        if let Some(value) = all_groups.with_untracked(|g| g.get(group).map(|g| g.value.clone())) {
            open(value);
        }
    });
    let table = move || {
        let drawn = drawn.get();
        view! {
            <table class="breakdown-table passed">
                <thead><tr><th scope="col">{split.with_value(|s| s.facet_title(&facet.get()))}</th>{names.with_value(|names| drawn.iter().map(|&at| view! { <th scope="col" class="num">{names[at].clone()}</th> }).collect_view())}</tr></thead>
                <tbody>
                    {all_groups.get().into_iter().map(|g| {
                        let (value, data_value) = (g.value.clone(), g.value.clone());
                        let cells = drawn.iter().map(|&at| {
                            let (sum, n) = g.sums[at];
                            let text = percent((sum, n)).map_or_else(|| "—".to_string(), |p| format!("{p:.1}% ({n})"));
                            let name = names.with_value(|names| names[at].clone());
                            view! { <td class="num" data-label=name data-sum=sum data-n=n>{text}</td> }
                        }).collect_view();
                        view! {
                            <tr data-value=data_value>
                                <th scope="row"><a href="#" on:click=move |ev| { ev.prevent_default(); open(value.clone()); }>{facet_value_label(&facet.get(), &g.value).into_owned()}</a></th>
                                {cells}
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        }
    };
    // Its own memo, so that the chart is built again only when there comes to be something to draw.
    let none_drawn = Memo::new(move |_| drawn.with(Vec::is_empty));
    view! {
        <section class="passed-section">
            <h3>"Passed"</h3>
            {move || if none_drawn.get() {
                view! { <p class="empty">"The chosen runs record no pass rates."</p> }.into_any()
            } else {
                view! { <div class="chart-block"><BarChart data on_bar />{table}</div> }.into_any()
            }}
        </section>
    }
    .into_any()
}
