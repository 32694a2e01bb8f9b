//! `benchscope eval`: run a prediction's tests for real, then grade them.
//!
//! For each prediction: a fresh clone of the instance's repository at `base_commit` (SWE-smith's
//! with its bug patch applied), the model patch and then the test patch applied with `git apply`
//! (paths leaving the checkout refused), the instance's tests run with a timeout in a sandbox
//! (`sandbox.rs`) by the command given, else the one the instance's record states
//! (`stated_command.rs`), else pytest; the log parsed and graded with the same rules as imported
//! logs. Instances run in parallel on a bounded number of workers.

mod sandbox;
mod stated_command;
mod workspace;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{bail, Context};
use benchscope_contract::{failure_mode, Instance, InstanceResult, PatchRole, Run, TestLists};

use crate::grade_logs::grade_one;
use crate::grading::is_file_level;
use crate::predictions::{read_predictions, Prediction};
use crate::progress::Progress;
use crate::run_store::NewRun;
use stated_command::stated_command;

pub use sandbox::network_isolation_available;
pub use workspace::unsafe_paths;

/// What `eval` needs, checked before any test runs.
#[derive(Debug, Clone)]
pub struct EvalPlan {
    /// The data directory with the exported dataset.
    pub data: crate::data_dir::DataDir,
    /// Dataset name.
    pub dataset: String,
    /// Split name (default: the dataset's only split, or `test`).
    pub split: Option<String>,
    /// The predictions file.
    pub predictions: PathBuf,
    /// Where the local clones of the repositories are.
    pub repos: PathBuf,
    /// The run's id.
    pub run: String,
    /// Parallel workers.
    pub workers: usize,
    /// Per-instance test timeout.
    pub timeout: Duration,
    /// The test command, `{tests}` standing for the test files; default pytest.
    pub test_command: Option<String>,
    /// Show a progress bar on a terminal.
    pub progress: bool,
}

/// The default test command: pytest with its full short summary, no cache.
pub const DEFAULT_TEST_COMMAND: &str = "python3 -m pytest -rA -p no:cacheprovider {tests}";

/// Evaluates every prediction; returns the run to store and warnings.
pub fn evaluate(plan: &EvalPlan) -> anyhow::Result<(NewRun, Vec<String>)> {
    let (split, instances) = plan.data.instances(&plan.dataset, plan.split.as_deref())?;
    let mut predictions = read_predictions(&plan.predictions)?;
    let outside: Vec<String> = predictions
        .iter()
        .map(|p| p.instance_id.clone())
        .filter(|id| !instances.contains_key(id))
        .collect();
    predictions.retain(|p| instances.contains_key(&p.instance_id));
    if predictions.is_empty() {
        bail!(
            "{}: no prediction names an instance of {}/{split}",
            plan.predictions.display(),
            plan.dataset
        );
    }
    if plan.test_command.is_none() {
        refuse_other_languages(&predictions, &instances)?;
    }
    let no_network = network_isolation_available();
    let mut warnings = crate::predictions::patch_warnings(&predictions);
    warnings.extend(benchscope_contract::prediction::mixed_models_warning(&predictions));
    if !outside.is_empty() {
        warnings.push(benchscope_contract::coverage::outside_message(&outside, &plan.dataset, &split));
    }
    if !no_network {
        warnings.push("unshare -rn is not available here: the tests ran with network access".to_string());
    }
    let jobs: Vec<(&Prediction, &Instance)> = predictions.iter().map(|p| (p, &instances[&p.instance_id])).collect();
    let outcomes = run_parallel(plan, &jobs, no_network);
    let model = predictions.iter().find_map(|p| p.model.clone());
    let name = model.clone().unwrap_or_else(|| plan.run.clone());
    let mut notes = vec![format!(
        "evaluated locally: fresh work tree per instance, {} s timeout, network {}",
        plan.timeout.as_secs(),
        if no_network { "off" } else { "on" }
    )];
    notes.extend(stated_commands_note(plan, &jobs));
    let mut new_run = NewRun::new(Run {
        date: Some(today()),
        notes,
        ..Run::new(
            &plan.run,
            &plan.dataset,
            split,
            name,
            format!("benchscope eval {}", plan.predictions.display()),
        )
    });
    new_run.run.system.model = model;
    for ((prediction, _), (result, log)) in jobs.iter().zip(outcomes) {
        if let Some(patch) = &prediction.patch {
            new_run.patches.insert(prediction.instance_id.clone(), patch.clone());
        }
        if let Some(log) = log {
            new_run.logs.insert(prediction.instance_id.clone(), log);
        }
        new_run.run.results.push(result);
    }
    new_run.run.results.sort_by(|a, b| a.instance_id.cmp(&b.instance_id));
    Ok((new_run, warnings))
}

