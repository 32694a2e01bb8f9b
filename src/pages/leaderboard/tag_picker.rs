//! The leaderboard's tag filter: one button that opens the board's tags grouped by kind (model,
//! organisation, system, the rest), each with how many runs carry it, searchable; the tags chosen
//! stay beside it as chips, each removable.

use benchscope_contract::leaderboard::tags::{kind_of, TagGroup};
use leptos::prelude::*;

/// The picker over `groups`; `chosen` are the tags in force, `toggle` flips one.
#[component]
pub fn TagPicker(groups: Vec<TagGroup>, chosen: Memo<Vec<String>>, toggle: Callback<String>) -> impl IntoView {
    let find = RwSignal::new(String::new());
    let total: usize = groups.iter().map(|g| g.tags.len()).sum();
    let groups = groups
        .into_iter()
        .map(|group| {
            let count = group.tags.len();
            let tags = group
                .tags
                .into_iter()
                .map(|(tag, label, n)| {
                    let (checked_tag, toggled_tag, lower) = (tag.clone(), tag.clone(), label.to_lowercase());
                    let hidden = move || {
                        let find = find.get().to_lowercase();
                        !find.is_empty() && !lower.contains(find.trim())
                    };
                    view! {
                        <label class="tag-filter" class:hidden=hidden title=tag.clone()>
                            <input type="checkbox" prop:checked=move || chosen.with(|c| c.contains(&checked_tag))
                                on:change=move |_| toggle.run(toggled_tag.clone()) />
                            <span class="value">{label}</span>
                            <span class="n">{n}</span>
                        </label>
                    }
                })
                .collect_view();
            view! {
                <fieldset class="tag-group" data-kind=group.kind>
                    <legend>{format!("{} ({count})", group.kind)}</legend>
                    {tags}
                </fieldset>
            }
        })
        .collect_view();
    let chips = move || {
        chosen
            .get()
            .into_iter()
            .map(|tag| {
                let (kind, label) = kind_of(&tag);
                let shown = if kind == "Other" { label.to_string() } else { format!("{kind}: {label}") };
                let removed = tag.clone();
                view! {
                    <span class="tag-chip">{shown}
                        <button aria-label=format!("Remove the tag {tag}") title="Remove" on:click=move |_| toggle.run(removed.clone())>"×"</button>
                    </span>
                }
            })
            .collect_view()
    };
    view! {
        <details class="tag-picker">
            <summary>{move || match chosen.with(Vec::len) {
                0 => format!("Tags ({total})"),
                n => format!("Tags: {n} chosen"),
            }}</summary>
            <div class="tag-panel">
                <input type="search" class="tag-find" placeholder="Find a tag" aria-label="Find a tag"
                    prop:value=find on:input=move |ev| find.set(event_target_value(&ev)) />
                {groups}
            </div>
        </details>
        <span class="tag-chips">{chips}</span>
    }
}
