//! Importing an agent's transcript holds a line of it in memory at a time, however large the
//! file. A test file of its own, as `trajectory_memory.rs` is: a child's peak memory counts its
//! parent's at the moment it starts, so the process starting it must stay small (the transcript
//! is written line by line, not built).

mod common;

use std::io::Write;

use benchscope_contract::Run;
use common::{import_as_new_run, peak_child_rss_bytes, read_json};
use serde_json::json;

/// Writes a Claude Code transcript (stream-json) of `calls` commands, each answered by about
/// `output_bytes` bytes of many short lines.
fn write_generated(path: &std::path::Path, calls: usize, output_bytes: usize) {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let init =
        json!({"type": "system", "subtype": "init", "session_id": "s", "model": "claude-sonnet-4-5", "claude_code_version": "2.1.276"});
    writeln!(out, "{init}").unwrap();
    for i in 0..calls {
        let call = json!({"type": "assistant", "session_id": "s", "parent_tool_use_id": null,
            "message": {"id": format!("m{i}"), "content": [{"type": "tool_use", "id": format!("t{i}"), "name": "Bash", "input": {"command": format!("cat src/m{i}.py")}}]}});
        let line = format!("{i}: alpha beta gamma delta\n");
        let output = line.repeat(output_bytes / line.len());
        let answer = json!({"type": "user", "session_id": "s", "parent_tool_use_id": null,
            "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": format!("t{i}"), "content": output}]}});
        writeln!(out, "{call}\n{answer}").unwrap();
    }
    writeln!(
        out,
        "{}",
        json!({"type": "result", "subtype": "success", "session_id": "s", "total_cost_usd": 3.5})
    )
    .unwrap();
    out.flush().unwrap();
}

#[test]
fn a_transcript_is_imported_a_line_at_a_time() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("claude-code-run");
    std::fs::create_dir_all(&folder).unwrap();
    let source = folder.join("big__repo-1.jsonl");
    write_generated(&source, 1200, 85_000);
    let size = std::fs::metadata(&source).unwrap().len();
    assert!(size > 100 << 20, "{size} bytes");
    let data = tmp.path().join("data");
    import_as_new_run(&folder, &data, "big");
    let run: Run = read_json(&data.join("runs/big.json"));
    let facts = run.results[0].trajectory.as_ref().unwrap();
    assert_eq!((facts.steps, facts.cost), (1200, Some(3.5)));
    let peak = peak_child_rss_bytes();
    eprintln!("importing a {} MB transcript peaked at {} MB", size >> 20, peak >> 20);
    assert!(
        peak < size / 3,
        "a {} MB transcript took {} MB to import: it was held whole",
        size >> 20,
        peak >> 20
    );
}
