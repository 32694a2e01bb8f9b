//! Facets derived from loaded runs, so the list can filter and sort by result.
//!
//! Each run with verdicts adds the facet `run <id>` to every row: `resolved`, the failure mode
//! of an unresolved instance when the run recorded one, `unresolved` otherwise, or `not run`
//! when the run has no result for it. Across those runs, the facet `resolved by` counts how many
//! resolve each instance (`0 of 3` … `3 of 3`), which makes "solved by no run" and "solved by
//! every run" one click each. Runs scored by metrics only carry no verdicts and add nothing.

use crate::instance::IndexRow;
use crate::results::{ResultsMatrix, RowOutcomes};
use crate::run::InstanceResult;

/// The facet counting the runs that resolve an instance.
pub const RESOLVED_BY: &str = "resolved by";

/// The prefix of per-run facets: `run <run id>`.
pub const RUN_FACET_PREFIX: &str = "run ";

pub use crate::results::{NOT_RUN, RESOLVED};

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

/// Between a run's facet and one aspect of its trajectories: `run <id> · ran tests`.
const ASPECT_SEPARATOR: &str = " · ";

/// Whether `named` holds the run facet `facet` or one of its trajectory aspects.
fn is_named(named: &[String], facet: &str) -> bool {
    named.iter().any(|n| run_of_facet(n) == facet)
}

/// The facet of one aspect of run `run_id`'s trajectories (`run <id> · ran tests`).
pub fn agent_facet(run_id: &str, aspect: &str) -> String {
    format!("{}{ASPECT_SEPARATOR}{aspect}", run_facet(run_id))
}

/// The run facet a facet belongs to: itself, or the run of a trajectory aspect.
pub fn run_of_facet(facet: &str) -> &str {
    facet.split(ASPECT_SEPARATOR).next().unwrap_or(facet)
}

