//! A SWE-bench harness run summary: what its file name says of the run, the verdicts its id lists
//! give, and its counts. The harness writes `<model>.<run_id>.json`; sb-cli, the client of the
//! hosted harness, writes `<subset>__<split>__<run_id>.json` (`swe-bench_lite__test__my-run.json`),
//! which also names the dataset and the split. Shared by the CLI's importer and the page's drop.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::failure_mode;
use crate::run::InstanceResult;

/// One instance's report as the harness writes it into `report.json` (under the instance's id, or
/// alone as some submissions keep it): its verdict and its tests' statuses.
pub fn is_instance_report(report: &Value) -> bool {
    report.get("resolved").is_some_and(Value::is_boolean) && report.get("tests_status").is_some_and(Value::is_object)
}

/// What a summary's file name says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummaryName {
    /// The run's id: the whole stem of a harness summary, sb-cli's run id.
    pub run_id: String,
    /// The system's name: a harness summary's model part, sb-cli's run id.
    pub system: String,
    /// The dataset sb-cli names, as an export of the hub's copy names it (`swe-bench_lite` as
    /// `swe-bench-lite`, `swe-bench-m` as `swe-bench-multimodal`); `None` for the harness's.
    pub dataset: Option<String>,
    /// The split sb-cli names.
    pub split: Option<String>,
}

/// Reads a summary's file name (with or without `.json`).
pub fn summary_name(file_name: &str) -> SummaryName {
    let stem = file_name.strip_suffix(".json").unwrap_or(file_name);
    if let Some(name) = sb_cli_name(stem) {
        return name;
    }
    // `<model>.<run_id>`: the model part may hold dots of its own (`glm-5.3-...`).
    let model = stem.rsplit_once('.').map_or(stem, |(model, _)| model);
    SummaryName {
        run_id: stem.to_string(),
        system: model.to_string(),
        dataset: None,
        split: None,
    }
}

/// `<subset>__<split>__<run_id>`, where the subset is one of the hosted harness's
/// (`swe-bench_lite`, `swe-bench_verified`, `swe-bench-m`, ...).
fn sb_cli_name(stem: &str) -> Option<SummaryName> {
    let mut parts = stem.splitn(3, "__");
    let (subset, split, run_id) = (parts.next()?, parts.next()?, parts.next()?);
    let word = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_".contains(c));
    if !subset.to_ascii_lowercase().starts_with("swe-bench") || !word(split) || run_id.is_empty() {
        return None;
    }
    let mut dataset = subset.to_ascii_lowercase().replace('_', "-");
    if dataset == "swe-bench-m" {
        // sb-cli's short name for the hub's `SWE-bench_Multimodal`.
        dataset = "swe-bench-multimodal".to_string();
    }
    Some(SummaryName {
        run_id: run_id.to_string(),
        system: run_id.to_string(),
        dataset: Some(dataset),
        split: Some(split.to_ascii_lowercase()),
    })
}

/// The counts a summary states, as a note for its run (they describe its coverage; they are not
/// metrics). `None` when it states none.
pub fn counts_note(summary: &Value) -> Option<String> {
    let counts: Vec<String> = COUNTS
        .iter()
        .filter_map(|key| {
            let n = summary.get(*key).and_then(Value::as_u64)?;
            Some(format!("{} {n}", key.trim_end_matches("_instances").replace('_', " ")))
        })
        .collect();
    (!counts.is_empty()).then(|| format!("The harness summary counts: {}.", counts.join(", ")))
}

/// The headline the summary states: `resolved_percent`, its resolved instances over its total
/// (sb-cli's "Resolved (total)"), which ranks the run where its split is not exported.
pub fn headline(summary: &Value) -> BTreeMap<String, f64> {
    let count = |key: &str| summary.get(key).and_then(Value::as_u64);
    match (count("resolved_instances"), count("total_instances")) {
        (Some(resolved), Some(total)) if total > 0 && resolved <= total => {
            BTreeMap::from([("resolved_percent".to_string(), 100.0 * resolved as f64 / total as f64)])
        }
        _ => BTreeMap::new(),
    }
}

/// A summary's counts, in the order they are told: the harness's, the newer harness's infra and
/// ambiguous failures, and sb-cli's pending and failed evaluations.
const COUNTS: &[&str] = &[
    "total_instances",
    "submitted_instances",
    "completed_instances",
    "resolved_instances",
    "unresolved_instances",
    "empty_patch_instances",
    "error_instances",
    "infra_failure_instances",
    "ambiguous_failure_instances",
    "pending_instances",
    "failed_instances",
];

/// The results a harness run summary lists: each id list becomes verdicts, and
/// `failure_reasons` their failure modes. Shared with the CLI's importer.
pub fn results_from_summary(summary: &Value) -> Vec<InstanceResult> {
    let mut results: BTreeMap<String, InstanceResult> = BTreeMap::new();
    for (key, resolved, mode) in VERDICT_LISTS {
        for id in id_list(summary, key).filter_map(Value::as_str).map(str::to_string) {
            let result = results.entry(id.clone()).or_insert_with(|| InstanceResult {
                instance_id: id,
                ..Default::default()
            });
            result.resolved = Some(resolved);
            if let Some(mode) = mode {
                result.failure_mode = Some(mode.into());
                result.empty_patch |= mode == failure_mode::EMPTY_PATCH;
                if mode == failure_mode::HARNESS_ERROR {
                    result.error = Some("the harness reported an error".into());
                }
            }
        }
    }
    for (id, reason) in summary.get("failure_reasons").and_then(Value::as_object).into_iter().flatten() {
        if let (Some(result), Some(reason)) = (results.get_mut(id), reason.as_str()) {
            result.failure_mode = Some(reason.to_string());
        }
    }
    results.into_values().collect()
}

