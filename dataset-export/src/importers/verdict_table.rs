//! A table of per-instance verdicts: rows of `instance_id` and `resolved` (and `patch_applied`,
//! when given), as a JSON list, JSON Lines, CSV (`True`/`False` cells, as pandas writes them), or
//! a summary object whose `instances` list holds them beside `total`, `passed` and `pass_rate`
//! (mini-swe-agent's `results_summary.json`, with its `results_summary.csv`). One run, no patches.

use std::collections::BTreeMap;

use anyhow::{anyhow, Context};
use benchscope_contract::{failure_mode, InstanceResult};
use serde_json::{Map, Value};

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
            Some(summary @ Value::Object(_)) => summary_rows(summary).is_some_and(|rows| rows.first().is_some_and(is_verdict_row)),
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
        let rows: Vec<(String, Map<String, Value>)> = match source.json().and_then(summary_rows) {
            Some(rows) => rows
                .iter()
                .enumerate()
                .map(|(i, row)| (format!("instances[{i}]"), row.as_object().cloned().unwrap_or_default()))
                .collect(),
            None => read_records(source.path())?
                .map(|record| record.map(|r| (r.location.to_string(), r.fields)).map_err(anyhow::Error::from))
                .collect::<anyhow::Result<_>>()?,
        };
        let results = rows
            .iter()
            .map(|(at, row)| verdict(row).with_context(|| format!("{}: {at}", source.path().display())))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let file = name_of(source.path());
        let stem = file.split('.').next().unwrap_or(&file).to_string();
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        // A table names no system: `--run` names it, else the file.
        let name = plan.run.clone().unwrap_or(stem);
        let mut run = new_run(slug(&name), name, &dataset, &split, &source.label());
        if let Some(summary) = source.json().filter(|v| v.is_object()) {
            run.headline = headline(summary);
            check_headline(&run.headline, &results, &mut run.notes);
            if let Some(note) = total_note(summary, results.len()) {
                run.notes.push(note);
            }
        }
        run.results = results;
        let notes = run.notes.clone();
        Ok(vec![(NewRun::new(run), notes)])
    }
}

/// A row with an id and a verdict; one with a `model_patch` too is left to the predictions.
fn is_verdict_row(row: &Value) -> bool {
    row.get("instance_id").is_some_and(Value::is_string) && row.get("resolved").is_some() && row.get("model_patch").is_none()
}

fn is_verdict_header(line: &str) -> bool {
    let columns: Vec<&str> = line.split(',').map(|c| c.trim().trim_matches('"')).collect();
    columns.contains(&"instance_id") && columns.contains(&"resolved") && !columns.contains(&"model_patch")
}

/// A summary's `instances` list.
fn summary_rows(summary: &Value) -> Option<&Vec<Value>> {
    summary.get("instances")?.as_array()
}

/// One row's result; a `resolved` that is not a yes or no is an error naming the field.
fn verdict(row: &Map<String, Value>) -> anyhow::Result<InstanceResult> {
    let instance_id = row
        .get("instance_id")
        .and_then(Value::as_str)
        .filter(|id| !id.trim().is_empty())
        .ok_or_else(|| anyhow!("field `instance_id`: missing or not a string"))?;
    let flag = |field: &str| match row.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => yes_or_no(value)
            .map(Some)
            .ok_or_else(|| anyhow!("field `{field}`: expected true or false, found {value}")),
    };
    let resolved = flag("resolved")?.ok_or_else(|| anyhow!("field `resolved`: missing"))?;
    let patch_applied = flag("patch_applied")?;
    Ok(InstanceResult {
        instance_id: instance_id.to_string(),
        resolved: Some(resolved),
        patch_applied,
        // Whether the patch applied is all a table tells of a failure; without it, nothing.
        failure_mode: (!resolved && patch_applied.is_some()).then(|| failure_mode::classify(false, patch_applied, None)),
        ..InstanceResult::default()
    })
}

/// A JSON boolean, or a cell as CSV writers spell one.
fn yes_or_no(value: &Value) -> Option<bool> {
    match value {
        Value::Bool(flag) => Some(*flag),
        Value::String(text) => match text.trim().to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" => Some(true),
            "false" | "0" | "no" => Some(false),
            _ => None,
        },
        Value::Number(n) => n.as_u64().filter(|n| *n <= 1).map(|n| n == 1),
        _ => None,
    }
}

/// A summary's published pass rate, as the leaderboards' headline.
fn headline(summary: &Value) -> BTreeMap<String, f64> {
    summary
        .get("pass_rate")
        .and_then(Value::as_f64)
        .map(|rate| BTreeMap::from([("resolved_percent".to_string(), rate)]))
        .unwrap_or_default()
}

/// A note when the summary's `total` is not the number of its rows.
fn total_note(summary: &Value, rows: usize) -> Option<String> {
    let total = summary.get("total")?.as_u64()?;
    (total != rows as u64).then(|| format!("the summary says {total} instances, and lists {rows}; the listed ones are kept"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn verdicts_read_from_json_and_csv_cells_alike() {
        let row = |v: Value| v.as_object().unwrap().clone();
        let json_row = verdict(&row(json!({"instance_id": "a__b-1", "resolved": true, "patch_applied": true}))).unwrap();
        let csv_row = verdict(&row(json!({"instance_id": "a__b-1", "resolved": "True", "patch_applied": "True"}))).unwrap();
        assert_eq!(json_row, csv_row);
        assert_eq!((json_row.resolved, json_row.patch_applied), (Some(true), Some(true)));
        let failed = verdict(&row(
            json!({"instance_id": "a__b-2", "resolved": "False", "patch_applied": "False"}),
        ))
        .unwrap();
        assert_eq!(failed.resolved, Some(false));
        assert_eq!(failed.failure_mode.as_deref(), Some("patch_failed"));
        let unknown = verdict(&row(json!({"instance_id": "a__b-3", "resolved": false}))).unwrap();
        assert_eq!(unknown.failure_mode, None, "no cause is claimed");
    }

    #[test]
    fn a_row_without_a_verdict_is_named_by_its_field() {
        let row = |v: Value| v.as_object().unwrap().clone();
        let error = verdict(&row(json!({"instance_id": "a", "resolved": "maybe"}))).unwrap_err();
        assert_eq!(error.to_string(), "field `resolved`: expected true or false, found \"maybe\"");
        let error = verdict(&row(json!({"instance_id": "a"}))).unwrap_err();
        assert_eq!(error.to_string(), "field `resolved`: missing");
        assert!(verdict(&row(json!({"resolved": true}))).is_err());
    }

    #[test]
    fn a_summary_whose_total_is_not_its_rows_is_noted() {
        assert_eq!(total_note(&json!({"total": 2}), 2), None);
        assert!(total_note(&json!({"total": 3}), 2).unwrap().contains("3 instances, and lists 2"));
        assert!(is_verdict_header("instance_id,resolved,patch_applied"));
        assert!(!is_verdict_header("instance_id,model_patch"));
    }
}
