//! Long Code Arena's bug localization: the files the fix changed, which a model must name, as a
//! list whose entries open their diff, beside the size of the repository they are found in.

use benchscope_contract::instance::{string_list, REPOSITORY_FILES_FIELD};
use leptos::prelude::*;
use serde_json::Value;
use wasm_bindgen::JsCast;

use super::{take_if, Extra};

/// The panel, when the instance is an issue with the files its fix changed.
pub fn files_panel(extra: &mut Extra) -> Option<AnyView> {
    if !extra.contains_key("issue_url") {
        return None;
    }
    let files = string_list(&take_if(extra, "changed_files", |v| string_list(v).is_some())?)?;
    let repository = extra.get(REPOSITORY_FILES_FIELD).and_then(Value::as_u64);
    let heading = match repository {
        Some(total) => format!("Files to find: {} of the repository's {total} (tests left out)", files.len()),
        None => format!("Files to find: {}", files.len()),
    };
    let items = files
        .into_iter()
        .map(|path| {
            let (target, label) = (path.clone(), path.clone());
            view! {
                <li><button class="file-link changed-file" data-path=path on:click=move |_| open_gold_diff(&target)>
                    <code>{label}</code>
                </button></li>
            }
        })
        .collect_view();
    Some(
        view! {
            <section class="panel localization">
                <h3>{heading}</h3>
                <ul class="changed-files">{items}</ul>
            </section>
        }
        .into_any(),
    )
}

/// Opens the gold patch's card for `path` and scrolls to it (paths are compared, never put in a
/// selector).
fn open_gold_diff(path: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(cards) = document.query_selector_all(r#"section.patch[data-role="gold"] details.diff-file"#) else {
        return;
    };
    for i in 0..cards.length() {
        let Some(card) = cards.item(i).and_then(|node| node.dyn_into::<web_sys::Element>().ok()) else {
            continue;
        };
        if card.get_attribute("data-path").as_deref() == Some(path) {
            let _ = card.set_attribute("open", "");
            card.scroll_into_view();
            return;
        }
    }
}