/// The id lists of a summary, each with the verdict and failure mode its ids get; a later list
/// wins over an earlier one.
const VERDICT_LISTS: [(&str, bool, Option<&str>); 4] = [
    ("unresolved_ids", false, None),
    ("empty_patch_ids", false, Some(failure_mode::EMPTY_PATCH)),
    ("error_ids", false, Some(failure_mode::HARNESS_ERROR)),
    ("resolved_ids", true, None),
];

fn id_list<'a>(summary: &'a Value, key: &str) -> impl Iterator<Item = &'a Value> {
    summary.get(key).and_then(Value::as_array).into_iter().flatten()
}

/// A warning for the entries of a summary's id lists that are not strings, which name no
/// instance and are passed over: "error_ids[0] is null, resolved_ids[3] is 42: not instance
/// ids, passed over". `None` when every entry is a string.
pub fn entries_not_ids(summary: &Value) -> Option<String> {
    let mut found: Vec<String> = Vec::new();
    for (key, _, _) in VERDICT_LISTS {
        for (i, entry) in id_list(summary, key).enumerate().filter(|(_, v)| !v.is_string()) {
            found.push(format!("{key}[{i}] is {}", shortened(&entry.to_string())));
        }
    }
    let shown = found.len().min(3);
    let more = match found.len() - shown {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    let what = crate::wording::agreeing(found.len(), "not an instance id", "not instance ids");
    (!found.is_empty()).then(|| format!("{}{more}: {what}, passed over", found[..shown].join(", ")))
}

fn shortened(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_harness_summary_is_named_by_its_stem_and_model_part() {
        let name = summary_name("glm-5.3-zcode-campaign.tonight.json");
        assert_eq!(name.run_id, "glm-5.3-zcode-campaign.tonight");
        assert_eq!(name.system, "glm-5.3-zcode-campaign");
        assert_eq!((name.dataset, name.split), (None, None));
    }

    #[test]
    fn an_sb_cli_report_names_its_dataset_split_and_run() {
        let name = summary_name("swe-bench_verified__test__claude__v2.json");
        assert_eq!(name.run_id, "claude__v2");
        assert_eq!(name.system, "claude__v2");
        assert_eq!(name.dataset.as_deref(), Some("swe-bench-verified"));
        assert_eq!(name.split.as_deref(), Some("test"));
        // Named as an export of the hub's SWE-bench_Multimodal names it.
        assert_eq!(
            summary_name("swe-bench-m__dev__run1").dataset.as_deref(),
            Some("swe-bench-multimodal")
        );
        // Two underscores in a harness summary's model do not make it sb-cli's.
        assert_eq!(summary_name("my__model__x.run.json").dataset, None);
        assert_eq!(summary_name("swe-bench_lite__test__.json").dataset, None);
    }

    #[test]
    fn counts_are_told_in_order_and_absent_ones_left_out() {
        let summary = json!({"total_instances": 300, "resolved_instances": 25, "pending_instances": 0, "failed_instances": 1});
        assert_eq!(
            counts_note(&summary).as_deref(),
            Some("The harness summary counts: total 300, resolved 25, pending 0, failed 1.")
        );
        assert_eq!(counts_note(&json!({"resolved_ids": []})), None);
    }

    #[test]
    fn the_headline_is_resolved_over_total() {
        assert_eq!(
            headline(&json!({"total_instances": 300, "resolved_instances": 25}))["resolved_percent"],
            100.0 * 25.0 / 300.0
        );
        assert!(headline(&json!({"total_instances": 0, "resolved_instances": 0})).is_empty());
        assert!(headline(&json!({"resolved_instances": 3})).is_empty());
    }

    #[test]
    fn entries_that_are_not_strings_are_named_by_list_and_place() {
        let summary = json!({"resolved_ids": ["a", 42], "error_ids": [null], "unresolved_ids": ["b"]});
        assert_eq!(
            entries_not_ids(&summary).as_deref(),
            Some("error_ids[0] is null, resolved_ids[1] is 42: not instance ids, passed over")
        );
        assert_eq!(entries_not_ids(&json!({"resolved_ids": ["a"]})), None);
        let many = json!({"resolved_ids": [1, 2, 3, 4, 5, {"id": "x".repeat(60)}]});
        assert_eq!(
            entries_not_ids(&many).as_deref(),
            Some("resolved_ids[0] is 1, resolved_ids[1] is 2, resolved_ids[2] is 3 and 3 more: not instance ids, passed over")
        );
        assert_eq!(shortened(&"é".repeat(50)).chars().count(), 41);
    }

    #[test]
    fn id_lists_become_verdicts_with_their_failure_modes() {
        let summary = json!({"resolved_ids": ["a"], "unresolved_ids": ["b"], "error_ids": ["c"], "empty_patch_ids": ["d"],
            "failure_reasons": {"b": "no_tests_collected"}});
        let results = results_from_summary(&summary);
        let by_id: BTreeMap<_, _> = results.iter().map(|r| (r.instance_id.as_str(), r)).collect();
        assert_eq!(by_id["a"].resolved, Some(true));
        assert_eq!(by_id["b"].failure_mode.as_deref(), Some("no_tests_collected"));
        assert_eq!(by_id["c"].failure_mode.as_deref(), Some(failure_mode::HARNESS_ERROR));
        assert!(by_id["d"].empty_patch);
    }
}
