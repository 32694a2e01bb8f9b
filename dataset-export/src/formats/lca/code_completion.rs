//! Project-level code completion: a file to complete (`completion_file` `{filename, content}`), its
//! target lines by category (`completion_lines`: infile, inproject, committed — spelled "commited"
//! upstream, kept as published — common, non_informative, random), and the repository at that
//! commit (`repo_snapshot` `{filename: [...], content: [...]}`). The snapshot is written as the
//! instance's source files, fetched only when a reader browses it. The context-size set (small,
//! medium, large, huge) is the `context` facet, read from the path the hub publishes each set under
//! (`data/medium_context/test-00000-of-00002.parquet`). Metric: exact match per category.

use std::path::Path;

use serde_json::{Map, Value};

use benchscope_contract::extras::CompletionTask;
use benchscope_contract::query::CONTEXT_SETS;
use benchscope_contract::{Instance, SourceFiles, FORMAT_VERSION};

use super::instance;
use crate::error::{FieldError, Location};
use crate::formats::{take_string, DatasetFormat};

/// The format.
pub struct CodeCompletion;

impl DatasetFormat for CodeCompletion {
    fn name(&self) -> &'static str {
        "lca-code-completion"
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        [CompletionTask::FILE_FIELD, CompletionTask::LINES_FIELD]
            .iter()
            .all(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let repo = take_string(&mut record, "repo")?;
        let commit = take_string(&mut record, "commit_hash")?;
        let task = CompletionTask::from_fields(record.get(CompletionTask::FILE_FIELD), record.get(CompletionTask::LINES_FIELD))?;
        let filename = task.filename;
        let mut instance = instance(format!("{repo}@{commit}:{filename}"), repo, Vec::new(), record);
        instance.title = filename;
        instance.base_commit = Some(commit);
        Ok(instance)
    }

    fn facets_from_path(&self, path: &Path) -> Vec<(String, String)> {
        context_set(path)
            .map(|set| ("context".to_string(), set.to_string()))
            .into_iter()
            .collect()
    }

    fn take_sources(&self, instance: &mut Instance) -> Option<SourceFiles> {
        take_snapshot(instance)
    }
}

/// The context-size set a file belongs to, from the innermost part of its path named `<set>_context`.
pub fn context_set(path: &Path) -> Option<&'static str> {
    path.components().rev().find_map(|part| {
        let part = part.as_os_str().to_str()?;
        CONTEXT_SETS.into_iter().find(|set| {
            part.strip_prefix(set)
                .and_then(|rest| rest.strip_prefix("_context"))
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '-', '_']))
        })
    })
}

/// Takes the repository snapshot out of an instance, as its source files (`None` when it has
/// none, or not in the published shape).
pub fn take_snapshot(instance: &mut Instance) -> Option<SourceFiles> {
    let snapshot = instance.extra.get("repo_snapshot")?;
    let names = snapshot.get("filename")?.as_array()?;
    let contents = snapshot.get("content")?.as_array()?;
    if names.len() != contents.len() {
        return None;
    }
    let files = names
        .iter()
        .zip(contents)
        .filter_map(|(name, content)| Some((name.as_str()?.to_string(), content.as_str()?.to_string())))
        .collect();
    instance.extra.remove("repo_snapshot");
    Some(SourceFiles {
        format_version: FORMAT_VERSION,
        commit: instance.base_commit.clone().unwrap_or_default(),
        files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_context_set_comes_from_the_hub_layout() {
        assert_eq!(
            context_set(Path::new("data/medium_context/test-00000-of-00002.parquet")),
            Some("medium")
        );
        assert_eq!(context_set(Path::new("/tmp/huge_context.jsonl")), Some("huge"));
        assert_eq!(context_set(Path::new("small_context/test/0000.parquet")), Some("small"));
        assert_eq!(context_set(Path::new("data/smallish_context/test.parquet")), None);
        assert_eq!(context_set(Path::new("data/test.parquet")), None);
    }

    #[test]
    fn the_snapshot_becomes_source_files_and_the_lines_stay_as_published() {
        let record = json!({"repo": "o/r", "commit_hash": "c0ffee",
            "completion_file": {"filename": "src/app.py", "content": "import os\nx = 1\n"},
            "completion_lines": {"infile": [1], "commited": [0], "random": []},
            "repo_snapshot": {"filename": ["src/util.py", "README.md"], "content": ["def f(): ...\n", "# R\n"]}});
        assert!(CodeCompletion.detect(record.as_object().unwrap()));
        let mut instance = CodeCompletion
            .normalize(record.as_object().cloned().unwrap(), &Location::Line(1))
            .unwrap();
        assert_eq!(instance.id, "o/r@c0ffee:src/app.py");
        assert_eq!(
            instance.extra["completion_lines"]["commited"],
            json!([0]),
            "the upstream spelling is kept"
        );
        let sources = take_snapshot(&mut instance).unwrap();
        assert_eq!(sources.files.len(), 2);
        assert_eq!(sources.files["README.md"], "# R\n");
        assert!(!instance.extra.contains_key("repo_snapshot"));
        let bad = json!({"repo": "o/r", "commit_hash": "c", "completion_file": {"filename": "a.py", "content": ""}, "completion_lines": {"infile": ["x"]}});
        let error = CodeCompletion
            .normalize(bad.as_object().cloned().unwrap(), &Location::Line(2))
            .unwrap_err();
        assert_eq!(error.field.as_deref(), Some("completion_lines"));
    }
}
