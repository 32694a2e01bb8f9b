//! The diff parser against `git diff --numstat` on repositories built with real git.

use std::path::Path;
use std::process::Command;

use benchscope_contract::patch::{parse_patch, FileStatus};

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "core.autocrlf=false"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8 output")
}

fn write(dir: &Path, path: &str, content: &[u8]) {
    let full = dir.join(path);
    std::fs::create_dir_all(full.parent().unwrap()).unwrap();
    std::fs::write(full, content).unwrap();
}

/// Per-file (added, removed) from numstat; binary files as None. Paths are the new path.
fn numstat(dir: &Path) -> Vec<(Option<(u32, u32)>, String)> {
    let out = git(dir, &["diff", "--cached", "-M", "--numstat", "-z", "HEAD"]);
    let mut fields = out.split('\0').filter(|s| !s.is_empty());
    let mut rows = Vec::new();
    while let Some(head) = fields.next() {
        let mut parts = head.splitn(3, '\t');
        let (added, removed, path) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
        let path = if path.is_empty() {
            let _old = fields.next().unwrap();
            fields.next().unwrap().to_string()
        } else {
            path.to_string()
        };
        let counts = (added != "-").then(|| (added.parse().unwrap(), removed.parse().unwrap()));
        rows.push((counts, path));
    }
    rows.sort_by(|a, b| a.1.cmp(&b.1));
    rows
}

fn base_repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q", "-b", "main"]);
    let long: String = (0..40).map(|i| format!("line {i}\n")).collect();
    write(d, "pkg/core.py", long.as_bytes());
    write(d, "pkg/old_name.py", b"def f():\n    return 1\n\n\ndef g():\n    return 2\n");
    write(d, "pkg/gone.py", b"x = 1\ny = 2\n");
    write(d, "run.sh", b"echo hi\n");
    write(d, "logo.bin", &[0, 1, 2, 3, 255, 0, 7]);
    write(d, "docs/read me.txt", b"spaces in the name\n");
    write(d, "tail.txt", b"a\nb\nc");
    git(d, &["add", "-A"]);
    git(d, &["commit", "-q", "-m", "base"]);
    dir
}

#[test]
fn parser_agrees_with_git_numstat_on_every_kind_of_change() {
    let dir = base_repo();
    let d = dir.path();
    let mut long: String = (0..40).map(|i| format!("line {i}\n")).collect();
    long = long.replace("line 3\n", "line three\n").replace("line 30\n", "");
    long.push_str("-- a line that looks like a header\n");
    write(d, "pkg/core.py", long.as_bytes());
    git(d, &["mv", "pkg/old_name.py", "pkg/new_name.py"]);
    write(d, "pkg/new_name.py", b"def f():\n    return 1\n\n\ndef g():\n    return 3\n");
    git(d, &["rm", "-q", "pkg/gone.py"]);
    write(d, "pkg/added.py", b"class A:\n    pass");
    write(d, "logo.bin", &[9, 0, 9, 0, 255]);
    write(d, "docs/read me.txt", b"spaces in the name, edited\n");
    write(d, "tail.txt", b"a\nb\nc\nd");
    std::fs::set_permissions(d.join("run.sh"), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    git(d, &["add", "-A"]);

    let diff = git(d, &["diff", "--cached", "-M", "--binary", "HEAD"]);
    let files = parse_patch(&diff);
    let mut parsed: Vec<_> = files
        .iter()
        .map(|f| {
            let counts = (!f.binary).then(|| f.added_and_removed());
            (counts, f.new_path.clone().or_else(|| f.old_path.clone()).unwrap())
        })
        .collect();
    parsed.sort_by(|a, b| a.1.cmp(&b.1));
    assert_eq!(parsed, numstat(d));

    let status = |path: &str| {
        files
            .iter()
            .find(|f| f.new_path.as_deref() == Some(path) || f.old_path.as_deref() == Some(path))
            .unwrap()
    };
    assert_eq!(status("pkg/new_name.py").status, FileStatus::Renamed);
    assert_eq!(status("pkg/new_name.py").old_path.as_deref(), Some("pkg/old_name.py"));
    assert_eq!(status("pkg/gone.py").status, FileStatus::Deleted);
    assert_eq!(status("pkg/added.py").status, FileStatus::Added);
    assert!(status("pkg/added.py").hunks[0].lines.last().unwrap().no_newline_at_end);
    assert!(status("run.sh").mode_changed());
    assert!(status("logo.bin").binary);
    assert!(status("tail.txt").hunks[0].lines.iter().any(|l| l.no_newline_at_end));
}

#[test]
fn parser_agrees_with_git_numstat_without_binary_flag_and_with_unified_zero() {
    let dir = base_repo();
    let d = dir.path();
    write(d, "pkg/core.py", b"replaced\n");
    write(d, "logo.bin", &[1, 0, 1]);
    git(d, &["add", "-A"]);
    for extra in [&["-U0"][..], &["-U10"][..], &[][..]] {
        let mut args = vec!["diff", "--cached", "-M", "HEAD"];
        args.extend_from_slice(extra);
        let files = parse_patch(&git(d, &args));
        let mut parsed: Vec<_> = files
            .iter()
            .map(|f| ((!f.binary).then(|| f.added_and_removed()), f.new_path.clone().unwrap()))
            .collect();
        parsed.sort_by(|a, b| a.1.cmp(&b.1));
        assert_eq!(parsed, numstat(d), "git diff {extra:?}");
    }
}
