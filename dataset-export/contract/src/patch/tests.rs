use super::*;

fn one(diff: &str) -> FileDiff {
    let files = parse_patch(diff);
    assert_eq!(files.len(), 1, "{files:#?}");
    files.into_iter().next().unwrap()
}

#[test]
fn modified_file_with_line_numbers() {
    let file = one(
        "diff --git a/src/x.py b/src/x.py\nindex 1..2 100644\n--- a/src/x.py\n+++ b/src/x.py\n@@ -10,3 +10,3 @@ def f():\n a\n-b\n+c\n d\n",
    );
    assert_eq!(file.status, FileStatus::Modified);
    assert_eq!(file.display_path(), "src/x.py");
    let hunk = &file.hunks[0];
    assert_eq!(hunk.section, "def f():");
    let numbers: Vec<_> = hunk.lines.iter().map(|l| (l.kind, l.old_line, l.new_line)).collect();
    assert_eq!(
        numbers,
        vec![
            (LineKind::Context, Some(10), Some(10)),
            (LineKind::Removed, Some(11), None),
            (LineKind::Added, None, Some(11)),
            (LineKind::Context, Some(12), Some(12)),
        ]
    );
}

#[test]
fn removed_line_that_looks_like_a_header_stays_in_the_hunk() {
    let file = one("--- a/x.sql\n+++ b/x.sql\n@@ -1,2 +1,1 @@\n--- comment\n-+++ plus\n+x\n");
    assert_eq!(file.added_and_removed(), (1, 2));
}

#[test]
fn header_less_diffs_split_into_files() {
    let files = parse_patch("--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x\n+y\n--- a/b.py\n+++ b/b.py\n@@ -1 +1,2 @@\n x\n+z\n");
    let paths: Vec<_> = files.iter().map(FileDiff::display_path).collect();
    assert_eq!(paths, ["a.py", "b.py"]);
    assert_eq!(stats_of(&files).lines_added, 2);
}

#[test]
fn added_deleted_and_no_newline() {
    let files = parse_patch(concat!(
        "diff --git a/new.py b/new.py\nnew file mode 100644\nindex 0000000..1\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n",
        "diff --git a/gone.py b/gone.py\ndeleted file mode 100644\nindex 1..0000000\n--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n",
    ));
    assert_eq!(files[0].status, FileStatus::Added);
    assert_eq!(files[0].old_path, None);
    assert!(files[0].hunks[0].lines[1].no_newline_at_end);
    assert_eq!(files[1].status, FileStatus::Deleted);
    assert_eq!(files[1].display_path(), "gone.py");
    let stats = stats_of(&files);
    assert_eq!(
        (stats.files_added, stats.files_deleted, stats.lines_added, stats.lines_removed),
        (1, 1, 2, 1)
    );
}

#[test]
fn binary_and_mode_change_have_no_lines() {
    let files = parse_patch(concat!(
        "diff --git a/img.png b/img.png\nindex 1..2 100644\nBinary files a/img.png and b/img.png differ\n",
        "diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n",
    ));
    assert!(files[0].binary);
    assert!(files[1].mode_changed());
    assert_eq!(stats_of(&files).lines_added, 0);
}

#[test]
fn quoted_paths_and_paths_with_spaces() {
    let file = one("diff --git \"a/dir/caf\\303\\251 x.py\" \"b/dir/caf\\303\\251 x.py\"\nindex 1..2 100644\n");
    assert_eq!(file.new_path.as_deref(), Some("dir/café x.py"));
    let file = one("diff --git a/my file.txt b/my file.txt\nold mode 100644\nnew mode 100755\n");
    assert_eq!(file.new_path.as_deref(), Some("my file.txt"));
}

#[test]
fn crlf_and_stripped_empty_context_lines() {
    let file = one("--- a/x\r\n+++ b/x\r\n@@ -1,3 +1,3 @@\r\n a\r\n\n-b\r\n+c\r\n");
    assert_eq!(file.hunks[0].lines.len(), 4);
    assert_eq!(file.hunks[0].lines[0].text, "a");
    assert_eq!(file.added_and_removed(), (1, 1));
}

#[test]
fn garbage_never_panics() {
    for text in [
        "",
        "@@",
        "@@ -x +y @@",
        "diff --git",
        "--- \n+++ ",
        "@@ -1 +1 @@\n\\",
        "\"",
        "diff --git \"a/\\",
        "diff --git \"a/\\7",
    ] {
        let _ = parse_patch(text);
    }
    let file = one("@@ -4294967295,1 +4294967295,1 @@\n-a\n+b\n");
    assert_eq!(file.added_and_removed(), (1, 1));
}

#[test]
fn added_python_definitions_ignore_changed_signatures_and_other_languages() {
    let files = parse_patch(concat!(
        "--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,6 @@\n-def f(a):\n+def f(a, b):\n+class New(Base):\n+    async def run(self):\n+        pass\n+def helper_2():\n x = 1\n",
        "--- a/m.js\n+++ b/m.js\n@@ -0,0 +1 @@\n+class Ignored {}\n",
    ));
    assert_eq!(added_python_definitions(&files), (2, 1));
}

#[test]
fn side_by_side_pairs_removed_runs_with_the_added_runs_after_them() {
    let file = one("--- a/x\n+++ b/x\n@@ -1,4 +1,4 @@\n a\n-b\n-c\n+B\n d\n+e\n");
    let rows: Vec<_> = side_by_side(&file.hunks[0])
        .iter()
        .map(|(l, r)| (l.map(|x| x.text.as_str()), r.map(|x| x.text.as_str())))
        .collect();
    assert_eq!(
        rows,
        [
            (Some("a"), Some("a")),
            (Some("b"), Some("B")),
            (Some("c"), None),
            (Some("d"), Some("d")),
            (None, Some("e"))
        ]
    );
}

/// The paths alone are those of the full parse, hunk lines that look like headers included.
#[test]
fn patch_paths_are_the_full_parses_display_paths() {
    for diff in [
        "--- a/x.sql\n+++ b/x.sql\n@@ -1,2 +1,1 @@\n--- comment\n-+++ plus\n+x\n--- a/y.sql\n+++ b/y.sql\n@@ -1 +1 @@\n-a\n+b\n",
        "--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x\n+y\n--- a/b.py\n+++ b/b.py\n@@ -1 +1,2 @@\n x\n+z\n",
        "diff --git a/gone.py b/gone.py\ndeleted file mode 100644\nindex 1..0000000\n--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n",
        "diff --git a/old.py b/new.py\nsimilarity index 90%\nrename from old.py\nrename to new.py\n@@ -1 +1 @@\n-a\n+b\n",
        "diff --git \"a/dir/caf\\303\\251 x.py\" \"b/dir/caf\\303\\251 x.py\"\nindex 1..2 100644\n",
        "@@ -1 +1 @@\n\\",
        "",
    ] {
        let full: Vec<String> = parse_patch(diff).iter().map(FileDiff::display_path).collect();
        assert_eq!(patch_paths(diff), full, "{diff:?}");
    }
    assert_eq!(
        patch_paths("--- a/x.sql\n+++ b/x.sql\n@@ -1,2 +1,1 @@\n--- comment\n-+++ plus\n+x\n"),
        ["x.sql"]
    );
}
