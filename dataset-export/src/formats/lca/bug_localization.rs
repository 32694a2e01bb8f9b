//! Bug localization: an issue (`issue_title`, `issue_body`, `issue_labels`, `issue_url`), the
//! repository (`repo_owner`, `repo_name`, `base_sha`), and the fix (`diff`, `changed_files`).
//! The issue is the document, the fix the gold patch, whose file tree shows the files to find;
//! metrics: precision, recall, F1, false-positive rate, all correct, all incorrect.

use serde_json::{Map, Value};

use benchscope_contract::instance::string_list;
use benchscope_contract::{Document, Instance, PatchRole, RolePatch};

use super::{instance, repo_of};
use crate::error::{FieldError, Location};
use crate::formats::{take_opt_string, take_string, DatasetFormat};

/// The format.
pub struct BugLocalization;

impl DatasetFormat for BugLocalization {
    fn name(&self) -> &'static str {
        "lca-bug-localization"
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        ["issue_title", "issue_body", "changed_files", "base_sha"]
            .iter()
            .all(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let repo =
            repo_of(&record, "repo_owner", "repo_name").ok_or_else(|| FieldError::new("repo_owner", "missing repo_owner or repo_name"))?;
        let id = take_opt_string(&mut record, "id")?
            .unwrap_or_else(|| format!("{repo}#{}", record.get("issue_url").and_then(Value::as_str).unwrap_or("")));
        let title = take_string(&mut record, "issue_title")?;
        let body = take_opt_string(&mut record, "issue_body")?.unwrap_or_default();
        let diff = take_opt_string(&mut record, "diff")?.unwrap_or_default();
        let base = take_opt_string(&mut record, "base_sha")?;
        let language = language_of(record.get("changed_files"));
        let mut instance = instance(id, repo, vec![Document::github_markdown("Issue", body)], record);
        instance.title = title;
        instance.base_commit = base;
        if let Some(language) = language {
            instance.facets.insert("language".into(), language);
        }
        instance.patches.push(RolePatch {
            role: PatchRole::Gold,
            diff,
        });
        Ok(instance)
    }
}

/// The dataset's configurations are per language (py, java, kt): the extension most changed files have.
fn language_of(changed: Option<&Value>) -> Option<String> {
    let files = string_list(changed?)?;
    let mut counts = std::collections::BTreeMap::new();
    for file in &files {
        if let Some((_, extension)) = file.rsplit_once('.') {
            *counts.entry(extension.to_string()).or_insert(0) += 1;
        }
    }
    counts.into_iter().max_by_key(|(_, n)| *n).map(|(extension, _)| extension)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_issue_is_the_document_and_the_fix_the_gold_patch() {
        let record = json!({"id": 17, "repo_owner": "o", "repo_name": "r", "issue_url": "https://github.com/o/r/issues/3",
            "issue_title": "Crash on empty input", "issue_body": "Steps:\n1. run", "issue_labels": ["bug"],
            "pull_url": "https://github.com/o/r/pull/4", "base_sha": "b1", "head_sha": "h1",
            "diff": "--- a/src/a.py\n+++ b/src/a.py\n@@ -1 +1 @@\n-x\n+y\n", "changed_files": "[\"src/a.py\", \"src/b.py\"]",
            "changed_files_count": 2});
        assert!(BugLocalization.detect(record.as_object().unwrap()));
        let instance = BugLocalization
            .normalize(record.as_object().cloned().unwrap(), &Location::Line(1))
            .unwrap();
        assert_eq!(
            (instance.id.as_str(), instance.repo.as_str(), instance.title.as_str()),
            ("17", "o/r", "Crash on empty input")
        );
        assert_eq!(instance.facets["language"], "py");
        assert!(instance.documents[0].hard_breaks, "a GitHub issue keeps its line breaks");
        assert_eq!(instance.base_commit.as_deref(), Some("b1"));
        assert!(instance.extra.contains_key("changed_files") && instance.extra.contains_key("issue_labels"));
    }
}
