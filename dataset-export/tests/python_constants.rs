//! Files written by Python's `json.dump`, which writes a float that is not a number as `NaN` (or
//! `Infinity`) and whose `json.load` reads that back: a cost never measured in a trajectory or on
//! a leaderboard, a score in a dataset's record. Each is read as no value, and nothing else of the
//! file is lost.

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
