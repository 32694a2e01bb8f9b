//! The test lists of the split a run joins, for sources whose results name every test a run
//! saw but not which of them the benchmark expects (SWE-PolyBench's and Multi-SWE-bench's
//! per-instance results): what of a run's tests is kept, and the tallies against the lists.

use std::collections::BTreeMap;

use benchscope_contract::{Instance, TestLists, TestStatus, TestTally};

use serde_json::Value;

use super::{strings, ImportPlan};
use crate::data_dir::DataDir;

/// The split's instances by id, when the data directory exports `dataset/split`.
pub fn split_instances(plan: &ImportPlan, dataset: &str, split: &str) -> Option<BTreeMap<String, Instance>> {
    let data = DataDir::new(plan.data.clone()?);
    data.instances(dataset, Some(split)).ok().map(|(_, instances)| instances)
}

/// The smallest exported split holding every one of `ids`, as `(dataset, split)`: where a run
/// whose source names no dataset will be counted, read before the run joins it for its lists.
pub fn split_holding(plan: &ImportPlan, ids: &[&str]) -> Option<(String, String)> {
    let data = plan.data.as_ref()?;
    let manifest = DataDir::new(data.clone()).manifest().ok()?;
    let mut smallest: Option<(usize, String, String)> = None;
    for dataset in &manifest.datasets {
        for split in &dataset.splits {
            let Ok(Some(held)) = crate::run_checks::split_ids(data, &manifest, &dataset.name, &split.name) else {
                continue;
            };
            if ids.iter().all(|id| held.contains(*id)) && smallest.as_ref().is_none_or(|(size, ..)| held.len() < *size) {
                smallest = Some((held.len(), dataset.name.clone(), split.name.clone()));
            }
        }
    }
    smallest.map(|(_, dataset, split)| (dataset, split))
}

/// The statuses worth storing of all a run's `seen`: each listed test's (`Missing` where the run
/// did not report it) and every failing one's. A run reports thousands of tests an instance; its
/// log keeps them all.
pub fn kept_statuses(mut seen: BTreeMap<String, TestStatus>, lists: Option<&TestLists>) -> BTreeMap<String, TestStatus> {
    let mut kept: BTreeMap<String, TestStatus> = BTreeMap::new();
    for name in lists.into_iter().flat_map(|l| l.fail_to_pass.iter().chain(&l.pass_to_pass)) {
        let status = seen.remove(name).unwrap_or(TestStatus::Missing);
        kept.insert(name.clone(), status);
    }
    kept.extend(
        seen.into_iter()
            .filter(|(_, status)| matches!(status, TestStatus::Failed | TestStatus::Error)),
    );
    kept
}

/// Each test named in `value`'s lists (`passed_tests`, ...) with the status its list gives.
pub fn statuses_listed(value: &Value, lists: &[(&str, TestStatus)]) -> BTreeMap<String, TestStatus> {
    lists
        .iter()
        .flat_map(|(list, status)| strings(value, list).into_iter().map(|test| (test, *status)))
        .collect()
}

/// How many of `names` have a status `counts` accepts, of how many.
pub fn tally(names: &[String], statuses: &BTreeMap<String, TestStatus>, counts: impl Fn(TestStatus) -> bool) -> TestTally {
    let passed = names.iter().filter(|n| statuses.get(*n).is_some_and(|s| counts(*s))).count();
    TestTally {
        passed: passed as u32,
        total: names.len() as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_tests_and_failures_are_kept_and_tallied() {
        let seen = BTreeMap::from([
            ("a".to_string(), TestStatus::Passed),
            ("other_pass".to_string(), TestStatus::Passed),
            ("other_fail".to_string(), TestStatus::Failed),
        ]);
        let lists = TestLists {
            fail_to_pass: vec!["a".into(), "gone".into()],
            pass_to_pass: vec![],
        };
        let kept = kept_statuses(seen.clone(), Some(&lists));
        let names: Vec<_> = kept.iter().map(|(n, s)| format!("{n}={s:?}")).collect();
        assert_eq!(names, ["a=Passed", "gone=Missing", "other_fail=Failed"]);
        assert_eq!(
            tally(&lists.fail_to_pass, &kept, |s| s == TestStatus::Passed),
            TestTally { passed: 1, total: 2 }
        );
        assert_eq!(kept_statuses(seen, None).len(), 1, "without lists, the failures alone");
    }
}
