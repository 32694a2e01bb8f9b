//! A hub dataset repository given to `export` whole, as a clone or `huggingface-cli download`
//! leaves it: its card's configurations say which files are data and which split each is.

mod common;

use std::path::Path;

use common::*;
use serde_json::json;

/// The demo's rows as Parquet shards at `target`: the first four as `dev`, the rest as `test`.
const WRITE_SHARDS: &str = r#"
import json, os, sys
import pyarrow as pa, pyarrow.parquet as pq
source, target = sys.argv[1:3]
rows = [json.loads(line) for line in open(source)]
os.makedirs(target, exist_ok=True)
pq.write_table(pa.Table.from_pylist(rows[:4]), os.path.join(target, "dev-00000-of-00001.parquet"))
pq.write_table(pa.Table.from_pylist(rows[4:]), os.path.join(target, "test-00000-of-00001.parquet"))
"#;

/// The demo's rows as Parquet shards in `folder` (see [`WRITE_SHARDS`]).
fn write_demo_shards(folder: &Path) {
    let demo = root().join("demo/demo.jsonl");
    python(WRITE_SHARDS, &[demo.to_str().unwrap(), folder.to_str().unwrap()]);
}

/// Long Code Arena's CI builds repair as its repository keeps it: one JSON file per record.
fn write_ci_records(folder: &Path) {
    std::fs::create_dir_all(folder).unwrap();
    for (i, sha) in ["3fcfe29", "a1b2c3d"].iter().enumerate() {
        let record = json!({"language": "Python", "id": 100 + i, "repo_owner": "owner", "repo_name": format!("proj{i}"),
            "head_branch": "main", "workflow_name": "CI", "workflow_filename": "ci.yml", "workflow_path": ".github/workflows/ci.yml",
            "contributor": "someone", "sha_fail": format!("{sha}{}", "0".repeat(33)), "sha_success": "f".repeat(40),
            "workflow": "name: CI\n", "logs": [{"step_name": "test/5_Run tests.txt", "log": "##[error]Process completed with exit code 1."}],
            "diff": "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n", "difficulty": 2,
            "changed_files": ["x.py"], "commit_link": format!("https://github.com/owner/proj{i}/commit/{sha}")});
        std::fs::write(folder.join(format!("{sha}.json")), serde_json::to_vec_pretty(&record).unwrap()).unwrap();
    }
}

fn ids(dir: &Path, dataset: &str, split: &str) -> Vec<String> {
    instances(dir, dataset, split).into_iter().map(|i| i.id).collect()
}

#[test]
fn a_cloned_repository_exports_what_its_card_lists_each_configuration_a_dataset() {
    let tmp = tempfile::tempdir().unwrap();
    let repository = tmp.path().join("lca-mixed");
    write_demo_shards(&repository.join("py"));
    write_ci_records(&repository.join("data/python"));
    std::fs::write(
        repository.join("README.md"),
        "---\nconfigs:\n- config_name: py\n  data_files:\n  - split: dev\n    path: py/dev-*\n  - split: test\n    path: py/test-*\n- config_name: python\n  data_files:\n  - split: test\n    path: data/python/*.json\n---\n# A card\n",
    )
    .unwrap();
    std::fs::create_dir_all(repository.join(".git")).unwrap();
    std::fs::write(repository.join(".git/config.json"), b"not data").unwrap();
    let out = tmp.path().join("out");
    let stdout = benchscope_ok(&["export", repository.to_str().unwrap(), "--out", out.to_str().unwrap(), "--quiet"]);
    assert!(stdout.contains("exported 4 instances of lca-mixed-py/dev"), "{stdout}");
    assert!(stdout.contains("exported 8 instances of lca-mixed-py/test"), "{stdout}");
    assert!(stdout.contains("exported 2 instances of lca-mixed-python/test"), "{stdout}");

    // The same instances as the files given one by one.
    let by_file = tmp.path().join("by-file");
    let shard = |split: &str| repository.join(format!("py/{split}-00000-of-00001.parquet"));
    benchscope_ok(&[
        "export",
        shard("dev").to_str().unwrap(),
        shard("test").to_str().unwrap(),
        "--out",
        by_file.to_str().unwrap(),
    ]);
    for split in ["dev", "test"] {
        assert_eq!(
            instances(&out, "lca-mixed-py", split),
            instances(&by_file, "lca-mixed-py", split),
            "{split}"
        );
    }
    let records = tmp.path().join("records");
    let ci = repository.join("data/python");
    benchscope_ok(&[
        "export",
        ci.to_str().unwrap(),
        "--dataset",
        "lca-mixed-python",
        "--out",
        records.to_str().unwrap(),
    ]);
    assert_eq!(
        instances(&out, "lca-mixed-python", "test"),
        instances(&records, "lca-mixed-python", "test")
    );
    assert_eq!(ids(&out, "lca-mixed-python", "test").len(), 2);
}

