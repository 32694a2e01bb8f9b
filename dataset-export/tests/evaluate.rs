//! `benchscope eval` for real: right, wrong and malicious patches on a repository the test
//! builds, the demo's three prediction sets, and bad input.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use benchscope_contract::{Manifest, PatchShard, Run};
use common::*;

/// A one-function repository with a bug, an instance whose test patch adds the failing test,
/// and its exported data directory.
fn calc_fixture(tmp: &Path) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let repo = tmp.join("repos/calc");
    calc_repository(
        &repo,
        "a - b",
        "from calc import add\n\n\ndef test_zero():\n    assert add(0, 0) == 0\n",
    );
    let base = git(&repo, &["rev-parse", "HEAD"]).trim().to_string();
    let diff_of = |path: &str, content: &str| {
        std::fs::write(repo.join(path), content).unwrap();
        let diff = git(&repo, &["diff"]);
        git(&repo, &["checkout", "-q", "--", "."]);
        diff
    };
    let gold = diff_of("calc/__init__.py", "def add(a, b):\n    return a + b\n");
    let test_patch = diff_of(
        "tests/test_calc.py",
        "from calc import add\n\n\ndef test_zero():\n    assert add(0, 0) == 0\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
    );
    let record = serde_json::json!({
        "instance_id": "demo__calc-1", "repo": "demo/calc", "base_commit": base, "problem_statement": "add() subtracts",
        "patch": gold, "test_patch": test_patch,
        "FAIL_TO_PASS": "[\"tests/test_calc.py::test_add\"]", "PASS_TO_PASS": "[\"tests/test_calc.py::test_zero\"]",
    });
    (export_as_calc(tmp, &record), tmp.join("repos"), gold)
}

/// A data directory in `tmp` exporting `record` as the dataset `calc`.
fn export_as_calc(tmp: &Path, record: &serde_json::Value) -> std::path::PathBuf {
    let input = tmp.join("calc.jsonl");
    std::fs::write(&input, format!("{record}\n")).unwrap();
    let data = tmp.join("data");
    benchscope_ok(&[
        "export",
        input.to_str().unwrap(),
        "--dataset",
        "calc",
        "--out",
        data.to_str().unwrap(),
    ]);
    data
}

fn eval(data: &Path, repos: &Path, predictions: &Path, run: &str, timeout: &str) -> std::process::Output {
    run_eval(data, "calc", predictions, repos, run, timeout)
}

fn only_result(data: &Path, run: &str) -> benchscope_contract::InstanceResult {
    let run: Run = read_json(&data.join(format!("runs/{run}.json")));
    run.results.into_iter().next().unwrap()
}

#[test]
fn right_wrong_and_malicious_patches() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, repos, gold) = calc_fixture(tmp.path());
    let escape = tmp.path().join("escaped.txt");
    let predictions = [
        ("right", gold.clone()),
        ("wrong", gold.replace("a + b", "a * b")),
        (
            "traversal",
            "--- /dev/null\n+++ b/../../../escaped.txt\n@@ -0,0 +1 @@\n+owned\n".to_string(),
        ),
        (
            "sleeper",
            gold.replace("+    return a + b", "+    import time\n+    time.sleep(10 ** 6)"),
        ),
    ];
    for (name, patch) in &predictions {
        let file = tmp.path().join(format!("{name}.jsonl"));
        std::fs::write(
            &file,
            format!(
                "{}\n",
                serde_json::json!({"instance_id": "demo__calc-1", "model_name_or_path": name, "model_patch": patch})
            ),
        )
        .unwrap();
        let started = Instant::now();
        let out = eval(&data, &repos, &file, name, "3");
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let result = only_result(&data, name);
        match *name {
            "right" => assert_eq!(result.resolved, Some(true), "{result:?}"),
            "wrong" => assert_eq!(
                (result.resolved, result.failure_mode.as_deref()),
                (Some(false), Some("AssertionError"))
            ),
            "traversal" => {
                assert_eq!(
                    (result.patch_applied, result.failure_mode.as_deref()),
                    (Some(false), Some("patch_failed"))
                );
                assert!(result.error.unwrap().contains("outside the checkout"));
                assert!(!escape.exists(), "nothing was written outside the work tree");
            }
            "sleeper" => {
                assert_eq!(result.failure_mode.as_deref(), Some("timeout"), "{result:?}");
                assert!(started.elapsed().as_secs() < 30, "the endless test was killed at its timeout");
            }
            _ => unreachable!(),
        }
    }
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    let ids: Vec<_> = manifest.runs.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["right", "sleeper", "traversal", "wrong"]);
    let right = only_result(&data, "right");
    let shard: PatchShard = read_json(&data.join(right.model_patch.unwrap()));
    assert_eq!(
        shard.patches["demo__calc-1"], gold,
        "the model patch is stored for on-demand loading"
    );
}

