//! A hub dataset repository given whole: `benchscope export SWE-bench_Lite/`, the folder
//! `huggingface-cli download --local-dir` or `git clone` left, or the hub cache's snapshot. Its
//! card's configurations say which files are data and which split each is, as the hub's own
//! loader reads them (files a configuration lists without a split are its `train`); a card that
//! lists none leaves the files named as the hub names shards (`data/test-00000-of-00001.parquet`).
//! The cache's repository folder (`datasets--princeton-nlp--SWE-bench_Lite/`) is read as its
//! snapshot of `main`.

use std::path::{Path, PathBuf};

use super::dataset_card::Card;
use super::hub_names::{configuration_dataset, hub_shard_names, repository_of, shard_split_of};

/// One input, with the dataset and split its names give: a file, or a folder of one JSON file
/// per record (Long Code Arena's CI builds, `data/python/*.json`).
#[derive(Debug, PartialEq)]
pub struct NamedInput {
    pub path: PathBuf,
    pub dataset: String,
    pub split: String,
}

/// The split the hub's loader gives files a configuration lists without naming one.
const UNNAMED_SPLIT: &str = "train";

/// More files than this under a folder is not a dataset repository someone downloaded.
const MAX_FILES: usize = 100_000;

/// The inputs of `folder` if it is a hub repository's top folder (see `hub_names`), or the
/// reason it gives none.
pub fn repository_inputs(folder: &Path) -> Option<Result<Vec<NamedInput>, String>> {
    let snapshot = cache_snapshot(folder);
    let folder = snapshot.as_deref().unwrap_or(folder);
    let (repository, card) = repository_of(&std::path::absolute(folder).ok()?)?;
    let files = files_under(folder);
    let mut inputs = card
        .as_ref()
        .map(|card| listed_by_card(card, &repository, folder, &files))
        .unwrap_or_default();
    if inputs.is_empty() {
        inputs = named_as_shards(folder, &files);
    }
    if inputs.is_empty() && read_as_a_folder(&files) {
        return None;
    }
    if inputs.is_empty() {
        return Some(Err(format!(
            "{}: a hub dataset repository, but its card's configurations list no file here, and no file is named as the hub names a split's shards (`data/test-00000-of-00001.parquet`); give its data files as inputs",
            folder.display()
        )));
    }
    Some(Ok(inputs))
}

