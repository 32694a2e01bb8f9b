//! Runs whose metrics are published as means alone (Long Code Arena's baselines, imported with
//! their `metadata_all_configs.json`): every metric side by side as each source gives it, the
//! runs in the board's order, so configurations can be compared before `benchscope score` gives
//! values per instance to break down.

use std::collections::BTreeSet;

use benchscope_contract::leaderboard::table::{filter_and_sort, ranking};
use benchscope_contract::leaderboard::LeaderboardRow;
use benchscope_contract::metric_labels::metric_label;
use benchscope_contract::sorting::set_of;
use leptos::prelude::*;

use super::metrics::axis_top;
use super::SplitRows;
use crate::chart_legend::palette_places;
use crate::components::chart::{BarChart, ChartData};

/// The chart and its table, when a run of the `board` publishes a metric's mean.
#[component]
pub fn PublishedMeans(board: Vec<LeaderboardRow>, split: StoredValue<SplitRows>) -> impl IntoView {
    let ranked = ranking(&board);
    let runs: Vec<_> = filter_and_sort(&board, &BTreeSet::new(), "", &ranked.key, ranked.descending_first())
        .into_iter()
        .filter(|row| !row.metrics.is_empty())
        .collect();
    if runs.is_empty() {
        return ().into_any();
    }
    let names: Vec<String> = set_of(runs.iter().flat_map(|row| row.metrics.iter().map(|(name, _)| name.clone())))
        .into_iter()
        .collect();
    let ids: Vec<String> = runs.iter().map(|row| row.id.clone()).collect();
    let data = ChartData {
        title: "Every metric as published, each run's mean over its tasks".into(),
        y_label: "mean".into(),
        y_max: axis_top(runs.iter().flat_map(|row| row.metrics.iter().map(|(_, value)| value))),
        y_counts: false,
        stacked: false,
        groups: names.iter().map(|name| metric_label(name)).collect(),
        series: runs.iter().map(|row| split.with_value(|s| s.name(&row.id))).collect(),
        colors: palette_places(&ids, &[]),
        values: names.iter().map(|name| runs.iter().map(|row| row.metric(name)).collect()).collect(),
    };
    let ignore = Callback::new(|_: (usize, usize)| {});
    let table = by_run(&data, &names);
    view! {
        <section class="metrics-section published-means">
            <h3>"Metrics as published"</h3>
            <div class="chart-block">
                <BarChart data=Signal::stored(data) on_bar=ignore />
                {table}
            </div>
        </section>
    }
    .into_any()
}

/// `data` as a table with a row per run and a column per metric: a board's shape, which twelve
/// runs as columns are not. Each cell names its metric's key.
fn by_run(data: &ChartData, metrics: &[String]) -> impl IntoView {
    view! {
        <table class="breakdown-table metrics-table">
            <thead><tr><th scope="col">"Run"</th>{data.groups.iter().map(|g| view! { <th scope="col" class="num">{g.clone()}</th> }).collect_view()}</tr></thead>
            <tbody>
                {data.series.iter().enumerate().map(|(s, run)| view! {
                    <tr>
                        <th scope="row">{run.clone()}</th>
                        {data.values.iter().zip(metrics).zip(&data.groups).map(|((values, metric), label)| {
                            let value = values.get(s).copied().flatten().map(|v| format!("{v:.2}"));
                            view! { <td class="num" data-metric=metric.clone() data-label=label.clone()>{value.unwrap_or_else(|| "—".into())}</td> }
                        }).collect_view()}
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
    }
}
