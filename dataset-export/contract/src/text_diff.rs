//! The one diff the contract computes: Myers (through `similar`) over slices of text pieces,
//! words for the inline highlights of a changed line and lines for patch comparison and agents'
//! edits.
//!
//! One element type and one algorithm are deliberate: `similar`'s generic algorithms are compiled
//! once per element type, hook and algorithm used, and its text API (`TextDiff`) used in three
//! places had put 24 copies of its Myers core into the explorer's wasm.
//!
//! ```
//! use benchscope_contract::text_diff::{diff_ops, lines, ratio};
//! let (old, new) = (lines("a\nb\nc\n"), lines("a\nB\nc\n"));
//! let ops = diff_ops(&old, &new);
//! assert_eq!(ratio(&ops, old.len(), new.len()), 2.0 / 3.0);
//! ```

use similar::algorithms::{myers, Capture, Replace};
use similar::DiffOp;

/// The operations turning `old` into `new`, with a deletion followed by an insertion reported as
/// one replacement.
pub fn diff_ops(old: &[&str], new: &[&str]) -> Vec<DiffOp> {
    let mut hook = Replace::new(Capture::new());
    // Capture's error type is `Infallible`.
    let _ = myers::diff(&mut hook, old, 0..old.len(), new, 0..new.len());
    hook.into_inner().into_ops()
}

/// `text`'s lines, each with its line ending.
pub fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// How alike the two sides are: twice the unchanged pieces over all pieces, 1.0 for two empty
/// sides.
pub fn ratio(ops: &[DiffOp], old_len: usize, new_len: usize) -> f32 {
    similar::diff_ratio(ops, old_len, new_len)
}

/// `ops` as unified-diff hunks with `context` unchanged lines around each change: a hunk header
/// and its lines, each prefixed by ` `, `-` or `+`, a last line without a line ending followed
/// by git's `\ No newline at end of file`.
pub fn unified_hunks(old: &[&str], new: &[&str], ops: Vec<DiffOp>, context: usize) -> String {
    let mut out = String::new();
    for hunk in similar::group_diff_ops(ops, context).into_iter().filter(|hunk| !hunk.is_empty()) {
        out.push_str(&format!("{}\n", similar::udiff::UnifiedHunkHeader::new(&hunk)));
        for op in &hunk {
            for change in op.iter_changes(old, new) {
                out.push_str(&format!("{}{}", change.tag(), change.value()));
                if !change.value().ends_with('\n') {
                    out.push_str("\n\\ No newline at end of file\n");
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use similar::TextDiff;

    use super::*;

    /// Texts whose line diffs differ in every way a unified diff shows: changes at either end,
    /// missing final newlines, insertions into nothing, deletions to nothing, runs of equal lines
    /// longer than the context, and more than a hundred lines (where `similar`'s text API
    /// switches strategy).
    fn pairs() -> Vec<(String, String)> {
        let numbered = |n: usize, every: usize, tag: &str| -> String {
            (0..n)
                .map(|i| {
                    if every > 0 && i % every == 0 {
                        format!("{tag} {i}\n")
                    } else {
                        format!("line {i}\n")
                    }
                })
                .collect()
        };
        vec![
            ("a\nb\nc\n".into(), "a\nB\nc\n".into()),
            ("a\nb\nc".into(), "a\nb\nc\nd".into()),
            ("".into(), "new\nfile\n".into()),
            ("gone\n".into(), "".into()),
            ("x".into(), "y".into()),
            (numbered(40, 0, ""), numbered(40, 13, "changed")),
            (numbered(250, 0, ""), numbered(260, 37, "changed")),
            (numbered(120, 7, "a"), numbered(118, 11, "b")),
            ("same\n".into(), "same\n".into()),
        ]
    }

    #[test]
    fn unified_hunks_equal_similars_text_diff() {
        for (old, new) in pairs() {
            let (a, b) = (lines(&old), lines(&new));
            let ours = unified_hunks(&a, &b, diff_ops(&a, &b), 3);
            let theirs = TextDiff::from_lines(&old, &new).unified_diff().context_radius(3).to_string();
            assert_eq!(ours, theirs, "{old:?} -> {new:?}");
        }
    }

    #[test]
    fn ops_and_ratios_equal_similars_text_diff() {
        for (old, new) in pairs() {
            let (a, b) = (lines(&old), lines(&new));
            let (ops, theirs) = (diff_ops(&a, &b), TextDiff::from_lines(&old, &new));
            assert_eq!(ops, theirs.ops(), "{old:?} -> {new:?}");
            assert_eq!(ratio(&ops, a.len(), b.len()), theirs.ratio(), "{old:?} -> {new:?}");
        }
    }
}
