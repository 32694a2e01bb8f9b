//! A split's results in the form the explorer loads at scale: one compact matrix of every run's
//! outcome on every instance (`results/<dataset>/<split>/matrix-<hash>.json`), and the full
//! per-instance results in blocks of instances (`block-<hash>.json`), fetched when an instance is
//! opened. 500 runs of 2,500 instances are 100 MB as run files; their matrix is about 1.3 MB.
//!
//! The CLI writes both whenever a split's runs change; the app builds the same matrix from run
//! files for a data directory written before it existed, and for runs dropped on the page.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::failure_mode::UNRESOLVED;
use crate::run::{InstanceResult, Run};
use crate::sorting::{set_of, sort_by};
use crate::standings::Standings;
use crate::FORMAT_VERSION;

mod agent;
mod blocks;
mod cost;
mod totals;

pub use agent::{
    cost_bucket, cost_buckets, steps_bucket, AgentColumns, AGENT_COST, AGENT_EDITED_TESTS, AGENT_EXIT, AGENT_LOOPED, AGENT_RAN_TESTS,
    AGENT_READ_HISTORY, AGENT_STEPS, STEPS_BUCKETS,
};
pub use blocks::{blocks_of, BlockEntry, ResultsBlock, RunOutcome};
pub use cost::{cost_against_resolved, CostAgainstResolved};
use cost::{recorded_cost, split_by_verdict};
pub use totals::RunTotals;

/// The folder of a split's results: `results/<dataset>/<split>/`, each name made safe for a path.
pub fn results_dir(dataset: &str, split: &str) -> String {
    format!("results/{}/{}/", path_safe(dataset), path_safe(split))
}

/// Whether `path` (a manifest file's) is the matrix of the split whose folder is `dir`.
pub fn is_matrix_path(dir: &str, path: &str) -> bool {
    path.strip_prefix(dir)
        .is_some_and(|name| name.starts_with("matrix-") && !name.contains('/'))
}

fn path_safe(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' })
        .collect();
    match safe.starts_with('.') || safe.is_empty() {
        true => format!("_{safe}"),
        false => safe,
    }
}

/// What a run's result says about an instance, one small code per cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The run has no result for the instance.
    NotRun,
    /// A result without a verdict (a metric-scored run).
    NoVerdict,
    /// Resolved.
    Resolved,
    /// Unresolved, with no failure mode recorded.
    Unresolved,
    /// Unresolved, with the matrix's failure mode of this index.
    Failed(u16),
}

impl Outcome {
    fn code(self) -> u16 {
        match self {
            Outcome::NotRun => 0,
            Outcome::NoVerdict => 1,
            Outcome::Resolved => 2,
            Outcome::Unresolved => 3,
            Outcome::Failed(mode) => 4 + mode,
        }
    }

    fn of_code(code: u16) -> Outcome {
        match code {
            0 => Outcome::NotRun,
            1 => Outcome::NoVerdict,
            2 => Outcome::Resolved,
            3 => Outcome::Unresolved,
            mode => Outcome::Failed(mode - 4),
        }
    }

    /// Whether the run has a result for the instance.
    pub fn attempted(self) -> bool {
        self != Outcome::NotRun
    }

    /// Whether it resolved the instance.
    pub fn resolved(self) -> bool {
        self == Outcome::Resolved
    }
}

/// The outcome of an instance a run has no result for, as a facet value.
pub const NOT_RUN: &str = "not run";

/// The outcome of an instance a run resolved.
pub const RESOLVED: &str = "resolved";

/// The character a code is stored as: ASCII for the four fixed outcomes, then one character per
/// failure mode from U+0100 on (a run's outcomes are one JSON string, a character an instance).
const CODE_CHARS: [char; 4] = ['.', '-', '1', '0'];
const FIRST_MODE_CHAR: u32 = 0x100;
/// Failure modes past this many are stored as plain unresolved (the range stops short of the
/// surrogates).
pub const MAX_MODES: usize = 0xD000 - FIRST_MODE_CHAR as usize;

