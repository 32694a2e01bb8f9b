//! Multi-SWE-bench's evaluation workdir. Its harness (`run_evaluation`, mode `evaluation`)
//! leaves, per instance, `<workdir>/<org>/<repo>/evals/pr-<number>/` with the model's
//! `fix.patch`, the test run's `fix-patch-run.log`, and `report.json`: the three runs' results
//! (`run_result`, `test_patch_result` and `fix_patch_result`, each its passed, failed and skipped
//! tests), the transitions they make, and `valid` (the fix broke no passing test and fixed one).
//! The workdir is one run; the harness's `final_report.json` is read on its own, as a run summary.
//! A submission to its experiments repository keeps the workdir as `logs/`, beside the
//! `metadata.yaml` that names the run and `results/results.json`, the harness's verdicts, which
//! judge the instances the split's lists cannot (the split not exported).
//!
//! The harness resolves an instance whose report is valid and in which every test the dataset
//! expects to pass after the fix (its f2p, s2p, n2p and p2p tests, our FAIL_TO_PASS and
//! PASS_TO_PASS) does: each of those kept its before-fix status from the dataset, so its
//! transition holds exactly when it passes after the fix. The lists come from the split exported
//! in the data directory; without it only an invalid report has a verdict (the rule rejects it
//! before reading any list), and the import says how many have none.

use std::path::{Path, PathBuf};

use anyhow::Context;
use benchscope_contract::wording::{agreeing, plural};
use benchscope_contract::{failure_mode, Instance, InstanceResult, TestStatus};
use serde_json::Value;

use super::experiments::submission_verdicts;
use super::leaderboard::slug;
use super::split_lists::{kept_statuses, split_instances, statuses_listed, tally};
use super::{
    first_few, folder_name, new_run, read_json, run_folder, submission_metadata, ImportPlan, Imported, RunSource, Source, DEFAULT_SPLIT,
};
use crate::run_store::NewRun;

/// The harness's evaluation workdir (or any folder holding its `evals/pr-<number>/` folders).
pub struct EvalWorkdir;

const REPORT: &str = "report.json";
const PATCH: &str = "fix.patch";
const LOG: &str = "fix-patch-run.log";
const DATASET: &str = "multi-swe-bench";

