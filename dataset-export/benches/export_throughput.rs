//! Export throughput and peak memory on a large generated dataset.
//!
//!     cargo bench -p benchscope-cli --bench export_throughput
//!
//! Generates `BENCHSCOPE_BENCH_MB` (default 1024) MB of SWE-bench JSONL by repeating real
//! records (SWE-bench Lite from `../shared/realdata`, or the demo when it is absent) under
//! fresh instance ids, runs the release `benchscope export` on it as a child process three
//! times, and reports the input size, the median wall time and MB/s (and their range), its
//! ratio to `cat` of the same file (the floor), the child's peak resident memory, and that peak
//! as a multiple of the largest record.

use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn source_records() -> (PathBuf, Vec<serde_json::Value>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let lite = root.join("../shared/realdata/swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let path = if lite.is_file() { lite } else { root.join("demo/demo.jsonl") };
    let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
    let records = file.lines().map(|l| serde_json::from_str(&l.unwrap()).unwrap()).collect();
    (path, records)
}

fn generate(target: &Path, bytes: u64, records: &[serde_json::Value]) -> (u64, u64, usize) {
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(target).unwrap());
    let (mut written, mut count, mut largest) = (0u64, 0u64, 0usize);
    'outer: for copy in 0.. {
        for record in records {
            let mut record = record.clone();
            let id = format!("{}-copy{copy}", record["instance_id"].as_str().unwrap());
            record["instance_id"] = serde_json::Value::String(id);
            let mut line = serde_json::to_vec(&record).unwrap();
            line.push(b'\n');
            out.write_all(&line).unwrap();
            written += line.len() as u64;
            largest = largest.max(line.len());
            count += 1;
            if written >= bytes {
                break 'outer;
            }
        }
    }
    // On disk before anything is timed: the kernel writing a just-generated gigabyte back while
    // the export runs would be counted as the export's time.
    out.into_inner().unwrap().sync_all().unwrap();
    (written, count, largest)
}

fn peak_child_rss_bytes() -> u64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage only writes into the struct we own.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    usage.ru_maxrss as u64 * 1024
}

fn dir_size(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            if p.is_dir() {
                dir_size(&p)
            } else {
                std::fs::metadata(&p).unwrap().len()
            }
        })
        .sum()
}

/// Seconds `cat` takes to read `path` to nothing, best of three (the first warms the cache).
fn read_seconds(path: &Path) -> f64 {
    (0..3)
        .map(|_| {
            let started = Instant::now();
            let status = Command::new("cat").arg(path).stdout(std::process::Stdio::null()).status().unwrap();
            assert!(status.success(), "cat failed");
            started.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

/// Removes the last export's output and waits for the disk to forget it, so that every export
/// starts from the same state. Kept, two outputs grew the page cache by 2.5 GB, and the third
/// export spent a sixth of its samples copying into new pages (`copy_folio_from_iter_atomic`,
/// against 1.6% in the first two) and took a third longer: most likely memory this virtual
/// machine had handed back to its host. Removed just before, their inodes are what ext4
/// without a journal checks every new file against, for a minute after they are freed.
fn settle_after_removing(out: &Path) {
    std::fs::remove_dir_all(out).unwrap();
    Command::new("sync").status().unwrap();
    std::thread::sleep(std::time::Duration::from_secs(SETTLE_SECONDS));
}

/// ext4 counts a freed inode as recently deleted for 60 seconds once its table is written back
/// (`RECENTCY_MIN` in `fs/ext4/ialloc.c`).
const SETTLE_SECONDS: u64 = 65;

/// Exports timed; the median is reported.
const RUNS: usize = 3;

/// Seconds the release `benchscope export` takes on `input`, into `out`, after the disk has
/// written back everything before it.
fn export_seconds(input: &Path, out: &Path) -> f64 {
    Command::new("sync").status().unwrap();
    let started = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_benchscope"))
        .args([
            "export",
            input.to_str().unwrap(),
            "--dataset",
            "large",
            "--split",
            "test",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    let seconds = started.elapsed().as_secs_f64();
    assert!(status.success(), "export failed");
    seconds
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let megabytes: u64 = std::env::var("BENCHSCOPE_BENCH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024);
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("large.jsonl");
    let (source, records) = source_records();
    let (bytes, count, largest) = generate(&input, megabytes << 20, &records);
    // The floor: reading the same file, as `cat` does (its pages are as cached for both).
    let floor = read_seconds(&input);
    let out = tmp.path().join("data");
    let mut runs: Vec<f64> = (0..RUNS)
        .map(|run| {
            if run > 0 {
                settle_after_removing(&out);
            }
            export_seconds(&input, &out)
        })
        .collect();
    let in_order: Vec<String> = runs.iter().map(|s| format!("{s:.1}")).collect();
    runs.sort_by(f64::total_cmp);
    let seconds = runs[RUNS / 2];
    let peak = peak_child_rss_bytes();
    let mb = bytes as f64 / (1 << 20) as f64;
    println!("export_throughput: source {}", source.display());
    println!(
        "export_throughput: input {mb:.0} MB, {count} records, largest record {:.1} KB",
        largest as f64 / 1024.0
    );
    println!(
        "export_throughput: {seconds:.1} s, {:.1} MB/s, {:.0} records/s (the median of {RUNS} exports: {:.1}–{:.1} s, {:.0}–{:.0} MB/s; in order {} s)",
        mb / seconds,
        count as f64 / seconds,
        runs[0],
        runs[RUNS - 1],
        mb / runs[RUNS - 1],
        mb / runs[0],
        in_order.join(", ")
    );
    println!(
        "export_throughput: cat of the same file {floor:.2} s ({:.0} MB/s): the export takes {:.1}x as long",
        mb / floor,
        seconds / floor
    );
    println!(
        "export_throughput: peak memory {:.0} MB ({:.0}x the largest record, {:.1}% of the input)",
        peak as f64 / (1 << 20) as f64,
        peak as f64 / largest as f64,
        100.0 * peak as f64 / bytes as f64
    );
    println!("export_throughput: output {:.0} MB", dir_size(&out) as f64 / (1 << 20) as f64);
}
