//! FeatureBench's "passed" by facet (its Tables 8 and 15-21): each run's mean share of
//! FAIL_TO_PASS tests passed per facet value, for runs whose results carry pass rates.

use std::collections::HashMap;

use benchscope_contract::breakdown::mean_by_facet;
use leptos::prelude::*;

use super::{open_list, SplitRows};
use crate::chart_legend::palette_places;
use crate::components::chart::{BarChart, ChartData};
use crate::url_state::UrlState;

/// The chart and table, when a loaded run has pass rates.
#[component]
pub fn PassedBreakdown(split: StoredValue<SplitRows>, facet: Memo<String>, chosen: Memo<Vec<String>>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let runs: Vec<(String, HashMap<String, f64>)> = split.with_value(|split| {
        split
            .results
            .runs
            .iter()
            .filter_map(|run| Some((run.id.clone(), split.by_instance(run.pass_rates.as_ref()?))))
            .filter(|(_, rates)| !rates.is_empty())
            .collect()
    });
    if runs.is_empty() {
        return ().into_any();
    }
    let (ids, rates): (Vec<String>, Vec<HashMap<String, f64>>) = runs.into_iter().unzip();
    let names: Vec<String> = split.with_value(|split| ids.iter().map(|id| split.name(id)).collect());
    let rates = StoredValue::new(rates);
    let groups = Memo::new(move |_| split.with_value(|s| rates.with_value(|rates| mean_by_facet(&s.rows, &facet.get(), rates))));
    let series = names.clone();
    let data = Signal::derive(move || ChartData {
        title: format!("% passed (mean share of FAIL_TO_PASS tests) by {}", facet.get()),
        y_label: "% passed".into(),
        y_max: 100.0,
        stacked: false,
        groups: groups.get().iter().map(|g| g.value.clone()).collect(),
        series: series.clone(),
        colors: chosen.with(|chosen| palette_places(&ids, chosen)),
        values: groups
            .get()
            .iter()
            .map(|g| g.sums.iter().map(|&(sum, n)| (n > 0).then(|| sum * 100.0 / n as f64)).collect())
            .collect(),
    });
    let open = move |value: String| open_list(url, vec![format!("{}:{value}", facet.get_untracked())]);
    let on_bar = Callback::new(move |(group, _): (usize, usize)| {
        if let Some(value) = groups.with_untracked(|g| g.get(group).map(|g| g.value.clone())) {
            open(value);
        }
    });
    let table = move || {
        view! {
            <table class="breakdown-table passed">
                <thead><tr><th scope="col">{facet.get()}</th>{names.iter().map(|n| view! { <th scope="col" class="num">{n.clone()}</th> }).collect_view()}</tr></thead>
                <tbody>
                    {groups.get().into_iter().map(|g| {
                        let (value, data_value) = (g.value.clone(), g.value.clone());
                        let cells = g.sums.iter().map(|&(sum, n)| {
                            let text = if n > 0 { format!("{:.1}% ({n})", sum * 100.0 / n as f64) } else { "—".into() };
                            view! { <td class="num" data-sum=sum data-n=n>{text}</td> }
                        }).collect_view();
                        view! {
                            <tr data-value=data_value>
                                <th scope="row"><a href="#" on:click=move |ev| { ev.prevent_default(); open(value.clone()); }>{g.value.clone()}</a></th>
                                {cells}
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        }
    };
    view! {
        <section class="passed-section">
            <h3>"Passed"</h3>
            <div class="chart-block"><BarChart data on_bar />{table}</div>
        </section>
    }
    .into_any()
}
