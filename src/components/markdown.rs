//! Renders the safe markdown tree of [`crate::markdown`] as DOM elements, node by node.

use leptos::html;
use leptos::prelude::*;

use crate::components::code::code_block;
use crate::markdown::{first_nodes_within, parse_markdown, MdNode, MdTag};

/// Characters of a document rendered before "show the rest".
pub const FIRST_CHARS: usize = 20_000;

/// Renders untrusted markdown; a long document shows its first [`FIRST_CHARS`] characters,
/// then the rest on request.
#[component]
pub fn Markdown(
    /// The markdown source.
    text: String,
    /// Whether a line break inside a paragraph shows as one (GitHub's issues and comments).
    #[prop(optional)]
    hard_breaks: bool,
) -> impl IntoView {
    let mut nodes = parse_markdown(&text);
    let first = first_nodes_within(&nodes, FIRST_CHARS);
    let rest = nodes.split_off(first);
    let rest_chars: usize = rest.iter().map(MdNode::text_len).sum();
    let tail = the_rest(rest, rest_chars, render_nodes);
    // A soft break is a "\n" text node: `white-space: pre-line` shows it as a break.
    view! { <div class="markdown" class:hard-breaks=hard_breaks>{render_nodes(nodes)}{tail}</div> }
}

/// The rest of a long document: a button saying how much is left, then the rest once asked for.
pub fn the_rest<T: Send + Sync + 'static>(
    rest: Vec<T>,
    chars: usize,
    render: fn(Vec<T>) -> Vec<AnyView>,
) -> impl Fn() -> AnyView + Send + Sync + 'static {
    let rest = StoredValue::new(rest);
    let show_rest = RwSignal::new(false);
    move || {
        if show_rest.get() {
            rest.try_update_value(std::mem::take).map(render).into_any()
        } else if rest.with_value(Vec::is_empty) {
            ().into_any()
        } else {
            view! {
                <button class="show-more show-rest" on:click=move |_| show_rest.set(true)>
                    {format!("Show the rest ({chars} more characters)")}
                </button>
            }
            .into_any()
        }
    }
}

fn render_nodes(nodes: Vec<MdNode>) -> Vec<AnyView> {
    nodes.into_iter().map(render_node).collect()
}

fn render_node(node: MdNode) -> AnyView {
    match node {
        MdNode::Text(text) => text.into_any(),
        MdNode::Code(code) => html::code().child(code).into_any(),
        MdNode::CodeBlock { lang, code } => code_block(lang, code),
        MdNode::RawHtml(raw) => html::span().class("raw-html").child(raw).into_any(),
        MdNode::TaskMarker(done) => html::span().class("task").child(if done { "☑ " } else { "☐ " }).into_any(),
        MdNode::Rule => html::hr().into_any(),
        MdNode::Break => html::br().into_any(),
        MdNode::Element(tag, children) => render_element(tag, render_nodes(children)),
    }
}

fn render_element(tag: MdTag, children: Vec<AnyView>) -> AnyView {
    match tag {
        MdTag::Paragraph => html::p().child(children).into_any(),
        MdTag::Heading(1) => html::h3().child(children).into_any(),
        MdTag::Heading(2) => html::h4().child(children).into_any(),
        MdTag::Heading(3) => html::h5().child(children).into_any(),
        MdTag::Heading(_) => html::h6().child(children).into_any(),
        MdTag::BlockQuote => html::blockquote().child(children).into_any(),
        MdTag::List(Some(start)) => html::ol().attr("start", start.to_string()).child(children).into_any(),
        MdTag::List(None) => html::ul().child(children).into_any(),
        MdTag::Item => html::li().child(children).into_any(),
        MdTag::Emphasis => html::em().child(children).into_any(),
        MdTag::Strong => html::strong().child(children).into_any(),
        MdTag::Strikethrough => html::del().child(children).into_any(),
        MdTag::Link { href: Some(href) } => html::a()
            .attr("href", href)
            .attr("rel", "noopener noreferrer nofollow")
            .attr("target", "_blank")
            .child(children)
            .into_any(),
        MdTag::Link { href: None } => html::span()
            .class("unsafe-link")
            .attr("title", "link removed: unsafe target")
            .child(children)
            .into_any(),
        MdTag::Table => html::div().class("table-scroll").child(html::table().child(children)).into_any(),
        MdTag::TableHead => html::thead().child(html::tr().child(children)).into_any(),
        MdTag::TableRow => html::tr().child(children).into_any(),
        MdTag::TableCell => html::td().child(children).into_any(),
        MdTag::Span => html::span().child(children).into_any(),
    }
}
