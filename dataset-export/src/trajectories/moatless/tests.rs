use super::*;
use serde_json::json;
use std::path::Path;

fn read(document: &Value, name: &str) -> Trajectory {
    let read = super::super::read_bytes(document.to_string().as_bytes(), Path::new(name)).unwrap();
    assert_eq!(read.len(), 1);
    read.into_iter().next().unwrap()
}

fn shown(trajectory: &Trajectory) -> Vec<(&str, Option<&str>, &str, &str)> {
    trajectory
        .steps
        .iter()
        .map(|s| (s.thought.as_str(), s.tool.as_deref(), s.action.as_str(), s.observation.as_str()))
        .collect()
}

/// June 2024's shape (fields in name order, as the import keeps JSON objects): the thoughts
/// over the call, an edit's new text as `content`, the change it made in the output's message,
/// each action's cost.
#[test]
fn a_june_trajectory_reads_its_plans_and_edits() {
    let document = json!({
        "name": "AgenticLoop",
        "initial_message": "Parsing drops the last field.",
        "transitions": [
            {"name": "PlanToCode", "properties": {"model": "gpt-4o-2024-05-13", "temperature": 0.0},
             "actions": [{"action": {"thoughts": "The split is wrong.", "action": {"instructions": "Split on any space.", "file_path": "p.py", "span_id": "parse"}},
                          "output": {"instructions": "Split on any space.", "file_path": "p.py", "span_id": "parse", "start_line": 3, "end_line": 5},
                          "completion_cost": 0.25}]},
            {"name": "EditCode", "properties": {"model": "claude-3-opus-20240229", "file_path": "p.py", "span_id": "parse"},
             "actions": [{"action": {"content": "<replace>\n    return t.split()\n"},
                          "output": {"message": "Applied change:\n\n```diff\n--- p.py\n+++ p.py\n@@ -3,3 +3,3 @@\n def parse(t):\n-    return t.split(' ')\n+    return t.split()\n \n```"},
                          "completion_cost": 0.5}]},
            {"name": "Finished", "properties": {"message": "Fixed."}, "actions": []}
        ],
        "info": {"evaluation_name": "20240616_moatless", "instance_id": "o__r-1", "trace_id": "coder_o__r-1_20240616-074447",
                 "completed": true, "duration": 32.5, "total_cost": 0.75, "submission": "diff --git a/p.py b/p.py\n"}
    });
    let trajectory = read(&document, "o__r-1.json");
    assert_eq!(
        (trajectory.format.as_str(), trajectory.instance_id.as_str()),
        ("moatless", "o__r-1")
    );
    assert_eq!(
        (trajectory.agent.as_deref(), trajectory.model.as_deref()),
        (Some("Moatless Tools"), Some("gpt-4o-2024-05-13")),
        "the first state's model where the loop names none"
    );
    assert_eq!(
        (
            trajectory.exit_status.as_deref(),
            trajectory.cost,
            trajectory.seconds,
            trajectory.date.as_deref()
        ),
        (Some("completed"), Some(0.75), Some(32.5), Some("2024-06-16"))
    );
    assert_eq!(trajectory.task.as_deref(), Some("Parsing drops the last field."));
    assert_eq!(trajectory.submission.as_deref(), Some("diff --git a/p.py b/p.py\n"));
    assert_eq!(
        shown(&trajectory),
        [
            (
                "The split is wrong.",
                Some("PlanToCode"),
                "file_path: p.py\ninstructions: Split on any space.\nspan_id: parse",
                "end_line: 5\nfile_path: p.py\ninstructions: Split on any space.\nspan_id: parse\nstart_line: 3"
            ),
            ("", Some("EditCode"), "<replace>\n    return t.split()\n", "Applied change:"),
        ]
    );
    assert_eq!(
        trajectory.steps.iter().map(|s| s.action_form).collect::<Vec<_>>(),
        [ActionForm::Words, ActionForm::Python],
        "a request's fields are words, an edit of a Python file's span is Python"
    );
    assert_eq!(trajectory.steps[0].cost, Some(0.25));
    let edit = trajectory.steps[1].edit.as_ref().expect("the change as an edit");
    assert_eq!(
        (edit.path.as_str(), edit.before.as_str(), edit.after.as_str(), edit.first_line),
        (
            "p.py",
            "def parse(t):\n    return t.split(' ')\n\n",
            "def parse(t):\n    return t.split()\n\n",
            Some(3)
        )
    );
    assert_eq!((trajectory.api_calls, trajectory.tokens_in), (Some(2), None));
}

