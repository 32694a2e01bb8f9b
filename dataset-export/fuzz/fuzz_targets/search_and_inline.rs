//! The search query's tokenizer, and the words a modified line changed.
#![no_main]

use benchscope_contract::{inline, search};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = search::tokenize(text);
    let mut middle = text.len() / 2;
    while !text.is_char_boundary(middle) {
        middle -= 1;
    }
    let (a, b) = text.split_at(middle);
    let (x, y) = inline::changed_ranges(a, b);
    for (range, line) in x.iter().map(|r| (r, a)).chain(y.iter().map(|r| (r, b))) {
        assert!(
            range.start <= range.end && range.end <= line.len() && line.is_char_boundary(range.start) && line.is_char_boundary(range.end)
        );
    }
});
