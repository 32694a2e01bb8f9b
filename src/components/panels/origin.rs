//! Where a task came from on GitHub: the pull request whose change is its gold patch, and the
//! issues that pull request resolved. The number is the record's own `pull_number` (FEA-Bench,
//! SWE-PolyBench), else the one its id spells (`django__django-11001`, as SWE-bench's collection
//! names a task); the issues are its `issue_numbers` (SWE-bench's collection, SWE-bench-Live).

use leptos::prelude::*;

use super::{take_if, Extra};
use crate::repo_link::{github_url, number_of, numbers_of, pull_number_in_id};

/// `<dt>`/`<dd>` pairs for the metadata list: "Pull request" and "Issues", each a link; nothing
/// for a repository with no GitHub address, whose fields stay under "Other fields".
pub fn rows(extra: &mut Extra, id: &str, repo: &str) -> Option<impl IntoView> {
    let repo_url = github_url(repo)?;
    let pull = take_if(extra, "pull_number", |v| number_of(v).is_some())
        .and_then(|v| number_of(&v))
        .or_else(|| pull_number_in_id(id, repo));
    // Multi-SWE-bench keeps the pull request's number as `number`: shown once, as the link.
    if let Some(pull) = pull {
        take_if(extra, "number", |v| number_of(v) == Some(pull));
    }
    let issues = take_if(extra, "issue_numbers", |v| numbers_of(v).is_some())
        .and_then(|v| numbers_of(&v))
        .unwrap_or_default();
    let pull = pull.map(|number| {
        let href = format!("{repo_url}/pull/{number}");
        view! { <dt>"Pull request"</dt><dd>{link(href, number)}</dd> }
    });
    let issues = (!issues.is_empty()).then(|| {
        let label = if issues.len() == 1 { "Issue" } else { "Issues" };
        let links = issues
            .into_iter()
            .enumerate()
            .map(|(at, number)| {
                let href = format!("{repo_url}/issues/{number}");
                view! { {(at > 0).then_some(", ")}{link(href, number)} }
            })
            .collect_view();
        view! { <dt>{label}</dt><dd>{links}</dd> }
    });
    Some((pull, issues))
}

fn link(href: String, number: u64) -> impl IntoView {
    view! { <a href=href rel="noopener noreferrer" target="_blank">{format!("#{number}")}</a> }
}
