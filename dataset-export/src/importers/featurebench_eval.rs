//! FeatureBench's `fb eval` outputs: `runs/<ts>/eval_outputs/<id>/attempt-<n>/report.json`
//! (`n_attempt, patch_is_None, patch_exists, patch_successfully_applied, resolved, pass_rate,
//! tests_status` with FAIL_TO_PASS / PASS_TO_PASS, `error`, `traceback`, and token counts where
//! given) and the summary `runs/<ts>/report.json`, keyed `attempt_<n>`, whose id lists hold
//! paths (`.../run_outputs/<id>/attempt-<n>/infer.log`) rather than bare ids. One run per attempt.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use benchscope_contract::leaderboard::SCORED_OVER;
use benchscope_contract::{failure_mode, InstanceResult, TestStatus, TestTally};
use serde_json::Value;

use super::leaderboard::slug;
use super::{name_of, new_run, ImportPlan, Imported, RunSource, Source};
use crate::run_store::NewRun;

/// Results per attempt number, from the `eval_outputs` tree under `root`.
pub fn read_attempts(root: &Path) -> anyhow::Result<BTreeMap<u32, Vec<InstanceResult>>> {
    let eval_outputs = root.join("eval_outputs");
    let mut attempts: BTreeMap<u32, Vec<InstanceResult>> = BTreeMap::new();
    let mut instances: Vec<_> = std::fs::read_dir(&eval_outputs)
        .with_context(|| format!("cannot list {}", eval_outputs.display()))?
        .flatten()
        .map(|e| e.path())
        .collect();
    instances.sort();
    for instance_dir in instances.into_iter().filter(|p| p.is_dir()) {
        let id = instance_dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut attempt_dirs: Vec<_> = std::fs::read_dir(&instance_dir)?.flatten().map(|e| e.path()).collect();
        attempt_dirs.sort();
        for attempt_dir in attempt_dirs {
            let Some(n) = attempt_dir
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_prefix("attempt-"))
                .and_then(|n| n.parse().ok())
            else {
                continue;
            };
            let path = attempt_dir.join("report.json");
            let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let report: Value = crate::input::from_json_bytes(&bytes).with_context(|| format!("{}: not valid JSON", path.display()))?;
            attempts.entry(n).or_default().push(result_of(&id, &report));
        }
    }
    Ok(attempts)
}

fn result_of(id: &str, report: &Value) -> InstanceResult {
    let flag = |key: &str| report.get(key).and_then(Value::as_bool);
    let number = |key: &str| report.get(key).and_then(Value::as_u64);
    let mut tests = BTreeMap::new();
    let mut tally = |category: &str| {
        let mut count = TestTally::default();
        for (outcome, status) in [("success", TestStatus::Passed), ("failure", TestStatus::Failed)] {
            for name in report
                .pointer(&format!("/tests_status/{category}/{outcome}"))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
            {
                tests.insert(name.to_string(), status);
                count.total += 1;
                count.passed += u32::from(status == TestStatus::Passed);
            }
        }
        count
    };
    let (f2p, p2p) = (tally("FAIL_TO_PASS"), tally("PASS_TO_PASS"));
    let empty = flag("patch_is_None") == Some(true) || flag("patch_exists") == Some(false);
    let applied = flag("patch_successfully_applied");
    let resolved = flag("resolved");
    let error = report
        .get("error")
        .and_then(Value::as_str)
        .filter(|e| !e.is_empty())
        .map(str::to_string);
    let traceback = report.get("traceback").and_then(Value::as_str).unwrap_or_default();
    let failure_mode = (resolved == Some(false)).then(|| {
        let exception = crate::logs::exception_class(traceback).or_else(|| error.as_deref().and_then(crate::logs::exception_class));
        failure_mode::classify(empty, applied, exception)
    });
    InstanceResult {
        instance_id: id.to_string(),
        resolved,
        fail_to_pass: Some(f2p),
        pass_to_pass: Some(p2p),
        tests,
        pass_rate: report.get("pass_rate").and_then(Value::as_f64),
        patch_applied: applied,
        empty_patch: empty,
        error,
        failure_mode,
        tokens_in: number("prompt_tokens"),
        tokens_out: number("completion_tokens"),
        ..InstanceResult::default()
    }
}