fn code_char(code: u16) -> char {
    match code {
        0..=3 => CODE_CHARS[code as usize],
        mode => char::from_u32(FIRST_MODE_CHAR + u32::from(mode - 4)).unwrap_or('0'),
    }
}

fn char_code(c: char) -> Option<u16> {
    match CODE_CHARS.iter().position(|k| *k == c) {
        Some(code) => Some(code as u16),
        None => u16::try_from(u32::from(c).checked_sub(FIRST_MODE_CHAR)? + 4).ok(),
    }
}

/// One run's row of the matrix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatrixRun {
    /// The run's id.
    pub id: String,
    /// Its outcome on each instance of the matrix, in order.
    #[serde(with = "outcome_string")]
    pub outcomes: Vec<u16>,
    /// Whether any of its results carries a verdict.
    pub verdicts: bool,
    /// Its sums and means over its results, for the leaderboard.
    pub totals: RunTotals,
    /// FeatureBench's per-instance share of FAIL_TO_PASS tests passed, when the run has any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass_rates: Option<Vec<Option<f64>>>,
    /// Per metric, each instance's value (Long Code Arena's runs).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub metrics: BTreeMap<String, Vec<Option<f64>>>,
    /// What each instance's agent trajectory shows, when the run has trajectories.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<AgentColumns>,
    /// What it spent on the instances it resolved and on the others, when its results record
    /// costs (its trajectories', else its own: swebench.com's boards publish one an instance).
    /// Computed here, once, rather than a cost a cell: 500 such runs of 2,500 instances would be
    /// 1.25 million more numbers in the matrix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spent: Option<CostAgainstResolved>,
}

impl MatrixRun {
    /// Its outcome on instance `column`.
    pub fn outcome(&self, column: usize) -> Outcome {
        self.outcomes.get(column).map_or(Outcome::NotRun, |code| Outcome::of_code(*code))
    }

    /// How many instances it resolved, when it has verdicts.
    pub fn resolved_count(&self) -> Option<usize> {
        self.verdicts
            .then(|| self.outcomes.iter().filter(|c| **c == Outcome::Resolved.code()).count())
    }

    /// Instance position → pass rate, for the instances it has one for.
    pub fn pass_rate_of(&self, column: usize) -> Option<f64> {
        self.pass_rates.as_ref()?.get(column).copied().flatten()
    }
}

/// Every run's outcome on every instance of one split.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultsMatrix {
    /// Layout version, [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The instance ids, sorted: the columns.
    pub instances: Vec<String>,
    /// The failure modes the outcomes name, by index.
    pub modes: Vec<String>,
    /// The runs with per-instance results, by id.
    pub runs: Vec<MatrixRun>,
    /// The blocks of full results, in instance order.
    #[serde(default)]
    pub blocks: Vec<BlockEntry>,
    /// The runs' standings over [`Self::instances`], when the CLI computed them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standings: Option<Standings>,
}

impl ResultsMatrix {
    /// The matrix of no runs.
    pub fn empty() -> ResultsMatrix {
        ResultsMatrix {
            format_version: FORMAT_VERSION,
            instances: Vec::new(),
            modes: Vec::new(),
            runs: Vec::new(),
            blocks: Vec::new(),
            standings: None,
        }
    }

    /// The matrix of `runs` (those with per-instance results), without blocks.
    pub fn from_runs(runs: &[&Run]) -> ResultsMatrix {
        let mut matrix = ResultsMatrix::empty();
        matrix.add_runs(runs);
        matrix
    }

