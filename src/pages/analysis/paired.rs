//! Two runs on the same instances, and McNemar's exact test.

use benchscope_contract::breakdown::{paired, Paired};
use benchscope_contract::outcomes::{run_facet, NOT_RUN};
use benchscope_contract::query::Filter;
use benchscope_contract::results::RESOLVED;
use benchscope_contract::site::View;
use benchscope_contract::sorting::set_of;
use leptos::prelude::*;

use super::{RunList, SplitRows};
use crate::url_state::UrlState;

/// Two runs over every instance of the split, or of the list's current facet selection: the four
/// counts, each opening its instances, each run's attempted count, and McNemar's exact test.
#[component]
pub fn PairedComparison(runs: RunList, split: StoredValue<SplitRows>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let ids: Vec<String> = runs.with_value(|r| r.iter().map(|(id, _, _)| id.clone()).collect());
    if ids.len() < 2 {
        return ().into_any();
    }
    // The two runs live in the URL (`apair=<first>&apair=<second>`), so a comparison is a permalink.
    let known = StoredValue::new(ids.clone());
    let pair = Memo::new(move |_| {
        url.with(|s| {
            let given = s.control_values("apair");
            let pick = |i: usize| {
                given
                    .get(i)
                    .filter(|id| known.with_value(|k| k.contains(id)))
                    .cloned()
                    .unwrap_or_else(|| known.with_value(|k| k[i].clone()))
            };
            (pick(0), pick(1))
        })
    });
    let first = Memo::new(move |_| pair.get().0);
    let second = Memo::new(move |_| pair.get().1);
    let selection = Memo::new(move |_| url.with(|s| s.facets.clone()));
    let counts = Memo::new(move |_| {
        let filter = Filter::from_pairs(selection.get().iter().map(String::as_str));
        split.with_value(|s| {
            s.with(|rows, outcomes| {
                let selected = (0..rows.len()).filter(|&i| filter.matches(&rows[i]));
                paired(outcomes, selected, &first.get(), &second.get())
            })
        })
    });
    // The outcome values meaning "not resolved" for a run: every value it has but these two.
    let unresolved_values = move |run: &str| -> Vec<String> {
        split.with_value(|s| {
            s.with(|rows, outcomes| {
                let Some((at, _)) = outcomes.matrix.run(run) else {
                    return Vec::new();
                };
                let labels = (0..rows.len())
                    .filter_map(|row| outcomes.label(at, row))
                    .filter(|v| *v != RESOLVED && *v != NOT_RUN)
                    .map(str::to_string);
                set_of(labels).into_iter().collect()
            })
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
        let mut pairs: Vec<String> = selection.get_untracked();
        pairs.extend(values(&a, a_resolved).into_iter().map(|v| format!("{}:{v}", run_facet(&a))));
        pairs.extend(values(&b, b_resolved).into_iter().map(|v| format!("{}:{v}", run_facet(&b))));
        url.navigate(move |s| {
            s.view = Some(View::Instances);
            s.q = None;
            s.facets = pairs;
        });
    };
    let select = move |signal: Memo<String>, label: &'static str, which: usize| {
        view! {
            <select aria-label=label on:change=move |ev| {
                let chosen = event_target_value(&ev);
                let (mut a, mut b) = pair.get_untracked();
                if which == 0 { a = chosen } else { b = chosen }
                url.navigate(|s| s.set_control("apair", vec![a, b]));
            }>
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
            <div class="toolbar">{select(first, "First run", 0)}" vs "{select(second, "Second run", 1)}</div>
            {move || {
                let compared = counts.get();
                let c = compared.counts;
                let p = c.mcnemar_p();
                let verdict = if c.first_only + c.second_only == 0 {
                    "No instance is resolved by one run and not the other: these instances do not tell the runs apart.".to_string()
                } else if p < 0.05 {
                    format!("McNemar's exact test: p = {p:.4}. The difference is significant at the 5% level: the runs are unlikely to be equally good on these instances.")
                } else {
                    format!("McNemar's exact test: p = {p:.4}. The difference is not significant at the 5% level: these instances do not tell the runs apart.")
                };
                view! {
                    <p class="paired-scope">{scope(&compared, selection.get().is_empty())}</p>
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

/// What the comparison covers: the instances, and what each run attempted of them.
fn scope(compared: &Paired, whole_split: bool) -> String {
    let over = if whole_split {
        "every instance of the split"
    } else {
        "the instances of the list's current selection"
    };
    format!(
        "Over {over} ({}); the first run attempted {}, the second {}. An instance a run did not attempt counts as unresolved.",
        compared.instances, compared.first_attempted, compared.second_attempted
    )
}
