//! The resolved ratio by a facet for the chosen runs: chart, table and downloads.

use benchscope_contract::breakdown::{paired_by_facet, to_csv, Group, PairedGroup};
use benchscope_contract::list::facet_value_label;
use benchscope_contract::outcomes::run_facet;
use benchscope_contract::site::View;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::downloads::download_png;
use super::{run_name, RunList, SplitRows};
use crate::components::chart::{to_svg, BarChart, ChartData};
use crate::components::download::download;
use crate::url_state::UrlState;

/// The chart of `groups` by `facet`, which `facet_words` names ("files changed").
pub fn chart_data(facet: &str, facet_words: &str, groups: &[Group], chosen: &[String], runs: RunList) -> ChartData {
    ChartData {
        title: format!("% resolved by {facet_words}"),
        y_label: "% resolved".into(),
        y_max: 100.0,
        y_counts: false,
        stacked: false,
        groups: groups.iter().map(|g| facet_value_label(facet, &g.value).into_owned()).collect(),
        series: chosen.iter().map(|id| run_name(runs, id)).collect(),
        colors: (0..chosen.len()).collect(),
        values: groups
            .iter()
            .map(|g| {
                g.counts
                    .iter()
                    .map(|&(resolved, total)| (total > 0).then(|| resolved as f64 * 100.0 / total as f64))
                    .collect()
            })
            .collect(),
    }
}

/// The chart, its table and the downloads; a bar or a count opens the list on its instances.
#[component]
pub fn BreakdownChart(
    data: Signal<ChartData>,
    facet: Memo<String>,
    groups: Memo<Vec<Group>>,
    chosen: Memo<Vec<String>>,
    split: StoredValue<SplitRows>,
) -> impl IntoView {
    // With exactly two runs chosen, each value's difference and its McNemar test (Holm-corrected).
    let differences = Memo::new(move |_| match chosen.get().as_slice() {
        [first, second] => split.with_value(|s| s.with(|rows, outcomes| paired_by_facet(rows, outcomes, &facet.get(), first, second))),
        _ => Vec::new(),
    });
    let url = expect_context::<UrlState>();
    let open = move |value: String, run: Option<String>| {
        let facet = facet.get_untracked();
        url.navigate(move |s| {
            s.view = Some(View::Instances);
            s.q = None;
            s.facets = vec![format!("{facet}:{value}")];
            if let Some(run) = run {
                s.facets.push(format!("{}:resolved", run_facet(&run)));
            }
        });
    };
    let on_bar = Callback::new(move |(group, series): (usize, usize)| {
        let value = groups.with_untracked(|g| g.get(group).map(|g| g.value.clone()));
        let run = chosen.with_untracked(|c| c.get(series).cloned());
        if let (Some(value), Some(run)) = (value, run) {
            open(value, Some(run));
        }
    });
    let table = move || {
        let (groups, chosen, data, differences) = (groups.get(), chosen.get(), data.get(), differences.get());
        let compared = !differences.is_empty();
        view! {
            <table class="breakdown-table by-facet">
                <thead><tr>
                    <th scope="col">{split.with_value(|s| s.facet_title(&facet.get()))}</th>
                    {data.series.iter().map(|s| view! { <th scope="col" class="num">{s.clone()}</th> }).collect_view()}
                    {compared.then(|| view! {
                        <th scope="col" class="num">"Difference"</th>
                        <th scope="col" class="num" title="McNemar's exact test on the value's instances">"p"</th>
                        <th scope="col" class="num" title="The p-value after Holm's correction across the values">"p (Holm)"</th>
                    })}
                </tr></thead>
                <tbody>
                    {groups.into_iter().map(|group| {
                        let value = group.value.clone();
                        let cells = group.counts.iter().zip(&group.attempted).zip(&chosen).zip(&data.series).map(|(((&(resolved, total), &attempted), run), name)| {
                            let (value, run, data_run) = (value.clone(), run.clone(), run.clone());
                            let percent = if total > 0 { format!("{:.1}%", resolved as f64 * 100.0 / total as f64) } else { "—".into() };
                            let partial = (attempted < total).then(|| view! { <span class="partial">{format!(" ({attempted} attempted)")}</span> });
                            view! {
                                <td class="num" data-run=data_run data-label=name.clone() data-resolved=resolved data-total=total data-attempted=attempted>
                                    <a href="#" on:click=move |ev| { ev.prevent_default(); open(value.clone(), Some(run.clone())); }>{format!("{resolved}/{total}")}</a>
                                    " "{percent}{partial}
                                </td>
                            }
                        }).collect_view();
                        let difference = differences.iter().find(|d| d.value == value).map(difference_cells);
                        let group_value = value.clone();
                        view! {
                            <tr data-value=value.clone()>
                                <th scope="row"><a href="#" on:click=move |ev| { ev.prevent_default(); open(group_value.clone(), None); }>{facet_value_label(&facet.get(), &value).into_owned()}</a></th>
                                {cells}
                                {difference}
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
            {compared.then(|| view! {
                <p class="note">"Each run counts over the value's instances; one it did not attempt is unresolved. Difference: the first run's resolved count minus the second's. p: McNemar's exact test on the instances one run resolves and the other does not; p (Holm): corrected for testing every value at once, so p (Holm) < 0.05 marks a value where the runs differ significantly."</p>
            })}
        }
    };
    let download_csv = move |_| {
        let (groups, data) = (groups.get_untracked(), data.get_untracked());
        download(
            &format!("breakdown-{}.csv", facet.get_untracked()),
            "text/csv",
            &to_csv(&facet.get_untracked(), &groups, &data.series),
        );
    };
    let download_svg = move |_| {
        download(
            &format!("breakdown-{}.svg", facet.get_untracked()),
            "image/svg+xml",
            &to_svg(&data.get_untracked()),
        )
    };
    let download_png = move |ev: web_sys::MouseEvent| {
        let image = ev
            .target()
            .and_then(|button| button.dyn_into::<web_sys::Element>().ok())
            .and_then(|button| button.closest(".chart-block").ok().flatten())
            .and_then(|block| block.query_selector("img.chart").ok().flatten())
            .and_then(|image| image.dyn_into::<web_sys::HtmlImageElement>().ok());
        if let Some(image) = image {
            download_png(&image, &format!("breakdown-{}.png", facet.get_untracked()));
        }
    };
    view! {
        <div class="chart-block">
            <BarChart data on_bar />
            <div class="downloads">
                <button on:click=download_png>"PNG"</button>
                <button on:click=download_svg>"SVG"</button>
                <button on:click=download_csv>"CSV"</button>
            </div>
            {table}
        </div>
    }
}

/// The difference column of two runs on one value: count difference, p and Holm's p.
fn difference_cells(group: &PairedGroup) -> impl IntoView {
    let c = group.paired.counts;
    let difference = c.first_only as i64 - c.second_only as i64;
    let significant = group.p_holm < 0.05;
    view! {
        <td class="num difference" data-label="Difference" data-difference=difference>{format!("{difference:+}")}</td>
        <td class="num" data-label="p" data-p=group.p>{format!("{:.3}", group.p)}</td>
        <td class="num" class:significant=significant data-label="p (Holm)" data-p-holm=group.p_holm>{format!("{:.3}", group.p_holm)}{significant.then_some(" *")}</td>
    }
}