    /// Adds `runs` (replacing any of the same id), widening the columns to their instances.
    pub fn add_runs(&mut self, runs: &[&Run]) {
        let runs: Vec<&Run> = runs.iter().copied().filter(|r| !r.results.is_empty()).collect();
        if runs.is_empty() {
            return;
        }
        self.standings = None;
        let ids = set_of(
            self.instances
                .iter()
                .map(String::as_str)
                .chain(runs.iter().flat_map(|r| r.results.iter().map(|x| x.instance_id.as_str()))),
        );
        // Also when the columns are not sorted and distinct (a damaged file).
        if !ids.iter().copied().eq(self.instances.iter().map(String::as_str)) {
            self.widen(ids.into_iter().map(str::to_string).collect());
        }
        let instances = std::mem::take(&mut self.instances);
        let column: HashMap<&str, usize> = instances.iter().enumerate().map(|(i, id)| (id.as_str(), i)).collect();
        let mut modes: HashMap<String, u16> = self.modes.iter().enumerate().map(|(i, m)| (m.clone(), i as u16)).collect();
        let rows: Vec<MatrixRun> = runs.iter().map(|run| self.row_of(run, &column, &mut modes)).collect();
        drop(column);
        self.instances = instances;
        for row in rows {
            self.runs.retain(|r| r.id != row.id);
            self.runs.push(row);
        }
        sort_by(&mut self.runs, |a, b| a.id.cmp(&b.id));
    }

    /// Re-lays every run's cells over the sorted `instances`, a superset of the current ones.
    fn widen(&mut self, instances: Vec<String>) {
        let new_column: HashMap<&str, usize> = instances.iter().enumerate().map(|(i, id)| (id.as_str(), i)).collect();
        let moved: Vec<usize> = self.instances.iter().map(|id| new_column[id.as_str()]).collect();
        let width = instances.len();
        for run in &mut self.runs {
            // A row longer than the columns (a damaged file) loses its extra cells.
            let mut outcomes = vec![Outcome::NotRun.code(); width];
            for (code, new) in run.outcomes.iter().zip(&moved) {
                outcomes[*new] = *code;
            }
            run.outcomes = outcomes;
            let relay = |values: &Vec<Option<f64>>| {
                let mut out = vec![None; width];
                for (value, new) in values.iter().zip(&moved) {
                    out[*new] = *value;
                }
                out
            };
            run.pass_rates = run.pass_rates.as_ref().map(relay);
            for values in run.metrics.values_mut() {
                *values = relay(values);
            }
            if let Some(agent) = &mut run.agent {
                agent.relay(&moved, width);
            }
        }
        self.instances = instances;
    }

    fn row_of(&mut self, run: &Run, column: &HashMap<&str, usize>, modes: &mut HashMap<String, u16>) -> MatrixRun {
        let width = column.len();
        let mut outcomes = vec![Outcome::NotRun.code(); width];
        let mut pass_rates: Option<Vec<Option<f64>>> = None;
        let mut metrics: BTreeMap<String, Vec<Option<f64>>> = BTreeMap::new();
        let mut priced = Vec::new();
        for result in &run.results {
            let at = column[result.instance_id.as_str()];
            let outcome = self.outcome_of(result, modes);
            outcomes[at] = outcome.code();
            if let Some(cost) = recorded_cost(result) {
                priced.push((cost, outcome));
            }
            if let Some(rate) = result.pass_rate {
                pass_rates.get_or_insert_with(|| vec![None; width])[at] = Some(rate);
            }
            for (name, value) in &result.metrics {
                metrics.entry(name.clone()).or_insert_with(|| vec![None; width])[at] = Some(*value);
            }
        }
        let spent = split_by_verdict(priced);
        MatrixRun {
            id: run.id.clone(),
            outcomes,
            verdicts: run.resolved_count().is_some(),
            totals: RunTotals::of(&run.results),
            pass_rates,
            metrics,
            agent: AgentColumns::of(&run.results, column, width),
            spent,
        }
    }

    fn outcome_of(&mut self, result: &InstanceResult, modes: &mut HashMap<String, u16>) -> Outcome {
        match (
            result.resolved,
            result.failure_mode.as_deref().filter(|m| !m.is_empty() && *m != UNRESOLVED),
        ) {
            (None, _) => Outcome::NoVerdict,
            (Some(true), _) => Outcome::Resolved,
            (Some(false), None) => Outcome::Unresolved,
            (Some(false), Some(mode)) => match modes.get(mode) {
                Some(index) => Outcome::Failed(*index),
                None if self.modes.len() < MAX_MODES => {
                    let index = self.modes.len() as u16;
                    self.modes.push(mode.to_string());
                    modes.insert(mode.to_string(), index);
                    Outcome::Failed(index)
                }
                None => Outcome::Unresolved,
            },
        }
    }

