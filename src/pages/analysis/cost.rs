//! Cost against resolved, per instance: for each run whose trajectories or results record a cost
//! (swebench.com's boards publish one an instance), what its resolved and unresolved instances
//! cost (mean and median) and what one resolved instance cost, with the run's resolved ratio by
//! cost bucket one click away where its trajectories give it that facet.

use benchscope_contract::outcomes::agent_facet;
use benchscope_contract::results::{cost_against_resolved, CostAgainstResolved, AGENT_COST};
use leptos::prelude::*;

use super::{run_name, RunList, SplitRows};
use crate::url_state::UrlState;

/// How many of the best runs that record costs the table shows, besides those chosen above it: a
/// board of 500 priced runs is not a table anyone reads.
const SHOWN_COSTED: usize = 25;

/// The figures' column heads, which a run's card on a phone also shows beside each figure.
const FIGURE_HEADS: [&str; 5] = [
    "Instances",
    "Total",
    "Resolved: mean / median",
    "Unresolved: mean / median",
    "Per resolved instance",
];

/// The table, when some judged run records costs.
#[component]
pub fn CostSection(runs: RunList, split: StoredValue<SplitRows>, chosen: Memo<Vec<String>>, facets: Vec<String>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let costed: Vec<(String, CostAgainstResolved)> = runs.with_value(|runs| {
        split.with_value(|split| {
            runs.iter()
                .filter_map(|(id, _, _)| Some((id.clone(), cost_against_resolved(split.results.run(id)?.1)?)))
                .collect()
        })
    });
    if costed.is_empty() {
        return ().into_any();
    }
    let total = costed.len();
    let costed = StoredValue::new(costed);
    let facets = StoredValue::new(facets);
    let shown = move || {
        let chosen = chosen.get();
        costed.with_value(|costed| {
            costed
                .iter()
                .enumerate()
                .filter(|(rank, (id, _))| *rank < SHOWN_COSTED || chosen.contains(id))
                .map(|(_, (id, cost))| facets.with_value(|facets| cost_row(id, cost, runs, facets, url)))
                .collect_view()
        })
    };
    let more = (total > SHOWN_COSTED).then(|| {
        view! {
            <p class="hint more-costed">{format!(
                "The best {SHOWN_COSTED} of the {total} runs that record costs, and any run chosen above."
            )}</p>
        }
    });
    view! {
        <section class="cost-section">
            <h3>"Cost against resolved"</h3>
            <p class="hint">"What each run's agent spent per instance, as its trajectories or its published per-instance results record it, on the instances it resolved and on the others."</p>
            <div class="table-scroll">
                <table class="breakdown-table cost-table">
                    <thead>
                        <tr>
                            <th scope="col">"Run"</th>
                            {FIGURE_HEADS.map(|head| view! { <th scope="col" class="num">{head}</th> }).collect_view()}
                        </tr>
                    </thead>
                    <tbody>{shown}</tbody>
                </table>
            </div>
            {more}
        </section>
    }
    .into_any()
}

/// A run's row: its costs, with its resolved ratio by cost bucket a click away where its
/// trajectories give it that facet.
fn cost_row(id: &str, cost: &CostAgainstResolved, runs: RunList, facets: &[String], url: UrlState) -> impl IntoView {
    let dollars = |v: Option<f64>| v.map_or_else(|| "—".to_string(), |v| format!("${v:.2}"));
    let facet = agent_facet(id, AGENT_COST);
    let by_bucket = facets.contains(&facet).then(|| {
        let show = move |ev: leptos::ev::MouseEvent| {
            ev.prevent_default();
            let facet = facet.clone();
            url.navigate(|s| s.set_control("afacet", vec![facet]));
        };
        view! { <a href="#" class="by-cost" on:click=show>"by cost"</a> }
    });
    view! {
        <tr data-run=id.to_string()>
            <th scope="row">{run_name(runs, id)}" "{by_bucket}</th>
            <td class="num" data-col="priced" data-label=FIGURE_HEADS[0]>{cost.priced}</td>
            <td class="num" data-col="total" data-label=FIGURE_HEADS[1]>{dollars(Some(cost.total))}</td>
            <td class="num" data-col="resolved" data-label=FIGURE_HEADS[2]>{dollars(cost.resolved.map(|m| m.0))}" / "{dollars(cost.resolved.map(|m| m.1))}</td>
            <td class="num" data-col="unresolved" data-label=FIGURE_HEADS[3]>{dollars(cost.unresolved.map(|m| m.0))}" / "{dollars(cost.unresolved.map(|m| m.1))}</td>
            <td class="num" data-col="per-resolved" data-label=FIGURE_HEADS[4]>{dollars(cost.per_resolved)}</td>
        </tr>
    }
}
