//! Breakdowns and comparison of the selected split's runs: the resolved ratio by a facet for
//! several runs side by side, as a plotters chart and a table, each exportable (PNG, SVG, CSV),
//! where clicking a bar lists exactly the instances it counts; and two runs paired instance by
//! instance, with McNemar's exact test.

mod breakdown;
mod cost;
mod downloads;
mod failure_modes;
mod matrix;
mod metrics;
mod paired;
mod passed;
mod published_means;
mod scatter;
mod trajectory_search;

use std::collections::HashMap;
use std::sync::Arc;

use benchscope_contract::breakdown::breakdown;
use benchscope_contract::leaderboard::table::ranking;
use benchscope_contract::list::{breakdown_facets, default_breakdown_facet};
use benchscope_contract::results::{ResultsMatrix, RowOutcomes};
use benchscope_contract::site::View;
use benchscope_contract::IndexRow;
use leptos::prelude::*;

use crate::components::code::with_code_spans;
use crate::components::nav::OfferedViews;
use crate::sets::LoadedSet;
use crate::url_state::UrlState;
use crate::wording::{facet_in_sentence, facet_title};
use breakdown::{chart_data, BreakdownChart};
use cost::CostSection;
use failure_modes::FailureModes;
use matrix::MatrixSection;
use metrics::MetricSections;
use paired::PairedComparison;
use passed::PassedBreakdown;
use published_means::PublishedMeans;
use scatter::RunScatter;
use trajectory_search::TrajectorySearch;

/// `(run id, system name, resolved count)` of the runs with verdicts, best first.
type RunList = StoredValue<Vec<(String, String, usize)>>;

/// The split's rows and its results matrix, read together.
#[derive(Clone)]
pub struct SplitRows {
    /// The rows, in list order.
    pub rows: Vec<IndexRow>,
    /// Every run's outcome on them.
    pub results: Arc<ResultsMatrix>,
    /// Run id → the name the pages call it by.
    pub names: HashMap<String, String>,
}

impl SplitRows {
    /// `f` of the rows and their outcomes.
    pub fn with<T>(&self, f: impl FnOnce(&[IndexRow], &RowOutcomes) -> T) -> T {
        let outcomes = RowOutcomes::new(&self.results, self.rows.iter().map(|r| r.id.as_str()));
        f(&self.rows, &outcomes)
    }

    /// The name run `id` is called by.
    pub fn name(&self, id: &str) -> String {
        self.names.get(id).cloned().unwrap_or_else(|| id.to_string())
    }

    /// A facet's name for readers, a run's by the run's name ([`facet_title`]).
    pub fn facet_title(&self, facet: &str) -> String {
        facet_title(facet, &self.names)
    }

    /// A facet's name within a sentence ([`facet_in_sentence`]).
    pub fn facet_in_sentence(&self, facet: &str) -> String {
        facet_in_sentence(facet, &self.names)
    }