impl RunSource for EvalWorkdir {
    fn name(&self) -> &'static str {
        "Multi-SWE-bench evaluation workdir"
    }

    fn detect(&self, source: &Source) -> bool {
        let reports = eval_reports(source);
        reports.first().and_then(|p| read_json(p)).is_some_and(|r| is_eval_report(&r))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let (dataset, split) = (plan.dataset_or(DATASET), plan.split_or(DEFAULT_SPLIT));
        let lists = split_instances(plan, &dataset, &split);
        let name = folder_name(source.path());
        let mut new = NewRun::new(new_run(slug(&name), name, &dataset, &split, &source.label()));
        let mut warnings = Vec::new();
        // A submission to Multi-SWE-bench's experiments keeps the workdir under `logs/`, with its
        // `metadata.yaml` and the harness's verdicts (`results/results.json`) above it.
        let submission = run_folder(source.path());
        submission_metadata::describe(&submission, &mut new.run, &mut warnings);
        let folders = [source.path(), submission.as_path()];
        let mut listed = submission_verdicts(folders, "the reports are read without its verdicts", &mut warnings).listed;
        let mut without_lists = 0;
        let mut contradicted = Vec::new();
        for path in eval_reports(source) {
            let report = read_json(&path).with_context(|| format!("{}: not readable JSON", path.display()))?;
            if !is_eval_report(&report) {
                warnings.push(format!("{}: not a Multi-SWE-bench report, not read", path.display()));
                continue;
            }
            let dir = path.parent().unwrap_or(Path::new("."));
            let id = instance_id(&report);
            // The harness writes the patch before it runs anything: a folder without one was
            // copied without it, which says nothing of the patch.
            let patch = std::fs::read_to_string(dir.join(PATCH)).ok();
            let empty_patch = patch.as_ref().is_some_and(|p| p.trim().is_empty());
            let expected = lists.as_ref().and_then(|l| l.get(&id));
            let mut result = result_of(&id, &report, empty_patch, expected);
            match (listed.remove(&id), result.resolved) {
                (Some(verdict), None) => {
                    result.resolved = verdict.resolved;
                    result.failure_mode = verdict.failure_mode;
                }
                (Some(verdict), Some(ours)) if verdict.resolved != Some(ours) => contradicted.push(id.clone()),
                _ => {}
            }
            without_lists += usize::from(result.resolved.is_none());
            new.run.results.push(result);
            if let Some(patch) = patch.filter(|p| !p.trim().is_empty()) {
                new.patches.insert(id.clone(), patch);
            }
            if let Ok(log) = std::fs::read(dir.join(LOG)) {
                new.logs.insert(id, String::from_utf8_lossy(&log).into_owned());
            }
        }
        // What the submission's lists judge without a report beside them is the run's too.
        new.run.results.extend(listed.into_values());
        if !contradicted.is_empty() {
            let ids: Vec<&str> = contradicted.iter().map(String::as_str).collect();
            let message = format!(
                "the harness's rule on the split's lists and the submission's results/results.json judge {} differently: {}; the rule's verdict is kept",
                plural(ids.len(), "instance"),
                first_few(&ids)
            );
            new.run.notes.push(message.clone());
            warnings.push(message);
        }
        if without_lists > 0 {
            warnings.push(format!(
                "{} {} no verdict: the data directory has no export of {dataset}/{split} holding {}, whose test lists the harness's rule reads (export the dataset first, or import the harness's final_report.json)",
                plural(without_lists, "instance"),
                agreeing(without_lists, "has", "have"),
                agreeing(without_lists, "it", "them")
            ));
        }
        Ok(vec![(new, warnings)])
    }
}

/// The `report.json` files in `evals/pr-<number>/` folders.
fn eval_reports(source: &Source) -> Vec<PathBuf> {
    source
        .files_named(|name| name == REPORT)
        .into_iter()
        .filter(|path| {
            let mut folders = path.ancestors().skip(1).filter_map(|f| f.file_name()?.to_str());
            folders.next().is_some_and(|pr| pr.starts_with("pr-")) && folders.next() == Some("evals")
        })
        .collect()
}

fn is_eval_report(report: &Value) -> bool {
    ["org", "repo", "number", "fix_patch_result"]
        .iter()
        .all(|key| report.get(*key).is_some())
}

/// `<org>__<repo>-<number>`, as the benchmark writes its ids.
fn instance_id(report: &Value) -> String {
    let text = |key: &str| match report.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
        None => String::new(),
    };
    format!("{}__{}-{}", text("org"), text("repo"), text("number"))
}

