//! Facets derived from loaded runs, so the list can filter and sort by result.
//!
//! Each run with verdicts adds the facet `run <id>` to every row: `resolved`, the failure mode
//! of an unresolved instance when the run recorded one, `unresolved` otherwise, or `not run`
//! when the run has no result for it. Across those runs, the facet `resolved by` counts how many
//! resolve each instance (`0 of 3` … `3 of 3`), which makes "solved by no run" and "solved by
//! every run" one click each. Runs scored by metrics only carry no verdicts and add nothing.

use std::collections::HashMap;

use crate::instance::IndexRow;
use crate::run::{InstanceResult, Run};

/// The facet counting the runs that resolve an instance.
pub const RESOLVED_BY: &str = "resolved by";

/// The prefix of per-run facets: `run <run id>`.
pub const RUN_FACET_PREFIX: &str = "run ";

/// The outcome of an instance a run has no result for.
pub const NOT_RUN: &str = "not run";

/// The outcome of an instance a run resolved.
pub const RESOLVED: &str = "resolved";

/// How many of the best runs (by resolved count) the facet [`AMONG_TOP`] looks at.
pub const TOP_RUNS: usize = 5;

/// The facet telling apart the instances the best runs disagree on: `all`, `none`, or
/// `discriminating` (solved by some of the top runs, not by the others).
pub const AMONG_TOP: &str = "top runs";

/// Values of [`AMONG_TOP`].
pub const SOLVED_BY_ALL: &str = "solved by all";
/// An instance none of the top runs solves.
pub const SOLVED_BY_NONE: &str = "solved by none";
/// An instance some of the top runs solve and others do not.
pub const DISCRIMINATING: &str = "discriminating";

/// The facet name of run `run_id`. Colons are replaced, since the URL keeps filters as
/// `facet:value`.
pub fn run_facet(run_id: &str) -> String {
    format!("{RUN_FACET_PREFIX}{}", run_id.replace(':', "_"))
}

/// What a run's result says about an instance, as a facet value.
pub fn outcome_label(result: Option<&InstanceResult>) -> &str {
    match result {
        None => NOT_RUN,
        Some(r) if r.resolved == Some(true) => RESOLVED,
        Some(r) => r
            .failure_mode
            .as_deref()
            .filter(|m| !m.is_empty())
            .unwrap_or(crate::failure_mode::UNRESOLVED),
    }
}

/// Adds the `run <id>` facets and `resolved by` to `rows` for the `runs` that have verdicts.
/// Returns the ids of the runs used.
pub fn add_run_facets(rows: &mut [IndexRow], runs: &[&Run]) -> Vec<String> {
    let judged: Vec<&Run> = runs.iter().copied().filter(|r| r.resolved_count().is_some()).collect();
    if judged.is_empty() {
        return Vec::new();
    }
    let by_instance: Vec<HashMap<&str, &InstanceResult>> = judged
        .iter()
        .map(|run| run.results.iter().map(|r| (r.instance_id.as_str(), r)).collect())
        .collect();
    for row in rows.iter_mut() {
        let mut resolved = 0;
        for (run, results) in judged.iter().zip(&by_instance) {
            let result = results.get(row.id.as_str()).copied();
            resolved += usize::from(result.is_some_and(|r| r.resolved == Some(true)));
            row.facets.insert(run_facet(&run.id), outcome_label(result).to_string());
        }
        row.facets
            .insert(RESOLVED_BY.to_string(), format!("{resolved} of {}", judged.len()));
    }
    add_top_facet(rows, &judged, &by_instance);
    judged.iter().map(|r| r.id.clone()).collect()
}

/// Adds [`AMONG_TOP`] when at least two runs have verdicts: how the best [`TOP_RUNS`] of them
/// (by resolved count, ties by id) fare on each instance.
fn add_top_facet(rows: &mut [IndexRow], judged: &[&Run], by_instance: &[HashMap<&str, &InstanceResult>]) {
    if judged.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..judged.len()).collect();
    let count = |i: usize| judged[i].resolved_count().unwrap_or(0);
    order.sort_by(|&a, &b| count(b).cmp(&count(a)).then(judged[a].id.cmp(&judged[b].id)));
    let top: Vec<usize> = order.into_iter().take(TOP_RUNS).collect();
    for row in rows.iter_mut() {
        let solved = top
            .iter()
            .filter(|&&i| by_instance[i].get(row.id.as_str()).is_some_and(|r| r.resolved == Some(true)))
            .count();
        let value = match solved {
            0 => SOLVED_BY_NONE,
            n if n == top.len() => SOLVED_BY_ALL,
            _ => DISCRIMINATING,
        };
        row.facets.insert(AMONG_TOP.to_string(), value.to_string());
    }
}

