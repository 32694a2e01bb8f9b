//! `benchscope grade`: test logs into verdicts, one log per instance.
//!
//! The instance of a log is its file name (`<id>.log`, `instance_<id>.log`, or the directory of
//! a harness tree's `test_output.txt`), else the first instance id of the dataset the log
//! mentions.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use benchscope_contract::wording::plural;
use benchscope_contract::{Instance, InstanceResult, Run};

use crate::grading::{failure_mode, grade, missing_tests};
use crate::logs::{format_for, stated_format, Harness, LogOf};
use crate::run_store::NewRun;
use crate::stated_parser::{stated_parser, StatedParser, StatedParsers};

/// How many missing tests a warning names per instance.
const MISSING_NAMED: usize = 3;

/// What `grade` needs.
#[derive(Debug, Clone)]
pub struct GradePlan {
    /// Log files or directories of them.
    pub logs: Vec<PathBuf>,
    /// The data directory with the exported dataset.
    pub data: crate::data_dir::DataDir,
    /// Dataset name.
    pub dataset: String,
    /// Split name.
    pub split: Option<String>,
    /// The run's id.
    pub run: String,
}

/// Grades every log; returns the run to store and warnings.
pub fn grade_logs(plan: &GradePlan) -> anyhow::Result<(NewRun, Vec<String>)> {
    let (split, instances) = plan.data.instances(&plan.dataset, plan.split.as_deref())?;
    let mut files = Vec::new();
    for path in &plan.logs {
        collect_files(path, &mut files).with_context(|| format!("cannot read {}", path.display()))?;
    }
    if files.is_empty() {
        bail!(
            "no log files found in {}",
            plan.logs.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
        );
    }
    let mut warnings = Vec::new();
    let mut graded: BTreeMap<String, (Graded, String)> = BTreeMap::new();
    for file in files {
        let bytes = crate::input::compressed::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
        let log = crate::logs::log_text(&bytes);
        let Some(instance) = instance_of(&file, &log, &instances) else {
            warnings.push(format!(
                "{}: no instance of {}/{split} in its name or text; skipped",
                file.display(),
                plan.dataset
            ));
            continue;
        };
        if graded.contains_key(&instance.id) {
            warnings.push(format!(
                "{}: a second log for {}; the first one is kept",
                file.display(),
                instance.id
            ));
            continue;
        }
        graded.insert(instance.id.clone(), (grade_one(instance, &log), log));
    }
    let mut harnesses: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut fail_only = 0;
    let mut stated = StatedParsers::default();
    for (id, (one, _)) in &graded {
        *harnesses.entry(one.harness.describe()).or_default() += 1;
        stated.count(one.stated_parser.as_ref());
        fail_only += usize::from(one.result.fail_only);
        // A fail-only log names failures alone: a listed test it does not name is expected.
        let missing = missing_tests(&one.result);
        if !missing.is_empty() && !one.result.fail_only {
            warnings.push(missing_warning(id, &missing));
        }
    }
    let logs: Vec<_> = plan.logs.iter().map(|p| p.display().to_string()).collect();
    let mut notes: Vec<String> = harnesses
        .iter()
        .map(|(rules, n)| format!("{} graded as {rules}", plural(*n, "log")))
        .collect();
    if fail_only > 0 {
        notes.push(format!(
            "{} graded fail-only, as the harness grades their repositories: their logs name failures alone, so a listed test a log does not name passes",
            plural(fail_only, "log")
        ));
    }
    notes.extend(stated.note());
    warnings.extend(stated.warning());
    let mut new_run = NewRun::new(Run {
        notes,
        ..Run::new(
            &plan.run,
            &plan.dataset,
            split,
            &plan.run,
            format!("benchscope grade {}", logs.join(" ")),
        )
    });
    for (id, (one, log)) in graded {
        new_run.logs.insert(id, log);
        new_run.run.results.push(one.result);
    }
    Ok((new_run, warnings))
}

