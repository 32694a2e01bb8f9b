//! Metrics over sets and lines: exact match of completed lines, the recall of a library's
//! APIs in generated code, and the bug-localization metrics of Long Code Arena's paper
//! (precision, recall, F1, false-positive rate, all correct, all incorrect).

use std::collections::BTreeSet;

/// Whether a completed line equals the reference, ignoring surrounding whitespace.
pub fn exact_match(predicted: &str, reference: &str) -> bool {
    predicted.trim() == reference.trim()
}

/// Share of `apis` (the library-specific APIs of the reference) that `code` calls: an API counts
/// when its name appears in the code as a whole identifier. `None` when there are no APIs.
pub fn api_recall(code: &str, apis: &[String]) -> Option<f64> {
    let unique: BTreeSet<&String> = apis.iter().collect();
    if unique.is_empty() {
        return None;
    }
    let identifiers: BTreeSet<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|t| !t.is_empty())
        .collect();
    let found = unique
        .iter()
        .filter(|api| {
            let name = api.rsplit('.').next().unwrap_or(api);
            identifiers.contains(name)
        })
        .count();
    Some(found as f64 / unique.len() as f64)
}

/// Bug localization of one instance: the predicted files against the changed ones, among the
/// repository's `total` files.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Localization {
    /// Share of predicted files that changed.
    pub precision: f64,
    /// Share of changed files predicted.
    pub recall: f64,
    /// Harmonic mean of the two.
    pub f1: f64,
    /// Share of unchanged files predicted.
    pub false_positive_rate: f64,
    /// Every changed file predicted and nothing else.
    pub all_correct: bool,
    /// No predicted file changed.
    pub all_incorrect: bool,
}

/// The localization metrics of `predicted` against `changed` in a repository of `total` files.
pub fn localization(predicted: &[String], changed: &[String], total: usize) -> Localization {
    let predicted: BTreeSet<&String> = predicted.iter().collect();
    let changed: BTreeSet<&String> = changed.iter().collect();
    let hits = predicted.intersection(&changed).count() as f64;
    let precision = if predicted.is_empty() { 0.0 } else { hits / predicted.len() as f64 };
    let recall = if changed.is_empty() { 0.0 } else { hits / changed.len() as f64 };
    let f1 = if precision + recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    };
    let negatives = total.saturating_sub(changed.len());
    let false_positives = predicted.len() as f64 - hits;
    Localization {
        precision,
        recall,
        f1,
        false_positive_rate: if negatives > 0 { false_positives / negatives as f64 } else { 0.0 },
        all_correct: predicted == changed,
        all_incorrect: hits == 0.0,
    }
}
