//! What a run's agent spent on the instances it resolved against those it did not: the
//! per-instance costs its trajectories (or, without them, its results) record, read beside its
//! verdicts.

use serde::{Deserialize, Serialize};

use super::{MatrixRun, Outcome};
use crate::run::InstanceResult;
use crate::sorting::sort_by;
use crate::stats::mean;

/// A run's cost, resolved against unresolved, in US dollars.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CostAgainstResolved {
    /// Instances with both a verdict and a recorded cost.
    pub priced: usize,
    /// Their cost, summed.
    pub total: f64,
    /// Mean and median cost of the resolved ones.
    pub resolved: Option<(f64, f64)>,
    /// Mean and median cost of the unresolved ones.
    pub unresolved: Option<(f64, f64)>,
    /// The total over the resolved count: what one resolved instance cost.
    pub per_resolved: Option<f64>,
}

/// `run`'s costs split by its verdicts; `None` when no instance has both. A matrix written
/// before runs carried [`MatrixRun::spent`] gives its trajectories' costs.
pub fn cost_against_resolved(run: &MatrixRun) -> Option<CostAgainstResolved> {
    if run.spent.is_some() {
        return run.spent.clone();
    }
    let costs = &run.agent.as_ref()?.cost;
    split_by_verdict(
        costs
            .iter()
            .enumerate()
            .filter_map(|(column, cost)| Some((f64::from((*cost)?), run.outcome(column)))),
    )
}

/// What a result cost: its trajectory's record, else its own (swebench.com's per-instance cost).
pub(super) fn recorded_cost(result: &InstanceResult) -> Option<f64> {
    result.trajectory.as_ref().and_then(|facts| facts.cost).or(result.cost)
}

/// Costs split by the verdicts beside them; `None` when none has a verdict.
pub(super) fn split_by_verdict(costs: impl IntoIterator<Item = (f64, Outcome)>) -> Option<CostAgainstResolved> {
    let (mut resolved, mut unresolved) = (Vec::new(), Vec::new());
    for (cost, outcome) in costs {
        match outcome {
            Outcome::Resolved => resolved.push(cost),
            Outcome::NotRun | Outcome::NoVerdict => {}
            Outcome::Unresolved | Outcome::Failed(_) => unresolved.push(cost),
        }
    }
    let priced = resolved.len() + unresolved.len();
    if priced == 0 {
        return None;
    }
    let total = resolved.iter().chain(&unresolved).sum::<f64>();
    let per_resolved = (!resolved.is_empty()).then(|| total / resolved.len() as f64);
    Some(CostAgainstResolved {
        priced,
        total,
        resolved: mean_and_median(resolved),
        unresolved: mean_and_median(unresolved),
        per_resolved,
    })
}

fn mean_and_median(mut values: Vec<f64>) -> Option<(f64, f64)> {
    if values.is_empty() {
        return None;
    }
    sort_by(&mut values, f64::total_cmp);
    let n = values.len();
    let median = if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    };
    Some((mean(values.iter().copied())?, median))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::ResultsMatrix;
    use crate::run::{InstanceResult, Run};
    use crate::trajectory::TrajectoryFacts;

    fn result(id: &str, resolved: Option<bool>, cost: Option<f64>) -> InstanceResult {
        InstanceResult {
            instance_id: id.into(),
            resolved,
            trajectory: Some(TrajectoryFacts {
                cost,
                ..TrajectoryFacts::default()
            }),
            ..InstanceResult::default()
        }
    }

    #[test]
    fn costs_split_by_verdict_with_means_medians_and_cost_per_resolved() {
        let run = Run {
            results: vec![
                result("a", Some(true), Some(0.25)),
                result("b", Some(true), Some(0.75)),
                result("c", Some(true), Some(2.0)),
                result("d", Some(false), Some(1.0)),
                result("e", Some(false), None),
                result("f", None, Some(9.0)),
            ],
            ..Run::new("r", "d", "test", "", "")
        };
        let matrix = ResultsMatrix::from_runs(&[&run]);
        let cost = cost_against_resolved(&matrix.runs[0]).unwrap();
        assert_eq!(cost.priced, 4, "no cost or no verdict, not counted");
        assert_eq!(cost.total, 4.0);
        assert_eq!(cost.resolved, Some((1.0, 0.75)));
        assert_eq!(cost.unresolved, Some((1.0, 1.0)));
        assert_eq!(cost.per_resolved, Some(4.0 / 3.0));
    }

    /// swebench.com's boards publish each instance's cost without a trajectory; where both are
    /// recorded, the trajectory's is the one read.
    #[test]
    fn results_costs_count_where_no_trajectory_records_one() {
        let priced = |id: &str, resolved, cost| InstanceResult {
            instance_id: id.into(),
            resolved: Some(resolved),
            cost: Some(cost),
            ..InstanceResult::default()
        };
        let mut both = priced("c", false, 100.0);
        both.trajectory = Some(TrajectoryFacts {
            cost: Some(3.0),
            ..TrajectoryFacts::default()
        });
        let run = Run {
            results: vec![priced("a", true, 1.0), priced("b", false, 2.0), both],
            ..Run::new("r", "d", "test", "", "")
        };
        let matrix = ResultsMatrix::from_runs(&[&run]);
        let cost = cost_against_resolved(&matrix.runs[0]).unwrap();
        assert_eq!((cost.priced, cost.total), (3, 6.0));
        assert_eq!(cost.unresolved, Some((2.5, 2.5)));
    }

    /// A matrix written before runs carried `spent` still gives its trajectories' costs.
    #[test]
    fn a_matrix_written_before_spent_reads_its_trajectories_costs() {
        let run = Run {
            results: vec![result("a", Some(true), Some(0.5)), result("b", Some(false), Some(1.5))],
            ..Run::new("r", "d", "test", "", "")
        };
        let mut written = serde_json::to_value(ResultsMatrix::from_runs(&[&run])).unwrap();
        assert!(written["runs"][0]["spent"].is_object());
        written["runs"][0].as_object_mut().unwrap().remove("spent");
        let old: ResultsMatrix = serde_json::from_value(written).unwrap();
        let cost = cost_against_resolved(&old.runs[0]).unwrap();
        assert_eq!((cost.priced, cost.total, cost.per_resolved), (2, 2.0, Some(2.0)));
    }

    #[test]
    fn a_run_without_costs_has_none() {
        let run = Run {
            results: vec![result("a", Some(true), None)],
            ..Run::new("r", "d", "test", "", "")
        };
        assert_eq!(cost_against_resolved(&ResultsMatrix::from_runs(&[&run]).runs[0]), None);
    }
}
