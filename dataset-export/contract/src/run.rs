//! A model run over a dataset split, and its per-instance results.
//!
//! Pass/fail benchmarks fill [`InstanceResult::resolved`] and the test tallies; benchmarks scored
//! by metrics (Long Code Arena's ChrF, API recall, exact match, ...) fill
//! [`InstanceResult::metrics`] and leave `resolved` empty. Both kinds of run share one type so the
//! leaderboard and breakdowns treat them alike.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One model run: who produced it, over which split, with what headline numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// Unique id in the data directory.
    pub id: String,
    /// Dataset name the run was evaluated on.
    pub dataset: String,
    /// Split name.
    pub split: String,
    /// The system that produced the predictions.
    pub system: SystemInfo,
    /// Date of the run, `YYYY-MM-DD`, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Where the results were imported from (a path or a leaderboard name).
    pub source: String,
    /// Headline numbers as published by the source (e.g. `resolved_percent`), kept even when
    /// they disagree with the per-instance results.
    #[serde(default)]
    pub headline: BTreeMap<String, f64>,
    /// Findings of the import, e.g. a headline that disagrees with the per-instance results.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Per-instance results; may be empty for a leaderboard-only run.
    #[serde(default)]
    pub results: Vec<InstanceResult>,
}

impl Run {
    /// A run with no results yet, its system named `system`.
    pub fn new(
        id: impl Into<String>,
        dataset: impl Into<String>,
        split: impl Into<String>,
        system: impl Into<String>,
        source: impl Into<String>,
    ) -> Self {
        Run {
            id: id.into(),
            dataset: dataset.into(),
            split: split.into(),
            system: SystemInfo {
                name: system.into(),
                ..SystemInfo::default()
            },
            date: None,
            source: source.into(),
            headline: BTreeMap::new(),
            notes: Vec::new(),
            results: Vec::new(),
        }
    }

    /// Its entry in the manifest, the run itself being at `path`.
    pub fn entry(&self, path: String) -> crate::RunEntry {
        crate::RunEntry {
            id: self.id.clone(),
            dataset: self.dataset.clone(),
            split: self.split.clone(),
            system: self.system.clone(),
            date: self.date.clone(),
            path,
            instances: self.results.len(),
            resolved: self.resolved_count(),
            headline: self.headline.clone(),
        }
    }

    /// The ids of the resolved results, sorted.
    pub fn resolved_ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self
            .results
            .iter()
            .filter(|r| r.resolved == Some(true))
            .map(|r| r.instance_id.as_str())
            .collect();
        ids.sort_unstable();
        ids
    }

    /// How many results are resolved, or `None` when no result has a verdict.
    pub fn resolved_count(&self) -> Option<usize> {
        let verdicts: Vec<bool> = self.results.iter().filter_map(|r| r.resolved).collect();
        (!verdicts.is_empty()).then(|| verdicts.iter().filter(|v| **v).count())
    }

    /// Each metric's mean over the results that carry it, as `<metric>_mean` (a scored run's
    /// headline).
    pub fn metric_means(&self) -> BTreeMap<String, f64> {
        let mut sums: BTreeMap<&str, (f64, u32)> = BTreeMap::new();
        for (name, value) in self.results.iter().flat_map(|r| &r.metrics) {
            let sum = sums.entry(name).or_default();
            sum.0 += value;
            sum.1 += 1;
        }
        sums.into_iter()
            .map(|(name, (sum, n))| (format!("{name}_mean"), sum / f64::from(n)))
            .collect()
    }
}

/// A file of model patches, fetched only when one is shown: instance id → patch.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PatchShard {
    /// Layout version.
    pub format_version: u32,
    /// Instance id → the model's patch.
    pub patches: BTreeMap<String, String>,
}

/// Who produced a run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SystemInfo {
    /// Display name.
    pub name: String,
    /// Model name, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// Scaffold / agent name, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scaffold: Option<String>,
    /// Organisation, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub org: Option<String>,
    /// Free tags (`open weights`, `checked`, ...).
    #[serde(default)]
    pub tags: Vec<String>,
}

