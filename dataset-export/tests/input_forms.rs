//! The forms an export's input comes in (Parquet as the hub serves it, a JSON array, JSON Lines)
//! give the same instances, and bad rows in any of them are located, skipped on request and
//! summarized.

mod common;

use common::*;
/// Parquet as the hub serves it (pyarrow, snappy, several row groups) and with zstd and real
/// lists: the same instances as the JSONL export, byte for byte.
#[test]
fn parquet_exports_the_same_instances_as_jsonl() {
    let tmp = tempfile::tempdir().unwrap();
    let jsonl = root().join("demo/demo.jsonl");
    let reference = export(&jsonl, &tmp.path().join("from-jsonl"));
    for (compression, lists) in [("snappy", "strings"), ("zstd", "lists"), ("none", "strings")] {
        let parquet = tmp.path().join(format!("demo-{compression}.parquet"));
        python(
            WRITE_PARQUET,
            &[jsonl.to_str().unwrap(), parquet.to_str().unwrap(), compression, lists],
        );
        let out = export(&parquet, &tmp.path().join(format!("from-{compression}")));
        assert_eq!(
            instances(&out, "demo", "test"),
            instances(&reference, "demo", "test"),
            "{compression} / {lists}"
        );
    }
}

/// Timestamp columns (pandas writes nanoseconds; Arrow, milliseconds or microseconds) are read as
/// the ISO 8601 strings the JSON Lines hold, so the year facet and the date sort see dates.
#[test]
fn parquet_timestamps_in_every_unit_are_read_as_iso_dates() {
    let tmp = tempfile::tempdir().unwrap();
    let jsonl = root().join("demo/demo.jsonl");
    let reference = instances(&export(&jsonl, &tmp.path().join("from-jsonl")), "demo", "test");
    for unit in ["ms", "us", "ns"] {
        let parquet = tmp.path().join(format!("demo-{unit}.parquet"));
        python(WRITE_TIMESTAMPS, &[jsonl.to_str().unwrap(), parquet.to_str().unwrap(), unit]);
        let got = instances(&export(&parquet, &tmp.path().join(format!("from-{unit}"))), "demo", "test");
        let dates = |list: &[benchscope_contract::Instance]| list.iter().map(|i| i.created_at.clone()).collect::<Vec<_>>();
        assert_eq!(dates(&got), dates(&reference), "{unit}");
    }
}

const WRITE_TIMESTAMPS: &str = r#"
import datetime, json, sys
import pyarrow as pa, pyarrow.parquet as pq
source, target, unit = sys.argv[1:4]
rows = [json.loads(line) for line in open(source)]
for row in rows:
    row["created_at"] = datetime.datetime.fromisoformat(row["created_at"].replace("Z", "+00:00"))
table = pa.Table.from_pylist(rows)
column = table.schema.get_field_index("created_at")
table = table.set_column(column, "created_at", table.column("created_at").cast(pa.timestamp(unit, tz="UTC")))
pq.write_table(table, target, coerce_timestamps=None if unit == "ns" else unit, allow_truncated_timestamps=True)
"#;

/// Exports `source` as `demo`/`test` into `out`.
fn export(source: &std::path::Path, out: &std::path::Path) -> std::path::PathBuf {
    benchscope_ok(&[
        "export",
        source.to_str().unwrap(),
        "--dataset",
        "demo",
        "--split",
        "test",
        "--out",
        out.to_str().unwrap(),
    ]);
    out.to_path_buf()
}

#[test]
fn a_json_array_streams_to_the_same_output_as_jsonl() {
    let tmp = tempfile::tempdir().unwrap();
    let jsonl = root().join("demo/demo.jsonl");
    let records: Vec<serde_json::Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let array = tmp.path().join("demo.json");
    std::fs::write(&array, serde_json::to_vec_pretty(&records).unwrap()).unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    benchscope_ok(&[
        "export",
        jsonl.to_str().unwrap(),
        "--dataset",
        "demo",
        "--split",
        "test",
        "--out",
        a.to_str().unwrap(),
    ]);
    benchscope_ok(&[
        "export",
        array.to_str().unwrap(),
        "--dataset",
        "demo",
        "--split",
        "test",
        "--out",
        b.to_str().unwrap(),
    ]);
    assert_eq!(tree(&a), tree(&b));
}

