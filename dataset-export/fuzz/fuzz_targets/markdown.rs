//! Untrusted markdown to a safe tree, plain text told from markdown and cut into blocks, and a
//! title cut at its code spans.
#![no_main]

use benchscope_web::markdown::parse_markdown;
use benchscope_web::text_form::{plain_blocks, text_form, title_code_spans};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = parse_markdown(text);
    let _ = text_form("django/django", text);
    let _ = plain_blocks(text);
    let pieces = title_code_spans(text);
    assert!(pieces.iter().map(|(_, piece)| piece.len()).sum::<usize>() <= text.len());
});