/// `huggingface-cli download --local-dir` leaves its mark, not always a card: the shards are
/// named as the hub names them. `--dataset` still names the dataset.
#[test]
fn a_downloaded_folder_without_a_card_exports_its_shards_by_their_names() {
    let tmp = tempfile::tempdir().unwrap();
    let download = tmp.path().join("SWE-bench_Demo");
    write_demo_shards(&download.join("data"));
    std::fs::create_dir_all(download.join(".cache/huggingface/download")).unwrap();
    let out = tmp.path().join("out");
    let stdout = benchscope_ok(&["export", download.to_str().unwrap(), "--out", out.to_str().unwrap(), "--quiet"]);
    assert!(stdout.contains("exported 4 instances of swe-bench-demo/dev"), "{stdout}");
    assert!(stdout.contains("exported 8 instances of swe-bench-demo/test"), "{stdout}");

    let named = tmp.path().join("named");
    benchscope_ok(&[
        "export",
        download.to_str().unwrap(),
        "--dataset",
        "mine",
        "--out",
        named.to_str().unwrap(),
    ]);
    assert_eq!(ids(&named, "mine", "test"), ids(&out, "swe-bench-demo", "test"));

    // `publish` reads the folder as `export` does; its entry names the dataset.
    let config = tmp.path().join("site.json");
    std::fs::write(
        &config,
        json!({"title": "Demo", "datasets": [{"input": "SWE-bench_Demo", "dataset": "demo"}]}).to_string(),
    )
    .unwrap();
    let site = tmp.path().join("site");
    benchscope_ok(&["publish", config.to_str().unwrap(), "--out", site.to_str().unwrap()]);
    assert_eq!(ids(&site, "demo", "dev"), ids(&out, "swe-bench-demo", "dev"));
    assert_eq!(ids(&site, "demo", "test"), ids(&out, "swe-bench-demo", "test"));
}

/// A repository whose card lists nothing here (a clone without its data) is refused, by name,
/// and nothing is written.
#[test]
fn a_repository_without_data_files_is_refused_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    let repository = tmp.path().join("empty-clone");
    std::fs::create_dir_all(&repository).unwrap();
    std::fs::write(
        repository.join("README.md"),
        "---\nconfigs:\n- config_name: default\n  data_files: data/test-*\n---\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let result = benchscope(&["export", repository.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(!result.status.success());
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        stderr.contains("empty-clone: a hub dataset repository, but its card's configurations list no file here"),
        "{stderr}"
    );
    assert!(!out.exists());
}

/// The hub cache keeps a repository as `datasets--owner--name/`, its files links into `blobs/`
/// in a snapshot per commit: the folder is read as the snapshot `refs/main` names.
#[test]
fn the_hub_caches_repository_folder_is_read_as_its_main_snapshot() {
    let tmp = tempfile::tempdir().unwrap();
    let cached = tmp.path().join("datasets--princeton-nlp--SWE-bench_Demo");
    let blobs = cached.join("blobs");
    write_demo_shards(&blobs);
    let main = "0123456789abcdef0123456789abcdef01234567";
    for (commit, shards) in [
        (main, vec!["dev", "test"]),
        ("1111111111111111111111111111111111111111", vec!["test"]),
    ] {
        let data = cached.join("snapshots").join(commit).join("data");
        std::fs::create_dir_all(&data).unwrap();
        for split in shards {
            let name = format!("{split}-00000-of-00001.parquet");
            std::os::unix::fs::symlink(Path::new("../../../blobs").join(&name), data.join(&name)).unwrap();
        }
    }
    std::fs::create_dir_all(cached.join("refs")).unwrap();
    std::fs::write(cached.join("refs/main"), main).unwrap();
    let out = tmp.path().join("out");
    let stdout = benchscope_ok(&["export", cached.to_str().unwrap(), "--out", out.to_str().unwrap(), "--quiet"]);
    assert!(stdout.contains("exported 4 instances of swe-bench-demo/dev"), "{stdout}");
    assert!(stdout.contains("exported 8 instances of swe-bench-demo/test"), "{stdout}");
}

