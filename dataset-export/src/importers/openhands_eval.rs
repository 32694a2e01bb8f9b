//! OpenHands' evaluation before its agent SDK. `eval_infer.py` grades each instance of an
//! inference's `output.jsonl` and writes `output.swebench_eval.jsonl`, a line an instance:
//! `{instance_id, test_result: {git_patch, report, apply_patch_output, test_output}, metadata,
//! history: null, ...}`, the `report` being `{empty_generation, resolved, failed_apply_patch,
//! error_eval, test_timeout}`. `update_output_with_eval.py` then copies each instance's verdict
//! into its line of `output.jsonl` as `report` (from that file, or from the harness's `report.json`
//! lists). Given alone, the graded file is a run of verdicts and patches; beside trajectories, it
//! and the lines' own reports give their verdicts.

use std::collections::BTreeMap;
use std::io::BufRead;
use std::path::{Path, PathBuf};

use anyhow::Context;
use benchscope_contract::{failure_mode, InstanceResult};
use serde::Deserialize;
use serde_json::Value;

use super::harness_logs::{metadata_of, read_metadata};
use super::leaderboard::slug;
use super::{name_of, new_run, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::run_store::{NewRun, StatedDataset};

/// The graded file, given alone.
pub struct OpenHandsEval;

/// How `eval_infer.py` names what it writes: the inference's file name with this in place of
/// `.jsonl`.
const GRADED_SUFFIX: &str = ".swebench_eval.jsonl";

impl RunSource for OpenHandsEval {
    fn name(&self) -> &'static str {
        "OpenHands output.swebench_eval.jsonl"
    }

    fn detect(&self, source: &Source) -> bool {
        source.is_file() && source.first_line_record().is_some_and(|line| is_graded_line(&line))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let file = source.path();
        let graded = read_graded(file)?;
        let folder = file.parent().unwrap_or(Path::new("."));
        // `metadata.json` beside the file, else what the lines themselves carry.
        let (mut meta, mut stated_in) = (read_metadata(folder), "metadata.json");
        if meta.run_name().is_none() {
            meta = source
                .first_line_record()
                .and_then(|line| line.get("metadata").map(metadata_of))
                .unwrap_or_default();
            stated_in = "its lines' metadata";
        }
        let name = plan.run.clone().unwrap_or_else(|| run_name(file));
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        let mut new = NewRun::new(new_run(slug(&name), name, &dataset, &split, &source.label()));
        new.run.system.scaffold = meta.agent.clone();
        new.run.system.model = meta.model.clone();
        new.run.date = meta.date.clone();
        new.stated_dataset = meta.dataset.clone().map(|name| StatedDataset { name, stated_in });
        // A line with a patch and no verdict yet is the run's too, without one.
        let mut results = graded.verdicts;
        for id in graded
            .patches
            .keys()
            .filter(|id| !results.contains_key(*id))
            .cloned()
            .collect::<Vec<_>>()
        {
            results.insert(
                id.clone(),
                InstanceResult {
                    instance_id: id,
                    ..InstanceResult::default()
                },
            );
        }
        new.patches = graded.patches;
        new.run.results = results.into_values().collect();
        new.run.notes.extend(graded.warnings.iter().cloned());
        Ok(vec![(new, graded.warnings)])
    }
}

/// Whether a line is one `eval_infer.py` wrote: an instance, the verdict in its `test_result`,
/// and no trajectory (`history` is null there; an `output.jsonl` line holds its events).
fn is_graded_line(line: &Value) -> bool {
    line.get("instance_id").is_some_and(Value::is_string)
        && line.pointer("/test_result/report").is_some_and(is_report)
        && !line.get("history").is_some_and(Value::is_array)
}

/// Whether `value` is OpenHands' verdict on an instance: its flags, `resolved` among them.
fn is_report(value: &Value) -> bool {
    value.get("resolved").is_some_and(Value::is_boolean) && value.get("empty_generation").is_some()
}

