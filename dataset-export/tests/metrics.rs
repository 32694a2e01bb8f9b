//! The metrics against values their reference implementations (sacrebleu 2.5.1, rouge-score
//! 0.1.2) produced on the same texts: `tests/fixtures/metrics/metrics.json`, written by
//! `generate.py` beside it.

use benchscope_cli::metrics::bleu::{sentence_bleu, tokenize_13a};
use benchscope_cli::metrics::chrf::chrf;
use benchscope_cli::metrics::rouge::{rouge_l, rouge_n};
use benchscope_cli::metrics::sets::{api_recall, exact_match, localization};

fn fixtures() -> Vec<serde_json::Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/metrics/metrics.json");
    let value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    value["pairs"].as_array().unwrap().clone()
}

fn close(ours: f64, theirs: f64, what: &str, pair: &serde_json::Value) {
    assert!((ours - theirs).abs() < 1e-9, "{what}: ours {ours}, reference {theirs}, on {pair}");
}

#[test]
fn chrf_bleu_and_rouge_match_the_reference_implementations() {
    let pairs = fixtures();
    assert!(pairs.len() >= 16);
    for pair in &pairs {
        let (hyp, reference) = (pair["hypothesis"].as_str().unwrap(), pair["reference"].as_str().unwrap());
        let tokens: Vec<String> = serde_json::from_value(pair["tokens_13a"].clone()).unwrap();
        assert_eq!(tokenize_13a(hyp), tokens, "13a tokens of {hyp:?}");
        close(chrf(hyp, reference), pair["chrf"].as_f64().unwrap(), "chrF", pair);
        close(sentence_bleu(hyp, reference), pair["bleu"].as_f64().unwrap(), "BLEU", pair);
        close(rouge_n(hyp, reference, 1).f, pair["rouge1"].as_f64().unwrap(), "ROUGE-1", pair);
        close(rouge_n(hyp, reference, 2).f, pair["rouge2"].as_f64().unwrap(), "ROUGE-2", pair);
        close(rouge_l(hyp, reference).f, pair["rougeL"].as_f64().unwrap(), "ROUGE-L", pair);
    }
}

#[test]
fn set_metrics_on_known_values() {
    assert!(exact_match("  return x + 1\n", "return x + 1"));
    assert!(!exact_match("return x+1", "return x + 1"));
    let apis = vec![
        "np.mean".to_string(),
        "np.asarray".to_string(),
        "plt.show".to_string(),
        "np.mean".to_string(),
    ];
    assert_eq!(api_recall("arr = np.asarray(x)\nprint(np.mean(arr))", &apis), Some(2.0 / 3.0));
    assert_eq!(
        api_recall("meaningful = 1", &["np.mean".to_string()]),
        Some(0.0),
        "whole identifiers only"
    );
    assert_eq!(api_recall("x", &[]), None);
    let files = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let result = localization(&files(&["a.py", "b.py", "c.py"]), &files(&["a.py", "d.py"]), Some(10));
    assert!((result.precision - 1.0 / 3.0).abs() < 1e-12 && (result.recall - 0.5).abs() < 1e-12);
    assert!((result.f1 - 0.4).abs() < 1e-12);
    // Two false positives; the true negatives are the 10 files less a, b, c and d.
    assert_eq!(result.false_positive_rate, Some(2.0 / (2.0 + 6.0)));
    assert!(!result.all_correct && !result.all_incorrect && result.at_least_one_correct);
    let exact = localization(&files(&["d.py", "a.py"]), &files(&["a.py", "d.py"]), None);
    assert!(exact.all_correct && exact.false_positive_rate.is_none());
    let wrong = localization(&files(&["x.py"]), &files(&["a.py"]), Some(3));
    assert!(wrong.all_incorrect && !wrong.at_least_one_correct);
    assert_eq!(
        wrong.false_positive_rate,
        Some(1.0 / (1.0 + 1.0)),
        "b of a, b, x is the only true negative"
    );
    let silent = localization(&[], &files(&["a.py"]), Some(3));
    assert!(
        !silent.all_incorrect,
        "no prediction is not an incorrect one, as the baselines count it"
    );
    assert_eq!(silent.false_positive_rate, Some(0.0));
}
