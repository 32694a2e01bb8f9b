//! `benchscope export` end to end: the demo, real SWE-bench files, determinism (its refusals of bad
//! input are in `export_refusals.rs`).

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use benchscope_contract::patch::parse_patch;
use benchscope_contract::{DetailShard, IndexShard, Manifest, PatchRole};
use common::*;

fn all_instances(dir: &Path, manifest: &Manifest) -> Vec<benchscope_contract::Instance> {
    let mut instances = Vec::new();
    for dataset in &manifest.datasets {
        for split in &dataset.splits {
            for shard in &split.detail_shards {
                let shard: DetailShard = read_json(&dir.join(shard));
                instances.extend(shard.instances);
            }
        }
    }
    instances
}

#[test]
fn demo_export_is_deterministic_and_hashes_match() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    export_demo_categorized(&a);
    export_demo_categorized(&b);
    assert_eq!(tree(&a), tree(&b), "two exports of the same input differ");
    export_demo_categorized(&a);
    assert_eq!(tree(&a), tree(&b), "re-exporting over an existing directory changed it");

    let manifest: Manifest = read_json(&a.join("manifest.json"));
    // The manifest lists each split's search meta, and the meta lists its buckets.
    let mut files = manifest.files.clone();
    for path in manifest.files.iter().map(|f| &f.path).filter(|p| p.ends_with("/meta.json")) {
        let meta: benchscope_contract::search::SearchMeta = read_json(&a.join(path));
        assert!(!meta.files.is_empty(), "{path} lists its buckets");
        files.extend(meta.files);
    }
    for file in &files {
        let out = std::process::Command::new("sha256sum").arg(a.join(&file.path)).output().unwrap();
        let hash = String::from_utf8(out.stdout).unwrap();
        assert_eq!(hash.split_whitespace().next(), Some(file.sha256.as_str()), "{}", file.path);
        assert_eq!(std::fs::metadata(a.join(&file.path)).unwrap().len(), file.bytes);
    }
    let mut listed: Vec<_> = files.iter().map(|f| f.path.clone()).collect();
    listed.sort();
    let on_disk: Vec<_> = tree(&a).into_iter().map(|(p, _)| p).filter(|p| p != "manifest.json").collect();
    assert_eq!(listed, on_disk, "the manifest and the search metas list exactly the shard files");
    assert!(
        !manifest
            .files
            .iter()
            .any(|f| f.path.starts_with("search/") && !f.path.ends_with("/meta.json")),
        "search buckets are listed by their meta, not by the manifest"
    );
}

#[test]
fn demo_has_the_promised_shape() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("data");
    export_demo_categorized(&out);
    let manifest: Manifest = read_json(&out.join("manifest.json"));
    let split = manifest.dataset("demo").unwrap().split("test").unwrap();
    assert!(split.instances >= 12);
    assert!(split.facets["repo"].len() >= 4);
    let categories: Vec<_> = split.facets["category"].iter().map(|c| c.value.as_str()).collect();
    assert!(categories.len() >= 3 && !categories.contains(&"Other"), "{categories:?}");

    let instances = all_instances(&out, &manifest);
    let all_patches: Vec<_> = instances
        .iter()
        .flat_map(|i| &i.patches)
        .flat_map(|p| parse_patch(&p.diff))
        .collect();
    use benchscope_contract::patch::FileStatus::*;
    for status in [Added, Deleted, Renamed] {
        assert!(
            all_patches.iter().any(|f| f.status == status),
            "no {status:?} file in the demo patches"
        );
    }
    assert!(all_patches
        .iter()
        .flat_map(|f| &f.hunks)
        .flat_map(|h| &h.lines)
        .any(|l| l.no_newline_at_end));
    assert!(instances
        .iter()
        .all(|i| i.patch(PatchRole::Gold).is_some_and(|p| !parse_patch(&p.diff).is_empty())));
    assert!(
        instances.iter().any(|i| i.stats.files_changed >= 3),
        "some gold patch touches several files"
    );
}

