//! Agent trajectories (a folder of `*.traj` / `*.traj.json`, one such file, OpenHands'
//! `output.jsonl`, an Inspect log, `.eval` or JSON, Claude Code's, Codex's, Gemini CLI's and
//! Qwen Code's transcripts, or the traces a submission publishes in `trajs/` in any text) as a run: each
//! trajectory's submission is the instance's model patch (where it holds none, the predictions
//! beside the trajectories give it), and where the harness's report sits beside the trajectories
//! (`logs/<id>/report.json`, as mini-swe-agent's and SWE-agent's runs publish it, bare or keyed
//! by the instance id; OpenHands' `eval_outputs/<id>/`; Moatless Tools' `<id>/eval_result.json`)
//! it gives the verdict; where none does, the verdicts OpenHands' evaluation recorded
//! ([`openhands_eval`]), then the lists of the submission's `results/results.json` do. The
//! instances predicted, graded or listed without a trajectory are the run's too.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use benchscope_contract::prediction::Prediction;
use benchscope_contract::{failure_mode, InstanceResult};
use serde_json::Value;

use super::experiments::{submission_predictions, submission_verdicts, SubmissionVerdicts};
use super::harness::result_from_report;
use super::harness_logs::{read_metadata, read_repr_log};
use super::leaderboard::slug;
use super::moatless_eval;
use super::openhands_eval;
use super::r2e_gym_tests;
use super::{name_of, new_run, run_folder, submission_metadata, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::run_store::{NewRun, StatedDataset};
use crate::trajectories::inspect::is_json_log;
use crate::trajectories::r2e_gym::R2eGym;
use crate::trajectories::TrajectoryFormat;
use crate::trajectories::{
    gemini, holds_submission, is_trajectory_file, is_trajectory_record, moatless, opencode, openhands, published_text, stream,
    stream_published, trae_agent, transcripts,
};
use crate::trajectory_spool::TrajectorySpool;

/// The format.
pub struct Trajectories;

impl RunSource for Trajectories {
    fn name(&self) -> &'static str {
        "agent trajectories"
    }

    fn detect(&self, source: &Source) -> bool {
        if source.is_file() {
            // Known by its name, or (OpenHands' `output.jsonl`) by its first record's skeleton:
            // either way, without reading a file that may be a hundred megabytes.
            return is_trajectory_file(&name_of(source.path()))
                || first_record_is_trajectory(source.path())
                || transcripts::is_transcript_file(source.path())
                || published_text::is_trace_file(source.path());
        }
        !trajectory_files(source).is_empty()
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let files = if source.is_file() {
            vec![source.path().to_path_buf()]
        } else {
            trajectory_files(source)
        };
        let root = if source.is_file() {
            source.path().parent().unwrap_or(Path::new(".")).to_path_buf()
        } else {
            source.path().to_path_buf()
        };
        // A file in its instance's own folder (`<run>/<instance>/trajectory.json`): the folder
        // names the instance, the one above it the run.
        let file = source.path().canonicalize().unwrap_or_else(|_| source.path().to_path_buf());
        let folder = match (source.is_file() && names_its_instance(&file), file.parent().and_then(Path::parent)) {
            (true, Some(above)) => run_folder(above),
            _ => run_folder(&root),
        };
        // An OpenHands run folder is named as its `metadata.json` names the agent and model.
        let metadata = read_metadata(&root);
        let name = metadata.run_name().unwrap_or_else(|| name_of(&folder));
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        // The run's id is known before the trajectories are read: their files name it.
        let id = plan.run.clone().unwrap_or_else(|| slug(&name.replace(['(', ')'], "")));
        let mut new = NewRun::new(new_run(id.clone(), name, &dataset, &split, &source.label()));
        new.stated_dataset = metadata.dataset.clone().map(|name| StatedDataset {
            name,
            stated_in: "metadata.json",
        });
        let mut spool = TrajectorySpool::new(&id, plan.spool_in.as_deref())?;
        let mut warnings = Vec::new();
        for file in &files {
            if let Err(error) = stream_published(file, &mut spool) {
                warnings.push(format!("{error:#}; skipped from there"));
            }
        }
        warnings.extend(spool.take_warnings());
        // The submission's verdicts, in the folder above `trajs/` or beside the trajectories, for
        // the instances no report beside them judges.
        let folders = [Some(root.as_path()), root.parent()].into_iter().flatten();
        let listed = submission_verdicts(folders.clone(), "the trajectories are imported without its verdicts", &mut warnings);
        // The predictions beside them give the patch of each instance whose trajectory holds
        // none (an agent's transcript never does).
        let predicted: BTreeMap<String, Prediction> =
            submission_predictions(folders, "the trajectories are imported without its patches", &mut warnings)
                .into_iter()
                .map(|prediction| (prediction.instance_id.clone(), prediction))
                .collect();
        let mut judges = Judges {
            root: &root,
            eval_logs: openhands_eval_logs(&root),
            recorded: openhands_verdicts(&files, &root, &mut warnings),
            listed,
            logs: BTreeMap::new(),
        };
        // The runs of the tests that gave R2E-Gym's rewards, which its tests are read from.
        let mut rewarding_logs = BTreeMap::new();
        for (id, trajectory) in spool.trajectories() {
            let prediction = predicted.get(id);
            // The predictions given, else the patch beside the trajectory.
            let beside = prediction.is_none().then(|| patch_beside(&root, id)).flatten();
            let patch = trajectory
                .submission
                .clone()
                .or_else(|| prediction.and_then(|p| p.patch.clone()))
                .or_else(|| beside.clone());
            // Without its prediction, the patch of a trajectory that holds none is unknown, not empty.
            let known = prediction.is_some() || beside.is_some() || holds_submission(&trajectory.format);
            let empty = patch.is_none() && known;
            let judged = judges.judge(id, patch.as_deref()).or_else(|| {
                let rewarded = trajectory.reward.map(|reward| rewarded(id, reward, empty));
                // The run of the tests that gave the reward is the instance's log.
                if let Some(log) = trajectory.test_log.clone().filter(|_| rewarded.is_some()) {
                    rewarding_logs.insert(id.clone(), log);
                }
                rewarded
            });
            let mut result = judged.unwrap_or_else(|| InstanceResult {
                instance_id: id.clone(),
                ..InstanceResult::default()
            });
            result.empty_patch = empty;
            if let Some(patch) = patch {
                new.patches.insert(id.clone(), patch);
            }
            new.run.results.push(result);
        }
        // The instances judged that no trajectory is kept for are the run's too: those predicted
        // (with their patches), then those OpenHands graded, then those the lists name.
        for (id, prediction) in predicted.iter().filter(|(id, _)| !spool.trajectories().contains_key(*id)) {
            if let Some(result) = judges.judge(id, prediction.patch.as_deref()) {
                new.patches.extend(prediction.patch.clone().map(|patch| (id.clone(), patch)));
                new.run.results.push(result);
            }
        }
        new.logs.extend(std::mem::take(&mut judges.logs));
        r2e_gym_tests::read_tests(plan, &mut new.run.results, &rewarding_logs);
        new.logs.extend(rewarding_logs);
        new.run.results.extend(judges.untaken());
        new.run.results.sort_by(|a, b| a.instance_id.cmp(&b.instance_id));
        let (made_by, mixed) = spool.made_by();
        new.run.system.scaffold = made_by.agent;
        new.run.system.model = made_by.model;
        warnings.extend(mixed);
        // A submission's folder says more of its run than its files do: its `metadata.yaml`,
        // and the date its name starts with.
        submission_metadata::describe(&folder, &mut new.run, &mut warnings);
        new.run.date = new.run.date.take().or(metadata.date).or_else(|| spool.first_day());
        new.trajectories = Some(spool);
        new.run.notes.extend(warnings.iter().cloned());
        Ok(vec![(new, warnings)])
    }
}

