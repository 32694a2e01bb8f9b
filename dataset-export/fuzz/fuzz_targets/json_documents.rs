//! JSON documents told from JSON Lines, Python-repr reports, files dropped on the page,
//! prediction records, and results matrices (read, widened by a run, every cell labelled); JSON
//! forgiven its trailing commas and Python's `NaN` the same whole or in two reads, JSON as it
//! stands left as it is, and JSON read within a nesting limit either refused or read as without
//! one.
#![no_main]

use benchscope_cli::input::{forgiving, forgiving_within};
use benchscope_cli::pyrepr;
use benchscope_contract::dropped::read_dropped;
use benchscope_contract::json_document::{self, Document};
use benchscope_contract::json_forgiven::{forgive, Forgiver};
use benchscope_contract::prediction::Prediction;
use benchscope_contract::results::{ResultsMatrix, RowOutcomes};
use benchscope_contract::{InstanceResult, Run};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    forgiven_whole_or_in_parts(text.as_bytes());
    read_within_a_limit_or_refused(text.as_bytes());
    if let Document::Json(value, _) = json_document::read(text.as_bytes()) {
        let _ = Prediction::from_value(None, value);
    }
    let _ = pyrepr::parse(text);
    let _ = read_dropped("f.json", text, "d", "test");
    if let Ok(mut matrix) = serde_json::from_str::<ResultsMatrix>(text) {
        let mut run = Run::new("fuzz", "d", "test", "fuzz", "");
        run.results.push(InstanceResult {
            instance_id: "zz".into(),
            resolved: Some(false),
            failure_mode: Some("m".into()),
            ..Default::default()
        });
        matrix.add_runs(&[&run]);
        let ids: Vec<String> = matrix.instances.iter().rev().cloned().chain(["?".to_string()]).collect();
        let rows = RowOutcomes::new(&matrix, ids.iter().map(String::as_str));
        for run in 0..matrix.runs.len() {
            for row in 0..rows.len() {
                let _ = rows.label(run, row);
            }
        }
        let _ = matrix.judged_best_first();
        let _ = matrix.block_of(usize::MAX);
    }
});

/// Past the limit the reader hands out the text up to the bracket too deep, then fails: what it
/// reads must never be a different document from the same text read without a limit.
fn read_within_a_limit_or_refused(bytes: &[u8]) {
    let limit = bytes.first().map_or(0, |&b| usize::from(b % 8));
    let Ok(limited) = serde_json::from_reader::<_, serde_json::Value>(forgiving_within(bytes, limit).unwrap()) else {
        return;
    };
    let whole: serde_json::Value = serde_json::from_reader(forgiving(bytes).unwrap()).expect("read within a limit, so without one");
    assert_eq!(limited, whole);
}

fn forgiven_whole_or_in_parts(bytes: &[u8]) {
    let (whole, _) = forgive(bytes);
    if serde_json::from_slice::<serde_json::Value>(bytes).is_ok() {
        assert_eq!(whole, bytes, "JSON as it stands is left as it is");
    }
    let at = bytes.first().map_or(0, |&b| usize::from(b) % (bytes.len() + 1));
    let mut forgiver = Forgiver::new();
    let mut parts = Vec::new();
    forgiver.feed(&bytes[..at], &mut parts);
    forgiver.feed(&bytes[at..], &mut parts);
    forgiver.finish(&mut parts);
    assert_eq!(parts, whole, "split at {at}");
}
