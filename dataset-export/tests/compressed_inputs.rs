//! Inputs given compressed, as releases and mirrors often publish them (`.jsonl.gz`, `.zst`):
//! read as the plain file reads, and a compressed file cut short is named, with the records
//! before the cut kept under `--skip-bad`.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use benchscope_cli::trajectories::read_file;
use common::*;

/// `path` compressed by the real `gzip` command, written beside `dir`'s other files.
fn gzip(path: &Path, dir: &Path) -> PathBuf {
    let name = format!("{}.gz", path.file_name().unwrap().to_string_lossy());
    let out = Command::new("gzip").arg("-c").arg(path).output().expect("gzip runs");
    assert!(out.status.success(), "gzip failed");
    let target = dir.join(name);
    std::fs::write(&target, out.stdout).unwrap();
    target
}

/// `path` compressed with zstd.
fn zstd(path: &Path, dir: &Path) -> PathBuf {
    let target = dir.join(format!("{}.zst", path.file_name().unwrap().to_string_lossy()));
    std::fs::write(&target, zstd::encode_all(std::fs::File::open(path).unwrap(), 3).unwrap()).unwrap();
    target
}

fn export(source: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["export", source.to_str().unwrap(), "--dataset", "d", "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    benchscope(&args)
}

/// The demo and, when it is here, SWE-bench Lite as published.
fn datasets() -> Vec<PathBuf> {
    let mut files = vec![root().join("demo/demo.jsonl")];
    if let Some(real) = realdata() {
        files.push(real.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl"));
    }
    files
}

#[test]
fn a_gzip_or_zstd_dataset_exports_what_the_plain_file_exports() {
    for plain in datasets() {
        let tmp = tempfile::tempdir().unwrap();
        let reference = tmp.path().join("plain");
        assert!(export(&plain, &reference, &[]).status.success());
        for compressed in [gzip(&plain, tmp.path()), zstd(&plain, tmp.path())] {
            let out = tmp.path().join("from-compressed");
            let run = export(&compressed, &out, &[]);
            assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
            assert_eq!(tree(&out), tree(&reference), "{}", compressed.display());
            std::fs::remove_dir_all(&out).unwrap();
        }
    }
}

#[test]
fn a_cut_gzip_is_refused_by_name_and_skip_bad_keeps_the_records_before_the_cut() {
    let tmp = tempfile::tempdir().unwrap();
    let plain = datasets().pop().unwrap();
    let whole = std::fs::read(gzip(&plain, tmp.path())).unwrap();
    let cut = tmp.path().join("cut.jsonl.gz");
    std::fs::write(&cut, &whole[..whole.len() * 2 / 3]).unwrap();

    let refused = export(&cut, &tmp.path().join("refused"), &[]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(stderr.contains(&cut.display().to_string()), "names the file as given: {stderr}");
    assert!(!stderr.contains("benchscope-plain-"), "never the decompressed copy: {stderr}");
    assert!(!tmp.path().join("refused").exists(), "nothing written");

    let kept = tmp.path().join("kept");
    let summary = tmp.path().join("summary.json");
    let run = export(&cut, &kept, &["--skip-bad", "--summary-json", summary.to_str().unwrap()]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let summary: serde_json::Value = read_json(&summary);
    let errors = summary["errors"].as_array().unwrap();
    assert!(
        errors.iter().any(|e| e["message"]
            .as_str()
            .unwrap()
            .starts_with("cut short: decompressing it broke off (gzip: ")),
        "{errors:?}"
    );
    let all_lines = std::fs::read_to_string(&plain).unwrap().lines().count();
    let exported = instances(&kept, "d", "test").len();
    assert!(exported > 0 && exported < all_lines, "{exported} of {all_lines}");
}

#[test]
fn compressed_trajectories_read_as_the_plain_files_and_import_as_a_run() {
    let Some(real) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let formats = real.join("trajectories_formats");
    let (plain_dir, compressed_dir) = (tmp.path().join("plain"), tmp.path().join("compressed"));
    std::fs::create_dir_all(&plain_dir).unwrap();
    std::fs::create_dir_all(&compressed_dir).unwrap();
    for name in [
        "pydicom__pydicom-1458.traj",
        "mini-swe-agent_github_issue.traj.json",
        "openhands_multi_swe_bench_output.jsonl",
    ] {
        let plain = formats.join(name);
        let compressed = gzip(&plain, &compressed_dir);
        let (expected, got) = (read_file(&plain).unwrap(), read_file(&compressed).unwrap());
        assert!(!expected.is_empty(), "{name}");
        assert_eq!(got, expected, "{name}");
        if name.ends_with(".traj") {
            std::fs::copy(&plain, plain_dir.join(name)).unwrap();
        }
    }
    std::fs::remove_file(compressed_dir.join("mini-swe-agent_github_issue.traj.json.gz")).unwrap();
    std::fs::remove_file(compressed_dir.join("openhands_multi_swe_bench_output.jsonl.gz")).unwrap();
    // A folder of `.traj.gz` files imports the trajectories a folder of `.traj` files does.
    let import = |source: &Path, data: &Path| {
        import_as_new_run(source, data, "agent");
        // The run's own folder: its trajectories, their search index and its patches.
        let run = data.join("runs/agent");
        assert!(
            run.join("trajectories/pydicom__pydicom-1458.json").is_file(),
            "{}",
            source.display()
        );
        tree(&run)
    };
    assert_eq!(
        import(&compressed_dir, &tmp.path().join("a")),
        import(&plain_dir, &tmp.path().join("b"))
    );
}

#[test]
fn a_gzipped_log_is_graded_as_the_plain_log() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    benchscope_ok(&[
        "export",
        root().join("demo/demo.jsonl").to_str().unwrap(),
        "--out",
        data.to_str().unwrap(),
        "--quiet",
    ]);
    let instance = instances(&data, "demo", "test").remove(0);
    let tests = instance.tests.as_ref().expect("the demo's instances have tests");
    let mut log = String::new();
    for test in tests.fail_to_pass.iter().chain(&tests.pass_to_pass) {
        log.push_str(&format!("PASSED {test}\n"));
    }
    let grade = |dir: &Path, run: &str| {
        let out = benchscope_ok(&[
            "grade",
            dir.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
            "--dataset",
            "demo",
            "--run",
            run,
        ]);
        let run: serde_json::Value = read_json(&data.join(format!("runs/{run}.json")));
        (out, result_for(&run, &instance.id))
    };
    let (plain_dir, gz_dir) = (tmp.path().join("plain"), tmp.path().join("gz"));
    for dir in [&plain_dir, &gz_dir] {
        std::fs::create_dir_all(dir).unwrap();
    }
    let plain_log = plain_dir.join(format!("{}.log", instance.id));
    std::fs::write(&plain_log, &log).unwrap();
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(log.as_bytes()).unwrap();
    std::fs::write(gz_dir.join(format!("{}.log.gz", instance.id)), encoder.finish().unwrap()).unwrap();
    let (_, plain_result) = grade(&plain_dir, "plain");
    let (_, gz_result) = grade(&gz_dir, "gz");
    assert_eq!(plain_result["resolved"], serde_json::Value::Bool(true), "{plain_result}");
    assert_eq!(gz_result["resolved"], plain_result["resolved"]);
    assert!(gz_result["tests"].as_object().is_some_and(|tests| !tests.is_empty()), "{gz_result}");
    assert_eq!(gz_result["tests"], plain_result["tests"]);
}

#[test]
fn a_gzipped_run_summary_imports_as_the_same_run_named_as_the_plain_file() {
    let Some(real) = realdata() else { return };
    let report = real.join("swebench-lite-harness-report_m1o0-swe-bench-lite-37/glm-5.3-zcode-campaign.tonight.json");
    let tmp = tempfile::tempdir().unwrap();
    let (plain_dir, gz_dir) = (tmp.path().join("plain"), tmp.path().join("gz"));
    std::fs::create_dir_all(&plain_dir).unwrap();
    std::fs::create_dir_all(&gz_dir).unwrap();
    let plain = plain_dir.join(report.file_name().unwrap());
    std::fs::copy(&report, &plain).unwrap();
    let compressed = gzip(&report, &gz_dir);
    let run_of = |source: &Path, data: &Path| {
        benchscope_ok(&["import", source.to_str().unwrap(), "--data", data.to_str().unwrap()]);
        let mut run: serde_json::Value = read_json(&data.join("runs/glm-5.3-zcode-campaign.tonight.json"));
        assert_eq!(run["source"].as_str(), source.to_str(), "the run names the file it came from");
        run.as_object_mut().unwrap().remove("source");
        run
    };
    let (from_plain, from_gz) = (run_of(&plain, &tmp.path().join("a")), run_of(&compressed, &tmp.path().join("b")));
    assert_eq!(from_gz["results"].as_array().map(Vec::len), Some(37));
    assert_eq!(from_gz, from_plain);
}

/// Records shared as an archive (`.tar.gz`, `.tar`, `.zip`) are not a file of records, and xz and
/// bzip2 are not read: export and import name the archive or compression as what it is and the
/// command that opens it. An Inspect `.eval` log, a zip itself, is still read as one.
#[test]
fn an_archive_is_named_with_the_command_that_opens_it() {
    let tmp = tempfile::tempdir().unwrap();
    let records = tmp.path().join("d.jsonl");
    std::fs::write(&records, format!("{}\n", bare_record("o__r-1"))).unwrap();
    let pack = r#"
import bz2, lzma, sys, tarfile, zipfile
source, out = sys.argv[1], sys.argv[2]
if out.endswith(".xz") or out.endswith(".bz2"):
    with (lzma if out.endswith(".xz") else bz2).open(out, "wb") as compressed:
        compressed.write(open(source, "rb").read())
elif out.endswith(".zip"):
    with zipfile.ZipFile(out, "w") as z:
        z.write(source, "d.jsonl")
else:
    with tarfile.open(out, "w:gz" if out.endswith(".gz") else "w") as t:
        t.add(source, "d.jsonl")
"#;
    std::fs::create_dir_all(tmp.path().join("existing")).unwrap();
    let data = exported_dataset_d(&tmp.path().join("existing"), &["o__r-1"]);
    for (name, note) in [
        ("d.tar.gz", "a tar archive: extract it (tar -xf)"),
        ("d.tar", "a tar archive: extract it (tar -xf)"),
        ("d.zip", "a zip archive: extract it (unzip)"),
        (
            "d.jsonl.xz",
            "compressed with xz, which is not read here: decompress it (xz -d) or gzip it",
        ),
        (
            "d.jsonl.bz2",
            "compressed with bzip2, which is not read here: decompress it (bunzip2) or gzip it",
        ),
    ] {
        let archive = tmp.path().join(name);
        python(pack, &[records.to_str().unwrap(), archive.to_str().unwrap()]);
        let out = tmp.path().join(format!("out-{name}"));
        let refused = benchscope(&["export", archive.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(!refused.status.success(), "{name}");
        assert!(stderr.contains(&format!("{name}: {note}")), "{stderr}");
        let refused = benchscope(&[
            "import",
            archive.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
            "--dataset",
            "d",
        ]);
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains(&format!("{name}: {note}")), "{stderr}");
    }
    let Some(realdata) = realdata() else { return };
    let eval = realdata.join("trajectories_formats/inspect_log_formats.eval");
    benchscope_ok(&[
        "import",
        eval.to_str().unwrap(),
        "--data",
        tmp.path().join("eval").to_str().unwrap(),
    ]);
}
