//! A folder of agent trajectories imported as a run, on trajectories written here in
//! mini-swe-agent's format: how the run is named, ids a file name cannot hold, the model most of
//! them name, instances the split does not have, files that cannot be read.

mod common;

use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::Run;
use common::{benchscope, benchscope_ok, exported_dataset_d, import_as_new_run, import_as_new_run_output, read_json, tree};
use serde_json::Value;

/// A mini-swe-agent trajectory of `id` whose one step runs `command`.
fn mini_trajectory(id: &str, command: &str) -> Value {
    serde_json::json!({
        "trajectory_format": "mini-swe-agent-1",
        "instance_id": id,
        "info": { "exit_status": "Submitted", "submission": "" },
        "messages": [
            { "role": "system", "content": "You are a helpful assistant." },
            { "role": "user", "content": "Fix the issue." },
            { "role": "assistant", "content": format!("THOUGHT: go.\n\n```bash\n{command}\n```") },
            { "role": "user", "content": "<returncode>0</returncode>\n<output>\n</output>" },
        ],
    })
}

#[test]
fn ids_that_differ_only_in_characters_a_file_name_cannot_hold_keep_their_own_trajectories() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("trajs");
    let ids = ["org/repo-1", "org_repo-1", "org:repo-1"];
    for (n, id) in ids.iter().enumerate() {
        let dir = folder.join(format!("t{n}"));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(format!("t{n}.traj.json"));
        std::fs::write(&file, serde_json::to_vec(&mini_trajectory(id, &format!("echo {n}"))).unwrap()).unwrap();
    }
    let data = tmp.path().join("data");
    import_as_new_run(&folder, &data, "r");
    let run: Run = read_json(&data.join("runs/r.json"));
    let mut paths = std::collections::BTreeSet::new();
    for id in ids {
        let result = run
            .results
            .iter()
            .find(|r| r.instance_id == id)
            .unwrap_or_else(|| panic!("{id} is in the run"));
        let path = result.trajectory.as_ref().unwrap().path.clone();
        let stored: Trajectory = read_json(&data.join(&path));
        assert_eq!(stored.instance_id, id, "{path} holds {id}'s trajectory");
        paths.insert(path);
    }
    assert_eq!(paths.len(), ids.len(), "each id has a file of its own: {paths:?}");
}

/// A run's model and scaffold are the ones more than half of its trajectories name, the others
/// said in its notes; where no model has that many, the run names none (each trajectory still
/// names its own).
#[test]
fn a_run_names_the_model_most_of_its_trajectories_name() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("trajs");
    for (id, model) in [
        ("a__b-1", "openai/gpt-5"),
        ("a__b-2", "openai/gpt-5"),
        ("a__b-3", "anthropic/claude-sonnet-4"),
    ] {
        let dir = folder.join(id);
        std::fs::create_dir_all(&dir).unwrap();
        let mut trajectory = mini_trajectory(id, "ls");
        trajectory["info"]["mini_version"] = "1.15.0".into();
        trajectory["info"]["config"] = serde_json::json!({"model": {"model_name": model}});
        std::fs::write(dir.join(format!("{id}.traj.json")), trajectory.to_string()).unwrap();
    }
    let data = tmp.path().join("data");
    import_as_new_run(&folder, &data, "mostly");
    let run: Run = read_json(&data.join("runs/mostly.json"));
    assert_eq!(run.system.scaffold.as_deref(), Some("mini-swe-agent 1.15.0"));
    assert_eq!(run.system.model.as_deref(), Some("openai/gpt-5"));
    let note = "the run's model is openai/gpt-5, named by 2 of the 3 trajectories that name a model; 1 names anthropic/claude-sonnet-4";
    assert!(run.notes.iter().any(|n| n == note), "{:?}", run.notes);
    let third = run.results.iter().find(|r| r.instance_id == "a__b-3").unwrap();
    let stored: Trajectory = read_json(&data.join(&third.trajectory.as_ref().unwrap().path));
    assert_eq!(stored.model.as_deref(), Some("anthropic/claude-sonnet-4"));

    let mut fourth = mini_trajectory("a__b-4", "ls");
    fourth["info"]["config"] = serde_json::json!({"model": {"model_name": "anthropic/claude-sonnet-4"}});
    std::fs::create_dir_all(folder.join("a__b-4")).unwrap();
    std::fs::write(folder.join("a__b-4/a__b-4.traj.json"), fourth.to_string()).unwrap();
    import_as_new_run(&folder, &data, "split");
    let run: Run = read_json(&data.join("runs/split.json"));
    assert_eq!(run.system.model, None, "two models, two trajectories each: the run names neither");
    assert_eq!(run.system.scaffold.as_deref(), Some("mini-swe-agent 1.15.0"), "three of four");
    let note = "the run's agent is mini-swe-agent 1.15.0, named by 3 of the 4 trajectories that name an agent; 1 names mini-swe-agent";
    assert!(run.notes.iter().any(|n| n == note), "{:?}", run.notes);
    let note = "the run names no model: none of the 2 models is named by more than half of the 4 trajectories that name one (2 name anthropic/claude-sonnet-4, 2 name openai/gpt-5)";
    assert!(run.notes.iter().any(|n| n == note), "{:?}", run.notes);
}

