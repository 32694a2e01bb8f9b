//! A table of per-instance verdicts (see [`benchscope_contract::verdicts`]): rows of
//! `instance_id` and `resolved`, as a JSON list, JSON Lines, CSV, or a summary's `instances`
//! (mini-swe-agent's `results_summary.json`, with its `results_summary.csv`). One run, no patches.

use anyhow::anyhow;
use benchscope_contract::verdicts::{is_verdict_row, results_of, summary_headline, summary_rows, summary_total, total_note};
use serde_json::Value;

use super::leaderboard::{check_headline, slug};
use super::{name_of, new_run, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::input::read_records;
use crate::run_store::NewRun;

/// Rows of `{instance_id, resolved}`.
pub struct VerdictTable;

impl RunSource for VerdictTable {
    fn name(&self) -> &'static str {
        "table of verdicts"
    }

    fn detect(&self, source: &Source) -> bool {
        if !source.is_file() {
            return false;
        }
        match source.json() {
            Some(Value::Array(rows)) => rows.first().is_some_and(is_verdict_row),
            Some(summary @ Value::Object(_)) => summary_rows(summary).is_some(),
            Some(_) => false,
            None => {
                source.first_line_record().is_some_and(|row| is_verdict_row(&row))
                    || source
                        .text()
                        .trim_start_matches('\u{feff}')
                        .lines()
                        .next()
                        .is_some_and(is_verdict_header)
            }
        }
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        // Each row with where it is, for an error to name.
        let rows: Vec<(String, Value)> = match source.json().and_then(summary_rows) {
            Some(rows) => rows
                .iter()
                .enumerate()
                .map(|(i, row)| (format!("instances[{i}]"), row.clone()))
                .collect(),
            None => read_records(source.path())?
                .map(|record| {
                    record
                        .map(|r| (r.location.to_string(), Value::Object(r.fields)))
                        .map_err(anyhow::Error::from)
                })
                .collect::<anyhow::Result<_>>()?,
        };
        let results = results_of(rows).map_err(|e| anyhow!("{}: {e}", source.path().display()))?;
        let file = name_of(source.path());
        let stem = file.split('.').next().unwrap_or(&file).to_string();
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        // A table names no system: `--run` names it, else the file.
        let name = plan.run.clone().unwrap_or(stem);
        let mut run = new_run(slug(&name), name, &dataset, &split, &source.label());
        let summary = source.json().filter(|v| v.is_object());
        if let Some(summary) = summary {
            run.headline = summary_headline(summary);
            check_headline(&run.headline, &results, &mut run.notes);
            if let Some(note) = total_note(summary, results.len()) {
                run.notes.push(note);
            }
        }
        run.results = results;
        let notes = run.notes.clone();
        let mut new = NewRun::new(run);
        new.stated_total = summary.and_then(summary_total);
        Ok(vec![(new, notes)])
    }
}

/// A CSV header naming `instance_id` and `resolved` (and no `model_patch`).
fn is_verdict_header(line: &str) -> bool {
    let columns: Vec<&str> = line.split(',').map(|c| c.trim().trim_matches('"')).collect();
    columns.contains(&"instance_id") && columns.contains(&"resolved") && !columns.contains(&"model_patch")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_csv_header_names_the_verdicts() {
        assert!(is_verdict_header("instance_id,resolved,patch_applied"));
        assert!(is_verdict_header("\"instance_id\", \"resolved\""));
        assert!(!is_verdict_header("instance_id,model_patch,resolved"));
        assert!(!is_verdict_header("instance_id,repo"));
    }
}