/// One instance's log, graded.
pub struct Graded {
    /// The verdict, per-test statuses and failure mode.
    pub result: InstanceResult,
    /// The harness generation whose rules applied.
    pub harness: Harness,
    /// The parser the instance's record names for its harness, if any, and whether it was read by it.
    pub stated_parser: Option<StatedParser>,
}

/// Grades one instance's log with the parser its record names, else the one the harness maps
/// its repository to, under the rules of the harness generation that wrote the log.
pub fn grade_one(instance: &Instance, log: &str) -> Graded {
    let stated = stated_parser(instance);
    let of = LogOf {
        repo: Some(&instance.repo),
        instance_id: Some(&instance.id),
        version: instance.facets.get("version").map(String::as_str),
        stated_parser: stated.as_deref(),
    };
    let format = format_for(of, log);
    let stated_parser = stated.as_ref().map(|name| StatedParser {
        name: name.clone(),
        read: stated_format(of).is_some(),
    });
    let report = format.report(log).for_repo(&instance.repo);
    let lists = instance.tests.clone().unwrap_or_default();
    let mut result = InstanceResult {
        instance_id: instance.id.clone(),
        ..grade(&lists, &report)
    };
    result.failure_mode = failure_mode(&result, &report, format, log);
    Graded {
        result,
        harness: report.harness,
        stated_parser,
    }
}

/// "id: 3 listed tests are not in the log (a, b, c, ...)".
fn missing_warning(id: &str, missing: &[&str]) -> String {
    let named: Vec<&str> = missing.iter().take(MISSING_NAMED).copied().collect();
    let more = if missing.len() > MISSING_NAMED { ", ..." } else { "" };
    let tests = if missing.len() == 1 { "listed test is" } else { "listed tests are" };
    format!("{id}: {} {tests} not in the log ({}{more})", missing.len(), named.join(", "))
}

/// `.log` or `.txt`, compressed or not.
fn is_log_name(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    let name = crate::input::compressed::plain_name(&name);
    name.ends_with(".log") || name.ends_with(".txt")
}

/// `path` if it is a file, else the logs below the folder (links followed, each folder once).
fn collect_files(path: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_file() {
        files.push(path.to_path_buf());
        return Ok(());
    }
    std::fs::read_dir(path)?;
    files.extend(crate::input::files_below(path).into_iter().filter(|file| is_log_name(file)));
    Ok(())
}

/// The instance a log is for: its file name (`<id>.log`, `instance_<id>.log`, the pre-docker
/// harness's `<id>.<model>.eval.log`), its folder (`<id>/test_output.txt`), the pre-docker
/// harness's `Instance ID: <id>` line, else the first id the log's head names as a whole word.
fn instance_of<'a>(file: &Path, log: &str, instances: &'a BTreeMap<String, Instance>) -> Option<&'a Instance> {
    let name = file.file_name()?.to_string_lossy();
    let name = crate::input::compressed::plain_name(&name);
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    // Made absolute so that a log given by its bare name (`test_output.txt`, in its folder) has one.
    let file = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
    let parent = file
        .parent()
        .and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let before_dot = name.split('.').next().unwrap_or_default().to_string();
    let candidates = [
        stem.to_string(),
        stem.trim_start_matches("instance_").to_string(),
        before_dot,
        parent,
    ];
    if let Some(found) = candidates.iter().find_map(|c| instances.get(c)) {
        return Some(found);
    }
    let head: String = log.chars().take(20_000).collect();
    let stated = head
        .lines()
        .find_map(|l| l.trim_start_matches(['\t', ' ', '-']).strip_prefix("Instance ID: "));
    stated
        .and_then(|id| instances.get(id.trim()))
        .or_else(|| instances.values().find(|i| mentions_word(&head, &i.id)))
}

/// Whether `text` names `id` as a whole word (`django__django-1109` is not in `...-11099`).
fn mentions_word(text: &str, id: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '-');
    text.match_indices(id).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + id.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}
