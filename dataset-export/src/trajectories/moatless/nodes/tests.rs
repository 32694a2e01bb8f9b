use super::*;
use serde_json::json;
use std::path::Path;

fn read(document: &Value) -> Trajectory {
    let read = crate::trajectories::read_bytes(document.to_string().as_bytes(), Path::new("o__r-1/trajectory.json")).unwrap();
    assert_eq!(read.len(), 1);
    read.into_iter().next().unwrap()
}

fn tools(trajectory: &Trajectory) -> Vec<&str> {
    trajectory.steps.iter().map(|s| s.tool.as_deref().unwrap_or_default()).collect()
}

fn step(class: &str, fields: Value, observation: &str) -> Value {
    let mut action = fields;
    action["action_args_class"] = json!(format!("moatless.actions.x.{class}Args"));
    json!({"action": action, "observation": {"message": observation, "terminal": class == "Finish", "properties": {}}})
}

/// A flow's file as Moatless Tools writes it since mid-2025 (`AgenticFlow.get_trajectory_data`):
/// the nodes a list, each call's usage in its attempts, its steps timed, the node the run chose
/// named by the root's discriminator.
#[test]
fn a_flows_nodes_read_along_the_branch_the_run_chose() {
    let usage = |tokens_in: u64, cost: f64| json!({"model": "gpt-5", "attempts": [{"usage": {"prompt_tokens": tokens_in, "completion_tokens": 10, "completion_cost": cost}}]});
    let document = json!({
        "trajectory_id": "o__r-1", "project_id": "eval", "metadata": {"instance_id": "o__r-1"},
        "nodes": [
            {"node_id": 0, "user_message": "Fix the parser.", "discriminator_result": {"selected_node_id": 2}, "parent_id": null},
            {"node_id": 1, "parent_id": 0, "thoughts": {"text": "Look first."}, "completions": {"build_action": usage(100, 0.5)},
             "action_steps": [{"action": {"command": "ls", "action_args_class": "moatless.actions.run_python.RunPythonCodeArgs"},
                               "observation": {"message": "p.py"}, "start_time": "2025-08-01T10:00:00", "end_time": "2025-08-01T10:00:30"}]},
            {"node_id": 2, "parent_id": 1, "terminal": true, "completions": {"build_action": usage(200, 0.25)},
             "action_steps": [step("Finish", json!({"finish_reason": "Done."}), "Done.")]},
            {"node_id": 3, "parent_id": 1, "terminal": true, "completions": {"build_action": usage(300, 0.25)},
             "action_steps": [step("Finish", json!({"finish_reason": "Also done."}), "Also done.")]}
        ]
    });
    let trajectory = read(&document);
    assert_eq!(trajectory.format, FORMAT);
    assert_eq!(trajectory.instance_id, "o__r-1");
    assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
    assert_eq!(
        tools(&trajectory),
        ["RunPythonCode", "Finish"],
        "node 2's branch, not the later node 3's"
    );
    assert_eq!(trajectory.steps[0].thought, "Look first.");
    assert_eq!(trajectory.steps[0].tokens_in, Some(100));
    assert_eq!(
        (trajectory.steps[1].action.as_str(), trajectory.steps[1].observation.as_str()),
        ("Finish Done.", ""),
        "its reason said once"
    );
    assert_eq!(trajectory.exit_status.as_deref(), Some("finished (1 other branch not shown)"));
    // What the run spent is every node's, on every branch.
    assert_eq!(
        (trajectory.tokens_in, trajectory.tokens_out, trajectory.api_calls),
        (Some(600), Some(30), Some(3))
    );
    assert_eq!(trajectory.cost, Some(1.0));
    assert_eq!((trajectory.seconds, trajectory.date.as_deref()), (Some(30.0), Some("2025-08-01")));
    assert_eq!(trajectory.model.as_deref(), Some("gpt-5"));
}

