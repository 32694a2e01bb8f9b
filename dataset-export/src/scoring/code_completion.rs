//! Project-level code completion: exact match of each predicted line against the file's line,
//! per line category and overall.

use std::collections::BTreeMap;

use benchscope_contract::extras::CompletionTask;
use benchscope_contract::Instance;
use serde_json::Value;

use super::{Metrics, Scorer};
use crate::metrics::sets;

/// The scorer.
pub struct CodeCompletion;

impl Scorer for CodeCompletion {
    fn format(&self) -> &'static str {
        "lca-code-completion"
    }

    fn score(&self, instance: &Instance, record: &Value) -> Result<Metrics, String> {
        let completions = record
            .get("completions")
            .and_then(Value::as_object)
            .ok_or("field `completions`: expected {line index: text}")?;
        let task = CompletionTask::of(&instance.extra).map_err(|e| format!("task {}: `{}`: {}", instance.id, e.field, e.message))?;
        let lines: Vec<&str> = task.content.lines().collect();
        let mut metrics = BTreeMap::new();
        let (mut hits, mut total) = (0u64, 0u64);
        for (category, numbers) in &task.lines {
            let scored: Vec<bool> = numbers
                .iter()
                .filter_map(|n| {
                    let predicted = completions.get(&n.to_string())?.as_str()?;
                    Some(sets::exact_match(predicted, lines.get(*n)?))
                })
                .collect();
            if !scored.is_empty() {
                let matched = scored.iter().filter(|m| **m).count() as u64;
                metrics.insert(format!("em_{category}"), matched as f64 * 100.0 / scored.len() as f64);
                hits += matched;
                total += scored.len() as u64;
            }
        }
        if total > 0 {
            metrics.insert("em".into(), hits as f64 * 100.0 / total as f64);
        }
        Ok(metrics)
    }
}
