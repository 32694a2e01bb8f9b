//! An agent's trajectory on an instance, opened from the runs panel: what it shows at a glance
//! (how it ended, steps, cost, tools, files edited, whether it ran tests, loops, reads of history
//! past the base commit), then each step as a thought, a command and what came back, long
//! observations folded to their first and last lines with the rest on request; a search box that
//! lists the matching steps, a filter by tool, and a permalink on every step. A long trajectory
//! keeps only the steps in view (and a screenful either side) in the page, the others' space held
//! by their measured or estimated heights ([`crate::step_layout`]). All of it is dataset text,
//! shown as text.

mod loaded_steps;
mod step_view;

use std::sync::Arc;

use benchscope_contract::sorting::{set_of, sort_by};
use benchscope_contract::trajectory::{Trajectory, TrajectoryFacts};
use leptos::prelude::*;

use crate::components::error_box::ErrorBox;
use crate::effect::effect;
use crate::step_layout::{StepLayout, Visible, UNKNOWN_STEP_PX};
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
    let tool_names: Vec<String> = set_of(trajectory.steps.iter().filter_map(|s| s.tool.clone())).into_iter().collect();
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
    let layout = StoredValue::new(StepLayout::new(total));
    let layout_changed = RwSignal::new(0usize);
    // The steps the list holds (indices from 0): all, or the chosen tool's (a step not fetched
    // yet holds its place until it is).
    let shown = Memo::new(move |_| {
        let tool = tool.get();
        steps.version.track();
        (0..total)
            .filter(|i| tool.is_empty() || steps.names_tool(*i, &tool).unwrap_or(true))
            .collect::<Vec<usize>>()
    });
    // The stretch of the list in view, a screenful either side, in pixels from the list's top.
    let list = NodeRef::<leptos::html::Div>::new();
    let in_view = RwSignal::new((0.0, VIEW_PX_BEFORE_MEASURE));
    let whole = total <= WHOLE_UP_TO;
    let visible = Memo::new(move |_| {
        if whole {
            return Visible {
                positions: 0..shown.with(Vec::len),
                before: 0.0,
                after: 0.0,
            };
        }
        layout_changed.track();
        let (from, to) = in_view.get();
        shown.with(|shown| layout.with_value(|l| l.in_view(shown, from, to)))
    });
    // A search or a tool filter reads every step; otherwise the chunks of the steps in view load.
    let wanted = Memo::new(move |_| {
        if !query.with(|q| q.trim().is_empty()) || !tool.with(String::is_empty) {
            return 0..total;
        }
        let positions = visible.with(|v| v.positions.clone());
        shown.with(
            |s| match (s.get(positions.start), positions.end.checked_sub(1).and_then(|p| s.get(p))) {
                (Some(first), Some(last)) => *first..*last + 1,
                _ => 0..total.min(1),
            },
        )
    });
    effect(move |_| {
        wanted.track();
        steps.load(wanted);
    });
    // Steps coming in are estimated from their text until drawn.
    effect(move |_| {
        steps.version.track();
        layout.update_value(|l| steps.take_fresh(|index, step| l.estimate(index, step)));
        layout_changed.update(|n| *n += 1);
    });
    let measure_view = move || {
        let viewport = crate::components::window_height().unwrap_or(900.0);
        if let Some(list) = list.get_untracked() {
            let top = list.get_bounding_client_rect().top();
            let region = (-top - viewport, -top + 2.0 * viewport);
            if in_view.get_untracked() != region {
                in_view.set(region);
            }
        }
    };
    // Once drawn, the steps in the page are measured; a height unlike its estimate moves the
    // others.
    effect(move |_| {
        visible.track();
        steps.version.track();
        if whole {
            return;
        }
        request_animation_frame(move || {
            let changed = measure_drawn_steps(layout);
            if changed {
                layout_changed.update(|n| *n += 1);
            }
            measure_view();
        });
    });
    let matches = Memo::new(move |_| {
        let needle = query.get().trim().to_lowercase();
        (!needle.is_empty()).then(|| steps.matching(&needle))
    });
    // The step to bring into view: a permalink's, or one jumped to. Until it is in the page, the
    // page scrolls to where the layout places it; once drawn, to the step itself, again after
    // each measure of the steps around it moves it, until it stays put.
    let scroll_target = RwSignal::new(pointed.get_untracked());
    effect(move |_| {
        let Some(number) = scroll_target.get() else { return };
        layout_changed.track();
        let Some(position) = shown.with(|s| s.iter().position(|i| *i == number - 1)) else {
            return;
        };
        let drawn = visible.with(|v| v.positions.contains(&position)) && steps.covers(number - 1..number);
        if drawn {
            request_animation_frame(move || {
                // A whole trajectory's steps never move once drawn: one scroll is enough.
                if scroll_to_step(number).is_some_and(|moved| whole || moved.abs() < 1.0) {
                    scroll_target.set(None);
                }
                measure_view();
            });
        } else if let Some(list) = list.get_untracked() {
            let offset = shown.with_untracked(|s| layout.with_value(|l| l.offset_of(s, position)));
            let top = list.get_bounding_client_rect().top();
            if let Some(window) = web_sys::window() {
                window.scroll_to_with_x_and_y(0.0, window.scroll_y().unwrap_or(0.0) + top + offset);
            }
            measure_view();
        }
    });
    let run = StoredValue::new(run_id);
    let go_to = move |number: usize| {
        url.replace(|s| {
            s.set_control(TRAJECTORY_CONTROL, vec![run.get_value()]);
            s.set_control(STEP_CONTROL, vec![number.to_string()]);
        });
        scroll_target.set(Some(number));
    };
    let follow_scroll = window_event_listener(leptos::ev::scroll, move |_| measure_view());
    let follow_resize = window_event_listener(leptos::ev::resize, move |_| measure_view());
    on_cleanup(move || {
        follow_scroll.remove();
        follow_resize.remove();
    });
    let drawn = move || {
        steps.version.track();
        let positions = visible.with(|v| v.positions.clone());
        shown.with(|s| {
            s.get(positions)
                .unwrap_or_default()
                .iter()
                .map(|i| (*i, steps.is_loaded(*i)))
                .collect::<Vec<_>>()
        })
    };
    let step_items = view! {
        <For each=drawn key=|entry| *entry let:entry>
            {
                let (i, loaded) = entry;
                let number = i + 1;
                if !loaded {
                    return view! {
                        <li class="step step-pending" value=number data-step=number style=format!("height: {UNKNOWN_STEP_PX}px")>
                            {format!("Step {number}: loading…")}
                        </li>
                    }.into_any();
                }
                let step = steps.step(i).unwrap_or_default();
                let matched = move || matches.with(|m| m.as_ref().is_some_and(|m| m.contains(&number)));
                let current = move || pointed.get() == Some(number);
                let link = move || {
                    let mut state = url.get();
                    state.set_control(TRAJECTORY_CONTROL, vec![run.get_value()]);
                    state.set_control(STEP_CONTROL, vec![number.to_string()]);
                    state.to_query()
                };
                view! {
                    <StepView number step matched current link on_link=Callback::new(move |_| go_to(number)) />
                }.into_any()
            }
        </For>
    };
    let space = |px: f64| format!("height: {px:.0}px");
    let status = move || {
        let loading = !steps.covers(wanted.get());
        let count = shown.with(Vec::len);
        let filtered = (count < total).then(|| format!("{count} of {total} steps · "));
        (loading || filtered.is_some()).then(|| {
            view! { <span>{filtered}{if loading { "loading steps…" } else { "" }}</span> }
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
            <p class="steps-more" aria-live="polite">{status}</p>
            <div class="steps-list" node_ref=list>
                <div class="steps-space" style=move || space(visible.with(|v| v.before))></div>
                <ol class="steps">{step_items}</ol>
                <div class="steps-space" style=move || space(visible.with(|v| v.after))></div>
            </div>
            {chunk_error}
        </div>
    }
}

/// Matching steps listed as buttons; the rest are counted.
const MATCHES_LISTED: usize = 30;

/// A trajectory of up to this many steps is in the page whole (the browser's own find reaches
/// every step); a longer one holds only the steps in view and a screenful either side.
const WHOLE_UP_TO: usize = 200;

/// How far down the list is taken to be in view before the page has laid it out, in pixels.
const VIEW_PX_BEFORE_MEASURE: f64 = 2_000.0;

/// Measures the steps in the page into `layout`: each one's height is the distance to the next
/// (its margin included), the last's its own box plus the same margin; placeholders of steps
/// not fetched yet are passed over. Whether any height changed.
fn measure_drawn_steps(layout: StoredValue<StepLayout>) -> bool {
    let Some(items) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector_all(".trajectory ol.steps > li.step").ok())
    else {
        return false;
    };
    let boxes: Vec<(usize, f64, f64, bool)> = (0..items.length())
        .filter_map(|i| items.item(i))
        .filter_map(|node| {
            let element: web_sys::Element = wasm_bindgen::JsCast::dyn_into(node).ok()?;
            let index = element.get_attribute("data-step")?.parse::<usize>().ok()?.checked_sub(1)?;
            let rect = element.get_bounding_client_rect();
            let pending = element.get_attribute("class").is_some_and(|c| c.contains("step-pending"));
            Some((index, rect.top(), rect.height(), pending))
        })
        .collect();
    let mut margin = 0.0;
    let mut changed = false;
    layout.update_value(|layout| {
        for (at, (index, top, height, pending)) in boxes.iter().enumerate() {
            let px = match boxes.get(at + 1) {
                Some((_, next_top, _, _)) => {
                    margin = (next_top - top - height).max(0.0);
                    next_top - top
                }
                None => height + margin,
            };
            // A step still on its way holds the unknown height, not its placeholder's.
            if !pending {
                changed |= layout.measure(*index, px);
            }
        }
    });
    changed
}

