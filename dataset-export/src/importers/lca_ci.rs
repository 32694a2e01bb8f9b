//! Long Code Arena's CI builds repair benchmark (`lca-baselines`' `CIFixBenchmark`): it pushes each
//! task's fixed repository to GitHub and asks for its CI run. Its `out_folder` keeps, per model,
//! `jobs_ids_<model>.jsonl` (the jobs pushed: `repo_name`, `commit`, `id`, `sha_original`,
//! `branch_name` = `<user>__<model>__id_<id>`, `difficulty`), `jobs_results_<model>.jsonl` (those
//! whose CI finished, with its `url` and `conclusion`), `jobs_awaiting_<model>.jsonl` (still
//! running when it stopped asking) and `jobs_invalid_<model>.jsonl` (whose CI run it could not
//! read). The results file is a run of its own; the folder is one run per model, the invalid
//! jobs counted as harness errors, the awaiting ones and those only pushed kept without a
//! verdict. Its published
//! score, the success share of the results, is the run's headline.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use benchscope_contract::{failure_mode, InstanceResult};
use serde_json::Value;

use super::leaderboard::slug;
use super::{name_of, new_run, stem_of, ImportPlan, Imported, RunSource, Source, DEFAULT_SPLIT};
use crate::run_store::NewRun;

/// The dataset CI builds repair's runs join unless `--dataset` says otherwise.
pub const DATASET: &str = "lca-ci-builds";

/// What each of the benchmark's files holds, by the start of its name.
const RESULTS: &str = "jobs_results";
const AWAITING: &str = "jobs_awaiting";
const INVALID: &str = "jobs_invalid";
const PUSHED: &str = "jobs_ids";

/// Whether a record is one of the benchmark's jobs (a result, or a job without one yet).
pub fn is_job(record: &Value) -> bool {
    record.get("sha_original").is_some() && record.get("branch_name").is_some() && record.get("id").is_some()
}

/// Whether a record is a job's result.
pub fn is_result(record: &Value) -> bool {
    record.get("conclusion").is_some() && record.get("sha_original").is_some()
}

/// The benchmark's `out_folder`: one run per model with results.
pub struct LcaCiFolder;

impl RunSource for LcaCiFolder {
    fn name(&self) -> &'static str {
        "Long Code Arena CI builds repair folder"
    }

    fn detect(&self, source: &Source) -> bool {
        !results_files(source).is_empty()
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let (dataset, split) = (plan.dataset_or(DATASET), plan.split_or(DEFAULT_SPLIT));
        let mut runs = Vec::new();
        for results in results_files(source) {
            let rows = |kind: &str| -> anyhow::Result<Vec<Value>> {
                let path = sibling(&results, kind);
                match path.is_file() {
                    true => Source::open(&path)?.line_records(),
                    false => Ok(Vec::new()),
                }
            };
            let mut new = ci_jobs(&results, &rows(RESULTS)?, &dataset, &split, &source.label());
            let mut notes = Vec::new();
            let (invalid, awaiting, pushed) = (rows(INVALID)?, rows(AWAITING)?, rows(PUSHED)?);
            let unfinished = Unfinished {
                invalid: &invalid,
                awaiting: &awaiting,
                pushed: &pushed,
            };
            add_unfinished(&mut new, unfinished, &mut notes);
            new.run.notes.extend(notes.iter().cloned());
            runs.push((new, notes));
        }
        Ok(runs)
    }
}

/// A model's jobs that have no result, by the file that lists them.
struct Unfinished<'a> {
    invalid: &'a [Value],
    awaiting: &'a [Value],
    pushed: &'a [Value],
}

/// The results files of a folder (`jobs_results.jsonl`, `jobs_results_<model>.jsonl`) whose
/// first record is a job's result.
fn results_files(source: &Source) -> Vec<PathBuf> {
    source
        .files_named(|name| name.starts_with(RESULTS) && name.ends_with(".jsonl"))
        .into_iter()
        .filter(|path| Source::open(path).is_ok_and(|file| file.first_line_record().is_some_and(|r| is_result(&r))))
        .collect()
}

