//! Every benchmark record format: any JSON object is detected, normalized and finished, or
//! refused with a field error, never a panic.
#![no_main]

use benchscope_cli::error::Location;
use benchscope_cli::formats;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|text: &str| {
    let Ok(Value::Object(record)) = serde_json::from_str::<Value>(text) else {
        return;
    };
    for format in formats::all() {
        let _ = format.detect(&record);
        if let Ok(mut instance) = format.normalize(record.clone(), &Location::Line(1)) {
            let _ = format.take_sources(&mut instance);
            formats::finish(&mut instance, "Other");
        }
    }
});
