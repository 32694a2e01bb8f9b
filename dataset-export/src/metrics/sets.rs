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

/// Bug localization of one instance: the predicted files against the changed ones, as the
/// baselines' `quality_metrics.py` scores them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Localization {
    /// Share of predicted files that changed.
    pub precision: f64,
    /// Share of changed files predicted.
    pub recall: f64,
    /// Harmonic mean of the two.
    pub f1: f64,
    /// False positives over false positives plus true negatives, when the repository's size is known.
    pub false_positive_rate: Option<f64>,
    /// Every changed file predicted and nothing else.
    pub all_correct: bool,
    /// At least one file predicted, and none of them changed.
    pub all_incorrect: bool,
    /// At least one changed file predicted.
    pub at_least_one_correct: bool,
}

/// The localization metrics of `predicted` against `changed`. The true negatives are the
/// repository's `repository_files` (the dataset counts them without tests, as the baselines list
/// them) that are neither changed nor predicted; a predicted path is taken to be a repository file.
pub fn localization(predicted: &[String], changed: &[String], repository_files: Option<usize>) -> Localization {
    let predicted: BTreeSet<&String> = predicted.iter().collect();
    let changed: BTreeSet<&String> = changed.iter().collect();
    let hits = predicted.intersection(&changed).count();
    let ratio = |part: usize, whole: usize| if whole == 0 { 0.0 } else { part as f64 / whole as f64 };
    let (precision, recall) = (ratio(hits, predicted.len()), ratio(hits, changed.len()));
    let f1 = if precision + recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    };
    let false_positives = predicted.len() - hits;
    let false_positive_rate = repository_files.map(|files| {
        let true_negatives = files.saturating_sub(predicted.union(&changed).count());
        ratio(false_positives, false_positives + true_negatives)
    });
    Localization {
        precision,
        recall,
        f1,
        false_positive_rate,
        all_correct: predicted == changed,
        all_incorrect: hits == 0 && !predicted.is_empty(),
        at_least_one_correct: hits > 0,
    }
}
