//! Importing a trajectory holds a bounded part of it in memory, however large the file. A test
//! file of its own: a child's peak memory counts its parent's at the moment it starts, so the
//! process starting it must stay small (the trajectory is written line by line, not built).

mod common;

use std::io::Write;

use benchscope_contract::Run;
use common::{import_as_new_run, peak_child_rss_bytes, read_json};
use serde_json::json;

/// Writes a mini-swe-agent trajectory of `steps` steps, each answered by about `output_bytes`
/// bytes of many short lines, one message at a time.
fn write_generated(path: &std::path::Path, steps: usize, output_bytes: usize) {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    write!(
        out,
        r#"{{"instance_id": "big__repo-1", "info": {{"exit_status": "Submitted"}}, "messages": ["#
    )
    .unwrap();
    write!(out, "{}", json!({"role": "user", "content": "Fix it."})).unwrap();
    for i in 0..steps {
        let ask = json!({"role": "assistant", "content": format!("THOUGHT: step {i}.\n\n```bash\ncat src/m{i}.py\n```")});
        let line = format!("{i}: alpha beta gamma delta\n");
        let output = line.repeat(output_bytes / line.len());
        let answer = json!({"role": "user", "content": format!("<returncode>0</returncode>\n<output>\n{output}</output>")});
        write!(out, ",{ask},{answer}").unwrap();
    }
    write!(out, "]}}").unwrap();
    out.flush().unwrap();
}

#[test]
fn a_trajectory_is_imported_without_holding_it_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("trajs");
    std::fs::create_dir_all(&folder).unwrap();
    let source = folder.join("big__repo-1.traj.json");
    write_generated(&source, 1200, 85_000);
    let size = std::fs::metadata(&source).unwrap().len();
    assert!(size > 100 << 20, "{size} bytes");
    // As a folder of trajectories, and as the one file.
    for (given, data) in [(&folder, "data"), (&source, "data-of-the-file")] {
        let data = tmp.path().join(data);
        import_as_new_run(given, &data, "big");
        let run: Run = read_json(&data.join("runs/big.json"));
        assert_eq!(run.results[0].trajectory.as_ref().unwrap().steps, 1200);
    }
    let peak = peak_child_rss_bytes();
    eprintln!("importing a {} MB trajectory peaked at {} MB", size >> 20, peak >> 20);
    assert!(
        peak < size / 3,
        "a {} MB trajectory took {} MB to import: it was held whole",
        size >> 20,
        peak >> 20
    );
    let beside: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(beside.len(), 3, "no spool folder is left beside the data: {beside:?}");
}