    /// Instance id → value, for the instances `values` (a matrix run's column values) has one for.
    pub fn by_instance(&self, values: &[Option<f64>]) -> HashMap<String, f64> {
        self.results
            .instances
            .iter()
            .zip(values)
            .filter_map(|(id, value)| Some((id.clone(), (*value)?)))
            .collect()
    }
}

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
    let facets = breakdown_facets(&rows);
    let default_facet = default_breakdown_facet(&rows, &facets).unwrap_or_default();
    let names = set.run_names();
    let split = StoredValue::new(SplitRows {
        rows,
        results: set.results.clone(),
        names,
    });
    // Runs with verdicts, best first.
    let runs: Vec<(String, String, usize)> = split.with_value(|split| {
        split
            .results
            .judged_best_first()
            .into_iter()
            .map(|at| &split.results.runs[at])
            .map(|run| (run.id.clone(), split.name(&run.id), run.resolved_count().unwrap_or(0)))
            .collect()
    });
    if runs.is_empty() {
        let loaded = set.runs.len();
        // A board ranked by metrics published as means (Long Code Arena's), not by % resolved
        // (SWE-Dev's, whose pass@3 the leaderboard shows beside it).
        let board = set.leaderboard();
        let means_only =
            split.with_value(|s| s.results.runs.iter().all(|run| run.metrics.is_empty())) && ranking(&board).metric_name().is_some();
        return view! {
            <section class="analysis">
                <p class="empty">{with_code_spans(&without_verdicts(loaded, means_only))}<LeaderboardPointer loaded /></p>
                {means_only.then(|| view! { <PublishedMeans board split /> })}
                <MetricSections split facets />
                <RunScatter set=set.clone() />
                <TrajectorySearch set=set.clone() />
            </section>
        }
        .into_any();
    }
    let facet_list = facets.clone();
    let runs = StoredValue::new(runs);
    // The runs drawn and the facet live in the URL (`arun=...`, `afacet=`): every chart is a permalink.
    let url = expect_context::<UrlState>();
    let chosen = Memo::new(move |_| {
        let given: Vec<String> = url.with(|s| s.control_values("arun").to_vec());
        let known: Vec<String> = given
            .into_iter()
            .filter(|id| runs.with_value(|r| r.iter().any(|(i, _, _)| i == id)))
            .collect();
        if url.with(|s| s.controls.contains_key("arun")) {
            known
        } else {
            runs.with_value(|r| r.iter().take(DEFAULT_RUNS).map(|(id, _, _)| id.clone()).collect())
        }
    });
    let known_facets = facets.clone();
    let facet = Memo::new(move |_| {
        url.with(|s| s.control("afacet").map(str::to_string))
            .filter(|f| known_facets.contains(f))
            .unwrap_or_else(|| default_facet.clone())
    });
    let groups = Memo::new(move |_| split.with_value(|s| s.with(|rows, outcomes| breakdown(rows, outcomes, &facet.get(), &chosen.get()))));
    let data = Signal::derive(move || {
        let facet = facet.get();
        let words = split.with_value(|s| s.facet_in_sentence(&facet));
        chart_data(&facet, &words, &groups.get(), &chosen.get(), runs)
    });
    // A split of runs alone whose ids name no repository has no facet to break its runs down by.
    let by_facet = !facets.is_empty();
    let title = match by_facet {
        true => format!("{} / {}: resolved ratio by facet", set.dataset, set.split.name),
        false => format!("{} / {}: runs compared", set.dataset, set.split.name),
    };
    view! {
        <section class="analysis">
            <h2>{title}</h2>
            <div class="toolbar">
                {by_facet.then(|| view! {
                    <label>"Break down by "
                        <select aria-label="Facet to break down by" on:change=move |ev| {
                            let value = event_target_value(&ev);
                            url.navigate(|s| s.set_control("afacet", vec![value]));
                        }>
                            {facets.into_iter().map(|f| {
                                let selected = f == facet.get_untracked();
                                let title = split.with_value(|s| s.facet_title(&f));
                                view! { <option value=f.clone() selected=selected>{title}</option> }
                            }).collect_view()}
                        </select>
                    </label>
                })}
                <RunPicker runs chosen />
            </div>
            {match by_facet {
                true => view! {
                    <BreakdownChart data facet groups chosen split />
                    <PassedBreakdown runs split facet chosen />
                }.into_any(),
                false => view! { <p class="empty">{with_code_spans(&without_instances(&set.dataset, &set.split.name))}</p> }.into_any(),
            }}
            <MetricSections split facets=facet_list.clone() chosen />
            <FailureModes runs split chosen />
            <CostSection runs split chosen facets=facet_list.clone() />
            <TrajectorySearch set=set.clone() />
            <RunScatter set=set.clone() chosen />
            <PairedComparison runs split />
            <MatrixSection runs split />
        </section>
    }
    .into_any()
}

/// Why there is no resolved breakdown, given how many runs the split has (none of them with
/// per-instance verdicts): a run imported from a leaderboard's totals, or generations not yet
/// scored, is loaded and still cannot be broken down. Where the runs give metrics as means only
/// (Long Code Arena's baselines beside their published chrF), the reader is told what scores each
/// generation.
fn without_verdicts(loaded: usize, means_only: bool) -> String {
    const NEED: &str =
        "resolved breakdowns need per-instance verdicts, which `benchscope grade` and `eval` give (a leaderboard's published totals do not)";
    const SCORE: &str = " Metrics are given as published means only, drawn below as each run's source gives them: `benchscope score` scores each generation against the exported dataset, and the metrics are then broken down here by instance.";
    let why = match loaded {
        0 => format!("No run is loaded for this split: {NEED}."),
        1 => format!("This split's one run has no per-instance verdicts: {NEED}."),
        n => format!("None of this split's {n} runs has per-instance verdicts: {NEED}."),
    };
    if means_only {
        why + SCORE
    } else {
        why
    }
}

