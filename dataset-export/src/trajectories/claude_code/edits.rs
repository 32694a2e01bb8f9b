//! Claude Code's edits (`Edit`, `MultiEdit`, `Write`) as the diffs they made, placed in their
//! file by what Claude Code records beside an edit's result: the file as it was before
//! (`originalFile`), else the patch it made (`structuredPatch`).

use benchscope_contract::trajectory::Edit;
use serde_json::Value;

use super::super::text;
use super::super::transcripts::{edit_by, edits_in_turn, SNAKE_CASE_EDIT};

/// The edit an `Edit` (`old_string` → `new_string`) or `Write` (`content`) call makes to its
/// `file_path` (Qwen Code's `edit` and `write_file`, in the events it prints as Claude Code's).
pub fn edit_of(tool: &str, input: &Value) -> Option<Edit> {
    let whole = match tool {
        "Edit" | "edit" => false,
        "Write" | "write_file" => true,
        "MultiEdit" => return multi_edit_of(input),
        _ => return None,
    };
    edit_by(text(input, "file_path")?, input, whole)
}

/// A `MultiEdit` call's edits (`edits`, each `old_string` → `new_string`) as one: the texts it
/// replaces one after the other, until its result places them in their file ([`place_edit`]).
fn multi_edit_of(input: &Value) -> Option<Edit> {
    let edits = input.get("edits")?.as_array()?;
    Some(edits_in_turn(text(input, "file_path")?, edits, SNAKE_CASE_EDIT))
}

/// A `MultiEdit`'s edits made in turn on the file as it was (`replace_all` replacing every
/// occurrence), if each finds its text.
fn multi_edited(original: &str, edits: &Value) -> Option<String> {
    let mut file = original.to_string();
    for edit in edits.as_array()? {
        let (old, new) = (text(edit, "old_string")?, text(edit, "new_string").unwrap_or_default());
        if old.is_empty() || !file.contains(&old) {
            return None;
        }
        file = match edit.get("replace_all").and_then(Value::as_bool) == Some(true) {
            true => file.replace(&old, &new),
            false => file.replacen(&old, &new, 1),
        };
    }
    Some(file)
}

/// Places an edit in its file by the file as it was before (`originalFile`, which Claude Code
/// records with an `Edit`'s or a `Write`'s result): an `Edit` at the line its replaced text
/// starts on, a `Write` over an existing file (`type: "update"`) as the change from that file,
/// a `MultiEdit` (its `edits`) as the change its edits made to that file.
pub fn place_edit(edit: &mut Edit, tool: Option<&str>, outcome: &Value, multi_edits: Option<&Value>) {
    let original = ["originalFile", "originalFileContents"]
        .iter()
        .find_map(|key| outcome.get(key).and_then(Value::as_str));
    let Some(original) = original else {
        // Without the file (Claude Code leaves a large one out), an `Edit`'s patch still says
        // where its hunk starts.
        if tool == Some("Edit") {
            edit.first_line = edit.first_line.or_else(|| patched_line(outcome));
        }
        return;
    };
    match tool {
        Some("MultiEdit") => {
            if let Some(after) = multi_edits.and_then(|edits| multi_edited(original, edits)) {
                (edit.before, edit.after, edit.first_line) = (original.to_string(), after, Some(1));
            }
        }
        Some("Edit") if !edit.before.is_empty() => {
            if let Some(at) = original.find(&edit.before) {
                edit.first_line = Some(original[..at].matches('\n').count() as u32 + 1);
            }
        }
        Some("Write") if text(outcome, "type").as_deref() != Some("create") => {
            (edit.before, edit.first_line) = (original.to_string(), Some(1));
        }
        _ => {}
    }
}

/// The line an `Edit`'s replaced text starts on, by the patch Claude Code records beside its
/// result (`structuredPatch`: hunks of `oldStart` and `lines`, the context before the change
/// first): its first hunk's start, past that context.
fn patched_line(outcome: &Value) -> Option<u32> {
    let hunk = outcome.get("structuredPatch")?.as_array()?.first()?;
    let start = hunk.get("oldStart")?.as_u64()?;
    let lines = hunk.get("lines")?.as_array()?;
    let context = lines
        .iter()
        .take_while(|line| line.as_str().is_some_and(|l| l.starts_with(' ')))
        .count();
    u32::try_from(start + context as u64).ok()
}

#[cfg(test)]
mod tests {
    use super::super::tests::read;
    use benchscope_contract::trajectory::Edit;
    use serde_json::{json, Value};

