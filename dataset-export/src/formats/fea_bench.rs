//! FEA-Bench: the SWE-bench core plus `new_components`, `pull_number`, `non_py_patch`,
//! `issue_text` and `pull_request_text`.
//!
//! The added functions and classes come from `new_components` (FEA-Bench's own list, which its
//! Figure 5 counts), not from the patch. The issue and pull-request texts become documents and
//! the non-Python part of the change a patch of its own.

use serde_json::{Map, Value};

use benchscope_contract::extras::{count_components, read_new_components, NEW_COMPONENTS_FIELD};
use benchscope_contract::{Document, Instance, PatchRole, RolePatch};

use super::swe_bench::{take_core, Written};
use super::{take_opt_string, DatasetFormat};
use crate::error::{FieldError, Location};

/// The FEA-Bench format.
pub struct FeaBench;

impl DatasetFormat for FeaBench {
    fn name(&self) -> &'static str {
        "fea-bench"
    }

    fn benchmark(&self) -> Option<&'static str> {
        Some("fea-bench")
    }

    fn publishes_gold_patches(&self) -> bool {
        true
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        record.contains_key("instance_id")
            && ["new_components", "non_py_patch", "pull_request_text"]
                .iter()
                .any(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let issue_text = if record.contains_key("problem_statement") {
            take_opt_string(&mut record, "issue_text")?
        } else {
            None
        };
        let mut instance = take_core(&mut record, Written::OnGitHub)?;
        if let Some(issue) = issue_text.filter(|t| !t.trim().is_empty()) {
            instance.documents.push(Document::github_markdown("Issue", issue));
        }
        if let Some(pr) = take_opt_string(&mut record, "pull_request_text")?.filter(|t| !t.trim().is_empty()) {
            instance.documents.push(Document::github_markdown("Pull request", pr));
        }
        if let Some(diff) = take_opt_string(&mut record, "non_py_patch")?.filter(|d| !d.trim().is_empty()) {
            instance.patches.push(RolePatch {
                role: PatchRole::Other,
                diff,
            });
        }
        if let Some(components) = record.get(NEW_COMPONENTS_FIELD) {
            let files = read_new_components(components)?;
            let (functions, classes) = count_components(&files);
            instance.stats.functions_added = functions;
            instance.stats.classes_added = classes;
        }
        instance.extra = record.into_iter().collect();
        Ok(instance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn components_give_the_added_function_count_and_texts_become_documents() {
        let record = json!({
            "instance_id": "huggingface__accelerate-270", "pull_number": 270, "repo": "huggingface/accelerate", "version": null,
            "problem_statement": "Add checkpoints", "issue_text": "Issue body", "pull_request_text": "PR body", "patch": "",
            "non_py_patch": "--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-a\n+b\n",
            "new_components": [{"file": "a.py", "components": [
                {"type": "function", "name": "f", "lines": [1, 2], "signature": "def f()", "doc": ""},
                {"type": "method", "name": "A.m", "lines": [3, 4], "signature": "def m(self)", "doc": "Doc"},
                {"type": "class", "name": "A", "lines": [3, 9], "signature": "class A", "doc": ""}]}],
            "FAIL_TO_PASS": ["tests/test_a.py::test_f"], "PASS_TO_PASS": []
        });
        let instance = FeaBench
            .normalize(record.as_object().cloned().unwrap(), &Location::Line(1))
            .unwrap();
        assert_eq!((instance.stats.functions_added, instance.stats.classes_added), (2, 1));
        let labels: Vec<_> = instance.documents.iter().map(|d| (d.label.as_str(), d.hard_breaks)).collect();
        assert_eq!(
            labels,
            [("Problem statement", true), ("Issue", true), ("Pull request", true)],
            "GitHub's texts keep their line breaks"
        );
        assert!(instance.patch(PatchRole::Other).is_some());
        assert_eq!(instance.extra["pull_number"], 270);
        assert!(instance.extra.contains_key("new_components"));
        assert!(!instance.facets.contains_key("version"), "a null version is no facet value");
    }

    #[test]
    fn malformed_components_name_the_field() {
        let record = json!({"instance_id": "x", "repo": "o/r", "problem_statement": "", "patch": "", "new_components": "nope"});
        let err = FeaBench
            .normalize(record.as_object().cloned().unwrap(), &Location::Line(1))
            .unwrap_err();
        assert_eq!(err.field.as_deref(), Some("new_components"));
    }
}
