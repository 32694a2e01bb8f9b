//! SWE-bench harness outputs: the `logs/run_evaluation/<run_id>/<model>/<id>/report.json` tree
//! (with `test_output.txt` beside each report), older logs that print the report as a Python
//! dict (`... report: {...}` then `Result for <id>: resolved: True`), with their Markdown summary,
//! and the run summary `<model>.<run_id>.json`.
//!
//! Reports keep the harness's own verdict; the test statuses inside are graded again with
//! [`crate::grading`], and any disagreement is noted on the run.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use benchscope_contract::{InstanceResult, TestLists, TestStatus};
use serde_json::Value;

use super::pyrepr;
use crate::grading::grade_tests;

/// A per-instance result and, when the report's verdict and its test statuses disagree, a note.
pub fn result_from_report(id: &str, report: &Value, log: Option<&str>) -> (InstanceResult, Option<String>) {
    let flag = |key: &str| report.get(key).and_then(Value::as_bool);
    let mut lists = TestLists::default();
    let mut statuses = BTreeMap::new();
    for (category, list) in [("FAIL_TO_PASS", &mut lists.fail_to_pass), ("PASS_TO_PASS", &mut lists.pass_to_pass)] {
        for (outcome, status) in [("success", TestStatus::Passed), ("failure", TestStatus::Failed)] {
            let names = report
                .pointer(&format!("/tests_status/{category}/{outcome}"))
                .and_then(Value::as_array);
            for name in names.into_iter().flatten().filter_map(Value::as_str) {
                list.push(name.to_string());
                statuses.insert(name.to_string(), status);
            }
        }
    }
    let regraded = grade_tests(&lists, &statuses);
    let resolved = flag("resolved");
    let empty = flag("patch_is_None") == Some(true) || flag("patch_exists") == Some(false);
    let applied = flag("patch_successfully_applied");
    let mut result = InstanceResult {
        instance_id: id.to_string(),
        resolved: resolved.or(regraded.resolved),
        empty_patch: empty,
        patch_applied: applied,
        ..regraded.clone()
    };
    result.failure_mode = match result.resolved {
        Some(false) if empty => Some("empty_patch".into()),
        Some(false) if applied == Some(false) => Some("patch_failed".into()),
        Some(false) => Some(log.and_then(crate::logs::exception_class).unwrap_or_else(|| "tests_failed".into())),
        _ => None,
    };
    let note = match (resolved, regraded.resolved) {
        (Some(reported), Some(ours)) if reported != ours && !empty && applied != Some(false) => Some(format!(
            "{id}: the report says resolved={reported}, but its test statuses give resolved={ours} by the SWE-bench rule"
        )),
        _ => None,
    };
    (result, note)
}

/// Reads a `report.json`: `{<id>: {...}}`.
pub fn read_report_file(path: &Path) -> anyhow::Result<Vec<(String, Value)>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let value: Value = serde_json::from_slice(&bytes).with_context(|| format!("{}: not valid JSON", path.display()))?;
    let Value::Object(map) = value else {
        anyhow::bail!("{}: expected {{instance_id: report}}", path.display())
    };
    for (id, report) in &map {
        if !report.is_object() || report.get("resolved").is_none() {
            anyhow::bail!(
                "{}: field `{id}`: expected a report with `resolved` and `tests_status`",
                path.display()
            );
        }
    }
    Ok(map.into_iter().collect())
}

/// What an older log says: its report (parsed from the Python dict) and its final verdict.
pub struct LogReport {
    /// The report dict, when the log got that far.
    pub report: Option<Value>,
    /// `Result for <id>: resolved: <bool>`, when present.
    pub resolved: Option<bool>,
}

/// Reads a log that prints `[<id>] report: {python dict}`.
pub fn read_repr_log(text: &str) -> Result<LogReport, String> {
    let mut report = None;
    let mut resolved = None;
    for line in text.lines() {
        if let Some(start) = line.find("] report: {") {
            report = Some(pyrepr::parse(&line[start + "] report: ".len()..])?);
        }
        if let Some(rest) = line.strip_prefix("Result for ") {
            resolved = rest.rsplit_once("resolved: ").map(|(_, v)| v.trim() == "True");
        }
    }
    Ok(LogReport { report, resolved })
}

/// The id lists of a harness Markdown summary (`## Resolved Instances` then `- [id](...)`).
pub fn markdown_summary(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut sections: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current = None;
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            current = Some(title.trim().to_lowercase());
        } else if let (Some(section), Some(item)) = (&current, line.strip_prefix("- [")) {
            if let Some((id, _)) = item.split_once(']') {
                sections.entry(section.clone()).or_default().push(id.to_string());
            }
        }
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn regrading_disagreement_is_noted() {
        let report = json!({"patch_is_None": false, "patch_exists": true, "patch_successfully_applied": true, "resolved": true,
            "tests_status": {"FAIL_TO_PASS": {"success": [], "failure": ["t::a"]}, "PASS_TO_PASS": {"success": ["t::b"], "failure": []}}});
        let (result, note) = result_from_report("x", &report, None);
        assert_eq!(result.resolved, Some(true), "the harness's verdict is kept");
        assert!(note.unwrap().contains("resolved=true, but its test statuses give resolved=false"));
    }

    #[test]
    fn markdown_sections() {
        let sections = markdown_summary("## Resolved Instances\n- [a](x.log)\n- [b](y.log)\n## Empty Patch Instances\n- [c](z.log)\n");
        assert_eq!(sections["resolved instances"], ["a", "b"]);
        assert_eq!(sections["empty patch instances"], ["c"]);
    }
}
