//! One instance: its texts as markdown, the loaded runs' results, its tests with each run's
//! status of each, its patches as diffs, and every other field.

use benchscope_contract::log::LogKind;
use benchscope_contract::runs_only::{instance_of_row, known_category};
use benchscope_contract::{DocumentKind, IndexRow, Instance, PatchRole, RunEntry, SplitEntry};
use leptos::prelude::*;

use crate::api::{DetailCache, InstanceSources, RunCache, RunResult, SourceCache};
use crate::components::error_box::ErrorBox;
use crate::components::panels::{commit_link, meta_rows, panels, test_panels, PanelContext};
use crate::components::runs_panel::RunsPanel;
use crate::components::test_lists::Tests;
use crate::components::{
    code::{code_block, with_code_spans},
    diff::DiffView,
    document_text::DocumentText,
    log_view::LogView,
};
use crate::keys::{clear_and_blur, focus_of, Focus};
use crate::list_order::{InstanceRef, Neighbours};
use crate::load_error::LoadError;
use crate::loaded::Loaded;
use crate::patch_file_name::patch_file_name;
use crate::repo_link::github_url;
use crate::url_state::{UrlState, ViewState};
use crate::wording::plural;

/// Loads and shows the instance `id` of `split`, with the results of `runs` for it (from the
/// block of full results the matrix `results` names).
#[component]
pub fn InstancePage(
    rows: Vec<IndexRow>,
    id: String,
    split: SplitEntry,
    base: String,
    dataset: String,
    runs: Vec<RunEntry>,
    results: std::sync::Arc<benchscope_contract::results::ResultsMatrix>,
    neighbours: Option<Neighbours>,
) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let cache = expect_context::<DetailCache>();
    let run_cache = expect_context::<RunCache>();
    let row = rows.iter().find(|r| r.id == id);
    let shard = row.and_then(|r| split.detail_shards.get(r.detail as usize)).cloned();
    // A split of runs alone has rows but no records: the page shows what the runs say.
    let known_from_runs = row.filter(|_| split.detail_shards.is_empty()).map(instance_of_row);
    let missing = LoadError {
        url: format!("{dataset}/{}", split.name),
        message: format!("no instance `{id}` in this split"),
    };
    let (missing_view, missing_id) = (missing.clone(), id.clone());
    let (instance_base, instance_id) = (base.clone(), id.clone());
    let instance = Loaded::new(move || {
        let (cache, base, shard, id, missing) = (
            cache.clone(),
            instance_base.clone(),
            shard.clone(),
            instance_id.clone(),
            missing.clone(),
        );
        let known_from_runs = known_from_runs.clone();
        async move {
            match (shard, known_from_runs) {
                (Some(path), _) => cache.instance(&base, &path, &id).await,
                (None, Some(instance)) => Ok(instance),
                (None, None) => Err(missing),
            }
        }
    });
    let (results_base, results_id) = (base.clone(), id.clone());
    let results = Loaded::new(move || {
        let (cache, base, id, runs, matrix) = (
            run_cache.clone(),
            results_base.clone(),
            results_id.clone(),
            runs.clone(),
            results.clone(),
        );
        async move { cache.results(&base, &matrix, &runs, &id).await }
    });
    let (previous, next) = neighbours.as_ref().map_or((None, None), |n| (n.previous.clone(), n.next.clone()));
    // Esc goes back to the list; in a text field (the log search) it clears the field first. As
    // in the list, `j` goes to the next instance and `k` to the previous one.
    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        let focus = focus_of(&event);
        let step = |to: &Option<InstanceRef>| {
            if let Some((id, from)) = to.clone() {
                event.prevent_default();
                url.navigate(|s| s.open(id, from));
            }
        };
        match (event.key().as_str(), focus) {
            ("Escape", Focus::TextField(field)) => clear_and_blur(&field),
            ("Escape", _) => url.navigate(ViewState::close_instance),
            ("j", Focus::Page) if no_modifier(&event) => step(&next),
            ("k", Focus::Page) if no_modifier(&event) => step(&previous),
            _ => {}
        }
    });
    on_cleanup(move || keys.remove());
    view! {
        <nav class="breadcrumb">
            <a href=move || { let mut s = url.get(); s.close_instance(); s.to_query() } on:click=move |ev| {
                ev.prevent_default();
                url.navigate(ViewState::close_instance);
            }>"← All instances"</a>
            {neighbours.map(|beside| view! { <StepThrough beside /> })}
        </nav>
        {move || match instance.get() {
            None => view! { <p class="loading">"Loading the instance…"</p> }.into_any(),
            Some(Err(error)) if error == missing_view => view! {
                <div class="error not-found" role="alert">
                    <strong>"No instance "</strong><code>{missing_id.clone()}</code>
                    <p>{format!("{} has no instance of that id.", error.url)}</p>
                </div>
            }
            .into_any(),
            Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
            Some(Ok(instance)) => view! { <InstanceView instance results base=base.clone() /> }.into_any(),
        }}
    }
}

