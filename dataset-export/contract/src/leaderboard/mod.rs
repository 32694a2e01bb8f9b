//! A leaderboard row per run: who, when, % resolved with its Wilson 95% interval, % passed,
//! tokens and cost. A published percentage ranks the run as its source does (a disagreeing
//! per-instance count is flagged beside it); runs we evaluated or imported from a harness are
//! counted from their results.

pub mod standing;
pub mod table;
pub mod tags;
pub mod trend;

use crate::manifest::RunEntry;
use crate::results::RunTotals;
use crate::stats::{wilson_interval, Z_95};
pub use crate::trajectory::summary::{agent_summary, AgentSummary};
use crate::wording::{agreeing, plural};

/// One run on a leaderboard.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LeaderboardRow {
    /// The run's id.
    pub id: String,
    /// System name.
    pub name: String,
    /// Model, scaffold and organisation, when known.
    pub model: Option<String>,
    /// Scaffold / agent.
    pub scaffold: Option<String>,
    /// Attempts at each task (`1`, `2+`), as its tags say ([`tags::attempts`]).
    pub attempts: Option<String>,
    /// Organisation.
    pub org: Option<String>,
    /// Date, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// Free tags.
    pub tags: Vec<String>,
    /// Resolved, in percent of the split's instances (or of those its source states it was scored
    /// over).
    pub resolved_percent: Option<f64>,
    /// How many instances that percentage is over, when known.
    pub scored_over: Option<u64>,
    /// Wilson 95% interval on it, in percent.
    pub resolved_interval: Option<(f64, f64)>,
    /// The percentage the per-instance results give, when it differs from the published one.
    pub counted_differs: Option<f64>,
    /// FeatureBench's passed (mean share of FAIL_TO_PASS tests passed), in percent.
    pub passed_percent: Option<f64>,
    /// Prompt and completion tokens over the run's results.
    pub tokens_in: Option<u64>,
    /// Completion tokens.
    pub tokens_out: Option<u64>,
    /// Cost in US dollars.
    pub cost: Option<f64>,
    /// Per-instance results the run holds.
    pub instances: usize,
    /// `(attempted, split instances)` for a run with per-instance results on part of its split
    /// (the rest count as unresolved, as the harness counts them).
    pub partial: Option<(usize, usize)>,
    /// Metric means (Long Code Arena's chrF, API recall, pass@1, ...): headline numbers other than
    /// the resolved, passed and cost figures above.
    pub metrics: Vec<(String, f64)>,
    /// What the run's agent trajectories show, when it has them.
    pub agent: Option<AgentSummary>,
}

impl LeaderboardRow {
    /// The mean of the metric `name`, when the run has it.
    pub fn metric(&self, name: &str) -> Option<f64> {
        self.metrics.iter().find(|(metric, _)| metric == name).map(|(_, value)| *value)
    }
}

/// The headline number a source gives for the instances a run was scored over, where that is not
/// its split's size.
pub const SCORED_OVER: &str = "total_instances";

/// A line of SWE-bench-Live's board as its site publishes it (`reports-0605.jsonl`): a system's
/// `name`, its board's `set`, the `total` it was scored over, and what it `resolved` (the ids, or
/// their count).
pub fn is_live_board_line(row: &serde_json::Value) -> bool {
    row.get("name").is_some_and(serde_json::Value::is_string)
        && row.get("set").is_some_and(serde_json::Value::is_string)
        && row.get("total").is_some_and(serde_json::Value::is_u64)
        && row.get("resolved").is_some_and(|r| r.is_array() || r.is_u64())
}

/// The metric means of `entry`'s headline (Long Code Arena's chrF, API recall, pass@1, ...): its
/// numbers other than the resolved, passed, cost and count figures a board has columns for.
pub fn headline_metrics(entry: &RunEntry) -> impl Iterator<Item = (&String, &f64)> {
    entry.headline.iter().filter(|(name, _)| {
        !matches!(
            name.as_str(),
            "resolved_percent" | "passed_percent" | "cost" | "instance_cost" | "instance_calls" | "resolved_instances" | SCORED_OVER
        )
    })
}

