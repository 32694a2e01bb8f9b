//! Harbor's job folders: a trial per folder, `<job>/<trial>/result.json` (`task_name`,
//! `trial_name`, `config.agent {name, model_name}`, `agent_result {n_input_tokens,
//! n_output_tokens, cost_usd}`, `verifier_result {rewards {reward}}`, `exception_info
//! {exception_type, exception_message}`, `started_at`), with the agent's ATIF trajectory at
//! `<trial>/agent/trajectory.json` (or, where Harbor wrote none, the agent's own transcript
//! under `<trial>/agent/`) and the verifier's test output at `<trial>/verifier/test-stdout.txt`.
//!
//! A trial is resolved when its reward is full (1; the reward, full or partial, is kept as the
//! `reward` metric), and unresolved when it has none: Harbor's own mean counts a trial that raised as 0.
//! One run per agent and model, and per attempt where a task was tried more than once (its
//! trials in the order they started). The job's own `result.json` (`stats.evals`: each trial's
//! reward or exception, by trial name) is checked against the trials, and any difference said.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use benchscope_contract::trajectory::TimeSpan;
use benchscope_contract::{failure_mode, InstanceResult};
use serde_json::Value;

use super::leaderboard::slug;
use super::{first_few, name_of, new_run, read_json, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::input::files_below_where;
use crate::run_store::NewRun;
use crate::trajectories::stream_file;
use crate::trajectories::transcripts::{start_of_file, stream_transcript_of, taken_back};
use crate::trajectory_spool::TrajectorySpool;
use anyhow::Context;

/// The format.
pub struct HarborJob;

impl RunSource for HarborJob {
    fn name(&self) -> &'static str {
        "Harbor job"
    }

    fn detect(&self, source: &Source) -> bool {
        // A few files settle it: a job's trials are all alike, and its own summary is one more
        // `result.json`.
        trial_results(source)
            .iter()
            .take(DETECT_SAMPLE)
            .any(|path| read_json(path).is_some_and(|r| is_trial_result(&r)))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let mut warnings = Vec::new();
        let mut trials = Vec::new();
        let mut summaries = Vec::new();
        for path in trial_results(source) {
            match read_json(&path) {
                Some(result) if is_trial_result(&result) => trials.push(Trial::of(&path, &result)),
                // The job's own summary, beside the job's configuration.
                Some(result) if result.get("n_total_trials").is_some() => summaries.push(result),
                _ => warnings.push(format!(
                    "{}: not a trial's result (not JSON, or no task_name and trial_name); skipped",
                    path.display()
                )),
            }
        }
        warnings.extend(summary_check(&trials, &summaries));
        let job = name_of(source.path());
        let groups = attempts(trials);
        let retried: Vec<System> = groups.keys().filter(|(_, n)| *n > 1).map(|(system, _)| system.clone()).collect();
        // `--run` names the run when there is one; several keep their own names.
        let one = groups.len() == 1;
        groups
            .into_iter()
            .map(|((system, attempt), trials)| {
                let attempt = retried.contains(&system).then_some(attempt);
                let id = plan.run.clone().filter(|_| one);
                let mut run = run_of(&job, &system, attempt, id, trials, plan, &source.label())?;
                run.1.extend(warnings.iter().cloned());
                run.0.run.notes.extend(warnings.iter().cloned());
                Ok(run)
            })
            .collect()
    }
}

/// How many `result.json` files detection reads at most.
const DETECT_SAMPLE: usize = 8;

/// The `result.json` files in the source: its trials' (the job's own summary is one too, told
/// apart by its content).
fn trial_results(source: &Source) -> Vec<PathBuf> {
    source.files_named(|n| n == "result.json")
}

fn is_trial_result(result: &Value) -> bool {
    ["task_name", "trial_name"]
        .iter()
        .all(|key| result.get(key).and_then(Value::as_str).is_some_and(|name| !name.trim().is_empty()))
}

/// The agent and model a trial ran.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct System {
    agent: String,
    model: Option<String>,
}

