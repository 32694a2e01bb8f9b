//! chrF as sacrebleu 2.x computes a sentence's: character n-grams of orders 1 to 6 over the text
//! with all whitespace removed, precision and recall averaged over the orders both texts have,
//! then F with β = 2. Scores are 0..=100.

use super::clipped_matches;

/// The highest character n-gram order.
const ORDER: usize = 6;
/// Recall weighs β² = 4 times precision.
const BETA: f64 = 2.0;

/// The sentence chrF of `hypothesis` against `reference`.
pub fn chrf(hypothesis: &str, reference: &str) -> f64 {
    let squeeze = |text: &str| text.split_whitespace().collect::<String>().chars().collect::<Vec<char>>();
    let (hyp, reference) = (squeeze(hypothesis), squeeze(reference));
    let (mut precision, mut recall, mut orders) = (0.0, 0.0, 0usize);
    for n in 1..=ORDER {
        let (matches, hyp_total, ref_total) = clipped_matches(hyp.windows(n), reference.windows(n));
        if hyp_total > 0 && ref_total > 0 {
            precision += matches as f64 / hyp_total as f64;
            recall += matches as f64 / ref_total as f64;
            orders += 1;
        }
    }
    if orders == 0 {
        return 0.0;
    }
    let (precision, recall) = (precision / orders as f64, recall / orders as f64);
    let factor = BETA * BETA;
    if precision + recall == 0.0 {
        return 0.0;
    }
    100.0 * (1.0 + factor) * precision * recall / (factor * precision + recall)
}
