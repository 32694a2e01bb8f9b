//! An agent's trajectory on an instance, opened from the runs panel: what it shows at a glance
//! (how it ended, steps, cost, tools, files edited, whether it ran tests, loops, reads of history
//! past the base commit), then each step as a thought, a command and what came back, long
//! observations folded to their first and last lines with the rest on request; a search box that
//! lists the matching steps, a filter by tool, and a permalink on every step. All of it is
//! dataset text, shown as text.

mod loaded_steps;
mod step_view;

use std::sync::Arc;

use benchscope_contract::sorting::sort_by;
use benchscope_contract::trajectory::{Trajectory, TrajectoryFacts};
use leptos::prelude::*;

use crate::components::error_box::ErrorBox;
use crate::url_state::UrlState;
use loaded_steps::LoadedSteps;
use step_view::StepView;

/// The URL's control naming the run whose trajectory is open, and the step shown.
pub const TRAJECTORY_CONTROL: &str = "traj";
/// The step of the open trajectory a permalink points at (1-based).
pub const STEP_CONTROL: &str = "step";

/// The trajectory of run `run_id` with its facts: a search box listing the matching steps, a
/// filter by tool, and a permalink on every step (`&traj=<run>&step=N`).
#[component]
pub fn TrajectoryView(trajectory: Arc<Trajectory>, facts: TrajectoryFacts, run_id: String) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let mut tools: Vec<(String, usize)> = facts.tools.clone().into_iter().collect();
    sort_by(&mut tools, |a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    // The filter is by the tool each step names (a classic agent's steps name none).
    let tool_names: Vec<String> = trajectory
        .steps
        .iter()
        .filter_map(|s| s.tool.clone())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let tools = tools
        .into_iter()
        .map(|(tool, n)| view! { <span class="tag-chip">{format!("{tool} ×{n}")}</span> })
        .collect_view();
    let summary = summary_line(&trajectory, &facts);
    let edited = (!facts.files_edited.is_empty()).then(|| format!("Edited: {}", facts.files_edited.join(", ")));
    let leaks = (!facts.history_reads.is_empty()).then(|| {
        view! {
            <p class="history-reads" role="note">
                "Read the repository's history past the base commit: "
                {facts.history_reads.iter().map(|c| view! { <code>{c.clone()}</code>" " }).collect_view()}
            </p>
        }
    });
    let query = RwSignal::new(String::new());
    let tool = RwSignal::new(String::new());
    let pointed = Memo::new(move |_| {
        url.with(|s| s.control(STEP_CONTROL).and_then(|n| n.parse::<usize>().ok()))
            .filter(|n| *n >= 1)
    });
    let steps = LoadedSteps::new(&trajectory);
    let total = steps.total();
    // The steps in the page (indices from 0): a window from the first, or around a permalink's
    // step, that grows as the reader scrolls on or asks for earlier steps.
    let window = RwSignal::new(window_around(pointed.get_untracked().unwrap_or(1), total));
    // A search or a tool filter reads every step; otherwise the chunks of the window load.
    let wanted = Memo::new(move |_| {
        if !query.with(|q| q.trim().is_empty()) || !tool.with(String::is_empty) {
            0..total
        } else {
            window.get()
        }
    });
    Effect::new(move |_| {
        wanted.track();
        steps.load(wanted);
    });
    let matches = Memo::new(move |_| {
        let needle = query.get().trim().to_lowercase();
        (!needle.is_empty()).then(|| steps.matching(&needle))
    });
    // The step to bring into view once it is in the page: a permalink's, or one jumped to.
    let scroll_target = RwSignal::new(pointed.get_untracked());
    Effect::new(move |_| {
        let Some(number) = scroll_target.get() else { return };
        if steps.covers(number - 1..number) && window.with(|w| w.contains(&(number - 1))) {
            scroll_target.set(None);
            request_animation_frame(move || scroll_to_step(number));
        }
    });
    let run = StoredValue::new(run_id);
    let go_to = move |number: usize| {
        url.replace(|s| {
            s.set_control(TRAJECTORY_CONTROL, vec![run.get_value()]);
            s.set_control(STEP_CONTROL, vec![number.to_string()]);
        });
        if !window.with_untracked(|w| w.contains(&(number - 1))) {
            window.set(window_around(number, total));
        }
        scroll_target.set(Some(number));
    };
    // Scrolling moves the window: steps come in a window ahead of the reader and those far
    // behind leave, so the page holds at most [`MAX_IN_PAGE`] steps.
    let (near_start, near_end) = (NodeRef::<leptos::html::Div>::new(), NodeRef::<leptos::html::P>::new());
    let slide = window_event_listener(leptos::ev::scroll, move |_| {
        let height = web_sys::window()
            .and_then(|w| w.inner_height().ok())
            .and_then(|h| h.as_f64())
            .unwrap_or(900.0);
        let end_near = near_end
            .get_untracked()
            .is_some_and(|m| m.get_bounding_client_rect().top() < height * 2.0);
        let start_near = near_start
            .get_untracked()
            .is_some_and(|m| m.get_bounding_client_rect().bottom() > -height);
        let range = window.get_untracked();
        if end_near && range.end < total {
            window.set(slid_down(range, total));
        } else if start_near && range.start > 0 {
            window.set(slid_up(range.clone()));
            // At the very top the browser keeps no anchor: keep the step that was first in view.
            if web_sys::window().and_then(|w| w.scroll_y().ok()).is_some_and(|y| y < 1.0) {
                let kept = range.start + 1;
                request_animation_frame(move || scroll_to_step(kept));
            }
        }
    });
    on_cleanup(move || slide.remove());
    let step_items = view! {
        <For each=move || steps.loaded_in(window.get()) key=|i| *i let:i>
            {
                let number = i + 1;
                let step = steps.step(i).unwrap_or_default();
                let step_tool = step.tool.clone().unwrap_or_default();
                let hidden = move || tool.with(|t| !t.is_empty() && *t != step_tool);
                let matched = move || matches.with(|m| m.as_ref().is_some_and(|m| m.contains(&number)));
                let current = move || pointed.get() == Some(number);
                let link = move || {
                    let mut state = url.get();
                    state.set_control(TRAJECTORY_CONTROL, vec![run.get_value()]);
                    state.set_control(STEP_CONTROL, vec![number.to_string()]);
                    state.to_query()
                };
                view! {
                    <StepView number step hidden matched current link on_link=Callback::new(move |_| go_to(number)) />
                }
            }
        </For>
    };
    let earlier = move || {
        let first = window.with(|w| w.start);
        (first > 0).then(|| {
            view! {
                <p class="steps-more">
                    {format!("Steps 1–{first} are above. ")}
                    <button class="earlier-steps" on:click=move |_| window.set(slid_up(window.get_untracked()))>"Show earlier steps"</button>
                </p>
            }
        })
    };
    let earlier = view! { <div class="steps-start" node_ref=near_start>{earlier}</div> };
    let more = move || {
        let range = window.get();
        let loading = !steps.covers(wanted.get());
        (range.end < total || loading).then(|| {
            let label = format!("Steps {}–{} of {total} shown", range.start + 1, range.end);
            view! {
                <span>{label}{loading.then_some(" · loading…")}</span>
                " "
                {(range.end < total).then(|| view! {
                    <button class="more-steps" on:click=move |_| window.set(slid_down(window.get_untracked(), total))>"Show more steps"</button>
                })}
            }
        })
    };
    let chunk_error = move || steps.error.get().map(|error| view! { <ErrorBox error /> });
    let tool_filter = (tool_names.len() > 1).then(|| {
        view! {
            <select aria-label="Show the steps of one tool" on:change=move |ev| tool.set(event_target_value(&ev))>
                <option value="">"Every tool"</option>
                {tool_names.into_iter().map(|t| view! { <option value=t.clone()>{t.clone()}</option> }).collect_view()}
            </select>
        }
    });
    view! {
        <div class="trajectory">
            <p class="trajectory-summary">{summary}</p>
            <p class="tag-chips">{tools}</p>
            {edited.map(|e| view! { <p class="files-edited">{e}</p> })}
            {leaks}
            <div class="toolbar trajectory-tools">
                <input type="search" class="trajectory-search" placeholder="Find in this trajectory" aria-label="Find in this trajectory"
                    prop:value=query on:input=move |ev| query.set(event_target_value(&ev)) />
                {tool_filter}
                <span class="step-matches" aria-live="polite">{move || matches.get().map(|found| match found.len() {
                    0 => view! { "No step matches" }.into_any(),
                    n => view! {
                        {format!("{n} {}: ", if n == 1 { "step matches" } else { "steps match" })}
                        {found.into_iter().take(MATCHES_LISTED).map(|number| view! {
                            <button class="step-match" data-step=number on:click=move |_| go_to(number)>{number}</button>
                        }).collect_view()}
                        {(n > MATCHES_LISTED).then(|| format!(" and {} more", n - MATCHES_LISTED))}
                    }.into_any(),
                })}
                {move || (matches.with(Option::is_some) && !steps.covers(0..total)).then_some(" (reading the later steps…)")}</span>
            </div>
            {earlier}
            <ol class="steps">{step_items}</ol>
            <p class="steps-more" node_ref=near_end>{more}</p>
            {chunk_error}
        </div>
    }
}