/// One trial: who ran it, when it started, its verdict, the verifier's test output, and its
/// folder.
struct Trial {
    name: String,
    system: System,
    started: String,
    result: InstanceResult,
    test_output: Option<String>,
    dir: PathBuf,
}

impl Trial {
    fn of(path: &Path, result: &Value) -> Self {
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        let text = |pointer: &str| result.pointer(pointer).and_then(Value::as_str).map(str::to_string);
        let system = System {
            agent: text("/config/agent/name")
                .or_else(|| text("/agent_info/name"))
                .unwrap_or_else(|| "agent".into()),
            model: text("/config/agent/model_name").or_else(|| text("/agent_info/model_info/name")),
        };
        let task = text("/task_name").unwrap_or_default();
        let test_output = std::fs::read(dir.join("verifier/test-stdout.txt"))
            .ok()
            .map(|b| crate::logs::log_text(&b));
        Trial {
            name: text("/trial_name").unwrap_or_default(),
            system,
            started: text("/started_at").unwrap_or_default(),
            result: verdict(&task, result, test_output.as_deref()),
            test_output,
            dir,
        }
    }
}

/// A trial's result: resolved on a full reward, unresolved on a partial one, on none, or on an
/// exception (why it failed: the exception's type, else the tests' output).
fn verdict(task: &str, result: &Value, test_output: Option<&str>) -> InstanceResult {
    let rewards = result.pointer("/verifier_result/rewards").and_then(Value::as_object);
    // The reward named `reward`, else a job's one reward whatever its name.
    let reward = rewards.and_then(|r| match r.get("reward") {
        Some(reward) => Some(reward),
        None if r.len() == 1 => r.values().next(),
        None => None,
    });
    let reward = reward.and_then(Value::as_f64);
    let exception = result.get("exception_info").filter(|e| e.is_object());
    let exception_type = exception.and_then(|e| e.get("exception_type")).and_then(Value::as_str);
    let error = exception.map(|e| {
        let message = e.get("exception_message").and_then(Value::as_str).unwrap_or_default();
        match exception_type {
            Some(kind) if !message.is_empty() => format!("{kind}: {message}"),
            Some(kind) => kind.to_string(),
            None => message.to_string(),
        }
    });
    let resolved = reward.is_some_and(|r| r >= 1.0);
    let failure_mode = (!resolved).then(|| match exception_type {
        Some(kind) => kind.to_string(),
        None => failure_mode::classify(false, None, test_output.and_then(crate::logs::exception_class)),
    });
    let usage = |key: &str| result.pointer(&format!("/agent_result/{key}")).and_then(Value::as_f64);
    // Harbor writes zeros where an agent reports no usage.
    let reported = [usage("n_input_tokens"), usage("n_output_tokens"), usage("cost_usd")]
        .iter()
        .any(|n| n.is_some_and(|n| n > 0.0));
    let reported = |value: Option<f64>| value.filter(|_| reported);
    InstanceResult {
        instance_id: task.to_string(),
        resolved: Some(resolved),
        error,
        failure_mode,
        tokens_in: reported(usage("n_input_tokens")).map(|n| n as u64),
        tokens_out: reported(usage("n_output_tokens")).map(|n| n as u64),
        cost: reported(usage("cost_usd")),
        metrics: reward.map(|r| BTreeMap::from([("reward".to_string(), r)])).unwrap_or_default(),
        ..InstanceResult::default()
    }
}

/// What a job's summary (`stats.evals.*`: `reward_stats.reward` {value: [trial]},
/// `exception_stats` {type: [trial]}) says each trial it names ended with.
#[derive(Debug, PartialEq)]
enum Ended {
    Reward(f64),
    Raised(String),
}

fn summary_outcomes(summary: &Value) -> BTreeMap<String, Ended> {
    let mut ended = BTreeMap::new();
    let evals = summary.pointer("/stats/evals").and_then(Value::as_object).into_iter().flatten();
    for (_, eval) in evals {
        let lists = |pointer: &str| eval.pointer(pointer).and_then(Value::as_object).into_iter().flatten();
        for (value, trials) in lists("/reward_stats/reward") {
            let Ok(reward) = value.parse::<f64>() else { continue };
            for trial in trials.as_array().into_iter().flatten().filter_map(Value::as_str) {
                ended.insert(trial.to_string(), Ended::Reward(reward));
            }
        }
        for (kind, trials) in lists("/exception_stats") {
            for trial in trials.as_array().into_iter().flatten().filter_map(Value::as_str) {
                ended.entry(trial.to_string()).or_insert_with(|| Ended::Raised(kind.clone()));
            }
        }
    }
    ended
}