/// `output.jsonl` is named by its folder (OpenHands writes each run's into its own), another
/// file by itself.
fn run_name(file: &Path) -> String {
    let own = name_of(file);
    let folder = file.parent().and_then(Path::file_name).map(|n| n.to_string_lossy().into_owned());
    match folder {
        Some(folder) if own.starts_with("output.") && !folder.is_empty() => folder,
        _ => own.split('.').next().unwrap_or(&own).to_string(),
    }
}

/// The graded files in `dir` (`output.swebench_eval.jsonl`), in name order.
pub fn graded_files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_file() && name_of(path).ends_with(GRADED_SUFFIX))
        .collect();
    files.sort();
    files
}

/// What a file of OpenHands' lines says of its instances' evaluation.
#[derive(Default)]
pub struct Graded {
    /// Each graded instance's verdict, by instance.
    pub verdicts: BTreeMap<String, InstanceResult>,
    /// Each instance's patch, where its line holds one.
    pub patches: BTreeMap<String, String>,
    /// Lines that could not be read, each named.
    pub warnings: Vec<String>,
}

/// The part of a line read here: a line of `output.jsonl` runs to megabytes of events, which
/// are passed over unparsed.
#[derive(Deserialize)]
struct Line {
    instance_id: String,
    #[serde(default)]
    report: Option<Value>,
    #[serde(default)]
    test_result: Option<TestResult>,
}

#[derive(Deserialize)]
struct TestResult {
    #[serde(default)]
    report: Option<Value>,
    #[serde(default)]
    git_patch: Option<String>,
}

/// Reads the verdicts (a line's `report`, else its `test_result.report`) and patches of the
/// graded file at `path`, a line at a time: a line that is not such a record is named and passed
/// over.
pub fn read_graded(path: &Path) -> anyhow::Result<Graded> {
    let reader = crate::input::compressed::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut graded = Graded::default();
    for (index, text) in reader.split(b'\n').enumerate() {
        let text = text.with_context(|| format!("{}: cannot read line {}", path.display(), index + 1))?;
        let text = String::from_utf8_lossy(&text);
        let text = text.trim_start_matches('\u{feff}').trim();
        if text.is_empty() {
            continue;
        }
        match serde_json::from_str(text) {
            Ok(line) => graded.add(line),
            Err(error) => graded
                .warnings
                .push(format!("{}: line {}: {error}; passed over", path.display(), index + 1)),
        }
    }
    Ok(graded)
}

/// The verdicts `update_output_with_eval.py` copied into the lines of the `output.jsonl` at
/// `path`, read as a stream: a line there is an instance's whole trajectory, which is never held.
/// The reading stops at a line that is not JSON (its fault is reported where its trajectory is
/// read).
pub fn verdicts_in_output(path: &Path) -> BTreeMap<String, InstanceResult> {
    let mut graded = Graded::default();
    if let Ok(reader) = crate::input::compressed::open(path) {
        for line in serde_json::Deserializer::from_reader(reader).into_iter::<Line>() {
            let Ok(line) = line else { break };
            graded.add(line);
        }
    }
    graded.verdicts
}

impl Graded {
    fn add(&mut self, line: Line) {
        let (report, patch) = match line.test_result {
            Some(result) => (line.report.or(result.report), result.git_patch),
            None => (line.report, None),
        };
        if let Some(result) = report.as_ref().and_then(|report| verdict_of(&line.instance_id, report)) {
            self.verdicts.insert(line.instance_id.clone(), result);
        }
        if let Some(patch) = patch.filter(|p| !p.trim().is_empty()) {
            self.patches.insert(line.instance_id, patch);
        }
    }
}

