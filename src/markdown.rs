//! Untrusted markdown turned into a safe tree.
//!
//! [`parse_markdown`] turns text into a small tree of [`MdNode`]s with pulldown-cmark; raw HTML
//! becomes a text node, links keep only safe targets (`http`, `https`, `mailto`, relative),
//! images become links (so a statement cannot make the page load anything) and a bare web
//! address becomes a link, as GitHub shows it. The tree is pure
//! data: `components::markdown` renders it element by element, and no HTML string is ever
//! handed to the browser.

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd, TextMergeStream};

use crate::text_form::link_spans;

/// A node of rendered markdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MdNode {
    /// An element with children.
    Element(MdTag, Vec<MdNode>),
    /// Text (including raw HTML from the source, shown as written).
    Text(String),
    /// Inline code.
    Code(String),
    /// A fenced or indented code block.
    CodeBlock { lang: Option<String>, code: String },
    /// A raw HTML fragment of the source, shown as text.
    RawHtml(String),
    /// A task-list checkbox.
    TaskMarker(bool),
    /// `---`.
    Rule,
    /// A hard line break.
    Break,
}

/// The kind of an element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MdTag {
    /// `<p>`.
    Paragraph,
    /// `<h1>`..`<h6>`.
    Heading(u8),
    /// `<blockquote>`.
    BlockQuote,
    /// `<ol start=..>` or `<ul>`.
    List(Option<u64>),
    /// `<li>`.
    Item,
    /// `<em>`.
    Emphasis,
    /// `<strong>`.
    Strong,
    /// `<del>`.
    Strikethrough,
    /// `<a>`; `href` is `None` when the target was unsafe.
    Link { href: Option<String> },
    /// `<table>`.
    Table,
    /// `<thead>` row.
    TableHead,
    /// `<tr>`.
    TableRow,
    /// `<td>` / `<th>`.
    TableCell,
    /// Anything else, rendered as a plain container.
    Span,
}

impl MdNode {
    /// The characters of text the node holds, markup excluded.
    pub fn text_len(&self) -> usize {
        match self {
            MdNode::Element(_, children) => children.iter().map(MdNode::text_len).sum(),
            MdNode::Text(text) | MdNode::Code(text) | MdNode::RawHtml(text) | MdNode::CodeBlock { code: text, .. } => text.len(),
            MdNode::TaskMarker(_) | MdNode::Rule | MdNode::Break => 1,
        }
    }
}

/// How many of the top-level `nodes` to render first so that about `budget` characters show
/// (at least one node): a long statement then costs its first screens, not its whole length.
pub fn first_nodes_within(nodes: &[MdNode], budget: usize) -> usize {
    let mut total = 0;
    let within = nodes
        .iter()
        .take_while(|node| {
            total += node.text_len();
            total <= budget
        })
        .count();
    within.max(1).min(nodes.len())
}

/// `text` with Python's dunder names (`__name__`, `__future__`) escaped outside code, so that
/// markdown never reads them as bold.
pub fn protect_dunders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fenced = false;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
        }
        if fenced || !line.contains("__") {
            out.push_str(line);
            continue;
        }
        // Outside backtick spans (the even-numbered pieces), `__word__` becomes `\_\_word\_\_`.
        for (i, piece) in line.split('`').enumerate() {
            if i > 0 {
                out.push('`');
            }
            if i % 2 == 1 {
                out.push_str(piece);
            } else {
                out.push_str(&escape_dunders(piece));
            }
        }
    }
    out
}

fn escape_dunders(text: &str) -> String {
    let bytes = text.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        let starts_dunder = text[at..].starts_with("__") && (at == 0 || !is_word(bytes[at - 1]));
        if starts_dunder {
            let name_len = bytes[at + 2..].iter().take_while(|b| b.is_ascii_alphanumeric()).count();
            let end = at + 2 + name_len;
            let closes = name_len > 0 && text[end..].starts_with("__") && bytes.get(end + 2).is_none_or(|b| !is_word(*b));
            if closes {
                out.push_str(&format!("\\_\\_{}\\_\\_", &text[at + 2..end]));
                at = end + 2;
                continue;
            }
        }
        let c = text[at..].chars().next().expect("inside the text");
        out.push(c);
        at += c.len_utf8();
    }
    out
}