/// The row of `entry` on a split of `split_instances` instances, with the totals of its
/// per-instance results when it has them.
pub fn leaderboard_row(entry: &RunEntry, totals: Option<&RunTotals>, split_instances: usize) -> LeaderboardRow {
    // A run that states how many instances it was scored over (a board whose set grew between
    // submissions) is counted over them, and its lists, which name what it resolved rather than
    // every instance it attempted, say nothing of what part of the split it attempted.
    let stated_total = entry.headline.get(SCORED_OVER).map(|n| *n as u64).filter(|n| *n > 0);
    let n = stated_total.unwrap_or(split_instances as u64);
    let counted = entry
        .resolved
        .filter(|_| entry.instances > 0 && n > 0)
        .map(|count| count as f64 * 100.0 / n as f64);
    let published = entry.headline.get("resolved_percent").copied();
    // The source's own number ranks the run, as its leaderboard does; the per-instance count is
    // kept beside it to flag a source that contradicts itself.
    let resolved_percent = published.or(counted);
    let resolved_interval = resolved_percent
        .filter(|_| n > 0)
        .and_then(|percent| wilson_interval(((percent / 100.0 * n as f64).round() as u64).min(n), n, Z_95))
        .map(|(low, high)| (low * 100.0, high * 100.0));
    let counted_differs = match (published, counted) {
        (Some(published), Some(counted)) if (published - counted).abs() >= 0.05 => Some(counted),
        _ => None,
    };
    let totals = totals.cloned().unwrap_or_default();
    let passed_percent = entry.headline.get("passed_percent").copied().or(totals.passed_percent);
    let cost = totals.cost.or_else(|| entry.headline.get("cost").copied());
    LeaderboardRow {
        id: entry.id.clone(),
        name: entry.system.name.clone(),
        model: entry.system.model.clone(),
        scaffold: entry.system.scaffold.clone(),
        attempts: tags::attempts(&entry.system.tags),
        org: entry.system.org.clone(),
        date: entry.date.clone(),
        tags: entry.system.tags.clone(),
        resolved_percent,
        scored_over: (n > 0).then_some(n),
        resolved_interval,
        counted_differs,
        passed_percent,
        tokens_in: totals.tokens_in,
        tokens_out: totals.tokens_out,
        cost,
        instances: entry.instances,
        partial: (stated_total.is_none() && entry.instances > 0 && entry.instances < split_instances)
            .then_some((entry.instances, split_instances)),
        metrics: headline_metrics(entry).map(|(name, value)| (name.clone(), *value)).collect(),
        agent: totals.agent,
    }
}

/// The sentence under a board that says what its percentages are over: the split's instances,
/// the totals the runs' sources state (SWE-bench-Live's, whose sets grew between submissions),
/// or, where neither is known, nothing but the percentages as published.
pub fn scored_over_note(rows: &[LeaderboardRow], split_instances: usize) -> String {
    if !has_figures(rows) {
        return "No run here has a verdict yet (its source holds none, as an agent's trajectories \
                alone do): the harness's reports imported beside them, or the test logs graded \
                with benchscope grade, give them."
            .to_string();
    }
    let ranking = table::ranking(rows);
    if ranking.metric_name().is_some() {
        let metric = &ranking.title;
        let better = if ranking.lower_is_better { "smaller" } else { "larger" };
        return format!(
            "No run here has a % resolved: its source scores each instance with metrics, and each \
             metric's column is its mean over the run's instances. # places the runs by {metric} \
             ({better} is better); a column's head sorts the board by it."
        );
    }
    let totals: std::collections::BTreeSet<u64> = rows.iter().filter_map(|r| r.scored_over).collect();
    let interval = "the interval is Wilson's 95% score interval";
    match totals.iter().copied().collect::<Vec<_>>().as_slice() {
        [] => "% resolved is as each run's source published it: this directory holds no per-instance \
               results for this split, nor how many instances its runs were scored on."
            .to_string(),
        [n] if *n == split_instances as u64 => format!(
            "% resolved is over the split's {} (a run that attempted part of {} counts the rest as \
             unresolved, as the harness does); {interval}.",
            plural(split_instances, "instance"),
            agreeing(split_instances, "it", "them"),
        ),
        [n] => format!(
            "% resolved is over the {} its source scored each run on; {interval}.",
            plural(*n as usize, "instance")
        ),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
            format!(
                "% resolved is over the instances each run was scored on, as its source states \
                 them ({} or {last} here); {interval}.",
                rest.join(", ")
            )
        }
    }
}

