//! The facet panel: each facet's values with live counts, as checkboxes that toggle the filter
//! in the URL.

use benchscope_contract::list::facet_label as label;
use benchscope_contract::outcomes::{aspect_of_facet, RESOLVED_BY, RUN_FACET_PREFIX};
use benchscope_contract::query::{facet_counts, Filter};
use benchscope_contract::IndexRow;
use leptos::prelude::*;

use crate::url_state::UrlState;

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
    searched: Memo<Option<Vec<bool>>>,
) -> impl IntoView {
    let (runs, others): (Vec<String>, Vec<String>) = facets.into_iter().partition(|f| f.starts_with(RUN_FACET_PREFIX));
    // A run's trajectory aspects (`run <id> · steps`) are its facets, not more runs.
    let run_count = runs.iter().filter(|f| aspect_of_facet(f).is_none()).count();
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
    let run_group = (run_count > 0).then(|| {
        // Open by default for a few runs; a leaderboard's hundred stay folded.
        let open = run_count <= OPEN_RUN_GROUP || filter.with_untracked(|f| f.selected.keys().any(|k| k.starts_with(RUN_FACET_PREFIX)));
        view! {
            <details class="run-facets" open=open>
                <summary>{summary}</summary>
                {more_note}
                {runs.into_iter().map(|facet| view! { <FacetBlock rows facet filter searched /> }).collect_view()}
            </details>
        }
    });
    view! {
        <aside class="facets" id="facet-panel" aria-label="Filters">
            {others.into_iter().map(|facet| view! { <FacetBlock rows facet filter searched /> }).collect_view()}
            {run_group}
        </aside>
    }
}

#[component]
fn FacetBlock(rows: StoredValue<Vec<IndexRow>>, facet: String, filter: Memo<Filter>, searched: Memo<Option<Vec<bool>>>) -> impl IntoView {
    let url = expect_context::<UrlState>();
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
    let title = label(&facet);
    view! {
        <section class="facet" data-facet=facet.clone()>
            <h4>{title}</h4>
            <ul>
                {move || {
                    let all = counts.get();
                    let total = all.len();
                    let shown = if expanded.get() { total } else { total.min(SHOWN_VALUES) };
                    let items = all.into_iter().take(shown).map(|count| {
                        let value = count.value.clone();
                        let facet = name.get_value();
                        let checked = filter.with(|f| f.is_selected(&facet, &value));
                        let toggle_value = value.clone();
                        view! {
                            <li>
                                <label class:empty=count.count == 0>
                                    <input type="checkbox" prop:checked=checked on:change=move |_| {
                                        let next = filter.get_untracked().toggled(&facet, &toggle_value);
                                        url.navigate(|s| s.facets = next.to_pairs());
                                    } />
                                    <span class="value">{value}</span>
                                    <span class="n">{count.count}</span>
                                </label>
                            </li>
                        }
                    }).collect_view();
                    let more = (total > SHOWN_VALUES).then(|| view! {
                        <li><button class="more" on:click=move |_| expanded.update(|e| *e = !*e)>
                            {move || if expanded.get() { "fewer".to_string() } else { format!("{} more", total - SHOWN_VALUES) }}
                        </button></li>
                    });
                    (items, more)
                }}
            </ul>
        </section>
    }
}
