//! SWE-smith's task instances, whose `patch` puts the bug in: the diff reversed as git reverses
//! it, the row exported with that reverse as its gold patch, and `eval` running a fix on the
//! mirror with the bug applied (real git, real pytest).

mod common;

use std::path::Path;

use benchscope_cli::formats::reversed_diff::reversed_diff;
use benchscope_contract::{PatchRole, Run};
use common::*;

/// Each file's part of a diff, in path order (git orders a reversed diff's files by their new
/// names).
fn file_parts(diff: &str) -> Vec<String> {
    let mut parts: Vec<String> = diff
        .split("diff --git ")
        .filter(|p| !p.is_empty())
        .map(|p| format!("diff --git {p}"))
        .collect();
    parts.sort();
    parts
}

/// Every kind of change git writes (lines changed in two hunks, a file added, one deleted, one
/// renamed and changed, a mode changed, a last line without its newline, a name with a space):
/// reversed, each file's part is the one `git diff -R` writes, and applied to the changed tree it
/// gives the first tree back.
#[test]
fn a_diff_reversed_is_the_one_git_writes_reversed() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    git(repo, &["init", "-q", "-b", "main"]);
    let files = serde_json::json!({
        "m.py": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n", "no_newline.txt": "x\ny", "gone.py": "keep\n",
        "old.py": "one\ntwo\nthree\nfour\nfive\n", "run.sh": "#!/bin/sh\necho\n", "with space.txt": "q\n",
    });
    for (path, text) in files.as_object().unwrap() {
        std::fs::write(repo.join(path), text.as_str().unwrap()).unwrap();
    }
    git(repo, &["add", "-A"]);
    git(repo, &["commit", "-q", "-m", "base"]);
    std::fs::write(repo.join("m.py"), "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nK1\nK2\nl\n").unwrap();
    std::fs::write(repo.join("no_newline.txt"), "x\nz\n").unwrap();
    git(repo, &["rm", "-q", "gone.py"]);
    git(repo, &["mv", "old.py", "moved.py"]);
    std::fs::write(repo.join("moved.py"), "one\ntwo\nthree\nfour\nFIVE\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(repo.join("run.sh"), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(repo.join("added.py"), "new\n").unwrap();
    std::fs::write(repo.join("with space.txt"), "r\n").unwrap();
    git(repo, &["add", "-A"]);
    let forward = git(repo, &["diff", "--cached", "-M", "HEAD"]);
    // With -R git swaps the prefixes too; these give its reverse the usual a/ and b/.
    let by_git = git(
        repo,
        &["diff", "--cached", "-M", "-R", "--src-prefix=b/", "--dst-prefix=a/", "HEAD"],
    );
    let ours = reversed_diff(&forward).expect("every part can be reversed");
    assert_eq!(file_parts(&ours), file_parts(&by_git));
    assert_eq!(file_parts(&ours).len(), 7);

    git(repo, &["commit", "-q", "-m", "changed"]);
    assert!(git_apply(repo, &ours), "the reverse applies to the changed tree");
    git(repo, &["add", "-A"]);
    assert_eq!(git(repo, &["diff", "--cached", "--stat", "HEAD~1"]), "", "the first tree is back");
}

/// Every gold and test patch of the real SWE-bench Lite, reversed and reversed again, is itself:
/// nothing of a published diff is lost or reordered on the way.
#[test]
fn real_patches_reversed_twice_are_themselves() {
    let Some(realdata) = realdata() else { return };
    let mut patches = 0;
    for split in ["dev", "test"] {
        let file = realdata.join(format!("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.{split}.jsonl"));
        for line in std::fs::read_to_string(&file).unwrap().lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            for field in ["patch", "test_patch"] {
                let diff = record[field].as_str().unwrap();
                let twice = reversed_diff(diff).and_then(|back| reversed_diff(&back));
                assert_eq!(twice.as_deref(), Some(diff), "{} {field}", record["instance_id"]);
                patches += 1;
            }
        }
    }
    assert_eq!(patches, 2 * (23 + 300));
}

