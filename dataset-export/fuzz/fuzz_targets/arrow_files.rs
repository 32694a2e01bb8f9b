//! Arrow IPC files, as Hugging Face's `datasets` keeps a dataset, read into records: a damaged
//! one is refused with an error, never a panic.
#![no_main]

use benchscope_cli::input::read_records;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let path = std::env::temp_dir().join(format!("benchscope-fuzz-{}-test.arrow", std::process::id()));
    std::fs::write(&path, bytes).expect("the temporary folder is writable");
    if let Ok(records) = read_records(&path) {
        for record in records {
            let _ = record;
        }
    }
});