/// Matching steps listed as buttons; the rest are counted.
const MATCHES_LISTED: usize = 30;

/// Steps put in the page at first, and added each time the reader nears the last.
const STEP_WINDOW: usize = 100;
/// Steps in the page at most, however far the reader scrolls.
const MAX_IN_PAGE: usize = 3 * STEP_WINDOW;

/// The window of steps (indices from 0) around step `number` (from 1): from the first when it is
/// among the first screenfuls, else a quarter window above it.
fn window_around(number: usize, total: usize) -> std::ops::Range<usize> {
    let index = number.saturating_sub(1).min(total.saturating_sub(1));
    let start = if index < STEP_WINDOW { 0 } else { index - STEP_WINDOW / 4 };
    start..(start + STEP_WINDOW).max(index + STEP_WINDOW / 4).min(total)
}

/// The window moved [`STEP_WINDOW`] steps further, its first steps leaving past [`MAX_IN_PAGE`].
fn slid_down(window: std::ops::Range<usize>, total: usize) -> std::ops::Range<usize> {
    let end = (window.end + STEP_WINDOW).min(total);
    end.saturating_sub(MAX_IN_PAGE).max(window.start)..end
}

/// The window moved [`STEP_WINDOW`] steps back, its last steps leaving past [`MAX_IN_PAGE`].
fn slid_up(window: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let start = window.start.saturating_sub(STEP_WINDOW);
    start..window.end.min(start + MAX_IN_PAGE)
}

