//! Runs scored by metrics (Long Code Arena): each metric's mean per facet value, run by run (API
//! recall per library, chrF per repository, ...), and all metrics side by side (exact match per
//! line category of code completion).

use std::collections::{BTreeMap, HashMap};

use benchscope_contract::breakdown::mean_by_facet;
use benchscope_contract::list::facet_value_label;
use benchscope_contract::metric_labels::metric_label;
use benchscope_contract::sorting::{map_of, set_of};
use leptos::prelude::*;

use super::SplitRows;

use crate::chart_legend::palette_places;
use crate::components::chart::{BarChart, ChartData};

/// Both sections, when a loaded run carries metrics.
#[component]
pub fn MetricSections(
    split: StoredValue<SplitRows>,
    facets: Vec<String>,
    /// The runs the page's breakdown draws, whose colours these charts keep.
    #[prop(optional)]
    chosen: Option<Memo<Vec<String>>>,
) -> impl IntoView {
    // Per run with metrics: its id and name, and per metric its values by instance.
    type Scored = (String, String, BTreeMap<String, HashMap<String, f64>>);
    let runs: Vec<Scored> = split.with_value(|split| {
        split
            .results
            .runs
            .iter()
            .filter(|run| !run.metrics.is_empty())
            .map(|run| {
                let values = map_of(run.metrics.iter().map(|(name, values)| (name.clone(), split.by_instance(values))));
                (run.id.clone(), split.name(&run.id), values)
            })
            .collect()
    });
    let names = set_of(runs.iter().flat_map(|(_, _, metrics)| metrics.keys().cloned()));
    if runs.is_empty() {
        return ().into_any();
    }
    let names: Vec<String> = names.into_iter().collect();
    let runs = StoredValue::new(runs);
    let colors = move || {
        let ids: Vec<String> = runs.with_value(|r| r.iter().map(|(id, _, _)| id.clone()).collect());
        palette_places(&ids, &chosen.map(|c| c.get()).unwrap_or_default())
    };
    let metric = RwSignal::new(names[0].clone());
    let facet = RwSignal::new(facets.first().cloned().unwrap_or_else(|| "repo".into()));
    // The chart, and each of its groups' facet value (a label may read otherwise: "(none)").
    // A memo: the chart and its table both read it, and working it out averages over every row.
    let by_facet = Memo::new(move |_| {
        let (metric, facet) = (metric.get(), facet.get());
        let values: Vec<HashMap<String, f64>> = runs.with_value(|runs| {
            runs.iter()
                .map(|(_, _, metrics)| metrics.get(&metric).cloned().unwrap_or_default())
                .collect()
        });
        let groups = split.with_value(|s| mean_by_facet(&s.rows, &facet, &values));
        let label = metric_label(&metric);
        let chart = ChartData {
            title: format!("{label} (mean) by {}", split.with_value(|s| s.facet_in_sentence(&facet))),
            y_label: label,
            y_max: axis_top(values.iter().flat_map(HashMap::values)),
            y_counts: false,
            stacked: false,
            groups: groups.iter().map(|g| facet_value_label(&facet, &g.value).into_owned()).collect(),
            series: runs.with_value(|r| r.iter().map(|(_, name, _)| name.clone()).collect()),
            colors: colors(),
            values: groups
                .iter()
                .map(|g| g.sums.iter().map(|&(sum, n)| (n > 0).then(|| sum / n as f64)).collect())
                .collect(),
        };
        (chart, groups.into_iter().map(|g| g.value).collect::<Vec<String>>())
    });
    let by_facet_chart = Signal::derive(move || by_facet.with(|(chart, _)| chart.clone()));
    let metric_names = names.clone();
    let names_of_rows = names.clone();
    let side_by_side = Signal::derive(move || ChartData {
        title: "Every metric, mean over the run's tasks".into(),
        y_label: "mean".into(),
        y_max: runs.with_value(|runs| axis_top(runs.iter().flat_map(|(_, _, metrics)| metrics.values().flat_map(HashMap::values)))),
        y_counts: false,
        stacked: false,
        groups: metric_names.iter().map(|name| metric_label(name)).collect(),
        series: runs.with_value(|r| r.iter().map(|(_, name, _)| name.clone()).collect()),
        colors: colors(),
        values: metric_names
            .iter()
            .map(|name| {
                runs.with_value(|runs| {
                    runs.iter()
                        .map(|(_, _, metrics)| {
                            let values = metrics.get(name)?;
                            (!values.is_empty()).then(|| values.values().sum::<f64>() / values.len() as f64)
                        })
                        .collect()
                })
            })
            .collect(),
    });
    let ignore = Callback::new(|_: (usize, usize)| {});
    view! {
        <section class="metrics-section">
            <h3>"Metrics"</h3>
            <div class="chart-block">
                <BarChart data=side_by_side on_bar=ignore />
                {move || table(&side_by_side.get(), "Metric", &names_of_rows)}
            </div>
            <div class="toolbar">
                <label>"Metric "
                    <select aria-label="Metric to break down" on:change=move |ev| metric.set(event_target_value(&ev))>
                        {names.iter().map(|n| view! { <option value=n.clone()>{metric_label(n)}</option> }).collect_view()}
                    </select>
                </label>
                <label>" by "
                    <select aria-label="Facet for the metric" on:change=move |ev| facet.set(event_target_value(&ev))>
                        {facets.iter().map(|f| view! { <option value=f.clone()>{split.with_value(|s| s.facet_title(f))}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <div class="chart-block">
                <BarChart data=by_facet_chart on_bar=ignore />
                {move || by_facet.with(|(chart, values)| table(chart, &split.with_value(|s| s.facet_title(&facet.get())), values))}
            </div>
        </section>
    }
    .into_any()
}

/// The top of a metric chart's axis from the values it draws the means of: 1 where every one is
/// a share of 1 (Harbor's rewards), which an axis to 100 would draw as no bar at all; 100 for
/// percentages (Long Code Arena's, as `benchscope score` writes them); the largest beyond.
pub(super) fn axis_top<'a>(values: impl Iterator<Item = &'a f64>) -> f64 {
    let largest = values.fold(0.0, |top: f64, v| top.max(*v));
    match largest {
        top if top <= 1.0 => 1.0,
        top if top <= 100.0 => 100.0,
        top => top,
    }
}

/// `data` as a table headed `first`, a row for each group; `keys` are what each row's
/// `data-value` names (a metric's key or a facet's value, where the group's label reads otherwise).
fn table(data: &ChartData, first: &str, keys: &[String]) -> impl IntoView {
    view! {
        <table class="breakdown-table metrics-table">
            <thead><tr><th scope="col">{first.to_string()}</th>{data.series.iter().map(|s| view! { <th scope="col" class="num">{s.clone()}</th> }).collect_view()}</tr></thead>
            <tbody>
                {data.groups.iter().zip(&data.values).enumerate().map(|(at, (group, values))| view! {
                    <tr data-value=keys.get(at).unwrap_or(group).clone()>
                        <th scope="row">{group.clone()}</th>
                        {values.iter().zip(&data.series).map(|(v, name)| view! { <td class="num" data-label=name.clone()>{v.map(|v| format!("{v:.2}")).unwrap_or_else(|| "—".into())}</td> }).collect_view()}
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
    }
}
