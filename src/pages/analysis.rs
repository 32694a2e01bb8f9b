//! Breakdowns and comparison of the selected split's runs: the resolved ratio by a facet for
//! several runs side by side, as a plotters chart and a table, each exportable (PNG, SVG, CSV),
//! where clicking a bar lists exactly the instances it counts; and two runs paired instance by
//! instance, with McNemar's exact test.

use std::collections::BTreeSet;

use benchscope_contract::breakdown::{breakdown, paired, Group};
use benchscope_contract::outcomes::{run_facet, RUN_FACET_PREFIX};
use benchscope_contract::query::BUILT_IN_FACETS;
use benchscope_contract::IndexRow;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::components::chart::{to_svg, BarChart, ChartData};
use crate::sets::LoadedSet;
use crate::url_state::UrlState;

/// Runs drawn side by side by default.
const DEFAULT_RUNS: usize = 4;

/// The analysis of the first loaded set.
#[component]
pub fn AnalysisPage(rows: Vec<IndexRow>, sets: Vec<LoadedSet>) -> impl IntoView {
    let Some(set) = sets.first().cloned() else { return ().into_any() };
    let end = sets.get(1).map_or(rows.len(), |next| next.start);
    let rows: Vec<IndexRow> = rows[set.start..end].to_vec();
    // Runs with verdicts, best first.
    let mut runs: Vec<(String, String, usize)> = set
        .run_files
        .iter()
        .filter_map(|run| Some((run.id.clone(), run.system.name.clone(), run.resolved_count()?)))
        .filter(|(id, _, _)| rows.first().is_some_and(|r| r.facets.contains_key(&run_facet(id))))
        .collect();
    runs.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    if runs.is_empty() {
        return view! { <p class="empty">"No run with per-instance verdicts is loaded for this split. Import or evaluate one with the CLI."</p> }.into_any();
    }
    let facets = facet_choices(&rows);
    let rows = StoredValue::new(rows);
    let runs = StoredValue::new(runs);
    let chosen = RwSignal::new(runs.with_value(|r| r.iter().take(DEFAULT_RUNS).map(|(id, _, _)| id.clone()).collect::<Vec<_>>()));
    let facet = RwSignal::new("category".to_string());
    let groups = Memo::new(move |_| rows.with_value(|rows| breakdown(rows, &facet.get(), &chosen.get())));
    let data = Signal::derive(move || chart_data(&facet.get(), &groups.get(), &chosen.get(), runs));
    view! {
        <section class="analysis">
            <h2>{format!("{} / {}: resolved ratio by facet", set.dataset, set.split.name)}</h2>
            <div class="toolbar">
                <label>"Break down by "
                    <select aria-label="Facet to break down by" on:change=move |ev| facet.set(event_target_value(&ev))>
                        {facets.into_iter().map(|f| view! { <option value=f.clone() selected=f == "category">{f.clone()}</option> }).collect_view()}
                    </select>
                </label>
                <RunPicker runs chosen />
            </div>
            <BreakdownChart data facet groups chosen />
            <PairedComparison runs rows />
        </section>
    }
    .into_any()
}

/// Facets worth a breakdown: the built-in ones and the dataset's own, not the runs'.
fn facet_choices(rows: &[IndexRow]) -> Vec<String> {
    let own: BTreeSet<&String> = rows
        .iter()
        .flat_map(|r| r.facets.keys())
        .filter(|f| !f.starts_with(RUN_FACET_PREFIX) && f.as_str() != benchscope_contract::outcomes::RESOLVED_BY)
        .collect();
    BUILT_IN_FACETS
        .iter()
        .map(|f| f.to_string())
        .chain(own.into_iter().cloned())
        .collect()
}

fn run_name(runs: StoredValue<Vec<(String, String, usize)>>, id: &str) -> String {
    runs.with_value(|runs| {
        runs.iter()
            .find(|(i, _, _)| i == id)
            .map(|(_, name, _)| name.clone())
            .unwrap_or_else(|| id.to_string())
    })
}

