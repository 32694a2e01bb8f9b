//! Result files a reader brings to the explorer (dropped on the page, no server involved),
//! turned into a [`Run`]: a run file the CLI wrote (`runs/<id>.json`), a SWE-bench harness run
//! summary (`resolved_ids`, `unresolved_ids`, ...), a table of verdicts (JSON or JSON Lines, see
//! [`crate::verdicts`]), or predictions (JSONL, a JSON list, or an object keyed by instance id,
//! of `{instance_id, model_name_or_path, model_patch}`). What the page does not read is named,
//! with the command that does (`refusals.rs`).

pub mod refusals;

use std::collections::{BTreeMap, HashSet};

use serde_json::Value;

use crate::json_document::{self, Document};
use crate::json_forgiven;
use crate::prediction::{holds_a_model_patch, mixed_models_warning, patch_warnings, Prediction};
use crate::run::{InstanceResult, PatchShard, Run};
use crate::run_summary::{counts_note, entries_not_ids, results_from_summary, summary_name};
use crate::FORMAT_VERSION;
use crate::{coverage, objects_only, verdicts};

/// A run read from a file, with its model patches when the file carried them.
#[derive(Debug, Clone, PartialEq)]
pub struct DroppedRun {
    /// The run.
    pub run: Run,
    /// The model patches, by instance id (predictions only).
    pub patches: Option<PatchShard>,
    /// What the reader should know: forgiven trailing commas, instances outside the split, a
    /// run id that was taken.
    pub warnings: Vec<String>,
    /// How many instances the file says its stated share is over (a summary's `total`), where it
    /// says so.
    pub stated_total: Option<usize>,
}

impl DroppedRun {
    /// Fits the run to the split it joins: instances `split_ids` does not hold are left out and
    /// named, and an id among `taken` becomes a distinct one (never a silent replacement). A run
    /// none of whose instances the split holds is refused, as the CLI refuses one: it is a file
    /// of another split, not a run that resolved nothing.
    pub fn fit(&mut self, split_ids: &HashSet<&str>, taken: &[&str]) -> Result<(), String> {
        let outside = coverage::keep_split_instances(&mut self.run, split_ids);
        if let (true, Some(first)) = (self.run.results.is_empty(), outside.first()) {
            return Err(format!(
                "none of its instances is in {}/{} (the first: `{first}`), so it was not added",
                self.run.dataset, self.run.split
            ));
        }
        if !outside.is_empty() {
            if let Some(shard) = &mut self.patches {
                shard.patches.retain(|id, _| split_ids.contains(id.as_str()));
            }
            let message = coverage::outside_message(&outside, &self.run.dataset, &self.run.split);
            self.run.notes.push(message.clone());
            self.warnings.push(message);
        }
        self.drop_share_of_another_total(split_ids.len());
        let id = coverage::distinct_id(&self.run.id, taken);
        if id != self.run.id {
            self.warnings
                .push(format!("a run `{}` is already loaded: this one is `{id}`", self.run.id));
            let n = id.rsplit('-').next().unwrap_or_default().to_string();
            self.run.system.name = format!("{} ({n})", self.run.system.name);
            self.run.id = id;
        }
        Ok(())
    }

    /// A share the file states over another number of instances than the split has is not the
    /// run's headline there: it is counted over the split, as the CLI counts it.
    fn drop_share_of_another_total(&mut self, split_size: usize) {
        let Some(total) = self.stated_total.filter(|total| *total != split_size) else {
            return;
        };
        if self.run.headline.remove("resolved_percent").is_some() {
            let message = coverage::another_total_message(total, &self.run.dataset, &self.run.split, split_size);
            self.run.notes.push(message.clone());
            self.warnings.push(message);
        }
    }
}

