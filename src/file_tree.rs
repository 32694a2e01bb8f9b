//! A patch's file paths as a folder tree, with chains of single-folder folders merged
//! (`src/pkg/` rather than `src/` then `pkg/`), as code review tools show them.

use benchscope_contract::sorting::sort_by;

/// A folder or a file of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TreeNode {
    /// A folder: its name (possibly `a/b` when merged) and its children, folders first.
    Folder {
        /// The folder's name, relative to its parent.
        name: String,
        /// What it holds.
        children: Vec<TreeNode>,
    },
    /// A file: its name, and its position in the list the tree was built from.
    File {
        /// The file's name.
        name: String,
        /// Position in the input.
        index: usize,
    },
}

/// The tree of `paths` (positions are kept so each leaf finds its file again).
pub fn build_tree<'a>(paths: impl IntoIterator<Item = &'a str>) -> Vec<TreeNode> {
    let mut root = Vec::new();
    for (index, path) in paths.into_iter().enumerate() {
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        if let Some((file, folders)) = parts.split_last() {
            insert(&mut root, folders, file, index);
        }
    }
    sort_and_merge(root)
}

fn insert(level: &mut Vec<TreeNode>, folders: &[&str], file: &str, index: usize) {
    let Some((first, rest)) = folders.split_first() else {
        level.push(TreeNode::File {
            name: file.to_string(),
            index,
        });
        return;
    };
    let position = level
        .iter()
        .position(|n| matches!(n, TreeNode::Folder { name, .. } if name == first));
    let position = position.unwrap_or_else(|| {
        level.push(TreeNode::Folder {
            name: first.to_string(),
            children: Vec::new(),
        });
        level.len() - 1
    });
    if let TreeNode::Folder { children, .. } = &mut level[position] {
        insert(children, rest, file, index);
    }
}

fn sort_and_merge(nodes: Vec<TreeNode>) -> Vec<TreeNode> {
    let mut nodes: Vec<TreeNode> = nodes.into_iter().map(merge_single_folder_chain).collect();
    sort_by(&mut nodes, |a, b| match (a, b) {
        (TreeNode::Folder { name: x, .. }, TreeNode::Folder { name: y, .. })
        | (TreeNode::File { name: x, .. }, TreeNode::File { name: y, .. }) => x.cmp(y),
        (TreeNode::Folder { .. }, TreeNode::File { .. }) => std::cmp::Ordering::Less,
        (TreeNode::File { .. }, TreeNode::Folder { .. }) => std::cmp::Ordering::Greater,
    });
    nodes
}

fn merge_single_folder_chain(node: TreeNode) -> TreeNode {
    match node {
        TreeNode::Folder { mut name, mut children } => {
            while let [TreeNode::Folder { .. }] = children.as_slice() {
                let Some(TreeNode::Folder {
                    name: inner,
                    children: grandchildren,
                }) = children.pop()
                else {
                    break;
                };
                name = format!("{name}/{inner}");
                children = grandchildren;
            }
            TreeNode::Folder {
                name,
                children: sort_and_merge(children),
            }
        }
        file => file,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str, children: Vec<TreeNode>) -> TreeNode {
        TreeNode::Folder {
            name: name.into(),
            children,
        }
    }

    fn file(name: &str, index: usize) -> TreeNode {
        TreeNode::File { name: name.into(), index }
    }

    #[test]
    fn folders_first_single_chains_merged_positions_kept() {
        let tree = build_tree([
            "src/pkg/b.py",
            "README.md",
            "src/pkg/a.py",
            "tests/unit/test_a.py",
            "src/pkg/sub/c.py",
        ]);
        assert_eq!(
            tree,
            [
                folder(
                    "src/pkg",
                    vec![folder("sub", vec![file("c.py", 4)]), file("a.py", 2), file("b.py", 0)]
                ),
                folder("tests/unit", vec![file("test_a.py", 3)]),
                file("README.md", 1),
            ]
        );
    }

    #[test]
    fn odd_paths_do_not_panic() {
        assert_eq!(build_tree(["", "/", "a//b"]), [folder("a", vec![file("b", 2)])]);
    }
}
