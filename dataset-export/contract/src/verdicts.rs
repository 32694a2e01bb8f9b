//! Tables of per-instance verdicts: rows of `instance_id` and `resolved` (and `patch_applied`,
//! when given), as a JSON list, JSON Lines, CSV cells (`True`/`False`, as pandas writes them) or
//! a summary object whose `instances` list holds them beside `total`, `passed` and `pass_rate`
//! (mini-swe-agent's `results_summary.json`). Read the same way by the CLI's `import` and by the
//! explorer for a dropped file.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::failure_mode;
use crate::run::InstanceResult;

/// A row with an id and a verdict; one with a `model_patch` too is a prediction.
pub fn is_verdict_row(row: &Value) -> bool {
    row.get("instance_id").is_some_and(Value::is_string) && row.get("resolved").is_some() && row.get("model_patch").is_none()
}

/// A summary's `instances` list, when the summary is a table of verdicts.
pub fn summary_rows(summary: &Value) -> Option<&Vec<Value>> {
    summary
        .get("instances")?
        .as_array()
        .filter(|rows| rows.first().is_some_and(is_verdict_row))
}

/// One row's result; a `resolved` that is not a yes or no is an error naming the field.
pub fn verdict(row: &Map<String, Value>) -> Result<InstanceResult, String> {
    let instance_id = row
        .get("instance_id")
        .and_then(Value::as_str)
        .filter(|id| !id.trim().is_empty())
        .ok_or("field `instance_id`: missing or not a string")?;
    let flag = |field: &str| match row.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => yes_or_no(value)
            .map(Some)
            .ok_or_else(|| format!("field `{field}`: expected true or false, found {value}")),
    };
    let resolved = flag("resolved")?.ok_or("field `resolved`: missing")?;
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

/// Every row's result, in order, each row with where it is (`line 3`, `instances[1]`) for an
/// error to name; an instance given twice is refused.
pub fn results_of(rows: impl IntoIterator<Item = (String, Value)>) -> Result<Vec<InstanceResult>, String> {
    let mut results = Vec::new();
    for (at, row) in rows {
        let fields = row.as_object().ok_or_else(|| format!("{at}: expected an object"))?;
        results.push(verdict(fields).map_err(|e| format!("{at}: {e}"))?);
    }
    let mut seen = std::collections::HashSet::new();
    match results.iter().find(|r| !seen.insert(r.instance_id.as_str())) {
        Some(twice) => Err(format!("field `instance_id`: duplicate `{}`", twice.instance_id)),
        None => Ok(results),
    }
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

/// A summary's published pass rate, as a run's headline.
pub fn summary_headline(summary: &Value) -> BTreeMap<String, f64> {
    summary
        .get("pass_rate")
        .and_then(Value::as_f64)
        .map(|rate| BTreeMap::from([("resolved_percent".to_string(), rate)]))
        .unwrap_or_default()
}

/// How many instances the summary says it covers (`total`), which its `pass_rate` is a share of.
pub fn summary_total(summary: &Value) -> Option<usize> {
    summary.get("total")?.as_u64().map(|n| n as usize)
}

/// A note when the summary's `total` is not the number of its rows.
pub fn total_note(summary: &Value, rows: usize) -> Option<String> {
    let total = summary_total(summary)?;
    (total != rows).then(|| format!("the summary says {total} instances, and lists {rows}; the listed ones are kept"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn row(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn verdicts_read_from_json_and_csv_cells_alike() {
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
        let error = verdict(&row(json!({"instance_id": "a", "resolved": "maybe"}))).unwrap_err();
        assert_eq!(error, "field `resolved`: expected true or false, found \"maybe\"");
        assert_eq!(verdict(&row(json!({"instance_id": "a"}))).unwrap_err(), "field `resolved`: missing");
        assert!(verdict(&row(json!({"resolved": true}))).is_err());
    }

    #[test]
    fn a_summary_is_a_table_when_its_instances_are_verdicts() {
        assert!(summary_rows(&json!({"instances": [{"instance_id": "a", "resolved": true}]})).is_some());
        assert!(summary_rows(&json!({"instances": [{"instance_id": "a", "model_patch": "", "resolved": true}]})).is_none());
        assert!(summary_rows(&json!({"instances": []})).is_none());
        assert_eq!(total_note(&json!({"total": 2}), 2), None);
        assert!(total_note(&json!({"total": 3}), 2).unwrap().contains("3 instances, and lists 2"));
        assert_eq!(summary_headline(&json!({"pass_rate": 74.2}))["resolved_percent"], 74.2);
    }
}
