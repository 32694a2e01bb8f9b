//! A block of Python source with line numbers and syntax highlighting, as text nodes and spans;
//! optionally with some identifiers marked (a library's APIs in a reference program).

use std::ops::Range;

use benchscope_contract::inline::split_at_ranges;
use leptos::prelude::*;

use crate::shell_syntax::tokenize_shell_text;
use crate::syntax::{tokenize_python, tokenize_python_from, tokenize_python_lines, Token};
use crate::text_form::{link_spans, title_code_spans};

/// One line (or any text) as text nodes and coloured spans: Python when `python`, else plain.
/// The one place tokens become DOM, shared by diffs, markdown code blocks and the panels.
pub fn highlighted(text: &str, python: bool) -> Vec<AnyView> {
    if !python {
        return vec![text.to_string().into_any()];
    }
    token_views(tokenize_python(text))
}

/// Shell commands as text nodes and coloured spans, line by line (an agent's command).
pub fn highlighted_shell(text: &str) -> Vec<AnyView> {
    token_views(tokenize_shell_text(text))
}

/// A tool's call written as its name and subject (`Grep foo|bar src`): the name coloured as a
/// command's, the rest as written (a pattern's `|` or a quote in a task's words is not shell).
pub fn highlighted_call(text: &str) -> Vec<AnyView> {
    let (name, rest) = text.split_at(text.find(char::is_whitespace).unwrap_or(text.len()));
    let spans = [(Token::Builtin, name), (Token::Plain, rest)];
    token_views(spans.into_iter().filter(|(_, span)| !span.is_empty()).collect())
}

/// Text whose backtick spans show as code: an issue's title, as GitHub shows it.
pub fn with_code_spans(text: &str) -> Vec<AnyView> {
    code_spans_then(text, |piece| vec![piece.to_string().into_any()])
}

/// A message or a note: its backtick spans as code (a command it names) and its web addresses
/// as links (a submission's page), opened in a new tab.
pub fn with_code_and_links(text: &str) -> Vec<AnyView> {
    code_spans_then(text, with_links)
}

/// Text whose web addresses show as links, opened in a new tab: plain text's, as GitHub and
/// Django's tracker link the addresses an issue names.
pub fn with_links(text: &str) -> Vec<AnyView> {
    link_spans(text)
        .into_iter()
        .map(|(link, piece)| match link {
            true => {
                view! { <a href=piece.to_string() target="_blank" rel="noopener noreferrer nofollow">{piece.to_string()}</a> }.into_any()
            }
            false => piece.to_string().into_any(),
        })
        .collect()
}

/// `text`'s backtick spans as `<code>`, and what lies between them as `between` draws it.
fn code_spans_then(text: &str, between: impl Fn(&str) -> Vec<AnyView>) -> Vec<AnyView> {
    title_code_spans(text)
        .into_iter()
        .flat_map(|(code, piece)| match code {
            true => vec![view! { <code>{piece.to_string()}</code> }.into_any()],
            false => between(piece),
        })
        .collect()
}

/// Spans as DOM: a coloured one in a `<span>` of its token's class, a plain one as text.
fn token_views(spans: Vec<(Token, &str)>) -> Vec<AnyView> {
    spans
        .into_iter()
        .map(|(token, span)| match token.class() {
            Some(class) => view! { <span class=class>{span.to_string()}</span> }.into_any(),
            None => span.to_string().into_any(),
        })
        .collect()
}

/// Like [`highlighted`], with the byte ranges `changed` (the words a modified diff line changed)
/// wrapped in `<mark class="word-change">`; a Python line that begins inside the triple-quoted
/// string of `open` (a diff's line in a docstring) is read from inside it.
pub fn highlighted_marking(text: &str, python: bool, open: Option<u8>, changed: &[Range<usize>]) -> Vec<AnyView> {
    if !python {
        return marking(vec![(None, text)], changed);
    }
    let spans = tokenize_python_from(text, open).0;
    if changed.is_empty() {
        return token_views(spans);
    }
    marking(spans.into_iter().map(|(token, span)| (token.class(), span)).collect(), changed)
}

/// Spans, each in a `<span>` of its class where it has one, with the byte ranges `changed` marked.
fn marking(tokens: Vec<(Option<&'static str>, &str)>, changed: &[Range<usize>]) -> Vec<AnyView> {
    let mut offset = 0;
    let mut views = Vec::new();
    for (class, span) in tokens {
        for (piece, is_changed) in split_at_ranges(span, offset, changed) {
            let inner = if is_changed {
                view! { <mark class="word-change">{piece.to_string()}</mark> }.into_any()
            } else {
                piece.to_string().into_any()
            };
            views.push(match class {
                Some(class) => view! { <span class=class>{inner}</span> }.into_any(),
                None => inner,
            });
        }
        offset += span.len();
    }
    views
}

/// Renders `code` as highlighted Python.
#[component]
pub fn PythonCode(
    code: String,
    /// Identifiers to mark wherever they occur in code (not in strings or comments).
    #[prop(optional)]
    marked: Vec<String>,
) -> impl IntoView {
    let lines = tokenize_python_lines(code.lines())
        .into_iter()
        .map(|line| {
            let spans = line
                .into_iter()
                .map(|(token, text)| match (token, token.class()) {
                    (Token::String | Token::Comment, Some(class)) => view! { <span class=class>{text.to_string()}</span> }.into_any(),
                    (_, Some(class)) => view! { <span class=class>{marks(text, &marked)}</span> }.into_any(),
                    (_, None) => marks(text, &marked).into_any(),
                })
                .collect_view();
            view! { <span class="line">{spans}"\n"</span> }
        })
        .collect_view();
    view! { <pre class="python"><code>{lines}</code></pre> }
}

/// `text` with each whole identifier in `marked` wrapped in `<mark class="api">`.
fn marks(text: &str, marked: &[String]) -> Vec<AnyView> {
    if marked.is_empty() {
        return vec![text.to_string().into_any()];
    }
    let mut views = Vec::new();
    let mut plain = String::new();
    let mut word = String::new();
    let flush_word = |word: &mut String, plain: &mut String, views: &mut Vec<AnyView>| {
        if word.is_empty() {
            return;
        }
        if marked.iter().any(|m| m == word.as_str()) {
            views.push(std::mem::take(plain).into_any());
            views.push(view! { <mark class="api" title="library API">{std::mem::take(word)}</mark> }.into_any());
        } else {
            plain.push_str(word);
            word.clear();
        }
    };
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush_word(&mut word, &mut plain, &mut views);
            plain.push(c);
        }
    }
    flush_word(&mut word, &mut plain, &mut views);
    views.push(plain.into_any());
    views
}

/// A block of code in `lang` (from a markdown fence or a code document): highlighted when it
/// is Python, verbatim otherwise, its language in `data-lang`.
pub fn code_block(lang: Option<String>, code: String) -> AnyView {
    let python = matches!(lang.as_deref(), Some("python" | "py" | "python3"));
    let body: Vec<AnyView> = if python {
        tokenize_python_lines(code.split_inclusive('\n'))
            .into_iter()
            .flat_map(token_views)
            .collect()
    } else {
        vec![code.into_any()]
    };
    leptos::html::pre()
        .attr("data-lang", lang.unwrap_or_default())
        .child(leptos::html::code().child(body))
        .into_any()
}
