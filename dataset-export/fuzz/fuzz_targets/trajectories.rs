//! Agent trajectories: any JSON document is recognized or not by every format, read without
//! panicking, and its facts derived.
#![no_main]

use benchscope_cli::trajectories::FORMATS;
use benchscope_contract::trajectory::facts_of;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|text: &str| {
    let Ok(document) = serde_json::from_str::<Value>(text) else {
        return;
    };
    for format in FORMATS {
        if format.detect(&document) {
            if let Ok(trajectory) = format.read(&document, "id") {
                let facts = facts_of(&trajectory, "p");
                assert_eq!(facts.steps, trajectory.steps.len());
            }
        }
    }
});
