//! Two runs' trajectories of one instance side by side, aligned by step, with the first step
//! where their actions differ marked. The two runs are in the URL (`tcmp`, twice).

use benchscope_contract::trajectory::compare::first_divergence;
use benchscope_contract::trajectory::text::strip_terminal_escapes;
use benchscope_contract::trajectory::Step;
use leptos::prelude::*;

use crate::api::RunCache;
use crate::components::error_box::ErrorBox;
use crate::loaded::Loaded;
use crate::url_state::UrlState;

/// The URL's control naming the two runs compared.
pub const COMPARE_CONTROL: &str = "tcmp";

/// A run with a trajectory of this instance: its id, name and trajectory file.
#[derive(Debug, Clone, PartialEq)]
pub struct WithTrajectory {
    /// The run's id.
    pub run: String,
    /// The name the pages call it by, its id added where another run has its system's name
    /// ([`crate::wording::run_labels`]).
    pub name: String,
    /// Path of its trajectory file.
    pub path: String,
}

/// The comparison, for two or more runs with a trajectory.
#[component]
pub fn TrajectoryCompare(runs: Vec<WithTrajectory>, base: String) -> impl IntoView {
    if runs.len() < 2 {
        return ().into_any();
    }
    let url = expect_context::<UrlState>();
    let cache = expect_context::<RunCache>();
    let runs = StoredValue::new(runs);
    let pair = Memo::new(move |_| {
        let given = url.with(|s| s.control_values(COMPARE_CONTROL).to_vec());
        runs.with_value(|runs| {
            let pick = |i: usize| given.get(i).and_then(|id| runs.iter().position(|r| r.run == *id)).unwrap_or(i);
            (pick(0), pick(1))
        })
    });
    let loaded = Loaded::new(move || {
        let (cache, base) = (cache.clone(), base.clone());
        let (a, b) = pair.get();
        let paths = runs.with_value(|r| (r[a].path.clone(), r[b].path.clone()));
        async move {
            let first = cache.whole_trajectory(&base, &paths.0).await?;
            let second = cache.whole_trajectory(&base, &paths.1).await?;
            Ok::<_, crate::load_error::LoadError>((first, second))
        }
    });
    let choose = move |which: usize, run: String| {
        let (a, b) = pair.get_untracked();
        let mut ids = runs.with_value(|r| vec![r[a].run.clone(), r[b].run.clone()]);
        ids[which] = run;
        url.replace(|s| s.set_control(COMPARE_CONTROL, ids));
    };
    let select = move |which: usize, label: &'static str| {
        view! {
            <select aria-label=label on:change=move |ev| choose(which, event_target_value(&ev))>
                {runs.get_value().into_iter().enumerate().map(|(i, r)| {
                    let selected = move || { let (a, b) = pair.get(); (if which == 0 { a } else { b }) == i };
                    view! { <option value=r.run.clone() selected=selected>{r.name.clone()}</option> }
                }).collect_view()}
            </select>
        }
    };
    let names = move || {
        runs.with_value(|r| {
            let (a, b) = pair.get();
            (r[a].name.clone(), r[b].name.clone())
        })
    };
    view! {
        <section class="trajectory-compare">
            <h3>"Two trajectories, step by step"</h3>
            <div class="toolbar">{select(0, "First trajectory")}" vs "{select(1, "Second trajectory")}</div>
            {move || match loaded.get() {
                None => view! { <p class="loading">"Loading the trajectories…"</p> }.into_any(),
                Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
                Some(Ok((first, second))) => {
                    let (a, b) = names();
                    view! { <Aligned first=first.steps.clone() second=second.steps.clone() first_name=a second_name=b /> }.into_any()
                }
            }}
        </section>
    }
    .into_any()
}

/// The two step lists aligned by position, the first differing step marked.
#[component]
fn Aligned(first: Vec<Step>, second: Vec<Step>, first_name: String, second_name: String) -> impl IntoView {
    let parted = first_divergence(&first, &second);
    let verdict = match parted {
        None => "They take the same actions throughout.".to_string(),
        Some(at) => format!("They part at step {}.", at + 1),
    };
    let cell = |step: Option<&Step>| match step {
        Some(step) => {
            let prompted = !step.prompt.is_empty();
            let tool = if prompted { Some("prompt".to_string()) } else { step.tool.clone() };
            let tool = tool.map(|t| view! { <span class="tool">{t}</span> });
            let action = match (prompted, step.action.is_empty()) {
                (true, _) => &step.prompt,
                (false, true) => &step.thought,
                (false, false) => &step.action,
            };
            let action = strip_terminal_escapes(action).into_owned();
            view! { <td>{tool}<pre><code>{action}</code></pre></td> }.into_any()
        }
        None => view! { <td class="none">"—"</td> }.into_any(),
    };
    let rows = (0..first.len().max(second.len()))
        .map(|i| {
            let diverges = parted == Some(i);
            view! {
                <tr data-step=i + 1 class:diverges=diverges>
                    <th scope="row" class="num">{i + 1}{diverges.then_some(" ◆")}</th>
                    {cell(first.get(i))}
                    {cell(second.get(i))}
                </tr>
            }
        })
        .collect_view();
    view! {
        <p class="compare-verdict" data-parted=parted.map(|p| p + 1)>{verdict}</p>
        <div class="compare-scroll">
            <table class="aligned-steps">
                <thead><tr><th scope="col" class="num">"#"</th><th scope="col">{first_name}</th><th scope="col">{second_name}</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
