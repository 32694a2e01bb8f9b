//! Test-log parsing throughput.
//!
//!     cargo bench -p benchscope-cli --bench log_parsing
//!
//! Generates pytest (verbose lines, tracebacks, `-rA` summary with parametrized ids) and Django
//! runner logs of `BENCHSCOPE_BENCH_LOG_MB` (default 64) MB each, parses each several times (the
//! pytest log with our whole-id parser and with the harness's two pytest parsers) and reports
//! MB/s (best of the runs) and the number of test statuses found.

use std::time::Instant;

use benchscope_cli::logs::parse_log;

fn pytest_log(bytes: usize) -> String {
    let mut log = String::from("============================= test session starts ==============================\n");
    let mut i = 0;
    while log.len() < bytes {
        log.push_str(&format!(
            "tests/test_mod_{}.py::TestCase::test_case_{i}[param {i} - x] PASSED [ 42%]\n",
            i % 50
        ));
        if i % 10 == 0 {
            let next = i + 1;
            log.push_str(&format!("____ TestCase.test_case_{i} ____\n\n    def test():\n>       assert compute({i}) == {next}\nE       AssertionError: assert {i} == {next}\n\ntests/test_mod.py:12: AssertionError\n"));
            log.push_str(&format!(
                "FAILED tests/test_mod_{}.py::TestCase::test_failing_{i} - AssertionError: assert {i} == {}\n",
                i % 50,
                i + 1
            ));
        }
        log.push_str(&format!(
            "PASSED tests/test_mod_{}.py::TestCase::test_case_{i}[param {i} - x]\n",
            i % 50
        ));
        i += 1;
    }
    log
}

fn django_log(bytes: usize) -> String {
    let mut log = String::new();
    let mut i = 0;
    while log.len() < bytes {
        let outcome = match i % 20 {
            0 => "FAIL",
            1 => "skipped 'needs postgres'",
            2 => "ERROR",
            _ => "ok",
        };
        log.push_str(&format!(
            "test_case_{i} (app_{}.tests.CaseTests.test_case_{i}) ... {outcome}\n",
            i % 40
        ));
        i += 1;
    }
    log
}

fn measure(name: &str, log: &str, repo: Option<&str>) {
    let mb = log.len() as f64 / (1 << 20) as f64;
    let mut best = f64::MAX;
    let mut found = 0;
    for _ in 0..3 {
        let started = Instant::now();
        let report = parse_log(log, repo);
        best = best.min(started.elapsed().as_secs_f64());
        found = report.statuses.len();
    }
    println!(
        "log_parsing: {name}: {mb:.0} MB in {best:.2} s, {:.0} MB/s, {found} test statuses",
        mb / best
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let megabytes: usize = std::env::var("BENCHSCOPE_BENCH_LOG_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    let pytest = pytest_log(megabytes << 20);
    measure("pytest, whole ids (unmapped repositories)", &pytest, None);
    measure("pytest, the harness's parse_log_pytest", &pytest, Some("pytest-dev/pytest"));
    measure("pytest, the harness's parse_log_pytest_v2", &pytest, Some("astropy/astropy"));
    measure("django", &django_log(megabytes << 20), Some("django/django"));
}