/// A Benchscope run file's `text`, read again from its bytes rather than from its `Value`: its
/// errors then give their line and column, and the explorer's wasm needs only the reading of a
/// run from bytes that fetching run files already has (reading one from a `Value` as well was
/// 11 KB of the leaderboard page's wasm, gzipped).
fn run_file(text: &str) -> Result<Run, serde_json::Error> {
    let text = text.trim_start_matches('\u{feff}');
    objects_only::from_slice(text.as_bytes())
        .or_else(|error| json_forgiven::reread_forgiven(text.as_bytes(), error, |forgiven| objects_only::from_slice(forgiven)))
}

/// Reads the file `name` with content `text` as a run of `dataset`/`split` (a run file keeps its
/// own). The error names the file and, for predictions, the line.
pub fn read_dropped(name: &str, text: &str, dataset: &str, split: &str) -> Result<DroppedRun, String> {
    // `<model>.<run_id>.json`: the file's stem names the run; its model part names the system.
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    let model_part = stem.rsplit_once('.').map_or(stem, |(model, _)| model).to_string();
    let id = dropped_id(stem);
    let new_run = |results: Vec<InstanceResult>, system: String| {
        let mut run = Run::new(&id, dataset, split, system, name);
        run.system.tags = vec!["dropped".into()];
        run.results = results;
        run
    };
    let (value, comma_lines) = match json_document::read(text.as_bytes()) {
        Document::Json(value, comma_lines) => (Some(value), comma_lines),
        Document::NotJson => (None, Vec::new()),
        Document::Invalid(fault) => return Err(format!("{name}: not valid JSON: {fault}")),
    };
    if let Some(refusal) = refusals::refusal(name, text, value.as_ref()) {
        return Err(refusal);
    }
    let mut dropped = match value {
        Some(Value::Object(fields)) if fields.contains_key("results") && fields.contains_key("system") => {
            let run = run_file(text).map_err(|e| format!("{name}: not a Benchscope run file: {e}"))?;
            DroppedRun {
                run,
                patches: None,
                warnings: Vec::new(),
                stated_total: None,
            }
        }
        Some(value @ Value::Object(_)) if value.get("resolved_ids").is_some() => {
            summary_run(name, &value, new_run(results_from_summary(&value), model_part))
        }
        Some(summary @ Value::Object(_)) if verdicts::summary_rows(&summary).is_some() => {
            let rows = verdicts::summary_rows(&summary).into_iter().flatten();
            let rows = rows.enumerate().map(|(i, row)| (format!("instances[{i}]"), row.clone()));
            let mut dropped = verdict_table(name, rows, new_run(Vec::new(), model_part))?;
            dropped.run.headline = verdicts::summary_headline(&summary);
            dropped.stated_total = verdicts::summary_total(&summary);
            if let Some(note) = verdicts::total_note(&summary, dropped.run.results.len()) {
                dropped.run.notes.push(note.clone());
                dropped.warnings.push(note);
            }
            dropped
        }
        Some(Value::Array(items)) if items.first().is_some_and(verdicts::is_verdict_row) => {
            let rows = items.into_iter().enumerate().map(|(i, row)| (format!("record {}", i + 1), row));
            verdict_table(name, rows, new_run(Vec::new(), model_part))?
        }
        // Predictions keyed by id, most of its values objects; an object of settings (OpenHands'
        // `metadata.json`, a few of whose values are objects) is refused below.
        Some(Value::Object(map)) if !map.contains_key("instance_id") && map.values().filter(|v| v.is_object()).count() * 2 > map.len() => {
            let records = map.into_iter().map(|(id, mut v)| {
                if let Value::Object(fields) = &mut v {
                    fields.entry("instance_id").or_insert(Value::String(id));
                }
                Ok(v)
            });
            predictions(name, records.collect(), new_run)?
        }
        Some(Value::Array(items)) => predictions(name, items.into_iter().map(Ok).collect(), new_run)?,
        Some(single @ Value::Object(_)) if single.get("instance_id").is_some() || holds_a_model_patch(&single) => {
            predictions(name, vec![Ok(single)], new_run)?
        }
        Some(_) => return Err(format!("{name}: not a run file, a harness summary or predictions")),
        None if json_document::first_line_record(text).is_some_and(|row| verdicts::is_verdict_row(&row)) => {
            let mut rows = Vec::new();
            for (i, line) in text
                .trim_start_matches('\u{feff}')
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                let row = json_forgiven::from_slice_forgiving::<Value>(line.as_bytes())
                    .map_err(|e| format!("{name}: line {}: not JSON: {e}", i + 1))?;
                rows.push((format!("line {}", i + 1), row));
            }
            verdict_table(name, rows.into_iter(), new_run(Vec::new(), model_part))?
        }
        None => {
            let lines = text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(i, l)| {
                    json_forgiven::from_slice_forgiving::<Value>(l.as_bytes()).map_err(|e| format!("{name}: line {}: not JSON: {e}", i + 1))
                })
                .collect();
            predictions(name, lines, new_run)?
        }
    };
    dropped.warnings.extend(
        comma_lines
            .into_iter()
            .map(|line| format!("{name}: line {line}: a trailing comma before a closing bracket, read as if absent")),
    );
    Ok(dropped)
}

