//! A stable fuzzing harness for every parser of untrusted input (no nightly toolchain can be
//! installed here, so cargo-fuzz's libFuzzer is not available): seeds from the project's own
//! corpora (and ../shared/realdata when present) are mutated by a seeded generator, and an input
//! that makes a target behave in a way not seen before (a new output signature) joins the corpus,
//! so the search is guided by what the parsers do. No input may panic or take more than two
//! seconds.
//!
//! The test command runs `BENCHSCOPE_FUZZ_ITERATIONS` (default 2,000) inputs per target; the long
//! run the README states is the same test with a larger figure:
//!
//!     BENCHSCOPE_FUZZ_ITERATIONS=200000 cargo test --release -p benchscope-cli --test fuzz -- --nocapture

mod common;

use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use benchscope_cli::formats::reversed_diff::reversed_diff;
use benchscope_cli::grading::place;
use benchscope_cli::id_list;
use benchscope_cli::importers::submission_metadata;
use benchscope_cli::logs::FORMATS;
use benchscope_cli::pyrepr;
use benchscope_contract::json_document;
use benchscope_contract::patch::parse_patch;
use benchscope_contract::{dropped, inline, search, TestLists};

/// A small, seeded generator (xorshift64*): the same run mutates the same way.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Fragments that parsers treat specially, spliced into inputs.
const TOKENS: [&str; 28] = [
    "\n",
    "\r\n",
    "\r",
    "{",
    "}",
    "[",
    "]",
    "\"",
    ",",
    ":",
    "::",
    " ... ok",
    " ... FAIL",
    "PASSED ",
    "FAILED ",
    " - ",
    "@@ -1,2 +1,3 @@\n",
    "diff --git a/x b/x\n",
    "+++ b/",
    "--- a/",
    ">>>>> Start Test Output",
    "\u{0}",
    "é",
    "\\u0000",
    "- ",
    "&x ",
    "*x",
    "!!",
];

fn mutate(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut input = corpus[rng.below(corpus.len())].clone();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(input.len() + 1);
        match rng.below(6) {
            0 if !input.is_empty() => {
                let i = rng.below(input.len());
                input[i] ^= 1 << rng.below(8);
            }
            1 if !input.is_empty() => {
                let end = (at + 1 + rng.below(64)).min(input.len());
                input.drain(at.min(end)..end);
            }
            2 => {
                let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
                input.splice(at..at, token.iter().copied());
            }
            3 if !input.is_empty() => {
                let start = rng.below(input.len());
                let chunk: Vec<u8> = input[start..(start + 1 + rng.below(128)).min(input.len())].to_vec();
                input.splice(at..at, chunk);
            }
            4 => {
                let other = &corpus[rng.below(corpus.len())];
                let cut = rng.below(other.len() + 1);
                input.truncate(at);
                input.extend_from_slice(&other[cut..]);
            }
            _ => input.truncate(at),
        }
    }
    input.truncate(1 << 20);
    input
}

fn iterations() -> usize {
    std::env::var("BENCHSCOPE_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// An experiments submission's `metadata.yaml`, as submissions write it now.
const METADATA_YAML: &str = "info:\n  name: Agent + Model\n  site: https://example.org\n  logo: null\n\
assets:\n  logs: s3://bucket/verified/x/logs\n\
tags:\n  checked: false\n  model:\n    - model-1\n  org:\n    - Lab\n  os_model: true\n  os_system: true\n  system:\n    attempts: '1'\n";

/// The seeds: the differential corpus, the demo's patches and statements, and real files.
fn seeds() -> Vec<Vec<u8>> {
    let root = common::root();
    let mut seeds: Vec<Vec<u8>> = vec![b"".to_vec(), b"{}".to_vec(), b"[]".to_vec()];
    let corpus = root.join("dataset-export/tests/fixtures/harness/corpus");
    for case in std::fs::read_dir(&corpus).unwrap().flatten() {
        for file in std::fs::read_dir(case.path()).unwrap().flatten() {
            seeds.push(std::fs::read(file.path()).unwrap());
        }
    }
    for line in std::fs::read_to_string(root.join("demo/demo.jsonl")).unwrap().lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        for field in ["patch", "test_patch", "problem_statement"] {
            seeds.push(record[field].as_str().unwrap_or_default().as_bytes().to_vec());
        }
        seeds.push(line.as_bytes().to_vec());
    }
    seeds.push(METADATA_YAML.as_bytes().to_vec());
    seeds.push(b"name: \"SWE-agent + GPT 4 (1106)\"\noss: true\nverified: false\n".to_vec());
    for predictions in std::fs::read_dir(root.join("demo/predictions")).unwrap().flatten() {
        seeds.push(std::fs::read(predictions.path()).unwrap());
    }
    if let Some(realdata) = common::realdata() {
        let openhands = realdata.join("swebench-verified-evallogs_OpenHands-claude35-v0.15/output.swebench_eval.logs");
        for log in std::fs::read_dir(openhands).unwrap().flatten().take(5) {
            seeds.push(std::fs::read(log.path()).unwrap());
        }
        let summary = realdata.join("swebench-lite-harness-report_m1o0-swe-bench-lite-37/glm-5.3-zcode-campaign.tonight.json");
        seeds.push(std::fs::read(summary).unwrap());
    }
    seeds
}

/// Runs `target` over mutated seeds; an input with a new signature joins the corpus. Returns the
/// corpus size reached.
fn fuzz(name: &str, seed: u64, target: impl Fn(&str) -> String) -> usize {
    let mut corpus = seeds();
    let mut seen: HashSet<String> = HashSet::new();
    let mut rng = Rng(seed);
    let started = Instant::now();
    for _ in 0..iterations() {
        let input = mutate(&mut rng, &corpus);
        let text = String::from_utf8_lossy(&input).into_owned();
        let began = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| target(&text)));
        let took = began.elapsed();
        let signature = outcome.unwrap_or_else(|_| panic!("{name} panicked on {text:?}"));
        assert!(
            took < Duration::from_secs(2),
            "{name} took {took:?} on an input of {} bytes",
            text.len()
        );
        if seen.insert(signature) {
            corpus.push(input);
        }
    }
    eprintln!(
        "fuzz {name}: {} inputs in {:.1?}, {} behaviours seen",
        iterations(),
        started.elapsed(),
        seen.len()
    );
    corpus.len()
}

