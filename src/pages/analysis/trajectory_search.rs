//! Search across a run's trajectories: the instances whose agent ran a command or wrote or saw
//! a phrase, each with the steps where it did, each step one click from the trajectory opened
//! there. The query and the run live in the URL (`tq`, `trun`).

use benchscope_contract::outcomes::outcome_label;
use leptos::prelude::*;

use crate::api::data_base;
use crate::components::error_box::ErrorBox;
use crate::components::trajectory::{STEP_CONTROL, TRAJECTORY_CONTROL};
use crate::loaded::Loaded;
use crate::search::TrajectorySearchCache;
use crate::sets::LoadedSet;
use crate::url_state::UrlState;

/// A run imported before the CLI indexed trajectories.
#[derive(Clone)]
struct NoIndex;

/// Instances listed at most; the count says how many matched.
const SHOWN_INSTANCES: usize = 200;
/// Steps named per instance; the rest are counted.
const SHOWN_STEPS: usize = 8;

/// The search box and its results, when a run of the split has trajectories.
#[component]
pub fn TrajectorySearch(set: LoadedSet) -> impl IntoView {
    let names = set.run_names();
    let runs: Vec<(String, String)> = set
        .results
        .runs
        .iter()
        .filter(|run| run.agent.is_some())
        .map(|run| (run.id.clone(), names.get(&run.id).cloned().unwrap_or_else(|| run.id.clone())))
        .collect();
    if runs.is_empty() {
        return ().into_any();
    }
    let url = expect_context::<UrlState>();
    let cache = expect_context::<TrajectorySearchCache>();
    let base = data_base(url.with_untracked(|s| s.data.clone()).as_deref());
    let first_run = runs[0].0.clone();
    let known: Vec<String> = runs.iter().map(|(id, _)| id.clone()).collect();
    let run = Memo::new(move |_| {
        url.with(|s| s.control("trun").map(str::to_string))
            .filter(|id| known.contains(id))
            .unwrap_or_else(|| first_run.clone())
    });
    let query = Memo::new(move |_| url.with(|s| s.control("tq").unwrap_or_default().to_string()));
    let found = Loaded::new(move || {
        let (cache, base, run, query) = (cache.clone(), base.clone(), run.get(), query.get());
        async move {
            if query.trim().is_empty() {
                return Ok(None);
            }
            if !cache.has_index(&base, &run) {
                return Ok(Some((run, Err(NoIndex))));
            }
            cache.search(&base, &run, &query).await.map(|hits| Some((run, Ok(hits))))
        }
    });
    let results = StoredValue::new(set.results.clone());
    let outcome = move |run: &str, instance: &str| {
        results.with_value(|m| {
            let column = m.column(instance)?;
            let (_, matrix_run) = m.run(run)?;
            m.label(matrix_run.outcome(column)).map(str::to_string)
        })
    };
    view! {
        <section class="trajectory-search">
            <h3>"Search the trajectories"</h3>
            <div class="toolbar">
                <label>"Run "
                    <select aria-label="Run whose trajectories to search" on:change=move |ev| {
                        let id = event_target_value(&ev);
                        url.replace(|s| s.set_control("trun", vec![id]));
                    }>
                        {runs.iter().map(|(id, name)| {
                            let (id, selected) = (id.clone(), *id == run.get_untracked());
                            view! { <option value=id.clone() selected=selected>{name.clone()}</option> }
                        }).collect_view()}
                    </select>
                </label>
                <input type="search" placeholder="A command or words, e.g. git log" aria-label="Search the run's trajectories"
                    prop:value=move || query.get()
                    on:input=move |ev| {
                        let value = event_target_value(&ev);
                        url.replace(|s| s.set_control("tq", vec![value]));
                    } />
            </div>
            {move || match found.get() {
                None => view! { <p class="loading">"Searching…"</p> }.into_any(),
                Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
                Some(Ok(Some((_, Err(NoIndex))))) => view! {
                    <p class="hint" role="note">"This run's trajectories have no search index: it was imported before the CLI wrote one. Import the run again to search them."</p>
                }.into_any(),
                Some(Ok(None)) => view! { <p class="hint">"Every step of every trajectory is searched: what the agent thought, ran and saw. All the words must be in one step."</p> }.into_any(),
                Some(Ok(Some((_, Ok(None))))) => view! { <p class="hint">"Words of two letters or more are searched."</p> }.into_any(),
                Some(Ok(Some((run, Ok(Some(hits)))))) => hit_list(url, run, hits, outcome).into_any(),
            }}
        </section>
    }
    .into_any()
}

/// The matching instances, each with its verdict and its steps as links.
fn hit_list(
    url: UrlState,
    run: String,
    hits: Vec<benchscope_contract::trajectory::search::TrajectoryHit>,
    outcome: impl Fn(&str, &str) -> Option<String>,
) -> impl IntoView {
    let steps: usize = hits.iter().map(|h| h.steps.len()).sum();
    let count = format!(
        "{} instances, {steps} steps{}",
        hits.len(),
        if hits.len() > SHOWN_INSTANCES {
            format!(" (the first {SHOWN_INSTANCES} listed)")
        } else {
            String::new()
        }
    );
    let rows = hits
        .into_iter()
        .take(SHOWN_INSTANCES)
        .map(|hit| {
            let verdict = outcome(&run, &hit.instance).unwrap_or_else(|| outcome_label(None).to_string());
            let more = hit.steps.len().saturating_sub(SHOWN_STEPS);
            let links = hit
                .steps
                .iter()
                .take(SHOWN_STEPS)
                .map(|&step| step_link(url, &run, &hit.instance, step))
                .collect_view();
            let all_steps = hit.steps.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            view! {
                <li data-instance=hit.instance.clone() data-steps=all_steps>
                    <span class="hit-instance">{hit.instance.clone()}</span>
                    <span class="verdict-label">{verdict}</span>
                    <span class="hit-steps">{links}{(more > 0).then(|| format!(" and {more} more"))}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <p class="count">{count}</p>
        <ul class="trajectory-hits">{rows}</ul>
    }
}

/// A link to step `step` of `run`'s trajectory on `instance`.
fn step_link(url: UrlState, run: &str, instance: &str, step: u32) -> impl IntoView {
    let (run, instance) = (run.to_string(), instance.to_string());
    let target = move |s: &mut crate::url_state::ViewState| {
        s.open(instance.clone(), None);
        s.set_control(TRAJECTORY_CONTROL, vec![run.clone()]);
        s.set_control(STEP_CONTROL, vec![step.to_string()]);
    };
    let href = url.with_untracked(|s| {
        let mut s = s.clone();
        target(&mut s);
        s.to_query()
    });
    view! {
        <a class="step-hit" href=href on:click=move |ev| { ev.prevent_default(); url.navigate(|s| target(s)); }>{format!("#{step}")}</a>
    }
}
