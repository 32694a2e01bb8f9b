//! `export --repos`: the files an instance's patches change, read at its base commit from a
//! local clone, so the explorer can expand a diff's context. A file git cannot show (missing
//! commit, missing path, not UTF-8, larger than [`MAX_SOURCE_BYTES`]) is left out: the diff then
//! simply offers no expansion for it. A SWE-smith task gets none: its tree is the base with the
//! bug put in, which no commit holds.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};

use benchscope_contract::patch::{parse_patch, FileStatus};
use benchscope_contract::{Instance, PatchRole, SourceFiles, FORMAT_VERSION};

use crate::repos::find_repository;

/// Larger files are not stored (a generated file's context is not worth the bytes).
pub const MAX_SOURCE_BYTES: usize = 2 << 20;

/// Why an instance got no sources.
#[derive(Debug, PartialEq, Eq)]
pub enum NoSources {
    /// The instance names no base commit.
    NoCommit,
    /// No clone of its repository is under `--repos`.
    NoRepository,
    /// Nothing the patches change existed at the base commit.
    NothingToRead,
    /// The task's tree is its base commit with a bug patch applied (SWE-smith's), which no
    /// commit holds: the base's lines would be numbered wrong for the gold patch.
    BugPatchApplied,
}

/// The pre-change files of `instance`'s patches, read from its clone under `repos`.
pub fn read_sources(repos: &Path, instance: &Instance) -> Result<SourceFiles, NoSources> {
    if instance.patch(PatchRole::Bug).is_some() {
        return Err(NoSources::BugPatchApplied);
    }
    let commit = instance.base_commit.as_deref().ok_or(NoSources::NoCommit)?;
    let clone = find_repository(repos, &instance.repo).ok_or(NoSources::NoRepository)?;
    let files: BTreeMap<String, String> = changed_paths(instance)
        .into_iter()
        .filter_map(|path| Some((path.clone(), show(&clone, commit, &path)?)))
        .collect();
    if files.is_empty() {
        return Err(NoSources::NothingToRead);
    }
    Ok(SourceFiles {
        format_version: FORMAT_VERSION,
        commit: commit.to_string(),
        files,
    })
}

/// Old paths of the files any patch modifies, renames or deletes (added files had no before).
fn changed_paths(instance: &Instance) -> Vec<String> {
    let mut paths: Vec<String> = instance
        .patches
        .iter()
        .flat_map(|patch| parse_patch(&patch.diff))
        .filter(|file| file.status != FileStatus::Added && !file.binary)
        .filter_map(|file| file.old_path)
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

/// `git show <commit>:<path>` as text, or `None`.
fn show(clone: &Path, commit: &str, path: &str) -> Option<String> {
    if path.starts_with('-') || commit.starts_with('-') {
        return None;
    }
    let output = Command::new("git")
        .arg("-C")
        .arg(clone)
        .args(["show", &format!("{commit}:{path}")])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !output.status.success() || output.stdout.len() > MAX_SOURCE_BYTES {
        return None;
    }
    String::from_utf8(output.stdout).ok()
}
