//! FeatureBench: the level (lv1 extends a repository, lv2 builds from scratch) and the interface
//! descriptions its statement specifies, pulled out so they can be read next to the patch.

use leptos::prelude::*;

use super::PanelContext;
use crate::components::markdown::Markdown;
use crate::sections::sections_titled;

/// The panel, when the statement has `Interface Description` sections.
pub fn interface_panel(context: &PanelContext) -> Option<AnyView> {
    let statement = context.documents.first()?;
    let interfaces: Vec<(String, String)> = sections_titled(&statement.markdown, "Interface Description ")
        .into_iter()
        .map(|(title, body)| (title.to_string(), body.to_string()))
        .collect();
    if interfaces.is_empty() {
        return None;
    }
    let level = context.facets.get("level").map(|level| {
        let meaning = match level.as_str() {
            "lv1" => "extend the existing repository",
            "lv2" => "build the feature from scratch",
            _ => "",
        };
        view! { <p class="level"><strong>{level.clone()}</strong>" "{meaning}</p> }
    });
    let count = interfaces.len();
    let items = interfaces
        .into_iter()
        .map(|(title, body)| {
            view! {
                <details class="interface" open=count <= 3>
                    <summary>{title}</summary>
                    <Markdown text=body />
                </details>
            }
        })
        .collect_view();
    Some(
        view! {
            <section class="panel interfaces">
                <h3>{format!("Interface ({count})")}</h3>
                {level}
                {items}
            </section>
        }
        .into_any(),
    )
}