#[test]
fn bad_parquet_rows_and_array_elements_are_located() {
    let tmp = tempfile::tempdir().unwrap();
    let parquet = tmp.path().join("bad.parquet");
    python(
        "import sys, pyarrow as pa, pyarrow.parquet as pq\npq.write_table(pa.Table.from_pylist([{'instance_id': 'a', 'repo': 'o/r', 'patch': '', 'problem_statement': 'x'}, {'instance_id': 'b', 'repo': None, 'patch': '', 'problem_statement': 'y'}]), sys.argv[1])",
        &[parquet.to_str().unwrap()],
    );
    let out = tmp.path().join("out");
    let result = benchscope(&["export", parquet.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        stderr.contains("bad.parquet: row 1: field `repo`: expected a string, found null"),
        "{stderr}"
    );
    let array = tmp.path().join("bad.json");
    std::fs::write(
        &array,
        r#"[{"instance_id": "a", "repo": "o/r", "patch": "", "problem_statement": "x"}, 42]"#,
    )
    .unwrap();
    let result = benchscope(&["export", array.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        stderr.contains("bad.json: element 1: expected a JSON object, found a number"),
        "{stderr}"
    );
    std::fs::write(&array, r#"[{"instance_id": "a", "repo": "#).unwrap();
    let result = benchscope(&["export", array.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(
        String::from_utf8_lossy(&result.stderr).contains("bad.json: malformed JSON"),
        "truncated array"
    );
    assert!(!out.exists());
}

/// `--skip-bad` exports the good records and the summary names every bad one.
#[test]
fn skip_bad_exports_the_rest_and_summarizes_the_errors() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let dup = realdata.join("swebench-fixtures_SWE-agent-tests/data_sources/swe-bench-dev-easy.json");
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.dev.jsonl");
    let mut text = std::fs::read_to_string(&lite).unwrap();
    text.push_str("{\"instance_id\": \"broken\"\n");
    let broken = tmp.path().join("lite-plus-bad.jsonl");
    std::fs::write(&broken, text).unwrap();
    let out = tmp.path().join("out");
    let summary_path = tmp.path().join("summary.json");
    let stdout = benchscope_ok(&[
        "export",
        dup.to_str().unwrap(),
        broken.to_str().unwrap(),
        "--dataset",
        "easy",
        "--dataset",
        "lite",
        "--skip-bad",
        "--summary-json",
        summary_path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(stdout.contains("skipped 2 bad records of 29"), "{stdout}");
    let summary: serde_json::Value = read_json(&summary_path);
    assert_eq!(summary["records_read"], 29);
    assert_eq!(summary["instances_written"], 27);
    assert_eq!(summary["records_skipped"], 2);
    let errors = summary["errors"].as_array().unwrap();
    assert_eq!(errors[0]["element"], 3);
    assert_eq!(errors[0]["field"], "instance_id");
    assert_eq!(errors[1]["line"], 24);
    assert!(errors[1]["message"].as_str().unwrap().starts_with("malformed JSON"));
    let splits: Vec<_> = summary["splits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["dataset"].as_str().unwrap(), s["instances"].as_u64().unwrap()))
        .collect();
    assert_eq!(splits, [("easy", 4), ("lite", 23)]);
}

/// The default mode writes the summary too, with the error that stopped it.
#[test]
fn a_failed_export_still_writes_its_summary() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("x.jsonl");
    std::fs::write(
        &input,
        "{\"instance_id\": \"a\", \"repo\": \"o/r\", \"problem_statement\": \"\", \"patch\": 5}\n",
    )
    .unwrap();
    let summary_path = tmp.path().join("s.json");
    let result = benchscope(&[
        "export",
        input.to_str().unwrap(),
        "--summary-json",
        summary_path.to_str().unwrap(),
        "--out",
        tmp.path().join("o").to_str().unwrap(),
    ]);
    assert_eq!(result.status.code(), Some(1));
    let summary: serde_json::Value = read_json(&summary_path);
    assert_eq!(summary["instances_written"], 0);
    assert_eq!(summary["errors"][0]["field"], "patch");
}

/// The dataset viewer's API responses saved to a file (`/rows` on one line, as the server writes
/// it, `/first-rows` pretty-printed, naming its split): the same instances as the JSONL, in the split
/// the response names; one page of a longer split says which rows it holds. A row whose cell the
/// server cut short is refused naming the row and the cell, and `--skip-bad` exports the others.
#[test]
fn dataset_viewer_responses_export_their_rows_and_refuse_cut_cells() {
    let tmp = tempfile::tempdir().unwrap();
    let jsonl = root().join("demo/demo.jsonl");
    let reference = export(&jsonl, &tmp.path().join("from-jsonl"));
    let rows: Vec<serde_json::Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .enumerate()
        .map(|(i, line)| serde_json::json!({"row_idx": i, "row": serde_json::from_str::<serde_json::Value>(line).unwrap(), "truncated_cells": []}))
        .collect();
    let features = serde_json::json!([{"feature_idx": 0, "name": "instance_id", "type": {"dtype": "string", "_type": "Value"}}]);
    let response =
        serde_json::json!({"features": features, "rows": rows, "num_rows_total": rows.len(), "num_rows_per_page": 100, "partial": false});
    let one_line = tmp.path().join("demo.json");
    std::fs::write(&one_line, response.to_string()).unwrap();
    let out = export(&one_line, &tmp.path().join("from-rows"));
    assert_eq!(instances(&out, "demo", "test"), instances(&reference, "demo", "test"));

    let first_rows = serde_json::json!({"dataset": "benchscope/demo", "config": "default", "split": "dev", "features": features, "rows": rows, "truncated": false});
    let pretty = tmp.path().join("demo-first-rows.json");
    std::fs::write(&pretty, serde_json::to_string_pretty(&first_rows).unwrap()).unwrap();
    let out = tmp.path().join("from-first-rows");
    benchscope_ok(&[
        "export",
        pretty.to_str().unwrap(),
        "--dataset",
        "demo",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(instances(&out, "demo", "dev"), instances(&reference, "demo", "test"));

    // One page of a longer split says so.
    let mut page = response.clone();
    page["num_rows_total"] = serde_json::json!(rows.len() + 88);
    std::fs::write(&one_line, page.to_string()).unwrap();
    let result = benchscope(&[
        "export",
        one_line.to_str().unwrap(),
        "--out",
        tmp.path().join("page").to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&result.stderr);
    let expected = format!(
        "a dataset viewer page holds rows 0–{} of its split's {}; the other 88 are not in the file",
        rows.len() - 1,
        rows.len() + 88
    );
    assert!(result.status.success() && stderr.contains(&expected), "{stderr}");

    let mut cut = response.clone();
    cut["rows"][3]["truncated_cells"] = serde_json::json!(["problem_statement", "patch"]);
    std::fs::write(&one_line, cut.to_string()).unwrap();
    let refused = tmp.path().join("refused");
    let result = benchscope(&["export", one_line.to_str().unwrap(), "--out", refused.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "demo.json: row 3: field `problem_statement`: cut short by the dataset viewer (truncated cells: problem_statement, patch)"
        ),
        "{stderr}"
    );
    assert!(!refused.exists());
    let skipped = tmp.path().join("skipped");
    benchscope_ok(&[
        "export",
        one_line.to_str().unwrap(),
        "--skip-bad",
        "--out",
        skipped.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(instances(&skipped, "demo", "test").len(), rows.len() - 1);
}

/// A folder of dataset files (JSON arrays of records, as SWE-agent's `data_sources/` holds) is not
/// a folder of task files: the error names the file and says how to give them, which then works.
#[test]
fn a_folder_of_dataset_files_says_to_give_them_as_inputs() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("data_sources");
    std::fs::create_dir(&folder).unwrap();
    let records: Vec<serde_json::Value> = std::fs::read_to_string(root().join("demo/demo.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    std::fs::write(folder.join("first.json"), serde_json::to_string(&records[..5]).unwrap()).unwrap();
    std::fs::write(folder.join("second.json"), serde_json::to_string(&records[5..]).unwrap()).unwrap();
    let out = tmp.path().join("out");
    let refused = benchscope(&["export", folder.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success() && !out.exists());
    assert!(
        stderr.contains("file first.json: expected a JSON object, found an array")
            && stderr.contains(&format!("benchscope export {}/*.json", folder.display())),
        "{stderr}"
    );
    let inputs = [folder.join("first.json"), folder.join("second.json")];
    let both = tmp.path().join("both");
    benchscope_ok(&[
        "export",
        inputs[0].to_str().unwrap(),
        inputs[1].to_str().unwrap(),
        "--out",
        both.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(
        instances(&both, "first", "test").len() + instances(&both, "second", "test").len(),
        records.len()
    );

    // Data only in folders below: the refusal says where it is.
    let above = tmp.path().join("above");
    std::fs::create_dir_all(above.join("data/python")).unwrap();
    for name in ["a.json", "b.json"] {
        std::fs::write(above.join("data/python").join(name), b"{}").unwrap();
    }
    std::fs::write(above.join("data/test.jsonl.gz"), b"").unwrap();
    std::fs::write(above.join("data/notes.md"), b"").unwrap();
    let refused = benchscope(&["export", above.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success() && !out.exists());
    assert!(
        stderr.contains("data is below it: data/python/ (2 data files), data/test.jsonl.gz; give those as inputs"),
        "{stderr}"
    );

    // Files of records at its top (a hub download's `test.jsonl` and `dev.jsonl`): named as such.
    let records_at_top = tmp.path().join("records_at_top");
    std::fs::create_dir_all(&records_at_top).unwrap();
    for name in ["dev.jsonl", "test.jsonl"] {
        std::fs::write(records_at_top.join(name), b"").unwrap();
    }
    let refused = benchscope(&["export", records_at_top.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success() && !out.exists());
    assert!(
        stderr.contains("data is in it: dev.jsonl and 1 more at its top; give those as inputs"),
        "{stderr}"
    );
}

/// A dataset cloned from the hub without Git LFS holds pointers in place of its files: each is
/// said to be one, naming the file (or the line, where one was written into a JSON Lines file),
/// and the good records before it are kept with `--skip-bad`.
#[test]
fn git_lfs_pointers_are_named_as_files_never_fetched() {
    let tmp = tempfile::tempdir().unwrap();
    let pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:03c48540bafff05475a8005a9f6d96a7c9fd159c91519f88e4f7d34ce9c65f6e\nsize 26440817\n";
    for name in ["test-00000-of-00001.parquet", "ponylang__ponyc_dataset.jsonl"] {
        let path = tmp.path().join(name);
        std::fs::write(&path, pointer).unwrap();
        let out = benchscope(&["export", path.to_str().unwrap(), "--out", tmp.path().join("out").to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && stderr.contains(name) && stderr.contains("a Git LFS pointer") && stderr.contains("git lfs pull"),
            "{stderr}"
        );
    }
    let demo = std::fs::read_to_string(root().join("demo/demo.jsonl")).unwrap();
    let mixed = tmp.path().join("mixed.jsonl");
    std::fs::write(&mixed, format!("{}{pointer}", demo.lines().next().unwrap().to_string() + "\n")).unwrap();
    let out = benchscope(&[
        "export",
        mixed.to_str().unwrap(),
        "--out",
        tmp.path().join("mixed-out").to_str().unwrap(),
        "--skip-bad",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.contains("line 2") && stderr.contains("a Git LFS pointer where a record belongs"),
        "{stderr}"
    );
    assert_eq!(instances(&tmp.path().join("mixed-out"), "mixed", "test").len(), 1);
}

/// JSON Lines whose writer was interrupted: the last record breaks off without its newline. It is
/// named as cut short (not as JSON that went wrong, nor as runs for `import`); `--skip-bad`
/// exports the whole records before it, and `import` of predictions cut so says the same.
#[test]
fn a_last_record_cut_short_is_named_so() {
    let tmp = tempfile::tempdir().unwrap();
    let whole: Vec<String> = ["o__r-1", "o__r-2"].iter().map(|id| bare_record(id)).collect();
    let cut = bare_record("o__r-3");
    let dataset = tmp.path().join("cut.jsonl");
    std::fs::write(&dataset, format!("{}\n{}", whole.join("\n"), &cut[..cut.len() / 2])).unwrap();
    let out = tmp.path().join("out");
    let refused = benchscope(&[
        "export",
        dataset.to_str().unwrap(),
        "--dataset",
        "d",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(
        stderr.contains("cut.jsonl: line 3: cut short: the file ends inside this record (a write or download that was interrupted)"),
        "{stderr}"
    );
    assert!(!stderr.contains("holds runs"), "{stderr}");
    benchscope_ok(&[
        "export",
        dataset.to_str().unwrap(),
        "--dataset",
        "d",
        "--skip-bad",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(instances(&out, "d", "test").len(), 2);

    let predictions = tmp.path().join("preds.jsonl");
    std::fs::write(
        &predictions,
        "{\"instance_id\": \"o__r-1\", \"model_patch\": \"\"}\n{\"instance_id\": \"o__r-2\", \"model_pa",
    )
    .unwrap();
    let refused = benchscope(&[
        "import",
        predictions.to_str().unwrap(),
        "--data",
        out.to_str().unwrap(),
        "--dataset",
        "d",
    ]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(stderr.contains("preds.jsonl: line 2: cut short"), "{stderr}");
}

/// An empty input (no bytes, blank lines, `[]`) is a download or copy gone wrong: export refuses
/// it by name, writing nothing, and `--skip-bad` exports the other inputs; `import` refuses an
/// empty file, `[]` or `{}` the same way rather than as a format it does not know.
#[test]
fn an_empty_input_is_refused_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    let good = tmp.path().join("good.jsonl");
    std::fs::write(&good, format!("{}\n", bare_record("o__r-1"))).unwrap();
    for (name, text) in [("empty.jsonl", ""), ("blank.jsonl", "\n  \n"), ("none.json", "[]")] {
        let empty = tmp.path().join(name);
        std::fs::write(&empty, text).unwrap();
        let out = tmp.path().join(format!("out-{name}"));
        let refused = benchscope(&["export", empty.to_str().unwrap(), "--dataset", "d", "--out", out.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(!refused.status.success(), "{name}");
        assert!(
            stderr.contains(&format!("{name}: holds no records: nothing to export from it")),
            "{stderr}"
        );
        assert!(!out.exists(), "{name}: nothing written");
        let (good, empty) = (good.to_str().unwrap(), empty.to_str().unwrap());
        benchscope_ok(&[
            "export",
            good,
            empty,
            "--dataset",
            "d",
            "--skip-bad",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(instances(&out, "d", "test").len(), 1, "{name}");
    }
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    for (name, text) in [("empty.json", ""), ("list.json", "[]"), ("keyed.json", "{}")] {
        let empty = tmp.path().join(name);
        std::fs::write(&empty, text).unwrap();
        let refused = benchscope(&[
            "import",
            empty.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
            "--dataset",
            "d",
        ]);
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(!refused.status.success(), "{name}");
        assert!(stderr.contains(&format!("{name}: holds no records (it is empty)")), "{stderr}");
    }
}
