//! The tests of R2E-Gym's rewarded instances: read from the run of its hidden tests that gave
//! each reward, as R2E-Gym's log parser reads it, against the lists of the exported task, so a
//! run's instance shows which of them passed, and how it left those the fixed code did not pass
//! (a run that passes one of them is not rewarded).

use std::collections::BTreeMap;

use benchscope_contract::extras::{expected_output, ExpectedTest};
use benchscope_contract::{failure_mode, Instance, InstanceResult, TestLists, TestStatus};

use super::split_lists::{kept_statuses, split_holding, split_instances, tally};
use super::ImportPlan;
use crate::formats::r2e_gym::statuses;

/// Fills in the tests of each of `results` whose log `logs` holds, where the data directory
/// exports the split the run's instances are in (or the one `--dataset` and `--split` name).
pub fn read_tests(plan: &ImportPlan, results: &mut [InstanceResult], logs: &BTreeMap<String, String>) {
    if logs.is_empty() {
        return;
    }
    let ids: Vec<&str> = results.iter().map(|r| r.instance_id.as_str()).collect();
    let split = match &plan.dataset {
        Some(dataset) => Some((dataset.clone(), plan.split_or(super::DEFAULT_SPLIT))),
        None => split_holding(plan, &ids),
    };
    let Some(instances) = split.and_then(|(dataset, split)| split_instances(plan, &dataset, &split)) else {
        return;
    };
    for result in results {
        let (Some(log), Some(instance)) = (logs.get(&result.instance_id), instances.get(&result.instance_id)) else {
            continue;
        };
        let Some(lists) = instance.tests.as_ref() else {
            continue;
        };
        let expected = expected_not_to_pass(instance);
        result.tests = kept(seen_in(log), lists, &expected);
        result.fail_to_pass = Some(tally(&lists.fail_to_pass, &result.tests, |s| s == TestStatus::Passed));
        result.pass_to_pass = Some(tally(&lists.pass_to_pass, &result.tests, |s| s == TestStatus::Passed));
        if result.failure_mode.as_deref() == Some(failure_mode::UNRESOLVED) {
            result.failure_mode = Some(why_unrewarded(&result.tests, lists, &expected).to_string());
        }
    }
}

/// Why a run R2E-Gym did not reward failed, as its `tests` show: a listed test it did not pass,
/// else a test the fixed code did not pass that it left otherwise; else no reason they show.
fn why_unrewarded(tests: &BTreeMap<String, TestStatus>, lists: &TestLists, expected: &[ExpectedTest]) -> &'static str {
    let passed = |name: &String| tests.get(name) == Some(&TestStatus::Passed);
    if !lists.fail_to_pass.iter().chain(&lists.pass_to_pass).all(passed) {
        failure_mode::TESTS_FAILED
    } else if expected.iter().any(|test| tests.get(&test.name) != Some(&test.expected_status())) {
        failure_mode::EXPECTED_OUTPUT_DIFFERS
    } else {
        failure_mode::UNRESOLVED
    }
}

/// The statuses worth storing of `seen`: those every run keeps ([`kept_statuses`]), and each
/// test R2E-Gym expects not to pass, whatever its status (`Missing` where the run did not
/// report it), so that a run that passed one shows it.
fn kept(mut seen: BTreeMap<String, TestStatus>, lists: &TestLists, expected: &[ExpectedTest]) -> BTreeMap<String, TestStatus> {
    let expected: Vec<(String, TestStatus)> = expected
        .iter()
        .map(|test| (test.name.clone(), seen.remove(&test.name).unwrap_or(TestStatus::Missing)))
        .collect();
    let mut kept = kept_statuses(seen, Some(lists));
    kept.extend(expected);
    kept
}

/// The hidden tests the fixed code did not pass, with their status, as the task's
/// `expected_output` names them.
fn expected_not_to_pass(instance: &Instance) -> Vec<ExpectedTest> {
    let tests = expected_output(&instance.extra).ok().flatten().unwrap_or_default();
    tests.into_iter().filter(|test| !test.passes()).collect()
}

/// Each test's status in the run `log`, in the words R2E-Gym's parser gives (`PASSED`,
/// `FAILED`, `ERROR`), read as every log's are.
fn seen_in(log: &str) -> BTreeMap<String, TestStatus> {
    statuses(log)
        .into_iter()
        .map(|(name, word)| (name, TestStatus::from_word(&word)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unrewarded_run_is_said_to_have_failed_a_listed_test_before_its_expected_output() {
        let lists = TestLists {
            fail_to_pass: vec!["fixed".into()],
            pass_to_pass: vec!["kept".into()],
        };
        let expected = [ExpectedTest {
            name: "broken".into(),
            status: "ERROR".into(),
        }];
        let why = |statuses: [(&str, TestStatus); 3]| {
            let tests = statuses.into_iter().map(|(name, status)| (name.to_string(), status)).collect();
            why_unrewarded(&tests, &lists, &expected)
        };
        use TestStatus::*;
        assert_eq!(
            why([("fixed", Failed), ("kept", Passed), ("broken", Passed)]),
            failure_mode::TESTS_FAILED
        );
        assert_eq!(
            why([("fixed", Passed), ("kept", Missing), ("broken", Error)]),
            failure_mode::TESTS_FAILED
        );
        assert_eq!(
            why([("fixed", Passed), ("kept", Passed), ("broken", Failed)]),
            failure_mode::EXPECTED_OUTPUT_DIFFERS
        );
        assert_eq!(
            why([("fixed", Passed), ("kept", Passed), ("broken", Missing)]),
            failure_mode::EXPECTED_OUTPUT_DIFFERS
        );
        assert_eq!(
            why([("fixed", Passed), ("kept", Passed), ("broken", Error)]),
            failure_mode::UNRESOLVED
        );
    }
}
