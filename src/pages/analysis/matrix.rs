//! The resolved-instances matrix across all runs with verdicts, instances sorted by how many
//! runs solve them, then by how many attempted them, with "solved by no run" and "solved by every run" one click away.

use std::cmp::Reverse;

use benchscope_contract::outcomes::{resolved_by, RESOLVED_BY};
use benchscope_contract::site::View;
use benchscope_contract::sorting::sort_by;
use benchscope_contract::wording::plural;
use leptos::prelude::*;

use super::{open_list, RunList, SplitRows};
use crate::components::chart::matrix::{MatrixData, ResolvedMatrix};
use crate::url_state::UrlState;

/// Rows drawn at most: a canvas cannot be taller than about 32,000 pixels.
const MAX_ROWS: usize = 5_000;

/// The matrix's rows, most solved first; of instances as often solved, those more runs attempted
/// first, so a run's failures sit under its successes rather than among instances no run tried.
fn matrix(split: &SplitRows, runs: &[(String, String, usize)]) -> MatrixData {
    split.with(|rows, outcomes| {
        let columns: Vec<Option<usize>> = runs.iter().map(|(id, _, _)| outcomes.matrix.run(id).map(|(at, _)| at)).collect();
        let cell = |row: usize, run: Option<usize>| {
            let outcome = run.map(|run| outcomes.outcome(run, row))?;
            outcome.attempted().then(|| outcome.resolved())
        };
        let attempts: Vec<usize> = (0..rows.len())
            .map(|row| columns.iter().filter(|run| cell(row, **run).is_some()).count())
            .collect();
        let mut order: Vec<usize> = (0..rows.len()).collect();
        let key = |i: &usize| (Reverse(resolved_by(&rows[*i])), Reverse(attempts[*i]), &rows[*i].id);
        sort_by(&mut order, |a, b| key(a).cmp(&key(b)));
        order.truncate(MAX_ROWS);
        MatrixData {
            rows: order.iter().map(|i| rows[*i].id.clone()).collect(),
            columns: runs.iter().map(|(_, name, _)| name.clone()).collect(),
            cells: order
                .iter()
                .map(|&row| columns.iter().map(|run| cell(row, *run)).collect())
                .collect(),
        }
    })
}

/// The matrix and its two filters.
#[component]
pub fn MatrixSection(runs: RunList, split: StoredValue<SplitRows>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let data = split.with_value(|split| runs.with_value(|runs| matrix(split, runs)));
    let total = runs.with_value(Vec::len);
    let count = |n: usize| split.with_value(|s| s.rows.iter().filter(|r| resolved_by(r) == Some(n as u32)).count());
    let (none, every) = (count(0), count(total));
    let ids = data.rows.clone();
    let on_cell = Callback::new(move |row: usize| {
        if let Some(id) = ids.get(row).cloned() {
            url.navigate(move |s| {
                s.view = Some(View::Instances);
                s.open(id, None);
            });
        }
    });
    view! {
        <section class="matrix-section">
            <h3>{format!("Resolved instances: {} × {}, most solved first, then most attempted", plural(data.rows.len(), "instance"), plural(total, "run"))}</h3>
            {(split.with_value(|s| s.rows.len()) > MAX_ROWS).then(|| view! { <p class="note">{format!("The {MAX_ROWS} most solved instances are drawn.")}</p> })}
            <div class="toolbar">
                <button class="paired" data-filter="none" on:click=move |_| open_list(url, vec![format!("{RESOLVED_BY}:0 of {total}")])>
                    {format!("Solved by no run: {none}")}
                </button>
                <button class="paired" data-filter="every" on:click=move |_| open_list(url, vec![format!("{RESOLVED_BY}:{total} of {total}")])>
                    {format!("Solved by every run: {every}")}
                </button>
            </div>
            <ResolvedMatrix data=Signal::stored(data) on_cell />
        </section>
    }
}
