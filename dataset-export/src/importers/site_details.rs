//! swebench.com's `info_for_leaderboard.json`: per model, per instance, whether it was resolved,
//! its cost and its API calls (`{model: {instance_id: {resolved, cost, api_calls}}}`), one run
//! per model. The site keeps it beside `leaderboards.json` for the bash-only board.

use benchscope_contract::{InstanceResult, Run, SystemInfo};
use serde_json::{Map, Value};

use super::leaderboard::{instance_details, slug};
use super::{ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::run_store::NewRun;

/// `info_for_leaderboard.json`: per-model, per-instance results.
pub struct SiteDetails;

impl RunSource for SiteDetails {
    fn name(&self) -> &'static str {
        "swebench.com per-model results"
    }

    fn detect(&self, source: &Source) -> bool {
        source.json().and_then(Value::as_object).is_some_and(is_models_of_details)
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let models = source.json().and_then(Value::as_object).cloned().unwrap_or_default();
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        Ok(models
            .iter()
            .filter_map(|(model, details)| Some((model, details.as_object()?)))
            .map(|(model, details)| (model_run(model, details, &dataset, &split, &source.label()), Vec::new()))
            .collect())
    }
}

/// Every value an object of instances, and every instance's value an object with a boolean
/// `resolved`: a harness `report.json`, one level shallower, has flags and test lists there.
fn is_models_of_details(models: &Map<String, Value>) -> bool {
    let is_detail = |detail: &Value| detail.get("resolved").is_some_and(Value::is_boolean);
    !models.is_empty()
        && models.values().all(|instances| {
            instances
                .as_object()
                .is_some_and(|instances| !instances.is_empty() && instances.values().all(is_detail))
        })
}

fn model_run(model: &str, details: &Map<String, Value>, dataset: &str, split: &str, source: &str) -> NewRun {
    let results: Vec<InstanceResult> = instance_details(details);
    NewRun::new(Run {
        system: SystemInfo {
            name: model.to_string(),
            model: Some(model.to_string()),
            ..SystemInfo::default()
        },
        results,
        ..Run::new(slug(model), dataset, split, "", source)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn models_of_instance_results_are_recognized_and_a_harness_report_is_not() {
        let details = json!({"gpt-5": {"a__b-1": {"resolved": true, "cost": 0.4, "api_calls": 19}}});
        assert!(is_models_of_details(details.as_object().unwrap()));
        let report = json!({"a__b-1": {"patch_is_None": false, "resolved": true, "tests_status": {}}});
        assert!(!is_models_of_details(report.as_object().unwrap()));
        let predictions = json!({"a__b-1": {"model_patch": "", "model_name_or_path": "m"}});
        assert!(!is_models_of_details(predictions.as_object().unwrap()));
        assert!(!is_models_of_details(json!({}).as_object().unwrap()));
    }

    #[test]
    fn each_model_is_a_run_of_its_instances() {
        let details = json!({
            "a__b-1": {"resolved": true, "cost": 0.5, "api_calls": 19},
            "a__b-2": {"resolved": false, "cost": null, "api_calls": 7.0},
            "a__b-3": {"resolved": false, "api_calls": "many"}
        });
        let run = model_run(
            "sonnet 4.5",
            details.as_object().unwrap(),
            "swe-bench-verified",
            "test",
            "info.json",
        )
        .run;
        assert_eq!(run.id, "sonnet-4.5");
        assert_eq!(run.system.model.as_deref(), Some("sonnet 4.5"));
        let outcomes: Vec<_> = run
            .results
            .iter()
            .map(|r| (r.instance_id.as_str(), r.resolved, r.cost, r.api_calls))
            .collect();
        assert_eq!(
            outcomes,
            [
                ("a__b-1", Some(true), Some(0.5), Some(19)),
                ("a__b-2", Some(false), None, Some(7)),
                ("a__b-3", Some(false), None, None)
            ]
        );
    }
}