/// What judges the instances of the trajectories: the harness's report (or log) beside them,
/// else the verdict OpenHands' evaluation recorded (in its lines, or in the graded file beside
/// them), else the submission's lists. The reward a trajectory records comes after all of them.
struct Judges<'a> {
    root: &'a Path,
    /// The folders of logs OpenHands' evaluation wrote in `root` (`*.swebench_eval.logs`).
    eval_logs: Vec<PathBuf>,
    recorded: BTreeMap<String, InstanceResult>,
    listed: SubmissionVerdicts,
    /// The test logs beside the reports that judged, by instance.
    logs: BTreeMap<String, String>,
}

impl Judges<'_> {
    /// The verdict on `id`, whose `patch` is known or not; each source's is taken, so that what
    /// is left is what judged no instance read.
    fn judge(&mut self, id: &str, patch: Option<&str>) -> Option<InstanceResult> {
        let listed = self.listed.take(id, patch.is_some_and(|p| !p.trim().is_empty()));
        let recorded = self.recorded.remove(id);
        let beside = harness_verdict_beside(self.root, &self.eval_logs, id).or_else(|| moatless_eval::verdict_beside(self.root, id));
        match beside {
            Some((result, log)) => {
                self.logs.extend(log.map(|log| (id.to_string(), log)));
                Some(result)
            }
            None => recorded.or(listed),
        }
    }

    /// The verdicts no instance took: those OpenHands graded, then those the lists name.
    fn untaken(self) -> Vec<InstanceResult> {
        let mut listed = self.listed.listed;
        let mut untaken = Vec::new();
        for (id, result) in self.recorded {
            listed.remove(&id);
            untaken.push(result);
        }
        untaken.extend(listed.into_values());
        untaken
    }
}

