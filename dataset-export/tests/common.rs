//! Helpers shared by the CLI's integration tests.
#![allow(dead_code)] // each test binary uses its own subset

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use benchscope_contract::{DetailShard, Instance, Manifest};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// `../shared/realdata`, or `None` (with a message) when absent outside CI. Under `CI=true` a
/// missing directory fails the test: CI must exercise the real data.
pub fn realdata() -> Option<PathBuf> {
    let dir = root().join("../shared/realdata");
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("CI=true but {} is missing: the real-data tests must run in CI", dir.display());
    }
    eprintln!("SKIPPED: {} is absent, so the real-data checks did not run", dir.display());
    None
}

/// Runs git with `args` in `dir` (as a fixed author), failing the test with git's complaint.
pub fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// A one-function Python package `calc` whose `add` returns `body`, with `tests` as its
/// `tests/test_calc.py`, committed in a new repository at `dir`.
pub fn calc_repository(dir: &Path, body: &str, tests: &str) {
    std::fs::create_dir_all(dir.join("calc")).unwrap();
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    std::fs::write(dir.join("calc/__init__.py"), format!("def add(a, b):\n    return {body}\n")).unwrap();
    std::fs::write(dir.join("tests/test_calc.py"), tests).unwrap();
    git(dir, &["init", "-q", "-b", "main"]);
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", "base"]);
}

/// `benchscope eval` of `predictions` on `dataset` in `data`, clones under `repos`, as run `run`.
pub fn run_eval(data: &Path, dataset: &str, predictions: &Path, repos: &Path, run: &str, timeout: &str) -> Output {
    let path = |p: &Path| p.to_str().unwrap().to_string();
    let (data, predictions, repos) = (path(data), path(predictions), path(repos));
    benchscope(&[
        "eval",
        "--data",
        &data,
        "--dataset",
        dataset,
        "--predictions",
        &predictions,
        "--repos",
        &repos,
        "--run",
        run,
        "--timeout",
        timeout,
    ])
}

/// Each step of a trajectory as (tool, action, observation): what a test compares.
pub fn tool_action_observation(trajectory: &benchscope_contract::trajectory::Trajectory) -> Vec<(Option<&str>, &str, &str)> {
    trajectory
        .steps
        .iter()
        .map(|s| (s.tool.as_deref(), s.action.as_str(), s.observation.as_str()))
        .collect()
}

/// Runs `benchscope` with `args`.
pub fn benchscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchscope"))
        .args(args)
        .output()
        .expect("benchscope runs")
}

