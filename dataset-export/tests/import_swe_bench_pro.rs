//! `benchscope import` of SWE-bench Pro's evaluation folder (`swe_bench_pro_eval.py
//! --output_dir`): `eval_results.json` and `infra_errors.json`, and each instance's
//! `<prefix>_patch.diff`, `_output.json` and `_stdout.log`. Before, neither the folder nor its
//! `eval_results.json` was a format `import` read.

mod common;

use benchscope_contract::{Run, TestStatus, TestTally};
use common::*;
use serde_json::{json, Value};

const F2P: &str = "tests/test_a.py::test_new";
const P2P: &str = "tests/test_a.py::test_old";

fn task(id: &str) -> Value {
    json!({
        "instance_id": id, "repo": "org/repo", "base_commit": "abc123", "repo_language": "python",
        "problem_statement": "It breaks.",
        "patch": "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 0\n+x = 1\n",
        "test_patch": "diff --git a/tests/test_a.py b/tests/test_a.py\n--- a/tests/test_a.py\n+++ b/tests/test_a.py\n@@ -1 +1 @@\n-a\n+b\n",
        "fail_to_pass": json!([F2P]).to_string(), "pass_to_pass": json!([P2P]).to_string(),
    })
}

/// An instance's evaluation files, as the script writes them with an empty prefix.
fn evaluated(folder: &std::path::Path, id: &str, patch: &str, tests: &[(&str, &str)]) {
    let dir = folder.join(id);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("_patch.diff"), patch).unwrap();
    let tests: Vec<Value> = tests.iter().map(|(name, status)| json!({"name": name, "status": status})).collect();
    std::fs::write(dir.join("_output.json"), json!({ "tests": tests }).to_string()).unwrap();
    std::fs::write(dir.join("_stdout.log"), format!("collected {} items\n", tests.len())).unwrap();
}

#[test]
fn the_evaluation_folder_is_one_run_of_verdicts_tests_patches_and_logs() {
    let tmp = tempfile::tempdir().unwrap();
    let ids = [
        "instance_org__repo-a1",
        "instance_org__repo-b2",
        "instance_org__repo-c3",
        "instance_org__repo-d4",
        "instance_org__repo-e5",
        "instance_org__repo-f6",
    ];
    let tasks = tmp.path().join("swe-bench-pro.test.jsonl");
    std::fs::write(&tasks, ids.iter().map(|id| format!("{}\n", task(id))).collect::<String>()).unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&["export", tasks.to_str().unwrap(), "--out", data.to_str().unwrap()]);

    let out_dir = tmp.path().join("pro-eval-claude");
    let fix = "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 0\n+x = 2\n";
    evaluated(
        &out_dir,
        ids[0],
        fix,
        &[(F2P, "PASSED"), (P2P, "PASSED"), ("tests/test_b.py::other", "PASSED")],
    );
    evaluated(&out_dir, ids[1], fix, &[(F2P, "FAILED"), (P2P, "PASSED")]);
    evaluated(&out_dir, ids[2], "", &[]);
    evaluated(&out_dir, ids[4], fix, &[(F2P, "PASSED"), (P2P, "SKIPPED")]);
    evaluated(&out_dir, ids[5], fix, &[]);
    std::fs::remove_file(out_dir.join(ids[5]).join("_output.json")).unwrap();
    let verdicts = json!({ids[0]: true, ids[1]: false, ids[2]: false, ids[4]: true, ids[5]: false});
    std::fs::write(out_dir.join("eval_results.json"), verdicts.to_string()).unwrap();
    std::fs::write(out_dir.join("infra_errors.json"), json!({ids[3]: "no arm64 image"}).to_string()).unwrap();

    let out = benchscope(&["import", out_dir.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("infra_errors.json: 1 instance never scored"), "{stderr}");
    assert!(
        stderr.contains(&format!("the verdict of {} differs from its tests", ids[4])),
        "{stderr}"
    );

    let run: Run = read_json(&data.join("runs/pro-eval-claude.json"));
    assert_eq!(
        (run.dataset.as_str(), run.split.as_str()),
        ("swe-bench-pro", "test"),
        "the split holding its instances"
    );
    let result = |id: &str| run.results.iter().find(|r| r.instance_id == id).cloned().unwrap();
    let passed = result(ids[0]);
    assert_eq!(passed.resolved, Some(true));
    assert_eq!(passed.fail_to_pass, Some(TestTally { passed: 1, total: 1 }));
    assert!(
        !passed.tests.contains_key("tests/test_b.py::other"),
        "an unlisted test that passed is left to the log"
    );
    let failed = result(ids[1]);
    assert_eq!(
        (failed.resolved, failed.failure_mode.as_deref()),
        (Some(false), Some("tests_failed"))
    );
    assert_eq!(failed.tests.get(F2P), Some(&TestStatus::Failed));
    assert_eq!(failed.fail_to_pass, Some(TestTally { passed: 0, total: 1 }));
    let empty = result(ids[2]);
    assert_eq!((empty.empty_patch, empty.failure_mode.as_deref()), (true, Some("empty_patch")));
    let broken = result(ids[3]);
    assert_eq!(
        (broken.error.as_deref(), broken.failure_mode.as_deref()),
        (Some("no arm64 image"), Some("harness_error"))
    );
    assert_eq!(result(ids[4]).resolved, Some(true), "the file's verdict is kept");
    assert_eq!(result(ids[5]).failure_mode.as_deref(), Some("incomplete"));
    assert!(
        stderr.contains(&format!(
            "1 instance has no `_output.json` of its tests, so its evaluation did not finish: {}",
            ids[5]
        )),
        "{stderr}"
    );

    let shard: Value = read_json(&data.join(passed.model_patch.as_ref().unwrap()));
    assert_eq!(shard["patches"][ids[0]], fix);
    assert!(passed.log.is_some() && broken.log.is_none());
}

#[test]
fn eval_results_alone_is_a_run_of_verdicts() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    export_demo(&data);
    let file = tmp.path().join("eval_results.json");
    std::fs::write(
        &file,
        json!({"benchscope-demo__unitcalc-1": true, "benchscope-demo__unitcalc-2": false}).to_string(),
    )
    .unwrap();

    let said = benchscope_ok(&["import", file.to_str().unwrap(), "--data", data.to_str().unwrap(), "--run", "pro"]);
    assert!(said.contains("run pro: 2 instances of the 12 of demo/test, 1 resolved"), "{said}");
}