/// Whether the trajectory file at `path` sits in a folder named after the instance its name
/// gives (a Harbor trial's, Moatless Tools' and Trae Agent's `<instance>/…`).
fn names_its_instance(path: &Path) -> bool {
    let folder = path.parent().map(name_of).unwrap_or_default();
    !folder.is_empty() && folder == crate::trajectories::instance_of_file(path)
}

/// A folder's trajectory files: known by their names, or Inspect JSON logs, whose names are
/// Inspect's own (`<time>_<task>_<id>.json`), Gemini CLI's chat files, Trae Agent's trajectories
/// and OpenCode's exports, R2E-Gym's records, and agents' transcripts (Claude Code, Codex, Gemini
/// CLI, Qwen Code, Cursor CLI, OpenCode), JSON Lines of any name or a JSON array of their events:
/// all known by how they begin; and the traces published in a `trajs/` folder, whatever their
/// text.
fn trajectory_files(source: &Source) -> Vec<PathBuf> {
    let lines = |n: &str| {
        [".jsonl", ".ndjson"]
            .iter()
            .any(|suffix| crate::input::compressed::plain_name(n).ends_with(suffix))
    };
    source
        .files_named(|_| true)
        .into_iter()
        .filter(|p| {
            let name = name_of(p);
            is_trajectory_file(&name)
                || openhands::conversation::is_conversation(p)
                || published_text::is_trace_file(p)
                || (name.ends_with(".json")
                    && head_of(p).is_some_and(|head| {
                        begins_as_inspect_log(&head)
                            || gemini::session::begins_as_chat(&head)
                            || trae_agent::is_trajectory(p, &head)
                            || opencode::export::begins_as_export(&head)
                            || moatless::begins_as_trajectory(&head)
                            || moatless::nodes::begins_as_trajectory(&head)
                            || openhands::saved::begins_as_saved(&head)
                    }))
                || ((lines(&name) || name.ends_with(".json")) && transcripts::is_session_transcript_file(p))
                || (lines(&name) && holds_trajectory_records(p))
        })
        .collect()
}

/// Whether a JSON file whose first kilobytes are `head` begins as an Inspect log: its `eval`
/// header (the run's id and when it was created).
fn begins_as_inspect_log(head: &str) -> bool {
    head.trim_start().starts_with('{') && ["\"eval\"", "\"run_id\"", "\"created\""].iter().all(|key| head.contains(key))
}

/// The first kilobytes of the file at `path` as text, which tell a JSON log or a chat file
/// without reading a file that may run to hundreds of megabytes.
fn head_of(path: &Path) -> Option<String> {
    use std::io::Read;
    let mut head = Vec::with_capacity(4096);
    crate::input::compressed::open(path).ok()?.take(4096).read_to_end(&mut head).ok()?;
    Some(String::from_utf8_lossy(&head).into_owned())
}

/// Whether the file at `path` starts with an OpenHands record (`history` and an instance) or an
/// R2E-Gym record, or is an Inspect JSON log.
fn first_record_is_trajectory(path: &Path) -> bool {
    first_record(path).is_some_and(|r| (is_trajectory_record(&r) && r.get("history").is_some()) || R2eGym.detect(&r) || is_json_log(&r))
}

/// Whether the JSON Lines file at `path` holds records of trajectories: R2E-Gym's, or OpenHands'
/// output (an instance's `history` a line; not the graded file its evaluation writes beside it,
/// whose `history` is null).
fn holds_trajectory_records(path: &Path) -> bool {
    first_record(path).is_some_and(|r| R2eGym.detect(&r) || openhands::OpenHands.detect(&r))
}

/// The skeleton of the first JSON record of the file at `path`, where it starts with one.
fn first_record(path: &Path) -> Option<Value> {
    stream::first_skeleton(crate::input::compressed::open(path).ok()?)
}

/// The verdict of a trajectory that records the reward its agent's own run of the tests gave it
/// (R2E-Gym's): resolved on a full reward, the reward kept as a metric; short of it, failed for
/// its `empty` patch, else for no reason the trajectory gives.
fn rewarded(id: &str, reward: f64, empty: bool) -> InstanceResult {
    let resolved = reward >= 1.0;
    let failure = match (resolved, empty) {
        (true, _) => None,
        (false, true) => Some(failure_mode::EMPTY_PATCH),
        (false, false) => Some(failure_mode::UNRESOLVED),
    };
    InstanceResult {
        instance_id: id.to_string(),
        resolved: Some(resolved),
        failure_mode: failure.map(str::to_string),
        metrics: BTreeMap::from([("reward".to_string(), reward)]),
        ..InstanceResult::default()
    }
}

