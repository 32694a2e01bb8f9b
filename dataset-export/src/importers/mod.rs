//! `benchscope import`: harness and leaderboard outputs into runs. A source format is one type
//! implementing [`RunSource`], registered in [`SOURCES`]; a new format is one module and one
//! line there.
//!
//! | source | reads |
//! |---|---|
//! | a directory with `eval_outputs/<id>/attempt-<n>/report.json` | FeatureBench `fb eval` outputs, one run per attempt |
//! | a directory of SWE-Dev sample files with `Generate_code` | SWE-Dev model outputs (patches; verdicts where evaluated) |
//! | a directory of trials' `result.json` (`task_name`, `trial_name`) | a Harbor job: one run per agent and model (and attempt), verdicts from the rewards, ATIF trajectories and test output beside them |
//! | a directory of `*.traj` / `*.traj.json` (or one) | agent trajectories (SWE-agent, mini-swe-agent): one run, verdicts from `logs/<id>/report.json` beside them (Moatless Tools': its `<id>/eval_result.json`) |
//! | a directory with `report.json` files | the SWE-bench harness tree, one run per `<run_id>/<model>` (or per submission: the experiments repository's `<submission>/logs/<id>/`, OpenHands' `eval_outputs/<id>/`) |
//! | a directory with `*.log` files holding `report: {...}` | older harness logs (Python dict reports), with `*.md` summary |
//! | Long Code Arena CI builds repair's `out_folder` (`jobs_results*.jsonl` beside `jobs_invalid*` and `jobs_awaiting*`) | one run per model: the results' verdicts, invalid jobs as harness errors, awaiting ones without a verdict |
//! | a folder of Long Code Arena results (the baselines' folder per benchmark) | each benchmark's results as its runs: the generations and scores below, CI builds repair's `out_folder` above |
//! | JSONL of Long Code Arena results | library-based code generation's generations, CI builds repair's jobs, module summarization's scores |
//! | a JSON object with `leaderboards` | swebench.com / FEA-Bench site boards, one run per entry |
//! | a JSON object of `{model: {instance_id: {resolved, cost, ...}}}` | swebench.com's `info_for_leaderboard.json`, one run per model |
//! | a JSON list of `{agent, model, passed, resolved}` | a FeatureBench leaderboard (its file name is the split) |
//! | a folder holding such lists (the website's `leaderboard/data/`) | each board, its file name the split; the page's other files named and passed over |
//! | a JSON object with `llm_table` / `mas_table` | SWE-Dev's leaderboard tables |
//! | OpenHands' `output.swebench_eval.jsonl` (`test_result.report`, no `history`) | one run: the verdicts its evaluation wrote, with the patches |
//! | OpenHands' `output.jsonl` of attempts (`attempt`, `status`, `resolved`, `test_result`, `cost`), or a folder holding it | one run: each instance's best attempt, its patch and cost |
//! | SWE-bench Pro's evaluation folder (`eval_results.json`, `infra_errors.json`, `<id>/<prefix>_output.json`), or its `eval_results.json` alone (instance id → resolved) | one run: verdicts, with each instance's patch, tests and log |
//! | `<model>.<run_id>.json` or sb-cli's `<subset>__<split>__<run_id>.json` with `resolved_ids`, or a folder of them | a SWE-bench run summary (id lists) each |
//! | `results/results.json` with `resolved` lists, or a submission folder holding one | the experiments repository's layout: the lists, with `all_preds.jsonl`'s patches and `metadata.yaml`'s names |
//! | a harness `report.json` (instance id → report) | one instance's or a run's reports |
//! | rows of `{instance_id, resolved}` (JSON, JSONL, CSV, or a summary's `instances`) | a table of verdicts, one run |
//! | rows of `{instance_id, messages}` or `{instance_id, trajectory}` (JSONL, JSON, Parquet: SWE-smith's, nebius' and SWE-Gym's trajectories) | agent trajectories, one run per model, verdicts from `resolved` or `target` |
//! | JSONL / JSON of `{instance_id, model_patch}` | SWE-bench predictions (patches, no verdicts yet) |
//! | a folder of `<instance>.json` / `.pred` files, each one prediction | the predictions of one run (aider's, SWE-agent's) |
//!
//! A file none of them recognizes (no record with `model_patch`, say) is refused by name.