/// Scrolls step `number` of the open trajectory into view.
fn scroll_to_step(number: usize) {
    let element = web_sys::window().and_then(|w| w.document()).and_then(|d| {
        d.query_selector(&format!(".trajectory li.step[data-step=\"{number}\"]"))
            .ok()
            .flatten()
    });
    if let Some(element) = element {
        element.scroll_into_view();
    }
}

/// "Submitted after 20 steps · $0.23 · 12,400 tokens in · ran tests · edited a test file · 2
/// repeated steps".
fn summary_line(trajectory: &Trajectory, facts: &TrajectoryFacts) -> String {
    let mut parts = vec![format!(
        "{} after {} steps",
        facts.exit_status.as_deref().unwrap_or("Ended"),
        facts.steps
    )];
    parts.extend(trajectory.cost.map(|c| format!("${c:.2}")));
    parts.extend(facts.seconds.map(wall_time));
    parts.extend(trajectory.tokens_in.map(|t| format!("{t} tokens in")));
    parts.extend(trajectory.tokens_out.map(|t| format!("{t} out")));
    parts.push(if facts.ran_tests {
        "ran tests".into()
    } else {
        "ran no tests".into()
    });
    if facts.edited_tests {
        parts.push("edited a test file".into());
    }
    if facts.repeated_actions > 0 {
        parts.push(format!("{} repeated steps", facts.repeated_actions));
    }
    match facts.submitted_last_diff {
        Some(true) => parts.push("submitted its last diff".into()),
        Some(false) => parts.push("submitted a patch other than its last diff".into()),
        None => {}
    }
    parts.join(" · ")
}

/// `95` seconds → "1 min 35 s of wall time".
fn wall_time(seconds: f64) -> String {
    let whole = seconds.round() as u64;
    match whole {
        0..=59 => format!("{whole} s of wall time"),
        60..=3599 => format!("{} min {} s of wall time", whole / 60, whole % 60),
        _ => format!("{} h {} min of wall time", whole / 3600, whole % 3600 / 60),
    }
}