#[test]
fn unified_diffs() {
    fuzz("parse_patch", 1, |text| {
        let files = parse_patch(text);
        format!("{}:{}", files.len(), files.iter().map(|f| f.hunks.len()).sum::<usize>())
    });
}

#[test]
fn reversed_diffs() {
    fuzz("reversed_diff", 2, |text| match reversed_diff(text) {
        Some(back) => format!("{}", parse_patch(&back).len()),
        None => "refused".to_string(),
    });
}

#[test]
fn every_log_format_and_the_grading_rules() {
    let lists = TestLists {
        fail_to_pass: vec!["tests/test_all.py::test_pass".into(), "test_a (app.tests.Case)".into()],
        pass_to_pass: vec!["tests/test_all.py::test_param[a".into()],
    };
    for (i, format) in FORMATS.iter().enumerate() {
        fuzz(format.name(), 10 + i as u64, |text| {
            let report = format.report(text);
            let verdict = place(&lists, &report);
            format!(
                "{:?}:{}:{}:{}",
                report.harness,
                report.applied,
                report.statuses.len().min(8),
                verdict.resolved()
            )
        });
    }
}

#[test]
fn json_documents_reports_and_dropped_files() {
    fuzz("json_document", 30, |text| match json_document::read(text.as_bytes()) {
        json_document::Document::Json(value, commas) => format!("json:{}:{}", value.is_object(), commas.len().min(3)),
        json_document::Document::NotJson => "lines".into(),
        json_document::Document::Invalid(fault) => format!("invalid:{}", fault.split(':').next().unwrap_or_default()),
    });
    fuzz("pyrepr", 31, |text| match pyrepr::parse(text) {
        Ok(value) => format!("ok:{}", value.is_object()),
        Err(_) => "err".into(),
    });
    fuzz("submission_metadata", 33, |text| match submission_metadata::parse(text) {
        Ok(metadata) => format!(
            "ok:{}:{}:{}:{}",
            metadata.name.is_some(),
            metadata.models.len().min(3),
            metadata.orgs.len().min(3),
            metadata.tags.len()
        ),
        Err(e) => format!("err:{}", e.chars().take(10).collect::<String>()),
    });
    let lists = tempfile::tempdir().unwrap();
    let list = lists.path().join("ids.txt");
    fuzz("id_list", 34, |text| {
        std::fs::write(&list, text).unwrap();
        match id_list::read(&list) {
            Ok(ids) => format!("ok:{}", ids.len().min(4)),
            Err(e) => format!(
                "err:{}",
                e.rsplit(": ").next().unwrap_or_default().chars().take(12).collect::<String>()
            ),
        }
    });
    fuzz("read_dropped", 32, |text| {
        match dropped::read_dropped("f.json", text, "d", "test") {
            Ok(run) => format!("ok:{}", run.run.results.len().min(4)),
            Err(e) => format!(
                "err:{}",
                e.split(':').nth(1).unwrap_or_default().trim().chars().take(12).collect::<String>()
            ),
        }
    });
}

#[test]
fn search_queries_and_inline_changes() {
    fuzz("search::tokenize", 40, |text| format!("{}", search::tokenize(text).len().min(16)));
    fuzz("inline::changed_ranges", 41, |text| {
        // The two halves of the input stand for a removed line and the line replacing it.
        let mut middle = text.len() / 2;
        while !text.is_char_boundary(middle) {
            middle -= 1;
        }
        let (a, b) = text.split_at(middle);
        let (x, y) = inline::changed_ranges(a, b);
        for (range, line) in x.iter().map(|r| (r, a)).chain(y.iter().map(|r| (r, b))) {
            assert!(
                range.start <= range.end
                    && range.end <= line.len()
                    && line.is_char_boundary(range.start)
                    && line.is_char_boundary(range.end)
            );
        }
        format!("{}:{}", x.len().min(4), y.len().min(4))
    });
}