pub mod experiments;
pub mod featurebench_eval;
pub mod harbor;
pub mod harness;
pub mod harness_logs;
pub mod lca;
pub mod lca_ci;
pub mod lca_folder;
pub mod leaderboard;
pub mod live_board;
pub mod moatless_eval;
pub mod multi_swe_bench;
pub mod openhands_eval;
pub mod openhands_output;
pub mod polybench;
pub mod predictions;
pub mod r2e_gym_tests;
mod refusal_hints;
pub mod run_summary;
pub mod site_details;
pub mod source;
pub mod split_lists;
pub mod submission_metadata;
pub mod swe_bench_pro;
pub mod swe_dev;
pub mod swe_dev_page;
pub mod trajectories;
pub mod trajectory_rows;
pub mod verdict_table;

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use benchscope_contract::Run;
use serde_json::Value;

use crate::run_store::NewRun;
pub use source::Source;

/// Runs read from a source, each with its warnings (the consistency findings among them).
pub type Imported = Vec<(NewRun, Vec<String>)>;

/// One format of run source: how it is recognized and read.
pub trait RunSource: Sync {
    /// A short name, for messages.
    fn name(&self) -> &'static str;
    /// Whether `source` is one of this format's.
    fn detect(&self, source: &Source) -> bool;
    /// The runs it holds.
    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported>;
}

/// Every source format, in the order they are tried (the first that recognizes a source reads
/// it; predictions take any file left that has `model_patch`).
pub const SOURCES: &[&dyn RunSource] = &[
    &featurebench_eval::FeatureBenchEval,
    // Before the folders of logs and trajectories: its instances' folders hold `_stdout.log`s.
    &swe_bench_pro::SweBenchProEval,
    &swe_dev::SweDevOutputs,
    &harbor::HarborJob,
    &trajectories::Trajectories,
    // Before the table of verdicts, whose `instance_id` and `resolved` its rows also have.
    &trajectory_rows::TrajectoryRows,
    &multi_swe_bench::EvalWorkdir,
    &harness::HarnessTree,
    &harness_logs::ReprLogs,
    &lca::LcaResults,
    // Before CI builds repair's folder, which would read its jobs and pass the generations over.
    &lca_folder::LcaResultsFolder,
    &lca_ci::LcaCiFolder,
    &leaderboard::SwebenchSite,
    &site_details::SiteDetails,
    &leaderboard::FeatureBenchBoard,
    &leaderboard::FeatureBenchBoardFolder,
    &leaderboard::SweDevTables,
    &swe_dev_page::SweDevPage,
    &live_board::LiveBoard,
    &polybench::PolyBenchResults,
    &polybench::PolyBenchSummary,
    &openhands_output::OpenHandsOutput,
    &openhands_eval::OpenHandsEval,
    &run_summary::RunSummaryFile,
    &run_summary::RunSummaryFolder,
    &experiments::ExperimentsResults,
    &harness::ReportFile,
    &verdict_table::VerdictTable,
    &predictions::PredictionsFolder,
    &predictions::Predictions,
];

/// What `import` needs.
#[derive(Debug, Clone)]
pub struct ImportPlan {
    /// Files or directories to import.
    pub sources: Vec<PathBuf>,
    /// Dataset the runs belong to (default: named by the source, else `swe-bench`).
    pub dataset: Option<String>,
    /// Split (default `test`, or the source's).
    pub split: Option<String>,
    /// Run id, for a source that holds one run.
    pub run: Option<String>,
    /// Where files read from large sources (trajectories) are spooled until the run is stored:
    /// the folder the data directory is in, so that storing them is a rename (the system's
    /// temporary folder when `None`).
    pub spool_in: Option<PathBuf>,
    /// The data directory the runs join: its exported splits give the test lists a source's
    /// verdicts are read against (Multi-SWE-bench's reports).
    pub data: Option<PathBuf>,
}