/// Whether any run of the board has a figure to rank it by: a percentage resolved, FeatureBench's
/// passed share or a metric's mean.
pub fn has_figures(rows: &[LeaderboardRow]) -> bool {
    rows.is_empty()
        || rows
            .iter()
            .any(|r| r.resolved_percent.is_some() || r.passed_percent.is_some() || !r.metrics.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{InstanceResult, Run, SystemInfo};
    use std::collections::BTreeMap;

    #[test]
    fn an_agent_summary_counts_the_trajectories() {
        let facts = |steps: usize, ran_tests: bool, repeated: usize, reads: &[&str]| InstanceResult {
            trajectory: Some(crate::trajectory::TrajectoryFacts {
                steps,
                ran_tests,
                repeated_actions: repeated,
                history_reads: reads.iter().map(|r| r.to_string()).collect(),
                cost: (steps == 10).then_some(0.5),
                tokens_in: Some(steps as u64 * 100),
                tokens_out: (steps == 20).then_some(1000),
                ..Default::default()
            }),
            ..Default::default()
        };
        let results = [
            facts(10, true, 0, &[]),
            facts(20, false, 2, &["git log --all"]),
            InstanceResult::default(),
        ];
        assert_eq!(
            agent_summary(&results),
            Some(AgentSummary {
                steps_mean: 15.0,
                ran_tests_percent: Some(50.0),
                looping: 1,
                history_reads: 1,
                tokens_mean: Some(2000.0),
                cost_mean: Some(0.5),
            })
        );
        assert_eq!(agent_summary(&[InstanceResult::default()]), None);
    }

    fn entry(id: &str, instances: usize, resolved: Option<usize>, headline: &[(&str, f64)]) -> RunEntry {
        RunEntry {
            id: id.into(),
            dataset: "d".into(),
            split: "test".into(),
            system: SystemInfo {
                name: id.into(),
                ..Default::default()
            },
            date: None,
            path: format!("runs/{id}.json"),
            instances,
            resolved,
            headline: headline.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<_, _>>(),
        }
    }

    #[test]
    fn a_run_that_states_its_total_is_counted_over_it_and_not_called_partial() {
        let stated = entry("a", 108, Some(108), &[("resolved_percent", 36.0), (SCORED_OVER, 300.0)]);
        let row = leaderboard_row(&stated, None, 349);
        assert_eq!((row.resolved_percent, row.counted_differs, row.partial), (Some(36.0), None, None));
        assert!(row.metrics.is_empty(), "the total is not a metric");
    }

    #[test]
    fn counted_runs_use_the_split_size_and_published_ones_their_percentage() {
        let counted = leaderboard_row(&entry("a", 300, Some(81), &[]), None, 300);
        assert_eq!(counted.resolved_percent, Some(27.0));
        let (low, high) = counted.resolved_interval.unwrap();
        assert!(low < 27.0 && high > 27.0 && low > 20.0 && high < 33.0, "{low} {high}");
        let contradicted = leaderboard_row(&entry("a", 300, Some(81), &[("resolved_percent", 28.0)]), None, 300);
        assert_eq!(contradicted.resolved_percent, Some(28.0), "the source's number ranks the run");
        assert_eq!(contradicted.counted_differs, Some(27.0), "and its own details are flagged");
        assert_eq!(counted.counted_differs, None);
        let published = leaderboard_row(&entry("b", 0, None, &[("resolved_percent", 43.0)]), None, 300);
        assert_eq!(published.resolved_percent, Some(43.0));
        assert!(published.resolved_interval.is_some());
        assert_eq!(counted.partial, None);
        let partial = leaderboard_row(&entry("p", 37, Some(25), &[]), None, 300);
        assert_eq!(
            (partial.partial, partial.resolved_percent.map(|p| (p * 100.0).round())),
            (Some((37, 300)), Some(833.0))
        );
        let nothing = leaderboard_row(&entry("c", 0, None, &[]), None, 300);
        assert_eq!((nothing.resolved_percent, nothing.resolved_interval), (None, None));
    }

    #[test]
    fn the_note_names_what_the_percentages_are_over() {
        let over = |n: Option<u64>| LeaderboardRow {
            scored_over: n,
            resolved_percent: Some(50.0),
            ..Default::default()
        };
        let unjudged = scored_over_note(&[LeaderboardRow::default()], 300);
        assert!(unjudged.starts_with("No run here has a verdict yet"), "{unjudged}");
        let split = scored_over_note(&[over(Some(300)), over(None)], 300);
        assert!(split.starts_with("% resolved is over the split's 300 instances"), "{split}");
        let single = scored_over_note(&[over(Some(1))], 1);
        assert!(
            single.starts_with("% resolved is over the split's 1 instance (a run that attempted part of it counts"),
            "{single}"
        );
        let stated = scored_over_note(&[over(Some(66)), over(Some(48)), over(Some(48))], 0);
        assert!(stated.contains("(48 or 66 here)"), "{stated}");
        let one = scored_over_note(&[over(Some(300))], 0);
        assert!(one.contains("over the 300 instances its source scored each run on"), "{one}");
        let published = scored_over_note(&[over(None)], 0);
        assert!(published.contains("as each run's source published it"), "{published}");
        assert!(!published.contains("0 instances"), "{published}");
        let scored = LeaderboardRow {
            metrics: vec![("chrf_mean".into(), 0.3)],
            scored_over: Some(150),
            ..Default::default()
        };
        let metrics = scored_over_note(&[scored], 150);
        assert!(
            metrics.starts_with("No run here has a % resolved") && metrics.contains("by chrF (larger is better)"),
            "a board of metrics says what ranks it, not what % resolved is over: {metrics}"
        );
    }

    #[test]
    fn a_row_knows_what_its_percentage_is_over() {
        let stated = entry("a", 0, Some(20), &[("resolved_percent", 41.7), (SCORED_OVER, 48.0)]);
        assert_eq!(leaderboard_row(&stated, None, 0).scored_over, Some(48));
        assert_eq!(leaderboard_row(&entry("b", 300, Some(81), &[]), None, 300).scored_over, Some(300));
        let published = entry("c", 0, None, &[("resolved_percent", 43.0)]);
        assert_eq!(leaderboard_row(&published, None, 0).scored_over, None);
    }

    #[test]
    fn tokens_cost_and_pass_rate_come_from_the_results() {
        let result = |tokens: u64, cost: f64, rate: f64| InstanceResult {
            tokens_in: Some(tokens),
            tokens_out: Some(tokens / 10),
            cost: Some(cost),
            pass_rate: Some(rate),
            ..Default::default()
        };
        let run = Run {
            id: "r".into(),
            dataset: "d".into(),
            split: "test".into(),
            system: SystemInfo::default(),
            date: None,
            source: String::new(),
            headline: BTreeMap::new(),
            notes: Vec::new(),
            results: vec![result(1000, 0.5, 1.0), result(3000, 1.5, 0.5)],
        };
        let row = leaderboard_row(&entry("r", 2, Some(1), &[]), Some(&RunTotals::of(&run.results)), 2);
        assert_eq!((row.tokens_in, row.tokens_out, row.cost), (Some(4000), Some(400), Some(2.0)));
        assert_eq!(row.passed_percent, Some(75.0));
        assert_eq!(row.resolved_percent, Some(50.0));
    }
}
