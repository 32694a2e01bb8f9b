//! CI builds repair: a failed GitHub Actions run (`repo_owner`, `repo_name`, `sha_fail`,
//! `head_branch`, `workflow`, `workflow_name`, `workflow_path`, `logs` `[{step_name, log}]`) and the
//! commit that fixed it (`sha_success`, `diff`, `changed_files`), with `difficulty` 1-3. Each failing
//! step's log is a log document: the explorer opens it at its first error, located as the paper
//! does (the first line matching error, failure, failed or traceback) with the 100 lines around
//! it, and searches it line by line; the workflow file is a document too. Metric: pass@1 of the
//! rerun.

use serde_json::{Map, Value};

use benchscope_contract::{Document, Instance, PatchRole, RolePatch};

use super::{instance, repo_of};
use crate::error::{FieldError, Location};
use crate::formats::{take_opt_string, DatasetFormat};
use crate::input::kind_of;

/// The format.
pub struct CiBuilds;

impl DatasetFormat for CiBuilds {
    fn name(&self) -> &'static str {
        "lca-ci-builds"
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        ["sha_fail", "sha_success", "logs", "workflow"]
            .iter()
            .all(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let repo =
            repo_of(&record, "repo_owner", "repo_name").ok_or_else(|| FieldError::new("repo_owner", "missing repo_owner or repo_name"))?;
        let id = take_opt_string(&mut record, "id")?.ok_or_else(|| FieldError::new("id", "missing required field"))?;
        let logs = match record.remove("logs") {
            Some(Value::Array(logs)) => logs,
            Some(other) => return Err(FieldError::new("logs", format!("expected a list, found {}", kind_of(&other)))),
            None => Vec::new(),
        };
        let mut documents = Vec::new();
        for (i, step) in logs.iter().enumerate() {
            let name = step.get("step_name").and_then(Value::as_str).unwrap_or("step");
            let log = step
                .get("log")
                .and_then(Value::as_str)
                .ok_or_else(|| FieldError::new("logs", format!("item {i}: no `log` text")))?;
            documents.push(Document::log(format!("Failing step: {name}"), log));
        }
        let workflow = take_opt_string(&mut record, "workflow")?.unwrap_or_default();
        let workflow_name = record
            .get("workflow_name")
            .and_then(Value::as_str)
            .unwrap_or("workflow")
            .to_string();
        documents.push(Document::code(format!("Workflow: {workflow_name}"), "yaml", workflow));
        let diff = take_opt_string(&mut record, "diff")?.unwrap_or_default();
        let base = take_opt_string(&mut record, "sha_fail")?;
        let difficulty = take_opt_string(&mut record, "difficulty")?;
        let branch = record.get("head_branch").and_then(Value::as_str).unwrap_or_default().to_string();
        let mut instance = instance(id, repo, documents, record);
        instance.title = format!("{workflow_name} failed on {branch}");
        instance.base_commit = base;
        if let Some(difficulty) = difficulty {
            instance.facets.insert("difficulty".into(), difficulty);
        }
        instance.patches.push(RolePatch {
            role: PatchRole::Gold,
            diff,
        });
        Ok(instance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::DocumentKind;
    use serde_json::json;

    #[test]
    fn logs_stay_whole_as_log_documents_and_difficulty_is_a_facet() {
        let log: String = (0..300)
            .map(|i| {
                if i == 120 {
                    "E   AssertionError: boom\n".to_string()
                } else {
                    format!("step output {i}\n")
                }
            })
            .collect();
        let record = json!({"id": 42, "repo_owner": "o", "repo_name": "r", "sha_fail": "f", "sha_success": "s",
            "diff": "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n", "head_branch": "main", "language": "Python",
            "logs": [{"step_name": "tests", "log": log}], "workflow": "on: push\njobs: {}\n", "workflow_filename": "ci.yml",
            "workflow_name": "CI", "workflow_path": ".github/workflows/ci.yml", "changed_files": ["x.py"],
            "commit_link": "https://github.com/o/r/commit/f", "contributor": "me", "difficulty": 2});
        assert!(CiBuilds.detect(record.as_object().unwrap()));
        let instance = CiBuilds
            .normalize(record.as_object().cloned().unwrap(), &Location::Line(1))
            .unwrap();
        assert_eq!((instance.id.as_str(), instance.title.as_str()), ("42", "CI failed on main"));
        assert_eq!(instance.facets["difficulty"], "2");
        let step = &instance.documents[0];
        assert_eq!(step.label, "Failing step: tests");
        assert_eq!(
            (step.kind, step.markdown.as_str()),
            (DocumentKind::Log, log.as_str()),
            "the log as published, once"
        );
        assert_eq!(instance.documents[1].label, "Workflow: CI");
    }
}
