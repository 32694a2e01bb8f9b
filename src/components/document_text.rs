//! A document's text as its source wrote it: markdown rendered, or plain text with its line
//! breaks and its code-looking lines monospace (see [`crate::text_form`]); either one switches to
//! the raw text.

use leptos::prelude::*;

use crate::components::code::with_links;
use crate::components::markdown::{the_rest, Markdown, FIRST_CHARS};
use crate::text_form::{plain_blocks, reads_as_written, text_form, PlainBlock, TextForm};

/// `text`, a document of an instance of `repo`; markdown with `hard_breaks` shows a paragraph's
/// line breaks. A text that shows as it is written has no switch to its raw text.
#[component]
pub fn DocumentText(text: String, repo: String, hard_breaks: bool) -> impl IntoView {
    let form = text_form(&repo, &text);
    let as_written = reads_as_written(&text);
    let raw = RwSignal::new(false);
    let text = StoredValue::new(text);
    let body = move || {
        if raw.get() {
            view! { <pre class="raw-text">{text.get_value()}</pre> }.into_any()
        } else {
            match form {
                TextForm::Markdown => view! { <Markdown text=text.get_value() hard_breaks /> }.into_any(),
                TextForm::Plain => view! { <PlainText text=text.get_value() /> }.into_any(),
            }
        }
    };
    let form_name = match form {
        TextForm::Markdown => "markdown",
        TextForm::Plain => "plain",
    };
    view! {
        <div class="document-text" data-form=form_name>
            {(!as_written).then(|| view! {
                <button class="raw-toggle" aria-pressed=move || raw.get().to_string() on:click=move |_| raw.update(|r| *r = !*r)>
                    {move || if raw.get() { "Formatted" } else { "Raw text" }}
                </button>
            })}
            {body}
        </div>
    }
}

/// Plain text: prose with its line breaks, code-looking runs of lines as code; a long text shows
/// its first [`FIRST_CHARS`] characters, then the rest on request.
#[component]
pub fn PlainText(text: String) -> impl IntoView {
    let mut blocks = plain_blocks(&text);
    let mut chars = 0;
    let first = blocks
        .iter()
        .take_while(|block| {
            chars += block_len(block);
            chars <= FIRST_CHARS
        })
        .count()
        .max(1)
        .min(blocks.len());
    let rest = blocks.split_off(first);
    let rest_chars: usize = rest.iter().map(block_len).sum();
    let tail = the_rest(rest, rest_chars, render_blocks);
    view! { <div class="plain-text">{render_blocks(blocks)}{tail}</div> }
}

fn block_len(block: &PlainBlock) -> usize {
    let (PlainBlock::Text(text) | PlainBlock::Code(text)) = block;
    text.len()
}

fn render_blocks(blocks: Vec<PlainBlock>) -> Vec<AnyView> {
    blocks
        .into_iter()
        .map(|block| match block {
            PlainBlock::Text(text) => view! { <p class="plain-prose">{with_links(&text)}</p> }.into_any(),
            PlainBlock::Code(code) => view! { <pre class="plain-code"><code>{code}</code></pre> }.into_any(),
        })
        .collect()
}
