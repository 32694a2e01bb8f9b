//! Library-based code generation: chrF against the reference program, and recall of the
//! library's APIs (`unique_apis`) the reference uses.

use std::collections::BTreeMap;

use benchscope_contract::extras::reference_program;
use benchscope_contract::Instance;
use serde_json::Value;

use super::{strings, text_field, Metrics, Scorer};
use crate::metrics::{chrf, sets};

/// The scorer.
pub struct LibraryCodegen;

impl Scorer for LibraryCodegen {
    fn format(&self) -> &'static str {
        "lca-library-codegen"
    }

    fn score(&self, instance: &Instance, record: &Value) -> Result<Metrics, String> {
        let generation = text_field(record, &["generation", "prediction"])?;
        let reference = reference_program(&instance.documents).ok_or_else(|| format!("task {} has no reference program", instance.id))?;
        let apis = strings(instance.extra.get("unique_apis"));
        let mut metrics = BTreeMap::from([("chrf".to_string(), chrf::chrf(&generation, reference))]);
        if let Some(recall) = sets::api_recall(&generation, &apis) {
            metrics.insert("api_recall".into(), recall * 100.0);
        }
        Ok(metrics)
    }
}
