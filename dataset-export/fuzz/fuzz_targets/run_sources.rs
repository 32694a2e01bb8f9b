//! Harness reports and leaderboards: any JSON value read as a swebench.com board, a FeatureBench
//! or SWE-Dev leaderboard, a harness report, SWE-PolyBench's results or a Multi-SWE-bench
//! report or OpenHands' or Moatless Tools' evaluation's verdict; and any text read as a
//! submission's `metadata.yaml`.
#![no_main]

use benchscope_cli::importers::{
    harness, lca, leaderboard, moatless_eval, multi_swe_bench, openhands_eval, polybench, submission_metadata,
};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|text: &str| {
    let _ = submission_metadata::parse(text);
    let Ok(value) = serde_json::from_str::<Value>(text) else { return };
    let _ = leaderboard::swebench_site(&value, "f.json", None);
    let _ = leaderboard::swe_dev_tables(&value, "f.json", "swe-dev");
    if let Value::Array(rows) = &value {
        let _ = leaderboard::featurebench_rows(rows, "lite", "f.json", "featurebench");
    }
    if let Value::Object(map) = &value {
        for (id, report) in map {
            let _ = harness::result_from_report(id, report, Some(text));
        }
    }
    let _ = lca::compscore_of(&value);
    let _ = polybench::summary_results(&value);
    let _ = polybench::instance_result(&value);
    let _ = multi_swe_bench::result_of("o__r-1", &value, false, None);
    let _ = openhands_eval::verdict_of("o__r-1", &value);
    let _ = moatless_eval::verdict_of("o__r-1", &value);
});
