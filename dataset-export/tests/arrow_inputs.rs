//! Arrow IPC, as Hugging Face's `datasets` keeps a dataset on disk: its cache's
//! `<name>-<split>.arrow` and `save_to_disk`'s `data-00000-of-00001.arrow` beside `state.json`
//! (both Arrow's stream format, a thousand rows a record batch), and Arrow's file format. Each, and
//! the saved folder and the cache's folder given whole, is exported as the same records given as JSON Lines are, named by
//! its split.

mod common;

use std::path::Path;

use common::*;

/// Writes the records of a JSON Lines file (`SOURCE`) as `datasets` lays them out under `DIR`: a
/// cache file, a `save_to_disk` folder of the `dev` split, an Arrow file-format file (and it
/// gzipped, named as the cache names a file), and streams compressed with zstd and LZ4; the lists as real lists, `created_at` as a timestamp, 50 rows a
/// record batch.
const WRITE_ARROW: &str = r#"
import datetime, json, os, sys
import pyarrow as pa
source, out = sys.argv[1], sys.argv[2]
rows = [json.loads(line) for line in open(source)]
for row in rows:
    row["FAIL_TO_PASS"] = json.loads(row["FAIL_TO_PASS"])
    row["PASS_TO_PASS"] = json.loads(row["PASS_TO_PASS"])
    row["created_at"] = datetime.datetime.fromisoformat(row["created_at"].replace("Z", "+00:00"))
