//! The board's two charts: % resolved over submission date with the best-so-far line, and cost
//! against % resolved with the Pareto frontier. A point opens its run's row.

use benchscope_contract::dates::days;
use benchscope_contract::leaderboard::trend::running_best;
use benchscope_contract::leaderboard::LeaderboardRow;
use benchscope_contract::sorting::set_of;
use leptos::prelude::*;

use crate::components::chart::scatter::{ScatterChart, ScatterData};
use crate::url_state::UrlState;

/// One chart of `rows` with `x` against % resolved, its running best drawn as a line; `None`
/// when fewer than two runs have both numbers.
fn chart(
    rows: &[LeaderboardRow],
    title: &str,
    x_label: &str,
    x_dates: bool,
    x: impl Fn(&LeaderboardRow) -> Option<f64>,
) -> Option<AnyView> {
    let url = expect_context::<UrlState>();
    let (mut data, ids) = ScatterData::of_runs(rows, title, x_label, x)?;
    data.line = running_best(&data.points.iter().map(|p| (p.1, p.2)).collect::<Vec<_>>());
    data.x_dates = x_dates;
    let on_point = Callback::new(move |index: usize| {
        if let Some(id) = ids.get(index).cloned() {
            url.navigate(|s| s.set_control("brow", vec![id]));
        }
    });
    Some(view! { <ScatterChart data=Signal::stored(data) on_point /> }.into_any())
}

/// The charts beside the table.
#[component]
pub fn BoardCharts(rows: Vec<LeaderboardRow>) -> impl IntoView {
    let day = |r: &LeaderboardRow| r.date.as_deref().and_then(days);
    // Runs all of one day (FeatureBench's board) make no chart over time.
    let dated_apart = set_of(rows.iter().filter_map(day)).len() >= 2;
    let over_time = dated_apart
        .then(|| {
            chart(&rows, "% resolved over time, and the best so far", "submission date", true, |r| {
                day(r).map(|d| d as f64)
            })
        })
        .flatten();
    let by_cost = chart(&rows, "Cost against % resolved, and the Pareto frontier", "cost ($)", false, |r| {
        r.cost
    });
    let note = match (over_time.is_some(), by_cost.is_some()) {
        (true, true) => "The line steps through the runs that were the best when they came (left) and the runs that nothing cheaper beats (right); a point opens its run.",
        (true, false) => "The line steps through the runs that were the best when they came; a point opens its run.",
        (false, true) => "The line steps through the runs that nothing cheaper beats; a point opens its run.",
        (false, false) => return None,
    };
    Some(view! {
        <section class="board-charts">
            {over_time}
            {by_cost}
            <p class="note">{note}</p>
        </section>
    })
}