/// An instance's result: the fix run's tests, and the harness's verdict where the split's lists
/// are known.
pub fn result_of(id: &str, report: &Value, empty_patch: bool, expected: Option<&Instance>) -> InstanceResult {
    let fix = report.get("fix_patch_result").unwrap_or(&Value::Null);
    let tests = statuses_listed(
        fix,
        &[
            ("passed_tests", TestStatus::Passed),
            ("failed_tests", TestStatus::Failed),
            ("skipped_tests", TestStatus::Skipped),
        ],
    );
    let valid = report.get("valid").and_then(Value::as_bool) == Some(true);
    let captured = !tests.is_empty();
    let lists = expected.and_then(|i| i.tests.as_ref());
    let tests = kept_statuses(tests, lists);
    let mut result = InstanceResult {
        instance_id: id.to_string(),
        empty_patch,
        error: (!captured && !empty_patch).then(|| "no test results were captured after the fix patch".to_string()),
        ..InstanceResult::default()
    };
    if let Some(lists) = lists {
        let passes = |status| status == TestStatus::Passed;
        let (f2p, p2p) = (
            tally(&lists.fail_to_pass, &tests, passes),
            tally(&lists.pass_to_pass, &tests, passes),
        );
        result.resolved = Some(valid && f2p.passed == f2p.total && p2p.passed == p2p.total);
        result.fail_to_pass = Some(f2p);
        result.pass_to_pass = Some(p2p);
    } else if report.get("valid").and_then(Value::as_bool) == Some(false) {
        // The harness counts an invalid report unresolved before it reads the dataset's lists.
        result.resolved = Some(false);
    }
    result.failure_mode = (result.resolved == Some(false)).then(|| match () {
        _ if empty_patch => failure_mode::EMPTY_PATCH.to_string(),
        _ if !captured => failure_mode::INCOMPLETE.to_string(),
        _ => failure_mode::TESTS_FAILED.to_string(),
    });
    result.tests = tests;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::TestLists;
    use serde_json::json;

    fn report(valid: bool, passed: &[&str], failed: &[&str]) -> Value {
        json!({"org": "cli", "repo": "cli", "number": 101, "valid": valid, "error_msg": "",
            "fix_patch_result": {"passed_count": passed.len(), "failed_count": failed.len(), "skipped_count": 0,
                "passed_tests": passed, "failed_tests": failed, "skipped_tests": []}})
    }

    fn instance(f2p: &[&str], p2p: &[&str]) -> Instance {
        Instance {
            id: "cli__cli-101".into(),
            tests: Some(TestLists {
                fail_to_pass: f2p.iter().map(|t| t.to_string()).collect(),
                pass_to_pass: p2p.iter().map(|t| t.to_string()).collect(),
            }),
            ..Instance::default()
        }
    }

    #[test]
    fn resolved_is_a_valid_report_with_every_expected_test_passing() {
        let expected = instance(&["TestFix", "TestNew"], &["TestKept"]);
        let all = result_of(
            "cli__cli-101",
            &report(true, &["TestFix", "TestNew", "TestKept"], &[]),
            false,
            Some(&expected),
        );
        assert_eq!((all.resolved, all.failure_mode), (Some(true), None));
        let missing = result_of("cli__cli-101", &report(true, &["TestFix", "TestKept"], &[]), false, Some(&expected));
        assert_eq!(missing.resolved, Some(false), "an n2p test the fix run did not report");
        assert_eq!(missing.tests["TestNew"], TestStatus::Missing);
        assert_eq!(missing.fail_to_pass, Some(benchscope_contract::TestTally { passed: 1, total: 2 }));
        let invalid = result_of(
            "cli__cli-101",
            &report(false, &["TestFix", "TestNew", "TestKept"], &["TestOther"]),
            false,
            Some(&expected),
        );
        assert_eq!(
            (invalid.resolved, invalid.failure_mode.as_deref()),
            (Some(false), Some(failure_mode::TESTS_FAILED)),
            "a test that passed before and fails after the fix"
        );
    }

    #[test]
    fn without_the_splits_lists_only_an_invalid_report_has_a_verdict_and_an_empty_run_is_told_apart() {
        let unknown = result_of("cli__cli-101", &report(true, &["TestFix"], &["TestBroken"]), false, None);
        assert_eq!((unknown.resolved, unknown.tests.len()), (None, 1), "its failure alone kept");
        let invalid = result_of("cli__cli-101", &report(false, &["TestKept"], &["TestFix"]), false, None);
        assert_eq!(
            (invalid.resolved, invalid.failure_mode.as_deref()),
            (Some(false), Some(failure_mode::TESTS_FAILED)),
            "the harness's rule rejects an invalid report before it reads any list"
        );
        let nothing = result_of("cli__cli-101", &report(false, &[], &[]), false, Some(&instance(&["TestFix"], &[])));
        assert_eq!(nothing.failure_mode.as_deref(), Some(failure_mode::INCOMPLETE));
        assert!(nothing.error.is_some());
        assert_eq!(instance_id(&report(true, &[], &[])), "cli__cli-101");
    }
}