/// The verdict OpenHands' flags give: resolved, else why not, in the order its evaluation sets
/// them (an empty patch is not applied, a patch that fails to apply is not tested, a test run
/// that timed out or could not be graded has no verdict of its own). `None` when `report` is not
/// OpenHands' verdict.
pub fn verdict_of(instance_id: &str, report: &Value) -> Option<InstanceResult> {
    if !is_report(report) {
        return None;
    }
    let flag = |key: &str| report.get(key).and_then(Value::as_bool).unwrap_or(false);
    let mut result = InstanceResult {
        instance_id: instance_id.to_string(),
        resolved: Some(flag("resolved")),
        ..InstanceResult::default()
    };
    let failure = if result.resolved == Some(true) {
        None
    } else if flag("empty_generation") {
        result.empty_patch = true;
        Some(failure_mode::EMPTY_PATCH)
    } else if flag("failed_apply_patch") {
        result.patch_applied = Some(false);
        Some(failure_mode::PATCH_FAILED)
    } else if flag("test_timeout") {
        result.error = Some("OpenHands' evaluation timed out running the tests (test_timeout)".into());
        Some(failure_mode::TIMEOUT)
    } else if flag("error_eval") {
        result.error = Some("OpenHands' evaluation could not run or grade the tests (error_eval)".into());
        Some(failure_mode::HARNESS_ERROR)
    } else {
        Some(failure_mode::UNRESOLVED)
    };
    result.failure_mode = failure.map(str::to_string);
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn report(resolved: bool, flag: Option<&str>) -> Value {
        let mut report = json!({"empty_generation": false, "resolved": resolved, "failed_apply_patch": false,
                                "error_eval": false, "test_timeout": false});
        if let Some(flag) = flag {
            report[flag] = json!(true);
        }
        report
    }

    #[test]
    fn each_flag_is_its_failure() {
        let mode = |report: &Value| verdict_of("a__b-1", report).unwrap().failure_mode;
        assert_eq!(mode(&report(true, None)), None);
        assert_eq!(mode(&report(false, None)).as_deref(), Some(failure_mode::UNRESOLVED));
        assert_eq!(
            mode(&report(false, Some("empty_generation"))).as_deref(),
            Some(failure_mode::EMPTY_PATCH)
        );
        assert_eq!(
            mode(&report(false, Some("failed_apply_patch"))).as_deref(),
            Some(failure_mode::PATCH_FAILED)
        );
        assert_eq!(mode(&report(false, Some("test_timeout"))).as_deref(), Some(failure_mode::TIMEOUT));
        assert_eq!(
            mode(&report(false, Some("error_eval"))).as_deref(),
            Some(failure_mode::HARNESS_ERROR)
        );
        let empty = verdict_of("a__b-1", &report(false, Some("empty_generation"))).unwrap();
        assert!(empty.empty_patch && empty.resolved == Some(false));
    }

    #[test]
    fn a_harness_report_is_not_openhands_verdict() {
        let harness = json!({"patch_is_None": false, "resolved": true, "tests_status": {}});
        assert!(verdict_of("a__b-1", &harness).is_none());
    }

    #[test]
    fn graded_lines_are_told_from_trajectories() {
        let graded = json!({"instance_id": "a__b-1", "test_result": {"git_patch": "", "report": report(true, None)}, "history": null});
        let trajectory = json!({"instance_id": "a__b-1", "test_result": {"git_patch": "", "report": report(true, None)}, "history": []});
        assert!(is_graded_line(&graded));
        assert!(!is_graded_line(&trajectory));
    }

    #[test]
    fn reads_each_line_verdict_and_names_a_broken_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("output.swebench_eval.jsonl");
        let lines = [
            json!({"instance_id": "a__b-1", "test_result": {"git_patch": "diff --git a/x b/x\n", "report": report(true, None)}})
                .to_string(),
            "{not json".to_string(),
            json!({"instance_id": "a__b-2", "report": report(false, Some("empty_generation")), "history": [{"id": 0}]}).to_string(),
            json!({"instance_id": "a__b-3", "test_result": {"git_patch": "diff"}}).to_string(),
        ];
        std::fs::write(&path, lines.join("\n")).unwrap();
        let graded = read_graded(&path).unwrap();
        assert_eq!(graded.verdicts.keys().collect::<Vec<_>>(), ["a__b-1", "a__b-2"]);
        assert_eq!(graded.patches.keys().collect::<Vec<_>>(), ["a__b-1", "a__b-3"]);
        assert_eq!(graded.warnings.len(), 1);
        assert!(graded.warnings[0].contains("line 2"), "{:?}", graded.warnings);
    }
}
