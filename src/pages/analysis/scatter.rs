//! Every run of the split as a point: % passed against % resolved, and tokens against %
//! resolved (leaderboard-only runs included, with their published numbers), the runs the page
//! draws in their colours and named, the others muted behind them. A point opens the instances
//! its run resolved, when the run has per-instance results.

use benchscope_contract::leaderboard::LeaderboardRow;
use benchscope_contract::outcomes::run_facet;
use leptos::prelude::*;

use super::open_list;
use crate::chart_legend::DISTINCT;
use crate::components::chart::scatter::{ScatterChart, ScatterData};
use crate::sets::LoadedSet;
use crate::url_state::UrlState;

/// The two scatter plots, each shown when at least two runs have both numbers.
#[component]
pub fn RunScatter(
    set: LoadedSet,
    /// The runs the page's breakdowns draw, whose colours these points keep.
    #[prop(optional)]
    chosen: Option<Memo<Vec<String>>>,
) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let rows = set.leaderboard();
    let judged: Vec<String> = set.results.runs.iter().filter(|r| r.verdicts).map(|r| r.id.clone()).collect();
    let plot = |title: &str, x_label: &str, x: fn(&LeaderboardRow) -> Option<f64>| {
        let (data, ids) = ScatterData::of_runs(&rows, title, x_label, x)?;
        let data = match chosen {
            None => Signal::stored(data),
            Some(chosen) => {
                let ids = ids.clone();
                Signal::derive(move || ScatterData {
                    colors: chosen.with(|chosen| match chosen.is_empty() {
                        true => Vec::new(),
                        false => ids.iter().map(|id| place_of(id, chosen)).collect(),
                    }),
                    ..data.clone()
                })
            }
        };
        let judged = judged.clone();
        let on_point = Callback::new(move |index: usize| {
            if let Some(id) = ids.get(index).filter(|id| judged.contains(id)) {
                open_list(url, vec![format!("{}:resolved", run_facet(id))]);
            }
        });
        Some(view! { <ScatterChart data on_point /> })
    };
    let passed = plot("% passed against % resolved", "% passed", |r| r.passed_percent);
    let tokens = plot("Tokens against % resolved", "tokens (in + out)", |r| {
        match (r.tokens_in, r.tokens_out) {
            (None, None) => None,
            (a, b) => Some((a.unwrap_or(0) + b.unwrap_or(0)) as f64),
        }
    });
    if passed.is_none() && tokens.is_none() {
        return ().into_any();
    }
    view! {
        <section class="scatter-section">
            <h3>"Runs against each other"</h3>
            {passed}
            {tokens}
        </section>
    }
    .into_any()
}

/// Run `id`'s place in the palette: its place among the `chosen` runs, as the bar charts colour
/// them; all in the first colour where they are more than the palette tells apart (the bar
/// charts draw tiles then); `None` when it is not chosen.
fn place_of(id: &str, chosen: &[String]) -> Option<usize> {
    let place = chosen.iter().position(|c| c == id)?;
    Some(if chosen.len() > DISTINCT { 0 } else { place })
}
