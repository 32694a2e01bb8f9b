//! Agent trajectories: any bytes are read as the import reads a trajectory file (a zip as an
//! Inspect `.eval`, anything else as JSON or JSON Lines streamed in two passes) without
//! panicking, and each trajectory read has facts that count its steps.
#![no_main]

use benchscope_cli::trajectories::read_bytes;
use benchscope_contract::trajectory::facts_of;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(trajectories) = read_bytes(bytes, std::path::Path::new("fuzz.traj.json")) else {
        return;
    };
    for trajectory in trajectories {
        let facts = facts_of(&trajectory, "p");
        assert_eq!(facts.steps, trajectory.steps.len());
    }
});
