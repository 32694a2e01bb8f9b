//! A Codex patch applied, as a step ([`benchscope_contract::trajectory::codex_patch`] reads its
//! format): a patch that changes one file shows as that file's edit; one that changes several
//! shows as written (the page draws it as a diff of each), since a step holds one edit. Either
//! way its header lines name the files it changes, which the trajectory's facts count as edited.

use benchscope_contract::trajectory::codex_patch::{parse, PatchFileChange, CODEX_PATCH_TOOL};
use benchscope_contract::trajectory::{Edit, Step};

/// The step of a patch applied (`patch` as the agent wrote it, maybe inside a shell's
/// here-document): one file's change as its edit, several as written.
pub fn patch_step(patch: &str) -> Step {
    let files = parse(patch);
    let (action, edit) = match files.as_slice() {
        [only] if only.change != PatchFileChange::Delete => {
            let edit = Edit {
                path: only.moved_to.clone().unwrap_or_else(|| only.path.clone()),
                before: only.before(),
                after: only.after(),
                first_line: None,
            };
            (only.header.clone(), Some(edit))
        }
        _ => (patch.trim_end().to_string(), None),
    };
    Step {
        tool: Some(CODEX_PATCH_TOOL.to_string()),
        action,
        edit,
        ..Step::default()
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
