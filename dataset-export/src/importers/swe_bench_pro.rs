//! SWE-bench Pro's evaluation (`swe_bench_pro_eval.py --output_dir OUT`): `OUT/eval_results.json`,
//! instance id → resolved; `OUT/infra_errors.json`, the instances whose environment failed and
//! which were never scored; and each instance's `OUT/<id>/<prefix>_patch.diff`, `_output.json`
//! (its tests' statuses, `{tests: [{name, status}]}`) and `_stdout.log`. The folder is one run;
//! `eval_results.json` alone is one run of verdicts.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use benchscope_contract::wording::{agreeing, plural};
use benchscope_contract::{failure_mode, InstanceResult, TestLists, TestStatus};
use serde_json::Value;

use super::leaderboard::slug;
use super::split_lists::{kept_statuses, split_holding, split_instances, tally};
use super::{first_few, folder_name, name_of, new_run, read_json, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::run_store::NewRun;

/// The evaluation's folder, or its `eval_results.json`.
pub struct SweBenchProEval;

const RESULTS: &str = "eval_results.json";
const INFRA_ERRORS: &str = "infra_errors.json";

impl RunSource for SweBenchProEval {
    fn name(&self) -> &'static str {
        "SWE-bench Pro evaluation"
    }

    /// Tried before the folders of logs and trajectories, whose files may be large: a file is
    /// read only when it is named as the evaluation names it.
    fn detect(&self, source: &Source) -> bool {
        match source.is_file() {
            true => name_of(source.path()) == RESULTS && source.json().is_some_and(is_verdict_map),
            false => read_json(&source.path().join(RESULTS)).is_some_and(|v| is_verdict_map(&v)),
        }
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let folder = (!source.is_file()).then(|| source.path().to_path_buf());
        let results_file = folder.as_ref().map_or_else(|| source.path().to_path_buf(), |f| f.join(RESULTS));
        let verdicts = read_json(&results_file).with_context(|| format!("{}: not readable JSON", results_file.display()))?;
        let verdicts = verdicts.as_object().cloned().unwrap_or_default();
        let infra = folder
            .as_ref()
            .and_then(|f| read_json(&f.join(INFRA_ERRORS)))
            .and_then(|v| v.as_object().cloned())
            .unwrap_or_default();

        let name = plan.run.clone().unwrap_or_else(|| match &folder {
            Some(folder) => folder_name(folder),
            None => name_of(source.path()).split('.').next().unwrap_or_default().to_string(),
        });
        // Named, the dataset is the reader's; else the exported split holding every instance,
        // so that the tests are read against its lists.
        let ids: Vec<&str> = verdicts.keys().chain(infra.keys()).map(String::as_str).collect();
        let (dataset, split) = match (&plan.dataset, split_holding(plan, &ids)) {
            (None, Some(found)) => found,
            _ => (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT)),
        };
        let mut run = new_run(slug(&name), name, &dataset, &split, &source.label());
        let lists = split_instances(plan, &dataset, &split);
        let (mut patches, mut logs) = (BTreeMap::new(), BTreeMap::new());
        let mut warnings = Vec::new();
        let (mut disagree, mut unfinished) = (Vec::new(), Vec::new());
        for (id, verdict) in &verdicts {
            let files = folder.as_ref().map(|f| InstanceFiles::of(f, id));
            let expected = lists.as_ref().and_then(|l| l.get(id)?.tests.as_ref());
            let result = scored(id, verdict.as_bool() == Some(true), files.as_ref(), expected);
            if result.failure_mode.as_deref() == Some(failure_mode::INCOMPLETE) {
                unfinished.push(id.as_str());
            }
            if let Some(files) = files {
                if let Some(patch) = files.patch.filter(|p| !p.trim().is_empty()) {
                    patches.insert(id.clone(), patch);
                }
                if let Some(log) = files.log {
                    logs.insert(id.clone(), log);
                }
            }
            if recomputed(&result, expected).is_some_and(|r| r != (result.resolved == Some(true))) {
                disagree.push(id.as_str());
            }
            run.results.push(result);
        }
        for (id, error) in infra.iter().filter(|(id, _)| !verdicts.contains_key(*id)) {
            run.results.push(never_scored(id, error));
        }
        if !infra.is_empty() {
            warnings.push(format!(
                "{}: {} never scored, their environment having failed; counted unresolved here, as a split counts, where SWE-bench Pro's own accuracy leaves them out",
                INFRA_ERRORS,
                plural(infra.len(), "instance")
            ));
        }
        if !unfinished.is_empty() {
            warnings.push(format!(
                "{} {} no `_output.json` of {} tests, so {} evaluation did not finish: {}",
                plural(unfinished.len(), "instance"),
                agreeing(unfinished.len(), "has", "have"),
                agreeing(unfinished.len(), "its", "their"),
                agreeing(unfinished.len(), "its", "their"),
                first_few(&unfinished)
            ));
        }
        if !disagree.is_empty() {
            warnings.push(format!(
                "{RESULTS}: the verdict of {} differs from its tests against the split's lists (every FAIL_TO_PASS and PASS_TO_PASS test PASSED); the file's verdict is kept",
                first_few(&disagree)
            ));
        }
        run.notes.extend(warnings.iter().cloned());
        let mut new = NewRun::new(run);
        (new.patches, new.logs) = (patches, logs);
        Ok(vec![(new, warnings)])
    }
}

/// A JSON object of instance ids to booleans, and at least one.
fn is_verdict_map(value: &Value) -> bool {
    value
        .as_object()
        .is_some_and(|map| !map.is_empty() && map.values().all(Value::is_boolean))
}

