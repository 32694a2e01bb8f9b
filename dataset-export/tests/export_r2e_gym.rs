//! `benchscope export` of R2E-Gym's task rows: the gold patch it writes out of the commit's
//! parsed hunks applies with git to the file it changes, the hidden tests become the test patch,
//! and an R2E-Gym trajectory, which names its task by the task's image, lands on the task with
//! its tests read from the run that gave its reward.

mod common;

use benchscope_contract::{PatchRole, Run, TestStatus, TestTally};
use common::{benchscope_ok, git_apply, instances, read_json, write_files};
use serde_json::{json, Value};

const IMAGE: &str = "namanjain12/tornado_final:0123456789abcdef0123456789abcdef01234567";
const BEFORE: &str = "\"\"\"Splitting.\"\"\"\n\n\ndef split(text):\n    return text.split(' ')\n";
const AFTER: &str = "\"\"\"Splitting.\"\"\"\n\n\ndef split(text):\n    return text.split()\n";
const HIDDEN_TEST: &str = "from tornado.split import split\n\n\ndef test_spaces():\n    assert split('a  b') == ['a', 'b']\n";

/// A row as R2E-Gym's dataset publishes it, its JSON columns as strings.
fn row() -> Value {
    let line = |kind: &str, content: &str| json!({"content": content, "type": kind});
    let commit = json!({
        "old_commit_hash": "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432", "new_commit_hash": "0123456789abcdef0123456789abcdef01234567",
        "commit_message": "Split on any run of spaces", "commit_date": "2021-03-04T05:06:07", "metadata": {},
        "file_diffs": [{
            "old_file_content": BEFORE, "new_file_content": AFTER,
            "header": {"file": {"path": "tornado/split.py"}, "misc_line": null}, "index_line": null,
            "is_binary_file": false, "binary_line": null,
            "minus_file": {"path": "a/tornado/split.py"}, "plus_file": {"path": "b/tornado/split.py"},
            "hunks": [{"descriptor": {"old_range": {"start": 4, "length": 2}, "new_range": {"start": 4, "length": 2}, "section": ""},
                       "line_group": {"all_lines": [line("context", "def split(text):"), line("deleted", "    return text.split(' ')"), line("added", "    return text.split()")]}}]
        }]
    });
    let before_fix = "==== short test summary info ====\nFAILED r2e_tests/test_1.py::test_spaces - AssertionError\n";
    let execution = json!({"test_file_names": ["test_1.py"], "test_file_codes": [HIDDEN_TEST],
                           "setup_res_code": 0, "old_commit_res_code": 1, "old_commit_res_stdout": before_fix, "new_commit_res_code": 0});
    json!({
        "repo_name": "tornado", "docker_image": IMAGE, "commit_hash": "0123456789abcdef0123456789abcdef01234567",
        "parsed_commit_content": commit.to_string(), "execution_result_content": execution.to_string(),
        "modified_files": ["tornado/split.py"], "modified_entity_summaries": [], "relevant_files": ["tornado/split.py"],
        "num_non_test_files": 1, "num_non_test_func_methods": 1, "num_non_test_lines": 2, "prompt": "Write the issue.",
        "problem_statement": "[ISSUE]\nTitle: split keeps empty fields\n\nSplitting `a  b` gives an empty field.\n[/ISSUE]",
        "expected_output_json": json!({"test_spaces": "PASSED", "test_legacy": "FAILED", "\u{1b}[1mtest_network\u{1b}[0m - timed out": "ERROR"}).to_string()
    })
}

#[test]
fn an_r2e_gym_task_exports_with_patches_git_applies_and_takes_its_trajectories() {
    let tmp = tempfile::tempdir().unwrap();
    let rows = tmp.path().join("R2E-Gym-Lite");
    std::fs::create_dir_all(&rows).unwrap();
    std::fs::write(rows.join("r2e-gym-lite.train.jsonl"), format!("{}\n", row())).unwrap();
    let data = tmp.path().join("data");
    let out = benchscope_ok(&[
        "export",
        rows.join("r2e-gym-lite.train.jsonl").to_str().unwrap(),
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(out.contains("exported 1 instance of r2e-gym-lite/train"), "{out}");
    let [task] = instances(&data, "r2e-gym-lite", "train").try_into().unwrap();
    assert_eq!(
        (task.id.as_str(), task.repo.as_str(), task.category.as_str()),
        (IMAGE, "tornadoweb/tornado", "Internet")
    );
    assert_eq!(task.title, "split keeps empty fields");
    let tests = task.tests.clone().unwrap();
    assert_eq!((tests.fail_to_pass, tests.pass_to_pass), (vec!["test_spaces".to_string()], vec![]));

    // The gold patch turns the commit's parent into the commit, and the test patch adds the
    // hidden test where R2E-Gym's runtime puts it.
    let repo = tmp.path().join("repo");
    write_files(&repo, &json!({"tornado/split.py": BEFORE}));
    assert!(
        git_apply(&repo, &task.patch(PatchRole::Gold).unwrap().diff),
        "the gold patch applies"
    );
    assert_eq!(std::fs::read_to_string(repo.join("tornado/split.py")).unwrap(), AFTER);
    assert!(
        git_apply(&repo, &task.patch(PatchRole::Test).unwrap().diff),
        "the test patch applies"
    );
    assert_eq!(std::fs::read_to_string(repo.join("r2e_tests/test_1.py")).unwrap(), HIDDEN_TEST);

    // DeepSWE's record of the same task, its row under `ds` without an instance id.
    let trajectory = json!({"trajectory_steps": [], "problem_statement": "Fix it.", "docker_image": IMAGE, "ds": {"repo_name": "tornado"},
                            "agent_args": {"llm_name": "agentica-org/DeepSWE-Preview"}, "exit_reason": "agent",
                            "output_patch": task.patch(PatchRole::Gold).unwrap().diff, "reward": 0.0,
                            "test_output": "==== short test summary info ====\nPASSED r2e_tests/test_1.py::test_spaces\nPASSED r2e_tests/test_1.py::test_legacy\n"});
    let source = tmp.path().join("deepswe.jsonl");
    std::fs::write(&source, format!("{trajectory}\n")).unwrap();
    let out = benchscope_ok(&[
        "import",
        source.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "deepswe",
    ]);
    assert!(out.contains("r2e-gym-lite/train"), "{out}");
    let run: Run = read_json(&data.join("runs/deepswe.json"));
    let verdicts: Vec<(&str, Option<bool>)> = run.results.iter().map(|r| (r.instance_id.as_str(), r.resolved)).collect();
    assert_eq!(verdicts, [(IMAGE, Some(false))]);
    // The run of the hidden tests that gave the reward, read against the task's lists, with the
    // tests the fixed code did not pass: passing one of them is what cost this run its reward.
    let result = &run.results[0];
    let statuses: Vec<(&str, TestStatus)> = result.tests.iter().map(|(name, status)| (name.as_str(), *status)).collect();
    assert_eq!(
        statuses,
        [
            ("test_legacy", TestStatus::Passed),
            ("test_network", TestStatus::Missing),
            ("test_spaces", TestStatus::Passed)
        ]
    );
    assert_eq!(result.failure_mode.as_deref(), Some("expected_output_differs"));
    assert_eq!(result.fail_to_pass, Some(TestTally { passed: 1, total: 1 }));
    assert_eq!(result.pass_to_pass, Some(TestTally { passed: 0, total: 0 }));
    assert!(result.log.is_some(), "that run is the instance's log");
}