/// The snapshot a hub cache's repository folder (`datasets--owner--name/`) holds: the one its
/// `refs/main` names, else its only one.
fn cache_snapshot(folder: &Path) -> Option<PathBuf> {
    let name = folder.file_name()?.to_str()?;
    let snapshots = folder.join("snapshots");
    if !name.starts_with("datasets--") || !snapshots.is_dir() {
        return None;
    }
    let main = std::fs::read_to_string(folder.join("refs/main")).ok();
    if let Some(named) = main.map(|commit| snapshots.join(commit.trim())).filter(|p| p.is_dir()) {
        return Some(named);
    }
    let mut all = std::fs::read_dir(&snapshots)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir());
    match (all.next(), all.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// Whether a repository that names no data file is still a folder input (see `directory`):
/// FeatureBench's site, or one JSON file per task at its top.
fn read_as_a_folder(files: &[String]) -> bool {
    files
        .iter()
        .any(|file| file == "data/tasks_index.json" || (!file.contains('/') && file.ends_with(".json")))
}

/// The files each configuration of `card` lists, as inputs of the configuration's dataset.
fn listed_by_card(card: &Card, repository: &str, folder: &Path, files: &[String]) -> Vec<NamedInput> {
    let mut inputs = Vec::new();
    for (configuration, data_files) in card.configurations() {
        let dataset = configuration_dataset(repository.to_string(), &[configuration]);
        for listed in data_files {
            let matched: Vec<&String> = files.iter().filter(|file| glob_matches(&listed.path, file)).collect();
            let split = |file: &Path| {
                listed
                    .split
                    .clone()
                    .or_else(|| shard_split_of(file).map(|(split, _)| split))
                    .unwrap_or_else(|| UNNAMED_SPLIT.to_string())
            };
            if let Some(records) = one_record_per_file(&matched) {
                let path = folder.join(records);
                inputs.push(NamedInput {
                    split: split(&path),
                    path,
                    dataset: dataset.clone(),
                });
                continue;
            }
            for file in matched {
                let path = folder.join(file);
                inputs.push(NamedInput {
                    split: split(&path),
                    path,
                    dataset: dataset.clone(),
                });
            }
        }
    }
    inputs
}

/// The folder of `files` when they are JSON files of one folder, more than one: each is one
/// record (read as a folder input is), not a dataset file.
fn one_record_per_file(files: &[&String]) -> Option<String> {
    let folder = |file: &str| file.rsplit_once('/').map_or(String::new(), |(folder, _)| folder.to_string());
    let first = folder(files.first()?);
    let all_json_in_one = files.iter().all(|file| file.ends_with(".json") && folder(file) == first);
    (files.len() > 1 && all_json_in_one && !first.is_empty()).then_some(first)
}

/// The files named as hub shards, each named as it would be given alone.
fn named_as_shards(folder: &Path, files: &[String]) -> Vec<NamedInput> {
    files
        .iter()
        .map(|file| folder.join(file))
        .filter_map(|path| {
            let (dataset, split) = hub_shard_names(&path)?;
            Some(NamedInput { path, dataset, split })
        })
        .collect()
}

/// Every file under `folder`, `/` between names, in name order; hidden folders and files (`.git`,
/// `.cache`) are passed over.
pub(super) fn files_under(folder: &Path) -> Vec<String> {
    let mut files: Vec<String> = super::folder_files::files_below_where(folder, |name| name.starts_with('.'), MAX_FILES)
        .into_iter()
        .filter_map(|file| {
            let relative = file.strip_prefix(folder).ok()?;
            let names: Vec<String> = relative.iter().map(|name| name.to_string_lossy().into_owned()).collect();
            Some(names.join("/"))
        })
        .collect();
    files.sort();
    files
}

/// Whether the glob `pattern` (the hub's: `*` and `?` within a name, `**` across folders)
/// matches `path`. Matched by a table of which parts match which, so a card's pattern of many
/// stars costs its length times the path's, never a backtracking search.
fn glob_matches(pattern: &str, path: &str) -> bool {
    let globs: Vec<&str> = pattern.trim_start_matches("./").split('/').collect();
    let names: Vec<&str> = path.split('/').collect();
    wildcard_match(
        &globs,
        &names,
        |glob| *glob == "**",
        |glob, name| {
            let (glob, name): (Vec<char>, Vec<char>) = (glob.chars().collect(), name.chars().collect());
            wildcard_match(&glob, &name, |c| *c == '*', |c, n| *c == '?' || c == n)
        },
    )
}

/// Whether `pattern` matches `items`, where an item of `pattern` for which `is_any` holds
/// matches any run of items (none too), and any other matches one item it `matches`.
fn wildcard_match<P, T>(pattern: &[P], items: &[T], is_any: impl Fn(&P) -> bool, matches: impl Fn(&P, &T) -> bool) -> bool {
    // matched[j]: whether the pattern read so far matches the first j items.
    let mut matched = vec![false; items.len() + 1];
    matched[0] = true;
    for part in pattern {
        let mut next = vec![false; items.len() + 1];
        if is_any(part) {
            let mut any = false;
            for j in 0..=items.len() {
                any |= matched[j];
                next[j] = any;
            }
        } else {
            for j in 1..=items.len() {
                next[j] = matched[j - 1] && matches(part, &items[j - 1]);
            }
        }
        matched = next;
    }
    matched[items.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_within_a_name_and_across_folders() {
        assert!(glob_matches("data/test-*", "data/test-00000-of-00001.parquet"));
        assert!(glob_matches("./data/python/*.json", "data/python/3fcfe29.json"));
        assert!(!glob_matches("data/*.json", "data/python/3fcfe29.json"), "`*` stays within a name");
        assert!(glob_matches("**/*.parquet", "py/dev-00000-of-00001.parquet"));
        assert!(glob_matches("**/*.parquet", "top.parquet"));
        assert!(glob_matches("py/dev-?????-of-*", "py/dev-00000-of-00001.parquet"));
        assert!(!glob_matches("py/dev-*", "java/dev-00000-of-00001.parquet"));
        assert!(glob_matches("données/é*", "données/été.jsonl"));
        assert!(glob_matches("**/**/x/*", "a/b/x/y"));
        assert!(!glob_matches("**/x", "x/y"));
    }

    #[test]
    fn a_pattern_of_many_stars_is_matched_without_backtracking() {
        let name = "a".repeat(2_000);
        let pattern = format!("{}b", "*a".repeat(200));
        // A backtracking search would not end here.
        assert!(!glob_matches(&pattern, &name));
        assert!(glob_matches(&format!("{}a", "*a".repeat(200)), &name));
    }

    #[test]
    fn a_repository_of_task_files_is_still_read_as_a_folder() {
        let files = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        assert!(read_as_a_folder(&files(&["README.md", "a-metadata.json"])));
        assert!(read_as_a_folder(&files(&["data/tasks_index.json", "data/x/problem_statement.md"])));
        assert!(!read_as_a_folder(&files(&["README.md", "data/python/a.json"])));
    }

    #[test]
    fn json_files_of_one_folder_are_one_record_each() {
        let (a, b, top) = (
            "data/python/a.json".to_string(),
            "data/python/b.json".to_string(),
            "a.json".to_string(),
        );
        assert_eq!(one_record_per_file(&[&a, &b]).as_deref(), Some("data/python"));
        assert_eq!(one_record_per_file(&[&a]), None, "one file is a dataset file");
        let parquet = "data/python/c.parquet".to_string();
        assert_eq!(one_record_per_file(&[&a, &parquet]), None);
        let other = "data/java/c.json".to_string();
        assert_eq!(one_record_per_file(&[&a, &other]), None);
        assert_eq!(
            one_record_per_file(&[&top, &top]),
            None,
            "the repository's top is not a folder of records"
        );
    }
}
