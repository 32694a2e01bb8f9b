//! The names a Hugging Face hub download gives a split: its files are named after the split, not
//! the dataset. `data/test-00000-of-00002.parquet` is the first of the test split's two shards (the
//! repository's own layout; older uploads add the data's fingerprint,
//! `test-00000-of-00001-c91b0bca349ab4a3.parquet`); `default/test/0000.parquet` is a shard of the
//! hub's Parquet conversion; either may sit in the hub's cache, under
//! `datasets--princeton-nlp--SWE-bench_Lite/snapshots/<commit>/`.
//!
//! A repository with several configurations keeps each in a folder of its own (Long Code Arena's
//! bug localization: `py/`, `java/`, `kt/`, each with `dev`, `test` and `train`). Where the
//! repository's folder can be told, each configuration is a dataset of its own,
//! `lca-bug-localization-py`.

use std::path::Path;

use super::dataset_card;

/// `(dataset, split)` when `path` is named as a hub shard: the split from the shard's name (or,
/// for the conversion's `NNNN.parquet`, its folder), the dataset from the repository's folder
/// above it (`SWE-bench_Lite` read as `swe-bench-lite`, as sb-cli names it) and the
/// configuration's, or `dataset` when no folder names it.
pub fn hub_shard_names(path: &Path) -> Option<(String, String)> {
    let (split, folders_up) = shard_split_of(path)?;
    let dataset = std::path::absolute(path)
        .ok()
        .and_then(|path| named_by_download(&path, folders_up).or_else(|| repository_folder(&path, folders_up)))
        .unwrap_or_else(|| "dataset".to_string());
    Some((dataset, split))
}

/// The split a hub shard's name gives, and how many folders up its dataset's are: `test` of
/// `data/test-00000-of-00002.parquet` (1), or of the conversion's `default/test/0000.parquet` (2).
pub(super) fn shard_split_of(path: &Path) -> Option<(String, usize)> {
    let stem = path.file_name()?.to_str()?.split('.').next()?;
    match shard_split(stem) {
        Some(split) => Some((split.to_string(), 1)),
        None if stem.len() == 4 && is_digits(stem) => Some((path.parent()?.file_name()?.to_str()?.to_string(), 2)),
        None => None,
    }
}

/// `test` of `test-00000-of-00002`, or of `test-00000-of-00001-c91b0bca349ab4a3` (a fingerprint
/// after the count, as `push_to_hub` wrote shards before datasets 2.15).
pub(super) fn shard_split(stem: &str) -> Option<&str> {
    let (rest, total) = stem.rsplit_once("-of-")?;
    let total = match total.split_once('-') {
        Some((count, fingerprint)) if fingerprint.len() >= 8 && fingerprint.bytes().all(|b| b.is_ascii_hexdigit()) => count,
        _ => total,
    };
    let (split, index) = rest.rsplit_once('-')?;
    (is_digits(total) && is_digits(index) && !split.is_empty()).then_some(split)
}

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// The dataset a shard `skip` levels below its folders belongs to, when one of those folders is
/// the repository's own: the hub cache's snapshot (`datasets--owner--name/snapshots/<commit>`), a
/// folder the hub client left its mark in (`.cache/huggingface/download`, written by `download
/// --local-dir`), or one whose `README.md` is a dataset card (as a clone of the repository has
/// it). The configuration is the one the card names for the shard's folder, or else the folders
/// between the repository's and the shard, but for `data`: `lca-bug-localization/py/` →
/// `lca-bug-localization-py`. A `default` configuration, and Long Code Arena's `*_context` sets of
/// one dataset, add nothing.
fn named_by_download(path: &Path, skip: usize) -> Option<String> {
    let folders: Vec<&Path> = path.ancestors().skip(skip).take(6).collect();
    let (depth, (repository, card)) = folders
        .iter()
        .enumerate()
        .find_map(|(depth, folder)| repository_of(folder).map(|found| (depth, found)))?;
    let between: Vec<&str> = folders[..depth]
        .iter()
        .rev()
        .filter_map(|folder| folder.file_name()?.to_str())
        .collect();
    // The card's paths are the repository's own files (a shard's folder, or a folder given
    // itself), not the Parquet conversion's.
    let card = card.filter(|_| skip <= 1);
    let configuration: Vec<&str> = match card.as_ref().and_then(|card| card.configuration_of(&between.join("/"))) {
        Some(name) => vec![name],
        None => between.into_iter().filter(|name| *name != "data").collect(),
    };
    Some(configuration_dataset(repository, &configuration))
}