/// A search tree nested under `root`: without a choice recorded, the best rewarded finished
/// node's branch; an error is how a branch ended.
#[test]
fn a_nested_tree_shows_its_best_finished_branch() {
    let finish = |id: u64, value: i64| {
        json!({"node_id": id, "terminal": true, "reward": {"value": value}, "children": [],
                                              "action_steps": [step("Finish", json!({"thoughts": "Done.", "finish_reason": "Done."}), "Done.")]})
    };
    let document = json!({
        "metadata": {"instance_id": "o__r-1"},
        "root": {"node_id": 0, "user_message": "Fix it.", "children": [
            {"node_id": 1, "action_steps": [step("ViewCode", json!({"files": [{"file_path": "p.py"}]}), "code")],
             "children": [finish(2, 40), finish(3, 90), finish(4, 90 - 100)]},
            {"node_id": 5, "error": "Traceback\nRuntimeError: boom\n", "children": []}
        ]}
    });
    let trajectory = read(&document);
    assert_eq!(tools(&trajectory), ["ViewCode", "Finish"]);
    assert_eq!(trajectory.steps[0].action, "ViewCode file_path=p.py");
    assert_eq!(trajectory.steps[0].action_form, ActionForm::Call);
    assert_eq!(trajectory.steps[1].thought, "Done.");
    assert_eq!(trajectory.exit_status.as_deref(), Some("finished (3 other branches not shown)"));
    let errored = json!({"metadata": {}, "root": {"node_id": 0, "user_message": "Fix it.", "children": [
        {"node_id": 1, "error": "Traceback\nRuntimeError: boom\n", "children": []}]}});
    assert_eq!(read(&errored).exit_status.as_deref(), Some("error: RuntimeError: boom"));
}

/// An edit is drawn as the change its observation says it made, placed at its line; its fields
/// without the texts the diff shows. One the observation does not record is drawn as asked.
#[test]
fn an_edit_is_drawn_as_made_else_as_asked() {
    let diff = "--- p.py\n+++ p.py\n@@ -3,3 +3,3 @@\n def f():\n-    return 1\n+    return 2\n \n";
    let replace = json!({"action": {"path": "p.py", "old_str": "return 1", "new_str": "return 2", "action_args_class": "moatless.actions.string_replace.StringReplaceArgs"},
                         "observation": {"message": "The file p.py has been edited.", "properties": {"diff": diff}}});
    let asked = json!({"action": {"path": "q.py", "old_str": "a", "new_str": "b", "action_args_class": "moatless.actions.string_replace.StringReplaceArgs"},
                       "observation": {"message": "No changes were made.", "properties": {"fail_reason": "string_not_found"}}});
    let document = json!({"nodes": [
        {"node_id": 0, "user_message": "Fix it."},
        {"node_id": 1, "parent_id": 0, "action_steps": [replace, asked],
         "file_context": {"files": [{"file_path": "p.py", "patch": "--- a/p.py\n+++ b/p.py\n"}, {"file_path": "q.py"}]}}
    ]});
    let trajectory = read(&document);
    let [made, tried] = trajectory.steps.as_slice() else {
        panic!("{:?}", trajectory.steps)
    };
    assert_eq!(made.action, "StringReplace p.py");
    let edit = made.edit.as_ref().unwrap();
    assert_eq!((edit.first_line, edit.before.as_str()), (Some(3), "def f():\n    return 1\n\n"));
    assert_eq!(made.observation, "The file p.py has been edited.");
    let edit = tried.edit.as_ref().unwrap();
    assert_eq!((edit.path.as_str(), edit.first_line, edit.after.as_str()), ("q.py", None, "b"));
    assert_eq!(trajectory.submission.as_deref(), Some("--- a/p.py\n+++ b/p.py\n"));
    assert_eq!(trajectory.exit_status, None, "a run that did not end says nothing of how");
}

/// Late 2024's nodes hold one `action` and its `output`, the node's calls by name.
#[test]
fn late_2024_nodes_read_their_one_action() {
    let document = json!({"nodes": [
        {"node_id": 0, "message": "Fix it.", "parent_id": null},
        {"node_id": 1, "parent_id": 0, "action": {"thoughts": "Search.", "query": "parse", "action_args_class": "moatless.actions.semantic_search.SemanticSearchArgs"},
         "output": {"message": "Found 2 spans."}, "completions": {"build_action": {"model": "m", "usage": {"prompt_tokens": 5, "completion_tokens": 1, "completion_cost": 0.5}}}}
    ]});
    let trajectory = read(&document);
    assert_eq!(trajectory.task.as_deref(), Some("Fix it."));
    let [search] = trajectory.steps.as_slice() else { panic!() };
    assert_eq!(
        (search.tool.as_deref(), search.thought.as_str(), search.action.as_str()),
        (Some("SemanticSearch"), "Search.", "SemanticSearch parse")
    );
    assert_eq!(search.observation, "Found 2 spans.");
    assert_eq!((search.tokens_in, search.cost), (Some(5), Some(0.5)));
}

/// Other documents with nodes are not Moatless's.
#[test]
fn nodes_without_ids_are_not_a_moatless_tree() {
    assert!(!MoatlessNodes.detect(&json!({"nodes": [{"id": 1}]})));
    assert!(!MoatlessNodes.detect(&json!({"root": {"node_id": 0}})));
    assert!(MoatlessNodes.detect(&json!({"root": {"node_id": 0, "children": []}})));
}