#[component]
fn InstanceView(instance: Instance, results: Loaded<Result<Vec<RunResult>, LoadError>>, base: String) -> impl IntoView {
    let Instance {
        id,
        repo,
        title,
        category,
        created_at,
        base_commit,
        documents,
        patches,
        tests,
        facets,
        stats,
        mut extra,
        sources,
    } = instance;
    if let Some(path) = sources {
        provide_context(InstanceSources {
            url: format!("{base}{path}"),
            cache: expect_context::<SourceCache>().0,
        });
    }
    let context = PanelContext {
        id: &id,
        repo: &repo,
        documents: &documents,
        facets: &facets,
    };
    let (origin, environment) = meta_rows(&mut extra, &context);
    let panels = panels(&mut extra, &context);
    let loaded = Signal::derive(move || match results.get() {
        Some(Ok(found)) => found,
        _ => Vec::new(),
    });
    let test_panels = test_panels(&mut extra, loaded);
    let gold = patches.iter().find(|p| p.role == PatchRole::Gold).map(|p| p.diff.clone());
    let has_bug_patch = patches.iter().any(|p| p.role == PatchRole::Bug);
    let panel_id = id.clone();
    let repo_url = github_url(&repo);
    let commit = base_commit.map(|c| view! { <dt>"Base commit"</dt><dd>{commit_link(repo_url.as_deref(), c)}</dd> });
    let document_repo = repo.clone();
    // Rows known from runs alone whose ids name no repository (Long Code Arena's numbered tasks)
    // have none to show: the row is left out.
    let repo_row = (!repo.is_empty()).then(|| {
        let cell = match repo_url {
            Some(href) => view! { <a href=href rel="noopener noreferrer" target="_blank">{repo}</a> }.into_any(),
            None => repo.into_any(),
        };
        view! { <dt>"Repository"</dt><dd>{cell}</dd> }
    });
    let data_id = id.clone();
    view! {
        <article class="instance" data-id=data_id>
            <h2 class="instance-id">{id.clone()}</h2>
            // A record with no statement to take a title from has its id for one, shown once.
            {(title != id).then(|| view! { <p class="instance-title">{with_code_spans(&title)}</p> })}
            <dl class="meta">
                {repo_row}
                {origin}
                // Rows known from runs alone have no category: the row is left out, as the list
                // leaves out its facet.
                {known_category(&category).then(|| view! { <dt>"Category"</dt><dd>{category}</dd> })}
                {created_at.map(|c| view! { <dt>"Created"</dt><dd>{c}</dd> })}
                {commit}
                {environment}
                {facets.into_iter().map(|(k, v)| view! { <dt>{k}</dt><dd>{v}</dd> }).collect_view()}
                {match &gold {
                    Some(_) => Some(view! {
                        <dt>"Gold patch"</dt>
                        <dd>{format!("{}, {}, +{} −{}", plural(stats.files_changed as usize, "file"), plural(stats.hunks as usize, "hunk"), stats.lines_added, stats.lines_removed)}</dd>
                    }.into_any()),
                    // An instance with test lists is one a gold patch belongs to: say it is missing
                    // (a split that hides them, such as SWE-bench Multimodal's test split).
                    None => tests.is_some().then(|| view! { <dt>"Gold patch"</dt><dd class="note">"not published"</dd> }.into_any()),
                }}
            </dl>
            {documents.into_iter().map(|doc| view! {
                <section class="document">
                    <h3>{doc.label}</h3>
                    {match doc.kind {
                        _ if doc.markdown.trim().is_empty() => view! { <p class="note">"Blank: the record holds no text here."</p> }.into_any(),
                        DocumentKind::Log => view! { <LogView text=doc.markdown kind=LogKind::Build /> }.into_any(),
                        DocumentKind::Markdown => {
                            view! { <DocumentText text=doc.markdown repo=document_repo.clone() hard_breaks=doc.hard_breaks /> }.into_any()
                        }
                        DocumentKind::Code => code_block(doc.language, doc.markdown),
                    }}
                </section>
            }).collect_view()}
            {panels}
            {move || match results.get() {
                Some(Err(error)) => Some(view! { <ErrorBox error /> }.into_any()),
                Some(Ok(found)) => Some(view! { <RunsPanel results=found gold=gold.clone() base=base.clone() instance=panel_id.clone() /> }.into_any()),
                None => None,
            }}
            <Tests tests runs=loaded />
            {test_panels}
            {patches.into_iter().map(|patch| {
                let role = format!("{:?}", patch.role).to_lowercase();
                let file_name = patch_file_name(&id, &role);
                view! {
                    <section class="patch" data-role=role>
                        <h3>{patch.role.label()}</h3>
                        {patch_note(patch.role, has_bug_patch).map(|note| view! { <p class="note">{note}</p> })}
                        <DiffView diff=patch.diff file_name />
                    </section>
                }
            }).collect_view()}
            <RawFields extra />
        </article>
    }
}