#[test]
fn bad_predictions_end_in_clear_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, repos, _) = calc_fixture(tmp.path());
    let unknown = tmp.path().join("unknown.jsonl");
    std::fs::write(&unknown, "{\"instance_id\": \"nope__x-1\", \"model_patch\": \"\"}\n").unwrap();
    let out = eval(&data, &repos, &unknown, "u", "3");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown.jsonl: no prediction names an instance of calc/test"));
    // Predictions for instances outside the split are named and left out; the others run.
    let mixed = tmp.path().join("mixed.jsonl");
    std::fs::write(
        &mixed,
        "{\"instance_id\": \"nope__x-1\", \"model_patch\": \"\"}\n{\"instance_id\": \"demo__calc-1\", \"model_patch\": \"\"}\n",
    )
    .unwrap();
    let out = eval(&data, &repos, &mixed, "m", "3");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 instance is not in calc/test and is not counted: nope__x-1"));
    let invalid = tmp.path().join("invalid.jsonl");
    std::fs::write(&invalid, "{\"instance_id\": \"demo__calc-1\", \"model_patch\": \n").unwrap();
    let out = eval(&data, &repos, &invalid, "i", "3");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("invalid.jsonl: line 1: malformed JSON"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let truncated = tmp.path().join("report.json");
    std::fs::write(&truncated, "{\"demo__calc-1\": {\"resolved\": tru").unwrap();
    let out = benchscope(&[
        "import",
        truncated.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "calc",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("report.json"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    let runs: Vec<&str> = manifest.runs.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(runs, ["m"], "no run was added by a failed command");
}

/// An instance of a repository in another language (SWE-bench Multilingual's) is not handed to
/// pytest, eval's default command: eval says to give one, and runs nothing.
#[test]
fn other_languages_need_their_test_command() {
    let tmp = tempfile::tempdir().unwrap();
    let record = serde_json::json!({"instance_id": "gin-gonic__gin-1805", "repo": "gin-gonic/gin", "base_commit": "abc",
        "problem_statement": "x", "patch": "", "FAIL_TO_PASS": ["TestRouteParam"], "PASS_TO_PASS": []});
    let data = export_as_calc(tmp.path(), &record);
    let predictions = tmp.path().join("preds.jsonl");
    std::fs::write(&predictions, "{\"instance_id\": \"gin-gonic__gin-1805\", \"model_patch\": \"\"}\n").unwrap();
    std::fs::create_dir(tmp.path().join("repos")).unwrap();
    let out = eval(&data, &tmp.path().join("repos"), &predictions, "go", "3");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("gin-gonic__gin-1805 is an instance of gin-gonic/gin, a Go repository, whose tests pytest (eval's default) does not run: give the command that does with --test-command"),
        "{stderr}"
    );
    assert!(!data.join("runs/go.json").exists(), "nothing stored");
    // A row that states its language (SWE-rebench V2's `language`) of a repository no harness map
    // lists, and no test command, is refused the same way.
    let stated = tmp.path().join("stated");
    std::fs::create_dir(&stated).unwrap();
    let record = serde_json::json!({"instance_id": "pactus-project__pactus-669", "repo": "pactus-project/pactus", "base_commit": "abc",
        "problem_statement": "x", "patch": "", "FAIL_TO_PASS": ["TestX"], "PASS_TO_PASS": [], "language": "go",
        "install_config": {"log_parser": "parse_log_gotest"}});
    let data = export_as_calc(&stated, &record);
    std::fs::write(
        &predictions,
        "{\"instance_id\": \"pactus-project__pactus-669\", \"model_patch\": \"\"}\n",
    )
    .unwrap();
    let out = eval(&data, &tmp.path().join("repos"), &predictions, "go", "3");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("pactus-project__pactus-669 is an instance of pactus-project/pactus, a go repository"),
        "{stderr}"
    );
}

/// Without `--test-command`, an instance runs by the command its record states: SWE-bench-Live's
/// `test_cmds` as written, one after another; SWE-rebench's `install_config.test_cmd` with the
/// test files appended for a Python row, as written for another language (which is then not
/// refused). Each log is read by the parser its row names.
#[test]
fn the_command_a_row_states_runs_its_tests() {
    let pytest = "python3 -m pytest -rA -p no:cacheprovider";
    let cases = [
        (
            "live",
            serde_json::json!({"test_cmds": ["echo stated-first", format!("{pytest} tests/test_calc.py")], "log_parser": "pytest"}),
            format!("[benchscope] $ echo stated-first\n{pytest} tests/test_calc.py\n"),
        ),
        (
            "rebench",
            serde_json::json!({"install_config": {"test_cmd": "python3 -m pytest --no-header -rA -p no:cacheprovider", "log_parser": "parse_log_pytest"}}),
            "[benchscope] $ python3 -m pytest --no-header -rA -p no:cacheprovider 'tests/test_calc.py'\n".to_string(),
        ),
        (
            "stated-language",
            serde_json::json!({"language": "shell", "install_config": {"test_cmd": format!("{pytest} tests"), "log_parser": "parse_log_pytest"}}),
            format!("[benchscope] $ {pytest} tests\n"),
        ),
    ];
    for (name, fields, head) in cases {
        let tmp = tempfile::tempdir().unwrap();
        let (plain, repos, gold) = calc_fixture(tmp.path());
        let mut record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(tmp.path().join("calc.jsonl")).unwrap()).unwrap();
        record.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
        std::fs::remove_dir_all(&plain).unwrap();
        let data = export_as_calc(tmp.path(), &record);
        let file = tmp.path().join("right.jsonl");
        std::fs::write(
            &file,
            format!("{}\n", serde_json::json!({"instance_id": "demo__calc-1", "model_patch": gold})),
        )
        .unwrap();
        let out = eval(&data, &repos, &file, name, "60");
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let log = std::fs::read_to_string(data.join(format!("runs/{name}/logs/demo__calc-1.log"))).unwrap();
        assert!(log.starts_with(&head), "{name}: {log}");
        assert_eq!(only_result(&data, name).resolved, Some(true), "{name}: {log}");
        let run: Run = read_json(&data.join(format!("runs/{name}.json")));
        assert!(
            run.notes
                .iter()
                .any(|n| n == "1 instance run by the test command its record states"),
            "{name}: {:?}",
            run.notes
        );
    }
}

