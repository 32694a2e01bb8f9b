//! Codex's patches, written in its own format rather than as unified diffs:
//!
//! ```text
//! *** Begin Patch
//! *** Update File: src/parse.py
//! @@ def parse(text):
//! -    return text.split(" ")
//! +    return text.split()
//! *** Add File: tests/test_tabs.py
//! +def test_tabs(): ...
//! *** End Patch
//! ```
//!
//! A patch that changes one file shows as that file's edit (a diff); one that changes several
//! shows as written, since a step holds one edit. Either way its header lines name the files it
//! changes, which the trajectory's facts count as edited.

use benchscope_contract::trajectory::transcripts::{codex_patch_file, PatchFileChange, CODEX_PATCH_TOOL};
use benchscope_contract::trajectory::{Edit, Step};

/// A file a patch changes: its header line, and its lines before and after (the hunks' context
/// and changed lines, one hunk after the other; nothing before for a new file).
#[derive(Debug, Default, PartialEq)]
struct FileChange {
    header: String,
    change: Option<PatchFileChange>,
    path: String,
    before: String,
    after: String,
}

/// The step of a patch applied (`patch` as the agent wrote it, maybe inside a shell's
/// here-document): one file's change as its edit, several as written.
pub fn patch_step(patch: &str) -> Step {
    let mut changes = file_changes(patch);
    let edit = match changes.as_mut_slice() {
        [only] if only.change != Some(PatchFileChange::Delete) => Some(Edit {
            path: std::mem::take(&mut only.path),
            before: std::mem::take(&mut only.before),
            after: std::mem::take(&mut only.after),
            first_line: None,
        }),
        _ => None,
    };
    let action = match (&edit, changes.first()) {
        (Some(_), Some(only)) => only.header.clone(),
        _ => patch.trim_end().to_string(),
    };
    Step {
        tool: Some(CODEX_PATCH_TOOL.to_string()),
        action,
        edit,
        ..Step::default()
    }
}

/// The files a patch changes, in its order, each with its lines.
fn file_changes(patch: &str) -> Vec<FileChange> {
    let mut changes: Vec<FileChange> = Vec::new();
    for line in patch.lines().skip_while(|line| line.trim_end() != "*** Begin Patch").skip(1) {
        if line.trim_end() == "*** End Patch" {
            break;
        }
        if let Some((change, path)) = codex_patch_file(line) {
            match (change, changes.last_mut()) {
                (PatchFileChange::MoveTo, Some(moved)) => {
                    moved.header = format!("{}\n{line}", moved.header);
                    moved.path = path.to_string();
                }
                _ => changes.push(FileChange {
                    header: line.to_string(),
                    change: Some(change),
                    path: path.to_string(),
                    ..FileChange::default()
                }),
            }
            continue;
        }
        if let Some(file) = changes.last_mut() {
            add_line(file, line);
        }
    }
    changes
}

/// A line of a file's change: context (` `, or a blank line a model wrote without its space)
/// on both sides, `-` before, `+` after; a hunk's `@@` and `*** End of File` on neither.
fn add_line(file: &mut FileChange, line: &str) {
    if line.starts_with("@@") || line.starts_with("*** ") {
        return;
    }
    let (side, text) = match line.split_at_checked(1) {
        Some(("+", text)) => ((false, true), text),
        Some(("-", text)) => ((true, false), text),
        Some((" ", text)) => ((true, true), text),
        _ if line.is_empty() => ((true, true), ""),
        _ => return,
    };
    if side.0 {
        file.before.push_str(text);
        file.before.push('\n');
    }
    if side.1 {
        file.after.push_str(text);
        file.after.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_FILE: &str = "*** Begin Patch\n*** Update File: src/parse.py\n@@ def parse(text):\n     words = text\n-    return text.split(\" \")\n+    return text.split()\n\n@@ def join(words):\n-    return \" \".join(words)\n+    return \"\\t\".join(words)\n*** End of File\n*** End Patch\n";

    #[test]
    fn a_patch_of_one_file_is_its_edit() {
        let step = patch_step(ONE_FILE);
        assert_eq!(step.tool.as_deref(), Some("apply_patch"));
        assert_eq!(step.action, "*** Update File: src/parse.py");
        let edit = step.edit.expect("one file, one edit");
        assert_eq!(edit.path, "src/parse.py");
        assert_eq!(
            edit.before,
            "    words = text\n    return text.split(\" \")\n\n    return \" \".join(words)\n"
        );
        assert_eq!(
            edit.after,
            "    words = text\n    return text.split()\n\n    return \"\\t\".join(words)\n"
        );
    }

    #[test]
    fn a_new_file_has_nothing_before_and_a_moved_one_its_new_path() {
        let added = patch_step("*** Begin Patch\n*** Add File: tests/test_tabs.py\n+def test_tabs():\n+    assert True\n*** End Patch");
        let edit = added.edit.unwrap();
        assert_eq!((edit.path.as_str(), edit.before.as_str()), ("tests/test_tabs.py", ""));
        assert_eq!(edit.after, "def test_tabs():\n    assert True\n");
        let moved = patch_step("*** Begin Patch\n*** Update File: a.py\n*** Move to: b.py\n@@\n-x = 1\n+x = 2\n*** End Patch");
        assert_eq!(moved.action, "*** Update File: a.py\n*** Move to: b.py");
        assert_eq!(moved.edit.unwrap().path, "b.py");
    }

    #[test]
    fn a_patch_of_several_files_or_a_deletion_shows_as_written() {
        let both = "*** Begin Patch\n*** Update File: a.py\n@@\n-x\n+y\n*** Delete File: b.py\n*** End Patch";
        let step = patch_step(&format!("apply_patch <<'EOF'\n{both}\nEOF\n"));
        assert_eq!(step.edit, None);
        assert!(step.action.starts_with("apply_patch <<'EOF'\n*** Begin Patch"));
        assert_eq!(patch_step("*** Begin Patch\n*** Delete File: b.py\n*** End Patch").edit, None);
        assert_eq!(patch_step("not a patch").action, "not a patch");
    }
}