/// Where the trials read and the job's summaries disagree: trials one names and the other does
/// not, and trials whose reward or exception differ. Nothing where no summary names a trial.
fn summary_check(trials: &[Trial], summaries: &[Value]) -> Vec<String> {
    let stated: BTreeMap<String, Ended> = summaries.iter().flat_map(summary_outcomes).collect();
    if stated.is_empty() {
        return Vec::new();
    }
    let read: BTreeMap<&str, &Trial> = trials.iter().map(|t| (t.name.as_str(), t)).collect();
    let mut warnings = Vec::new();
    let absent: Vec<&str> = stated.keys().map(String::as_str).filter(|name| !read.contains_key(name)).collect();
    if !absent.is_empty() {
        warnings.push(format!(
            "trials the job's summary lists and the folder does not hold ({}): {}",
            absent.len(),
            first_few(&absent)
        ));
    }
    let unlisted: Vec<&str> = read.keys().copied().filter(|name| !stated.contains_key(*name)).collect();
    if !unlisted.is_empty() {
        warnings.push(format!(
            "trials in the folder the job's summary does not list ({}): {}",
            unlisted.len(),
            first_few(&unlisted)
        ));
    }
    for (name, ended) in &stated {
        let Some(trial) = read.get(name.as_str()) else { continue };
        let ours = trial.result.metrics.get("reward").copied();
        let differs = match ended {
            Ended::Reward(reward) => ours.is_none_or(|ours| (ours - reward).abs() > 1e-9),
            Ended::Raised(kind) => !trial.result.error.as_deref().is_some_and(|e| e.starts_with(kind.as_str())),
        };
        if differs {
            let ours = match (&trial.result.error, ours) {
                (_, Some(reward)) => format!("reward {reward}"),
                (Some(error), None) => error.split(':').next().unwrap_or_default().to_string(),
                (None, None) => "no reward".to_string(),
            };
            let theirs = match ended {
                Ended::Reward(reward) => format!("reward {reward}"),
                Ended::Raised(kind) => kind.clone(),
            };
            warnings.push(format!(
                "trial {name}: the job's summary says {theirs}, its result {ours}; the result is kept"
            ));
        }
    }
    warnings
}

/// The trials grouped by system and attempt: a task's `n`th trial (in the order they started)
/// is attempt `n`.
fn attempts(mut trials: Vec<Trial>) -> BTreeMap<(System, usize), Vec<Trial>> {
    trials.sort_by(|a, b| (&a.system, &a.started).cmp(&(&b.system, &b.started)));
    let mut seen: BTreeMap<(System, String), usize> = BTreeMap::new();
    let mut groups: BTreeMap<(System, usize), Vec<Trial>> = BTreeMap::new();
    for trial in trials {
        let count = seen.entry((trial.system.clone(), trial.result.instance_id.clone())).or_default();
        *count += 1;
        groups.entry((trial.system.clone(), *count)).or_default().push(trial);
    }
    groups
}

