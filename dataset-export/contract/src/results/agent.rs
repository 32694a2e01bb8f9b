//! A run's trajectory facts laid out over the matrix's instances, for the list's facets.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::run::InstanceResult;

/// A run's trajectory facts, one entry per instance of the matrix (`None`: no trajectory), for
/// the list's facets.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentColumns {
    /// How each trajectory ended, as an index into `exit_statuses`.
    pub exit: Vec<Option<u16>>,
    /// The exit statuses named.
    pub exit_statuses: Vec<String>,
    /// Steps taken.
    pub steps: Vec<Option<u32>>,
    /// Whether it ran tests.
    pub ran_tests: Vec<Option<bool>>,
    /// Whether it read the repository's history past the base commit.
    pub read_history: Vec<Option<bool>>,
    /// Whether a step repeated the one before it.
    pub looped: Vec<Option<bool>>,
    /// Whether it edited a test file.
    #[serde(default)]
    pub edited_tests: Vec<Option<bool>>,
    /// Its cost in US dollars, where the trajectory records one.
    #[serde(default)]
    pub cost: Vec<Option<f32>>,
}

impl AgentColumns {
    pub(super) fn of(results: &[InstanceResult], column: &HashMap<&str, usize>, width: usize) -> Option<AgentColumns> {
        let mut agent = AgentColumns {
            exit: vec![None; width],
            exit_statuses: Vec::new(),
            steps: vec![None; width],
            ran_tests: vec![None; width],
            read_history: vec![None; width],
            looped: vec![None; width],
            edited_tests: vec![None; width],
            cost: vec![None; width],
        };
        let mut any = false;
        for result in results {
            let Some(facts) = &result.trajectory else { continue };
            any = true;
            let at = column[result.instance_id.as_str()];
            let status = facts.exit_status.clone().unwrap_or_else(|| "unknown".into());
            let index = match agent.exit_statuses.iter().position(|s| *s == status) {
                Some(index) => index,
                None => {
                    agent.exit_statuses.push(status);
                    agent.exit_statuses.len() - 1
                }
            };
            agent.exit[at] = u16::try_from(index).ok();
            agent.steps[at] = u32::try_from(facts.steps).ok();
            // A trace in words says nothing of what the agent did.
            let acted = |fact: bool| facts.records_actions().then_some(fact);
            agent.ran_tests[at] = acted(facts.ran_tests);
            agent.read_history[at] = acted(!facts.history_reads.is_empty());
            agent.looped[at] = acted(facts.repeated_actions > 0);
            agent.edited_tests[at] = acted(facts.edited_tests);
            agent.cost[at] = facts.cost.map(|c| c as f32);
        }
        any.then_some(agent)
    }

    /// The facets of instance `column`: `(aspect, value)` pairs, nothing without a trajectory.
    pub fn facets(&self, column: usize) -> Vec<(&'static str, String)> {
        let Some(steps) = self.steps.get(column).copied().flatten() else {
            return Vec::new();
        };
        // Unknown where the trajectory records no action (a trace in words).
        let yes_no = |values: &[Option<bool>]| match values.get(column).copied().flatten() {
            Some(true) => "yes".to_string(),
            Some(false) => "no".to_string(),
            None => "unknown".to_string(),
        };
        let exit = self
            .exit
            .get(column)
            .copied()
            .flatten()
            .and_then(|i| self.exit_statuses.get(usize::from(i)))
            .cloned()
            .unwrap_or_else(|| "unknown".into());
        let mut facets = vec![
            (AGENT_EXIT, exit),
            (AGENT_STEPS, steps_bucket(steps).to_string()),
            (AGENT_RAN_TESTS, yes_no(&self.ran_tests)),
            (AGENT_EDITED_TESTS, yes_no(&self.edited_tests)),
            (AGENT_READ_HISTORY, yes_no(&self.read_history)),
            (AGENT_LOOPED, yes_no(&self.looped)),
        ];
        if let Some(cost) = self.cost.get(column).copied().flatten() {
            facets.push((AGENT_COST, cost_bucket(cost).to_string()));
        }
        facets
    }

