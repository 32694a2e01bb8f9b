//! A leaderboard row opened: the run's tags, its standing against the run above, its counts, the
//! notes of its import (a headline its results do not reproduce, ...), and the list of its
//! instances a click away.

use std::sync::Arc;

use benchscope_contract::leaderboard::standing::Standing;
use benchscope_contract::leaderboard::LeaderboardRow;
use benchscope_contract::outcomes::{run_facet, RESOLVED};
use benchscope_contract::site::View;
use benchscope_contract::Run;
use leptos::prelude::*;

use crate::url_state::UrlState;

/// The details of `row` (its run file `run` when loaded), spanning `width` columns.
#[component]
pub fn RunDetails(row: LeaderboardRow, run: Option<Arc<Run>>, standing: Option<Standing>, width: usize) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let tags = row
        .tags
        .iter()
        .map(|t| view! { <span class="tag-chip">{t.clone()}</span> })
        .collect_view();
    let who: Vec<String> = [
        ("model", &row.model),
        ("scaffold", &row.scaffold),
        ("organisation", &row.org),
        ("date", &row.date),
    ]
    .into_iter()
    .filter_map(|(what, value)| Some(format!("{what} {}", value.as_ref()?)))
    .collect();
    let standing = standing.map(|s| {
        let above = match s.p_above {
            Some(p) => format!("; against the run above, p = {p:.3} (McNemar, Holm-corrected)"),
            None => String::new(),
        };
        format!(
            "Group {}, rank {} (95% bootstrap interval {}–{}){above}.",
            s.group, s.rank, s.rank_interval.0, s.rank_interval.1
        )
    });
    let judged = run.as_ref().is_some_and(|r| r.resolved_count().is_some());
    let counts = run.as_ref().map(|r| {
        let resolved = r
            .resolved_count()
            .map_or_else(|| "no verdicts".to_string(), |n| format!("{n} resolved"));
        format!("{} per-instance results, {resolved}.", r.results.len())
    });
    let notes = run
        .as_ref()
        .map(|r| r.notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view());
    let source = run.as_ref().map(|r| r.source.clone()).filter(|s| !s.is_empty());
    let facet = format!("{}:{RESOLVED}", run_facet(&row.id));
    let list_link = judged.then(|| {
        view! {
            <a class="run-instances" href="#" on:click=move |ev| {
                ev.prevent_default();
                let facet = facet.clone();
                url.navigate(|s| {
                    s.view = Some(View::Instances);
                    s.facets = vec![facet];
                });
            }>"List the instances it resolves"</a>
        }
    });
    view! {
        <tr class="run-details">
            <td colspan=width>
                <p class="tag-chips">{tags}</p>
                <p class="who">{row.name.clone()}{(!who.is_empty()).then(|| format!(": {}", who.join(", ")))}</p>
                <p><code>{row.id.clone()}</code>{source.map(|s| view! { " · from " <code>{s}</code> })}</p>
                {standing.map(|s| view! { <p>{s}</p> })}
                {counts.map(|c| view! { <p>{c}" "{list_link}</p> })}
                {notes.map(|n| view! { <ul class="notes">{n}</ul> })}
            </td>
        </tr>
    }
}