    /// The run called `id`, with its position.
    pub fn run(&self, id: &str) -> Option<(usize, &MatrixRun)> {
        self.runs.iter().enumerate().find(|(_, r)| r.id == id)
    }

    /// The column of instance `id`.
    pub fn column(&self, id: &str) -> Option<usize> {
        self.instances.binary_search_by(|probe| probe.as_str().cmp(id)).ok()
    }

    /// An outcome as the list's facets name it: `resolved`, the failure mode, `unresolved`, or
    /// `not run` (`None` for a result without a verdict).
    pub fn label(&self, outcome: Outcome) -> Option<&str> {
        match outcome {
            Outcome::NotRun => Some(NOT_RUN),
            Outcome::NoVerdict => None,
            Outcome::Resolved => Some(RESOLVED),
            Outcome::Unresolved => Some(UNRESOLVED),
            Outcome::Failed(mode) => Some(self.modes.get(mode as usize).map_or(UNRESOLVED, String::as_str)),
        }
    }

    /// The block holding instance `column`'s full results.
    pub fn block_of(&self, column: usize) -> Option<&BlockEntry> {
        let after = self.blocks.partition_point(|b| b.first <= column);
        after.checked_sub(1).map(|i| &self.blocks[i])
    }

    /// The runs with verdicts, best first (see [`best_first`]), as positions.
    pub fn judged_best_first(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.runs.len()).filter(|&i| self.runs[i].verdicts).collect();
        // Counted once, not on every comparison: a count is a pass over the run's cells.
        let counts: Vec<usize> = self.runs.iter().map(|r| r.resolved_count().unwrap_or(0)).collect();
        let key = |i: usize| (self.runs[i].id.as_str(), counts[i]);
        sort_by(&mut order, |&a, &b| best_first(key(a), key(b)));
        order
    }
}

/// The order of runs on a board: more resolved first, ties by id. `(id, resolved)` pairs.
pub fn best_first(a: (&str, usize), b: (&str, usize)) -> std::cmp::Ordering {
    b.1.cmp(&a.1).then(a.0.cmp(b.0))
}

/// A matrix read through a list of rows: which column each row's instance is.
#[derive(Debug, Clone)]
pub struct RowOutcomes<'m> {
    /// The matrix.
    pub matrix: &'m ResultsMatrix,
    columns: Vec<Option<usize>>,
}

impl<'m> RowOutcomes<'m> {
    /// The matrix seen through rows with ids `ids`, in order.
    pub fn new<'a>(matrix: &'m ResultsMatrix, ids: impl IntoIterator<Item = &'a str>) -> Self {
        let columns = ids.into_iter().map(|id| matrix.column(id)).collect();
        RowOutcomes { matrix, columns }
    }

    /// Run `run`'s outcome on row `row`.
    pub fn outcome(&self, run: usize, row: usize) -> Outcome {
        match self.columns.get(row).copied().flatten() {
            Some(column) => self.matrix.runs[run].outcome(column),
            None => Outcome::NotRun,
        }
    }

    /// Run `run`'s outcome on row `row` as a facet value.
    pub fn label(&self, run: usize, row: usize) -> Option<&'m str> {
        self.matrix.label(self.outcome(run, row))
    }

    /// The column of row `row`, if the matrix has its instance.
    pub fn column(&self, row: usize) -> Option<usize> {
        self.columns.get(row).copied().flatten()
    }

    /// Rows.
    pub fn len(&self) -> usize {
        self.columns.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// Whether the rows are exactly the matrix's instances (each row's id being its own).
    pub fn covers_every_instance(&self) -> bool {
        self.columns.len() == self.matrix.instances.len() && self.columns.iter().all(Option::is_some)
    }
}

/// Outcomes as one string, a character per instance (see [`code_char`]).
mod outcome_string {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(codes: &[u16], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&codes.iter().map(|c| super::code_char(*c)).collect::<String>())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u16>, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.chars()
            .map(|c| super::char_code(c).ok_or_else(|| D::Error::custom(format!("`{c}` is not an outcome"))))
            .collect()
    }
}

#[cfg(test)]
mod tests;
