//! The names a Hugging Face hub download gives a split: its files are named after the split, not
//! the dataset. `data/test-00000-of-00002.parquet` is the first of the test split's two shards (the
//! repository's own layout); `default/test/0000.parquet` is a shard of the hub's Parquet
//! conversion; either may sit in the hub's cache, under
//! `datasets--princeton-nlp--SWE-bench_Lite/snapshots/<commit>/`.

use std::path::Path;

/// `(dataset, split)` when `path` is named as a hub shard: the split from the shard's name (or,
/// for the conversion's `NNNN.parquet`, its folder), the dataset from the repository's folder
/// above it (`SWE-bench_Lite` read as `swe-bench-lite`, as sb-cli names it), or `dataset` when
/// no folder names it.
pub fn hub_shard_names(path: &Path) -> Option<(String, String)> {
    let stem = path.file_name()?.to_str()?.split('.').next()?;
    let (split, folders_up) = match shard_split(stem) {
        Some(split) => (split.to_string(), 1),
        None if stem.len() == 4 && is_digits(stem) => (path.parent()?.file_name()?.to_str()?.to_string(), 2),
        None => return None,
    };
    let dataset = repository_folder(path, folders_up).unwrap_or_else(|| "dataset".to_string());
    Some((dataset, split))
}

/// `test` of `test-00000-of-00002`.
fn shard_split(stem: &str) -> Option<&str> {
    let (rest, total) = stem.rsplit_once("-of-")?;
    let (split, index) = rest.rsplit_once('-')?;
    (is_digits(total) && is_digits(index) && !split.is_empty()).then_some(split)
}

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// The first folder `skip` or more levels above `path` that is not the hub's own layout (`data`,
/// the conversion's `default`, `snapshots`, a commit, or a configuration such as Long Code Arena's
/// `small_context`, one set of the dataset), as a dataset name.
fn repository_folder(path: &Path, skip: usize) -> Option<String> {
    let absolute = std::path::absolute(path).ok()?;
    absolute
        .ancestors()
        .skip(skip)
        .take(4)
        .filter_map(|folder| folder.file_name()?.to_str())
        .find(|name| !is_layout(name))
        .map(dataset_name)
}

fn is_layout(folder: &str) -> bool {
    let commit = folder.len() == 40 && folder.bytes().all(|b| b.is_ascii_hexdigit());
    commit || folder.ends_with("_context") || ["data", "default", "snapshots"].contains(&folder)
}

/// `datasets--princeton-nlp--SWE-bench_Lite` (the cache's folder) or `SWE-bench_Lite` →
/// `swe-bench-lite`; characters a data directory's names cannot hold become `-`.
fn dataset_name(folder: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

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
