//! The feature-building benchmarks' formats, checked against an independent reading of the same
//! data: SWE-Dev's task files and FeatureBench's website and task rows (the other formats are in
//! `formats.rs`).

mod common;

use std::collections::BTreeMap;

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