/// One attempt of the summary `report.json`, as `fb eval` writes it (`generate_summary_report`:
/// `n_attempt`, `total_instances`, `resolved_instances` and six more counts, `resolved_rate` and
/// `pass_rate` as shares of 1, and id lists).
#[derive(Debug, Default, PartialEq)]
pub struct AttemptSummary {
    /// The run's headline: `resolved_rate` as its published % resolved, `pass_rate` as its
    /// % passed (the mean share of FAIL_TO_PASS tests passed), and the tasks they are over. The
    /// counts are left out: the per-task reports give them again, and as columns of a board they
    /// would repeat % resolved in other units.
    pub headline: BTreeMap<String, f64>,
    /// `total_instances`: how many tasks the rates are over.
    pub total: Option<usize>,
    /// `resolved_rate` as written.
    pub resolved_rate: Option<f64>,
    /// The ids `resolved_ids` names, by their paths.
    pub resolved_ids: Vec<String>,
}

/// Attempt `n` of the summary beside `root`'s `eval_outputs`, if there is one.
pub fn summary_for(root: &Path, n: u32) -> Option<AttemptSummary> {
    let value: Value = crate::input::from_json_bytes(&std::fs::read(root.join("report.json")).ok()?).ok()?;
    Some(attempt_summary(value.get(format!("attempt_{n}"))?))
}

/// An attempt's object of the summary.
fn attempt_summary(attempt: &Value) -> AttemptSummary {
    // A share of 1, as `fb eval` writes its rates; a rate over 1 is read as a percentage already.
    let percent = |key: &str| {
        attempt
            .get(key)
            .and_then(Value::as_f64)
            .map(|v| if v <= 1.0 { v * 100.0 } else { v })
    };
    let total = attempt
        .get("total_instances")
        .or_else(|| attempt.get("total"))
        .and_then(Value::as_u64)
        .filter(|n| *n > 0);
    let mut headline = BTreeMap::new();
    for (key, figure) in [
        ("resolved_percent", percent("resolved_rate")),
        ("passed_percent", percent("pass_rate")),
    ] {
        if let Some(figure) = figure {
            headline.insert(key.to_string(), figure);
        }
    }
    if let Some(total) = total {
        headline.insert(SCORED_OVER.to_string(), total as f64);
    }
    let resolved_ids = attempt
        .get("resolved_ids")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter_map(id_from_path)
        .collect();
    AttemptSummary {
        headline,
        total: total.map(|n| n as usize),
        resolved_rate: attempt.get("resolved_rate").and_then(Value::as_f64),
        resolved_ids,
    }
}

/// `.../run_outputs/<id>/attempt-<n>/infer.log` → `<id>` (a bare id stays as it is).
pub fn id_from_path(entry: &str) -> Option<String> {
    let parts: Vec<&str> = entry.split('/').filter(|p| !p.is_empty()).collect();
    match parts.iter().position(|p| *p == "run_outputs" || *p == "eval_outputs") {
        Some(i) => parts.get(i + 1).map(|s| s.to_string()),
        None if parts.len() == 1 => Some(parts[0].to_string()),
        None => parts
            .iter()
            .rev()
            .find(|p| !p.starts_with("attempt-") && !p.contains('.'))
            .map(|s| s.to_string()),
    }
}

/// `fb eval` output folders (`eval_outputs/<id>/attempt-<n>/report.json`).
pub struct FeatureBenchEval;