impl ImportPlan {
    /// `--dataset`, else the source format's own default.
    pub fn dataset_or(&self, default: &str) -> String {
        self.dataset.clone().unwrap_or_else(|| default.to_string())
    }

    /// `--split`, else the source format's own default.
    pub fn split_or(&self, default: &str) -> String {
        self.split.clone().unwrap_or_else(|| default.to_string())
    }
}

/// The folder `path` is in (`.` for a bare name).
pub fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The dataset of runs whose source names none, when `--dataset` does not either.
pub const DEFAULT_DATASET: &str = "swe-bench";

/// The split of runs whose source names none, when `--split` does not either.
pub const DEFAULT_SPLIT: &str = "test";

/// Every run in the sources, with warnings.
pub fn import(plan: &ImportPlan) -> anyhow::Result<Imported> {
    let mut runs = Vec::new();
    for path in &plan.sources {
        let mut found = read_source(path, plan).with_context(|| format!("importing {}", path.display()))?;
        if found.is_empty() {
            bail!(
                "{}: nothing to import (no reports, logs, leaderboard entries or predictions found)",
                path.display()
            );
        }
        if let (Some(id), [only]) = (&plan.run, found.as_mut_slice()) {
            only.0.run.id = id.clone();
            // A name a file's name gave (Multi-SWE-bench's `final_report`, `preds`) says less
            // than the one the reader chose. A folder's is kept: an experiments submission is
            // named by its folder.
            if path.is_file() && named_by_file(&only.0.run.system.name, path) {
                only.0.run.system.name = id.clone();
            }
        }
        if let Some((new, warnings)) = found.iter().find(|(new, _)| read_nothing(new)) {
            bail!(
                "{}: nothing of run `{}` could be read (no results, no published figures){}",
                path.display(),
                new.run.id,
                warnings.first().map(|w| format!(": {w}")).unwrap_or_default()
            );
        }
        runs.extend(found);
    }
    Ok(runs)
}

/// A run with no result and no figure of its own: its source's files could not be read (a
/// trajectory cut short, say), and stored it would rank as a run that resolved nothing.
fn read_nothing(new: &NewRun) -> bool {
    new.run.results.is_empty() && new.run.headline.is_empty()
}

/// The name of the run source format that reads `path`, if one does: what `export` tells a
/// reader who gave it runs to export.
pub fn run_source_of(path: &Path) -> Option<&'static str> {
    let source = Source::open(path).ok()?;
    // A file that is not valid JSON is taken by predictions only so that its fault is reported.
    if source.json_fault().is_err() {
        return None;
    }
    format_of(&source).map(|f| f.name())
}

/// Whether a file is empty: no text but blanks, or an empty JSON array or object.
fn holds_nothing(source: &Source) -> bool {
    match source.json() {
        Some(Value::Array(items)) => items.is_empty(),
        Some(Value::Object(fields)) => fields.is_empty(),
        Some(_) => false,
        None => source.text().trim_start_matches('\u{feff}').trim().is_empty(),
    }
}

/// The first source format that recognizes `source`.
fn format_of(source: &Source) -> Option<&'static dyn RunSource> {
    SOURCES.iter().copied().find(|f| f.detect(source))
}

