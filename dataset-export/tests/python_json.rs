//! JSON as Python's `json.dump` writes it and its `json.load` reads it back, which is not all JSON:
//! a float that is not a number as `NaN` (or `Infinity`): a cost never measured in a trajectory or
//! on a leaderboard, a score in a dataset's record; and a lone surrogate escape for a byte decoded
//! with `surrogateescape` (a tool's output). Each is read (no value; U+FFFD), and nothing else of
//! the file is lost.

mod common;

use std::path::Path;

use common::*;
use serde_json::Value;

/// Three real mini-swe-agent trajectories written again by Python, the first's cost `NaN` and the
/// second's `Infinity`: `FOLDER ids...`.
const TRAJECTORIES_WITH_NAN: &str = r#"
import json, os, sys
source, target, ids = sys.argv[1], sys.argv[2], sys.argv[3:]
for n, id in enumerate(ids):
    trajectory = json.load(open(os.path.join(source, id, id + ".traj.json")))
    if n < 2:
        trajectory["info"]["model_stats"]["instance_cost"] = [float("nan"), float("inf")][n]
    os.makedirs(os.path.join(target, id))
    json.dump(trajectory, open(os.path.join(target, id, id + ".traj.json"), "w"), indent=2)
"#;

#[test]
fn real_trajectories_whose_cost_python_wrote_as_nan_are_imported_without_it() {
    let Some(realdata) = realdata() else { return };
    let source = realdata.join("trajectories_gruckion-mini-swe-agent/trajs");
    let ids = ["astropy__astropy-12907", "astropy__astropy-13033", "astropy__astropy-13236"];
    let tmp = tempfile::tempdir().unwrap();
    let written = tmp.path().join("mini");
    let mut args = vec![source.to_str().unwrap(), written.to_str().unwrap()];
    args.extend(ids);
    python(TRAJECTORIES_WITH_NAN, &args);
    let first = std::fs::read_to_string(written.join(ids[0]).join(format!("{}.traj.json", ids[0]))).unwrap();
    assert!(first.contains("\"instance_cost\": NaN"), "Python wrote NaN");

    let data = tmp.path().join("data");
    let out = benchscope_ok(&[
        "import",
        written.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "mini",
        "--dataset",
        "verified",
        "--new-dataset",
    ]);
    assert!(out.contains("3 instances"), "{out}");
    let run: Value = read_json(&data.join("runs/mini.json"));
    let real: Value = read_json(&source.join(ids[2]).join(format!("{}.traj.json", ids[2])));
    assert_eq!(result_for(&run, ids[0])["cost"], Value::Null, "{run}");
    assert_eq!(result_for(&run, ids[1])["cost"], Value::Null, "{run}");
    assert_eq!(result_for(&run, ids[2])["cost"], real["info"]["model_stats"]["instance_cost"]);
    for id in ids {
        let stored = data.join(format!("runs/mini/trajectories/{id}.json"));
        assert!(stored.is_file(), "{id}: its steps are stored");
    }
}

/// swebench.com's leaderboards written again by Python, one entry's cost and one instance's `NaN`.
const LEADERBOARDS_WITH_NAN: &str = r#"
import json, sys
boards = json.load(open(sys.argv[1]))
entry = next(e for b in boards["leaderboards"] for e in b["results"] if e.get("per_instance_details"))
entry["instance_cost"] = float("nan")
first = sorted(entry["per_instance_details"])[0]
entry["per_instance_details"][first]["cost"] = float("nan")
json.dump(boards, open(sys.argv[2], "w"))
print(entry["name"], first)
"#;

#[test]
fn the_real_leaderboards_with_a_nan_cost_import_every_entry() {
    let Some(realdata) = realdata() else { return };
    let source = realdata.join("swebench-leaderboard_SWE-bench-swe-bench.github.io/leaderboards.json");
    let tmp = tempfile::tempdir().unwrap();
    let written = tmp.path().join("leaderboards.json");
    python(LEADERBOARDS_WITH_NAN, &[source.to_str().unwrap(), written.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&written).unwrap().contains(": NaN"), "Python wrote NaN");

    let imported = |file: &Path, data: &Path| {
        benchscope_ok(&["import", file.to_str().unwrap(), "--data", data.to_str().unwrap()]);
        let manifest: benchscope_contract::Manifest = read_json(&data.join("manifest.json"));
        manifest.runs.iter().map(|r| (r.id.clone(), r.instances)).collect::<Vec<_>>()
    };
    let with_nan = imported(&written, &tmp.path().join("a"));
    let real = imported(&source, &tmp.path().join("b"));
    assert_eq!(with_nan, real, "every entry and its instances");

    let costs_of = |data: &Path| {
        let mut costs = Vec::new();
        for entry in std::fs::read_dir(data.join("runs")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "json") {
                let run: Value = read_json(&path);
                let results = run["results"].as_array().cloned().unwrap_or_default();
                costs.push(results.iter().filter(|r| r["cost"].is_number()).count());
            }
        }
        costs.iter().sum::<usize>()
    };
    assert_eq!(
        costs_of(&tmp.path().join("a")) + 1,
        costs_of(&tmp.path().join("b")),
        "only the instance whose cost was NaN has none"
    );
}

