//! Breakdowns and comparison of the selected split's runs: the resolved ratio by a facet for
//! several runs side by side, as a plotters chart and a table, each exportable (PNG, SVG, CSV),
//! where clicking a bar lists exactly the instances it counts; and two runs paired instance by
//! instance, with McNemar's exact test.

mod breakdown;
mod downloads;
mod failure_modes;
mod matrix;
mod metrics;
mod paired;
mod passed;
mod scatter;

use benchscope_contract::breakdown::breakdown;
use benchscope_contract::list::breakdown_facets;
use benchscope_contract::outcomes::run_facet;
use benchscope_contract::site::View;
use benchscope_contract::IndexRow;
use leptos::prelude::*;

use crate::sets::LoadedSet;
use crate::url_state::UrlState;
use breakdown::{chart_data, BreakdownChart};
use failure_modes::FailureModes;
use matrix::MatrixSection;
use metrics::MetricSections;
use paired::PairedComparison;
use passed::PassedBreakdown;
use scatter::RunScatter;

/// `(run id, system name, resolved count)` of the runs with verdicts, best first.
type RunList = StoredValue<Vec<(String, String, usize)>>;

/// Opens the instance list filtered by `facets` (`facet:value` pairs).
fn open_list(url: UrlState, facets: Vec<String>) {
    url.navigate(move |s| {
        s.view = Some(View::Instances);
        s.q = None;
        s.facets = facets;
    });
}

/// Runs drawn side by side by default.
const DEFAULT_RUNS: usize = 4;

/// The analysis of the first loaded set.
#[component]
pub fn AnalysisPage(rows: Vec<IndexRow>, sets: Vec<LoadedSet>) -> impl IntoView {
    let Some(set) = sets.first().cloned() else { return ().into_any() };
    let end = sets.get(1).map_or(rows.len(), |next| next.start);
    let rows: Vec<IndexRow> = rows[set.start..end].to_vec();
    // Runs with verdicts, best first.
    let mut runs: Vec<(String, String, usize)> = set
        .run_files
        .iter()
        .filter_map(|run| Some((run.id.clone(), run.system.name.clone(), run.resolved_count()?)))
        .filter(|(id, _, _)| rows.first().is_some_and(|r| r.facets.contains_key(&run_facet(id))))
        .collect();
    runs.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    if runs.is_empty() {
        return view! {
            <section class="analysis">
                <p class="empty">"No run with per-instance verdicts is loaded for this split (import or evaluate one with the CLI): resolved breakdowns need them."</p>
                <MetricSections run_files=set.run_files.clone() rows=StoredValue::new(rows.clone()) facets=breakdown_facets(&rows) />
                <RunScatter set=set.clone() />
            </section>
        }
        .into_any();
    }
    let facets = breakdown_facets(&rows);
    let facet_list = facets.clone();
    let rows = StoredValue::new(rows);
    let runs = StoredValue::new(runs);
    let chosen = RwSignal::new(runs.with_value(|r| r.iter().take(DEFAULT_RUNS).map(|(id, _, _)| id.clone()).collect::<Vec<_>>()));
    let facet = RwSignal::new("category".to_string());
    let groups = Memo::new(move |_| rows.with_value(|rows| breakdown(rows, &facet.get(), &chosen.get())));
    let data = Signal::derive(move || chart_data(&facet.get(), &groups.get(), &chosen.get(), runs));
    view! {
        <section class="analysis">
            <h2>{format!("{} / {}: resolved ratio by facet", set.dataset, set.split.name)}</h2>
            <div class="toolbar">
                <label>"Break down by "
                    <select aria-label="Facet to break down by" on:change=move |ev| facet.set(event_target_value(&ev))>
                        {facets.into_iter().map(|f| view! { <option value=f.clone() selected=f == "category">{f.clone()}</option> }).collect_view()}
                    </select>
                </label>
                <RunPicker runs chosen />
            </div>
            <BreakdownChart data facet groups chosen rows />
            <PassedBreakdown run_files=set.run_files.clone() rows facet />
            <MetricSections run_files=set.run_files.clone() rows facets=facet_list.clone() />
            <FailureModes runs rows chosen />
            <RunScatter set=set.clone() />
            <PairedComparison runs rows />
            <MatrixSection runs rows />
        </section>
    }
    .into_any()
}

fn run_name(runs: RunList, id: &str) -> String {
    runs.with_value(|runs| {
        runs.iter()
            .find(|(i, _, _)| i == id)
            .map(|(_, name, _)| name.clone())
            .unwrap_or_else(|| id.to_string())
    })
}

#[component]
fn RunPicker(runs: RunList, chosen: RwSignal<Vec<String>>) -> impl IntoView {
    view! {
        <fieldset class="run-picker">
            <legend>"Runs"</legend>
            {runs.get_value().into_iter().map(|(id, name, resolved)| {
                let checked_id = id.clone();
                let toggled = id.clone();
                view! {
                    <label>
                        <input type="checkbox" prop:checked=move || chosen.with(|c| c.contains(&checked_id))
                            on:change=move |_| chosen.update(|c| match c.iter().position(|i| *i == toggled) {
                                Some(at) => { c.remove(at); }
                                None => c.push(toggled.clone()),
                            }) />
                        {format!("{name} ({resolved})")}
                    </label>
                }
            }).collect_view()}
        </fieldset>
    }
}
