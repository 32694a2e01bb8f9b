//! Library-based code generation: an `instruction` to write a program with a library
//! (`repo_full_name`), the `reference` program, and the library-specific APIs it uses
//! (`unique_apis`). Instruction and reference are documents; metrics: API recall, chrF. The
//! dataset has no id column, so a task's id is its row index, as the baselines' generations name it.

use serde_json::{Map, Value};

use benchscope_contract::extras::REFERENCE_PROGRAM;
use benchscope_contract::{Document, Instance};

use super::instance;
use crate::error::{FieldError, Location};
use crate::formats::{take_opt_string, take_string, DatasetFormat};

/// The format.
pub struct LibraryCodegen;

impl DatasetFormat for LibraryCodegen {
    fn name(&self) -> &'static str {
        "lca-library-codegen"
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        ["instruction", "reference", "unique_apis"].iter().all(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, location: &Location) -> Result<Instance, FieldError> {
        let repo = take_string(&mut record, "repo_full_name")?;
        let instruction = take_string(&mut record, "instruction")?;
        let reference = take_string(&mut record, "reference")?;
        let path = take_opt_string(&mut record, "path_to_reference_file")?.unwrap_or_default();
        let apis: Vec<String> = record
            .get("unique_apis")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect())
            .unwrap_or_default();
        let api_list = apis
            .iter()
            .map(|a| format!("- `{}`", a.replace('`', "")))
            .collect::<Vec<_>>()
            .join("\n");
        let documents = vec![
            Document::markdown("Instruction", instruction),
            Document::code(format!("{REFERENCE_PROGRAM} ({path})"), "python", reference),
            Document::markdown(format!("Library APIs ({})", apis.len()), api_list),
        ];
        // The dataset has no id column: its baselines name a task by its row index.
        let id = match location {
            Location::Line(n) => n.saturating_sub(1).to_string(),
            Location::Element(n) | Location::Row(n) => n.to_string(),
            _ => format!("{repo}:{path}"),
        };
        let title = format!("{repo}: {path}");
        let mut instance = instance(id, repo, documents, record);
        instance.title = title;
        instance.facets.insert("apis".into(), bucket(apis.len()).into());
        Ok(instance)
    }
}

fn bucket(apis: usize) -> &'static str {
    match apis {
        0..=5 => "1-5",
        6..=10 => "6-10",
        11..=20 => "11-20",
        _ => "21+",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn instruction_reference_and_apis_are_documents() {
        let record = json!({"repo_full_name": "pyscf/pyscf", "repo_name": "pyscf", "repo_owner": "pyscf",
            "instruction": "Generate code that runs a Hartree-Fock calculation.", "reference": "from pyscf import gto\nmol = gto.M()\n",
            "clean_reference": "mol = gto.M()", "path_to_reference_file": "examples/scf/00-simple.py", "path_to_examples_folder": "examples",
            "n_unique_apis": 2, "unique_apis": ["M", "RHF"], "project_defined_elements": ["gto"], "api_calls": ["M"], "internal_apis": []});
        assert!(LibraryCodegen.detect(record.as_object().unwrap()));
        let instance = LibraryCodegen
            .normalize(record.as_object().cloned().unwrap(), &Location::Line(1))
            .unwrap();
        assert_eq!(
            (instance.id.as_str(), instance.title.as_str()),
            ("0", "pyscf/pyscf: examples/scf/00-simple.py"),
            "the row index, as the baselines name tasks"
        );
        assert!(instance.documents[1].markdown.starts_with("from pyscf"), "code, not a fenced block");
        assert_eq!(instance.documents[1].language.as_deref(), Some("python"));
        assert_eq!(instance.documents[2].label, "Library APIs (2)");
        assert_eq!(instance.facets["apis"], "1-5");
        assert!(instance.extra.contains_key("unique_apis"), "kept for the metric");
    }
}
