//! The facet panel: each facet's values with live counts, as checkboxes that toggle the filter
//! in the URL.

use std::collections::HashMap;

use benchscope_contract::list::facet_value_label;
use benchscope_contract::outcomes::{aspect_of_facet, run_of_facet, RESOLVED_BY, RUN_FACET_PREFIX};
use benchscope_contract::query::{facet_counts, Filter};
use benchscope_contract::{FacetCount, IndexRow};
use leptos::prelude::*;

use crate::url_state::UrlState;
use crate::wording::facet_title;

/// Values listed per facet before "more".
const SHOWN_VALUES: usize = 12;

/// Up to this many runs, their facets start unfolded.
const OPEN_RUN_GROUP: usize = 4;

/// One block per facet in `facets`, counting over `rows` (the search's hits, when searching)
/// under the URL's filter.
#[component]
pub fn FacetPanel(
    rows: StoredValue<Vec<IndexRow>>,
    facets: Vec<String>,
    filter: Memo<Filter>,
    searched: ReadSignal<Option<Vec<bool>>>,
    /// Run id → the name the pages call it by, which heads its facets.
    run_names: StoredValue<HashMap<String, String>>,
) -> impl IntoView {
    let (runs, others): (Vec<String>, Vec<String>) = facets.into_iter().partition(|f| f.starts_with(RUN_FACET_PREFIX));
    let (runs, others) = (StoredValue::new(runs), StoredValue::new(others));
    // The values are drawn a frame after the list's first rows (they were a third of the first
    // frame's elements): the panel's column keeps its width meanwhile, so no row moves when they
    // come, and on a small screen the panel is a closed drawer.
    let drawn = RwSignal::new(false);
    crate::frames::after_next_frame(move || drawn.set(true));
    view! {
        <aside class="facets" id="facet-panel" aria-label="Filters">
            {move || drawn.get().then(|| view! {
                {others.get_value().into_iter().map(|facet| view! { <FacetBlock rows facet filter searched run_names /> }).collect_view()}
                {run_group(runs.get_value(), rows, filter, searched, run_names)}
            })}
        </aside>
    }
}

/// The runs' facets, folded under one summary.
fn run_group(
    runs: Vec<String>,
    rows: StoredValue<Vec<IndexRow>>,
    filter: Memo<Filter>,
    searched: ReadSignal<Option<Vec<bool>>>,
    run_names: StoredValue<HashMap<String, String>>,
) -> Option<impl IntoView> {
    // A run's trajectory aspects (`run <id> · steps`) are its facets, not more runs.
    let run_count = runs.iter().filter(|f| aspect_of_facet(f).is_none()).count();
    if run_count == 0 {
        return None;
    }
    // `resolved by` reads `k of N`: N runs have verdicts, of which the best few have a facet.
    let judged = rows.with_value(|rows| {
        let value = rows.first()?.facets.get(RESOLVED_BY)?;
        value.rsplit(' ').next()?.parse::<usize>().ok()
    });
    let summary = match judged {
        Some(judged) if judged > run_count => format!("Outcome per run (the best {run_count} of {judged})"),
        _ => format!("Outcome per run ({run_count})"),
    };
    let more_note = judged.filter(|j| *j > run_count).map(|_| {
        view! { <p class="note">"Any other run gets its facet when a filter names it: its leaderboard row lists the instances it resolves."</p> }
    });
    // Open by default for a few runs; a leaderboard's hundred stay folded.
    let open = run_count <= OPEN_RUN_GROUP || filter.with_untracked(|f| f.selected.keys().any(|k| k.starts_with(RUN_FACET_PREFIX)));
    Some(view! {
        <details class="run-facets" open=open>
            <summary>{summary}</summary>
            {more_note}
            {runs.into_iter().map(|facet| view! { <FacetBlock rows facet filter searched run_names /> }).collect_view()}
        </details>
    })
}

#[component]
fn FacetBlock(
    rows: StoredValue<Vec<IndexRow>>,
    facet: String,
    filter: Memo<Filter>,
    searched: ReadSignal<Option<Vec<bool>>>,
    run_names: StoredValue<HashMap<String, String>>,
) -> impl IntoView {
    let expanded = RwSignal::new(false);
    let name = StoredValue::new(facet.clone());
    let counts = Memo::new(move |_| {
        let filter = filter.get();
        searched.with(|searched| {
            rows.with_value(|rows| {
                let pool = rows
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| searched.as_ref().is_none_or(|hits| hits[*i]))
                    .map(|(_, r)| r);
                name.with_value(|facet| facet_counts(pool, &filter, facet))
            })
        })
    });
    let title = run_names.with_value(|names| facet_title(&facet, names));
    // A run's facet, headed by its name, keeps its id in the tip.
    let run_id = run_of_facet(&facet).strip_prefix(RUN_FACET_PREFIX).map(str::to_string);
    let listed = move || {
        let total = counts.with(Vec::len);
        if expanded.get() {
            total
        } else {
            total.min(SHOWN_VALUES)
        }
    };
    let hidden = Memo::new(move |_| counts.with(Vec::len).saturating_sub(SHOWN_VALUES));
    view! {
        // A facet none of the hits has a value for (rows known from runs have no year or size)
        // is left out while they are listed, rather than shown as a heading over nothing.
        <section class="facet" data-facet=facet.clone() class:no-values=move || counts.with(Vec::is_empty)>
            <h4 title=run_id>{title}</h4>
            <ul>
                <For each=move || 0..listed() key=|slot| *slot
                    children=move |slot| view! { <ValueSlot nth=slot facet=name counts filter /> } />
                <Show when=move || { hidden.get() > 0 }>
                    <li><button class="more" on:click=move |_| expanded.update(|e| *e = !*e)>
                        {move || if expanded.get() { "fewer".to_string() } else { format!("{} more", hidden.get()) }}
                    </button></li>
                </Show>
            </ul>
        </section>
    }
}

/// The `nth` value in a facet's list. Like the instance list's row slots, its element stays in
/// the page while a search recounts the facet, and only its text, count and box follow the value
/// it shows: rebuilding every value's element on each keystroke redrew the whole panel.
#[component]
fn ValueSlot(nth: usize, facet: StoredValue<String>, counts: Memo<Vec<FacetCount>>, filter: Memo<Filter>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    // A slot past the end keeps its last value until `For` drops it.
    let shown = Memo::new(move |previous: Option<&FacetCount>| {
        counts
            .with(|all| all.get(nth).cloned())
            .or_else(|| previous.cloned())
            .unwrap_or(FacetCount {
                value: String::new(),
                count: 0,
            })
    });
    let checked = move || shown.with(|c| facet.with_value(|f| filter.with(|filter| filter.is_selected(f, &c.value))));
    view! {
        <li>
            <label class:empty=move || shown.with(|c| c.count == 0)>
                <input type="checkbox" prop:checked=checked on:change=move |_| {
                    let value = shown.with_untracked(|c| c.value.clone());
                    let next = facet.with_value(|f| filter.get_untracked().toggled(f, &value));
                    url.navigate(|s| s.facets = next.to_pairs());
                } />
                <span class="value">{move || shown.with(|c| facet.with_value(|f| facet_value_label(f, &c.value).into_owned()))}</span>
                <span class="n">{move || shown.with(|c| c.count)}</span>
            </label>
        </li>
    }
}