/// How deep elements nest in the tree. The tree is rendered (and dropped) by recursion, so a
/// statement of a hundred thousand `>` would overflow the stack; what is nested deeper is
/// kept, as the content of the element at this depth. No document written to be read nests
/// anywhere near it.
pub const MAX_DEPTH: usize = 48;

/// Parses `text` into a safe tree, elements nested at most [`MAX_DEPTH`] deep.
pub fn parse_markdown(text: &str) -> Vec<MdNode> {
    let text = &protect_dunders(text);
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let mut stack: Vec<(MdTag, Vec<MdNode>)> = vec![(MdTag::Span, Vec::new())];
    // Elements opened past the deepest allowed, not yet closed: their content joins the deepest.
    let mut flattened = 0usize;
    let push = |stack: &mut Vec<(MdTag, Vec<MdNode>)>, node: MdNode| {
        if let Some((_, children)) = stack.last_mut() {
            children.push(node);
        }
    };
    let mut code_block: Option<(Option<String>, String)> = None;
    // Merged, so that a web address the parser cut at a `_` or `*` is found whole.
    for event in TextMergeStream::new(Parser::new_ext(text, options)) {
        if let Some((_, code)) = code_block.as_mut() {
            match event {
                Event::Text(t) => {
                    code.push_str(&t);
                    continue;
                }
                Event::End(TagEnd::CodeBlock) => {
                    let (lang, code) = code_block.take().unwrap_or_default();
                    push(&mut stack, MdNode::CodeBlock { lang, code });
                    continue;
                }
                _ => continue,
            }
        }
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => info.split_whitespace().next().map(str::to_string),
                    CodeBlockKind::Indented => None,
                };
                code_block = Some((lang, String::new()));
            }
            Event::Start(_) if stack.len() > MAX_DEPTH => flattened += 1,
            Event::Start(tag) => stack.push((element_for(tag), Vec::new())),
            Event::End(_) if flattened > 0 => flattened -= 1,
            Event::End(_) => {
                if stack.len() > 1 {
                    if let Some((tag, children)) = stack.pop() {
                        push(&mut stack, MdNode::Element(tag, children));
                    }
                }
            }
            Event::Text(t) if in_link(&stack) => push(&mut stack, MdNode::Text(t.into_string())),
            Event::Text(t) => {
                for node in with_address_links(&t) {
                    push(&mut stack, node);
                }
            }
            Event::Code(t) => push(&mut stack, MdNode::Code(t.into_string())),
            Event::InlineMath(t) | Event::DisplayMath(t) => push(&mut stack, MdNode::Code(t.into_string())),
            Event::Html(t) | Event::InlineHtml(t) => {
                push(&mut stack, image_tag_link(&t).unwrap_or_else(|| MdNode::RawHtml(t.into_string())))
            }
            Event::FootnoteReference(t) => push(&mut stack, MdNode::Text(format!("[{t}]"))),
            Event::SoftBreak => push(&mut stack, MdNode::Text("\n".into())),
            Event::HardBreak => push(&mut stack, MdNode::Break),
            Event::Rule => push(&mut stack, MdNode::Rule),
            Event::TaskListMarker(done) => push(&mut stack, MdNode::TaskMarker(done)),
        }
    }
    while stack.len() > 1 {
        if let Some((tag, children)) = stack.pop() {
            push(&mut stack, MdNode::Element(tag, children));
        }
    }
    stack.pop().map(|(_, children)| children).unwrap_or_default()
}

/// Whether the text being read is inside a link, whose text stays text.
fn in_link(stack: &[(MdTag, Vec<MdNode>)]) -> bool {
    stack.iter().any(|(tag, _)| matches!(tag, MdTag::Link { .. }))
}