/// An instance's files under the evaluation's folder, by their suffixes (the prefix is the
/// patches file's, often empty).
#[derive(Default)]
struct InstanceFiles {
    patch: Option<String>,
    tests: Option<BTreeMap<String, TestStatus>>,
    log: Option<String>,
}

impl InstanceFiles {
    /// The files of instance `id` in the evaluation's `folder`; none for an id that is not one
    /// folder's name (`../x` would read outside it).
    fn of(folder: &Path, id: &str) -> InstanceFiles {
        let one_name = matches!(
            Path::new(id).components().collect::<Vec<_>>().as_slice(),
            [std::path::Component::Normal(_)]
        );
        let Some(entries) = one_name.then(|| std::fs::read_dir(folder.join(id)).ok()).flatten() else {
            return InstanceFiles::default();
        };
        let files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        let ending = |suffix: &str| {
            let found: Vec<&PathBuf> = files.iter().filter(|p| name_of(p).ends_with(suffix)).collect();
            match found.as_slice() {
                [only] => Some((*only).clone()),
                _ => None,
            }
        };
        InstanceFiles {
            patch: ending("_patch.diff").and_then(|p| std::fs::read_to_string(p).ok()),
            tests: ending("_output.json").and_then(|p| read_json(&p)).map(|v| statuses(&v)),
            log: ending("_stdout.log")
                .and_then(|p| std::fs::read(p).ok())
                .map(|b| String::from_utf8_lossy(&b).into_owned()),
        }
    }
}

/// `{tests: [{name, status}]}` as statuses (`PASSED`, `FAILED`, `SKIPPED`, `ERROR`).
fn statuses(output: &Value) -> BTreeMap<String, TestStatus> {
    let tests = output.get("tests").and_then(Value::as_array).into_iter().flatten();
    tests
        .filter_map(|test| {
            let name = test.get("name")?.as_str()?.to_string();
            let status = match test.get("status")?.as_str()?.to_ascii_uppercase().as_str() {
                "PASSED" => TestStatus::Passed,
                "FAILED" => TestStatus::Failed,
                "SKIPPED" => TestStatus::Skipped,
                "ERROR" => TestStatus::Error,
                _ => return None,
            };
            Some((name, status))
        })
        .collect()
}

/// A scored instance: its verdict, its tests (those the lists name and the failures) and why it
/// failed.
fn scored(id: &str, resolved: bool, files: Option<&InstanceFiles>, expected: Option<&TestLists>) -> InstanceResult {
    let patch = files.and_then(|f| f.patch.as_deref());
    let empty_patch = files.is_some() && patch.is_none_or(|p| p.trim().is_empty());
    let tests = files.and_then(|f| f.tests.clone());
    let failure = match () {
        _ if resolved => None,
        _ if empty_patch => Some(failure_mode::EMPTY_PATCH),
        _ if files.is_none() => Some(failure_mode::UNRESOLVED),
        _ if tests.is_none() => Some(failure_mode::INCOMPLETE),
        _ => Some(failure_mode::TESTS_FAILED),
    };
    let mut result = InstanceResult {
        instance_id: id.to_string(),
        resolved: Some(resolved),
        empty_patch,
        failure_mode: failure.map(str::to_string),
        ..InstanceResult::default()
    };
    if let Some(tests) = tests {
        result.tests = kept_statuses(tests, expected);
        if let Some(lists) = expected {
            result.fail_to_pass = Some(tally(&lists.fail_to_pass, &result.tests, |s| s == TestStatus::Passed));
            result.pass_to_pass = Some(tally(&lists.pass_to_pass, &result.tests, |s| s == TestStatus::Passed));
        }
    }
    result
}

/// The verdict SWE-bench Pro's rule gives the instance's tests: every listed test PASSED.
fn recomputed(result: &InstanceResult, expected: Option<&TestLists>) -> Option<bool> {
    expected?;
    let (f2p, p2p) = (result.fail_to_pass?, result.pass_to_pass?);
    Some(f2p.passed == f2p.total && p2p.passed == p2p.total)
}

/// An instance whose environment failed: never scored.
fn never_scored(id: &str, error: &Value) -> InstanceResult {
    let message = error.as_str().map_or_else(|| error.to_string(), str::to_string);
    InstanceResult {
        instance_id: id.to_string(),
        resolved: Some(false),
        error: Some(message),
        failure_mode: Some(failure_mode::HARNESS_ERROR.to_string()),
        ..InstanceResult::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_object_of_booleans_is_a_verdict_map() {
        assert!(is_verdict_map(&serde_json::json!({"a": true, "b": false})));
        assert!(!is_verdict_map(&serde_json::json!({})));
        assert!(!is_verdict_map(&serde_json::json!({"a": true, "b": 1})));
        assert!(!is_verdict_map(&serde_json::json!([true])));
    }

    #[test]
    fn an_id_that_names_a_path_reads_nothing_outside_the_folder() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join("outside")).unwrap();
        std::fs::create_dir_all(tmp.path().join("eval")).unwrap();
        std::fs::write(tmp.path().join("outside/_patch.diff"), "secret").unwrap();
        assert!(InstanceFiles::of(&tmp.path().join("eval"), "../outside").patch.is_none());
        assert_eq!(InstanceFiles::of(tmp.path(), "outside").patch.as_deref(), Some("secret"));
    }

    #[test]
    fn statuses_are_read_by_name() {
        let output = serde_json::json!({"tests": [{"name": "t1", "status": "PASSED"}, {"name": "t2", "status": "FAILED"},
                                                  {"name": "t3", "status": "weird"}]});
        let read = statuses(&output);
        assert_eq!(read.get("t1"), Some(&TestStatus::Passed));
        assert_eq!(read.get("t2"), Some(&TestStatus::Failed));
        assert_eq!(read.len(), 2);
    }
}