#[test]
fn swe_bench_lite_exports_with_counts_and_stats_matching_independent_computation() {
    let Some(realdata) = realdata() else { return };
    let dir = realdata.join("swebench-lite_ztluck78-swebench-exp-lite");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("data");
    let test = dir.join("swe-bench-lite.test.jsonl");
    let dev = dir.join("swe-bench-lite.dev.jsonl");
    let stdout = benchscope_ok(&[
        "export",
        test.to_str().unwrap(),
        dev.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(stdout.contains("exported 300 instances of swe-bench-lite/test"), "{stdout}");
    assert!(stdout.contains("exported 23 instances of swe-bench-lite/dev"), "{stdout}");

    let manifest: Manifest = read_json(&out.join("manifest.json"));
    let split = manifest.dataset("swe-bench-lite").unwrap().split("test").unwrap();
    let records: Vec<serde_json::Value> = std::fs::read_to_string(&test)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut repos: BTreeMap<String, usize> = BTreeMap::new();
    for record in &records {
        *repos.entry(record["repo"].as_str().unwrap().to_string()).or_default() += 1;
    }
    let facet: BTreeMap<String, usize> = split.facets["repo"].iter().map(|c| (c.value.clone(), c.count)).collect();
    assert_eq!(facet, repos);
    assert_eq!(repos["django/django"], 114);

    let instances = all_instances(&out, &manifest);
    let by_id: BTreeMap<_, _> = instances.iter().map(|i| (i.id.as_str(), i)).collect();
    // The instances are written by sonic-rs (`export/detail_json.rs`): each shard is byte for
    // byte what serde_json writes for what it holds.
    for path in &split.detail_shards {
        let bytes = std::fs::read(out.join(path)).unwrap();
        let shard: DetailShard = serde_json::from_slice(&bytes).unwrap();
        assert!(
            serde_json::to_vec(&shard).unwrap() == bytes,
            "{path} is not as serde_json writes it"
        );
    }
    let mut index_rows = Vec::new();
    for path in &split.index_shards {
        let shard: IndexShard = read_json(&out.join(path));
        index_rows.extend(shard.rows);
    }
    assert_eq!(index_rows.len(), 300);
    for record in &records {
        let id = record["instance_id"].as_str().unwrap();
        let instance = by_id[id];
        let numstat = git_numstat(record["patch"].as_str().unwrap());
        let added: u32 = numstat.iter().flatten().map(|c| c.0).sum();
        let removed: u32 = numstat.iter().flatten().map(|c| c.1).sum();
        assert_eq!(
            (
                instance.stats.files_changed as usize,
                instance.stats.lines_added,
                instance.stats.lines_removed
            ),
            (numstat.len(), added, removed),
            "{id}"
        );
        let f2p: Vec<String> = serde_json::from_str(record["FAIL_TO_PASS"].as_str().unwrap()).unwrap();
        assert_eq!(instance.tests.as_ref().unwrap().fail_to_pass, f2p, "{id}");
        assert_eq!(
            instance.facets["version"],
            record["version"].as_str().unwrap(),
            "{id}: version stays a string"
        );
        assert_eq!(
            instance.extra["environment_setup_commit"], record["environment_setup_commit"],
            "{id}: unknown fields kept"
        );
    }
}

#[test]
fn real_lists_load_and_a_duplicate_id_is_an_error_naming_the_record() {
    let Some(realdata) = realdata() else { return };
    let dir = realdata.join("swebench-fixtures_SWE-agent-tests/data_sources");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("data");
    let lite = dir.join("swe-bench-lite-test.json");
    let stdout = benchscope_ok(&[
        "export",
        lite.to_str().unwrap(),
        "--dataset",
        "fixtures",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(stdout.contains("exported 5 instances"), "{stdout}");

    let dup = dir.join("swe-bench-dev-easy.json");
    let out2 = tmp.path().join("dup");
    let result = benchscope(&["export", dup.to_str().unwrap(), "--dataset", "dev", "--out", out2.to_str().unwrap()]);
    assert_eq!(result.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("swe-bench-dev-easy.json: element"), "{stderr}");
    assert!(
        stderr.contains("field `instance_id`: duplicate instance id `pylint-dev__astroid-1268`"),
        "{stderr}"
    );
    assert!(!out2.exists(), "nothing is written on error");
    // The records before it were good: the error says how to export them.
    assert!(stderr.contains("hint: `--skip-bad` exports the other records"), "{stderr}");
    let stdout = benchscope_ok(&[
        "export",
        dup.to_str().unwrap(),
        "--dataset",
        "dev",
        "--out",
        out2.to_str().unwrap(),
        "--skip-bad",
    ]);
    assert!(stdout.contains("exported 4 instances"), "{stdout}");
}

/// On a terminal a progress bar counts records; piped, stderr stays clean.
#[test]
fn progress_shows_on_a_terminal_only() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = root().join("demo/demo.jsonl");
    let out = tmp.path().join("data");
    let piped = benchscope(&[
        "export",
        demo.to_str().unwrap(),
        "--categories",
        root().join("demo/categories.json").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(piped.status.success());
    assert_eq!(String::from_utf8_lossy(&piped.stderr), "", "nothing on a non-terminal stderr");
    // `script` runs the command on a pseudo-terminal and records what it printed.
    let command = format!(
        "{} export {} --out {}",
        env!("CARGO_BIN_EXE_benchscope"),
        demo.display(),
        tmp.path().join("tty").display()
    );
    let transcript = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("script (util-linux) runs");
    let text = String::from_utf8_lossy(&transcript.stdout);
    assert!(text.contains("records"), "a progress bar on a terminal: {text:?}");
}

#[test]
fn repos_store_each_changed_file_as_it_was_so_the_patches_apply_to_them() {
    let tmp = tempfile::tempdir().unwrap();
    let root = root();
    let repos = tmp.path().join("repos");
    let status = std::process::Command::new("python3")
        .arg(root.join("demo/build.py"))
        .args(["--check", "--repos-out"])
        .arg(&repos)
        .status()
        .unwrap();
    assert!(status.success());
    // One instance whose repository is not among the clones: exported without sources.
    let input = tmp.path().join("demo.jsonl");
    let mut text = std::fs::read_to_string(root.join("demo/demo.jsonl")).unwrap();
    text.push_str(
        &serde_json::json!({"instance_id": "elsewhere__x-1", "repo": "elsewhere/x", "base_commit": "abc", "problem_statement": "p",
        "patch": "--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-a\n+b\n", "FAIL_TO_PASS": "[]", "PASS_TO_PASS": "[]"})
        .to_string(),
    );
    text.push('\n');
    std::fs::write(&input, text).unwrap();
    let out = tmp.path().join("data");
    let summary = tmp.path().join("summary.json");
    benchscope_ok(&[
        "export",
        input.to_str().unwrap(),
        "--dataset",
        "demo",
        "--repos",
        repos.to_str().unwrap(),
        "--summary-json",
        summary.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    let manifest: Manifest = read_json(&out.join("manifest.json"));
    let instances = all_instances(&out, &manifest);
    assert_eq!(instances.len(), 13);
    let mut checked = 0;
    for instance in &instances {
        let Some(path) = &instance.sources else {
            assert_eq!(instance.id, "elsewhere__x-1", "every demo instance has sources");
            continue;
        };
        assert!(manifest.files.iter().any(|f| &f.path == path), "{path} is listed in the manifest");
        let sources: benchscope_contract::SourceFiles = read_json(&out.join(path));
        assert_eq!(Some(&sources.commit), instance.base_commit.as_ref());
        let work = tmp.path().join("work");
        write_files(&work, &serde_json::to_value(&sources.files).unwrap());
        for patch in &instance.patches {
            assert!(
                git_apply(&work, &patch.diff),
                "{}: the {:?} patch applies to the stored files",
                instance.id,
                patch.role
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 12);
    let summary: serde_json::Value = read_json(&summary);
    assert!(summary["warnings"].to_string().contains("NoRepository (1)"), "{summary}");
}

/// SWE-bench Lite as a dataset viewer's CSV download (written by Python's csv module, so
/// statements and patches are quoted cells spanning many lines) exports to the same instances as
/// the JSONL it was made from.
#[test]
fn csv_download_exports_like_its_jsonl() {
    let Some(realdata) = realdata() else { return };
    let jsonl = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let tmp = tempfile::tempdir().unwrap();
    let csv = tmp.path().join("swe-bench-lite.test.csv");
    let script = "import csv, json, sys\n\
                  rows = [json.loads(l) for l in open(sys.argv[1], encoding='utf-8')]\n\
                  with open(sys.argv[2], 'w', newline='', encoding='utf-8') as f:\n\
                  \x20   w = csv.DictWriter(f, fieldnames=list(rows[0]))\n\
                  \x20   w.writeheader()\n\
                  \x20   w.writerows(rows)\n";
    let status = std::process::Command::new("python3")
        .args(["-c", script, jsonl.to_str().unwrap(), csv.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(status.success());
    let (from_jsonl, from_csv) = (tmp.path().join("a"), tmp.path().join("b"));
    benchscope_ok(&["export", jsonl.to_str().unwrap(), "--out", from_jsonl.to_str().unwrap()]);
    let stdout = benchscope_ok(&["export", csv.to_str().unwrap(), "--out", from_csv.to_str().unwrap()]);
    assert!(stdout.contains("exported 300 instances of swe-bench-lite/test"), "{stdout}");
    let read = |dir: &Path| all_instances(dir, &read_json(&dir.join("manifest.json")));
    assert_eq!(read(&from_csv), read(&from_jsonl));
}

/// A pretty-printed JSON object is told apart from JSON Lines by its content: records keyed by
/// id export, a fault is named at its true line and column, and an object of another shape is
/// refused saying what it is.
#[test]
fn pretty_printed_json_objects_are_read_as_documents() {
    let tmp = tempfile::tempdir().unwrap();
    let record = |id: &str| serde_json::json!({"repo": "o/r", "problem_statement": "x", "patch": "", "FAIL_TO_PASS": "[]", "PASS_TO_PASS": "[]", "instance_id": id});
    let keyed = tmp.path().join("keyed.json");
    let object = serde_json::json!({"o__r-1": record("o__r-1"), "o__r-2": record("o__r-2")});
    std::fs::write(&keyed, serde_json::to_string_pretty(&object).unwrap()).unwrap();
    let out = tmp.path().join("a");
    let stdout = benchscope_ok(&[
        "export",
        keyed.to_str().unwrap(),
        "--dataset",
        "d",
        "--split",
        "test",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(stdout.contains("exported 2 instances of d/test"), "{stdout}");
    let single = tmp.path().join("single.json");
    std::fs::write(&single, serde_json::to_string_pretty(&record("o__r-3")).unwrap()).unwrap();
    let stdout = benchscope_ok(&[
        "export",
        single.to_str().unwrap(),
        "--dataset",
        "d",
        "--split",
        "test",
        "--out",
        tmp.path().join("b").to_str().unwrap(),
    ]);
    assert!(stdout.contains("exported 1 instance of d/test"), "{stdout}");
    let broken = tmp.path().join("broken.json");
    std::fs::write(
        &broken,
        "{\n  \"a\": {\n    \"instance_id\": \"x\"\n    \"repo\": \"o/r\"\n  }\n}\n",
    )
    .unwrap();
    let out = benchscope(&["export", broken.to_str().unwrap(), "--out", tmp.path().join("c").to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("broken.json") && stderr.contains("not valid JSON: line 4 column 5"),
        "{stderr}"
    );
    let index = tmp.path().join("index.json");
    std::fs::write(&index, "{\n  \"counts\": {\"lite\": 3},\n  \"items\": []\n}\n").unwrap();
    let out = benchscope(&["export", index.to_str().unwrap(), "--out", tmp.path().join("e").to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("a JSON object that is neither a record"), "{stderr}");
    // A subset's id list (SWE-bench Verified Mini's, FEA-Bench Lite's) says where it belongs.
    let ids = tmp.path().join("verified_mini.json");
    std::fs::write(
        &ids,
        "{\n  \"name\": \"verified_mini\",\n  \"instance_ids\": [\"django__django-11790\"]\n}\n",
    )
    .unwrap();
    let out = benchscope(&["export", ids.to_str().unwrap(), "--out", tmp.path().join("f").to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && stderr.contains("verified_mini.json") && stderr.contains("export --mark"),
        "{stderr}"
    );
    std::fs::write(&ids, "[\"django__django-11790\"]").unwrap();
    let out = benchscope(&["export", ids.to_str().unwrap(), "--out", tmp.path().join("g").to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && stderr.contains("element 0") && stderr.contains("export --mark"),
        "{stderr}"
    );
}

/// A property: reordering the records of one split changes nothing of another split's files.
#[test]
fn a_split_is_unchanged_by_reordering_an_unrelated_one() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = std::fs::read_to_string(root().join("demo/demo.jsonl")).unwrap();
    let lines: Vec<&str> = demo.lines().collect();
    let other: Vec<String> = lines.iter().map(|l| l.replace("benchscope-demo__", "other__")).collect();
    let (a, b_forward, b_backward) = (tmp.path().join("a.jsonl"), tmp.path().join("b1.jsonl"), tmp.path().join("b2.jsonl"));
    std::fs::write(&a, demo.clone()).unwrap();
    std::fs::write(&b_forward, other.join("\n")).unwrap();
    let mut reversed = other.clone();
    reversed.reverse();
    reversed.rotate_left(5);
    std::fs::write(&b_backward, reversed.join("\n")).unwrap();
    let export = |b: &std::path::Path, out: &str| {
        let out = tmp.path().join(out);
        benchscope_ok(&[
            "export",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
            "--dataset",
            "d",
            "--split",
            "a",
            "--split",
            "b",
            "--out",
            out.to_str().unwrap(),
            "--quiet",
        ]);
        let files: Vec<(String, Vec<u8>)> = tree(&out).into_iter().filter(|(path, _)| path.contains("/a/")).collect();
        let manifest: Manifest = read_json(&out.join("manifest.json"));
        (files, manifest.dataset("d").unwrap().split("a").unwrap().clone())
    };
    let (first, second) = (export(&b_forward, "one"), export(&b_backward, "two"));
    assert!(!first.0.is_empty());
    assert_eq!(first, second, "split a's files and manifest entry, byte for byte");
}