/// A run's trajectories in a folder named for what it holds (`trajs`) are named and dated by the
/// folder above it, whose `metadata.yaml` (an experiments submission's) names the system.
#[test]
fn trajectories_in_a_trajs_folder_are_the_run_of_the_folder_above() {
    let tmp = tempfile::tempdir().unwrap();
    let submission = tmp.path().join("20251118_mini-gemini");
    let trajs = submission.join("trajs");
    std::fs::create_dir_all(trajs.join("a__b-1")).unwrap();
    std::fs::write(trajs.join("a__b-1/a__b-1.traj.json"), mini_trajectory("a__b-1", "ls").to_string()).unwrap();
    let data = tmp.path().join("data");
    let data_arg = data.to_str().unwrap();
    let out = benchscope_ok(&["import", trajs.to_str().unwrap(), "--data", data_arg, "--new-dataset"]);
    assert!(out.contains("run 20251118_mini-gemini: 1 instance,"), "{out}");
    let run: Run = read_json(&data.join("runs/20251118_mini-gemini.json"));
    assert_eq!(run.date.as_deref(), Some("2025-11-18"));
    assert_eq!(run.system.name, "20251118_mini-gemini");

    std::fs::write(
        submission.join("metadata.yaml"),
        "info:\n  name: mini-swe-agent + Gemini 3 Pro\ntags:\n  model:\n    - gemini-3-pro-preview\n",
    )
    .unwrap();
    benchscope_ok(&["import", trajs.to_str().unwrap(), "--data", data_arg, "--replace"]);
    let run: Run = read_json(&data.join("runs/20251118_mini-gemini.json"));
    assert_eq!(run.system.name, "mini-swe-agent + Gemini 3 Pro");
    assert_eq!(
        run.system.model.as_deref(),
        Some("gemini-3-pro-preview"),
        "the submission's own word"
    );
}

/// Trajectories of instances the split does not have are not counted, and not stored either:
/// no file of theirs is written, and the run's trajectory search does not find their steps.
#[test]
fn trajectories_of_instances_outside_the_split_are_not_stored() {
    let tmp = tempfile::tempdir().unwrap();
    let data = exported_dataset_d(tmp.path(), &["o__r-1"]);
    let folder = tmp.path().join("trajs");
    std::fs::create_dir_all(&folder).unwrap();
    for (id, command) in [("o__r-1", "echo inside"), ("x__y-2", "echo outsider")] {
        let file = folder.join(format!("{id}.traj.json"));
        std::fs::write(&file, serde_json::to_vec(&mini_trajectory(id, command)).unwrap()).unwrap();
    }
    let out = benchscope(&[
        "import",
        folder.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "d",
        "--run",
        "r",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 instance is not in d/test and is not counted: x__y-2"));
    let stored: Vec<String> = tree(&data.join("runs/r"))
        .into_iter()
        .map(|(path, _)| path)
        .filter(|path| path.starts_with("trajectories"))
        .collect();
    assert_eq!(stored, ["trajectories/o__r-1.json"]);
    let meta: serde_json::Value = read_json(&data.join("runs/r/trajectory-search/meta.json"));
    assert_eq!(meta["instances"], serde_json::json!(["o__r-1"]));
    let terms: Vec<String> = tree(&data.join("runs/r/trajectory-search"))
        .into_iter()
        .filter(|(path, _)| path != "meta.json")
        .flat_map(|(_, bytes)| {
            let shard: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            shard["terms"].as_object().unwrap().keys().cloned().collect::<Vec<_>>()
        })
        .collect();
    assert!(
        terms.contains(&"inside".to_string()) && !terms.contains(&"outsider".to_string()),
        "{terms:?}"
    );
}

/// A folder whose only trajectory is cut short holds no run: the import is refused with the
/// reason, rather than storing a run that resolved nothing.
#[test]
fn a_folder_of_unreadable_trajectories_is_refused_not_stored_empty() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("trajs");
    std::fs::create_dir_all(&folder).unwrap();
    let whole = serde_json::to_string(&mini_trajectory("o__r-1", "ls")).unwrap();
    std::fs::write(folder.join("o__r-1.traj.json"), &whole[..whole.len() / 2]).unwrap();
    let data = tmp.path().join("data");
    let out = import_as_new_run_output(&folder, &data, "r");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("nothing of run `r` could be read (no results, no published figures)") && stderr.contains("o__r-1.traj.json"),
        "{stderr}"
    );
    assert!(!data.join("runs/r.json").exists());
}