/// A folder's JSON files are told by their first kilobytes: a loop's settings and agent come
/// before its nodes.
#[test]
fn a_tree_is_told_by_how_its_file_begins() {
    assert!(begins_as_trajectory(
        "{\n  \"trajectory_id\": \"t\",\n  \"nodes\": [\n    {\n      \"node_id\": 0,"
    ));
    assert!(begins_as_trajectory(
        "{\n  \"metadata\": {},\n  \"max_iterations\": 10,\n  \"agent\": {\n    \"system_prompt\": \"You are"
    ));
    assert!(!begins_as_trajectory("{\"nodes\": [{\"id\": 0}]"));
}

/// A search tree run as a loop (one expansion a node) nests each step in the one before, two
/// levels a node: a hundred and fifty steps are past serde_json's own limit of 128.
#[test]
fn a_deep_chain_of_nested_nodes_reads_whole() {
    let mut node = json!({"node_id": 150, "terminal": true, "children": [], "action_steps": [step("Finish", json!({"finish_reason": "Done."}), "Done.")]});
    for id in (1..150).rev() {
        node = json!({"node_id": id, "children": [node], "action_steps": [step("ViewCode", json!({"files": [{"file_path": "p.py"}]}), "code")]});
    }
    let document = json!({"metadata": {"instance_id": "o__r-1"}, "root": {"node_id": 0, "user_message": "Fix it.", "children": [node]}});
    let trajectory = read(&document);
    assert_eq!(trajectory.steps.len(), 150);
    assert_eq!(trajectory.exit_status.as_deref(), Some("finished"));
}

/// The submission is what Moatless Tools evaluates: its files' patches without the tests'.
#[test]
fn the_submission_leaves_out_the_tests_moatless_would() {
    for test in [
        "tests/a.py",
        "pkg/testing/a.py",
        "test_a.py",
        "pkg/tests_a.py",
        "pkg/unittest_a.py",
        "a_test.py",
        "pkg/test.py",
        "tests.py",
    ] {
        assert!(is_test(test), "{test}");
    }
    for code in ["pkg/a.py", "pkg/testament.py", "pkg/contest_a.py", "test_data.json", "latest/a.py"] {
        assert!(!is_test(code), "{code}");
    }
    let files =
        json!([{"file_path": "p.py", "patch": "--- a/p.py\n"}, {"file_path": "tests/test_p.py", "patch": "--- a/tests/test_p.py\n"}]);
    let document = json!({"nodes": [
        {"node_id": 0, "user_message": "Fix it."},
        {"node_id": 1, "parent_id": 0, "terminal": true, "file_context": {"files": files},
         "evaluation_result": {"resolved": true, "start_time": "2025-08-01T10:00:00", "end_time": "2025-08-01T10:05:00"},
         "action_steps": [step("Finish", json!({"finish_reason": "Done."}), "Done.")]}
    ]});
    let trajectory = read(&document);
    assert_eq!(trajectory.submission.as_deref(), Some("--- a/p.py\n"));
    assert_eq!(trajectory.reward, Some(1.0), "the evaluation Moatless ran on the node shown");
}

/// An action of several fields is its name over them, a line each; of none, its name.
#[test]
fn an_action_of_several_fields_lists_them_under_its_name() {
    let find = json!({"action": {"thoughts": "Find it.", "class_name": "Parser", "file_pattern": "*.py", "action_args_class": "moatless.actions.find_class.FindClassArgs"},
                      "observation": {"message": "Found 1 class."}});
    let diff =
        json!({"action": {"action_args_class": "moatless.actions.view_diff.ViewDiffArgs"}, "observation": {"message": "No changes."}});
    let blank = json!({"action": {"query": "", "action_args_class": "moatless.actions.semantic_search.SemanticSearchArgs"}});
    // The root names a choice the file does not hold: the last node's branch is shown.
    let document = json!({"nodes": [{"node_id": 0, "user_message": "Fix it.", "discriminator_result": {"selected_node_id": 9}},
                                    {"node_id": 1, "parent_id": 0, "action_steps": [find, diff, blank]}]});
    let trajectory = read(&document);
    let actions: Vec<&str> = trajectory.steps.iter().map(|s| s.action.as_str()).collect();
    assert_eq!(
        actions,
        ["FindClass\nclass_name: Parser\nfile_pattern: *.py", "ViewDiff", "SemanticSearch"]
    );
}
