//! Bug localization: precision, recall and F1 of the predicted files against the changed ones,
//! the all/none/some-correct rates, and the false-positive rate where the row counts the
//! repository's files.

use std::collections::BTreeMap;

use benchscope_contract::instance::REPOSITORY_FILES_FIELD;
use benchscope_contract::Instance;
use serde_json::Value;

use super::{strings, Metrics, Scorer};
use crate::metrics::sets;

/// The scorer.
pub struct BugLocalization;

impl Scorer for BugLocalization {
    fn format(&self) -> &'static str {
        "lca-bug-localization"
    }

    fn score(&self, instance: &Instance, record: &Value) -> Result<Metrics, String> {
        let predicted = strings(record.get("files").or_else(|| record.get("prediction")));
        let changed = strings(instance.extra.get("changed_files"));
        let repository_files = instance.extra.get(REPOSITORY_FILES_FIELD).and_then(Value::as_u64);
        let result = sets::localization(&predicted, &changed, repository_files.map(|n| n as usize));
        let percent = |yes: bool| if yes { 100.0 } else { 0.0 };
        let mut metrics = BTreeMap::from([
            ("precision".to_string(), result.precision * 100.0),
            ("recall".into(), result.recall * 100.0),
            ("f1".into(), result.f1 * 100.0),
            ("all_correct".into(), percent(result.all_correct)),
            ("all_incorrect".into(), percent(result.all_incorrect)),
            ("at_least_one_correct".into(), percent(result.at_least_one_correct)),
        ]);
        if let Some(rate) = result.false_positive_rate {
            metrics.insert("fpr".into(), rate * 100.0);
        }
        Ok(metrics)
    }
}