/// The demo's three prediction sets, evaluated on its own repositories.
#[test]
fn demo_prediction_sets() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root();
    let repos = tmp.path().join("repos");
    let status = Command::new("python3")
        .arg(root.join("demo/build.py"))
        .args(["--check", "--repos-out"])
        .arg(&repos)
        .status()
        .unwrap();
    assert!(status.success());
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "export",
        root.join("demo/demo.jsonl").to_str().unwrap(),
        "--dataset",
        "demo",
        "--split",
        "test",
        "--out",
        data.to_str().unwrap(),
    ]);
    for set in ["gold", "partly-right", "failure-modes"] {
        let predictions = root.join(format!("demo/predictions/{set}.jsonl"));
        benchscope_ok(&[
            "eval",
            "--data",
            data.to_str().unwrap(),
            "--dataset",
            "demo",
            "--predictions",
            predictions.to_str().unwrap(),
            "--repos",
            repos.to_str().unwrap(),
            "--run",
            set,
            "--timeout",
            "8",
        ]);
    }
    let resolved = |set: &str| -> usize {
        read_json::<Run>(&data.join(format!("runs/{set}.json")))
            .results
            .iter()
            .filter(|r| r.resolved == Some(true))
            .count()
    };
    assert_eq!((resolved("gold"), resolved("partly-right"), resolved("failure-modes")), (12, 6, 2));
    let run: Run = read_json(&data.join("runs/failure-modes.json"));
    let mut modes: Vec<String> = run.results.iter().filter_map(|r| r.failure_mode.clone()).collect();
    modes.sort();
    assert_eq!(
        modes,
        [
            "AttributeError",
            "NameError",
            "TypeError",
            "collection_error",
            "empty_patch",
            "patch_failed",
            "patch_failed",
            "timeout"
        ]
    );
}

/// `--test-command` replaces pytest's invocation (here its verbose form) and `--workers` bounds
/// the parallelism; the command is recorded at the head of the stored log.
#[test]
fn custom_test_command_and_workers() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, repos, gold) = calc_fixture(tmp.path());
    let file = tmp.path().join("right.jsonl");
    std::fs::write(
        &file,
        format!("{}\n", serde_json::json!({"instance_id": "demo__calc-1", "model_patch": gold})),
    )
    .unwrap();
    let command = "python3 -m pytest -v -p no:cacheprovider {tests}";
    benchscope_ok(&[
        "eval",
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "calc",
        "--predictions",
        file.to_str().unwrap(),
        "--repos",
        repos.to_str().unwrap(),
        "--run",
        "verbose",
        "--workers",
        "1",
        "--test-command",
        command,
    ]);
    assert_eq!(
        only_result(&data, "verbose").resolved,
        Some(true),
        "graded from pytest's verbose lines"
    );
    let log = std::fs::read_to_string(data.join("runs/verbose/logs/demo__calc-1.log")).unwrap();
    assert!(
        log.starts_with("[benchscope] $ python3 -m pytest -v -p no:cacheprovider 'tests/test_calc.py'"),
        "{log}"
    );
}