/// SWE-bench Lite's records written by Python as one JSON array and as JSON Lines, each of the
/// first fifty with a `score`, the forty-first's `NaN` (or `None`): `SOURCE DIR`.
const LITE_WITH_A_SCORE: &str = r#"
import json, os, sys
records = [json.loads(line) for line in open(sys.argv[1])]
for n, record in enumerate(records[:50]):
    record["score"] = 1.5
def written(name, score, lines):
    records[40]["score"] = score
    with open(os.path.join(sys.argv[2], name), "w") as out:
        if lines:
            out.writelines(json.dumps(r) + "\n" for r in records)
        else:
            json.dump(records, out, indent=1)
written("nan.json", float("nan"), False)
written("nan.jsonl", float("nan"), True)
written("none.json", None, False)
"#;

#[test]
fn a_dataset_python_wrote_with_a_nan_exports_each_record_once() {
    let Some(realdata) = realdata() else { return };
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let tmp = tempfile::tempdir().unwrap();
    python(LITE_WITH_A_SCORE, &[lite.to_str().unwrap(), tmp.path().to_str().unwrap()]);
    let exported = |name: &str| {
        let out = tmp.path().join(format!("out-{name}"));
        let said = benchscope_ok(&[
            "export",
            tmp.path().join(name).to_str().unwrap(),
            "--dataset",
            "lite",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(said.contains("exported 300 instances"), "{name}: {said}");
        tree(&out)
    };
    // The array is read as it stands to the NaN, then again forgiven: the forty records before it
    // are not exported twice (a repeated id is refused).
    let from_array = exported("nan.json");
    assert_eq!(from_array, exported("nan.jsonl"));
    assert_eq!(from_array, exported("none.json"), "NaN is no value, as None is");
}

/// The real OpenHands output written again by Python, one observation's output ending in two bytes
/// that are not UTF-8, decoded as Python's `surrogateescape` decodes them: `SOURCE TARGET`.
const OPENHANDS_WITH_SURROGATES: &str = r#"
import json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
event = next(e for e in records[0]["history"] if e.get("observation") == "run" and e.get("content"))
event["content"] += b"\xff\xfe".decode("utf-8", "surrogateescape")
with open(sys.argv[2], "w") as out:
    out.writelines(json.dumps(r) + "\n" for r in records)
"#;

#[test]
fn a_real_trajectory_with_a_byte_python_escaped_as_a_lone_surrogate_keeps_every_step() {
    let Some(realdata) = realdata() else { return };
    let source = realdata.join("trajectories_formats/openhands_multi_swe_bench_output.jsonl");
    let tmp = tempfile::tempdir().unwrap();
    let written = tmp.path().join("escaped/output.jsonl");
    std::fs::create_dir_all(written.parent().unwrap()).unwrap();
    python(OPENHANDS_WITH_SURROGATES, &[source.to_str().unwrap(), written.to_str().unwrap()]);
    assert!(
        std::fs::read_to_string(&written).unwrap().contains("\\udcff\\udcfe"),
        "Python wrote lone surrogates"
    );

    let stored = |file: &Path, data: &Path| {
        benchscope_ok(&[
            "import",
            file.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
            "--run",
            "oh",
            "--new-dataset",
            "--dataset",
            "msb",
        ]);
        let mut texts = Vec::new();
        for entry in std::fs::read_dir(data.join("runs/oh/trajectories")).unwrap() {
            let path = entry.unwrap().path();
            texts.push((
                path.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&path).unwrap(),
            ));
        }
        texts.sort();
        texts
    };
    let escaped = stored(&written, &tmp.path().join("a"));
    let real = stored(&source, &tmp.path().join("b"));
    assert_eq!(escaped.len(), real.len(), "every trajectory is stored");
    let changed: Vec<_> = escaped.iter().zip(&real).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 1, "only the trajectory with the bytes differs");
    let (with_bytes, without) = changed[0];
    assert_eq!(
        with_bytes.1.matches('\u{fffd}').count(),
        without.1.matches('\u{fffd}').count() + 2,
        "each byte shown as U+FFFD"
    );
}
