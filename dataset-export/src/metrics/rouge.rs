//! ROUGE as Google's `rouge-score` computes it with its defaults: text lowercased, every run of
//! characters other than ASCII letters and digits a separator, no stemming; ROUGE-N from clipped
//! n-gram overlaps, ROUGE-L from the longest common subsequence; each an F-measure in 0..=1.

use super::clipped_matches;

/// Precision, recall and F-measure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rouge {
    /// Share of the hypothesis matched.
    pub precision: f64,
    /// Share of the reference matched.
    pub recall: f64,
    /// Their harmonic mean.
    pub f: f64,
}

impl Rouge {
    fn of(matches: u64, hyp_total: u64, ref_total: u64) -> Rouge {
        let precision = if hyp_total > 0 { matches as f64 / hyp_total as f64 } else { 0.0 };
        let recall = if ref_total > 0 { matches as f64 / ref_total as f64 } else { 0.0 };
        let f = if precision + recall > 0.0 {
            2.0 * precision * recall / (precision + recall)
        } else {
            0.0
        };
        Rouge { precision, recall, f }
    }
}

/// `rouge-score`'s default tokens.
pub fn tokenize(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// ROUGE-N.
pub fn rouge_n(hypothesis: &str, reference: &str, n: usize) -> Rouge {
    let (hyp, reference) = (tokenize(hypothesis), tokenize(reference));
    let (matches, hyp_total, ref_total) = clipped_matches(hyp.windows(n), reference.windows(n));
    Rouge::of(matches, hyp_total, ref_total)
}

/// ROUGE-L.
pub fn rouge_l(hypothesis: &str, reference: &str) -> Rouge {
    let (hyp, reference) = (tokenize(hypothesis), tokenize(reference));
    let lcs = longest_common_subsequence(&hyp, &reference);
    Rouge::of(lcs as u64, hyp.len() as u64, reference.len() as u64)
}

fn longest_common_subsequence(a: &[String], b: &[String]) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for x in a {
        let mut diagonal = 0;
        for (j, y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if x == y { diagonal + 1 } else { above.max(row[j]) };
            diagonal = above;
        }
    }
    row[b.len()]
}
