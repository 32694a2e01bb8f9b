//! The summary `import`, `grade` and `eval` print and write with `--summary-json`.

use std::collections::BTreeMap;

use serde::Serialize;

use benchscope_contract::Run;

use benchscope_contract::wording::plural;

/// Every run a command added.
#[derive(Debug, Clone, Default, Serialize)]
pub struct RunsSummary {
    /// One entry per run.
    pub runs: Vec<RunSummary>,
}

/// One run's counts.
#[derive(Debug, Clone, Serialize)]
pub struct RunSummary {
    /// The run's id.
    pub run_id: String,
    /// Instances with a result.
    pub instances: usize,
    /// Resolved instances.
    pub resolved: usize,
    /// Instances graded unresolved.
    pub unresolved: usize,
    /// Instances whose evaluation itself failed.
    pub errors: usize,
    /// The resolved ids, sorted.
    pub resolved_ids: Vec<String>,
    /// `dataset/split` of the run.
    pub split: String,
    /// How many instances that split has, when it is exported in the data directory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_instances: Option<usize>,
    /// Consistency findings and other warnings.
    pub warnings: Vec<String>,
    /// A scored run's metric means (`chrf_mean`, ...).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub metric_means: BTreeMap<String, f64>,
    /// Whether any result has a verdict (predictions and scored runs have none).
    #[serde(skip)]
    pub has_verdicts: bool,
    /// The % resolved its source publishes, for a run without per-instance results.
    #[serde(skip)]
    pub published_percent: Option<f64>,
}

impl RunSummary {
    /// The counts of `run`, with `warnings`; `split_instances` is the size of its split when
    /// known, and a run that covers part of it says so among the warnings.
    pub fn of(run: &Run, mut warnings: Vec<String>, split_instances: Option<usize>) -> Self {
        let split = format!("{}/{}", run.dataset, run.split);
        let published_percent = run.headline.get("resolved_percent").copied();
        // A board's entry with no per-instance results counts nothing over the split: its
        // published share is the figure shown.
        let counted_over_split = !(run.results.is_empty() && published_percent.is_some());
        if let Some(total) = split_instances.filter(|total| counted_over_split && run.results.len() < *total) {
            warnings.push(format!(
                "covers {} of the {total} instances of {split}; the others count as unresolved",
                run.results.len()
            ));
        }
        let resolved_ids: Vec<String> = run.resolved_ids().into_iter().map(str::to_string).collect();
        RunSummary {
            run_id: run.id.clone(),
            instances: run.results.len(),
            resolved: resolved_ids.len(),
            unresolved: run.results.iter().filter(|r| r.resolved == Some(false)).count(),
            errors: run
                .results
                .iter()
                .filter(|r| r.error.is_some() && r.patch_applied != Some(false))
                .count(),
            resolved_ids,
            split,
            split_instances,
            warnings,
            metric_means: run.metric_means(),
            has_verdicts: run.resolved_count().is_some(),
            published_percent,
        }
    }

    /// One line for the terminal; the percentage is over the split's instances when known, as
    /// the leaderboard counts it.
    pub fn line(&self) -> String {
        let total = self.split_instances.unwrap_or(self.instances);
        let share = if total > 0 {
            100.0 * self.resolved as f64 / total as f64
        } else {
            0.0
        };
        let of_split = match self.split_instances {
            Some(total) => format!(" of the {total} of {}", self.split),
            None => String::new(),
        };
        if let (0, false, Some(percent)) = (self.instances, self.has_verdicts, self.published_percent) {
            let of = match self.split_instances {
                Some(total) => format!(" of the {total} instances of {}", self.split),
                None => String::new(),
            };
            return format!(
                "run {}: no per-instance results, {percent:.1}%{of} resolved as published",
                self.run_id
            );
        }
        let counts = if self.has_verdicts {
            // Over its results only (no split to count over), a part of a split reads high: the
            // source's own figure is said beside it.
            let basis = match self
                .published_percent
                .filter(|p| self.split_instances.is_none() && (p - share).abs() >= 0.05)
            {
                Some(published) => format!(" of these; {published:.1}% as published"),
                None => String::new(),
            };
            format!(
                "{} resolved ({share:.1}%{basis}), {} unresolved, {}",
                self.resolved,
                self.unresolved,
                plural(self.errors, "error")
            )
        } else if !self.metric_means.is_empty() {
            let means: Vec<String> = self.metric_means.iter().map(|(name, mean)| format!("{name} {mean:.2}")).collect();
            format!("scored: {}", means.join(", "))
        } else if let Some(percent) = self.published_percent {
            format!("no verdicts, {percent:.1}% resolved as published")
        } else {
            "no verdicts yet".to_string()
        };
        format!("run {}: {}{of_split}, {counts}", self.run_id, plural(self.instances, "instance"))
    }
}

impl RunsSummary {
    /// Writes the summary as JSON (write, then rename).
    pub fn write(&self, path: &std::path::Path) -> anyhow::Result<()> {
        let mut bytes = serde_json::to_vec_pretty(self)?;
        bytes.push(b'\n');
        crate::data_dir::write_atomically(path, &bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(results: serde_json::Value, headline: serde_json::Value) -> Run {
        serde_json::from_value(serde_json::json!({
            "id": "r", "dataset": "d", "split": "test", "system": {"name": "r"}, "source": "",
            "results": results, "headline": headline
        }))
        .unwrap()
    }

    #[test]
    fn a_board_entry_without_results_is_its_published_share_not_a_partial_run() {
        let summary = RunSummary::of(
            &run(serde_json::json!([]), serde_json::json!({"resolved_percent": 11.0})),
            Vec::new(),
            Some(100),
        );
        assert!(summary.warnings.is_empty(), "{:?}", summary.warnings);
        assert_eq!(
            summary.line(),
            "run r: no per-instance results, 11.0% of the 100 instances of d/test resolved as published"
        );
    }

    #[test]
    fn a_run_over_part_of_its_split_says_so() {
        let results = serde_json::json!([{"instance_id": "a", "resolved": true}, {"instance_id": "b", "resolved": false}]);
        let summary = RunSummary::of(&run(results, serde_json::json!({})), Vec::new(), Some(4));
        assert_eq!(
            summary.warnings,
            ["covers 2 of the 4 instances of d/test; the others count as unresolved"]
        );
        assert_eq!(
            summary.line(),
            "run r: 2 instances of the 4 of d/test, 1 resolved (25.0%), 1 unresolved, 0 errors"
        );
    }

    #[test]
    fn an_empty_run_without_a_published_share_still_warns() {
        let summary = RunSummary::of(&run(serde_json::json!([]), serde_json::json!({})), Vec::new(), Some(4));
        assert_eq!(
            summary.warnings,
            ["covers 0 of the 4 instances of d/test; the others count as unresolved"]
        );
    }
}
