//! Long Code Arena's library-based code generation: the reference program with the library's
//! APIs (`unique_apis`) marked where it calls them.

use benchscope_contract::extras::reference_program;
use leptos::prelude::*;
use serde_json::Value;

use super::{take_if, Extra, PanelContext};
use crate::components::code::PythonCode;

/// The panel, when the instance lists its APIs and has a reference program.
pub fn reference_panel(extra: &mut Extra, context: &PanelContext) -> Option<AnyView> {
    let reference = reference_program(context.documents)
        .or_else(|| extra.get("clean_reference").and_then(Value::as_str))?
        .to_string();
    let apis: Vec<String> = take_if(extra, "unique_apis", |v| {
        v.as_array().is_some_and(|a| a.iter().all(Value::is_string))
    })?
    .as_array()?
    .iter()
    .filter_map(|v| v.as_str().map(|s| s.rsplit('.').next().unwrap_or(s).to_string()))
    .collect();
    let count = apis.len();
    Some(
        view! {
            <section class="panel library-apis">
                <h3>{format!("The reference's library APIs ({count}), marked")}</h3>
                <PythonCode code=reference marked=apis />
            </section>
        }
        .into_any(),
    )
}