/// The patch an agent wrote beside instance `id`'s trajectory (Trae Agent's evaluation:
/// `<root>/<id>/<id>.patch`), read as text.
fn patch_beside(root: &Path, id: &str) -> Option<String> {
    let name = format!("{id}.patch");
    [root.join(id).join(&name), root.join(&name)]
        .iter()
        .find(|path| path.is_file())
        .and_then(|path| std::fs::read(path).ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
}

/// The harness's verdict on instance `id` beside the trajectories, with its test log: its
/// `report.json` in `<root>/logs/<id>/` (or in the folder above `trajs/`), in OpenHands'
/// `<root>/eval_outputs/<id>/`, or in the instance's own folder, `<root>/<id>/` (Trae Agent's
/// evaluation copies it there), unwrapped from its instance-id key when it has one; else the log
/// OpenHands' evaluation wrote for it in one of `eval_logs`
/// (`output.swebench_eval.logs/instance_<id>.log`), which prints the report as a Python dict.
fn harness_verdict_beside(root: &Path, eval_logs: &[PathBuf], id: &str) -> Option<(InstanceResult, Option<String>)> {
    let candidates: Vec<PathBuf> = [Some(root), root.parent()]
        .into_iter()
        .flatten()
        .map(|dir| dir.join("logs").join(id))
        .chain([root.join("eval_outputs").join(id), root.join(id)])
        .collect();
    let Some(dir) = candidates.into_iter().find(|d| d.join("report.json").is_file()) else {
        return openhands_log_verdict(eval_logs, id);
    };
    let report: Value = crate::input::from_json_bytes(&std::fs::read(dir.join("report.json")).ok()?).ok()?;
    let report = match report.get(id) {
        Some(inner) if inner.get("tests_status").is_some() || inner.get("resolved").is_some() => inner.clone(),
        _ => report,
    };
    let log = std::fs::read(dir.join("test_output.txt")).ok().map(|b| crate::logs::log_text(&b));
    Some((result_from_report(id, &report, log.as_deref()).0, log))
}

/// The folders of logs OpenHands' evaluation wrote in `root`, found once for all its instances.
fn openhands_eval_logs(root: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(root) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|dir| dir.is_dir() && name_of(dir).ends_with(".swebench_eval.logs"))
        .collect()
}

/// The verdict in the log OpenHands' evaluation wrote for instance `id` in one of the
/// `eval_logs` folders: its report, else its last line's verdict.
fn openhands_log_verdict(eval_logs: &[PathBuf], id: &str) -> Option<(InstanceResult, Option<String>)> {
    let log_name = format!("instance_{id}.log");
    let path = eval_logs.iter().map(|dir| dir.join(&log_name)).find(|path| path.is_file())?;
    let text = crate::logs::log_text(&std::fs::read(path).ok()?);
    let read = read_repr_log(&text).ok()?;
    let mut result = match (&read.report, read.resolved) {
        (Some(report), _) => result_from_report(id, report, Some(&text)).0,
        (None, Some(resolved)) => InstanceResult {
            instance_id: id.to_string(),
            resolved: Some(resolved),
            ..InstanceResult::default()
        },
        (None, None) => return None,
    };
    result.resolved = read.resolved.or(result.resolved);
    Some((result, Some(text)))
}

/// The verdicts OpenHands' evaluation recorded: in the graded files in `root`
/// (`output.swebench_eval.jsonl`), and copied into the lines of the OpenHands output among
/// `files` (each line's `report`), which take precedence.
fn openhands_verdicts(files: &[PathBuf], root: &Path, warnings: &mut Vec<String>) -> BTreeMap<String, InstanceResult> {
    let mut verdicts = BTreeMap::new();
    for graded in openhands_eval::graded_files_in(root) {
        match openhands_eval::read_graded(&graded) {
            Ok(read) => {
                warnings.extend(read.warnings);
                verdicts.extend(read.verdicts);
            }
            Err(error) => warnings.push(format!("{error:#}; its verdicts are not read")),
        }
    }
    // Read again only where the first line was graded: the file may run to gigabytes.
    let graded_output = |r: &Value| openhands::OpenHands.detect(r) && r.get("report").is_some_and(Value::is_object);
    for output in files.iter().filter(|file| first_record(file).is_some_and(|r| graded_output(&r))) {
        verdicts.extend(openhands_eval::verdicts_in_output(output));
    }
    verdicts
}
