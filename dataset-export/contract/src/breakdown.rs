//! Resolved ratios of runs broken down by a facet (FEA-Bench's Figures 4 and 5, FeatureBench's
//! per-repository and per-level tables), and two runs tallied instance by instance, all from
//! index rows that carry the runs' outcome facets (see [`crate::outcomes`]).

use std::collections::{BTreeMap, HashMap};

use crate::instance::IndexRow;
use crate::outcomes::run_facet;
use crate::query::{bucket_labels, facet_value};
use crate::stats::PairedCounts;

/// One value of the facet: per run, `(resolved, evaluated)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The facet value.
    pub value: String,
    /// Per run, in the order asked: instances resolved and instances the run has a result for.
    pub counts: Vec<(u64, u64)>,
}

/// The resolved counts of `runs` per value of `facet` over `rows`. Values are in the facet's
/// natural order (size buckets small to large, others by name).
pub fn breakdown(rows: &[IndexRow], facet: &str, runs: &[String]) -> Vec<Group> {
    let facets: Vec<String> = runs.iter().map(|r| run_facet(r)).collect();
    let mut groups: BTreeMap<String, Vec<(u64, u64)>> = BTreeMap::new();
    for row in rows {
        let Some(value) = facet_value(row, facet) else { continue };
        let counts = groups.entry(value.to_string()).or_insert_with(|| vec![(0, 0); runs.len()]);
        for (count, run) in counts.iter_mut().zip(&facets) {
            match row.facets.get(run).map(String::as_str) {
                None | Some("not run") => {}
                Some(outcome) => {
                    count.1 += 1;
                    count.0 += u64::from(outcome == "resolved");
                }
            }
        }
    }
    let mut list: Vec<Group> = groups.into_iter().map(|(value, counts)| Group { value, counts }).collect();
    sort_in_facet_order(&mut list, facet, |g| &g.value);
    list
}

/// One value of the facet: per run, the sum of its values and how many instances have one.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupMean {
    /// The facet value.
    pub value: String,
    /// Per run: `(sum, count)`; the mean is `sum / count`.
    pub sums: Vec<(f64, u64)>,
}

/// Per value of `facet`, each run's mean of `values` (instance id → value, e.g. FeatureBench's
/// pass rate), over the instances it has a value for.
pub fn mean_by_facet(rows: &[IndexRow], facet: &str, values: &[HashMap<String, f64>]) -> Vec<GroupMean> {
    let mut groups: BTreeMap<String, Vec<(f64, u64)>> = BTreeMap::new();
    for row in rows {
        let Some(value) = facet_value(row, facet) else { continue };
        let sums = groups.entry(value.to_string()).or_insert_with(|| vec![(0.0, 0); values.len()]);
        for (sum, run) in sums.iter_mut().zip(values) {
            if let Some(v) = run.get(&row.id) {
                sum.0 += v;
                sum.1 += 1;
            }
        }
    }
    let mut list: Vec<GroupMean> = groups.into_iter().map(|(value, sums)| GroupMean { value, sums }).collect();
    sort_in_facet_order(&mut list, facet, |g| &g.value);
    list
}

/// Size buckets small to large; other facets stay by name (their map order).
fn sort_in_facet_order<T>(list: &mut [T], facet: &str, value: impl Fn(&T) -> &String) {
    if let Some(order) = bucket_labels(facet) {
        list.sort_by_key(|g| order.iter().position(|label| label == value(g)).unwrap_or(usize::MAX));
    }
}

/// Two runs on the instances both have a result for.
pub fn paired(rows: &[IndexRow], first: &str, second: &str) -> PairedCounts {
    let (first, second) = (run_facet(first), run_facet(second));
    let mut counts = PairedCounts::default();
    for row in rows {
        let (Some(a), Some(b)) = (row.facets.get(&first), row.facets.get(&second)) else {
            continue;
        };
        if a == "not run" || b == "not run" {
            continue;
        }
        match (a == "resolved", b == "resolved") {
            (true, true) => counts.both += 1,
            (true, false) => counts.first_only += 1,
            (false, true) => counts.second_only += 1,
            (false, false) => counts.neither += 1,
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChangeStats;

    fn row(id: &str, lines: u32, a: &str, b: &str) -> IndexRow {
        IndexRow {
            id: id.into(),
            repo: "o/r".into(),
            title: String::new(),
            category: "AI".into(),
            created: None,
            stats: ChangeStats {
                lines_added: lines,
                ..Default::default()
            },
            fail_to_pass: 1,
            pass_to_pass: 0,
            detail: 0,
            facets: [("run a".to_string(), a.to_string()), ("run b".to_string(), b.to_string())]
                .into_iter()
                .collect(),
        }
    }

    #[test]
    fn groups_count_resolved_over_evaluated_in_bucket_order() {
        let rows = vec![
            row("1", 300, "resolved", "unresolved"),
            row("2", 5, "resolved", "resolved"),
            row("3", 20, "patch_failed", "not run"),
            row("4", 7, "unresolved", "resolved"),
        ];
        let groups = breakdown(&rows, "lines", &["a".into(), "b".into()]);
        let values: Vec<&str> = groups.iter().map(|g| g.value.as_str()).collect();
        assert_eq!(values, ["1-10", "11-50", "201+"]);
        assert_eq!(groups[0].counts, [(1, 2), (2, 2)]);
        assert_eq!(groups[1].counts, [(0, 1), (0, 0)], "`not run` is not counted");
        let rates: HashMap<String, f64> = [("1".to_string(), 0.5), ("2".to_string(), 1.0), ("4".to_string(), 0.25)]
            .into_iter()
            .collect();
        let means = mean_by_facet(&rows, "lines", &[rates]);
        assert_eq!(means[0].sums, [(1.25, 2)], "instances 2 and 4 are in 1-10");
        assert_eq!(means[1].sums, [(0.0, 0)]);
        assert_eq!(means[2].sums, [(0.5, 1)]);
        let pair = paired(&rows, "a", "b");
        assert_eq!((pair.both, pair.first_only, pair.second_only, pair.neither), (1, 1, 1, 0));
    }
}
