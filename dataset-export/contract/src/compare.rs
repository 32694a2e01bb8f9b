//! A model patch against the gold patch: which files both touched, which only one did, and for
//! the shared ones how alike the changed lines are (similar's ratio over the added and removed
//! lines).
//!
//! ```
//! use benchscope_contract::compare::compare_patches;
//! let gold = "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n";
//! let model = "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n--- a/y.py\n+++ b/y.py\n@@ -1 +1 @@\n-c\n+d\n";
//! let files = compare_patches(gold, model);
//! assert_eq!((files[0].in_gold, files[0].in_model, files[0].similarity), (true, true, Some(1.0)));
//! assert_eq!((files[1].in_gold, files[1].in_model), (false, true));
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::patch::{parse_patch, FileDiff, LineKind};
use crate::sorting::{map_of, sort_by};
use crate::text_diff::{diff_ops, lines, ratio};

/// One file of either patch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileMatch {
    /// The path (the new path, or the old one for a deletion).
    pub path: String,
    /// Whether the gold patch touches it.
    pub in_gold: bool,
    /// Whether the model patch touches it.
    pub in_model: bool,
    /// For files both touch: 0..=1, how alike their changed lines are.
    pub similarity: Option<f32>,
}

/// Every file of either patch, sorted by path.
pub fn compare_patches(gold: &str, model: &str) -> Vec<FileMatch> {
    let changes = |text: &str| -> BTreeMap<String, String> { map_of(parse_patch(text).iter().map(|f| (path_of(f), changed_lines(f)))) };
    let (gold, model) = (changes(gold), changes(model));
    let mut paths: Vec<&String> = gold.keys().chain(model.keys()).collect();
    sort_by(&mut paths, Ord::cmp);
    paths.dedup();
    paths
        .into_iter()
        .map(|path| {
            let similarity = match (gold.get(path), model.get(path)) {
                (Some(a), Some(b)) => Some(line_ratio(a, b)),
                _ => None,
            };
            FileMatch {
                path: path.clone(),
                in_gold: gold.contains_key(path),
                in_model: model.contains_key(path),
                similarity,
            }
        })
        .collect()
}

/// How alike two texts are, line by line.
fn line_ratio(a: &str, b: &str) -> f32 {
    let (a, b) = (lines(a), lines(b));
    ratio(&diff_ops(&a, &b), a.len(), b.len())
}

fn path_of(file: &FileDiff) -> String {
    file.new_path.clone().or_else(|| file.old_path.clone()).unwrap_or_default()
}

/// The added and removed lines, each with its marker, one per line.
fn changed_lines(file: &FileDiff) -> String {
    let mut text = String::new();
    for line in file.hunks.iter().flat_map(|h| &h.lines) {
        let marker = match line.kind {
            LineKind::Added => '+',
            LineKind::Removed => '-',
            LineKind::Context => continue,
        };
        text.push(marker);
        text.push_str(&line.text);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partly_alike_and_disjoint_files() {
        let gold = "--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n-x = 1\n+x = 2\n y = 3\n--- a/b.py\n+++ b/b.py\n@@ -1 +1 @@\n-p\n+q\n";
        let model = "--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n-x = 1\n+x = 5\n y = 3\n--- a/c.py\n+++ b/c.py\n@@ -1 +1 @@\n-r\n+s\n";
        let files = compare_patches(gold, model);
        let summary: Vec<_> = files.iter().map(|f| (f.path.as_str(), f.in_gold, f.in_model)).collect();
        assert_eq!(summary, [("a.py", true, true), ("b.py", true, false), ("c.py", false, true)]);
        let similarity = files[0].similarity.unwrap();
        assert!(similarity > 0.0 && similarity < 1.0, "{similarity}");
        assert!(compare_patches("", "").is_empty());
    }
}
