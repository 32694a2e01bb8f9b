//! What `benchscope export` refuses, and how: bad records named by file, line and field with
//! nothing written, a name the directory cannot hold, a directory it must not replace, and
//! hostile text escaped before it reaches the terminal.

mod common;

use common::*;

/// Each kind of bad input: a clear error naming file, line and field; no output; the previous
/// data directory untouched.
#[test]
fn bad_input_names_file_line_and_field_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("data");
    export_demo_categorized(&out);
    let before = tree(&out);
    let good = std::fs::read_to_string(root().join("demo/demo.jsonl")).unwrap();
    let first = good.lines().next().unwrap();
    let mut record: serde_json::Value = serde_json::from_str(first).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "malformed",
            format!("{first}\n{{\"instance_id\": \n").into_bytes(),
            "line 2: malformed JSON",
        ),
        (
            "missing",
            {
                record.as_object_mut().unwrap().remove("problem_statement");
                format!("{}\n", record).into_bytes()
            },
            "line 1: field `problem_statement`: missing required field",
        ),
        (
            "wrong-type",
            format!("{}\n", first.replacen("\"FAIL_TO_PASS\": \"[", "\"FAIL_TO_PASS\": \"{", 1)).into_bytes(),
            "line 1: field `FAIL_TO_PASS`",
        ),
        (
            "not-utf8",
            {
                let mut bytes = format!("{first}\n").into_bytes();
                bytes.extend_from_slice(b"{\"instance_id\": \"\xff\xfe\"}\n");
                bytes
            },
            "line 2: not valid UTF-8: byte 0xFF at offset 17 of the line",
        ),
        (
            "code-page",
            {
                let mut bytes = format!("{first}\n").into_bytes();
                bytes.extend_from_slice(b"{\"instance_id\": \"caf\xe9\"}\n");
                bytes
            },
            "line 2: not valid UTF-8: byte 0xE9 at offset 20 of the line, after \"{\"instance_id\": \"caf\"; is it in a legacy code page such as Windows-1252",
        ),
        (
            "duplicate",
            format!("{first}\n{first}\n").into_bytes(),
            "line 2: field `instance_id`: duplicate",
        ),
        (
            "not-an-object",
            b"{\"a\": 1}\n[1, 2]\n".to_vec(),
            "line 1: no known benchmark format",
        ),
    ];
    for (name, bytes, expected) in cases {
        let input = tmp.path().join(format!("{name}.jsonl"));
        std::fs::write(&input, bytes).unwrap();
        let result = benchscope(&[
            "export",
            input.to_str().unwrap(),
            "--dataset",
            "demo",
            "--out",
            out.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(1), "{name}: {stderr}");
        assert!(stderr.contains(&format!("{name}.jsonl: {expected}")), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        // `--skip-bad` is offered only where a good record came before the bad one.
        let good_before = !expected.starts_with("line 1:");
        assert_eq!(stderr.contains("--skip-bad"), good_before, "{name}: {stderr}");
        assert_eq!(tree(&out), before, "{name}: the previous output was changed");
    }
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "staging directories left behind: {leftovers:?}");
}

/// A dataset named by its file, whose name the directory cannot hold (`my tasks.jsonl`), says
/// how to name it; named, it exports.
#[test]
fn a_file_name_that_is_no_dataset_name_asks_for_one() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("my tasks.jsonl");
    std::fs::copy(root().join("demo/demo.jsonl"), &input).unwrap();
    let out = tmp.path().join("out");

    let refused = benchscope(&["export", input.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("dataset name `my tasks` (for ") && stderr.contains("give one with --dataset"),
        "{stderr}"
    );
    assert!(!out.exists());
    benchscope_ok(&[
        "export",
        input.to_str().unwrap(),
        "--dataset",
        "my-tasks",
        "--out",
        out.to_str().unwrap(),
    ]);
}

#[test]
fn refuses_to_replace_a_directory_that_is_not_a_data_directory() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("precious.txt"), "keep me").unwrap();
    let demo = root().join("demo/demo.jsonl");
    let result = benchscope(&["export", demo.to_str().unwrap(), "--out", tmp.path().to_str().unwrap()]);
    assert_eq!(result.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&result.stderr).contains("not a Benchscope data directory"));
    assert_eq!(std::fs::read_to_string(tmp.path().join("precious.txt")).unwrap(), "keep me");
}

/// Dataset text reaches the terminal as text: a repository's name with an escape sequence, a
/// bell and a right-to-left override is named in a warning with those characters escaped, and an
/// instance id holding one is named so in the error that stops the export.
#[test]
fn hostile_text_in_messages_reaches_the_terminal_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let record = |id: &str, repo: &str| {
        serde_json::json!({
            "instance_id": id, "repo": repo, "base_commit": "abc", "problem_statement": "x",
            "patch": "", "test_patch": "", "FAIL_TO_PASS": "[]", "PASS_TO_PASS": "[]",
        })
        .to_string()
    };
    let input = tmp.path().join("evil.jsonl");
    let out = tmp.path().join("out");
    let export = |lines: String| {
        std::fs::write(&input, lines).unwrap();
        let args = [
            "export",
            input.to_str().unwrap(),
            "--dataset",
            "evil",
            "--out",
            out.to_str().unwrap(),
        ];
        let result = benchscope(&args);
        (result.status.success(), String::from_utf8(result.stderr).unwrap())
    };
    let (exported, stderr) = export(format!("{}\n", record("evil__repo-1", "evil/\u{1b}[2J\u{7}repo\u{202e}")));
    assert!(exported);
    assert!(stderr.contains(r"evil/\u{1b}[2J\u{7}repo\u{202e}"), "{stderr}");
    assert!(!stderr.contains(['\u{1b}', '\u{7}', '\u{202e}']), "{stderr:?}");

    let (exported, stderr) = export(format!("{0}\n{0}\n", record("evil\u{1b}]0;pwned\u{7}-1", "evil/repo")));
    assert!(!exported);
    assert!(stderr.contains(r"evil\u{1b}]0;pwned\u{7}-1"), "the duplicate id is named: {stderr}");
    assert!(!stderr.contains(['\u{1b}', '\u{7}']), "{stderr:?}");
}
