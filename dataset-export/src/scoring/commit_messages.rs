//! Commit message generation: BLEU, chrF and ROUGE-1/2/L of the prediction against the commit's
//! message.

use std::collections::BTreeMap;

use benchscope_contract::Instance;
use serde_json::Value;

use super::{text_field, Metrics, Scorer};
use crate::metrics::{bleu, chrf, rouge};

/// The scorer.
pub struct CommitMessages;

impl Scorer for CommitMessages {
    fn format(&self) -> &'static str {
        "lca-commit-messages"
    }

    fn score(&self, instance: &Instance, record: &Value) -> Result<Metrics, String> {
        let prediction = text_field(record, &["prediction", "message"])?;
        let reference = instance
            .documents
            .first()
            .map(|d| d.markdown.as_str())
            .ok_or_else(|| format!("task {} has no commit message", instance.id))?;
        Ok(BTreeMap::from([
            ("bleu".into(), bleu::sentence_bleu(&prediction, reference)),
            ("chrf".into(), chrf::chrf(&prediction, reference)),
            ("rouge1".into(), rouge::rouge_n(&prediction, reference, 1).f * 100.0),
            ("rouge2".into(), rouge::rouge_n(&prediction, reference, 2).f * 100.0),
            ("rougeL".into(), rouge::rouge_l(&prediction, reference).f * 100.0),
        ]))
    }
}
