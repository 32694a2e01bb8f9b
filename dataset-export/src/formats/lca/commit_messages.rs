//! Commit message generation: `hash`, `repo`, `date`, `license`, `message`, and `mods`, the
//! per-file modifications `{change_type, old_path, new_path, diff}` (the diff is the hunks only).
//! The modifications become one unified diff with git headers (so additions, deletions and
//! renames show as such), the message the document; metrics: BLEU, chrF, ROUGE.

use serde_json::{Map, Value};

use benchscope_contract::{Document, Instance, PatchRole, RolePatch};

use super::instance;
use crate::error::{FieldError, Location};
use crate::formats::{take_opt_string, take_string, DatasetFormat};
use crate::input::kind_of;

/// The format.
pub struct CommitMessages;

impl DatasetFormat for CommitMessages {
    fn name(&self) -> &'static str {
        "lca-commit-messages"
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        ["hash", "message", "mods"].iter().all(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let hash = take_string(&mut record, "hash")?;
        let repo = take_string(&mut record, "repo")?;
        let message = take_string(&mut record, "message")?;
        let date = take_opt_string(&mut record, "date")?;
        let mods = match record.remove("mods") {
            Some(Value::Array(mods)) => mods,
            Some(other) => return Err(FieldError::new("mods", format!("expected a list, found {}", kind_of(&other)))),
            None => return Err(FieldError::new("mods", "missing required field")),
        };
        let diff = mods
            .iter()
            .enumerate()
            .map(|(i, m)| modification(m).map_err(|e| FieldError::new("mods", format!("item {i}: {e}"))))
            .collect::<Result<String, _>>()?;
        let mut instance = instance(
            format!("{repo}@{}", &hash),
            repo,
            vec![Document::code("Commit message", "text", message.clone())],
            record,
        );
        instance.title = message.lines().next().unwrap_or_default().chars().take(120).collect();
        instance.created_at = date;
        instance.base_commit = Some(hash);
        instance.patches.push(RolePatch {
            role: PatchRole::Gold,
            diff,
        });
        Ok(instance)
    }
}

/// One modification as a unified diff with git headers.
fn modification(m: &Value) -> Result<String, String> {
    let field = |key: &str| m.get(key).and_then(Value::as_str).filter(|s| !s.is_empty());
    let change = field("change_type").unwrap_or("MODIFY");
    let old = field("old_path");
    let new = field("new_path");
    let path = new.or(old).ok_or("no old_path or new_path")?;
    let (a, b) = (old.unwrap_or(path), new.unwrap_or(path));
    let mut text = format!("diff --git a/{a} b/{b}\n");
    match change {
        "ADD" => text.push_str(&format!("new file mode 100644\n--- /dev/null\n+++ b/{b}\n")),
        "DELETE" => text.push_str(&format!("deleted file mode 100644\n--- a/{a}\n+++ /dev/null\n")),
        "RENAME" | "COPY" => {
            let verb = if change == "RENAME" { "rename" } else { "copy" };
            text.push_str(&format!("{verb} from {a}\n{verb} to {b}\n--- a/{a}\n+++ b/{b}\n"));
        }
        _ => text.push_str(&format!("--- a/{a}\n+++ b/{b}\n")),
    }
    let diff = m.get("diff").and_then(Value::as_str).unwrap_or_default();
    text.push_str(diff);
    if !diff.is_empty() && !diff.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::patch::{parse_patch, FileStatus};
    use serde_json::json;

    #[test]
    fn modifications_become_one_diff_with_their_change_types() {
        let record = json!({"hash": "abc123", "repo": "owner/name", "date": "2023-01-02", "license": "MIT",
        "message": "Add parser\n\nLonger body with ``` fences",
        "mods": [
            {"change_type": "MODIFY", "old_path": "a.py", "new_path": "a.py", "diff": "@@ -1 +1 @@\n-x\n+y\n"},
            {"change_type": "ADD", "old_path": null, "new_path": "b.py", "diff": "@@ -0,0 +1 @@\n+new"},
            {"change_type": "DELETE", "old_path": "c.py", "new_path": null, "diff": "@@ -1 +0,0 @@\n-old\n"},
            {"change_type": "RENAME", "old_path": "d.py", "new_path": "e.py", "diff": ""}
        ]});
        assert!(CommitMessages.detect(record.as_object().unwrap()));
        let instance = CommitMessages
            .normalize(record.as_object().cloned().unwrap(), &Location::Line(1))
            .unwrap();
        assert_eq!((instance.id.as_str(), instance.title.as_str()), ("owner/name@abc123", "Add parser"));
        let files = parse_patch(&instance.patches[0].diff);
        let statuses: Vec<_> = files.iter().map(|f| f.status).collect();
        assert_eq!(
            statuses,
            [FileStatus::Modified, FileStatus::Added, FileStatus::Deleted, FileStatus::Renamed]
        );
        assert_eq!(files[1].added_and_removed(), (1, 0));
        assert_eq!(
            instance.documents[0].language.as_deref(),
            Some("text"),
            "the message is kept verbatim"
        );
        assert_eq!(instance.extra["license"], "MIT");
        let bad = json!({"hash": "h", "repo": "r", "message": "m", "mods": [{"change_type": "ADD"}]});
        let error = CommitMessages
            .normalize(bad.as_object().cloned().unwrap(), &Location::Line(2))
            .unwrap_err();
        assert_eq!(error.field.as_deref(), Some("mods"));
    }
}
