//! Agent trajectories: any bytes are read as the import reads a trajectory file (a zip as an
//! Inspect `.eval`, anything else as JSON or JSON Lines streamed in two passes) without
//! panicking, and each trajectory read has facts that count its steps; and as a trace published
//! as text, Markdown or not, in steps of bounded size that keep every character, and JSON laid
//! out again keeps every byte but whitespace.
#![no_main]

use std::io::Read;

use benchscope_cli::trajectories::published_text::{read_text_bytes, Reindented, MOST_STEP_BYTES};
use benchscope_cli::trajectories::read_bytes;
use benchscope_contract::trajectory::facts_of;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    for markdown in [false, true] {
        let trace = read_text_bytes(bytes, markdown).expect("any bytes are text");
        // Each byte of the trace that is not UTF-8 is a U+FFFD of three.
        assert!(trace.steps.iter().all(|s| s.thought.len().max(s.observation.len()) <= 3 * MOST_STEP_BYTES));
        let kept: usize = trace.steps.iter().map(|s| s.thought.chars().chain(s.observation.chars()).filter(|c| !c.is_whitespace()).count()).sum();
        assert_eq!(kept, String::from_utf8_lossy(bytes).chars().filter(|c| !c.is_whitespace()).count());
    }
    // JSON laid out again: every byte but the whitespace between tokens, in its order.
    let mut laid_out = Vec::new();
    Reindented::new(bytes).read_to_end(&mut laid_out).expect("reading bytes");
    let solid = |bytes: &[u8]| bytes.iter().copied().filter(|b| !b.is_ascii_whitespace()).collect::<Vec<u8>>();
    assert_eq!(solid(&laid_out), solid(bytes));
    let Ok(trajectories) = read_bytes(bytes, std::path::Path::new("fuzz.traj.json")) else {
        return;
    };
    for trajectory in trajectories {
        let facts = facts_of(&trajectory, "p");
        assert_eq!(facts.steps, trajectory.steps.len());
    }
});