/// Where the `loaded` runs' figures are when none has verdicts to break down: the leaderboard,
/// which ranks them as their sources published them (unless a published site leaves it out).
#[component]
fn LeaderboardPointer(loaded: usize) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let offered = use_context::<OfferedViews>().is_none_or(|views| views.0.contains(&View::Leaderboard));
    let href = move || {
        let mut state = url.get();
        state.view = Some(View::Leaderboard);
        state.to_query()
    };
    let open = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        url.navigate(|s| s.view = Some(View::Leaderboard));
    };
    let ranked = match loaded {
        1 => " ranks it as its source published it.",
        _ => " ranks them as their sources published them.",
    };
    (offered && loaded > 0).then(|| view! { " The "<a href=href on:click=open>"leaderboard"</a>{ranked} })
}

/// Why a split of runs alone whose ids name no repository (Long Code Arena's numbers) has no
/// breakdown by facet.
fn without_instances(dataset: &str, split: &str) -> String {
    format!(
        "There is no facet to break these runs down by: {dataset}/{split} holds runs alone, and their instance ids name no repository. `benchscope export` its dataset into this data directory to break them down by repository, category and more."
    )
}

fn run_name(runs: RunList, id: &str) -> String {
    runs.with_value(|runs| {
        runs.iter()
            .find(|(i, _, _)| i == id)
            .map(|(_, name, _)| name.clone())
            .unwrap_or_else(|| id.to_string())
    })
}

/// Quick choices of the picker: the best N runs.
const TOP_CHOICES: [usize; 3] = [3, 5, 10];

/// The runs drawn: the best few by default, "top N" in one click, any run by searching for it.
/// The choice is the URL's `arun` (an empty one is kept as `arun=-`, meaning none).
#[component]
fn RunPicker(runs: RunList, chosen: Memo<Vec<String>>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let find = RwSignal::new(String::new());
    let set = move |ids: Vec<String>| {
        let ids = if ids.is_empty() { vec!["-".to_string()] } else { ids };
        url.navigate(|s| s.set_control("arun", ids));
    };
    let top = move |n: usize| set(runs.with_value(|r| r.iter().take(n).map(|(id, _, _)| id.clone()).collect()));
    let count = runs.with_value(Vec::len);
    view! {
        <details class="run-picker">
            <summary>{move || format!("Runs: {} of {count} drawn", chosen.with(Vec::len))}</summary>
            <div class="run-picker-panel">
                <div class="quick">
                    {TOP_CHOICES.into_iter().filter(|n| *n < count).map(|n| view! { <button on:click=move |_| top(n)>{format!("Top {n}")}</button> }).collect_view()}
                    <button on:click=move |_| top(count)>"All"</button>
                    <button on:click=move |_| set(Vec::new())>"None"</button>
                </div>
                <input type="search" placeholder="Find a run" aria-label="Find a run" prop:value=find on:input=move |ev| find.set(event_target_value(&ev)) />
                <div class="run-list">
                    {runs.get_value().into_iter().map(|(id, name, resolved)| {
                        let checked_id = id.clone();
                        let toggled = id.clone();
                        let haystack = format!("{name} {id}").to_lowercase();
                        let hidden = move || {
                            let find = find.get().trim().to_lowercase();
                            !find.is_empty() && !haystack.contains(&find)
                        };
                        view! {
                            <label class:hidden=hidden>
                                <input type="checkbox" prop:checked=move || chosen.with(|c| c.contains(&checked_id))
                                    on:change=move |_| {
                                        let mut ids = chosen.get_untracked();
                                        match ids.iter().position(|i| *i == toggled) {
                                            Some(at) => { ids.remove(at); }
                                            None => ids.push(toggled.clone()),
                                        }
                                        set(ids);
                                    } />
                                {format!("{name} ({resolved})")}
                            </label>
                        }
                    }).collect_view()}
                </div>
            </div>
        </details>
    }
}
