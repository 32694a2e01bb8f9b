//! Untrusted markdown to a safe tree, and plain text told from markdown and cut into blocks.
#![no_main]

use benchscope_web::markdown::parse_markdown;
use benchscope_web::text_form::{plain_blocks, text_form};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = parse_markdown(text);
    let _ = text_form("django/django", text);
    let _ = plain_blocks(text);
});
