//! Every log format and the grading rules: any log gives a report and a verdict without panicking.
#![no_main]

use benchscope_cli::grading::place;
use benchscope_cli::logs::FORMATS;
use benchscope_contract::TestLists;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|log: &str| {
    let lists = TestLists {
        fail_to_pass: vec!["tests/test_all.py::test_pass".into(), "test_a (app.tests.Case)".into()],
        pass_to_pass: vec!["tests/test_all.py::test_param[a".into()],
    };
    for format in FORMATS {
        let report = format.report(log);
        let _ = place(&lists, &report).resolved();
        let _ = format.collection_error(log);
    }
});
