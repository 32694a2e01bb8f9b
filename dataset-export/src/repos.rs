//! Local clones of the benchmarks' repositories (`--repos`), which `eval` checks out and
//! `export` reads changed files from.

use std::path::{Path, PathBuf};

/// Finds the local clone of `repo` (`owner/name`) under `repos`: `repos/owner/name`,
/// `repos/owner__name`, or `repos/name`.
pub fn find_repository(repos: &Path, repo: &str) -> Option<PathBuf> {
    let (owner, name) = repo.split_once('/').unwrap_or(("", repo));
    [
        repos.join(owner).join(name),
        repos.join(format!("{owner}__{name}")),
        repos.join(name),
    ]
    .into_iter()
    .find(|p| p.join(".git").exists() || p.join("HEAD").is_file())
}
