//! SWE-bench-Live's leaderboard, as its site publishes it (`reports-0605.jsonl`): a line per run,
//! `{name, set, total, date, resolved, logo, url}`. `set` is the board (`lite`, `verified` and
//! `full` of SWE-bench-Live, the MultiLang languages `java`, `go`, `tsjs`, `csharp`, `rust` and
//! `ccpp`, and `windows`), `total` the instances the run was scored over, which grows as the
//! board's set does. `resolved` is the list of resolved ids, or for a run submitted without
//! them its count; `applied` lists the instances whose patch applied, `located` those whose edit
//! touched the gold patch's files. Each line is a run of `swe-bench-live`, its split the set
//! (`--dataset` and `--split` put them elsewhere).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use benchscope_contract::leaderboard::{is_live_board_line, SCORED_OVER};
use benchscope_contract::{failure_mode, InstanceResult, Run, SystemInfo};
use serde_json::Value;

use super::leaderboard::slug;
use super::{strings, ImportPlan, Imported, RunSource, Source};
use crate::run_store::NewRun;

/// The format.
pub struct LiveBoard;

/// The dataset its boards are splits of, unless `--dataset` names another.
const DATASET: &str = "swe-bench-live";

impl RunSource for LiveBoard {
    fn name(&self) -> &'static str {
        "SWE-bench-Live leaderboard"
    }

    fn detect(&self, source: &Source) -> bool {
        if !source.is_file() {
            return false;
        }
        match source.json() {
            Some(Value::Array(rows)) => !rows.is_empty() && rows.iter().all(is_live_board_line),
            Some(_) => false,
            None => source.first_line_record().is_some_and(|row| is_live_board_line(&row)),
        }
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let rows = match source.json() {
            Some(Value::Array(rows)) => rows.clone(),
            _ => source.line_records()?,
        };
        let dataset = plan.dataset.clone().unwrap_or_else(|| DATASET.to_string());
        let mut taken: HashMap<String, usize> = HashMap::new();
        let mut runs = Vec::new();
        for (at, row) in rows.iter().enumerate() {
            if !is_live_board_line(row) {
                anyhow::bail!(
                    "{}: record {}: not a leaderboard row (`name`, `set`, `total` and `resolved` are needed)",
                    source.path().display(),
                    at + 1
                );
            }
            let mut new = board_run(row, &dataset, &source.label());
            if let Some(split) = &plan.split {
                new.run.split = split.clone();
            }
            // Two rows of one system on one board (resubmitted) are two runs.
            let seen = taken.entry(new.run.id.clone()).or_default();
            *seen += 1;
            if *seen > 1 {
                new.run.id = format!("{}-{seen}", new.run.id);
            }
            new.dataset_from_source = plan.dataset.is_none();
            runs.push((new, Vec::new()));
        }
        Ok(runs)
    }
}

/// The run a line gives: named as the page shows it (`Scaffold + Model`), its published share
/// over the line's total, and per instance what its lists say.
fn board_run(row: &Value, dataset: &str, source: &str) -> NewRun {
    let text = |key: &str| row.get(key).and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_string);
    let name = text("name").unwrap_or_default();
    let set = text("set").unwrap_or_default().to_lowercase();
    let total = row.get("total").and_then(Value::as_u64).unwrap_or_default();
    let (scaffold, model) = match name.split_once(" + ") {
        Some((scaffold, model)) => (Some(scaffold.trim().to_string()), Some(model.trim().to_string())),
        None => (None, None),
    };
    let resolved = ids(row, "resolved");
    let resolved_count = row.get("resolved").and_then(Value::as_u64).unwrap_or(resolved.len() as u64);
    let mut headline = BTreeMap::new();
    if total > 0 {
        headline.insert("resolved_percent".to_string(), 100.0 * resolved_count as f64 / total as f64);
        headline.insert(SCORED_OVER.to_string(), total as f64);
    }
    let mut notes = Vec::new();
    if let Some(url) = text("url") {
        notes.push(format!("submission: {url}"));
    }
    let located = ids(row, "located");
    if !located.is_empty() {
        notes.push(format!(
            "its edits touched the gold patch's files in {} of the {total} instances",
            located.len()
        ));
    }
    let run = Run {
        system: SystemInfo {
            name: name.clone(),
            model,
            scaffold,
            ..SystemInfo::default()
        },
        date: text("date"),
        headline,
        notes,
        results: results(&resolved, &ids(row, "applied")),
        ..Run::new(format!("{set}.{}", slug(&name)), dataset, &set, "", source)
    };
    let mut new = NewRun::new(run);
    new.stated_total = Some(total as usize);
    new
}

/// The ids a line lists under `key` (none when it gives a count, or nothing).
fn ids(row: &Value, key: &str) -> BTreeSet<String> {
    strings(row, key).into_iter().collect()
}

/// The instances the lists name: each resolved one, and each whose patch applied without
/// resolving it. The rest of the run's instances are not named, so they count as unresolved.
fn results(resolved: &BTreeSet<String>, applied: &BTreeSet<String>) -> Vec<InstanceResult> {
    resolved
        .union(applied)
        .map(|id| {
            let solved = resolved.contains(id);
            InstanceResult {
                instance_id: id.clone(),
                resolved: Some(solved),
                patch_applied: applied.contains(id).then_some(true),
                failure_mode: (!solved).then(|| failure_mode::classify(false, Some(true), None)),
                ..InstanceResult::default()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_line_with_lists_is_a_run_of_its_board_with_verdicts() {
        let row = json!({"name": "SWE-agent + GPT 4o", "set": "lite", "total": 4, "logo": "SWE-agent",
            "date": "2025-06-05", "resolved": ["a", "b"], "applied": ["a", "c"], "located": ["a", "b", "c"]});
        let new = board_run(&row, DATASET, "reports.jsonl");
        let run = &new.run;
        assert_eq!(
            (run.id.as_str(), run.dataset.as_str(), run.split.as_str()),
            ("lite.SWE-agent---GPT-4o", DATASET, "lite")
        );
        assert_eq!(
            (run.system.scaffold.as_deref(), run.system.model.as_deref()),
            (Some("SWE-agent"), Some("GPT 4o"))
        );
        assert_eq!((run.headline["resolved_percent"], run.headline[SCORED_OVER]), (50.0, 4.0));
        assert_eq!(new.stated_total, Some(4));
        let verdicts: Vec<(&str, Option<bool>, Option<&str>)> = run
            .results
            .iter()
            .map(|r| (r.instance_id.as_str(), r.resolved, r.failure_mode.as_deref()))
            .collect();
        assert_eq!(
            verdicts,
            [
                ("a", Some(true), None),
                ("b", Some(true), None),
                ("c", Some(false), Some(failure_mode::TESTS_FAILED))
            ]
        );
        assert!(run.notes.iter().any(|n| n.contains("3 of the 4 instances")));
    }

    #[test]
    fn a_line_with_a_count_is_its_published_share_alone() {
        let row = json!({"name": "Win-agent + GPT-5.5 (Medium)", "set": "windows", "total": 60, "resolved": 16});
        let new = board_run(&row, DATASET, "reports.jsonl");
        assert!(new.run.results.is_empty());
        assert!((new.run.headline["resolved_percent"] - 26.666).abs() < 0.01);
        assert!(
            !is_live_board_line(&json!({"name": "x", "set": "lite", "resolved": 3})),
            "no total: no share"
        );
    }
}
