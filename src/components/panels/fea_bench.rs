//! FEA-Bench's `new_components`: the functions, classes and methods the gold patch adds, with
//! their signatures and docstrings, file by file.

use benchscope_contract::extras::{new_components, NewComponent, NEW_COMPONENTS_FIELD};
use leptos::prelude::*;

use super::Extra;
use crate::components::code::PythonCode;

/// The panel, when the instance has a well-formed `new_components`.
pub fn components_panel(extra: &mut Extra) -> Option<AnyView> {
    let files = new_components(extra).ok()??;
    extra.remove(NEW_COMPONENTS_FIELD);
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

fn component_row(component: NewComponent) -> impl IntoView {
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