    /// Re-lays the columns by `moved` (old column → new) over `width` columns.
    pub(super) fn relay(&mut self, moved: &[usize], width: usize) {
        fn relay<T: Copy>(values: &[Option<T>], moved: &[usize], width: usize) -> Vec<Option<T>> {
            let mut out = vec![None; width];
            for (value, new) in values.iter().zip(moved) {
                out[*new] = *value;
            }
            out
        }
        self.exit = relay(&self.exit, moved, width);
        self.steps = relay(&self.steps, moved, width);
        self.ran_tests = relay(&self.ran_tests, moved, width);
        self.read_history = relay(&self.read_history, moved, width);
        self.looped = relay(&self.looped, moved, width);
        self.edited_tests = relay(&self.edited_tests, moved, width);
        self.cost = relay(&self.cost, moved, width);
    }
}

/// The aspects of a trajectory a run's facets show, appended to its facet name.
pub const AGENT_EXIT: &str = "exit";
/// Steps, in buckets.
pub const AGENT_STEPS: &str = "steps";
/// Whether the agent ran tests.
pub const AGENT_RAN_TESTS: &str = "ran tests";
/// Whether it read history past the base commit.
pub const AGENT_READ_HISTORY: &str = "read history";
/// Whether it repeated a step.
pub const AGENT_LOOPED: &str = "looped";
/// Whether it edited a test file.
pub const AGENT_EDITED_TESTS: &str = "edited tests";
/// Its cost, in buckets.
pub const AGENT_COST: &str = "cost";

/// Step-count buckets, small to large.
pub const STEPS_BUCKETS: [&str; 5] = ["1-10", "11-25", "26-50", "51-100", "101+"];

/// The bucket of `steps` (0 falls in the first).
pub fn steps_bucket(steps: u32) -> &'static str {
    match steps {
        0..=10 => STEPS_BUCKETS[0],
        11..=25 => STEPS_BUCKETS[1],
        26..=50 => STEPS_BUCKETS[2],
        51..=100 => STEPS_BUCKETS[3],
        _ => STEPS_BUCKETS[4],
    }
}

/// Cost buckets in US dollars, cheap to dear: each label with its exclusive upper bound.
const COST_BOUNDS: [(f32, &str); 6] = [
    (0.1, "< $0.10"),
    (0.25, "$0.10-0.25"),
    (0.5, "$0.25-0.50"),
    (1.0, "$0.50-1"),
    (2.0, "$1-2"),
    (f32::INFINITY, "$2+"),
];

/// The cost buckets' labels, cheap to dear.
pub fn cost_buckets() -> Vec<&'static str> {
    COST_BOUNDS.iter().map(|(_, label)| *label).collect()
}

/// The bucket of `cost` dollars.
pub fn cost_bucket(cost: f32) -> &'static str {
    COST_BOUNDS
        .iter()
        .find(|(bound, _)| cost < *bound)
        .map_or("$2+", |(_, label)| label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trajectory::facts::TrajectoryFacts;

    #[test]
    fn a_trace_in_words_says_nothing_of_what_the_agent_did() {
        let result = |id: &str, text_only: bool| InstanceResult {
            instance_id: id.into(),
            trajectory: Some(TrajectoryFacts {
                steps: 3,
                text_only,
                ..TrajectoryFacts::default()
            }),
            ..InstanceResult::default()
        };
        let results = [result("a", false), result("b", true)];
        let column = HashMap::from([("a", 0), ("b", 1)]);
        let agent = AgentColumns::of(&results, &column, 2).unwrap();
        let ran_tests = |at: usize| {
            agent
                .facets(at)
                .into_iter()
                .find(|(aspect, _)| *aspect == AGENT_RAN_TESTS)
                .unwrap()
                .1
        };
        assert_eq!((ran_tests(0).as_str(), ran_tests(1).as_str()), ("no", "unknown"));
        let summary = crate::trajectory::summary::agent_summary(&results).unwrap();
        assert_eq!(summary.ran_tests_percent, Some(0.0), "of the trajectory that records its actions");
        assert_eq!(summary.steps_mean, 3.0);
        assert_eq!(
            crate::trajectory::summary::agent_summary(&results[1..]).unwrap().ran_tests_percent,
            None
        );
    }

    #[test]
    fn costs_fall_in_their_buckets() {
        let buckets: Vec<&str> = [0.0, 0.099, 0.1, 0.3, 0.5, 1.99, 2.0, 40.0].into_iter().map(cost_bucket).collect();
        assert_eq!(
            buckets,
            ["< $0.10", "< $0.10", "$0.10-0.25", "$0.25-0.50", "$0.50-1", "$1-2", "$2+", "$2+"]
        );
    }
}