/// August 2024's shape: the request's scratch pad and its fields, the response's trigger and
/// output, each completion's tokens and cost; a loop stopped by an error ends on its last line.
#[test]
fn an_august_trajectory_reads_its_requests_and_responses() {
    let document = json!({
        "name": "MoatlessTools",
        "transition_rules": {"global_params": {"model": "claude-3-5-sonnet-20240620", "temperature": 0.2}, "transition_rules": []},
        "workspace": {"repository": {"type": "git", "commit": "abc"}},
        "initial_message": "Add a hook.",
        "current_transition_id": 2,
        "transitions": [
            {"id": 0, "name": "Pending"},
            {"id": 1, "name": "SearchCode", "previous_state_id": 0, "properties": {"model": "claude-3-5-sonnet-20240620"},
             "actions": [{"request": {"scratch_pad": "Look at the admin.", "search_requests": [
                              {"file_pattern": "admin/options.py", "query": "inlines", "class_names": [], "function_names": ["get_inline_instances"]}],
                              "complete": false},
                          "response": {"trigger": "did_search", "output": {"ranked_spans": [{"file_path": "admin/options.py", "span_id": "ModelAdmin", "rank": 0, "tokens": 173}]}},
                          "completion": {"model": "claude-3-5-sonnet-20240620", "input": [{"role": "user", "content": "..."}],
                                         "usage": {"completion_cost": 0.02, "completion_tokens": 120, "prompt_tokens": 3000}}}]},
            {"id": 2, "name": "PlanToCode", "previous_state_id": 1, "properties": {"model": "openrouter/anthropic/claude-3.5-sonnet"},
             "actions": [{"request": {"scratch_pad": "Add get_inlines.", "action": "modify", "instructions": "Add the hook.", "file_path": "admin/options.py", "span_id": "ModelAdmin"},
                          "response": {"trigger": "edit_code", "output": {"instructions": "Add the hook.", "file_path": "admin/options.py", "span_id": "ModelAdmin", "start_line": 538, "end_line": 572}},
                          "completion": {"usage": {"completion_cost": 0.06, "completion_tokens": 279, "prompt_tokens": 20152}}}]}
        ],
        "info": {"instance_id": "django__django-11095", "trace_id": "coder_django__django-11095_20240817-203613", "status": "error",
                 "error": "Traceback (most recent call last):\n  File \"loop.py\", line 208\nRuntimeError: The loop was aborted because the cost exceeded the limit.\n",
                 "duration": 132.8, "total_cost": 0.5, "submission": ""}
    });
    let trajectory = read(&document, "trajectory.json");
    assert_eq!(trajectory.instance_id, "django__django-11095");
    assert_eq!(trajectory.model.as_deref(), Some("claude-3-5-sonnet-20240620"));
    assert_eq!(
        trajectory.exit_status.as_deref(),
        Some("error: RuntimeError: The loop was aborted because the cost exceeded the limit.")
    );
    assert_eq!(
        (trajectory.submission.as_deref(), trajectory.date.as_deref()),
        (None, Some("2024-08-17"))
    );
    assert_eq!(
        shown(&trajectory),
        [
            (
                "Look at the admin.",
                Some("SearchCode"),
                "complete: false\nsearch_requests: file_pattern=admin/options.py function_names=[\"get_inline_instances\"] query=inlines",
                "→ did_search\nranked_spans: file_path=admin/options.py rank=0 span_id=ModelAdmin tokens=173"
            ),
            (
                "Add get_inlines.",
                Some("PlanToCode"),
                "action: modify\nfile_path: admin/options.py\ninstructions: Add the hook.\nspan_id: ModelAdmin",
                "→ edit_code\nend_line: 572\nfile_path: admin/options.py\ninstructions: Add the hook.\nspan_id: ModelAdmin\nstart_line: 538"
            ),
        ]
    );
    assert_eq!(
        (
            trajectory.steps[0].tokens_in,
            trajectory.steps[0].tokens_out,
            trajectory.steps[0].cost
        ),
        (Some(3000), Some(120), Some(0.02))
    );
    assert_eq!(
        (trajectory.tokens_in, trajectory.tokens_out, trajectory.api_calls),
        (Some(23152), Some(399), Some(2))
    );
}

#[test]
fn a_diff_of_more_than_one_hunk_stays_words() {
    let diff = "--- a.py\n+++ a.py\n@@ -1,1 +1,1 @@\n-a\n+b\n@@ -9,1 +9,1 @@\n-c\n+d\n";
    assert!(edit_of_diff(diff).is_none());
    assert_eq!(fenced_diff("Applied change:\n\n```diff\n-a\n+b\n```").as_deref(), Some("-a\n+b\n"));
    assert!(begins_as_trajectory("{\n  \"name\": \"MoatlessTools\",\n  \"transition_rules\": {"));
    assert!(!begins_as_trajectory("{\"name\": \"Other\"}"));
}