/// The trajectory aspect a facet names (`steps` of `run <id> · steps`), if it names one.
pub fn aspect_of_facet(facet: &str) -> Option<&str> {
    facet.split_once(ASPECT_SEPARATOR).map(|(_, aspect)| aspect)
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

/// How many of the best runs get their own `run <id>` facet on the list: past a dozen, a facet
/// per run is a column of checkboxes nobody reads and a map entry per run on every row.
pub const RUN_FACETS: usize = 10;

/// Adds `resolved by` and [`AMONG_TOP`] over every run of `matrix` with verdicts, and the
/// `run <id>` facet of the best [`RUN_FACETS`] of them and of those whose facet is among `named`
/// (a filter naming a run further down), with, for a run with trajectories, a facet per aspect of
/// them (`run <id> · exit`, `· steps`, `· ran tests`, `· read history`, `· looped`). Returns the ids of the runs given a facet, best first.
pub fn add_run_facets(rows: &mut [IndexRow], matrix: &ResultsMatrix, named: &[String]) -> Vec<String> {
    let judged = matrix.judged_best_first();
    if judged.is_empty() {
        return Vec::new();
    }
    let outcomes = RowOutcomes::new(matrix, rows.iter().map(|r| r.id.as_str()));
    let faceted: Vec<usize> = judged
        .iter()
        .enumerate()
        .filter(|(rank, run)| *rank < RUN_FACETS || is_named(named, &run_facet(&matrix.runs[**run].id)))
        .map(|(_, run)| *run)
        .collect();
    let facet_names: Vec<String> = faceted.iter().map(|run| run_facet(&matrix.runs[*run].id)).collect();
    let top: Vec<usize> = judged.iter().copied().take(TOP_RUNS).collect();
    for (position, row) in rows.iter_mut().enumerate() {
        let resolved = judged.iter().filter(|run| outcomes.outcome(**run, position).resolved()).count();
        for (run, name) in faceted.iter().zip(&facet_names) {
            let label = outcomes.label(*run, position).unwrap_or(crate::failure_mode::UNRESOLVED);
            row.facets.insert(name.clone(), label.to_string());
            let agent = matrix.runs[*run].agent.as_ref();
            for (aspect, value) in agent.zip(outcomes.column(position)).map(|(a, c)| a.facets(c)).unwrap_or_default() {
                row.facets.insert(agent_facet(&matrix.runs[*run].id, aspect), value);
            }
        }
        row.facets
            .insert(RESOLVED_BY.to_string(), format!("{resolved} of {}", judged.len()));
        if top.len() >= 2 {
            let solved = top.iter().filter(|run| outcomes.outcome(**run, position).resolved()).count();
            let value = match solved {
                0 => SOLVED_BY_NONE,
                n if n == top.len() => SOLVED_BY_ALL,
                _ => DISCRIMINATING,
            };
            row.facets.insert(AMONG_TOP.to_string(), value.to_string());
        }
    }
    faceted.iter().map(|run| matrix.runs[*run].id.clone()).collect()
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

    use crate::run::Run;

    fn add(rows: &mut [IndexRow], runs: &[&Run]) -> Vec<String> {
        add_run_facets(rows, &ResultsMatrix::from_runs(runs), &[])
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
        let used = add(&mut rows, &[&first, &second, &metrics_only]);
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
        assert!(add(&mut rows, &[]).is_empty());
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
        add(&mut rows, &runs.iter().collect::<Vec<_>>());
        let among_top: Vec<&str> = rows.iter().map(|r| r.facets[AMONG_TOP].as_str()).collect();
        assert_eq!(among_top, [SOLVED_BY_ALL, DISCRIMINATING, SOLVED_BY_NONE]);
        let mut lone = vec![row("a")];
        add(&mut lone, &[&runs[0]]);
        assert!(!lone[0].facets.contains_key(AMONG_TOP), "one run tells nothing apart");
    }

    #[test]
    fn past_the_best_runs_only_a_named_run_gets_a_facet() {
        let runs: Vec<Run> = (0..RUN_FACETS + 3)
            .map(|i| {
                // Run i solves `a` when i is even; the best are those with more resolved: all tie
                // at 0 or 1, so the order is resolved count, then id.
                run(&format!("r{i:02}"), vec![result("a", Some(i % 2 == 0), None)])
            })
            .collect();
        let matrix = ResultsMatrix::from_runs(&runs.iter().collect::<Vec<_>>());
        let mut rows = vec![row("a")];
        let named = vec!["run r11".to_string()];
        let faceted = add_run_facets(&mut rows, &matrix, &named);
        assert_eq!(faceted.len(), RUN_FACETS + 1);
        assert!(faceted.contains(&"r11".to_string()) && !faceted.contains(&"r09".to_string()));
        assert_eq!(rows[0].facets["run r11"], "unresolved");
        assert!(!rows[0].facets.contains_key("run r09"));
        assert_eq!(
            rows[0].facets[RESOLVED_BY],
            format!("7 of {}", RUN_FACETS + 3),
            "counted over every run"
        );
    }

    #[test]
    fn every_cell_of_the_matrix_reads_as_the_run_file_says() {
        let runs = vec![
            run(
                "b",
                vec![
                    result("i2", Some(true), None),
                    result("i1", Some(false), Some("patch_failed")),
                    result("i3", Some(false), Some("")),
                ],
            ),
            run(
                "a",
                vec![result("i1", Some(true), None), result("i4", Some(false), Some("TypeError"))],
            ),
        ];
        let refs: Vec<&Run> = runs.iter().collect();
        let matrix = ResultsMatrix::from_runs(&refs);
        for run in &runs {
            let (_, row) = matrix.run(&run.id).unwrap();
            for (column, id) in matrix.instances.iter().enumerate() {
                let file = run.results.iter().find(|r| &r.instance_id == id);
                assert_eq!(matrix.label(row.outcome(column)), Some(outcome_label(file)), "{} {id}", run.id);
            }
        }
    }

    #[test]
    fn a_run_with_trajectories_gets_a_facet_per_aspect_of_them() {
        use crate::trajectory::TrajectoryFacts;
        let facts = |steps: usize, ran_tests: bool, exit: &str| TrajectoryFacts {
            steps,
            ran_tests,
            exit_status: Some(exit.into()),
            history_reads: if steps > 40 { vec!["git log --all".into()] } else { Vec::new() },
            edited_tests: steps > 40,
            cost: (steps < 40).then_some(0.3),
            ..TrajectoryFacts::default()
        };
        let mut agent = run(
            "agent",
            vec![
                result("a", Some(true), None),
                result("b", Some(false), None),
                result("c", Some(false), None),
            ],
        );
        agent.results[0].trajectory = Some(facts(12, true, "submitted"));
        agent.results[1].trajectory = Some(facts(60, false, "exit_cost"));
        let matrix = ResultsMatrix::from_runs(&[&agent]);
        let mut rows = vec![row("a"), row("b"), row("c")];
        add_run_facets(&mut rows, &matrix, &[]);
        let aspects = |row: &IndexRow| -> Vec<(String, String)> {
            row.facets
                .iter()
                .filter(|(k, _)| k.starts_with("run agent · "))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        };
        let pair = |k: &str, v: &str| (format!("run agent · {k}"), v.to_string());
        assert_eq!(
            aspects(&rows[0]),
            [
                pair("cost", "$0.25-0.50"),
                pair("edited tests", "no"),
                pair("exit", "submitted"),
                pair("looped", "no"),
                pair("ran tests", "yes"),
                pair("read history", "no"),
                pair("steps", "11-25")
            ]
        );
        let second = aspects(&rows[1]);
        assert_eq!(second[0], pair("edited tests", "yes"), "no cost recorded, no cost facet");
        assert_eq!(second[1], pair("exit", "exit_cost"));
        assert_eq!(second[4], pair("read history", "yes"));
        assert!(aspects(&rows[2]).is_empty(), "no trajectory, no aspect");
        assert!(is_named(&["run x · ran tests".into()], "run x") && !is_named(&["run xy".into()], "run x"));
    }
}