impl RunSource for FeatureBenchEval {
    fn name(&self) -> &'static str {
        "FeatureBench fb eval outputs"
    }

    fn detect(&self, source: &Source) -> bool {
        // `eval_outputs/<id>/attempt-<n>/report.json`: OpenHands' evaluation writes an
        // `eval_outputs/<id>/report.json` without attempts, which is the harness's layout.
        source.path().join("eval_outputs").is_dir()
            && source
                .files_named(|n| n == "report.json")
                .iter()
                .any(|p| p.parent().is_some_and(|attempt| name_of(attempt).starts_with("attempt-")))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        import_runs(source.path(), plan, &source.label())
    }
}

/// `fb eval` outputs: one run per attempt, checked against the summary's rates and id lists.
pub fn import_runs(root: &Path, plan: &ImportPlan, source: &str) -> anyhow::Result<Vec<(NewRun, Vec<String>)>> {
    let dataset = plan.dataset.clone().unwrap_or_else(|| "featurebench".into());
    let split = plan.split.clone().unwrap_or_else(|| "full".into());
    let stamp = name_of(root);
    let mut runs = Vec::new();
    for (n, results) in read_attempts(root)? {
        let mut new = NewRun::new(new_run(
            slug(&format!("featurebench.{stamp}.attempt-{n}")),
            format!("{stamp} attempt {n}"),
            &dataset,
            &split,
            source,
        ));
        new.run.results = results;
        let mut warnings = Vec::new();
        if let Some(summary) = summary_for(root, n) {
            new.run.headline = summary.headline;
            new.stated_total = summary.total;
            let ours = new.run.resolved_ids();
            let mut theirs: Vec<&str> = summary.resolved_ids.iter().map(String::as_str).collect();
            theirs.sort_unstable();
            if ours != theirs {
                warnings.push(format!(
                    "attempt {n}: the summary lists {} resolved tasks, the per-task reports {}; both are kept",
                    theirs.len(),
                    ours.len()
                ));
            }
            if let Some(rate) = summary.resolved_rate.filter(|_| !new.run.results.is_empty()) {
                let computed = ours.len() as f64 / new.run.results.len() as f64;
                let published = if rate > 1.0 { rate / 100.0 } else { rate };
                if (computed - published).abs() > 0.0005 {
                    warnings.push(format!(
                        "attempt {n}: the summary's resolved_rate {rate} differs from the reports' {computed:.4}; both are kept"
                    ));
                }
            }
        }
        new.run.notes.extend(warnings.iter().cloned());
        runs.push((new, warnings));
    }
    Ok(runs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_attempt_of_the_summary_as_fb_eval_writes_it_gives_its_rates_not_its_counts() {
        let attempt = serde_json::json!({
            "n_attempt": 1, "total_instances": 30, "submitted_instances": 30, "completed_instances": 28,
            "resolved_instances": 9, "unresolved_instances": 19, "not_applied_patch_empty_instances": 1,
            "not_applied_patch_other_instances": 1, "error_instances": 2, "resolved_rate": 0.3, "pass_rate": 0.25,
            "submitted_ids": [], "resolved_ids": ["/w/runs/t/run_outputs/a__b.1.test_x.2.lv1/attempt-1/infer.log"],
        });
        let summary = attempt_summary(&attempt);
        assert_eq!(
            summary.headline,
            BTreeMap::from([
                ("passed_percent".to_string(), 25.0),
                ("resolved_percent".to_string(), 30.0),
                (SCORED_OVER.to_string(), 30.0)
            ])
        );
        assert_eq!((summary.total, summary.resolved_rate), (Some(30), Some(0.3)));
        assert_eq!(summary.resolved_ids, ["a__b.1.test_x.2.lv1"]);
    }

    #[test]
    fn ids_from_summary_paths() {
        assert_eq!(
            id_from_path("/work/runs/2025/run_outputs/a__b.1234.test_x.5678.lv1/attempt-1/infer.log").as_deref(),
            Some("a__b.1234.test_x.5678.lv1")
        );
        assert_eq!(id_from_path("plain__id-1").as_deref(), Some("plain__id-1"));
    }
}