/// A card whose YAML would grow past any memory as it loads names no configuration: the
/// export reads the shards by their names and does not run out of memory.
#[test]
fn a_card_of_nested_aliases_is_not_expanded() {
    let tmp = tempfile::tempdir().unwrap();
    let repository = tmp.path().join("laughs");
    write_demo_shards(&repository.join("data"));
    let card = format!(
        "---\n{}---\n",
        alias_bomb("configs:\n- config_name: default\n  data_files: data/dev-*\n")
    );
    std::fs::write(repository.join("README.md"), card).unwrap();
    let out = tmp.path().join("out");
    let stdout = benchscope_ok(&["export", repository.to_str().unwrap(), "--out", out.to_str().unwrap(), "--quiet"]);
    assert!(stdout.contains("exported 8 instances of laughs/test"), "{stdout}");
}

/// The real SWE-bench Lite, as its hub repository keeps it (its two splits as Parquet shards
/// under `data/`, its card naming them): exported whole, the same instances as its JSON Lines.
#[test]
fn the_real_lite_repository_exports_as_its_json_lines_do() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite");
    let repository = tmp.path().join("SWE-bench_Lite");
    std::fs::create_dir_all(repository.join("data")).unwrap();
    for split in ["dev", "test"] {
        let jsonl = lite.join(format!("swe-bench-lite.{split}.jsonl"));
        let shard = repository.join(format!("data/{split}-00000-of-00001.parquet"));
        python(
            WRITE_PARQUET,
            &[jsonl.to_str().unwrap(), shard.to_str().unwrap(), "snappy", "strings"],
        );
    }
    let card = "---\nconfigs:\n- config_name: default\n  data_files:\n  - split: dev\n    path: data/dev-*\n  - split: test\n    path: data/test-*\n---\n";
    std::fs::write(repository.join("README.md"), card).unwrap();
    let whole = tmp.path().join("whole");
    benchscope_ok(&["export", repository.to_str().unwrap(), "--out", whole.to_str().unwrap(), "--quiet"]);
    let files = tmp.path().join("files");
    let jsonl = |split: &str| lite.join(format!("swe-bench-lite.{split}.jsonl")).to_str().unwrap().to_string();
    benchscope_ok(&["export", &jsonl("dev"), &jsonl("test"), "--out", files.to_str().unwrap(), "--quiet"]);
    for split in ["dev", "test"] {
        let exported = instances(&whole, "swe-bench-lite", split);
        assert!(!exported.is_empty(), "{split}");
        assert_eq!(exported, instances(&files, "swe-bench-lite", split), "{split}");
    }
}

/// Two configurations holding the same instances (a set and its relabelled copy), given one name:
/// the duplicate id says that the name put them together, and how to keep them apart; without
/// the name each is its own dataset.
#[test]
fn configurations_given_one_name_that_share_ids_are_named_in_the_refusal() {
    let tmp = tempfile::tempdir().unwrap();
    let repository = tmp.path().join("pair");
    for configuration in ["first", "second"] {
        let folder = repository.join("data").join(configuration);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("test.jsonl"), format!("{}\n", bare_record("o__r-1"))).unwrap();
    }
    std::fs::write(
        repository.join("README.md"),
        "---\nconfigs:\n- config_name: first\n  data_files:\n  - split: test\n    path: data/first/test.jsonl\n- config_name: second\n  data_files:\n  - split: test\n    path: data/second/test.jsonl\n---\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let (repository, out_arg) = (repository.to_str().unwrap(), out.to_str().unwrap());
    let refused = benchscope(&["export", repository, "--dataset", "mine", "--out", out_arg]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(
        stderr.contains("duplicate instance id `o__r-1`: the datasets pair-first, pair-second were given one name, `mine`; leave the name out to keep each its own"),
        "{stderr}"
    );
    benchscope_ok(&["export", repository, "--out", out_arg, "--quiet"]);
    assert_eq!(ids(&out, "pair-first", "test"), ["o__r-1"]);
    assert_eq!(ids(&out, "pair-second", "test"), ["o__r-1"]);
}
