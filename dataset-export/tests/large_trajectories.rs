//! A trajectory too large for one file is stored as a head with its first steps and chunks of
//! the rest, each listed in the manifest with its hash; together they are the trajectory read.

mod common;

use benchscope_cli::trajectories::read_file;
use benchscope_contract::trajectory::{StepChunk, Trajectory, CHUNKED_TRAJECTORY_BYTES};
use benchscope_contract::{Manifest, Run};
use common::{import_as_new_run, read_json};
use serde_json::json;
use sha2::{Digest, Sha256};

/// A mini-swe-agent trajectory of `steps` steps, each answered by about `output_bytes` bytes.
fn generated(steps: usize, output_bytes: usize) -> serde_json::Value {
    let mut messages = vec![
        json!({"role": "system", "content": "You are a helpful assistant."}),
        json!({"role": "user", "content": "Fix it."}),
    ];
    for i in 0..steps {
        messages.push(json!({"role": "assistant", "content": format!("THOUGHT: step {i}.\n\n```bash\ncat src/m{i}.py\n```")}));
        let line = format!("line of step {i} ");
        messages.push(json!({"role": "user", "content": format!("<returncode>0</returncode>\n<output>\n{}\n</output>", line.repeat(output_bytes / line.len()))}));
    }
    json!({"instance_id": "big__repo-1", "info": {"exit_status": "Submitted", "submission": ""}, "messages": messages})
}

#[test]
fn a_large_trajectory_is_a_head_and_chunks_that_together_hold_every_step() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("trajs");
    std::fs::create_dir_all(&folder).unwrap();
    let source = folder.join("big__repo-1.traj.json");
    std::fs::write(&source, serde_json::to_vec(&generated(300, 40_000)).unwrap()).unwrap();
    assert!(std::fs::metadata(&source).unwrap().len() as usize > 2 * CHUNKED_TRAJECTORY_BYTES);
    let data = tmp.path().join("data");
    import_as_new_run(&folder, &data, "big");

    let run: Run = read_json(&data.join("runs/big.json"));
    let facts = run.results[0].trajectory.as_ref().unwrap();
    assert_eq!(facts.steps, 300, "the facts count every step");
    let head_bytes = std::fs::read(data.join(&facts.path)).unwrap();
    assert!(head_bytes.len() < 1 << 20, "the head is small: {} bytes", head_bytes.len());
    let head: Trajectory = serde_json::from_slice(&head_bytes).unwrap();
    assert!(head.more_steps.len() > 2, "{} chunks", head.more_steps.len());
    assert_eq!(head.step_count(), 300);

    let manifest: Manifest = read_json(&data.join("manifest.json"));
    let mut steps = head.steps.clone();
    for entry in &head.more_steps {
        let bytes = std::fs::read(data.join(&entry.path)).unwrap();
        let listed = manifest
            .files
            .iter()
            .find(|f| f.path == entry.path)
            .unwrap_or_else(|| panic!("{} listed", entry.path));
        let sha: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(listed.sha256, sha, "{}", entry.path);
        let chunk: StepChunk = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(chunk.steps.len(), entry.steps as usize);
        steps.extend(chunk.steps);
    }
    let read = read_file(&source).unwrap().remove(0);
    assert_eq!(steps, read.steps, "head and chunks are the trajectory read, in order");
}
