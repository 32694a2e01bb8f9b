//! Sentence BLEU as sacrebleu 2.x's `sentence_bleu` computes it: the 13a tokenizer (mteval's),
//! n-grams of orders 1 to 4, the "exp" smoothing of zero counts, the effective order (orders the
//! hypothesis is too short for are left out), and the brevity penalty. Scores are 0..=100.

use std::sync::OnceLock;

use regex::Regex;

use super::clipped_matches;

/// The highest n-gram order.
const ORDER: usize = 4;

fn rules() -> &'static [(Regex, &'static str); 4] {
    static RULES: OnceLock<[(Regex, &str); 4]> = OnceLock::new();
    RULES.get_or_init(|| {
        [
            // Symbols and punctuation become tokens of their own.
            (Regex::new(r"([\{-~\[-` -&\(-\+:-@/])").unwrap(), " $1 "),
            // Periods and commas, unless preceded by a digit…
            (Regex::new(r"([^0-9])([\.,])").unwrap(), "$1 $2 "),
            // …or followed by one.
            (Regex::new(r"([\.,])([^0-9])").unwrap(), " $1 $2"),
            // A dash after a digit.
            (Regex::new(r"([0-9])(-)").unwrap(), "$1 $2 "),
        ]
    })
}

/// mteval-v13a tokenization, as sacrebleu's `Tokenizer13a`.
pub fn tokenize_13a(text: &str) -> Vec<String> {
    let mut line = text.replace("<skipped>", "").replace("-\n", "").replace('\n', " ");
    if line.contains('&') {
        line = line
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">");
    }
    let mut line = format!(" {line} ");
    for (rule, replacement) in rules() {
        line = rule.replace_all(&line, *replacement).into_owned();
    }
    line.split_whitespace().map(str::to_string).collect()
}

/// The sentence BLEU of `hypothesis` against `reference`.
pub fn sentence_bleu(hypothesis: &str, reference: &str) -> f64 {
    let (hyp, reference) = (tokenize_13a(hypothesis), tokenize_13a(reference));
    let counts: Vec<(u64, u64)> = (1..=ORDER)
        .map(|n| {
            let (matches, total, _) = clipped_matches(hyp.windows(n), reference.windows(n));
            (matches, total)
        })
        .collect();
    // No match at any order scores 0, smoothing or not (sacrebleu's early stop).
    if counts.iter().all(|(matches, _)| *matches == 0) {
        return 0.0;
    }
    let mut log_sum = 0.0;
    let mut effective_order = 0;
    let mut smoothing = 1.0;
    for (n, &(matches, total)) in (1..=ORDER).zip(&counts) {
        if total == 0 {
            break;
        }
        effective_order = n;
        let precision = if matches == 0 {
            smoothing *= 2.0;
            100.0 / (smoothing * total as f64)
        } else {
            100.0 * matches as f64 / total as f64
        };
        log_sum += precision.ln();
    }
    if effective_order == 0 {
        return 0.0;
    }
    let brevity = match (hyp.len(), reference.len()) {
        (0, _) => 0.0,
        (h, r) if h < r => (1.0 - r as f64 / h as f64).exp(),
        _ => 1.0,
    };
    brevity * (log_sum / effective_order as f64).exp()
}