/// A SWE-smith mirror (`swesmith/demo__calc.<commit>`), a bug patch that breaks `add`, and the
/// row as SWE-smith publishes it (no base commit: the mirror's name gives it).
fn smith_fixture(tmp: &Path) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let repos = tmp.join("repos");
    let mirror_dir = repos.join("swesmith");
    std::fs::create_dir_all(&mirror_dir).unwrap();
    let work = tmp.join("work");
    let tests = "from calc import add\n\n\ndef test_zero():\n    assert add(0, 0) == 0\n\n\ndef test_add():\n    assert add(2, 3) == 5\n";
    calc_repository(&work, "a + b", tests);
    let commit = git(&work, &["rev-parse", "--short=8", "HEAD"]).trim().to_string();
    let repo = format!("swesmith/demo__calc.{commit}");
    std::fs::rename(&work, repos.join(&repo)).unwrap();
    let mirror = repos.join(&repo);
    std::fs::write(mirror.join("calc/__init__.py"), "def add(a, b):\n    return a - b\n").unwrap();
    let bug = git(&mirror, &["diff"]);
    git(&mirror, &["checkout", "-q", "--", "."]);
    let id = format!("demo__calc.{commit}.func_pm_op_swap__abc123");
    let record = serde_json::json!({
        "instance_id": id, "repo": repo, "patch": bug, "problem_statement": "",
        "FAIL_TO_PASS": ["tests/test_calc.py::test_add"], "PASS_TO_PASS": ["tests/test_calc.py::test_zero"],
        "created_at": "2025-03-14T10:00:00", "image_name": format!("swebench/swesmith.x86_64.demo_1776_calc.{commit}"),
    });
    let input = tmp.join("smith.jsonl");
    std::fs::write(&input, format!("{record}\n")).unwrap();
    let data = tmp.join("data");
    let out = benchscope(&[
        "export",
        input.to_str().unwrap(),
        "--dataset",
        "smith",
        "--repos",
        repos.to_str().unwrap(),
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The base's lines, numbered for the tree without the bug, would misplace the gold patch's
    // context: none are stored, and the export says why.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--repos gave no source files for some instances: BugPatchApplied (1)"),
        "{stderr}"
    );
    (data, repos, id)
}

fn eval(data: &Path, repos: &Path, predictions: &Path, run: &str) {
    let out = run_eval(data, "smith", predictions, repos, run, "60");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_swe_smith_row_shows_its_fix_and_evaluates_on_the_mirror_with_its_bug() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, repos, id) = smith_fixture(tmp.path());
    let [instance] = &instances(&data, "smith", "test")[..] else {
        panic!("one instance")
    };
    let bug = &instance.patch(PatchRole::Bug).expect("the published patch, as the bug").diff;
    assert!(bug.contains("+    return a - b"), "{bug}");
    let gold = &instance.patch(PatchRole::Gold).expect("its reverse, as the gold patch").diff;
    assert!(gold.contains("-    return a - b\n+    return a + b"), "{gold}");
    assert_eq!(instance.patches[0].role, PatchRole::Gold, "the fix shows first");
    assert_eq!((instance.stats.lines_added, instance.stats.lines_removed), (1, 1));
    assert_eq!(instance.sources, None);

    let right = tmp.path().join("right.jsonl");
    std::fs::write(&right, format!("{}\n", serde_json::json!({"instance_id": id, "model_patch": gold}))).unwrap();
    eval(&data, &repos, &right, "fix");
    // A patch that leaves the bug in place (a comment above it) applies on top of it and fixes
    // nothing: run on the clean upstream commit, it would pass.
    let noop = tmp.path().join("noop.jsonl");
    let comment = "diff --git a/calc/__init__.py b/calc/__init__.py\n--- a/calc/__init__.py\n+++ b/calc/__init__.py\n@@ -1,2 +1,3 @@\n+# a comment\n def add(a, b):\n     return a - b\n";
    std::fs::write(
        &noop,
        format!("{}\n", serde_json::json!({"instance_id": id, "model_patch": comment})),
    )
    .unwrap();
    eval(&data, &repos, &noop, "comment");
    for (run, resolved) in [("fix", true), ("comment", false)] {
        let stored: Run = read_json(&data.join(format!("runs/{run}.json")));
        let result = &stored.results[0];
        assert_eq!(result.resolved, Some(resolved), "{run}: {result:?}");
        assert_eq!(result.patch_applied, Some(true), "{run}: applied on the bug");
    }
}