/// The instance's place in the list it was opened from, with links to the previous and the next.
#[component]
fn StepThrough(beside: Neighbours) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let link = move |to: Option<InstanceRef>, rel: &'static str, text: &'static str, key: &'static str| match to {
        Some((id, from)) => {
            let (href_id, href_from) = (id.clone(), from.clone());
            let href = move || {
                let mut s = url.get();
                s.open(href_id.clone(), href_from.clone());
                s.to_query()
            };
            let title = format!("{id} ({key})");
            view! {
                <a rel=rel href=href title=title aria-keyshortcuts=key on:click=move |ev| {
                    ev.prevent_default();
                    url.navigate(|s| s.open(id.clone(), from.clone()));
                }>{text}</a>
            }
            .into_any()
        }
        None => view! { <span class="at-end" aria-hidden="true">{text}</span> }.into_any(),
    };
    view! {
        <span class="step-through">
            {link(beside.previous, "prev", "‹ Previous", "k")}
            <span class="list-place">{format!("{} of {}", beside.position + 1, beside.count)}</span>
            {link(beside.next, "next", "Next ›", "j")}
        </span>
    }
}

/// A key pressed alone, not as part of a browser's or the system's shortcut.
fn no_modifier(event: &web_sys::KeyboardEvent) -> bool {
    !(event.ctrl_key() || event.meta_key() || event.alt_key())
}

/// What a reader needs told about a patch of a task made by putting a bug in (SWE-smith's).
fn patch_note(role: PatchRole, has_bug_patch: bool) -> Option<&'static str> {
    match role {
        PatchRole::Bug => Some("Applied to the repository to make the task: the bug to fix."),
        PatchRole::Gold if has_bug_patch => Some("The bug patch reversed, as the benchmark's harness applies it."),
        _ => None,
    }
}

/// Every field of the source record that no panel shows, so nothing is silently dropped.
#[component]
fn RawFields(extra: std::collections::BTreeMap<String, serde_json::Value>) -> impl IntoView {
    if extra.is_empty() {
        return ().into_any();
    }
    view! {
        <details class="raw-fields">
            <summary>{format!("Other fields ({})", extra.len())}</summary>
            <dl>
                {extra.into_iter().map(|(key, value)| {
                    let shown = match value {
                        serde_json::Value::String(s) if s.trim().is_empty() => view! { <p class="note">"(blank)"</p> }.into_any(),
                        serde_json::Value::String(s) => view! { <pre>{s}</pre> }.into_any(),
                        other => view! { <pre>{serde_json::to_string_pretty(&other).unwrap_or_default()}</pre> }.into_any(),
                    };
                    view! { <dt>{key}</dt><dd>{shown}</dd> }
                }).collect_view()}
            </dl>
        </details>
    }
    .into_any()
}