/// The outcome of one test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum TestStatus {
    /// The test passed.
    Passed,
    /// The test failed an assertion.
    Failed,
    /// The test errored (setup, collection, exception outside the assertion).
    Error,
    /// The test was skipped.
    Skipped,
    /// Expected failure that failed.
    Xfail,
    /// Expected failure that passed.
    Xpass,
    /// Listed in FAIL_TO_PASS or PASS_TO_PASS, but named nowhere in the log: a test that never
    /// ran, or a name the log's runner prints differently (a parser mismatch). Grades as failed.
    Missing,
}

impl TestStatus {
    /// Whether grading counts the test passed: it passed, or it was expected to fail and did.
    pub fn passes(self) -> bool {
        matches!(self, TestStatus::Passed | TestStatus::Xfail)
    }

    /// The status a log's word names (`PASSED`, `FAILED`, ...). A word the harness does not
    /// know (such as a token misread as a status) is neither passed nor failed, as `XPASS` is.
    pub fn from_word(word: &str) -> TestStatus {
        match word {
            "PASSED" => TestStatus::Passed,
            "FAILED" => TestStatus::Failed,
            "ERROR" => TestStatus::Error,
            "SKIPPED" => TestStatus::Skipped,
            "XFAIL" => TestStatus::Xfail,
            _ => TestStatus::Xpass,
        }
    }

    /// The status's word, as logs and reports write it.
    pub fn word(self) -> &'static str {
        match self {
            TestStatus::Passed => "PASSED",
            TestStatus::Failed => "FAILED",
            TestStatus::Error => "ERROR",
            TestStatus::Skipped => "SKIPPED",
            TestStatus::Xfail => "XFAIL",
            TestStatus::Xpass => "XPASS",
            TestStatus::Missing => "MISSING",
        }
    }
}

/// How many tests of a list passed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestTally {
    /// Tests that passed (or, for PASS_TO_PASS, were kept).
    pub passed: u32,
    /// Tests in the list.
    pub total: u32,
}

/// One instance's result in a run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InstanceResult {
    /// The instance id.
    pub instance_id: String,
    /// Resolved or not; `None` for metric-scored benchmarks or unknown outcomes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved: Option<bool>,
    /// FAIL_TO_PASS tally, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fail_to_pass: Option<TestTally>,
    /// PASS_TO_PASS tally, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass_to_pass: Option<TestTally>,
    /// Per-test statuses, when known.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tests: BTreeMap<String, TestStatus>,
    /// Graded from a log that names failed tests alone, as the harness grades some JavaScript
    /// repositories: a listed test the log does not name ([`TestStatus::Missing`]) passed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fail_only: bool,
    /// Share of FAIL_TO_PASS tests passed (FeatureBench's pass rate), 0..=1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass_rate: Option<f64>,
    /// Whether the model patch applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patch_applied: Option<bool>,
    /// Whether the model produced no patch.
    #[serde(default)]
    pub empty_patch: bool,
    /// Harness error message, when the evaluation itself failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Why an unresolved instance failed (`patch_failed`, `timeout`, `AssertionError`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_mode: Option<String>,
    /// Prompt tokens, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_in: Option<u64>,
    /// Completion tokens, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_out: Option<u64>,
    /// Cost in US dollars, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    /// Calls to the model, when known (swebench.com's per-instance `api_calls`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_calls: Option<u64>,
    /// Metric name to value, for metric-scored benchmarks (`chrf`, `api_recall`, ...).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub metrics: BTreeMap<String, f64>,
    /// Path, relative to the data directory, of the shard holding the model patch, so large
    /// patches are fetched only on demand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_patch: Option<String>,
    /// Path, relative to the data directory, of the instance's test log (the harness's test
    /// output), when the run stored one; fetched only when shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log: Option<String>,
    /// What the agent's trajectory on the instance shows, with the path of the trajectory file,
    /// when the run has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trajectory: Option<crate::trajectory::TrajectoryFacts>,
}
