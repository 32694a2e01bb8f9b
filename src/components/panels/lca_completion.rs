//! Long Code Arena's project-level code completion: the file to complete with its target lines
//! marked by category, and the repository snapshot as a folder tree whose files load on demand.

use std::collections::BTreeMap;

use benchscope_contract::extras::CompletionTask;
use benchscope_contract::wording::plural;
use leptos::prelude::*;

use super::Extra;
use crate::api::InstanceSources;
use crate::components::code::{highlighted, PythonCode};
use crate::components::error_box::ErrorBox;
use crate::file_tree::{build_tree, TreeNode};
use crate::loaded::Loaded;
use crate::syntax::is_python;

/// Lines of the file drawn before "show all".
const FIRST_LINES: usize = 2_000;

/// The completion panel, when the instance has the completion fields.
pub fn completion_panel(extra: &mut Extra) -> Option<AnyView> {
    let task = CompletionTask::of(extra).ok()?;
    extra.remove(CompletionTask::FILE_FIELD);
    extra.remove(CompletionTask::LINES_FIELD);
    let lines_by_target = task.targets();
    let (filename, content) = (task.filename, task.content);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for category in lines_by_target.values().flatten() {
        *counts.entry(category.clone()).or_default() += 1;
    }
    let legend = counts
        .into_iter()
        .map(|(category, n)| view! { <span class=format!("target-tag cat-{category}")>{format!("{category} {n}")}</span> })
        .collect_view();
    let lines: Vec<String> = content.lines().map(str::to_string).collect();
    let total = lines.len();
    let show_all = RwSignal::new(total <= FIRST_LINES);
    let python = is_python(&filename);
    let lines = StoredValue::new(lines);
    let targets = StoredValue::new(lines_by_target);
    let rows = move || {
        let shown = if show_all.get() { total } else { FIRST_LINES };
        lines.with_value(|lines| {
            targets.with_value(|targets| {
                lines
                    .iter()
                    .take(shown)
                    .enumerate()
                    .map(|(i, text)| line_row(i, text, targets.get(&i), python))
                    .collect_view()
            })
        })
    };
    Some(
        view! {
            <section class="panel completion">
                <h3>"File to complete: " <code>{filename}</code></h3>
                <p class="legend">"Target lines by category: "{legend}</p>
                <table class="completion-file"><tbody>{rows}</tbody></table>
                {move || (!show_all.get()).then(|| view! {
                    <button class="show-more" on:click=move |_| show_all.set(true)>{format!("Show all {total} lines")}</button>
                })}
                <SnapshotBrowser />
            </section>
        }
        .into_any(),
    )
}

fn line_row(index: usize, text: &str, categories: Option<&Vec<String>>, python: bool) -> impl IntoView {
    let code = highlighted(text, python);
    let tags = categories.map(|c| c.join(", ")).unwrap_or_default();
    let class = categories.map(|c| format!("target cat-{}", c[0])).unwrap_or_default();
    view! {
        <tr class=class data-line=index>
            <td class="ln">{index + 1}</td>
            <td class="cats">{tags}</td>
            <td class="code">{code}</td>
        </tr>
    }
}

/// The repository snapshot: fetched on request, then a folder tree whose files open in place.
#[component]
fn SnapshotBrowser() -> impl IntoView {
    let Some(sources) = use_context::<InstanceSources>() else {
        return ().into_any();
    };
    let requested = RwSignal::new(false);
    let open_file = RwSignal::new(None::<String>);
    let files = Loaded::new(move || {
        let (sources, requested) = (sources.clone(), requested.get());
        async move {
            match requested {
                true => sources.files().await.map(Some),
                false => Ok(None),
            }
        }
    });
    view! {
        <section class="snapshot">
            <h4>"Repository snapshot"</h4>
            {move || match files.get() {
                None | Some(Ok(None)) => view! {
                    <button class="show-more" on:click=move |_| requested.set(true)>"Browse the repository at this commit"</button>
                }.into_any(),
                Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
                Some(Ok(Some(files))) => {
                    let paths: Vec<String> = files.files.keys().cloned().collect();
                    let tree = build_tree(paths.iter().map(String::as_str));
                    let shown = open_file.get().and_then(|path| files.files.get(&path).map(|text| (path, text.clone())));
                    view! {
                        <p class="note">{plural(paths.len(), "file")}</p>
                        <ul class="diff-files snapshot-tree">{tree_nodes(&tree, &paths, open_file)}</ul>
                        {shown.map(|(path, text)| view! {
                            <div class="snapshot-file" data-path=path.clone()>
                                <h5><code>{path.clone()}</code></h5>
                                {if is_python(&path) { view! { <PythonCode code=text /> }.into_any() } else { view! { <pre>{text}</pre> }.into_any() }}
                            </div>
                        })}
                    }.into_any()
                }
            }}
        </section>
    }
    .into_any()
}

fn tree_nodes(tree: &[TreeNode], paths: &[String], open_file: RwSignal<Option<String>>) -> Vec<AnyView> {
    tree.iter()
        .map(|node| match node {
            TreeNode::Folder { name, children } => view! {
                <li class="folder"><details><summary class="folder-name">{format!("{name}/")}</summary><ul>{tree_nodes(children, paths, open_file)}</ul></details></li>
            }
            .into_any(),
            TreeNode::File { name, index } => {
                let path = paths[*index].clone();
                view! {
                    <li><button class="file-link" data-path=path.clone() on:click=move |_| open_file.set(Some(path.clone()))>
                        <span class="path">{name.clone()}</span>
                    </button></li>
                }
                .into_any()
            }
        })
        .collect()
}
