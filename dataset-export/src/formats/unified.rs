//! Unified diffs of two texts, in the form git writes them.
//!
//! similar finds the changed lines, over lines split on `\n` only as git splits them (similar's
//! own text splitting also breaks at a lone `\r`); the hunks are written here so that their
//! headers always count the lines they hold, including a last line without a newline (which gets
//! git's `\ No newline at end of file` marker).

use similar::{capture_diff_slices, group_diff_ops, Algorithm, DiffTag};

/// Lines of context around each change, as git's default.
const CONTEXT: usize = 3;

/// The hunks (with `--- a`/`+++ b` headers) turning `old` into `new`; empty if they are equal.
pub fn unified_diff(old: &str, new: &str, a: &str, b: &str) -> String {
    let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
    let ops = capture_diff_slices(Algorithm::Myers, &old_lines, &new_lines);
    let mut out = String::new();
    for group in group_diff_ops(ops, CONTEXT) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else {
            continue;
        };
        let (old_start, old_end) = (first.old_range().start, last.old_range().end);
        let (new_start, new_end) = (first.new_range().start, last.new_range().end);
        if out.is_empty() {
            out.push_str(&format!("--- {a}\n+++ {b}\n"));
        }
        out.push_str(&format!("@@ -{} +{} @@\n", range(old_start, old_end), range(new_start, new_end)));
        for op in &group {
            let (tag, old_range, new_range) = op.as_tag_tuple();
            match tag {
                DiffTag::Equal => push_lines(&mut out, ' ', &old_lines[old_range]),
                DiffTag::Delete => push_lines(&mut out, '-', &old_lines[old_range]),
                DiffTag::Insert => push_lines(&mut out, '+', &new_lines[new_range]),
                DiffTag::Replace => {
                    push_lines(&mut out, '-', &old_lines[old_range]);
                    push_lines(&mut out, '+', &new_lines[new_range]);
                }
            }
        }
    }
    out
}

/// `start,count` with git's 1-based start (and the line before for an empty range).
fn range(start: usize, end: usize) -> String {
    let count = end - start;
    let first = if count == 0 { start } else { start + 1 };
    format!("{first},{count}")
}

fn push_lines(out: &mut String, marker: char, lines: &[&str]) {
    for line in lines {
        out.push(marker);
        out.push_str(line);
        if !line.ends_with('\n') {
            out.push_str("\n\\ No newline at end of file\n");
        }
    }
}

/// `text` as a unified diff adding the file `name`.
pub fn new_file_diff(name: &str, text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let lines = if text.ends_with('\n') {
        &lines[..lines.len() - 1]
    } else {
        &lines[..]
    };
    let mut diff = format!(
        "diff --git a/{name} b/{name}\nnew file mode 100644\n--- /dev/null\n+++ b/{name}\n@@ -0,0 +1,{} @@\n",
        lines.len()
    );
    for line in lines {
        diff.push('+');
        diff.push_str(line);
        diff.push('\n');
    }
    if !text.ends_with('\n') {
        diff.push_str("\\ No newline at end of file\n");
    }
    diff
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::patch::parse_patch;

    #[test]
    fn a_missing_final_newline_is_counted_and_marked() {
        let diff = unified_diff("a\nb\nlast", "a\nB\nlast\nmore\n", "a/x", "b/x");
        let files = parse_patch(&diff);
        assert_eq!(files[0].added_and_removed(), (3, 2), "{diff}");
        assert!(diff.contains("-last\n\\ No newline at end of file\n+B\n+last\n"), "{diff}");
    }

    #[test]
    fn carriage_returns_stay_inside_lines() {
        let diff = unified_diff("a\rb\nc\r\n", "a\rB\nc\r\nd\n", "a/x", "b/x");
        let files = parse_patch(&diff);
        assert_eq!(files[0].added_and_removed(), (2, 1), "{diff:?}");
        assert_eq!(files[0].hunks[0].old_count, 2);
    }

    #[test]
    fn equal_texts_give_nothing_and_far_changes_give_two_hunks() {
        assert_eq!(unified_diff("x\n", "x\n", "a/x", "b/x"), "");
        let old: String = (0..30).map(|i| format!("line {i}\n")).collect();
        let new = old.replace("line 2\n", "two\n").replace("line 27\n", "twenty-seven\n");
        let files = parse_patch(&unified_diff(&old, &new, "a/x", "b/x"));
        assert_eq!(files[0].hunks.len(), 2);
        assert_eq!((files[0].hunks[1].old_start, files[0].hunks[1].old_count), (25, 6));
    }
}