/// How many runs resolve `row`, from its `resolved by` facet (`None` before runs are added).
pub fn resolved_by(row: &IndexRow) -> Option<u32> {
    row.facets.get(RESOLVED_BY)?.split(' ').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str) -> IndexRow {
        IndexRow {
            id: id.into(),
            repo: "o/r".into(),
            title: String::new(),
            category: String::new(),
            created: None,
            stats: Default::default(),
            fail_to_pass: 1,
            pass_to_pass: 0,
            detail: 0,
            facets: Default::default(),
        }
    }

    fn result(id: &str, resolved: Option<bool>, failure_mode: Option<&str>) -> InstanceResult {
        InstanceResult {
            instance_id: id.into(),
            resolved,
            failure_mode: failure_mode.map(str::to_string),
            ..Default::default()
        }
    }

    fn run(id: &str, results: Vec<InstanceResult>) -> Run {
        Run {
            results,
            ..Run::new(id, "d", "test", "", "")
        }
    }

    #[test]
    fn each_run_becomes_a_facet_and_resolved_by_counts_them() {
        let mut rows = vec![row("a"), row("b"), row("c")];
        let first = run(
            "one",
            vec![result("a", Some(true), None), result("b", Some(false), Some("patch_failed"))],
        );
        let second = run("two:x", vec![result("a", Some(true), None), result("b", Some(false), None)]);
        let metrics_only = run("chrf", vec![result("a", None, None)]);
        let used = add_run_facets(&mut rows, &[&first, &second, &metrics_only]);
        assert_eq!(used, ["one", "two:x"]);
        let facet = |row: &IndexRow, name: &str| row.facets.get(name).cloned();
        assert_eq!(facet(&rows[0], "run one").as_deref(), Some("resolved"));
        assert_eq!(facet(&rows[1], "run one").as_deref(), Some("patch_failed"));
        assert_eq!(facet(&rows[1], "run two_x").as_deref(), Some("unresolved"));
        assert_eq!(facet(&rows[2], "run one").as_deref(), Some("not run"));
        assert_eq!(facet(&rows[0], "run chrf"), None);
        let counts: Vec<_> = rows.iter().map(resolved_by).collect();
        assert_eq!(counts, [Some(2), Some(0), Some(0)]);
        assert_eq!(facet(&rows[0], RESOLVED_BY).as_deref(), Some("2 of 2"));
    }

    #[test]
    fn no_runs_with_verdicts_adds_nothing() {
        let mut rows = vec![row("a")];
        assert!(add_run_facets(&mut rows, &[]).is_empty());
        assert!(rows[0].facets.is_empty());
        assert_eq!(resolved_by(&rows[0]), None);
    }

    #[test]
    fn the_top_runs_tell_apart_the_instances_they_disagree_on() {
        let mut rows = vec![row("a"), row("b"), row("c")];
        let solving = |id: &str, solved: &[&str]| {
            let results = ["a", "b", "c"].iter().map(|i| result(i, Some(solved.contains(i)), None)).collect();
            run(id, results)
        };
        // Six runs: the five best solve `a`; `b` only some of them; `c` only the sixth, weakest.
        let runs: Vec<Run> = vec![
            solving("r1", &["a", "b"]),
            solving("r2", &["a", "b"]),
            solving("r3", &["a"]),
            solving("r4", &["a"]),
            solving("r5", &["a"]),
            solving("r6", &[]),
        ];
        add_run_facets(&mut rows, &runs.iter().collect::<Vec<_>>());
        let among_top: Vec<&str> = rows.iter().map(|r| r.facets[AMONG_TOP].as_str()).collect();
        assert_eq!(among_top, [SOLVED_BY_ALL, DISCRIMINATING, SOLVED_BY_NONE]);
        let mut lone = vec![row("a")];
        add_run_facets(&mut lone, &[&runs[0]]);
        assert!(!lone[0].facets.contains_key(AMONG_TOP), "one run tells nothing apart");
    }
}
