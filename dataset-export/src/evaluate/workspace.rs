//! A fresh work tree per instance: cloned from the local repository, checked out at the base
//! commit, with patches applied by `git apply` after their paths were checked.

use std::io::Write;
use std::path::{Component, Path};
use std::process::{Command, Stdio};

use benchscope_contract::patch::parse_patch;

/// Paths of `patch` that would leave the checkout: absolute, with `..`, or inside `.git`.
pub fn unsafe_paths(patch: &str) -> Vec<String> {
    let mut bad = Vec::new();
    for file in parse_patch(patch) {
        for path in [&file.old_path, &file.new_path].into_iter().flatten() {
            let escapes = Path::new(path)
                .components()
                .any(|c| matches!(c, Component::ParentDir | Component::RootDir | Component::Prefix(_)));
            let in_git = Path::new(path).components().next().is_some_and(|c| c.as_os_str() == ".git");
            if (escapes || in_git || path.contains('\0')) && !bad.contains(path) {
                bad.push(path.clone());
            }
        }
    }
    bad
}

/// Clones `repository` into `work` and checks out `commit`.
pub fn checkout(repository: &Path, commit: &str, work: &Path) -> Result<(), String> {
    run_git(
        None,
        &[
            "clone",
            "--quiet",
            "--shared",
            "--no-checkout",
            &repository.to_string_lossy(),
            &work.to_string_lossy(),
        ],
        None,
    )?;
    run_git(Some(work), &["checkout", "--quiet", "--detach", commit], None)
}

/// Applies `patch` in `work` with `git apply` (which also refuses paths outside the tree or
/// beyond a symbolic link). Returns git's complaint on failure.
pub fn apply(work: &Path, patch: &str) -> Result<(), String> {
    let bad = unsafe_paths(patch);
    if !bad.is_empty() {
        return Err(format!("refused: the patch writes outside the checkout: {}", bad.join(", ")));
    }
    run_git(Some(work), &["apply", "--whitespace=nowarn", "--recount", "-"], Some(patch))
}

fn run_git(dir: Option<&Path>, args: &[&str], input: Option<&str>) -> Result<(), String> {
    let mut command = Command::new("git");
    command
        .args(["-c", "core.autocrlf=false", "-c", "advice.detachedHead=false"])
        .args(args);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    command
        .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(|e| format!("cannot run git: {e}"))?;
    if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
        let mut text = input.to_string();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        stdin.write_all(text.as_bytes()).map_err(|e| format!("cannot feed git: {e}"))?;
    }
    let out = child.wait_with_output().map_err(|e| format!("git failed: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "git {} failed: {}",
            args.first().unwrap_or(&""),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traversal_absolute_and_git_paths_are_unsafe() {
        let patch = "--- a/../../etc/passwd\n+++ b/../../etc/passwd\n@@ -1 +1 @@\n-a\n+b\n\
                     diff --git a/.git/hooks/pre-commit b/.git/hooks/pre-commit\nnew file mode 100755\n--- /dev/null\n+++ b/.git/hooks/pre-commit\n@@ -0,0 +1 @@\n+x\n\
                     --- /tmp/abs\n+++ /tmp/abs\n@@ -1 +1 @@\n-a\n+b\n\
                     --- a/ok.py\n+++ b/ok.py\n@@ -1 +1 @@\n-a\n+b\n";
        assert_eq!(unsafe_paths(patch), ["../../etc/passwd", ".git/hooks/pre-commit", "/tmp/abs"]);
    }
}
