use super::*;
use serde_json::json;

/// A summary as pytest prints it with `-rA`, the way R2E-Gym runs its hidden tests.
const BEFORE: &str = "collected 3 items\n\nr2e_tests/test_1.py .F.\n\n\
    ================ short test summary info ================\n\
    PASSED r2e_tests/test_1.py::test_parse_empty\n\
    FAILED r2e_tests/test_1.py::TestSplit::test_spaces - AssertionError: assert ['a', '', 'b'] == ['a', 'b']\n\
    PASSED r2e_tests/test_1.py::test_legacy\n";

/// A row in the shape R2E-Gym's dataset publishes (its JSON columns as strings), with a commit
/// that changes a module and its own test, and one hidden test file.
fn row() -> Map<String, Value> {
    let line = |kind: &str, content: &str| json!({"content": content, "type": kind});
    let file_diff = |path: &str, lines: Vec<Value>| {
        json!({
            "old_file_content": "", "new_file_content": "",
            "header": {"file": {"path": path}, "misc_line": null},
            "index_line": {"old_commit_hash": "1a2b3c4", "new_commit_hash": "5d6e7f8", "mode": "100644"},
            "is_binary_file": false, "binary_line": null,
            "minus_file": {"path": format!("a/{path}")}, "plus_file": {"path": format!("b/{path}")},
            "hunks": [{"descriptor": {"old_range": {"start": 3, "length": 2}, "new_range": {"start": 3, "length": 2}, "section": "def split(text):"},
                       "line_group": {"all_lines": lines}, "ast_diff": null}]
        })
    };
    let commit = json!({
        "old_commit_hash": "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432",
        "new_commit_hash": "0123456789abcdef0123456789abcdef01234567",
        "commit_message": "Split on any run of spaces",
        "commit_date": "2021-03-04T05:06:07",
        "metadata": {},
        "file_diffs": [
            file_diff("tornado/split.py", vec![line("context", "def split(text):"), line("deleted", "    return text.split(' ')"), line("added", "    return text.split()")]),
            file_diff("tornado/test/split_test.py", vec![line("context", "def test():"), line("deleted", "    pass"), line("added", "    assert split('a  b') == ['a', 'b']")]),
            file_diff("docs/notes.rst", vec![line("context", "Notes"), line("added", "Split fixed.")]),
        ]
    });
    let execution = json!({
        "test_file_names": ["test_1.py"],
        "test_file_codes": ["from tornado.split import split\n\ndef test_parse_empty():\n    assert split('') == []\n"],
        "setup_res_code": 0, "setup_res_stdout": "", "setup_res_stderr": "",
        "old_commit_res_code": 1, "old_commit_res_stdout": BEFORE, "old_commit_res_stderr": "",
        "new_commit_res_code": 0, "new_commit_res_stdout": "", "new_commit_res_stderr": ""
    });
    let expected = json!({"test_parse_empty": "PASSED", "TestSplit.test_spaces": "PASSED", "test_legacy": "FAILED"});
    json!({
        "repo_name": "tornado",
        "docker_image": "namanjain12/tornado_final:0123456789abcdef0123456789abcdef01234567",
        "commit_hash": "0123456789abcdef0123456789abcdef01234567",
        "parsed_commit_content": commit.to_string(),
        "execution_result_content": execution.to_string(),
        "modified_files": ["tornado/split.py", "tornado/test/split_test.py", "docs/notes.rst"],
        "modified_entity_summaries": [], "relevant_files": ["tornado/split.py"],
        "num_non_test_files": 1, "num_non_test_func_methods": 1, "num_non_test_lines": 2,
        "prompt": "Write an issue for this commit.",
        "problem_statement": "[ISSUE]\nTitle: `split` keeps empty fields between spaces\n\nSplitting `a  b` gives `['a', '', 'b']`.\n[/ISSUE]",
        "expected_output_json": expected.to_string()
    })
    .as_object()
    .cloned()
    .unwrap()
}

fn normalize(record: Map<String, Value>) -> Result<Instance, FieldError> {
    R2eGym.normalize(record, &Location::Line(1))
}

