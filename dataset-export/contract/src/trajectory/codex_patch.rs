//! Codex's patches, written in its own format rather than as unified diffs, read for the CLI
//! (the files a patch edits) and the page (a patch shown as a diff of each file):
//!
//! ```text
//! *** Begin Patch
//! *** Update File: src/parse.py
//! *** Move to: src/split.py
//! @@ def parse(text):
//! -    return text.split(" ")
//! +    return text.split()
//! *** Add File: tests/test_tabs.py
//! +def test_tabs(): ...
//! *** Delete File: old.py
//! *** End Patch
//! ```
//!
//! Its hunks say which text they change and where (the text after `@@`, often the function),
//! not on which line.

/// Codex's tool that applies such a patch.
pub const CODEX_PATCH_TOOL: &str = "apply_patch";

/// What a Codex patch does to a file it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchFileChange {
    /// `*** Add File: <path>`, its lines each `+`.
    Add,
    /// `*** Update File: <path>`, its hunks after `@@`.
    Update,
    /// `*** Delete File: <path>`.
    Delete,
    /// `*** Move to: <path>`, after an update: the file's new path.
    MoveTo,
}

/// The file a line of a Codex patch names, with what is done to it, if it names one.
pub fn codex_patch_file(line: &str) -> Option<(PatchFileChange, &str)> {
    let headers = [
        ("*** Add File: ", PatchFileChange::Add),
        ("*** Update File: ", PatchFileChange::Update),
        ("*** Delete File: ", PatchFileChange::Delete),
        ("*** Move to: ", PatchFileChange::MoveTo),
    ];
    headers.iter().find_map(|(header, change)| {
        let path = line.strip_prefix(header)?.trim();
        (!path.is_empty()).then_some((*change, path))
    })
}

/// A line of a hunk: kept (`' '`), removed (`'-'`) or added (`'+'`), and its text.
pub type PatchLine = (char, String);

/// A hunk: the text after its `@@` (where Codex names the function it is in), and its lines.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PatchHunk {
    /// What follows the hunk's `@@`, trimmed (often the enclosing function).
    pub section: String,
    /// Its lines.
    pub lines: Vec<PatchLine>,
}

/// A file a patch changes.
#[derive(Debug, Clone, PartialEq)]
pub struct FileChange {
    /// Its header lines as written (`*** Update File: a.py`, and `*** Move to: b.py` after it).
    pub header: String,
    /// What is done to it.
    pub change: PatchFileChange,
    /// Its path.
    pub path: String,
    /// Its new path, when it is moved.
    pub moved_to: Option<String>,
    /// Its hunks.
    pub hunks: Vec<PatchHunk>,
}

impl FileChange {
    /// Its change as a file of a unified diff, its hunks numbered one after another from line 1.
    fn unified(&self) -> String {
        // A path from the root (`/testbed/a.py`) reads in a diff as its path below it.
        let old = self.path.trim_start_matches('/');
        let new = self.moved_to.as_deref().unwrap_or(&self.path).trim_start_matches('/');
        let mut out = format!("diff --git a/{old} b/{new}\n");
        match self.change {
            PatchFileChange::Add => out.push_str(&format!("new file mode 100644\n--- /dev/null\n+++ b/{new}\n")),
            PatchFileChange::Delete => out.push_str(&format!("deleted file mode 100644\n--- a/{old}\n+++ /dev/null\n")),
            _ if old != new => out.push_str(&format!("rename from {old}\nrename to {new}\n--- a/{old}\n+++ b/{new}\n")),
            _ => out.push_str(&format!("--- a/{old}\n+++ b/{new}\n")),
        }
        let (mut old_start, mut new_start) = (u32::from(self.change != PatchFileChange::Add), 1);
        for hunk in self.hunks.iter().filter(|hunk| !hunk.lines.is_empty()) {
            let count = |mine: char| hunk.lines.iter().filter(|(kind, _)| *kind == ' ' || *kind == mine).count() as u32;
            let (old_count, new_count) = (count('-'), count('+'));
            let section = match hunk.section.is_empty() {
                true => String::new(),
                false => format!(" {}", hunk.section),
            };
            out.push_str(&format!("@@ -{old_start},{old_count} +{new_start},{new_count} @@{section}\n"));
            for (kind, line) in &hunk.lines {
                out.push(*kind);
                out.push_str(line);
                out.push('\n');
            }
            old_start += old_count;
            new_start += new_count;
        }
        out
    }
}