/// Refuses to run pytest, the default command, on instances of a repository in another language
/// (SWE-bench Multilingual's, Multimodal's, a row stating one) whose record states no command:
/// pytest cannot run their tests.
fn refuse_other_languages(predictions: &[Prediction], instances: &BTreeMap<String, Instance>) -> anyhow::Result<()> {
    let other = predictions.iter().find_map(|p| {
        let instance = &instances[&p.instance_id];
        let language = other_language(instance)?;
        stated_command(instance, false).is_none().then_some((instance, language))
    });
    match other {
        Some((instance, language)) => bail!(
            "{} is an instance of {}, a {language} repository, whose tests pytest (eval's default) does not run: \
             give the command that does with --test-command, {{tests}} standing for the listed tests' files",
            instance.id,
            instance.repo
        ),
        None => Ok(()),
    }
}

/// The language of an instance that is not Python: the one its row states (SWE-bench Pro's,
/// SWE-rebench V2's, Multi-SWE-bench's), else the one the harness groups its repository under.
fn other_language(instance: &Instance) -> Option<&str> {
    let language = match instance.facets.get("language") {
        Some(stated) => stated.as_str(),
        None => crate::logs::language_of(&instance.repo)?,
    };
    let python = ["python", "python3", "py"].iter().any(|p| language.trim().eq_ignore_ascii_case(p));
    (!python).then_some(language)
}

/// The run's note on the instances run by the command their record states, when no command was
/// given.
fn stated_commands_note(plan: &EvalPlan, jobs: &[(&Prediction, &Instance)]) -> Option<String> {
    if plan.test_command.is_some() {
        return None;
    }
    let stated = jobs.iter().filter(|(_, instance)| command_of(plan, instance).1).count();
    (stated > 0).then(|| {
        format!(
            "{} run by the test command {} record states",
            benchscope_contract::wording::plural(stated, "instance"),
            benchscope_contract::wording::agreeing(stated, "its", "their")
        )
    })
}

/// The command to run `instance`'s tests by, `{tests}` standing for their files: the one given,
/// else the one its record states, else pytest; and whether it is the record's.
fn command_of(plan: &EvalPlan, instance: &Instance) -> (String, bool) {
    if let Some(given) = &plan.test_command {
        return (given.clone(), false);
    }
    match stated_command(instance, other_language(instance).is_none()) {
        Some(stated) => (stated, true),
        None => (DEFAULT_TEST_COMMAND.to_string(), false),
    }
}

/// An instance's result and its test log.
type Outcome = (InstanceResult, Option<String>);

fn run_parallel(plan: &EvalPlan, jobs: &[(&Prediction, &Instance)], no_network: bool) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; jobs.len()]);
    let progress = Progress::with_length(plan.progress, jobs.len() as u64, "instances");
    std::thread::scope(|scope| {
        for _ in 0..plan.workers.clamp(1, jobs.len().max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some((prediction, instance)) = jobs.get(i) else { break };
                let outcome = evaluate_one(plan, prediction, instance, no_network);
                if let Ok(mut results) = results.lock() {
                    results[i] = Some(outcome);
                }
                progress.tick();
            });
        }
    });
    progress.finish();
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.unwrap_or_default())
        .collect()
}