/// One run of `trials` (named `id`, else after the job and the system), with their trajectories
/// and test outputs.
fn run_of(
    job: &str,
    system: &System,
    attempt: Option<usize>,
    id: Option<String>,
    trials: Vec<Trial>,
    plan: &ImportPlan,
    source: &str,
) -> anyhow::Result<(NewRun, Vec<String>)> {
    let mut parts: Vec<&str> = [Some(system.agent.as_str()), system.model.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    let attempt = attempt.map(|n| format!("attempt {n}"));
    parts.extend(attempt.as_deref());
    let name = parts.join(" · ");
    let id = id.unwrap_or_else(|| slug(&format!("{job}.{}", parts.join("."))));
    let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
    let mut new = NewRun::new(new_run(id.clone(), name, &dataset, &split, source));
    new.run.system.model = system.model.clone();
    new.run.system.scaffold = Some(system.agent.clone());
    new.run.date = first_day(trials.iter().map(|t| t.started.as_str()));
    let mut spool = TrajectorySpool::new(&id, plan.spool_in.as_deref())?;
    let mut warnings = Vec::new();
    for trial in trials {
        if let Err(error) = read_trajectory(&trial, &mut spool) {
            warnings.push(format!("{error:#}; skipped from there"));
        }
        if let Some(log) = trial.test_output {
            new.logs.insert(trial.result.instance_id.clone(), log);
        }
        new.run.results.push(trial.result);
    }
    warnings.extend(spool.take_warnings());
    for (id, trajectory) in spool.trajectories() {
        if let Some(patch) = &trajectory.submission {
            new.patches.insert(id.clone(), patch.clone());
        }
    }
    new.trajectories = Some(spool);
    new.run.notes.extend(warnings.iter().cloned());
    Ok((new, warnings))
}

/// A trial's trajectory: its ATIF `agent/trajectory.json`, or, where Harbor wrote none, the
/// agent's own transcript it kept under `agent/` (Codex's `sessions/…/rollout-….jsonl`, Claude
/// Code's session file), the largest where there are several (a subagent's is its own file).
fn read_trajectory(trial: &Trial, spool: &mut TrajectorySpool) -> anyhow::Result<()> {
    let agent = trial.dir.join("agent");
    let atif = agent.join("trajectory.json");
    if atif.is_file() {
        return stream_file(&atif, spool);
    }
    let sessions = files_below_where(&agent, |_| false, MOST_AGENT_FILES)
        .into_iter()
        .filter_map(|path| Some((start_of_file(&path).filter(|start| !start.subagent)?.agent, path)));
    let Some((agent, path)) = sessions.max_by_key(|(_, path)| std::fs::metadata(path).map_or(0, |m| m.len())) else {
        return Ok(());
    };
    let open = || crate::input::compressed::open(&path).with_context(|| format!("cannot read {}", path.display()));
    let taken_back = taken_back(agent, open()?);
    stream_transcript_of(&trial.result.instance_id, agent, open()?, &path, &taken_back, spool)
}

/// The files under a trial's `agent/` looked at for a transcript.
const MOST_AGENT_FILES: usize = 10_000;

/// The day (UTC) the first of the trials started.
fn first_day<'a>(started: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut span = TimeSpan::default();
    started.for_each(|moment| span.add(moment));
    span.first_day()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_full_reward_resolves_a_partial_one_is_kept_and_an_exception_fails_with_its_type() {
        let full = verdict("t", &json!({"verifier_result": {"rewards": {"reward": 1.0}}}), None);
        assert_eq!((full.resolved, full.failure_mode), (Some(true), None));
        let partial = verdict("t", &json!({"verifier_result": {"rewards": {"reward": 0.8333}}}), None);
        assert_eq!(partial.resolved, Some(false));
        assert_eq!(partial.metrics.get("reward"), Some(&0.8333));
        let named = verdict("t", &json!({"verifier_result": {"rewards": {"accuracy": 1}}}), None);
        assert_eq!(named.resolved, Some(true), "a job's one reward, whatever its name");
        let raised = verdict(
            "t",
            &json!({"verifier_result": null, "exception_info": {"exception_type": "AgentTimeoutError", "exception_message": "took 900 s"}}),
            None,
        );
        assert_eq!(raised.resolved, Some(false));
        assert_eq!(raised.error.as_deref(), Some("AgentTimeoutError: took 900 s"));
        assert_eq!(raised.failure_mode.as_deref(), Some("AgentTimeoutError"));
        let failed = verdict(
            "t",
            &json!({"verifier_result": {"rewards": {"reward": 0.0}}}),
            Some("FAILED tests/test_x.py::test_y - NameError: name 'z' is not defined\n"),
        );
        assert_eq!(failed.failure_mode.as_deref(), Some("NameError"));
    }

    #[test]
    fn the_jobs_summary_is_checked_against_the_trials() {
        let summary = json!({"n_total_trials": 3, "stats": {"evals": {"a__m__d": {
            "reward_stats": {"reward": {"0.0": ["t1__x"], "1.0": ["t2__x", "gone__x"]}},
            "exception_stats": {"AgentTimeoutError": ["t3__x"]}
        }}}});
        let mut trials = vec![
            trial("t1", "m", "1"),
            trial("t2", "m", "2"),
            trial("t3", "m", "3"),
            trial("t4", "m", "4"),
        ];
        for (t, name) in trials.iter_mut().zip(["t1__x", "t2__x", "t3__x", "t4__x"]) {
            t.name = name.into();
        }
        trials[0].result.metrics.insert("reward".into(), 0.0);
        trials[1].result.metrics.insert("reward".into(), 0.5);
        trials[2].result.error = Some("AgentTimeoutError: took 900 s".into());
        assert_eq!(
            summary_check(&trials, &[summary]),
            [
                "trials the job's summary lists and the folder does not hold (1): gone__x",
                "trials in the folder the job's summary does not list (1): t4__x",
                "trial t2__x: the job's summary says reward 1, its result reward 0.5; the result is kept",
            ]
        );
        assert!(summary_check(&trials, &[]).is_empty());
    }

    #[test]
    fn a_trial_result_names_its_task_and_trial() {
        assert!(is_trial_result(&json!({"task_name": "t", "trial_name": "t__AbC12xy"})));
        assert!(!is_trial_result(&json!({"task_name": "", "trial_name": "t__AbC12xy"})));
        assert!(!is_trial_result(&json!({"task_name": 7, "trial_name": "t__AbC12xy"})));
        assert!(!is_trial_result(&json!({"n_total_trials": 5, "stats": {}})));
    }

    #[test]
    fn a_result_of_the_wrong_shapes_is_unresolved_without_an_error() {
        let odd = verdict(
            "t",
            &json!({"verifier_result": "x", "exception_info": 7, "agent_result": [1]}),
            None,
        );
        assert_eq!((odd.resolved, odd.error, odd.tokens_in), (Some(false), None, None));
    }

    #[test]
    fn usage_is_kept_only_where_an_agent_reports_some() {
        let zeros = verdict(
            "t",
            &json!({"agent_result": {"n_input_tokens": 0, "n_output_tokens": 0, "cost_usd": 0.0}}),
            None,
        );
        assert_eq!((zeros.tokens_in, zeros.tokens_out, zeros.cost), (None, None, None));
        let free = verdict(
            "t",
            &json!({"agent_result": {"n_input_tokens": 789477, "n_output_tokens": 3079, "cost_usd": 0.0}}),
            None,
        );
        assert_eq!((free.tokens_in, free.tokens_out, free.cost), (Some(789477), Some(3079), Some(0.0)));
    }

    fn trial(task: &str, model: &str, started: &str) -> Trial {
        Trial {
            name: format!("{task}__{started}"),
            system: System {
                agent: "a".into(),
                model: Some(model.into()),
            },
            started: started.into(),
            result: InstanceResult {
                instance_id: task.into(),
                ..InstanceResult::default()
            },
            test_output: None,
            dir: PathBuf::new(),
        }
    }

    #[test]
    fn a_tasks_trials_are_its_attempts_in_the_order_they_started_per_model() {
        let groups = attempts(vec![
            trial("t1", "m", "2026-02-09T20:20"),
            trial("t1", "m", "2026-02-09T20:10"),
            trial("t2", "m", "2026-02-09T20:15"),
            trial("t1", "n", "2026-02-09T20:30"),
        ]);
        let shape: Vec<(String, usize, Vec<&str>)> = groups
            .iter()
            .map(|((system, n), trials)| {
                let starts = trials.iter().map(|t| &t.started[11..]).collect();
                (system.model.clone().unwrap(), *n, starts)
            })
            .collect();
        assert_eq!(
            shape,
            [
                ("m".into(), 1, vec!["20:10", "20:15"]),
                ("m".into(), 2, vec!["20:20"]),
                ("n".into(), 1, vec!["20:30"])
            ]
        );
    }
}
