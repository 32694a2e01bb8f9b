//! The summary `import`, `grade` and `eval` print and write with `--summary-json`.

use serde::Serialize;

use benchscope_contract::Run;

/// Every run a command added.
#[derive(Debug, Clone, Default, Serialize)]
pub struct RunsSummary {
    /// One entry per run.
    pub runs: Vec<RunSummary>,
}

/// One run's counts.
#[derive(Debug, Clone, Serialize)]
pub struct RunSummary {
    /// The run's id.
    pub run_id: String,
    /// Instances with a result.
    pub instances: usize,
    /// Resolved instances.
    pub resolved: usize,
    /// Instances graded unresolved.
    pub unresolved: usize,
    /// Instances whose evaluation itself failed.
    pub errors: usize,
    /// The resolved ids, sorted.
    pub resolved_ids: Vec<String>,
    /// Consistency findings and other warnings.
    pub warnings: Vec<String>,
}

impl RunSummary {
    /// The counts of `run`, with `warnings`.
    pub fn of(run: &Run, warnings: Vec<String>) -> Self {
        let mut resolved_ids: Vec<String> = run
            .results
            .iter()
            .filter(|r| r.resolved == Some(true))
            .map(|r| r.instance_id.clone())
            .collect();
        resolved_ids.sort();
        RunSummary {
            run_id: run.id.clone(),
            instances: run.results.len(),
            resolved: resolved_ids.len(),
            unresolved: run.results.iter().filter(|r| r.resolved == Some(false)).count(),
            errors: run
                .results
                .iter()
                .filter(|r| r.error.is_some() && r.patch_applied != Some(false))
                .count(),
            resolved_ids,
            warnings,
        }
    }

    /// One line for the terminal.
    pub fn line(&self) -> String {
        let share = if self.instances > 0 {
            100.0 * self.resolved as f64 / self.instances as f64
        } else {
            0.0
        };
        format!(
            "run {}: {} instances, {} resolved ({share:.1}%), {} unresolved, {} errors",
            self.run_id, self.instances, self.resolved, self.unresolved, self.errors
        )
    }
}

impl RunsSummary {
    /// Writes the summary as JSON (write, then rename).
    pub fn write(&self, path: &std::path::Path) -> anyhow::Result<()> {
        let mut bytes = serde_json::to_vec_pretty(self)?;
        bytes.push(b'\n');
        crate::run_store::write_atomically(path, &bytes)
    }
}