/// One prediction on one instance: the result and the log (when tests ran or patching failed).
fn evaluate_one(plan: &EvalPlan, prediction: &Prediction, instance: &Instance, no_network: bool) -> Outcome {
    let mut result = InstanceResult {
        instance_id: instance.id.clone(),
        ..InstanceResult::default()
    };
    let Some(patch) = prediction.patch.as_deref() else {
        result.resolved = Some(false);
        result.empty_patch = true;
        result.failure_mode = Some(failure_mode::EMPTY_PATCH.into());
        return (result, None);
    };
    match run_tests(plan, patch, instance, no_network) {
        Ok(Tested::PatchFailed(message)) => {
            result.resolved = Some(false);
            result.patch_applied = Some(false);
            result.failure_mode = Some(failure_mode::PATCH_FAILED.into());
            result.error = Some(message.clone());
            (result, Some(message))
        }
        Ok(Tested::Ran { log, timed_out }) => {
            result = InstanceResult {
                patch_applied: Some(true),
                ..grade_one(instance, &log).result
            };
            if timed_out && result.resolved == Some(false) {
                result.failure_mode = Some(failure_mode::TIMEOUT.into());
            }
            (result, Some(log))
        }
        Err(error) => {
            result.error = Some(format!("{error:#}"));
            result.failure_mode = Some(failure_mode::HARNESS_ERROR.into());
            (result, Some(format!("[benchscope] evaluation error: {error:#}\n")))
        }
    }
}

enum Tested {
    PatchFailed(String),
    Ran { log: String, timed_out: bool },
}

fn run_tests(plan: &EvalPlan, patch: &str, instance: &Instance, no_network: bool) -> anyhow::Result<Tested> {
    let repository = crate::repos::find_repository(&plan.repos, &instance.repo)
        .with_context(|| format!("no clone of {} under {}", instance.repo, plan.repos.display()))?;
    let commit = instance
        .base_commit
        .as_deref()
        .or_else(|| crate::formats::swe_smith::mirror_commit(&instance.repo))
        .context("the instance has no base_commit")?;
    let lists = instance
        .tests
        .clone()
        .context("the instance has no FAIL_TO_PASS/PASS_TO_PASS lists")?;
    let tmp = tempfile::Builder::new().prefix("benchscope-eval-").tempdir()?;
    let work = tmp.path().join("work");
    workspace::checkout(&repository, commit, &work).map_err(anyhow::Error::msg)?;
    // SWE-smith's task is its repository with the bug patch applied.
    if let Some(bug) = instance.patch(PatchRole::Bug) {
        workspace::apply(&work, &bug.diff).map_err(|m| anyhow::anyhow!("the bug patch did not apply: {m}"))?;
    }
    if let Err(message) = workspace::apply(&work, patch) {
        return Ok(Tested::PatchFailed(format!(
            "[benchscope] the model patch did not apply: {message}\n"
        )));
    }
    if let Some(test_patch) = instance.patch(PatchRole::Test).filter(|p| !p.diff.trim().is_empty()) {
        workspace::apply(&work, &test_patch.diff).map_err(|m| anyhow::anyhow!("the test patch did not apply: {m}"))?;
    }
    let command = command_of(plan, instance).0.replace("{tests}", &test_files(&lists).join(" "));
    let outcome = sandbox::run(&work, &command, plan.timeout, no_network)?;
    let log = format!(
        "[benchscope] $ {command}\n{}[benchscope] exit code: {:?}\n",
        outcome.log, outcome.exit_code
    );
    Ok(Tested::Ran {
        log,
        timed_out: outcome.timed_out,
    })
}

/// The test files to run: the files of the listed tests, shell-quoted.
fn test_files(lists: &TestLists) -> Vec<String> {
    let file_level = is_file_level(lists);
    let files: BTreeSet<&str> = lists
        .fail_to_pass
        .iter()
        .chain(&lists.pass_to_pass)
        .map(|t| {
            if file_level {
                t.as_str()
            } else {
                t.split("::").next().unwrap_or(t)
            }
        })
        .collect();
    files.into_iter().map(|f| format!("'{}'", f.replace('\'', "'\\''"))).collect()
}

/// Today's date, `YYYY-MM-DD` (UTC).
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    let (year, month, day) = benchscope_contract::dates::civil(days);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_files_are_unique_and_quoted() {
        let lists = TestLists {
            fail_to_pass: vec!["t/a.py::x[1 2]".into(), "t/a.py::y".into()],
            pass_to_pass: vec!["t/b's.py::z".into()],
        };
        assert_eq!(test_files(&lists), ["'t/a.py'", "'t/b'\\''s.py'"]);
    }

    #[test]
    fn today_is_a_date() {
        let today = today();
        assert_eq!(today.len(), 10);
        assert!(today.starts_with("20"));
    }
}
