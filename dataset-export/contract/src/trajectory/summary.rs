//! A run's trajectories summed up for its leaderboard row.

use crate::stats::mean;

/// A run's trajectories at a glance.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AgentSummary {
    /// Mean steps per trajectory.
    pub steps_mean: f64,
    /// Share of trajectories that ran tests, in percent, of those that record their actions
    /// (none where no trajectory does: traces in words).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ran_tests_percent: Option<f64>,
    /// Trajectories with a step repeating the one before it.
    pub looping: usize,
    /// Trajectories that read the repository's history past the base commit.
    pub history_reads: usize,
    /// Mean tokens (in and out) per trajectory that records them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_mean: Option<f64>,
    /// Mean cost in US dollars per trajectory that records one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_mean: Option<f64>,
}

/// The summary of the trajectories among `results`, if any.
pub fn agent_summary(results: &[crate::InstanceResult]) -> Option<AgentSummary> {
    let facts: Vec<&super::TrajectoryFacts> = results.iter().filter_map(|r| r.trajectory.as_ref()).collect();
    if facts.is_empty() {
        return None;
    }
    let n = facts.len() as f64;
    let acting: Vec<&&super::TrajectoryFacts> = facts.iter().filter(|f| f.records_actions()).collect();
    let ran_tests = acting.iter().filter(|f| f.ran_tests).count() as f64;
    Some(AgentSummary {
        steps_mean: facts.iter().map(|f| f.steps as f64).sum::<f64>() / n,
        ran_tests_percent: (!acting.is_empty()).then(|| ran_tests * 100.0 / acting.len() as f64),
        looping: acting.iter().filter(|f| f.repeated_actions > 0).count(),
        history_reads: acting.iter().filter(|f| !f.history_reads.is_empty()).count(),
        tokens_mean: mean(facts.iter().filter_map(|f| match (f.tokens_in, f.tokens_out) {
            (None, None) => None,
            (a, b) => Some((a.unwrap_or(0) + b.unwrap_or(0)) as f64),
        })),
        cost_mean: mean(facts.iter().filter_map(|f| f.cost)),
    })
}