/// The file of another kind written beside `results` for the same model:
/// `jobs_results_gpt.jsonl` → `jobs_invalid_gpt.jsonl`.
fn sibling(results: &Path, kind: &str) -> PathBuf {
    let name = name_of(results);
    results.with_file_name(format!("{kind}{}", &name[RESULTS.len()..]))
}

/// CI builds repair's job results: each job's rerun `conclusion` is the task's verdict (pass@1).
pub fn ci_jobs(path: &Path, rows: &[Value], dataset: &str, split: &str, source: &str) -> NewRun {
    let results: Vec<InstanceResult> = rows
        .iter()
        .filter_map(|row| {
            let conclusion = row.get("conclusion").and_then(Value::as_str)?;
            Some(InstanceResult {
                instance_id: job_id(row)?,
                resolved: Some(conclusion == "success"),
                failure_mode: (conclusion != "success").then(|| format!("job {conclusion}")),
                ..Default::default()
            })
        })
        .collect();
    let passed = results.iter().filter(|r| r.resolved == Some(true)).count();
    let name = model_of(rows).unwrap_or_else(|| model_of_file(path));
    let mut run = new_run(format!("ci.{}", slug(&name)), name, dataset, split, source);
    if !results.is_empty() {
        run.headline
            .insert("pass_at_1_percent".to_string(), passed as f64 * 100.0 / results.len() as f64);
    }
    run.results = results;
    NewRun::new(run)
}

/// The jobs whose CI run could not be read (a harness error), had not finished (no verdict yet)
/// or was never asked about (pushed, in no other file: no verdict either), each where no result
/// judges it.
fn add_unfinished(new: &mut NewRun, unfinished: Unfinished, notes: &mut Vec<String>) {
    let judged: BTreeSet<String> = new.run.results.iter().map(|r| r.instance_id.clone()).collect();
    let mut added = BTreeMap::new();
    for row in unfinished.invalid {
        let Some(id) = job_id(row).filter(|id| !judged.contains(id)) else {
            continue;
        };
        added.insert(
            id.clone(),
            InstanceResult {
                instance_id: id,
                resolved: Some(false),
                error: Some("the benchmark could not read the job's CI run (jobs_invalid)".into()),
                failure_mode: Some(failure_mode::HARNESS_ERROR.into()),
                ..Default::default()
            },
        );
    }
    let invalid_count = added.len();
    if invalid_count > 0 {
        notes.push(format!(
            "{} whose CI run the benchmark could not read (jobs_invalid) counted unresolved as harness errors; \
             the published score leaves them out",
            benchscope_contract::wording::plural(invalid_count, "job")
        ));
    }
    let without_verdict = [
        (
            unfinished.awaiting,
            "still running when the benchmark stopped asking (jobs_awaiting)",
        ),
        (unfinished.pushed, "pushed and never asked about (only in jobs_ids)"),
    ];
    for (rows, why) in without_verdict {
        let before = added.len();
        for id in rows.iter().filter_map(job_id).filter(|id| !judged.contains(id)) {
            added.entry(id.clone()).or_insert(InstanceResult {
                instance_id: id,
                ..Default::default()
            });
        }
        if added.len() > before {
            notes.push(format!(
                "{} {why} kept without a verdict",
                benchscope_contract::wording::plural(added.len() - before, "job")
            ));
        }
    }
    new.run.results.extend(added.into_values());
    new.run.results.sort_by(|a, b| a.instance_id.cmp(&b.instance_id));
}

/// A job's task: its `id`, a number or text.
fn job_id(row: &Value) -> Option<String> {
    let id = row.get("id")?;
    id.as_u64().map(|n| n.to_string()).or_else(|| id.as_str().map(str::to_string))
}

/// The model every job's branch names (`<user>__<model>__id_<id>`), when they agree.
fn model_of(rows: &[Value]) -> Option<String> {
    let models: BTreeSet<&str> = rows
        .iter()
        .filter_map(|row| {
            let branch = row.get("branch_name")?.as_str()?;
            let (rest, _) = branch.rsplit_once("__id_")?;
            Some(rest.split_once("__")?.1)
        })
        .collect();
    match models.into_iter().collect::<Vec<_>>().as_slice() {
        [model] if !model.is_empty() => Some(model.to_string()),
        _ => None,
    }
}