fn read_source(path: &Path, plan: &ImportPlan) -> anyhow::Result<Imported> {
    let source = Source::open(path)?;
    let Some(format) = format_of(&source) else {
        if let Some(note) = source.is_file().then(|| crate::input::archive_or_utf16_note(path)).flatten() {
            bail!("{}: {note}", path.display());
        }
        if source.is_file() && holds_nothing(&source) {
            bail!("{}: holds no records (it is empty): nothing to import from it", path.display());
        }
        if source.is_file() {
            bail!(
                "{}: not a format `import` reads (a harness report or log, a run summary, a leaderboard, \
                 a trajectory, or predictions with `model_patch`){}",
                path.display(),
                refusal_hints::for_file(path, &source)
            );
        }
        bail!(
            "{}: not a folder `import` reads (harness `report.json` files or logs, trajectories, SWE-Dev samples, \
             `fb eval` outputs, or JSON files that are all run summaries){}",
            path.display(),
            refusal_hints::for_folder(path)
        );
    };
    let mut runs = format.read(&source, plan)?;
    for warning in source.forgiven_commas() {
        for (_, warnings) in &mut runs {
            warnings.push(warning.clone());
        }
    }
    Ok(runs)
}

/// A file's JSON document, when it can be read and is one.
pub(super) fn read_json(path: &Path) -> Option<Value> {
    crate::input::from_json_bytes(&crate::input::compressed::read(path).ok()?).ok()
}

pub(super) fn new_run(id: String, name: String, dataset: &str, split: &str, source: &str) -> Run {
    Run::new(id, dataset, split, name, source)
}

pub(super) fn files_named(dir: &Path, wanted: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    crate::input::files_below(dir)
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| wanted(&n.to_string_lossy())))
        .collect()
}

/// The name on disk of the run's folder (see [`run_folder`]) for `path`, a folder or a file in
/// one (a relative path's `.` named too): what names a run whose files' own names say nothing
/// of it.
pub(super) fn folder_name(path: &Path) -> String {
    name_of(&run_folder(path))
}

/// Names of folders that say what they hold, not whose run it is (`…/20251118_gemini-3-pro/trajs`).
const HOLDER_NAMES: [&str; 10] = [
    "trajs",
    "trajectories",
    "eval_logs",
    "evaluation_logs",
    "logs",
    "work",
    "workdir",
    "output",
    "outputs",
    "results",
];

/// The folder a run's files at `path` (a folder, or a file in one) belong to: that folder, or
/// the one above it when its name only says what it holds ([`HOLDER_NAMES`]); canonical where it
/// can be, so that `.` has a name.
pub(super) fn run_folder(path: &Path) -> PathBuf {
    let folder = if path.is_dir() { path.to_path_buf() } else { folder_of(path) };
    let folder = folder.canonicalize().unwrap_or(folder);
    let holder = HOLDER_NAMES.iter().any(|n| name_of(&folder).eq_ignore_ascii_case(n));
    match folder.parent() {
        Some(parent) if holder && !name_of(parent).is_empty() => parent.to_path_buf(),
        _ => folder,
    }
}

/// The first three of `names`, and how many more.
pub(super) fn first_few(names: &[&str]) -> String {
    let shown = names.iter().take(3).copied().collect::<Vec<_>>().join(", ");
    match names.len() {
        0..=3 => shown,
        n => format!("{shown} and {} more", n - 3),
    }
}

/// The strings of the list under `key` (non-strings and a missing key give nothing).
pub(super) fn strings(value: &Value, key: &str) -> Vec<String> {
    value
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

/// Whether `name` is just `path`'s file name, with or without its extension.
fn named_by_file(name: &str, path: &Path) -> bool {
    name == name_of(path) || stem_of(path).is_some_and(|stem| name == stem)
}

/// [`name_of`] less its extension (`a.json.gz` → `a`), or the whole name when it has none;
/// `None` for a path with no name.
pub(super) fn stem_of(path: &Path) -> Option<String> {
    let name = name_of(path);
    let stem = match name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem.to_string(),
        _ => name,
    };
    (!stem.is_empty()).then_some(stem)
}

/// `path`'s file name, less a compression suffix (`a.json.gz` names a run as `a.json` does).
pub(super) fn name_of(path: &Path) -> String {
    let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    crate::input::compressed::plain_name(&name).to_string()
}