/// Scrolls step `number` of the open trajectory into view; how far the page moved, when the
/// step is in the page.
fn scroll_to_step(number: usize) -> Option<f64> {
    let window = web_sys::window()?;
    let element = window
        .document()?
        .query_selector(&format!(".trajectory li.step[data-step=\"{number}\"]"))
        .ok()
        .flatten()?;
    let before = window.scroll_y().ok()?;
    element.scroll_into_view();
    Some(window.scroll_y().ok()? - before)
}

/// "mini-swe-agent 1.15.0 · google/gemini-3-pro-preview · Submitted after 20 steps · $0.23 ·
/// 12,400 tokens in · ran tests · edited a test file · 2 repeated steps".
fn summary_line(trajectory: &Trajectory, facts: &TrajectoryFacts) -> String {
    let mut parts: Vec<String> = trajectory.agent.iter().chain(&trajectory.model).cloned().collect();
    parts.push(format!(
        "{} after {} steps",
        facts.exit_status.as_deref().unwrap_or("Ended"),
        facts.steps
    ));
    parts.extend(trajectory.cost.map(|c| format!("${c:.2}")));
    parts.extend(facts.seconds.map(wall_time));
    parts.extend(trajectory.tokens_in.map(|t| format!("{t} tokens in")));
    parts.extend(trajectory.tokens_out.map(|t| format!("{t} out")));
    if !facts.records_actions() {
        parts.push("a trace in words, no action recorded".into());
    } else if facts.ran_tests {
        parts.push("ran tests".into());
    } else {
        parts.push("ran no tests".into());
    }
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
