//! The CLI's fixture cases, as mdBook and delta keep theirs: each folder of `tests/cases/` holds
//! input files, a `commands` file (one `benchscope` command a line, its arguments separated by
//! spaces, run in a copy of the folder) and `expected/`: every file the commands wrote, byte for
//! byte, and `transcript.txt`, what they printed and how they exited. A line `# keep: PATH...`
//! in `commands` keeps only the files under those paths (a case about runs need not repeat the
//! export it starts from).
//!
//! `BENCHSCOPE_BLESS=1 cargo test -p benchscope-cli --test cases` rewrites each `expected/` from
//! what the commands do now; the change is then reviewed as a diff (`git diff tests/cases`).

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::tree;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases")
}

fn bless() -> bool {
    std::env::var("BENCHSCOPE_BLESS").is_ok_and(|v| v == "1")
}

/// Copies the case's inputs (everything but `commands` and `expected/`) into `work`.
fn copy_inputs(case: &Path, work: &Path) {
    for (relative, bytes) in tree(case) {
        if relative == "commands" || relative.starts_with("expected/") {
            continue;
        }
        let path = work.join(&relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

/// Runs the case's commands in `work`: the files they wrote, and the transcript.
fn run_case(case: &Path, work: &Path) -> BTreeMap<String, Vec<u8>> {
    copy_inputs(case, work);
    let before: BTreeMap<String, Vec<u8>> = tree(work).into_iter().collect();
    let commands = std::fs::read_to_string(case.join("commands")).expect("a case has a commands file");
    let keep: Vec<&str> = commands
        .lines()
        .filter_map(|l| l.strip_prefix("# keep:"))
        .flat_map(str::split_whitespace)
        .collect();
    let mut transcript = String::new();
    for line in commands.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let out = Command::new(env!("CARGO_BIN_EXE_benchscope"))
            .args(line.split_whitespace())
            .current_dir(work)
            .env_remove("CI")
            .output()
            .expect("benchscope runs");
        transcript.push_str(&format!("$ benchscope {line}\n"));
        transcript.push_str(&String::from_utf8_lossy(&out.stdout));
        transcript.push_str(&String::from_utf8_lossy(&out.stderr));
        transcript.push_str(&format!("exit {}\n\n", out.status.code().unwrap_or(-1)));
    }
    let kept = |path: &str| keep.is_empty() || keep.iter().any(|k| path == *k || path.starts_with(&format!("{k}/")));
    let mut produced: BTreeMap<String, Vec<u8>> = tree(work)
        .into_iter()
        .filter(|(path, bytes)| before.get(path) != Some(bytes) && kept(path))
        .collect();
    produced.insert("transcript.txt".into(), transcript.into_bytes());
    produced
}

/// Where `expected` and `actual` differ, one line per file.
fn differences(expected: &BTreeMap<String, Vec<u8>>, actual: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
    let mut found = Vec::new();
    for (path, bytes) in actual {
        match expected.get(path) {
            None => found.push(format!("{path}: written, not expected")),
            Some(want) if want != bytes => found.push(format!("{path}: {}", first_difference(want, bytes))),
            Some(_) => {}
        }
    }
    found.extend(
        expected
            .keys()
            .filter(|p| !actual.contains_key(*p))
            .map(|p| format!("{p}: expected, not written")),
    );
    found
}

fn first_difference(want: &[u8], got: &[u8]) -> String {
    let (want, got) = (String::from_utf8_lossy(want), String::from_utf8_lossy(got));
    let mut lines = want.lines().zip(got.lines()).enumerate();
    match lines.find(|(_, (a, b))| a != b) {
        Some((n, (a, b))) => format!("line {}: expected {a:?}, got {b:?}", n + 1),
        None => format!("{} lines expected, {} written", want.lines().count(), got.lines().count()),
    }
}

fn write_expected(case: &Path, produced: &BTreeMap<String, Vec<u8>>) {
    let expected = case.join("expected");
    if expected.exists() {
        std::fs::remove_dir_all(&expected).unwrap();
    }
    for (relative, bytes) in produced {
        let path = expected.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

#[test]
fn every_case_writes_what_it_expects() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("commands").is_file())
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in {}", cases_dir().display());
    let mut failures = Vec::new();
    for case in &cases {
        let work = tempfile::tempdir().unwrap();
        let produced = run_case(case, work.path());
        if bless() {
            write_expected(case, &produced);
            continue;
        }
        let expected: BTreeMap<String, Vec<u8>> = if case.join("expected").is_dir() {
            tree(&case.join("expected")).into_iter().collect()
        } else {
            BTreeMap::new()
        };
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        failures.extend(differences(&expected, &produced).into_iter().map(|d| format!("{name}/{d}")));
    }
    assert!(
        failures.is_empty(),
        "cases differ from their expected output (if the change is meant, rerun with BENCHSCOPE_BLESS=1 and review the diff):\n{}",
        failures.join("\n")
    );
}

#[test]
fn a_difference_is_found_and_named() {
    let expected = BTreeMap::from([("a".to_string(), b"x\ny\n".to_vec()), ("gone".to_string(), Vec::new())]);
    let actual = BTreeMap::from([("a".to_string(), b"x\nz\n".to_vec()), ("new".to_string(), Vec::new())]);
    assert_eq!(
        differences(&expected, &actual),
        [
            "a: line 2: expected \"y\", got \"z\"",
            "new: written, not expected",
            "gone: expected, not written"
        ]
    );
}
