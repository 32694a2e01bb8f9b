//! Module summarization: the `intent` of a documentation file (`docfile_name`,
//! `path_to_docfile`) to write from the code (`relevant_code_files`, `relevant_code_context`),
//! and the `target_text`. Intent and target are documents, the code files a list; CompScore is
//! LLM-judged, so it is imported, not computed.

use serde_json::{Map, Value};

use benchscope_contract::{Document, Instance};

use super::instance;
use crate::error::{FieldError, Location};
use crate::formats::{take_opt_string, take_string, DatasetFormat};

/// The format.
pub struct ModuleSummarization;

impl DatasetFormat for ModuleSummarization {
    fn name(&self) -> &'static str {
        "lca-module-summarization"
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        ["intent", "target_text", "docfile_name"].iter().all(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let repo = take_string(&mut record, "repo")?;
        let intent = take_string(&mut record, "intent")?;
        let target = take_string(&mut record, "target_text")?;
        let docfile = take_opt_string(&mut record, "path_to_docfile")?
            .or(take_opt_string(&mut record, "docfile_name")?)
            .unwrap_or_default();
        let files: Vec<String> = match record.get("relevant_code_files") {
            Some(Value::Array(items)) => items
                .iter()
                .filter_map(Value::as_str)
                .map(|f| format!("- `{}`", f.replace('`', "")))
                .collect(),
            _ => Vec::new(),
        };
        let documents = vec![
            Document::markdown("Intent", intent.clone()),
            Document::markdown(format!("Target documentation ({docfile})"), target),
            Document::markdown(format!("Relevant code files ({})", files.len()), files.join("\n")),
        ];
        let mut instance = instance(format!("{repo}:{docfile}"), repo, documents, record);
        instance.title = intent.lines().next().unwrap_or_default().chars().take(120).collect();
        Ok(instance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn intent_target_and_files_are_documents() {
        let record = json!({"repo": "o/r", "docfile_name": "usage.md", "intent": "How to use the CLI", "license": "MIT",
            "path_to_docfile": "docs/usage.md", "relevant_code_files": ["src/cli.py"], "relevant_code_dir": "src",
            "target_text": "# Usage\nRun it.", "relevant_code_context": "def main(): ..."});
        assert!(ModuleSummarization.detect(record.as_object().unwrap()));
        let instance = ModuleSummarization
            .normalize(record.as_object().cloned().unwrap(), &Location::Line(1))
            .unwrap();
        assert_eq!(
            (instance.id.as_str(), instance.title.as_str()),
            ("o/r:docs/usage.md", "How to use the CLI")
        );
        assert_eq!(instance.documents[2].markdown, "- `src/cli.py`");
        assert!(instance.extra.contains_key("relevant_code_context"));
    }
}
