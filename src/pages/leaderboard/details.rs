//! A leaderboard row opened: the run's tags, its standing against the run above, its counts, the
//! notes of its import (a headline its results do not reproduce, ...), fetched with its run file
//! when the row opens, and the list of its instances a click away.

use benchscope_contract::leaderboard::standing::Standing;
use benchscope_contract::leaderboard::{LeaderboardRow, SCORED_OVER};
use benchscope_contract::outcomes::{run_facet, RESOLVED};
use benchscope_contract::site::View;
use benchscope_contract::RunEntry;
use leptos::prelude::*;

use crate::api::RunCache;
use crate::components::code::with_code_and_links;
use crate::components::error_box::ErrorBox;
use crate::loaded::Loaded;
use crate::url_state::UrlState;

/// The details of `row` (whose manifest entry is `entry`), spanning `width` columns.
#[component]
pub fn RunDetails(row: LeaderboardRow, entry: Option<RunEntry>, base: String, standing: Option<Standing>, width: usize) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let cache = expect_context::<RunCache>();
    let tags = row
        .tags
        .iter()
        .map(|t| view! { <span class="tag-chip">{t.clone()}</span> })
        .collect_view();
    let named = |what: &str, value: &Option<String>| Some(format!("{what} {}", value.as_ref()?));
    let attempts = row.attempts.as_ref().map(|n| {
        let noun = if n == "1" { "attempt" } else { "attempts" };
        format!("{n} {noun} at each task")
    });
    let who: Vec<String> = [
        named("model", &row.model),
        named("scaffold", &row.scaffold),
        attempts,
        named("organisation", &row.org),
        named("date", &row.date),
    ]
    .into_iter()
    .flatten()
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
    let judged = entry.as_ref().is_some_and(|e| e.instances > 0 && e.resolved.is_some());
    let counts = entry.as_ref().filter(|e| e.instances > 0).map(|e| {
        let resolved = e.resolved.map_or_else(|| "no verdicts".to_string(), |n| format!("{n} resolved"));
        format!("{} per-instance results, {resolved}.", e.instances)
    });
    // A board whose set grew between submissions (SWE-bench-Live's) says what each run was scored over.
    let stated_total = entry
        .as_ref()
        .and_then(|e| e.headline.get(SCORED_OVER))
        .map(|n| format!("Scored over {n} instances, as its source states."));
    // The notes and source are in the run file, fetched once the row opens.
    let run = Loaded::new(move || {
        let (cache, base, entry) = (cache.clone(), base.clone(), entry.clone());
        async move {
            match entry {
                Some(entry) => cache.run(&base, &entry).await.map(Some),
                None => Ok(None),
            }
        }
    });
    let from_file = move || match run.get() {
        None => view! { <p class="loading">"Loading the run's notes…"</p> }.into_any(),
        Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
        Some(Ok(None)) => ().into_any(),
        Some(Ok(Some(run))) => {
            let source = Some(run.source.clone()).filter(|s| !s.is_empty());
            let notes =
                (!run.notes.is_empty()).then(|| run.notes.iter().map(|n| view! { <li>{with_code_and_links(n)}</li> }).collect_view());
            view! {
                {source.map(|s| view! { <p class="source">"From "<code>{s}</code></p> })}
                {notes.map(|n| view! { <ul class="notes">{n}</ul> })}
            }
            .into_any()
        }
    };
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
                <p><code>{row.id.clone()}</code></p>
                {standing.map(|s| view! { <p>{s}</p> })}
                {stated_total.map(|t| view! { <p class="scored-over">{t}</p> })}
                {counts.map(|c| view! { <p>{c}" "{list_link}</p> })}
                {from_file}
            </td>
        </tr>
    }
}
