//! SWE-Dev model outputs: one JSON file per sample, the task record plus `Generate_code`
//! (path → the model's source) and, once evaluated, `generated_results` / `gt_results`
//! (`{passed, failed, errors, total_tests, detailed_dict: {node id: status}}`) and `passed_rate`.
//!
//! The model patch is the diff from the masked files to the generated ones. A sample is resolved
//! when its generated code passes every test; pass@k over several samples is recomputed from
//! these per-sample verdicts.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use benchscope_contract::wording::plural;
use benchscope_contract::{failure_mode, InstanceResult, TestStatus, TestTally};
use serde_json::Value;

use crate::formats::swe_dev::{masked_to_truth, string_map, to_node_id};
use crate::run_store::NewRun;

use super::leaderboard::slug;
use super::source::file_contains;
use super::{name_of, new_run, ImportPlan, Imported, RunSource, Source};

/// The result and model patch of one sample file.
pub fn read_sample(path: &Path) -> anyhow::Result<(InstanceResult, Option<String>, Option<String>)> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let value: Value = crate::input::from_json_bytes(&bytes).with_context(|| format!("{}: not valid JSON", path.display()))?;
    let Value::Object(record) = value else {
        anyhow::bail!("{}: expected a sample object", path.display())
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let id = name.trim_end_matches(".json").trim_end_matches("-metadata").to_string();
    let field_error =
        |e: crate::error::FieldError| anyhow::anyhow!("{}: field `{}`: {}", path.display(), e.field.unwrap_or_default(), e.message);
    let masked = string_map(&record, "file_code").map_err(field_error)?;
    let generated = string_map(&record, "Generate_code").map_err(field_error)?;
    let patch = masked_to_truth(&masked, &generated);
    let mut result = InstanceResult {
        instance_id: id,
        empty_patch: patch.trim().is_empty(),
        ..InstanceResult::default()
    };
    let mut note = None;
    if let Some(outcome) = record.get("generated_results").filter(|v| v.is_object()) {
        let count = |key: &str| outcome.get(key).and_then(Value::as_u64).unwrap_or(0) as u32;
        let (passed, failed, errors, total) = (count("passed"), count("failed"), count("errors"), count("total_tests"));
        result.resolved = Some(total > 0 && passed == total && failed == 0 && errors == 0);
        result.fail_to_pass = Some(TestTally { passed, total });
        result.pass_rate = record
            .get("passed_rate")
            .and_then(Value::as_f64)
            .or((total > 0).then(|| passed as f64 / total as f64));
        result.tests = statuses(outcome.get("detailed_dict"));
        result.failure_mode = (result.resolved == Some(false)).then(|| failure_mode::classify(result.empty_patch, None, None));
        if let Some(truth) = record.get("gt_results") {
            let gt_failed =
                truth.get("failed").and_then(Value::as_u64).unwrap_or(0) + truth.get("errors").and_then(Value::as_u64).unwrap_or(0);
            if gt_failed > 0 {
                note = Some(format!(
                    "{}: the ground truth itself fails {} in this evaluation",
                    result.instance_id,
                    plural(gt_failed as usize, "test")
                ));
            }
        }
    }
    Ok((result, (!patch.trim().is_empty()).then_some(patch), note))
}

fn statuses(detail: Option<&Value>) -> BTreeMap<String, TestStatus> {
    let Some(Value::Object(detail)) = detail else {
        return BTreeMap::new();
    };
    detail
        .iter()
        .filter_map(|(id, status)| {
            let status = match status.as_str()?.to_ascii_lowercase().as_str() {
                "passed" | "pass" => TestStatus::Passed,
                "failed" | "fail" => TestStatus::Failed,
                "error" | "errors" => TestStatus::Error,
                "skipped" => TestStatus::Skipped,
                "xfail" | "xfailed" => TestStatus::Xfail,
                "xpass" | "xpassed" => TestStatus::Xpass,
                _ => return None,
            };
            Some((to_node_id(id), status))
        })
        .collect()
}

/// A folder of SWE-Dev sample files (JSON with `Generate_code`), or one of them alone: a run
/// named by the folder either way.
pub struct SweDevOutputs;

impl RunSource for SweDevOutputs {
    fn name(&self) -> &'static str {
        "SWE-Dev sample outputs"
    }

    fn detect(&self, source: &Source) -> bool {
        // A file alone is named as SWE-Dev names its samples, and read a block at a time: any file
        // given alone comes here, a trajectory of a hundred megabytes too.
        if source.is_file() {
            let named = source
                .path()
                .file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with("-metadata.json"));
            return named && file_contains(source.path(), b"\"Generate_code\"");
        }
        let samples = source.files_named(|name| name.ends_with(".json"));
        samples.first().is_some_and(|p| file_contains(p, b"\"Generate_code\""))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        if source.is_file() {
            let folder = super::run_folder(source.path());
            return Ok(vec![import_run(&folder, &[source.path().to_path_buf()], plan, &source.label())?]);
        }
        let samples = source.files_named(|name| name.ends_with(".json"));
        Ok(vec![import_run(source.path(), &samples, plan, &source.label())?])
    }
}

/// SWE-Dev sample outputs: model patches from `Generate_code`, verdicts where evaluated.
pub fn import_run(dir: &Path, samples: &[PathBuf], plan: &ImportPlan, source: &str) -> anyhow::Result<(NewRun, Vec<String>)> {
    let dataset = plan.dataset.clone().unwrap_or_else(|| "swe-dev".into());
    let split = plan.split.clone().unwrap_or_else(|| "easy".into());
    let name = name_of(dir);
    let mut new = NewRun::new(new_run(slug(&name), name, &dataset, &split, source));
    let mut warnings = Vec::new();
    for path in samples {
        let (result, patch, note) = read_sample(path)?;
        if let Some(patch) = patch {
            new.patches.insert(result.instance_id.clone(), patch);
        }
        warnings.extend(note);
        new.run.results.push(result);
    }
    new.run.notes.extend(warnings.iter().cloned());
    Ok((new, warnings))
}
