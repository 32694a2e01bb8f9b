//! The navigation above every page: the dataset picker, "compare with", and the view tabs.

use benchscope_contract::site::{SiteInfo, View};
use benchscope_contract::Manifest;
use leptos::prelude::*;

use crate::components::code::with_code_spans;
use crate::sets::{selected, split_count};
use crate::url_state::UrlState;

/// Chooses the dataset and split.
#[component]
pub fn DatasetPicker(manifest: Manifest) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let manifest = StoredValue::new(manifest);
    let current =
        Memo::new(move |_| url.with(|state| manifest.with_value(|m| selected(m, state).map(|(d, s)| format!("{}/{}", d.name, s.name)))));
    let options = manifest.with_value(|m| {
        m.datasets
            .iter()
            .flat_map(|d| {
                d.splits
                    .iter()
                    .map(move |s| (format!("{}/{}", d.name, s.name), split_count(m, &d.name, s)))
            })
            .collect::<Vec<_>>()
    });
    // A `dataset=` or `split=` the directory does not have is said, not silently replaced.
    let unknown = Memo::new(move |_| {
        url.with(|state| {
            manifest.with_value(|m| {
                let wanted = state
                    .dataset
                    .as_deref()
                    .filter(|d| m.dataset(d).is_none())
                    .map(|d| format!("dataset `{d}`"));
                let wanted_split = state
                    .split
                    .as_deref()
                    .filter(|s| selected(m, state).is_some_and(|(d, _)| d.split(s).is_none()))
                    .map(|s| format!("split `{s}`"));
                wanted.or(wanted_split)
            })
        })
    });
    view! {
        {move || unknown.get().map(|what| view! {
            <p class="error unknown-set" role="alert">{with_code_spans(&format!("This data directory has no {what}; showing {} instead.", current.get().unwrap_or_default()))}</p>
        })}
        <nav class="dataset-picker">
            <label>
                "Dataset "
                <select
                    aria-label="Dataset and split"
                    prop:value=move || current.get().unwrap_or_default()
                    on:change=move |ev| {
                        let value = event_target_value(&ev);
                        if let Some((dataset, split)) = value.split_once('/') {
                            let (dataset, split) = (dataset.to_string(), split.to_string());
                            url.navigate(|s| {
                                s.dataset = Some(dataset);
                                s.split = Some(split);
                                s.facets.clear();
                                s.q = None;
                                s.close_instance();
                            });
                        }
                    }
                >
                    {options
                        .iter()
                        .map(|(value, count)| {
                            let label = format!("{value} ({count})");
                            let selected = current.get_untracked().as_deref() == Some(value.as_str());
                            view! { <option value=value.clone() selected=selected>{label}</option> }
                        })
                        .collect_view()}
                </select>
            </label>
            {(options.len() > 1).then(|| view! { <CompareWith options=options.clone() current /> })}
        </nav>
    }
}

/// Loads more splits beside the selected one (the URL's `with`), each removable.
#[component]
fn CompareWith(options: Vec<(String, String)>, current: Memo<Option<String>>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let with = Memo::new(move |_| url.with(|s| s.with.clone()));
    let choices = move || {
        let (with, current) = (with.get(), current.get());
        options
            .iter()
            .filter(|(value, _)| !with.contains(value) && current.as_ref() != Some(value))
            .map(|(value, count)| view! { <option value=value.clone()>{format!("{value} ({count})")}</option> })
            .collect_view()
    };
    let chips = move || {
        with.get()
            .into_iter()
            .map(|key| {
                let removed = key.clone();
                view! {
                    <span class="loaded-set">
                        {key.clone()}
                        <button aria-label=format!("Remove {key}") title="Remove" on:click=move |_| {
                            let removed = removed.clone();
                            url.navigate(|s| {
                                s.with.retain(|k| *k != removed);
                                s.facets.retain(|f| !f.starts_with("benchmark:") && !f.starts_with("split:"));
                            });
                        }>"×"</button>
                    </span>
                }
            })
            .collect_view()
    };
    view! {
        <label>
            "Compare with "
            <select aria-label="Load another dataset beside this one" prop:value="" on:change=move |ev| {
                let value = event_target_value(&ev);
                if !value.is_empty() {
                    url.navigate(|s| s.with.push(value));
                }
            }>
                <option value="">"add a dataset…"</option>
                {choices}
            </select>
        </label>
        {chips}
    }
}

/// The views the explorer offers: a published site's, else all of them.
#[derive(Clone)]
pub struct OfferedViews(pub Vec<View>);

impl OfferedViews {
    pub fn of(site: Option<&SiteInfo>) -> Self {
        OfferedViews(site.map_or_else(|| View::ALL.to_vec(), SiteInfo::views))
    }
}

/// The list, the leaderboard and the analysis of the loaded sets: the views `site` offers (all
/// without a `site.json`), `default` the one a URL without `view=` shows.
#[component]
pub fn ViewTabs(site: Option<SiteInfo>, default: View) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let views = OfferedViews::of(site.as_ref()).0;
    let current = Memo::new(move |_| url.with(|s| s.instance.is_none().then(|| s.view.unwrap_or(default))));
    let tabs = views
        .into_iter()
        .map(|value| {
            // The default view keeps the URL bare.
            let target = (value != default).then_some(value);
            let href = move || {
                let mut state = url.get();
                state.close_instance();
                state.view = target;
                state.to_query()
            };
            view! {
                <a class="tab" href=href aria-current=move || (current.get() == Some(value)).then_some("page")
                    on:click=move |ev| {
                        ev.prevent_default();
                        url.navigate(|s| {
                            s.close_instance();
                            s.view = target;
                        });
                    }>{value.label_parts().0}{tab_rest(value)}</a>
            }
        })
        .collect_view();
    view! { <nav class="view-tabs" aria-label="Views">{tabs}</nav> }
}

/// The end of a tab's label, which a small screen leaves out so that the tabs keep one line.
fn tab_rest(view: View) -> Option<impl IntoView> {
    let rest = view.label_parts().1;
    (!rest.is_empty()).then(|| view! { <span class="tab-rest">{rest}</span> })
}
