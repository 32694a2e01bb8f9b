//! The patch's files as a folder tree; each file shows its status and counts and jumps to its
//! card.

use benchscope_contract::patch::FileDiff;
use leptos::html;
use leptos::prelude::*;

use super::{counts, status_label};
use crate::file_tree::{build_tree, TreeNode};

/// The tree of `files`; clicking a file opens and scrolls to `cards[i]`.
#[component]
pub fn FileTree<'a>(files: &'a [FileDiff], cards: Vec<NodeRef<html::Details>>) -> impl IntoView {
    // A renamed file sits where it now lives; its leaf says where it came from.
    let paths: Vec<String> = files
        .iter()
        .map(|f| f.new_path.clone().or_else(|| f.old_path.clone()).unwrap_or_default())
        .collect();
    let tree = build_tree(paths.iter().map(String::as_str));
    view! {
        <nav class="diff-tree" aria-label="Changed files">
            <ul class="diff-files">{nodes(&tree, files, &cards)}</ul>
        </nav>
    }
}

fn nodes(tree: &[TreeNode], files: &[FileDiff], cards: &[NodeRef<html::Details>]) -> Vec<AnyView> {
    tree.iter()
        .map(|node| match node {
            TreeNode::Folder { name, children } => view! {
                <li class="folder">
                    <span class="folder-name">{format!("{name}/")}</span>
                    <ul>{nodes(children, files, cards)}</ul>
                </li>
            }
            .into_any(),
            TreeNode::File { name, index } => file_leaf(name, &files[*index], cards[*index]).into_any(),
        })
        .collect()
}

fn file_leaf(name: &str, file: &FileDiff, card: NodeRef<html::Details>) -> impl IntoView {
    let status = status_label(file.status);
    view! {
        <li>
            <button class="file-link" data-path=file.display_path() title=file.display_path() on:click=move |_| {
                if let Some(card) = card.get() {
                    card.set_open(true);
                    card.scroll_into_view();
                }
            }>
                <span class=format!("status status-{status}")>{status}</span>
                <span class="path">{name.to_string()}</span>
                {renamed_from(file).map(|old| view! { <span class="renamed-from">{format!("from {old}")}</span> })}
                {counts(file)}
            </button>
        </li>
    }
}

fn renamed_from(file: &FileDiff) -> Option<String> {
    match (&file.old_path, &file.new_path) {
        (Some(old), Some(new)) if old != new => Some(old.clone()),
        _ => None,
    }
}
