//! The environment an instance runs in: SWE-bench's `environment_setup_commit` (a link to the
//! repository at that commit), FeatureBench's `image_name` and `repo_settings`.

use leptos::prelude::*;
use serde_json::Value;

use super::{take_if, Extra};
use crate::repo_link::github_url;

/// A commit of the repository at `repo_url`: a link to the repository at that commit, or the
/// commit alone where the repository has no known address.
pub fn commit_link(repo_url: Option<&str>, commit: String) -> AnyView {
    match repo_url {
        Some(url) => {
            let href = format!("{url}/tree/{commit}");
            view! { <a href=href rel="noopener noreferrer" target="_blank"><code>{commit}</code></a> }.into_any()
        }
        None => view! { <code>{commit}</code> }.into_any(),
    }
}

/// `<dt>`/`<dd>` pairs for the metadata list.
pub fn rows(extra: &mut Extra, repo: &str) -> impl IntoView {
    let setup = take_if(extra, "environment_setup_commit", Value::is_string).and_then(|v| v.as_str().map(str::to_string));
    let image = take_if(extra, "image_name", Value::is_string).and_then(|v| v.as_str().map(str::to_string));
    let settings = take_if(extra, "repo_settings", Value::is_object);
    let repo_url = github_url(repo);
    let setup = setup.map(|commit| view! { <dt>"Environment commit"</dt><dd>{commit_link(repo_url.as_deref(), commit)}</dd> });
    let image = image.map(|image| view! { <dt>"Image"</dt><dd><code>{image}</code></dd> });
    let settings = settings.and_then(|v| v.as_object().cloned()).map(|settings| {
        let entries = settings
            .into_iter()
            .map(|(key, value)| {
                let text = match value {
                    Value::String(s) => s,
                    other => serde_json::to_string_pretty(&other).unwrap_or_default(),
                };
                view! { <dt>{key}</dt><dd><pre>{text}</pre></dd> }
            })
            .collect_view();
        view! {
            <dt>"Repository settings"</dt>
            <dd><details class="settings"><summary>"Show"</summary><dl>{entries}</dl></details></dd>
        }
    });
    (setup, image, settings)
}
