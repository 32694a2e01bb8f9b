//! The metrics of benchmarks without a pass/fail column (Long Code Arena), computed the way
//! their reference implementations compute them, and checked against values those
//! implementations produced (`tests/fixtures/metrics/`, made by `generate.py` there):
//! - [`chrf`]: chrF (sacrebleu's `CHRF()`: character 6-grams, β = 2, whitespace removed);
//! - [`bleu`]: sentence BLEU (sacrebleu's `sentence_bleu`: 13a tokenization, exp smoothing,
//!   effective order);
//! - [`rouge`]: ROUGE-1, ROUGE-2 and ROUGE-L F-measures (Google's `rouge-score`, default
//!   tokenizer: lowercased, runs of ASCII letters and digits, no stemming);
//! - [`sets`]: exact match, API recall, and the bug-localization set metrics.

pub mod bleu;
pub mod chrf;
pub mod rouge;
pub mod sets;

use std::collections::HashMap;
use std::hash::Hash;

/// How many of `hypothesis`'s items `reference` has too, counting repeats at most as often as
/// both have them, with the two totals: `(matches, hypothesis total, reference total)`.
pub fn clipped_matches<T: Eq + Hash>(hypothesis: impl IntoIterator<Item = T>, reference: impl IntoIterator<Item = T>) -> (u64, u64, u64) {
    let mut counts: HashMap<T, (u64, u64)> = HashMap::new();
    for item in hypothesis {
        counts.entry(item).or_default().0 += 1;
    }
    for item in reference {
        counts.entry(item).or_default().1 += 1;
    }
    counts.values().fold((0, 0, 0), |(m, h, r), (a, b)| (m + a.min(b), h + a, r + b))
}