/// The dataset a repository's configuration is: the repository's own name for its `default`
/// configuration (and Long Code Arena's `*_context` sets of one dataset), else the name with
/// the configuration's after it.
pub(super) fn configuration_dataset(repository: String, configuration: &[&str]) -> String {
    match configuration {
        [] | ["default"] => repository,
        [set] if set.ends_with("_context") => repository,
        parts => format!("{repository}-{}", dataset_name(&parts.join("-"))),
    }
}

/// The repository's name and its card, if `folder` is a hub repository's top folder (see
/// `named_by_download`).
pub(super) fn repository_of(folder: &Path) -> Option<(String, Option<dataset_card::Card>)> {
    let name = folder.file_name()?.to_str()?;
    let parent = folder.parent()?;
    let card = dataset_card::read(&folder.join("README.md"));
    if is_commit(name) && parent.file_name().is_some_and(|p| p == "snapshots") {
        return Some((dataset_name(parent.parent()?.file_name()?.to_str()?), card));
    }
    let marked = card.is_some() || is_local_dir_download(folder);
    marked.then(|| (dataset_name(name), card))
}

/// Whether the hub client downloaded into `folder` (`--local-dir`): it keeps each file's record
/// in `.cache/huggingface/download/`. A home folder's `.cache/huggingface/` is the client's
/// cache and settings, not such a mark.
fn is_local_dir_download(folder: &Path) -> bool {
    folder.join(".cache/huggingface/download").is_dir()
}

/// The first folder `skip` or more levels above `path` that is not the hub's own layout (`data`,
/// the conversion's `default`, `snapshots`, a commit, or a configuration such as Long Code Arena's
/// `small_context`, one set of the dataset), as a dataset name.
fn repository_folder(path: &Path, skip: usize) -> Option<String> {
    path.ancestors()
        .skip(skip)
        .take(4)
        .filter_map(|folder| folder.file_name()?.to_str())
        .find(|name| !is_layout(name))
        .map(dataset_name)
}

/// The subset of `benchmark` a file's folders name, when one of the six above it, read as a
/// dataset name, is `<benchmark>-<subset>` for one of its published `subsets`:
/// `SWE-PolyBench_Verified/test.csv` and the hub cache's
/// `datasets--AmazonScience--SWE-PolyBench_500/...` → `swe-polybench-verified`,
/// `swe-polybench-500`; `Multi-SWE-bench_mini/rust/*.jsonl` → `multi-swe-bench-mini`. Only
/// the subsets named are, so that a folder of one's own (`featurebench_LiberCoders-FeatureBench`)
/// does not rename a benchmark.
pub fn benchmark_subset(path: &Path, benchmark: &str, subsets: &[&str]) -> Option<String> {
    let path = std::path::absolute(path).ok()?;
    path.ancestors()
        .skip(1)
        .take(6)
        .filter_map(|folder| folder.file_name()?.to_str())
        .map(dataset_name)
        .find(|name| {
            name.strip_prefix(benchmark)
                .and_then(|rest| rest.strip_prefix('-'))
                .is_some_and(|subset| subsets.contains(&subset))
        })
}

fn is_commit(folder: &str) -> bool {
    folder.len() == 40 && folder.bytes().all(|b| b.is_ascii_hexdigit())
}

fn is_layout(folder: &str) -> bool {
    is_commit(folder) || folder.ends_with("_context") || ["data", "default", "snapshots"].contains(&folder)
}

/// `datasets--princeton-nlp--SWE-bench_Lite` (the cache's folder) or `SWE-bench_Lite` →
/// `swe-bench-lite`; characters a data directory's names cannot hold become `-`.
pub(super) fn dataset_name(folder: &str) -> String {
    let repository = folder
        .strip_prefix("datasets--")
        .and_then(|owner_and_name| owner_and_name.split_once("--"))
        .map_or(folder, |(_, name)| name);
    repository
        .chars()
        .map(|c| match c {
            'A'..='Z' => c.to_ascii_lowercase(),
            'a'..='z' | '0'..='9' | '.' | '-' => c,
            _ => '-',
        })
        .collect()
}