/// `text` with each web address it names as a link to it, as GitHub links an issue's bare
/// addresses (its autolinks extension; `www.` addresses with no scheme stay text).
fn with_address_links(text: &str) -> Vec<MdNode> {
    link_spans(text)
        .into_iter()
        .map(|(address, piece)| match address {
            true => MdNode::Element(MdTag::Link { href: safe_href(piece) }, vec![MdNode::Text(piece.to_string())]),
            false => MdNode::Text(piece.to_string()),
        })
        .collect()
}

fn element_for(tag: Tag<'_>) -> MdTag {
    match tag {
        Tag::Paragraph => MdTag::Paragraph,
        Tag::Heading { level, .. } => MdTag::Heading(level as u8),
        Tag::BlockQuote(_) => MdTag::BlockQuote,
        Tag::List(start) => MdTag::List(start),
        Tag::Item => MdTag::Item,
        Tag::Emphasis => MdTag::Emphasis,
        Tag::Strong => MdTag::Strong,
        Tag::Strikethrough => MdTag::Strikethrough,
        Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } => MdTag::Link {
            href: safe_href(&dest_url),
        },
        Tag::Table(_) => MdTag::Table,
        Tag::TableHead => MdTag::TableHead,
        Tag::TableRow => MdTag::TableRow,
        Tag::TableCell => MdTag::TableCell,
        _ => MdTag::Span,
    }
}

/// An HTML `<img>` tag standing alone, with an `http(s)` source (GitHub issues paste screenshots
/// that way; SWE-bench Multimodal's statements are full of them), as the link a markdown image
/// becomes: its `alt` text, or "image", to its source. Any other HTML stays text.
fn image_tag_link(html: &str) -> Option<MdNode> {
    let inner = html.trim().strip_prefix('<')?.strip_suffix('>')?.trim_end_matches('/');
    let (name, attributes) = inner.split_once(char::is_whitespace)?;
    if !name.eq_ignore_ascii_case("img") || inner.contains(['<', '>']) {
        return None;
    }
    let source = attribute(attributes, "src")?.replace("&amp;", "&");
    let lowercase = source.to_ascii_lowercase();
    if !(lowercase.starts_with("https://") || lowercase.starts_with("http://")) {
        return None;
    }
    let text = attribute(attributes, "alt").filter(|alt| !alt.trim().is_empty()).unwrap_or("image");
    Some(MdNode::Element(
        MdTag::Link { href: safe_href(&source) },
        vec![MdNode::Text(text.to_string())],
    ))
}

/// The value of the attribute `name` in an HTML tag's `attributes`, quoted or bare.
fn attribute<'a>(attributes: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = attributes.trim_start();
    while !rest.is_empty() {
        let key_end = rest.find(|c: char| c == '=' || c.is_whitespace()).unwrap_or(rest.len());
        let key = &rest[..key_end];
        rest = rest[key_end..].trim_start();
        let mut value = None;
        if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            let (found, next) = match after.chars().next() {
                Some(quote @ ('"' | '\'')) => after[1..].split_once(quote)?,
                _ => after.split_at(after.find(char::is_whitespace).unwrap_or(after.len())),
            };
            (value, rest) = (Some(found), next.trim_start());
        }
        if key.eq_ignore_ascii_case(name) {
            return value;
        }
    }
    None
}

