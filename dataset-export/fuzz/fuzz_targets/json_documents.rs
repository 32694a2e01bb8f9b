//! JSON documents told from JSON Lines, Python-repr reports, files dropped on the page, and
//! prediction records.
#![no_main]

use benchscope_cli::pyrepr;
use benchscope_contract::dropped::read_dropped;
use benchscope_contract::json_document::{self, Document};
use benchscope_contract::prediction::Prediction;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Document::Json(value, _) = json_document::read(text.as_bytes()) {
        let _ = Prediction::from_value(None, value);
    }
    let _ = pyrepr::parse(text);
    let _ = read_dropped("f.json", text, "d", "test");
});
