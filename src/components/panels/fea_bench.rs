//! FEA-Bench's `new_components`: the functions, classes and methods the gold patch adds, with
//! their signatures and docstrings, file by file.

use leptos::prelude::*;
use serde::Deserialize;
use serde_json::Value;

use super::{take_if, Extra};
use crate::components::code::PythonCode;

#[derive(Deserialize)]
struct NewFile {
    file: String,
    components: Vec<Component>,
}

#[derive(Deserialize)]
struct Component {
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    signature: String,
    #[serde(default)]
    doc: String,
    #[serde(default)]
    lines: Vec<u64>,
}

fn parse(value: &Value) -> Option<Vec<NewFile>> {
    serde_json::from_value(value.clone()).ok()
}

/// The panel, when the instance has a well-formed `new_components`.
pub fn components_panel(extra: &mut Extra) -> Option<AnyView> {
    let files = parse(&take_if(extra, "new_components", |v| parse(v).is_some())?)?;
    let count: usize = files.iter().map(|f| f.components.len()).sum();
    let files = files.into_iter().map(|file| {
        let rows = file.components.into_iter().map(component_row).collect_view();
        view! {
            <h4><code>{file.file}</code></h4>
            <table class="components">
                <thead><tr><th>"Kind"</th><th>"Name"</th><th>"Lines"</th><th>"Signature and doc"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        }
    });
    Some(
        view! {
            <section class="panel new-components">
                <h3>{format!("New components ({count})")}</h3>
                {files.collect_view()}
            </section>
        }
        .into_any(),
    )
}

fn component_row(component: Component) -> impl IntoView {
    let lines = match component.lines.as_slice() {
        [start, end] => format!("{start}–{end}"),
        other => other.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
    };
    let doc = (!component.doc.trim().is_empty()).then(|| view! { <pre class="doc">{component.doc}</pre> });
    let kind = component.kind.clone();
    view! {
        <tr data-kind=kind>
            <td>{component.kind}</td>
            <td><code>{component.name}</code></td>
            <td class="num">{lines}</td>
            <td><PythonCode code=component.signature />{doc}</td>
        </tr>
    }
}