/// The id of a run read from a file whose stem (or run id) is `stem`.
fn dropped_id(stem: &str) -> String {
    let safe: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '-' })
        .collect();
    format!("dropped-{safe}")
}

/// A harness run summary, or sb-cli's report: named as its file name says (see
/// [`summary_name`]), its counts noted; counted over the page's split, which it joins (its stated
/// share is not its headline). A dataset or split sb-cli names that is not the one the run joins
/// is said.
fn summary_run(name: &str, summary: &Value, mut run: Run) -> DroppedRun {
    let named = summary_name(name);
    run.id = dropped_id(&named.run_id);
    run.system.name = named.system;
    run.notes.extend(counts_note(summary));
    let squash = |s: &str| {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let mut warnings: Vec<String> = entries_not_ids(summary)
        .map(|found| format!("{name}: {found}"))
        .into_iter()
        .collect();
    if let (Some(dataset), Some(split)) = (&named.dataset, &named.split) {
        if squash(dataset) != squash(&run.dataset) || *split != run.split {
            warnings.push(format!(
                "{name} names {dataset}/{split}; it was read as a run of {}/{}, the split on the page",
                run.dataset, run.split
            ));
        }
    }
    DroppedRun {
        run,
        patches: None,
        warnings,
        stated_total: None,
    }
}

/// A table of verdicts (see [`verdicts`]) becomes `run`'s results; a bad row is named by where it is.
fn verdict_table(name: &str, rows: impl Iterator<Item = (String, Value)>, mut run: Run) -> Result<DroppedRun, String> {
    run.results = verdicts::results_of(rows).map_err(|e| format!("{name}: {e}"))?;
    Ok(DroppedRun {
        run,
        patches: None,
        warnings: Vec::new(),
        stated_total: None,
    })
}

/// Predictions become a run without verdicts whose results point at their patches.
fn predictions(
    name: &str,
    records: Vec<Result<Value, String>>,
    new_run: impl Fn(Vec<InstanceResult>, String) -> Run,
) -> Result<DroppedRun, String> {
    let mut patches = BTreeMap::new();
    let mut results = Vec::new();
    let mut model = None;
    let mut read: Vec<Prediction> = Vec::new();
    let mut seen = HashSet::new();
    let mut any_patch_field = false;
    let mut any_statement = false;
    for (i, record) in records.into_iter().enumerate() {
        let at = |field: Option<&str>, message: &str| match field {
            Some(field) => format!("{name}: record {}: field `{field}`: {message}", i + 1),
            None => format!("{name}: record {}: {message}", i + 1),
        };
        let record = record?;
        any_patch_field |= holds_a_model_patch(&record);
        any_statement |= record.get("problem_statement").is_some();
        let prediction = Prediction::from_value(None, record).map_err(|e| at(e.field, &e.message))?;
        if !seen.insert(prediction.instance_id.clone()) {
            return Err(at(Some("instance_id"), &format!("duplicate `{}`", prediction.instance_id)));
        }
        read.push(prediction);
    }
    // JSON of another kind (a dataset's records, a resolved-by table, an id list) is not a run of
    // empty patches.
    if !read.is_empty() && !any_patch_field {
        let instances = match any_statement {
            true => format!("; they are a dataset's instances (`problem_statement`), which `benchscope export {name}` reads"),
            false => String::new(),
        };
        return Err(format!(
            "{name}: not a run file, a harness summary or predictions: none of its {} records has `model_patch`{instances}",
            read.len()
        ));
    }
    let mut warnings = patch_warnings(&read);
    warnings.extend(mixed_models_warning(&read));
    for prediction in read {
        model = model.or(prediction.model);
        results.push(InstanceResult {
            instance_id: prediction.instance_id.clone(),
            empty_patch: prediction.patch.is_none(),
            model_patch: prediction.patch.as_ref().map(|_| String::new()),
            ..Default::default()
        });
        if let Some(patch) = prediction.patch {
            patches.insert(prediction.instance_id, patch);
        }
    }
    if results.is_empty() {
        return Err(format!("{name}: no predictions in the file"));
    }
    let run = new_run(results, model.unwrap_or_else(|| name.to_string()));
    Ok(DroppedRun {
        run,
        patches: Some(PatchShard {
            format_version: FORMAT_VERSION,
            patches,
        }),
        warnings,
        stated_total: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_entry_that_is_not_an_id_is_said() {
        let dropped = read_dropped("m.r.json", r#"{"resolved_ids": ["a", 3]}"#, "lite", "test").unwrap();
        assert_eq!(dropped.run.results.len(), 1);
        assert_eq!(
            dropped.warnings,
            ["m.r.json: resolved_ids[1] is 3: not an instance id, passed over"]
        );
    }

    #[test]
    fn a_harness_summary_gives_verdicts_and_failure_modes() {
        let text = r#"{"resolved_ids": ["a"], "unresolved_ids": ["b"], "empty_patch_ids": ["c"], "error_ids": ["d"], "failure_reasons": {"b": "timeout"}}"#;
        let dropped = read_dropped("glm-5.3-zcode.run1.json", text, "lite", "test").unwrap();
        let run = dropped.run;
        assert_eq!((run.id.as_str(), run.dataset.as_str()), ("dropped-glm-5.3-zcode.run1", "lite"));
        assert_eq!(run.system.name, "glm-5.3-zcode", "the whole model part names the system");
        let modes: Vec<_> = run
            .results
            .iter()
            .map(|r| (r.instance_id.as_str(), r.resolved, r.failure_mode.as_deref()))
            .collect();
        assert_eq!(
            modes,
            [
                ("a", Some(true), None),
                ("b", Some(false), Some("timeout")),
                ("c", Some(false), Some("empty_patch")),
                ("d", Some(false), Some("harness_error"))
            ]
        );
    }

    #[test]
    fn an_sb_cli_report_is_named_by_its_run_and_a_different_split_is_said() {
        let text =
            r#"{"total_instances": 500, "resolved_instances": 1, "pending_instances": 0, "resolved_ids": ["a"], "unresolved_ids": ["b"]}"#;
        let dropped = read_dropped("swe-bench_verified__test__my-run.json", text, "swe-bench-verified", "test").unwrap();
        assert_eq!(
            (dropped.run.id.as_str(), dropped.run.system.name.as_str()),
            ("dropped-my-run", "my-run")
        );
        assert_eq!(dropped.run.notes, ["The harness summary counts: total 500, resolved 1, pending 0."]);
        assert!(dropped.warnings.is_empty(), "{:?}", dropped.warnings);
        let elsewhere = read_dropped("swe-bench_verified__test__my-run.json", text, "swe-bench-lite", "test").unwrap();
        assert_eq!(
            elsewhere.warnings,
            ["swe-bench_verified__test__my-run.json names swe-bench-verified/test; it was read as a run of swe-bench-lite/test, the split on the page"]
        );
    }

    #[test]
    fn dropped_predictions_of_two_models_say_so() {
        let jsonl = "{\"instance_id\": \"a\", \"model_name_or_path\": \"m\", \"model_patch\": \"diff\"}\n{\"instance_id\": \"b\", \"model_name_or_path\": \"n\", \"model_patch\": \"diff\"}\n";
        let dropped = read_dropped("preds.jsonl", jsonl, "d", "test").unwrap();
        assert!(dropped
            .warnings
            .iter()
            .any(|w| w == "the run holds the predictions of 2 models: m, n"));
        let one = read_dropped("preds.jsonl", &jsonl.replace("\"n\"", "\"m\""), "d", "test").unwrap();
        assert!(one.warnings.iter().all(|w| !w.contains("models")));
    }

    #[test]
    fn predictions_in_every_shape_keep_their_patches() {
        let jsonl = "{\"instance_id\": \"a\", \"model_name_or_path\": \"m\", \"model_patch\": \"diff\"}\n\n{\"instance_id\": \"b\", \"model_patch\": null}\n";
        let list = r#"[{"instance_id": "a", "model_patch": "diff"}, {"instance_id": "b", "model_patch": ""}]"#;
        let keyed = r#"{"a": {"model_patch": "diff"}, "b": {"model_patch": null}}"#;
        // Multi-SWE-bench's patch files, the id written from the pull request.
        let multi = "{\"org\": \"o\", \"repo\": \"r\", \"number\": 1, \"fix_patch\": \"diff\"}\n{\"org\": \"o\", \"repo\": \"r\", \"number\": 2, \"fix_patch\": \"\"}\n";
        let dropped = read_dropped("patches.jsonl", multi, "d", "test").unwrap();
        assert_eq!(dropped.patches.unwrap().patches.get("o__r-1").map(String::as_str), Some("diff"));
        assert!(dropped.run.results[1].empty_patch);
        for text in [jsonl, list, keyed] {
            let dropped = read_dropped("preds.jsonl", text, "d", "test").unwrap();
            assert_eq!(dropped.run.results.len(), 2, "{text}");
            assert!(dropped.run.results[1].empty_patch);
            assert_eq!(dropped.patches.unwrap().patches.get("a").map(String::as_str), Some("diff"));
            assert_eq!(dropped.run.resolved_count(), None, "predictions carry no verdicts");
        }
    }

    #[test]
    fn a_summarys_share_of_another_total_is_not_the_splits_headline() {
        let summary = r#"{"total": 3, "passed": 2, "pass_rate": 66.7, "instances": [
            {"instance_id": "a", "resolved": true}, {"instance_id": "b", "resolved": false},
            {"instance_id": "elsewhere", "resolved": true}]}"#;
        let mut other_split = read_dropped("results_summary.json", summary, "d", "test").unwrap();
        other_split.fit(&HashSet::from(["a", "b"]), &[]).unwrap();
        assert!(!other_split.run.headline.contains_key("resolved_percent"), "counted over the split");
        let said = "the source states its resolved share over 3 instances, and d/test has 2: the run is counted over the split";
        assert!(other_split.warnings.iter().any(|w| w == said), "{:?}", other_split.warnings);
        assert!(other_split.run.notes.iter().any(|n| n == said));

        let mut its_split = read_dropped("results_summary.json", summary, "d", "test").unwrap();
        its_split.fit(&HashSet::from(["a", "b", "c"]), &[]).unwrap();
        assert_eq!(its_split.run.headline["resolved_percent"], 66.7, "stated over a split of its size");
    }

    #[test]
    fn a_dropped_table_of_verdicts_is_a_run_of_them() {
        let summary = r#"{"total": 2, "passed": 1, "pass_rate": 50.0, "instances": [
            {"instance_id": "a", "resolved": true, "patch_applied": true},
            {"instance_id": "b", "resolved": false, "patch_applied": true}]}"#;
        let list = r#"[{"instance_id": "a", "resolved": true}, {"instance_id": "b", "resolved": false}]"#;
        let lines = "\u{feff}{\"instance_id\": \"a\", \"resolved\": true}\n\n{\"instance_id\": \"b\", \"resolved\": false}\n";
        for text in [summary, list, lines] {
            let dropped = read_dropped("results_summary.json", text, "d", "test").unwrap();
            let verdicts: Vec<_> = dropped.run.results.iter().map(|r| (r.instance_id.as_str(), r.resolved)).collect();
            assert_eq!(verdicts, [("a", Some(true)), ("b", Some(false))], "{text}");
            assert_eq!(dropped.patches, None);
        }
        let dropped = read_dropped("results_summary.json", summary, "d", "test").unwrap();
        assert_eq!(dropped.run.headline["resolved_percent"], 50.0);
        assert!(dropped.warnings.is_empty());

        let error = read_dropped(
            "t.jsonl",
            "{\"instance_id\": \"a\", \"resolved\": true}\n\n{\"instance_id\": \"b\", \"resolved\": \"maybe\"}\n",
            "d",
            "t",
        )
        .unwrap_err();
        assert_eq!(error, "t.jsonl: line 3: field `resolved`: expected true or false, found \"maybe\"");
        let error = read_dropped(
            "t.json",
            r#"[{"instance_id": "a", "resolved": true}, {"instance_id": "a", "resolved": false}]"#,
            "d",
            "t",
        )
        .unwrap_err();
        assert_eq!(error, "t.json: field `instance_id`: duplicate `a`");
    }

    #[test]
    fn a_datasets_records_are_sent_to_export() {
        let records = r#"[{"instance_id": "o__r-1", "problem_statement": "p", "golden_patch": "diff"}]"#;
        let error = read_dropped("evaluations.json", records, "lite", "test").unwrap_err();
        assert!(error.ends_with("which `benchscope export evaluations.json` reads"), "{error}");
        // A resolved-by table holds no statement: no hint.
        let table = r#"[{"instance_id": "o__r-1", "resolved_by": ["a"]}]"#;
        assert!(!read_dropped("t.json", table, "lite", "test").unwrap_err().contains("export"));
    }

    #[test]
    fn bad_files_are_named_with_the_record() {
        let error = read_dropped("p.jsonl", "{\"instance_id\": \"a\"}\n{oops\n", "d", "t").unwrap_err();
        assert!(error.starts_with("p.jsonl: line 2: not JSON"), "{error}");
        let error = read_dropped("p.json", r#"[{"instance_id": "a"}, {"instance_id": "a"}]"#, "d", "t").unwrap_err();
        assert_eq!(error, "p.json: record 2: field `instance_id`: duplicate `a`");
        let error = read_dropped(
            "r.json",
            r#"{"a": {"resolved_submissions": ["s"], "no_of_submissions": 1}}"#,
            "d",
            "t",
        )
        .unwrap_err();
        assert_eq!(
            error,
            "r.json: not a run file, a harness summary or predictions: none of its 1 records has `model_patch`"
        );
        // An object of settings (OpenHands' `metadata.json`) is neither predictions keyed by id nor one.
        let error = read_dropped(
            "metadata.json",
            r#"{"agent_class": "CodeActAgent", "llm_config": {"model": "m"}, "max_iterations": 100, "details": {}}"#,
            "d",
            "t",
        )
        .unwrap_err();
        assert_eq!(error, "metadata.json: not a run file, a harness summary or predictions");
        let error = read_dropped("p.json", "[{\"model_patch\": \"x\"}]", "d", "t").unwrap_err();
        assert!(error.contains("record 1: field `instance_id`"), "{error}");
        let error = read_dropped("p.json", r#"[{"instance_id": "a", "model_patch": 3}]"#, "d", "t").unwrap_err();
        assert_eq!(
            error, "p.json: record 1: field `model_patch`: expected a string or null, found a number",
            "read as the CLI reads it"
        );
        assert!(read_dropped("x.json", "42", "d", "t").is_err());
        let error = read_dropped("s.json", "{\n  \"resolved_ids\": [\n    \"a\"\n    \"b\"\n  ]\n}\n", "d", "t").unwrap_err();
        assert!(error.starts_with("s.json: not valid JSON: line 4 column 5: expected"), "{error}");
    }

    #[test]
    fn a_dropped_run_fits_its_split_and_never_replaces_one() {
        let text = "{\"resolved_ids\": [\"a\", \"x\",],\n \"unresolved_ids\": [\"b\"]}";
        let mut dropped = read_dropped("m.run.json", text, "d", "t").unwrap();
        assert_eq!(
            dropped.warnings,
            ["m.run.json: line 1: a trailing comma before a closing bracket, read as if absent"]
        );
        let mut elsewhere = dropped.clone();
        dropped.fit(&["a", "b"].into_iter().collect(), &["dropped-m.run"]).unwrap();
        assert_eq!(dropped.run.results.len(), 2);
        assert_eq!(dropped.run.id, "dropped-m.run-2");
        assert_eq!(dropped.run.system.name, "m (2)");
        assert_eq!(dropped.warnings[1], "1 instance is not in d/t and is not counted: x");
        assert!(dropped.warnings[2].contains("already loaded"));
        assert_eq!(
            elsewhere.fit(&["c"].into_iter().collect(), &[]),
            Err("none of its instances is in d/t (the first: `a`), so it was not added".to_string())
        );
    }

    #[test]
    fn a_run_file_is_taken_whole() {
        let mut run = Run::new("mine", "other", "dev", "", "");
        run.results = vec![InstanceResult {
            instance_id: "a".into(),
            resolved: Some(true),
            ..Default::default()
        }];
        let dropped = read_dropped("mine.json", &serde_json::to_string_pretty(&run).unwrap(), "d", "t").unwrap();
        assert_eq!(dropped.run, run);
        // A byte-order mark and a trailing comma are forgiven, as in any other JSON file.
        let with_comma =
            serde_json::to_string_pretty(&run)
                .unwrap()
                .replacen("\"results\": [", "\"results\": [],\n\"x\": [1,],\n\"y\": [", 1);
        let dropped = read_dropped("mine.json", &format!("\u{feff}{with_comma}"), "d", "t").unwrap();
        assert_eq!(dropped.run.results, Vec::new());
        assert_eq!(dropped.warnings.len(), 1, "{:?}", dropped.warnings);
    }

    #[test]
    fn predictions_python_wrote_with_a_nan_are_read() {
        let line = |id: &str, cost: &str| {
            format!("{{\"instance_id\": \"{id}\", \"model_name_or_path\": \"m\", \"model_patch\": \"\", \"cost\": {cost}}}")
        };
        let lines = [line("a", "NaN"), line("b", "0.5"), line("c", "-Infinity")].join("\n");
        let dropped = read_dropped("preds.jsonl", &lines, "d", "t").unwrap();
        assert_eq!(dropped.run.results.len(), 3);
        let array = format!("[{}]", [line("a", "NaN"), line("b", "Infinity")].join(",\n"));
        let dropped = read_dropped("preds.json", &array, "d", "t").unwrap();
        assert_eq!(dropped.run.results.len(), 2);
        assert!(dropped.warnings.iter().all(|w| !w.contains("comma")), "{:?}", dropped.warnings);
    }

    #[test]
    fn a_broken_run_file_is_named_with_the_line_of_its_fault() {
        let text = "{\n  \"id\": \"r\",\n  \"system\": {\"name\": \"m\"},\n  \"results\": [{\"instance_id\": 7}]\n}";
        let error = read_dropped("r.json", text, "d", "t").unwrap_err();
        assert!(error.starts_with("r.json: not a Benchscope run file: "), "{error}");
        assert!(error.contains("line 4"), "{error}");
    }
}