/// `url` if following it cannot run code: `http(s):`, `mailto:`, or no scheme at all.
pub fn safe_href(url: &str) -> Option<String> {
    let cleaned: String = url.chars().filter(|c| !c.is_whitespace() && !c.is_control()).collect();
    let scheme_end = cleaned.find([':', '/', '?', '#']);
    match scheme_end {
        Some(i) if cleaned[i..].starts_with(':') => {
            let scheme = cleaned[..i].to_ascii_lowercase();
            matches!(scheme.as_str(), "http" | "https" | "mailto").then_some(cleaned)
        }
        _ => Some(cleaned),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dunder_names_are_never_emphasis() {
        let nodes = parse_markdown("Use __future__ and __main__.__spec__, not `__x__`, and __bold text__.\n\n```\n__init__\n```");
        let text: String = nodes.iter().map(plain_text).collect();
        assert!(text.contains("Use __future__ and __main__.__spec__, not __x__"), "{text}");
        assert!(text.contains("__init__"));
        assert!(!format!("{nodes:?}").contains("Strong([Text(\"future"), "{nodes:?}");
    }

    fn plain_text(node: &MdNode) -> String {
        match node {
            MdNode::Text(t) | MdNode::Code(t) => t.clone(),
            MdNode::CodeBlock { code, .. } => code.clone(),
            MdNode::Element(_, children) => children.iter().map(plain_text).collect(),
            _ => String::new(),
        }
    }

    fn texts(nodes: &[MdNode], out: &mut String) {
        for node in nodes {
            match node {
                MdNode::Text(t) | MdNode::Code(t) | MdNode::RawHtml(t) => out.push_str(t),
                MdNode::CodeBlock { code, .. } => out.push_str(code),
                MdNode::Element(_, children) => texts(children, out),
                _ => {}
            }
        }
    }

    #[test]
    fn raw_html_is_kept_as_text() {
        let nodes = parse_markdown("hello <script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n");
        let mut all = String::new();
        texts(&nodes, &mut all);
        assert!(all.contains("<script>alert(1)</script>"), "{all}");
        assert!(all.contains("<img src=x onerror=alert(2)>"), "{all}");
    }

    #[test]
    fn unsafe_links_lose_their_target() {
        for url in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "java\nscript:alert(1)",
            " javascript:x",
            "data:text/html,x",
            "vbscript:x",
        ] {
            assert_eq!(safe_href(url), None, "{url:?}");
        }
        for url in [
            "https://example.org/a?b=c:d",
            "http://x",
            "mailto:a@b.c",
            "#frag",
            "relative/path",
            "/abs",
            "?q=a:b",
        ] {
            assert!(safe_href(url).is_some(), "{url:?}");
        }
    }

    #[test]
    fn an_html_image_tag_alone_becomes_a_link_like_a_markdown_image() {
        let link = |href: &str, text: &str| MdNode::Element(MdTag::Link { href: Some(href.into()) }, vec![MdNode::Text(text.into())]);
        let block = parse_markdown("Broken:\n\n<img width=\"300\" alt=\"The reader\" src=\"https://x/1.png?a=1&amp;b=2\">\n");
        // An HTML block is a span of its own.
        assert_eq!(
            block[1],
            MdNode::Element(MdTag::Span, vec![link("https://x/1.png?a=1&b=2", "The reader")])
        );
        let inline = parse_markdown("See <IMG SRC='http://x/2.png' onerror=alert(1) /> here");
        assert_eq!(
            inline[0],
            MdNode::Element(
                MdTag::Paragraph,
                vec![
                    MdNode::Text("See ".into()),
                    link("http://x/2.png", "image"),
                    MdNode::Text(" here".into())
                ]
            )
        );
        for kept in [
            "<img src=x onerror=alert(2)>",
            "<img src=\"javascript:alert(1)\">",
            "<img alt=\"no source\">",
            "<imgx src=\"https://x/3.png\">",
        ] {
            let nodes = parse_markdown(&format!("{kept}\n"));
            assert_eq!(
                nodes,
                [MdNode::Element(MdTag::Span, vec![MdNode::RawHtml(format!("{kept}\n"))])],
                "{kept}"
            );
        }
    }

    #[test]
    fn images_become_links_and_code_blocks_keep_their_language() {
        let nodes = parse_markdown("![x](javascript:alert(1))\n\n```python\nprint(1)\n```\n");
        assert!(
            matches!(&nodes[0], MdNode::Element(MdTag::Paragraph, c) if matches!(&c[0], MdNode::Element(MdTag::Link { href: None }, _)))
        );
        assert_eq!(
            nodes[1],
            MdNode::CodeBlock {
                lang: Some("python".into()),
                code: "print(1)\n".into()
            }
        );
    }

    #[test]
    fn a_long_document_renders_its_first_blocks_first() {
        let text: String = (0..1000).map(|i| format!("Paragraph {i:04} {}\n\n", "x".repeat(90))).collect();
        let nodes = parse_markdown(&text);
        assert_eq!(nodes.len(), 1000);
        assert_eq!(nodes[0].text_len(), 105);
        assert_eq!(first_nodes_within(&nodes, 20_000), 190);
        assert_eq!(first_nodes_within(&nodes, 10), 1, "at least one block");
        assert_eq!(first_nodes_within(&[], 10), 0);
    }

    fn depth(nodes: &[MdNode]) -> usize {
        nodes
            .iter()
            .map(|node| match node {
                MdNode::Element(_, children) => 1 + depth(children),
                _ => 0,
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn elements_nest_no_deeper_than_the_bound_and_keep_their_text() {
        let quotes = format!("{} quoted", ">".repeat(100_000));
        let lists = format!("{}x\n\nafter", "- ".repeat(30_000));
        let emphasis = format!("{}x{}", "*".repeat(50_000), "*".repeat(50_000));
        for text in [quotes.as_str(), lists.as_str(), emphasis.as_str()] {
            let nodes = parse_markdown(text);
            assert!(depth(&nodes) <= MAX_DEPTH, "{}", depth(&nodes));
            let mut shown = String::new();
            texts(&nodes, &mut shown);
            assert!(shown.contains('x') || shown.contains("quoted"), "the text is kept");
        }
        let mut after = String::new();
        texts(&parse_markdown(&lists), &mut after);
        assert!(
            after.ends_with("after"),
            "what follows the deep part is a block of its own: {}",
            &after[after.len() - 20..]
        );
        let shallow = parse_markdown("> > quoted");
        assert_eq!(depth(&shallow), 3, "two quotes and a paragraph, as written");
    }

    #[test]
    fn tables_nest_rows_and_cells() {
        let nodes = parse_markdown("| a | b |\n|---|---|\n| 1 | 2 |\n");
        let MdNode::Element(MdTag::Table, parts) = &nodes[0] else {
            panic!("{nodes:?}")
        };
        assert!(matches!(parts[0], MdNode::Element(MdTag::TableHead, _)));
    }

    #[test]
    fn a_bare_web_address_is_a_link_and_a_link_or_code_keeps_its_text() {
        let link = |href: &str| MdNode::Element(MdTag::Link { href: Some(href.into()) }, vec![MdNode::Text(href.into())]);
        let paragraph = |children: Vec<MdNode>| vec![MdNode::Element(MdTag::Paragraph, children)];
        assert_eq!(
            parse_markdown("See https://github.com/kennethreitz/requests/issues/2844."),
            paragraph(vec![
                MdNode::Text("See ".into()),
                link("https://github.com/kennethreitz/requests/issues/2844"),
                MdNode::Text(".".into())
            ])
        );
        // Underscores and a dunder name the parser reads apart are one address.
        assert_eq!(
            parse_markdown("(http://x.org/a_b_c/__init__.py)"),
            paragraph(vec![
                MdNode::Text("(".into()),
                link("http://x.org/a_b_c/__init__.py"),
                MdNode::Text(")".into())
            ])
        );
        let linked = parse_markdown("[https://a.org](https://b.org) `https://c.org`");
        assert_eq!(
            linked,
            paragraph(vec![
                MdNode::Element(
                    MdTag::Link {
                        href: Some("https://b.org".into())
                    },
                    vec![MdNode::Text("https://a.org".into())]
                ),
                MdNode::Text(" ".into()),
                MdNode::Code("https://c.org".into())
            ])
        );
        for text in ["javascript:alert(1)", "xhttps://a.org", "https://", "www.example.org"] {
            assert_eq!(parse_markdown(text), paragraph(vec![MdNode::Text(text.into())]), "{text}");
        }
    }
}
