//! The instance list: a repository filter with counts and one row per instance.

use benchscope_contract::query::{count_by, Filter};
use benchscope_contract::IndexRow;
use leptos::prelude::*;

use crate::url_state::UrlState;

/// Lists `rows`, filtered by the repository the URL names.
#[component]
pub fn ListPage(rows: Vec<IndexRow>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let rows = StoredValue::new(rows);
    let repo_counts = rows.with_value(|rows| count_by(rows, |r| &r.repo));
    let filter = Memo::new(move |_| Filter {
        repo: url.with(|s| s.repo.clone()),
    });
    let visible = Memo::new(move |_| {
        let filter = filter.get();
        rows.with_value(|rows| filter.apply(rows).into_iter().cloned().collect::<Vec<_>>())
    });
    let total = rows.with_value(Vec::len);
    view! {
        <section class="list-page">
            <div class="filters">
                <label>
                    "Repository "
                    <select
                        aria-label="Repository filter"
                        prop:value=move || filter.get().repo.unwrap_or_default()
                        on:change=move |ev| {
                            let value = event_target_value(&ev);
                            url.navigate(|s| s.repo = (!value.is_empty()).then_some(value));
                        }
                    >
                        <option value="">{format!("All repositories ({total})")}</option>
                        {repo_counts
                            .into_iter()
                            .map(|c| {
                                let label = format!("{} ({})", c.value, c.count);
                                let selected = filter.get_untracked().repo.as_deref() == Some(c.value.as_str());
                                view! { <option value=c.value selected=selected>{label}</option> }
                            })
                            .collect_view()}
                    </select>
                </label>
                <span class="count" aria-live="polite">{move || format!("{} of {total} instances", visible.with(Vec::len))}</span>
            </div>
            <table class="instances">
                <thead>
                    <tr>
                        <th scope="col">"Instance"</th>
                        <th scope="col">"Repository"</th>
                        <th scope="col">"Title"</th>
                        <th scope="col" class="num">"Files"</th>
                        <th scope="col" class="num">"+/−"</th>
                    </tr>
                </thead>
                <tbody>
                    <For each=move || visible.get() key=|row| row.id.clone() children=move |row| view! { <Row row /> } />
                </tbody>
            </table>
        </section>
    }
}

#[component]
fn Row(row: IndexRow) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let id = row.id.clone();
    let link_id = row.id.clone();
    let href = move || {
        let mut state = url.get();
        state.instance = Some(link_id.clone());
        state.to_query()
    };
    view! {
        <tr class="instance-row" data-id=row.id.clone()>
            <td>
                <a href=href on:click=move |ev| {
                    ev.prevent_default();
                    let id = id.clone();
                    url.navigate(|s| s.instance = Some(id));
                }>{row.id.clone()}</a>
            </td>
            <td>{row.repo}</td>
            <td class="title">{row.title}</td>
            <td class="num">{row.stats.files_changed}</td>
            <td class="num">
                <span class="plus">{format!("+{}", row.stats.lines_added)}</span>
                " "
                <span class="minus">{format!("−{}", row.stats.lines_removed)}</span>
            </td>
        </tr>
    }
}