/// The model a results file's name gives (`jobs_results_gpt-4o.jsonl`), else its name.
fn model_of_file(path: &Path) -> String {
    let stem = stem_of(path).unwrap_or_else(|| "jobs".into());
    match stem.strip_prefix(RESULTS).and_then(|rest| rest.strip_prefix('_')) {
        Some(model) if !model.is_empty() => model.to_string(),
        _ => stem,
    }
}

/// Why a file of jobs without results (`jobs_ids`, `jobs_awaiting`, `jobs_invalid`) is not a
/// run by itself, naming the results file or folder that reads it.
pub fn unfinished_jobs_hint(source: &Source) -> Option<String> {
    let first = source.first_line_record()?;
    if !is_job(&first) || is_result(&first) {
        return None;
    }
    let name = name_of(source.path());
    let what = [
        (PUSHED, "the jobs it pushed"),
        (AWAITING, "the jobs still running when it stopped asking"),
        (INVALID, "the jobs whose CI run it could not read"),
    ]
    .iter()
    .find(|(kind, _)| name.starts_with(kind))
    .map_or("its jobs", |(_, what)| what);
    let folder = source
        .path()
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    Some(format!(
        "; Long Code Arena's CI builds repair benchmark wrote it: it lists {what}, without their CI runs' conclusions: \
         `benchscope import {}` reads them with the results beside them (`jobs_results*.jsonl`)",
        folder.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn job(id: u64, branch: &str) -> Value {
        json!({"repo_name": "r", "commit": "c", "id": id, "sha_original": "s", "branch_name": branch, "difficulty": 1})
    }

    #[test]
    fn the_model_is_the_one_every_branch_names() {
        let rows = [job(1, "test_user__diff__id_1"), job(2, "test_user__diff__id_2")];
        assert_eq!(model_of(&rows).as_deref(), Some("diff"));
        let mixed = [job(1, "u__a__id_1"), job(2, "u__b__id_2")];
        assert_eq!(model_of(&mixed), None);
        assert_eq!(model_of_file(Path::new("out/jobs_results_gpt-4o.jsonl")), "gpt-4o");
        assert_eq!(model_of_file(Path::new("out/jobs_results.jsonl")), "jobs_results");
    }

    #[test]
    fn siblings_share_the_model_suffix() {
        assert_eq!(
            sibling(Path::new("o/jobs_results_m.jsonl"), INVALID),
            Path::new("o/jobs_invalid_m.jsonl")
        );
        assert_eq!(
            sibling(Path::new("o/jobs_results.jsonl"), AWAITING),
            Path::new("o/jobs_awaiting.jsonl")
        );
    }

    #[test]
    fn unfinished_jobs_join_unless_a_result_judges_them() {
        let mut result = job(1, "u__m__id_1");
        result["conclusion"] = json!("success");
        let mut new = ci_jobs(Path::new("jobs_results.jsonl"), &[result], DATASET, "test", "x");
        let mut notes = Vec::new();
        let pushed: Vec<Value> = (1..=4).map(|id| job(id, &format!("u__m__id_{id}"))).collect();
        let unfinished = Unfinished {
            invalid: &[job(1, "u__m__id_1"), job(2, "u__m__id_2")],
            awaiting: &[job(3, "u__m__id_3")],
            pushed: &pushed,
        };
        add_unfinished(&mut new, unfinished, &mut notes);
        let verdicts: Vec<(&str, Option<bool>, Option<&str>)> = new
            .run
            .results
            .iter()
            .map(|r| (r.instance_id.as_str(), r.resolved, r.failure_mode.as_deref()))
            .collect();
        assert_eq!(
            verdicts,
            [
                ("1", Some(true), None),
                ("2", Some(false), Some("harness_error")),
                ("3", None, None),
                ("4", None, None)
            ]
        );
        assert_eq!(new.run.headline["pass_at_1_percent"], 100.0, "the published share: results only");
        assert_eq!(notes.len(), 3, "{notes:?}");
        assert!(notes[2].starts_with("1 job pushed and never asked about"), "{notes:?}");
    }
}