/// `swe-bench-lite.test.jsonl` → (`swe-bench-lite`, `test`); `demo.jsonl` → (`demo`, `test`); a
/// hub shard, `SWE-bench_Lite/data/test-00000-of-00002.parquet` → (`swe-bench-lite`, `test`); a
/// repository's folder of records, `lca-ci-builds-repair/data/python/` →
/// (`lca-ci-builds-repair-python`, `test`).
pub fn names_from_file(path: &Path) -> (String, String) {
    if let Some(names) = super::arrow_rows::names(path).or_else(|| hub_shard_names(path)) {
        return names;
    }
    // A folder of records inside a hub repository (CI builds repair's `data/python/`) is the
    // configuration the card names for it.
    let in_repository = || named_by_download(&std::path::absolute(path).ok()?, 0);
    if let Some(dataset) = path.is_dir().then(in_repository).flatten() {
        return (dataset, "test".to_string());
    }
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut parts = super::compressed::plain_name(&name).split('.');
    let dataset = parts.next().filter(|s| !s.is_empty()).unwrap_or("dataset").to_string();
    let rest: Vec<&str> = parts.collect();
    let split = if rest.len() >= 2 { rest[0].to_string() } else { "test".to_string() };
    (dataset, split)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_file_name() {
        assert_eq!(
            names_from_file(Path::new("x/swe-bench-lite.test.jsonl")),
            ("swe-bench-lite".into(), "test".into())
        );
        assert_eq!(
            names_from_file(Path::new("swe-bench-lite.dev.jsonl")),
            ("swe-bench-lite".into(), "dev".into())
        );
        assert_eq!(names_from_file(Path::new("demo.jsonl")), ("demo".into(), "test".into()));
        assert_eq!(names_from_file(Path::new("demo.jsonl.gz")), ("demo".into(), "test".into()));
        assert_eq!(
            names_from_file(Path::new("swe-bench-lite.dev.jsonl.zst")),
            ("swe-bench-lite".into(), "dev".into())
        );
    }

    #[test]
    fn a_benchmarks_subset_is_named_by_its_folder() {
        let subset = |path: &str, benchmark: &str| benchmark_subset(Path::new(path), benchmark, &["500", "verified", "mini"]);
        assert_eq!(
            subset("/d/SWE-PolyBench_Verified/test.csv", "swe-polybench").as_deref(),
            Some("swe-polybench-verified")
        );
        assert_eq!(
            subset(
                "/c/datasets--AmazonScience--SWE-PolyBench_500/snapshots/abc/test.csv",
                "swe-polybench"
            )
            .as_deref(),
            Some("swe-polybench-500")
        );
        assert_eq!(
            subset("/d/Multi-SWE-bench_mini/rust/o__r_dataset.jsonl", "multi-swe-bench").as_deref(),
            Some("multi-swe-bench-mini")
        );
        assert_eq!(subset("/d/downloads/test.csv", "swe-polybench"), None);
        assert_eq!(
            subset("/d/swe-polybench_mine/test.csv", "swe-polybench"),
            None,
            "not a published subset"
        );
    }

    fn names(path: &str) -> Option<(String, String)> {
        hub_shard_names(Path::new(path))
    }

    #[test]
    fn shards_are_named_by_their_split_and_repository() {
        let expected = Some(("swe-bench-lite".to_string(), "test".to_string()));
        assert_eq!(names("/d/SWE-bench_Lite/data/test-00000-of-00001.parquet"), expected);
        assert_eq!(names("/d/SWE-bench_Lite/default/test/0000.parquet"), expected);
        let cache = "/c/datasets--princeton-nlp--SWE-bench_Lite/snapshots/6ec7bb89b9342f664a54a6e0a6ea6501d3437cc2/data/test-00000-of-00001.parquet";
        assert_eq!(names(cache), expected);
        assert_eq!(
            names("/d/lca-project-level-code-completion/data/medium_context/test-00001-of-00003.parquet"),
            Some(("lca-project-level-code-completion".to_string(), "test".to_string()))
        );
        assert_eq!(
            names("/data/dev-00000-of-00001.parquet"),
            Some(("dataset".to_string(), "dev".to_string()))
        );
    }

    #[test]
    fn a_fingerprint_after_the_count_is_part_of_the_shard_name() {
        assert_eq!(
            names("/d/lca-commit-message-generation/data/test-00000-of-00001-c91b0bca349ab4a3.parquet"),
            Some(("lca-commit-message-generation".to_string(), "test".to_string()))
        );
        assert_eq!(names("/d/x/test-00000-of-00001-notahash.parquet"), None);
        assert_eq!(names("/d/x/test-00000-of-00001-c91b.parquet"), None, "too short for a fingerprint");
    }

    /// The front of a hub dataset card, as Long Code Arena's bug localization has it.
    const CARD: &str =
        "---\nlicense: apache-2.0\nconfigs:\n- config_name: py\n  data_files:\n  - split: dev\n    path: py/dev-*\n---\n# LCA\n";

    /// A download at `root` (made on disk), with `mark` making its top folder the repository's.
    fn download(mark: &str, files: &[&str]) -> tempfile::TempDir {
        let root = tempfile::tempdir().unwrap();
        let repository = root.path().join("lca-bug-localization");
        match mark {
            "card" => std::fs::create_dir_all(&repository).and_then(|()| std::fs::write(repository.join("README.md"), CARD)),
            "hub" => std::fs::create_dir_all(repository.join(".cache/huggingface/download")),
            _ => std::fs::create_dir_all(&repository),
        }
        .unwrap();
        for file in files {
            let path = repository.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        root
    }

    fn names_in(root: &tempfile::TempDir, file: &str) -> (String, String) {
        hub_shard_names(&root.path().join("lca-bug-localization").join(file)).unwrap()
    }

    #[test]
    fn each_configuration_of_a_download_is_a_dataset_of_its_own() {
        let pair = |dataset: &str, split: &str| (dataset.to_string(), split.to_string());
        for mark in ["card", "hub"] {
            let root = download(mark, &["py/test-00000-of-00001.parquet", "java/dev-00000-of-00001.parquet"]);
            assert_eq!(
                names_in(&root, "py/test-00000-of-00001.parquet"),
                pair("lca-bug-localization-py", "test"),
                "{mark}"
            );
            assert_eq!(
                names_in(&root, "java/dev-00000-of-00001.parquet"),
                pair("lca-bug-localization-java", "dev"),
                "{mark}"
            );
        }
        let root = download(
            "card",
            &[
                "data/py/test-00000-of-00001.parquet",
                "kt/test/0000.parquet",
                "default/test/0000.parquet",
            ],
        );
        assert_eq!(
            names_in(&root, "data/py/test-00000-of-00001.parquet"),
            pair("lca-bug-localization-py", "test")
        );
        assert_eq!(
            names_in(&root, "kt/test/0000.parquet"),
            pair("lca-bug-localization-kt", "test"),
            "the conversion's layout"
        );
        assert_eq!(names_in(&root, "default/test/0000.parquet"), pair("lca-bug-localization", "test"));
        let root = download(
            "card",
            &[
                "data/medium_context/test-00000-of-00001.parquet",
                "data/test-00000-of-00001.parquet",
            ],
        );
        assert_eq!(
            names_in(&root, "data/medium_context/test-00000-of-00001.parquet"),
            pair("lca-bug-localization", "test")
        );
        assert_eq!(
            names_in(&root, "data/test-00000-of-00001.parquet"),
            pair("lca-bug-localization", "test")
        );
        // Without a mark, the folder above the shard is all there is to go by.
        let root = download("none", &["py/test-00000-of-00001.parquet"]);
        assert_eq!(names_in(&root, "py/test-00000-of-00001.parquet"), pair("py", "test"));
    }

    #[test]
    fn the_card_names_the_configuration_of_a_folder() {
        let root = tempfile::tempdir().unwrap();
        let repository = root.path().join("lca-commit-message-generation");
        let shard = repository.join("commitchronicle-py-long/test-00000-of-00001-c91b0bca349ab4a3.parquet");
        std::fs::create_dir_all(shard.parent().unwrap()).unwrap();
        let card = "---\nconfigs:\n- config_name: default\n  data_files:\n  - split: test\n    path: commitchronicle-py-long/test-*\n- config_name: labels\n  data_files:\n  - split: test\n    path: commitchronicle-py-long-labels/test-*\n---\n";
        std::fs::write(repository.join("README.md"), card).unwrap();
        assert_eq!(
            hub_shard_names(&shard),
            Some(("lca-commit-message-generation".to_string(), "test".to_string()))
        );
        let labels = repository.join("commitchronicle-py-long-labels/test-00000-of-00001-7d0c2db917ebd698.parquet");
        std::fs::create_dir_all(labels.parent().unwrap()).unwrap();
        assert_eq!(
            hub_shard_names(&labels),
            Some(("lca-commit-message-generation-labels".to_string(), "test".to_string()))
        );
    }

    #[test]
    fn a_folder_of_records_in_a_repository_is_the_configuration_its_card_names() {
        let root = tempfile::tempdir().unwrap();
        let repository = root.path().join("lca-ci-builds-repair");
        let records = repository.join("data/python");
        std::fs::create_dir_all(&records).unwrap();
        let card = "---\nconfigs:\n- config_name: python\n  data_files:\n  - split: test\n    path: data/python/*.json\n---\n";
        std::fs::write(repository.join("README.md"), card).unwrap();
        let named = |path: &Path| names_from_file(path);
        assert_eq!(named(&records), ("lca-ci-builds-repair-python".to_string(), "test".to_string()));
        let elsewhere = root.path().join("home/mine/python");
        std::fs::create_dir_all(&elsewhere).unwrap();
        // A home folder's client cache is not a download's mark.
        std::fs::create_dir_all(root.path().join("home/.cache/huggingface/hub")).unwrap();
        assert_eq!(
            named(&elsewhere),
            ("python".to_string(), "test".to_string()),
            "no repository above it"
        );
        let shard = root.path().join("home/SWE-bench_Lite/data/test-00000-of-00001.parquet");
        std::fs::create_dir_all(shard.parent().unwrap()).unwrap();
        assert_eq!(named(&shard), ("swe-bench-lite".to_string(), "test".to_string()));
    }

    #[test]
    fn a_project_of_ones_own_is_not_taken_for_a_hub_repository() {
        let root = tempfile::tempdir().unwrap();
        let project = root.path().join("my-project");
        let shard = project.join("exports/swe-bench-lite/test-00000-of-00001.parquet");
        std::fs::create_dir_all(shard.parent().unwrap()).unwrap();
        std::fs::write(project.join(".gitattributes"), "*.parquet filter=lfs\n").unwrap();
        std::fs::write(
            project.join("README.md"),
            "---\ntitle: notes\n---\nconfigs: not in the front matter\n",
        )
        .unwrap();
        assert_eq!(hub_shard_names(&shard), Some(("swe-bench-lite".to_string(), "test".to_string())));
    }

    #[test]
    fn the_hub_cache_names_the_repository_and_its_configuration() {
        let root = tempfile::tempdir().unwrap();
        let snapshot = root
            .path()
            .join("datasets--JetBrains-Research--lca-bug-localization/snapshots/e69cc4f0c4d2a2a1f0e0e4b5a6d7c8b9a0b1c2d3");
        let shard = snapshot.join("kt/train-00000-of-00001.parquet");
        std::fs::create_dir_all(shard.parent().unwrap()).unwrap();
        assert_eq!(
            hub_shard_names(&shard),
            Some(("lca-bug-localization-kt".to_string(), "train".to_string()))
        );
    }

    #[test]
    fn other_files_are_left_to_their_own_names() {
        assert_eq!(names("/d/swe-bench-lite.test.jsonl"), None);
        assert_eq!(names("/d/test-of-2.parquet"), None);
        assert_eq!(names("/d/x-1-of-.parquet"), None);
        assert_eq!(names("/d/2024/123.parquet"), None);
        assert_eq!(
            names("/d/my--data/test-00000-of-00001.parquet"),
            Some(("my--data".to_string(), "test".to_string()))
        );
    }
}
