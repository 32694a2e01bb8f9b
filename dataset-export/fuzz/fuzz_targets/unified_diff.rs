//! The unified-diff parser: any text parses without panicking; the statistics agree with the
//! files parsed, and a second parse gives the same files. Any text is reversed (SWE-smith's bug
//! patches into their fixes), or refused, without panicking.
#![no_main]

use benchscope_cli::formats::reversed_diff::reversed_diff;
use benchscope_contract::patch::{change_stats, parse_patch};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let files = parse_patch(text);
    let stats = change_stats(text);
    assert_eq!(stats.files_changed as usize, files.len());
    assert!(stats.files_added + stats.files_deleted + stats.files_renamed <= stats.files_changed);
    let hunks: usize = files.iter().map(|f| f.hunks.len()).sum();
    assert_eq!(stats.hunks as usize, hunks.min(u32::MAX as usize));
    assert_eq!(parse_patch(text).len(), files.len(), "parsing is deterministic");
    let _ = reversed_diff(text);
});
