//! A run's sums and means for the leaderboard, computed once from its results.

use serde::{Deserialize, Serialize};

use crate::run::InstanceResult;
use crate::stats::{mean, sum_recorded};
use crate::trajectory::summary::{agent_summary, AgentSummary};

/// What the leaderboard shows of a run's per-instance results, summed or averaged once.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RunTotals {
    /// Prompt tokens over its results.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_in: Option<u64>,
    /// Completion tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_out: Option<u64>,
    /// Cost in US dollars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    /// Mean pass rate, in percent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passed_percent: Option<f64>,
    /// Its trajectories at a glance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<AgentSummary>,
}

impl RunTotals {
    /// The totals of `results`.
    pub fn of(results: &[InstanceResult]) -> RunTotals {
        RunTotals {
            tokens_in: sum_recorded(results.iter().filter_map(|r| r.tokens_in)),
            tokens_out: sum_recorded(results.iter().filter_map(|r| r.tokens_out)),
            cost: sum_recorded(results.iter().filter_map(|r| r.cost)),
            passed_percent: mean(results.iter().filter_map(|r| r.pass_rate)).map(|m| m * 100.0),
            agent: agent_summary(results),
        }
    }
}