fn chart_data(facet: &str, groups: &[Group], chosen: &[String], runs: StoredValue<Vec<(String, String, usize)>>) -> ChartData {
    ChartData {
        title: format!("% resolved by {facet}"),
        groups: groups.iter().map(|g| g.value.clone()).collect(),
        series: chosen.iter().map(|id| run_name(runs, id)).collect(),
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

#[component]
fn RunPicker(runs: StoredValue<Vec<(String, String, usize)>>, chosen: RwSignal<Vec<String>>) -> impl IntoView {
    view! {
        <fieldset class="run-picker">
            <legend>"Runs"</legend>
            {runs.get_value().into_iter().map(|(id, name, resolved)| {
                let checked_id = id.clone();
                let toggled = id.clone();
                view! {
                    <label>
                        <input type="checkbox" prop:checked=move || chosen.with(|c| c.contains(&checked_id))
                            on:change=move |_| chosen.update(|c| match c.iter().position(|i| *i == toggled) {
                                Some(at) => { c.remove(at); }
                                None => c.push(toggled.clone()),
                            }) />
                        {format!("{name} ({resolved})")}
                    </label>
                }
            }).collect_view()}
        </fieldset>
    }
}

/// The chart, its table and the downloads; a bar or a count opens the list on its instances.
#[component]
fn BreakdownChart(
    data: Signal<ChartData>,
    facet: RwSignal<String>,
    groups: Memo<Vec<Group>>,
    chosen: RwSignal<Vec<String>>,
) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let open = move |value: String, run: Option<String>| {
        let facet = facet.get_untracked();
        url.navigate(move |s| {
            s.view = None;
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
        let (groups, chosen, data) = (groups.get(), chosen.get(), data.get());
        view! {
            <table class="breakdown-table">
                <thead><tr><th scope="col">{facet.get()}</th>{data.series.iter().map(|s| view! { <th scope="col" class="num">{s.clone()}</th> }).collect_view()}</tr></thead>
                <tbody>
                    {groups.into_iter().map(|group| {
                        let value = group.value.clone();
                        let cells = group.counts.iter().zip(&chosen).map(|(&(resolved, total), run)| {
                            let (value, run, data_run) = (value.clone(), run.clone(), run.clone());
                            let percent = if total > 0 { format!("{:.1}%", resolved as f64 * 100.0 / total as f64) } else { "—".into() };
                            view! {
                                <td class="num" data-run=data_run data-resolved=resolved data-total=total>
                                    <a href="#" on:click=move |ev| { ev.prevent_default(); open(value.clone(), Some(run.clone())); }>{format!("{resolved}/{total}")}</a>
                                    " "{percent}
                                </td>
                            }
                        }).collect_view();
                        let group_value = value.clone();
                        view! {
                            <tr data-value=value.clone()>
                                <th scope="row"><a href="#" on:click=move |ev| { ev.prevent_default(); open(group_value.clone(), None); }>{value.clone()}</a></th>
                                {cells}
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
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
    let download_png = move |_| {
        let canvas = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector("canvas.chart").ok().flatten())
            .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok());
        if let Some(url) = canvas.and_then(|c| c.to_data_url().ok()) {
            click_link(&url, &format!("breakdown-{}.png", facet.get_untracked()));
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

/// `facet,run,resolved,evaluated,percent` lines.
fn to_csv(facet: &str, groups: &[Group], series: &[String]) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut csv = format!("{},run,resolved,evaluated,percent\n", quote(facet));
    for group in groups {
        for ((resolved, total), name) in group.counts.iter().zip(series) {
            let percent = if *total > 0 {
                format!("{:.2}", *resolved as f64 * 100.0 / *total as f64)
            } else {
                String::new()
            };
            csv.push_str(&format!("{},{},{resolved},{total},{percent}\n", quote(&group.value), quote(name)));
        }
    }
    csv
}

fn download(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    if let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) {
        click_link(&url, name);
        let _ = web_sys::Url::revoke_object_url(&url);
    }
}

fn click_link(href: &str, name: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(link) = document
        .create_element("a")
        .map(|a| a.unchecked_into::<web_sys::HtmlAnchorElement>())
    {
        link.set_href(href);
        link.set_download(name);
        link.click();
    }
}

/// Two runs on the same instances: the four counts, each opening its instances, and McNemar's
/// exact test.
#[component]
fn PairedComparison(runs: StoredValue<Vec<(String, String, usize)>>, rows: StoredValue<Vec<IndexRow>>) -> impl IntoView {
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
            s.view = None;
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