/// The demo exported as `demo/test` into `out`, with its repositories' categories; what the
/// command printed.
pub fn export_demo_categorized(out: &Path) -> String {
    let root = root();
    let demo = root.join("demo/demo.jsonl");
    let categories = root.join("demo/categories.json");
    benchscope_ok(&[
        "export",
        demo.to_str().unwrap(),
        "--dataset",
        "demo",
        "--split",
        "test",
        "--categories",
        categories.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
}

/// The demo's twelve instances exported as dataset `demo` into `out`.
pub fn export_demo(out: &Path) {
    let demo = root().join("demo/demo.jsonl");
    benchscope_ok(&[
        "export",
        demo.to_str().unwrap(),
        "--dataset",
        "demo",
        "--out",
        out.to_str().unwrap(),
    ]);
}

/// Runs `benchscope` and asserts success.
pub fn benchscope_ok(args: &[&str]) -> String {
    let out = benchscope(args);
    assert!(
        out.status.success(),
        "benchscope {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The arguments that import `source` into the data directory `data` as run `run` of a new
/// runs-only dataset.
fn new_run_import<'a>(source: &'a Path, data: &'a Path, run: &'a str) -> [&'a str; 7] {
    [
        "import",
        source.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        run,
        "--new-dataset",
    ]
}

/// Imports `source` into the data directory `data` as run `run` of a new runs-only dataset.
pub fn import_as_new_run(source: &Path, data: &Path, run: &str) -> String {
    benchscope_ok(&new_run_import(source, data, run))
}

/// Imports the submission folder `source` into the data directory `data` as a new runs-only
/// dataset, its run named as the folder names it; gives that run back.
pub fn import_submission(source: &Path, data: &Path) -> benchscope_contract::Run {
    benchscope_ok(&[
        "import",
        source.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--new-dataset",
    ]);
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    read_json(&data.join(&manifest.runs[0].path))
}

/// [`import_as_new_run`], its whole output (the warnings are on stderr), success or not.
pub fn import_as_new_run_output(source: &Path, data: &Path, run: &str) -> Output {
    benchscope(&new_run_import(source, data, run))
}

/// Every file under `dir`, relative path → bytes, sorted.
pub fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                files.push((rel, std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// Reads a JSON file.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> T {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The result a run file (`runs/<id>.json`, read as JSON) holds for instance `id`.
pub fn result_for(run: &serde_json::Value, id: &str) -> serde_json::Value {
    let results = run["results"].as_array().expect("a run file's results");
    results
        .iter()
        .find(|r| r["instance_id"] == id)
        .unwrap_or_else(|| panic!("no result for {id}"))
        .clone()
}

/// `(added, removed)` per file of `patch`, as `git apply --numstat` counts them (binary: None).
pub fn git_numstat(patch: &str) -> Vec<Option<(u32, u32)>> {
    use std::io::Write;
    let mut child = Command::new("git")
        .args(["apply", "--numstat", "-"])
        // Inside a repository, git apply ignores paths outside the current directory.
        .current_dir(std::env::temp_dir())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(patch.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "git apply --numstat failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let mut parts = line.split('\t');
            let (a, r) = (parts.next().unwrap(), parts.next().unwrap());
            (a != "-").then(|| (a.parse().unwrap(), r.parse().unwrap()))
        })
        .collect()
}

/// Writes a `{path: source}` JSON object as files under `dir`, replacing what `dir` held.
pub fn write_files(dir: &Path, files: &serde_json::Value) {
    let _ = std::fs::remove_dir_all(dir);
    for (path, code) in files.as_object().expect("an object of path → source") {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, code.as_str().unwrap()).unwrap();
    }
}

/// Applies `patch` in `dir` with `git apply`; whether it applied (git's complaints are printed
/// only when it did not).
pub fn git_apply(dir: &Path, patch: &str) -> bool {
    use std::io::Write;
    let mut child = Command::new("git")
        .args(["apply", "--whitespace=nowarn", "-"])
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(patch.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    if !out.status.success() {
        eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    }
    out.status.success()
}

/// The instances an export wrote for `dataset`/`split`, from its detail shards.
pub fn instances(dir: &Path, dataset: &str, split: &str) -> Vec<Instance> {
    let manifest: Manifest = read_json(&dir.join("manifest.json"));
    let split = manifest.dataset(dataset).unwrap().split(split).unwrap();
    split
        .detail_shards
        .iter()
        .flat_map(|p| read_json::<DetailShard>(&dir.join(p)).instances)
        .collect()
}

/// Runs a Python script with `args`; fails the test with Python's error when it fails.
pub fn python(script: &str, args: &[&str]) {
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "python failed (run scripts/setup.sh for pyarrow): {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Writes a JSONL file's rows as Parquet: `WRITE_PARQUET source target compression lists|strings`.
pub const WRITE_PARQUET: &str = r#"
import json, sys
import pyarrow as pa, pyarrow.parquet as pq
source, target, compression, real_lists = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "lists"
rows = [json.loads(line) for line in open(source)]
if real_lists:
    for row in rows:
        row["FAIL_TO_PASS"] = json.loads(row["FAIL_TO_PASS"])
        row["PASS_TO_PASS"] = json.loads(row["PASS_TO_PASS"])
pq.write_table(pa.Table.from_pylist(rows), target, compression=compression, row_group_size=5)
"#;

/// The counts of facet `name`'s values in a split of the data directory `dir`, as its manifest lists them.
pub fn facet(dir: &Path, dataset: &str, split: &str, name: &str) -> BTreeMap<String, usize> {
    let manifest: Manifest = read_json(&dir.join("manifest.json"));
    let split = manifest.dataset(dataset).unwrap().split(split).unwrap().clone();
    split
        .facets
        .get(name)
        .map(|v| v.iter().map(|c| (c.value.clone(), c.count)).collect())
        .unwrap_or_default()
}

/// A SWE-bench record of `o/r` with id `id` and nothing else to it, as a JSON line.
pub fn bare_record(id: &str) -> String {
    serde_json::json!({"instance_id": id, "repo": "o/r", "problem_statement": "x", "patch": "", "FAIL_TO_PASS": "[]", "PASS_TO_PASS": "[]"})
        .to_string()
}

/// A data directory in `dir` exporting the dataset `d`: an instance of `o/r` for each of `ids`.
pub fn exported_dataset_d(dir: &Path, ids: &[&str]) -> PathBuf {
    let dataset = dir.join("d.jsonl");
    let lines: Vec<String> = ids.iter().map(|id| bare_record(id)).collect();
    std::fs::write(&dataset, lines.join("\n")).unwrap();
    let data = dir.join("data");
    benchscope_ok(&[
        "export",
        dataset.to_str().unwrap(),
        "--dataset",
        "d",
        "--out",
        data.to_str().unwrap(),
    ]);
    data
}

/// `before`, then YAML whose aliases name aliases ("billion laughs"): ten copies of the line
/// before on each of twelve lines, 10^12 nodes once loaded, from about a kilobyte.
pub fn alias_bomb(before: &str) -> String {
    let mut text = format!("{before}a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..12 {
        let named = vec![format!("*a{}", i - 1); 10].join(", ");
        text.push_str(&format!("a{i}: &a{i} [{named}]\n"));
    }
    text
}

/// The most memory any child of this process has held at once (the memory tests run the CLI as
/// a child, each test file its own process).
pub fn peak_child_rss_bytes() -> u64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage only writes into the struct we own.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    usage.ru_maxrss as u64 * 1024
}

/// The one trajectory of a trajectory file.
pub fn read_one(path: &Path) -> benchscope_contract::trajectory::Trajectory {
    let mut read = benchscope_cli::trajectories::read_file(path).unwrap();
    assert_eq!(read.len(), 1, "{}", path.display());
    read.remove(0)
}