#[test]
fn a_row_reads_as_a_task_named_by_its_image() {
    let record = row();
    assert!(R2eGym.detect(&record));
    assert_eq!(super::super::detect(&record).map(|f| f.name()), Some("r2e-gym"));
    let mut swe_bench_copy = record.clone();
    for (key, value) in [
        ("instance_id", "o__r-1"),
        ("repo", "o/r"),
        ("patch", "diff --git a/x b/x\n"),
        ("FAIL_TO_PASS", "[]"),
    ] {
        swe_bench_copy.insert(key.into(), json!(value));
    }
    assert_eq!(
        super::super::detect(&swe_bench_copy).map(|f| f.name()),
        Some("swe-bench"),
        "a SWE-bench row R2E-Gym republished keeps SWE-bench's patch and tests"
    );
    let instance = normalize(record).unwrap();
    assert_eq!(instance.id, "namanjain12/tornado_final:0123456789abcdef0123456789abcdef01234567");
    assert_eq!(instance.repo, "tornadoweb/tornado");
    assert_eq!(instance.title, "`split` keeps empty fields between spaces");
    assert_eq!(instance.base_commit.as_deref(), Some("9f8e7d6c5b4a39281706f5e4d3c2b1a098765432"));
    assert_eq!(instance.created_at.as_deref(), Some("2021-03-04T05:06:07"));
    let labels: Vec<(&str, &str)> = instance.documents.iter().map(|d| (d.label.as_str(), d.markdown.as_str())).collect();
    assert_eq!(
        labels,
        [
            (
                "Problem statement",
                "Title: `split` keeps empty fields between spaces\n\nSplitting `a  b` gives `['a', '', 'b']`."
            ),
            ("Commit message", "Split on any run of spaces"),
        ]
    );
    assert_eq!(instance.extra["expected_output"]["test_legacy"], "FAILED");
    assert_eq!(instance.extra["old_commit_res_code"], 1);
    assert!(!instance.extra.contains_key("parsed_commit_content"), "the commit is its patches");
    assert_eq!(instance.extra["relevant_files"], json!(["tornado/split.py"]));
}

/// The gold patch is the Python change outside the tests, as R2E-Gym's `get_patch` writes it,
/// and reads back as the change it is; the test patch adds the hidden test.
#[test]
fn the_commit_becomes_the_gold_patch_and_the_hidden_tests_the_test_patch() {
    let instance = normalize(row()).unwrap();
    let gold = &instance.patch(PatchRole::Gold).unwrap().diff;
    assert_eq!(
        gold,
        "diff --git a/tornado/split.py b/tornado/split.py\nindex 1a2b3c4..5d6e7f8 100644\n\
         --- a/tornado/split.py\n+++ b/tornado/split.py\n@@ -3,2 +3,2 @@ def split(text):\n \
         def split(text):\n-    return text.split(' ')\n+    return text.split()\n"
    );
    let files = benchscope_contract::patch::parse_patch(gold);
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].new_path.as_deref(), Some("tornado/split.py"));
    let test = &instance.patch(PatchRole::Test).unwrap().diff;
    let files = benchscope_contract::patch::parse_patch(test);
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].new_path.as_deref(), Some("r2e_tests/test_1.py"));
    let added: Vec<&str> = files[0].hunks[0].lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        added,
        [
            "from tornado.split import split",
            "",
            "def test_parse_empty():",
            "    assert split('') == []"
        ]
    );
}

/// A test expected to pass that failed before the fix is fail-to-pass; one that passed then is
/// pass-to-pass; one expected to fail is neither (it stays in the expected output).
#[test]
fn the_run_before_the_fix_splits_the_tests_expected_to_pass() {
    let tests = normalize(row()).unwrap().tests.unwrap();
    assert_eq!(tests.fail_to_pass, ["TestSplit.test_spaces"]);
    assert_eq!(tests.pass_to_pass, ["test_parse_empty"]);
}

#[test]
fn names_are_compared_as_r2e_gym_compares_them() {
    let coloured = "short test summary info\n\u{1b}[32mPASSED\u{1b}[0m r2e_tests/test_1.py::\u{1b}[1mtest_a\u{1b}[0m\nERROR r2e_tests/test_1.py::test_b - ImportError\n";
    let read = statuses(coloured);
    assert_eq!(read.get("test_a").map(String::as_str), Some("PASSED"));
    assert_eq!(read.get("test_b").map(String::as_str), Some("ERROR"));
    assert!(statuses("no summary").is_empty());
}

#[test]
fn a_row_without_its_commit_or_a_name_is_refused_naming_the_field() {
    let mut broken = row();
    broken.insert("parsed_commit_content".into(), json!("{not json"));
    assert!(normalize(broken).unwrap_err().field.as_deref() == Some("parsed_commit_content"));
    let mut nameless = row();
    nameless.remove("docker_image");
    assert!(normalize(nameless).unwrap_err().field.as_deref() == Some("docker_image"));
    let mut named = row();
    named.insert("instance_id".into(), json!("tornado__tornado-0123456"));
    assert_eq!(normalize(named).unwrap().id, "tornado__tornado-0123456");
}

/// Real pytest outputs, plain and coloured, read as R2E-Gym's own `parse_log_pytest` and
/// `decolor_dict_keys` read them (`tests/fixtures/r2e_gym/generate.py` ran them), its quirks
/// too: a test id holding " - " is cut there, and `::` inside one becomes a dot.
#[test]
fn pytest_outputs_read_as_r2e_gym_reads_them() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/r2e_gym");
    let expected: BTreeMap<String, BTreeMap<String, String>> =
        serde_json::from_str(&std::fs::read_to_string(fixtures.join("expected.json")).unwrap()).unwrap();
    assert_eq!(expected.len(), 2);
    for (case, official) in expected {
        let output = std::fs::read_to_string(fixtures.join(format!("corpus/{case}.txt"))).unwrap();
        assert_eq!(statuses(&output), official, "{case}");
    }
}
