//! SWE-Dev: each masked file beside its ground truth, and the call tree from the tests down to
//! the functions they reach.

use std::collections::BTreeMap;

use benchscope_contract::sorting::{map_of, set_of};
use leptos::prelude::*;
use serde_json::{Map, Value};

use super::{take_if, Extra};
use crate::components::code::PythonCode;

fn is_text_map(value: &Value) -> bool {
    value.as_object().is_some_and(|m| m.values().all(Value::is_string))
}

fn text_map(value: Value) -> BTreeMap<String, String> {
    match value {
        Value::Object(map) => map_of(map.into_iter().filter_map(|(k, v)| Some((k, v.as_str()?.to_string())))),
        _ => BTreeMap::new(),
    }
}

/// Masked files (`file_code`) and their ground truth (`GT_file_code`), one switchable card per path.
pub fn files_panel(extra: &mut Extra) -> Option<AnyView> {
    if !(extra.get("file_code").is_some_and(is_text_map) && extra.get("GT_file_code").is_some_and(is_text_map)) {
        return None;
    }
    let masked = text_map(take_if(extra, "file_code", is_text_map)?);
    let truth = text_map(take_if(extra, "GT_file_code", is_text_map)?);
    let paths: Vec<String> = set_of(masked.keys().chain(truth.keys()).cloned()).into_iter().collect();
    let cards = paths
        .into_iter()
        .map(|path| {
            let (masked, truth) = (masked.get(&path).cloned(), truth.get(&path).cloned());
            view! { <SourcePair path masked truth /> }
        })
        .collect_view();
    Some(
        view! {
            <section class="panel swe-dev-files">
                <h3>"Masked files and ground truth"</h3>
                {cards}
            </section>
        }
        .into_any(),
    )
}

#[component]
fn SourcePair(path: String, masked: Option<String>, truth: Option<String>) -> impl IntoView {
    let show_truth = RwSignal::new(false);
    let (masked, truth) = (StoredValue::new(masked), StoredValue::new(truth));
    let data_path = path.clone();
    view! {
        <details class="source-pair" data-path=data_path>
            <summary><code>{path}</code></summary>
            <span class="diff-layout" role="group" aria-label="Version">
                <button aria-pressed=move || (!show_truth.get()).to_string() on:click=move |_| show_truth.set(false)>"Masked"</button>
                <button aria-pressed=move || show_truth.get().to_string() on:click=move |_| show_truth.set(true)>"Ground truth"</button>
            </span>
            {move || {
                let code = if show_truth.get() { truth.get_value() } else { masked.get_value() };
                match code {
                    Some(code) => view! { <PythonCode code /> }.into_any(),
                    None => view! { <p class="empty">"Not in this version."</p> }.into_any(),
                }
            }}
        </details>
    }
}

/// The nested `call_tree`: test → function → callee, each node `path:Class:function`.
pub fn call_tree_panel(extra: &mut Extra) -> Option<AnyView> {
    let tree = take_if(extra, "call_tree", |v| v.as_object().is_some_and(|m| !m.is_empty()))?;
    let tree = tree.as_object()?.clone();
    Some(
        view! {
            <section class="panel call-tree">
                <h3>"Call tree"</h3>
                <ul class="tree">{nodes(&tree, 0)}</ul>
            </section>
        }
        .into_any(),
    )
}

/// Deeper levels than this are shown as raw JSON text, so a hostile tree cannot blow the stack.
const MAX_DEPTH: usize = 32;

fn nodes(map: &Map<String, Value>, depth: usize) -> Vec<AnyView> {
    map.iter()
        .map(|(name, children)| {
            let (file, symbol) = name.split_once(':').unwrap_or(("", name.as_str()));
            let label = view! { <code class="symbol">{symbol.to_string()}</code>" "<span class="file">{file.to_string()}</span> };
            let children = match children {
                Value::Object(inner) if !inner.is_empty() && depth < MAX_DEPTH => {
                    Some(view! { <ul>{nodes(inner, depth + 1)}</ul> }.into_any())
                }
                Value::Object(inner) if inner.is_empty() => None,
                other => Some(view! { <pre>{other.to_string()}</pre> }.into_any()),
            };
            view! { <li>{label}{children}</li> }.into_any()
        })
        .collect()
}