table = pa.Table.from_pylist(rows)
def stream(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with pa.OSFile(path, "wb") as sink, pa.ipc.new_stream(sink, table.schema) as writer:
        for batch in table.to_batches(max_chunksize=50):
            writer.write_batch(batch)
cache = os.path.join(out, "cache/princeton-nlp___swe-bench_lite/default/0.0.0/abc123")
stream(os.path.join(cache, "swe-bench_lite-test.arrow"))
json.dump({"builder_name": "parquet", "config_name": "default", "dataset_name": "swe-bench_lite"},
          open(os.path.join(cache, "dataset_info.json"), "w"))
saved = os.path.join(out, "saved")
stream(os.path.join(saved, "data-00000-of-00001.arrow"))
json.dump({"_data_files": [{"filename": "data-00000-of-00001.arrow"}], "_fingerprint": "f", "_format_columns": None,
           "_format_kwargs": {}, "_format_type": None, "_output_all_columns": False, "_split": "dev"},
          open(os.path.join(saved, "state.json"), "w"))
json.dump({"builder_name": "parquet", "config_name": "default", "dataset_name": "swe-bench_lite"},
          open(os.path.join(saved, "dataset_info.json"), "w"))
with pa.OSFile(os.path.join(out, "lite.test.arrow"), "wb") as sink, pa.ipc.new_file(sink, table.schema) as writer:
    writer.write_table(table)
import gzip, shutil
with open(os.path.join(out, "lite.test.arrow"), "rb") as plain, gzip.open(os.path.join(out, "swe-bench_lite-dev.arrow.gz"), "wb") as packed:
    shutil.copyfileobj(plain, packed)
for codec in ("zstd", "lz4"):
    options = pa.ipc.IpcWriteOptions(compression=codec)
    with pa.OSFile(os.path.join(out, f"{codec}.test.arrow"), "wb") as sink, pa.ipc.new_stream(sink, table.schema, options=options) as writer:
        writer.write_table(table)
"#;

fn exported(input: &Path, out: &Path) -> String {
    benchscope_ok(&["export", input.to_str().unwrap(), "--out", out.to_str().unwrap()])
}

#[test]
fn the_arrow_files_datasets_keeps_export_as_their_json_lines() {
    let Some(realdata) = realdata() else { return };
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let tmp = tempfile::tempdir().unwrap();
    python(WRITE_ARROW, &[lite.to_str().unwrap(), tmp.path().to_str().unwrap()]);
    let reference_dir = tmp.path().join("from-jsonl");
    exported(&lite, &reference_dir);
    let reference = instances(&reference_dir, "swe-bench-lite", "test");
    assert_eq!(reference.len(), 300);

    for (input, dataset, split) in [
        (
            "cache/princeton-nlp___swe-bench_lite/default/0.0.0/abc123/swe-bench_lite-test.arrow",
            "swe-bench-lite",
            "test",
        ),
        ("saved/data-00000-of-00001.arrow", "swe-bench-lite", "dev"),
        ("saved", "swe-bench-lite", "dev"),
        (
            "cache/princeton-nlp___swe-bench_lite/default/0.0.0/abc123",
            "swe-bench-lite",
            "test",
        ),
        ("lite.test.arrow", "lite", "test"),
        ("swe-bench_lite-dev.arrow.gz", "swe-bench-lite", "dev"),
        ("zstd.test.arrow", "zstd", "test"),
        ("lz4.test.arrow", "lz4", "test"),
    ] {
        let out = tmp.path().join(format!("out-{}", input.replace('/', "-")));
        let said = exported(&tmp.path().join(input), &out);
        assert!(
            said.contains(&format!("exported 300 instances of {dataset}/{split}")),
            "{input}: {said}"
        );
        assert_eq!(instances(&out, dataset, split), reference, "{input}");
    }
}

/// Timestamps inside a struct, a list and a map, in named zones, at offsets and in none, in every
/// unit: written as Parquet, an Arrow file and an Arrow stream, each exports them as the ISO text a
/// top-level timestamp becomes. (arrow-json refused a whole Arrow file over a nested zone's name;
/// Parquet's reader gave a nested one as `2021-10-13 11:35:29.123 +00:00` whatever its zone, and
/// nanoseconds as an integer.)
#[test]
fn timestamps_at_any_depth_are_iso_text_in_parquet_and_arrow() {
    let tmp = tempfile::tempdir().unwrap();
    python(
        "import datetime, sys, os, pyarrow as pa, pyarrow.parquet as pq\n\
         out = sys.argv[1]\n\
         when = datetime.datetime(2021, 10, 13, 11, 35, 29, 123000)\n\
         stamp = lambda unit, tz=None: pa.timestamp(unit, tz=tz)\n\
         table = pa.table({\n\
           'instance_id': ['a__b-1'], 'repo': ['a/b'], 'problem_statement': ['It breaks.'],\n\
           'patch': ['diff --git a/x b/x\\n--- a/x\\n+++ b/x\\n@@ -1 +1 @@\\n-a\\n+b\\n'],\n\
           'created_at': pa.array([when], stamp('s', 'UTC')),\n\
           'meta': pa.array([{'merged_at': when, 'is_lite': True}], pa.struct([('merged_at', stamp('us', 'UTC')), ('is_lite', pa.bool_())])),\n\
           'events': pa.array([[when]], pa.list_(stamp('ms', 'America/New_York'))),\n\
           'naive': pa.array([[when]], pa.list_(stamp('ns'))),\n\
           'viewed': pa.array([[when]], pa.list_view(stamp('ms', 'UTC'))),\n\
           'by_name': pa.array([[('first', when)]], pa.map_(pa.string(), stamp('us', '+02:00'))),\n\
           'deep': pa.array([{'x': [{'when': when, 'n': 3}]}], pa.struct([('x', pa.list_(pa.struct([('when', stamp('ms', 'Europe/Paris')), ('n', pa.int64())])))])),\n\
         })\n\
         pq.write_table(table, os.path.join(out, 'nested.test.parquet'))\n\
         with pa.OSFile(os.path.join(out, 'nested.test.arrow'), 'wb') as sink, pa.ipc.new_file(sink, table.schema) as w: w.write_table(table)\n\
         with pa.OSFile(os.path.join(out, 'streamed.test.arrow'), 'wb') as sink, pa.ipc.new_stream(sink, table.schema) as w: w.write_table(table)\n",
        &[tmp.path().to_str().unwrap()],
    );
    let instant = "2021-10-13T11:35:29.123Z";
    let expected = serde_json::json!({
        "meta": {"merged_at": instant, "is_lite": true},
        "events": [instant],
        "naive": ["2021-10-13T11:35:29.123"],
        "viewed": [instant],
        "by_name": {"first": instant},
        "deep": {"x": [{"when": instant, "n": 3}]},
    });
    for (input, dataset) in [
        ("nested.test.parquet", "nested"),
        ("nested.test.arrow", "nested"),
        ("streamed.test.arrow", "streamed"),
    ] {
        let out = tmp.path().join(format!("out-{input}"));
        exported(&tmp.path().join(input), &out);
        let instance = instances(&out, dataset, "test").remove(0);
        assert_eq!(instance.created_at.as_deref(), Some("2021-10-13T11:35:29Z"), "{input}");
        let extra = serde_json::to_value(&instance.extra).unwrap();
        for (field, value) in expected.as_object().unwrap() {
            assert_eq!(&extra[field], value, "{input}: {field}");
        }
    }
}

#[test]
fn a_damaged_arrow_file_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("cut-test.arrow");
    std::fs::write(&file, [&[0xFF_u8, 0xFF, 0xFF, 0xFF, 0x10, 0, 0, 0][..], &[7; 16]].concat()).unwrap();
    let out = benchscope(&["export", file.to_str().unwrap(), "--out", tmp.path().join("out").to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("cut-test.arrow: not a readable Arrow file"), "{stderr}");
    assert!(!tmp.path().join("out").exists(), "nothing written");
}

/// A file-format Arrow file whose footer says its record batch is petabytes long (found by the
/// `arrow_files` fuzz target): arrow-rs would reserve that before reading; it is the file's error.
#[test]
fn a_footer_stating_a_block_past_the_file_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("big-test.arrow");
    python(
        "import sys, pyarrow as pa\n\
         table = pa.table({'instance_id': ['a__b-1'], 'repo': ['a/b']})\n\
         with pa.OSFile(sys.argv[1], 'wb') as sink, pa.ipc.new_file(sink, table.schema) as w: w.write_table(table)\n",
        &[file.to_str().unwrap()],
    );
    let mut bytes = std::fs::read(&file).unwrap();
    let tail = bytes.len() - 10;
    let footer_start = tail - u32::from_le_bytes(bytes[tail..tail + 4].try_into().unwrap()) as usize;
    let footer = arrow_ipc::root_as_footer(&bytes[footer_start..tail]).unwrap();
    let block = footer.recordBatches().unwrap().get(0);
    let stated = [
        &block.offset().to_le_bytes()[..],
        &block.metaDataLength().to_le_bytes(),
        &[0; 4],
        &block.bodyLength().to_le_bytes(),
    ]
    .concat();
    let at = footer_start + bytes[footer_start..tail].windows(24).position(|w| w == stated.as_slice()).unwrap();
    bytes[at + 16..at + 24].copy_from_slice(&(1i64 << 56).to_le_bytes());
    std::fs::write(&file, &bytes).unwrap();

    let out = benchscope(&["export", file.to_str().unwrap(), "--out", tmp.path().join("out").to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("big-test.arrow: not a readable Arrow file: a block of 72057594037927936 bytes"),
        "{stderr}"
    );
    assert!(stderr.contains("lies past the file's"), "{stderr}");
    assert!(!tmp.path().join("out").exists(), "nothing written");
}

/// A stream whose record batch has no columns and states 2^63 rows (found by the `arrow_files`
/// fuzz target, which ran out of memory writing `{}` for each): the file's error, at once.
#[test]
fn a_batch_stating_rows_it_does_not_hold_is_named() {
    use arrow_array::{RecordBatch, RecordBatchOptions};
    use std::sync::Arc;
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("empty-test.arrow");
    let schema = Arc::new(arrow_schema::Schema::empty());
    let options = RecordBatchOptions::new().with_row_count(Some(1 << 62));
    let batch = RecordBatch::try_new_with_options(schema.clone(), vec![], &options).unwrap();
    let mut writer = arrow_ipc::writer::StreamWriter::try_new(std::fs::File::create(&file).unwrap(), &schema).unwrap();
    writer.write(&batch).unwrap();
    writer.finish().unwrap();

    let out = benchscope(&["export", file.to_str().unwrap(), "--out", tmp.path().join("out").to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("empty-test.arrow"), "{stderr}");
    assert!(
        stderr.contains("a record batch states 4611686018427387904 rows, but holds 0 bytes for them"),
        "{stderr}"
    );
    assert!(!tmp.path().join("out").exists(), "nothing written");
}