    #[test]
    fn an_edit_is_placed_in_its_file_by_the_file_before_it() {
        let original = "import numpy as np\n\n\ndef f():\n    return 1\n";
        let call = |id: &str, name: &str, input: Value| json!({"type": "assistant", "session_id": "s", "message": {"id": format!("m{id}"), "content": [{"type": "tool_use", "id": id, "name": name, "input": input}]}});
        let answer = |id: &str, key: &str, outcome: Value| {
            let mut line = json!({"type": "user", "session_id": "s", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": id, "content": "ok"}]}});
            line[key] = outcome;
            line
        };
        let lines = [
            call(
                "t1",
                "Edit",
                json!({"file_path": "/r/f.py", "old_string": "    return 1", "new_string": "    return 2"}),
            ),
            answer(
                "t1",
                "tool_use_result",
                json!({"filePath": "/r/f.py", "oldString": "    return 1", "originalFile": original, "structuredPatch": []}),
            ),
            call(
                "t2",
                "Write",
                json!({"file_path": "/r/f.py", "content": "def f():\n    return 3\n"}),
            ),
            answer(
                "t2",
                "toolUseResult",
                json!({"type": "update", "filePath": "/r/f.py", "content": "def f():\n    return 3\n", "originalFile": original}),
            ),
            call("t3", "Write", json!({"file_path": "/r/new.py", "content": "x = 1\n"})),
            answer(
                "t3",
                "tool_use_result",
                json!({"type": "create", "filePath": "/r/new.py", "content": "x = 1\n", "originalFile": null}),
            ),
        ];
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let (_, steps) = read(&text);
        let edits: Vec<&Edit> = steps.iter().filter_map(|s| s.edit.as_ref()).collect();
        assert_eq!(edits[0].first_line, Some(5), "the replaced text starts on the file's fifth line");
        assert!(edits[0].unified_diff().contains("@@ -5 +5 @@"), "{}", edits[0].unified_diff());
        assert_eq!(edits[1].before, original, "a Write over a file is the change from it");
        assert!(
            edits[1].unified_diff().contains("-import numpy as np"),
            "{}",
            edits[1].unified_diff()
        );
        assert_eq!(edits[2].before, "", "a new file has nothing before");
    }

    #[test]
    fn an_edit_without_the_file_before_it_is_placed_by_its_patch() {
        let call = json!({"type": "assistant", "session_id": "s", "message": {"id": "m1", "content": [{"type": "tool_use", "id": "t1", "name": "Edit", "input": {"file_path": "/r/f.py", "old_string": "    return 1", "new_string": "    return 2"}}]}});
        let patch = json!([{"oldStart": 40, "oldLines": 7, "newStart": 40, "newLines": 7, "lines": ["     a = 1", "     b = 2", " ", "-    return 1", "+    return 2", " ", " "]}]);
        let answer = json!({"type": "user", "session_id": "s", "toolUseResult": {"filePath": "/r/f.py", "structuredPatch": patch},
                            "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]}});
        let (_, steps) = read(&format!("{call}\n{answer}\n"));
        let edit = steps[0].edit.as_ref().unwrap();
        assert_eq!(edit.first_line, Some(43), "the hunk's line 40, past its three lines of context");
        assert!(edit.unified_diff().contains("@@ -43 +43 @@"), "{}", edit.unified_diff());
    }

    #[test]
    fn a_multi_edit_is_the_change_its_edits_made_to_the_file_before_them() {
        let original = "def f():\n    return 1\n\n\ndef g():\n    return 1\n";
        let edits = json!([{"old_string": "def f():\n    return 1", "new_string": "def f():\n    return 2"}, {"old_string": "return 1", "new_string": "return 3", "replace_all": true}]);
        let call = json!({"type": "assistant", "session_id": "s", "message": {"id": "m1", "content": [{"type": "tool_use", "id": "t1", "name": "MultiEdit", "input": {"file_path": "/r/f.py", "edits": edits}}]}});
        let answer = |outcome: Value| json!({"type": "user", "session_id": "s", "toolUseResult": outcome, "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "Applied 2 edits"}]}});
        let text = |outcome: Value| format!("{call}\n{}\n", answer(outcome));
        let (_, steps) = read(&text(
            json!({"filePath": "/r/f.py", "edits": edits, "originalFileContents": original}),
        ));
        let edit = steps[0].edit.as_ref().expect("a MultiEdit edits its file");
        assert_eq!(steps[0].action, "MultiEdit /r/f.py");
        assert_eq!(edit.after, "def f():\n    return 2\n\n\ndef g():\n    return 3\n");
        assert_eq!(edit.before, original);
        // Without the file before, the texts replaced, one after the other.
        let (_, steps) = read(&text(json!({"filePath": "/r/f.py"})));
        let edit = steps[0].edit.as_ref().unwrap();
        assert_eq!(edit.before, "def f():\n    return 1\nreturn 1");
        assert_eq!(edit.after, "def f():\n    return 2\nreturn 3");
    }
}
