//! The tests of R2E-Gym's rewarded instances: read from the run of its hidden tests that gave
//! each reward, as R2E-Gym's log parser reads it, against the lists of the exported task, so a
//! run's instance shows which of them passed.

use std::collections::BTreeMap;

use benchscope_contract::{InstanceResult, TestStatus};

use super::split_lists::{kept_statuses, split_holding, split_instances, tally};
use super::ImportPlan;
use crate::formats::r2e_gym::statuses;
use crate::logs::statuses::typed;

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
        let (Some(log), Some(lists)) = (
            logs.get(&result.instance_id),
            instances.get(&result.instance_id).and_then(|i| i.tests.as_ref()),
        ) else {
            continue;
        };
        result.tests = kept_statuses(seen_in(log), Some(lists));
        result.fail_to_pass = Some(tally(&lists.fail_to_pass, &result.tests, |s| s == TestStatus::Passed));
        result.pass_to_pass = Some(tally(&lists.pass_to_pass, &result.tests, |s| s == TestStatus::Passed));
    }
}

/// Each test's status in the run `log`, in the words R2E-Gym's parser gives (`PASSED`,
/// `FAILED`, `ERROR`), read as every log's are.
fn seen_in(log: &str) -> BTreeMap<String, TestStatus> {
    statuses(log).into_iter().map(|(name, word)| (name, typed(&word))).collect()
}
