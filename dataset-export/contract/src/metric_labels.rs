//! What a metric's key reads as on a page: `chrf_mean` → "chrF", `pass3_percent` → "% pass@3",
//! `em_inproject` → "exact match, inproject". The key stays as the data writes it (in URLs,
//! attributes and CSV files); only the words a reader sees change.

/// Words spelled as their metric's authors spell them, and abbreviations a reader may not know.
const WORDS: &[(&str, &str)] = &[
    ("chrf", "chrF"),
    ("bleu", "BLEU"),
    ("rouge1", "ROUGE-1"),
    ("rouge2", "ROUGE-2"),
    ("rougel", "ROUGE-L"),
    ("bertscore", "BERTScore"),
    ("api", "API"),
    ("f1", "F1"),
    ("em", "exact match"),
    ("fpr", "false-positive rate"),
];

/// The words a page shows for the metric `key`. A run's headline names a metric's mean
/// `<metric>_mean`; the board says its columns are means, so the suffix is not repeated.
pub fn metric_label(key: &str) -> String {
    let label = label_of(key.strip_suffix("_mean").unwrap_or(key));
    if label.is_empty() {
        key.to_string()
    } else {
        label
    }
}

fn label_of(key: &str) -> String {
    if let Some(share) = key.strip_suffix("_percent") {
        return format!("% {}", label_of(share)).trim_end().to_string();
    }
    let words: Vec<&str> = key.split('_').filter(|w| !w.is_empty()).collect();
    let mut out: Vec<String> = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let (word, used) = read_word(&words[at..]);
        out.push(word);
        at += used;
    }
    match out.split_first() {
        // A part of exact match: `em_infile` is exact match on the in-file lines.
        Some((first, rest)) if first == "exact match" && !rest.is_empty() => format!("exact match, {}", rest.join(" ")),
        _ => out.join(" "),
    }
}

/// The first word of `words` as a reader sees it, and how many of `words` it took: `pass@k` from
/// `pass`, `at`, `k` or from `passk`; a word of [`WORDS`]; any other as written.
fn read_word(words: &[&str]) -> (String, usize) {
    let word = words[0];
    if word.eq_ignore_ascii_case("pass") {
        if let [_, at, k, ..] = words {
            if at.eq_ignore_ascii_case("at") && is_number(k) {
                return (format!("pass@{k}"), 3);
            }
        }
    }
    if let Some(k) = word.strip_prefix("pass").filter(|k| is_number(k)) {
        return (format!("pass@{k}"), 1);
    }
    let known = WORDS.iter().find(|(key, _)| key.eq_ignore_ascii_case(word));
    (known.map_or(word, |(_, label)| label).to_string(), 1)
}

fn is_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_metrics_benchscope_writes_read_as_their_authors_name_them() {
        for (key, label) in [
            ("chrf_mean", "chrF"),
            ("api_recall_mean", "API recall"),
            ("bleu", "BLEU"),
            ("rouge1", "ROUGE-1"),
            ("rougeL_mean", "ROUGE-L"),
            ("em_mean", "exact match"),
            ("em_non_informative", "exact match, non informative"),
            ("f1_mean", "F1"),
            ("at_least_one_correct", "at least one correct"),
            ("fpr_mean", "false-positive rate"),
            ("file_recall", "file recall"),
            ("node_f1_mean", "node F1"),
            ("reward_mean", "reward"),
        ] {
            assert_eq!(metric_label(key), label, "{key}");
        }
    }

    #[test]
    fn a_share_in_percent_and_pass_at_k_read_as_the_boards_write_them() {
        assert_eq!(metric_label("pass3_percent"), "% pass@3");
        assert_eq!(metric_label("pass_at_1_percent"), "% pass@1");
        assert_eq!(metric_label("pass@1"), "pass@1");
        assert_eq!(metric_label("resolved_rate"), "resolved rate");
        assert_eq!(metric_label("passed"), "passed", "a word that starts with pass is left alone");
    }

    #[test]
    fn an_unknown_key_keeps_its_letters_and_loses_only_its_underscores() {
        assert_eq!(metric_label("Custom_Score"), "Custom Score");
        assert_eq!(metric_label("__odd__"), "odd");
        assert_eq!(metric_label(""), "");
        assert_eq!(metric_label("_mean"), "_mean", "a key that would read as nothing reads as itself");
    }
}