/// The files `patch` changes, in its order (`patch` as the agent wrote it, maybe inside a
/// shell's here-document: read from its `*** Begin Patch` to its `*** End Patch`).
pub fn parse(patch: &str) -> Vec<FileChange> {
    let mut files: Vec<FileChange> = Vec::new();
    for line in patch.lines().skip_while(|line| line.trim_end() != "*** Begin Patch").skip(1) {
        if line.trim_end() == "*** End Patch" {
            break;
        }
        match (codex_patch_file(line), files.last_mut()) {
            (Some((PatchFileChange::MoveTo, path)), Some(moved)) => {
                moved.header = format!("{}\n{line}", moved.header);
                moved.moved_to = Some(path.to_string());
            }
            (Some((change, path)), _) => files.push(FileChange {
                header: line.to_string(),
                change,
                path: path.to_string(),
                moved_to: None,
                hunks: vec![PatchHunk::default()],
            }),
            (None, Some(file)) => add_line(file, line),
            (None, None) => {}
        }
    }
    files
}

/// A line of a file's change: context (` `, or a blank line a model wrote without its space),
/// `-` removed, `+` added; a hunk's `@@` begins the next hunk; `*** End of File` is none.
fn add_line(file: &mut FileChange, line: &str) {
    if let Some(section) = line.strip_prefix("@@") {
        let section = section.trim().to_string();
        match file.hunks.last_mut() {
            Some(hunk) if hunk.lines.is_empty() => hunk.section = section,
            _ => file.hunks.push(PatchHunk {
                section,
                lines: Vec::new(),
            }),
        }
        return;
    }
    let kind = match line.chars().next() {
        Some(kind @ (' ' | '-' | '+')) => kind,
        None => ' ',
        _ => return,
    };
    let text = line.get(1..).unwrap_or_default().to_string();
    file.hunks.last_mut().expect("a file begins with a hunk").lines.push((kind, text));
}

/// `patch` as a unified diff, a file each (a file added with its lines, one deleted without
/// them, a move as a rename), or `None` where it names no file.
pub fn as_unified_diff(patch: &str) -> Option<String> {
    let files = parse(patch);
    (!files.is_empty()).then(|| files.iter().map(FileChange::unified).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patch::{parse_patch, FileStatus};

    const PATCH: &str = "*** Begin Patch\n*** Update File: src/parse.py\n*** Move to: src/split.py\n@@ def parse(text):\n     words = text\n-    return text.split(\" \")\n+    return text.split()\n\n@@ def join(words):\n-    return \" \".join(words)\n+    return \"\\t\".join(words)\n*** End of File\n*** Add File: tests/test_tabs.py\n+def test_tabs():\n+    assert True\n*** Delete File: old.py\n*** End Patch\n";

    #[test]
    fn a_patch_reads_as_its_files_each_with_its_hunks() {
        let files = parse(&format!("apply_patch <<'EOF'\n{PATCH}EOF\n"));
        let changes: Vec<(PatchFileChange, &str, Option<&str>, usize)> = files
            .iter()
            .map(|f| (f.change, f.path.as_str(), f.moved_to.as_deref(), f.hunks.len()))
            .collect();
        assert_eq!(
            changes,
            [
                (PatchFileChange::Update, "src/parse.py", Some("src/split.py"), 2),
                (PatchFileChange::Add, "tests/test_tabs.py", None, 1),
                (PatchFileChange::Delete, "old.py", None, 1),
            ]
        );
        assert_eq!(files[0].header, "*** Update File: src/parse.py\n*** Move to: src/split.py");
        let sections: Vec<&str> = files[0].hunks.iter().map(|h| h.section.as_str()).collect();
        assert_eq!(sections, ["def parse(text):", "def join(words):"]);
        assert_eq!(files[0].hunks[0].lines.len(), 4, "a blank line is a kept one");
        let added = [('+', "def test_tabs():".to_string()), ('+', "    assert True".to_string())];
        assert_eq!(files[1].hunks[0].lines, added);
        assert_eq!(parse("not a patch"), []);
    }

    #[test]
    fn a_patch_as_a_unified_diff_is_read_back_file_by_file() {
        let diff = as_unified_diff(PATCH).expect("three files");
        let files = parse_patch(&diff);
        let read: Vec<(FileStatus, String, (u32, u32))> =
            files.iter().map(|f| (f.status, f.display_path(), f.added_and_removed())).collect();
        assert_eq!(
            read,
            [
                (FileStatus::Renamed, "src/parse.py → src/split.py".to_string(), (2, 2)),
                (FileStatus::Added, "tests/test_tabs.py".to_string(), (2, 0)),
                (FileStatus::Deleted, "old.py".to_string(), (0, 0)),
            ]
        );
        assert_eq!(files[0].hunks.len(), 2);
        assert_eq!(
            (files[0].hunks[1].old_start, files[0].hunks[1].old_count),
            (4, 1),
            "after the first hunk's three old lines"
        );
        assert!(
            diff.contains("@@ -4,1 +4,1 @@ def join(words):\n"),
            "Codex's place for the hunk kept: {diff}"
        );
        assert_eq!(as_unified_diff("*** Begin Patch\n*** End Patch"), None);
    }
}
