//! Two runs on the same instances, and McNemar's exact test.

use std::collections::BTreeSet;

use benchscope_contract::breakdown::paired;
use benchscope_contract::outcomes::run_facet;
use benchscope_contract::IndexRow;
use leptos::prelude::*;

use super::RunList;
use crate::url_state::UrlState;

/// Two runs on the same instances: the four counts, each opening its instances, and McNemar's
/// exact test.
#[component]
pub fn PairedComparison(runs: RunList, rows: StoredValue<Vec<IndexRow>>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let ids: Vec<String> = runs.with_value(|r| r.iter().map(|(id, _, _)| id.clone()).collect());
    if ids.len() < 2 {
        return ().into_any();
    }
    let first = RwSignal::new(ids[0].clone());
    let second = RwSignal::new(ids[1].clone());
    let counts = Memo::new(move |_| rows.with_value(|rows| paired(rows, &first.get(), &second.get())));
    // The outcome values meaning "not resolved" for a run: every value it has but these two.
    let unresolved_values = move |run: &str| -> Vec<String> {
        let facet = run_facet(run);
        rows.with_value(|rows| {
            rows.iter()
                .filter_map(|r| r.facets.get(&facet))
                .filter(|v| *v != "resolved" && *v != "not run")
                .cloned()
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect()
        })
    };
    let open = move |a_resolved: bool, b_resolved: bool| {
        let (a, b) = (first.get_untracked(), second.get_untracked());
        let values = |run: &str, resolved: bool| {
            if resolved {
                vec!["resolved".to_string()]
            } else {
                unresolved_values(run)
            }
        };
        let mut pairs: Vec<String> = values(&a, a_resolved)
            .into_iter()
            .map(|v| format!("{}:{v}", run_facet(&a)))
            .collect();
        pairs.extend(values(&b, b_resolved).into_iter().map(|v| format!("{}:{v}", run_facet(&b))));
        url.navigate(move |s| {
            s.view = Some("instances".into());
            s.q = None;
            s.facets = pairs;
        });
    };
    let select = move |signal: RwSignal<String>, label: &'static str| {
        view! {
            <select aria-label=label on:change=move |ev| signal.set(event_target_value(&ev))>
                {runs.get_value().into_iter().map(|(id, name, _)| {
                    let selected = signal.get_untracked() == id;
                    view! { <option value=id selected=selected>{name}</option> }
                }).collect_view()}
            </select>
        }
    };
    let cell = move |label: &'static str, key: &'static str, a: bool, b: bool, count: u64| {
        view! { <li><button class="paired" data-cell=key on:click=move |_| open(a, b)>{format!("{label}: {count}")}</button></li> }
    };
    view! {
        <section class="paired-comparison">
            <h3>"Two runs, instance by instance"</h3>
            <div class="toolbar">{select(first, "First run")}" vs "{select(second, "Second run")}</div>
            {move || {
                let c = counts.get();
                let p = c.mcnemar_p();
                let verdict = if c.first_only + c.second_only == 0 {
                    "The two runs resolve the same instances.".to_string()
                } else if p < 0.05 {
                    format!("McNemar's exact test: p = {p:.4}. The difference is significant at the 5% level: the runs are unlikely to be equally good on these instances.")
                } else {
                    format!("McNemar's exact test: p = {p:.4}. The difference is not significant at the 5% level: these instances do not tell the runs apart.")
                };
                view! {
                    <ul class="paired-counts">
                        {cell("Resolved by both", "both", true, true, c.both)}
                        {cell("By the first only", "first", true, false, c.first_only)}
                        {cell("By the second only", "second", false, true, c.second_only)}
                        {cell("By neither", "neither", false, false, c.neither)}
                    </ul>
                    <p class="mcnemar" data-p=format!("{p}")>{verdict}</p>
                }
            }}
        </section>
    }
    .into_any()
}
