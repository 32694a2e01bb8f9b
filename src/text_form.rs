//! How a document's text was written, so it is shown as its source wrote it: markdown where the
//! text is markdown (GitHub issues and pull requests), plain text with its line breaks where it
//! is not (Django's issue tracker, mailing lists), with code-looking lines kept monospace.

/// The form of a document's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextForm {
    /// Markdown, rendered.
    Markdown,
    /// Plain text: line breaks kept, code-looking lines monospace.
    Plain,
}

/// Repositories whose statements come from a tracker that does not write markdown.
const PLAIN_SOURCES: [&str; 1] = [
    // Django's Trac: SWE-bench's django statements are its ticket text, rendered to plain text.
    "django/django",
];

/// The form of `text`, a document of an instance of `repo`: by the source where it is known,
/// else by the text's shape.
pub fn text_form(repo: &str, text: &str) -> TextForm {
    if PLAIN_SOURCES.iter().any(|r| r.eq_ignore_ascii_case(repo)) {
        TextForm::Plain
    } else if looks_like_markdown(text) {
        TextForm::Markdown
    } else {
        TextForm::Plain
    }
}

/// Whether `text` uses markdown: fenced code, headings, links, inline code, emphasis or lists.
pub fn looks_like_markdown(text: &str) -> bool {
    let lines = || text.lines().map(str::trim_start);
    text.contains("```")
        || text.contains("](")
        || text.contains("**")
        || text.matches('`').count() >= 2
        || lines().any(|l| l.starts_with('#') && l.trim_start_matches('#').starts_with(' '))
        || lines()
            .filter(|l| l.starts_with("- ") || l.starts_with("* ") || l.starts_with("1. "))
            .count()
            >= 2
}

/// Whether `text` shows as it is written, whichever form renders it: one line, with nothing
/// markdown or HTML acts on (no mark, bracket, entity or escape, no list, quote, heading or rule
/// at its start). Its raw text would show the same words again, so it gets no switch to it.
pub fn reads_as_written(text: &str) -> bool {
    const ACTED_ON: &[char] = &['`', '*', '_', '#', '<', '>', '[', ']', '!', '|', '~', '\\', '&', '\n', '\r', '\t'];
    let after_digits = text.trim_start_matches(|c: char| c.is_ascii_digit());
    let numbered = after_digits.len() < text.len() && after_digits.starts_with(['.', ')']);
    let starts_a_block = numbered || text.starts_with(['-', '+', '=']);
    !text.is_empty() && text.trim() == text && !text.contains(ACTED_ON) && !starts_a_block
}

/// A run of lines of plain text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlainBlock {
    /// Prose, its line breaks kept.
    Text(String),
    /// Code-looking lines: shell sessions, tracebacks, indented source, Trac's `{{{ }}}` blocks.
    Code(String),
}

/// `text` cut into prose and code blocks, line by line, nothing dropped but Trac's `{{{`/`}}}`.
pub fn plain_blocks(text: &str) -> Vec<PlainBlock> {
    let mut blocks: Vec<PlainBlock> = Vec::new();
    let mut in_braces = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed == "{{{" || trimmed.starts_with("{{{#!") {
            in_braces = true;
            continue;
        }
        if in_braces && trimmed == "}}}" {
            in_braces = false;
            continue;
        }
        if trimmed.is_empty() {
            // A blank line ends a paragraph, and belongs to the code block it sits in.
            match blocks.last_mut() {
                Some(PlainBlock::Code(code)) => code.push('\n'),
                Some(PlainBlock::Text(text)) if !text.is_empty() => blocks.push(PlainBlock::Text(String::new())),
                _ => {}
            }
            continue;
        }
        let code = in_braces || looks_like_code(line) || is_prompt_output(blocks.last(), line);
        match (blocks.last_mut(), code) {
            (Some(PlainBlock::Code(text)), true) | (Some(PlainBlock::Text(text)), false) => {
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(line);
            }
            _ => blocks.push(if code {
                PlainBlock::Code(line.to_string())
            } else {
                PlainBlock::Text(line.to_string())
            }),
        }
    }
    for block in &mut blocks {
        let (PlainBlock::Code(text) | PlainBlock::Text(text)) = block;
        let kept = text.trim_end().len();
        text.truncate(kept);
    }
    blocks.retain(|b| !matches!(b, PlainBlock::Text(t) | PlainBlock::Code(t) if t.trim().is_empty()));
    blocks
}

/// A short line right after a shell or Python prompt that does not read as a sentence: the
/// command's output (`Python 3.6.2` after `$ python -V`).
fn is_prompt_output(previous: Option<&PlainBlock>, line: &str) -> bool {
    let Some(PlainBlock::Code(code)) = previous else { return false };
    let last = code.lines().last().unwrap_or_default().trim_start();
    let after_prompt = last.starts_with("$ ") || last.starts_with(">>> ");
    let trimmed = line.trim_end();
    after_prompt && trimmed.len() <= 80 && !trimmed.ends_with(['.', ':', '?', '!'])
}

/// A line that reads as code: indented source, a shell or Python prompt, a traceback.
fn looks_like_code(line: &str) -> bool {
    let trimmed = line.trim_start();
    if trimmed.starts_with("(last modified by") {
        return false;
    }
    let indented = line.starts_with('\t') || line.starts_with("    ");
    indented
        || ["$ ", ">>> ", "... ", "Traceback (", "File \"", "def ", "class ", "import ", "@"]
            .iter()
            .any(|p| trimmed.starts_with(p) && (p.len() > 2 || line.starts_with(p)))
        || trimmed.ends_with(':') && (trimmed.starts_with("def ") || trimmed.starts_with("class "))
}

/// `title` cut into text and code (`true`): an issue's title shows its backtick spans as code on
/// GitHub. A run of backticks opens a span that the next run of the same length closes; a run
/// nothing closes stays text.
pub fn title_code_spans(title: &str) -> Vec<(bool, &str)> {
    let mut pieces = Vec::new();
    let mut text_from = 0;
    let mut at = 0;
    while let Some(found) = title[at..].find('`') {
        let open = at + found;
        let ticks = title[open..].bytes().take_while(|&b| b == b'`').count();
        let fence = &title[open..open + ticks];
        let closing = title[open + ticks..]
            .match_indices(fence)
            .map(|(i, _)| open + ticks + i)
            .find(|&i| title.as_bytes().get(i + ticks) != Some(&b'`') && title.as_bytes()[i - 1] != b'`');
        match closing {
            Some(close) if close > open + ticks => {
                if open > text_from {
                    pieces.push((false, &title[text_from..open]));
                }
                pieces.push((true, title[open + ticks..close].trim()));
                text_from = close + ticks;
                at = text_from;
            }
            _ => at = open + ticks,
        }
    }
    if text_from < title.len() {
        pieces.push((false, &title[text_from..]));
    }
    pieces
}

/// `text` cut into text and web addresses (`true`): each `http://` or `https://` address up to the
/// next whitespace, less the punctuation that ends a sentence around it.
pub fn link_spans(text: &str) -> Vec<(bool, &str)> {
    let mut pieces = Vec::new();
    let mut text_from = 0;
    let mut at = 0;
    while let Some(found) = text[at..].find("http") {
        let start = at + found;
        let rest = &text[start..];
        let starts_address = (rest.starts_with("https://") || rest.starts_with("http://"))
            && text[..start].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        let end = start + rest.find(char::is_whitespace).unwrap_or(rest.len());
        let address = address_end(&text[start..end]);
        if !starts_address || address.len() <= "https://".len() {
            at = start + "http".len();
            continue;
        }
        if start > text_from {
            pieces.push((false, &text[text_from..start]));
        }
        pieces.push((true, address));
        text_from = start + address.len();
        at = text_from;
    }
    if text_from < text.len() {
        pieces.push((false, &text[text_from..]));
    }
    pieces
}

/// `candidate` less the punctuation that ends a sentence after it: a closing parenthesis only
/// where it closes none the address opened (`https://en.wikipedia.org/wiki/Diff_(Unix)`).
fn address_end(candidate: &str) -> &str {
    let mut address = candidate;
    loop {
        let trimmed = address.trim_end_matches(['.', ',', ';', ':', '!', '?', '\'', '"']);
        let unbalanced = trimmed.ends_with(')') && trimmed.matches(')').count() > trimmed.matches('(').count();
        let next = if unbalanced { &trimmed[..trimmed.len() - 1] } else { trimmed };
        if next.len() == address.len() {
            return address;
        }
        address = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn django_text_is_plain_and_keeps_its_lines() {
        let text = "This is a bit convoluted.\nEnvironment (OSX 10.11):\n$ python -V\nPython 3.6.2\n$ pip -V\nfrom __future__ import x\nEdit the file:\ndef main():\n\tprint('sth')\nUnder 2.2.1, it won't.";
        assert_eq!(text_form("django/django", text), TextForm::Plain);
        let blocks = plain_blocks(text);
        assert_eq!(
            blocks,
            [
                PlainBlock::Text("This is a bit convoluted.\nEnvironment (OSX 10.11):".into()),
                PlainBlock::Code("$ python -V\nPython 3.6.2\n$ pip -V\nfrom __future__ import x".into()),
                PlainBlock::Text("Edit the file:".into()),
                PlainBlock::Code("def main():\n\tprint('sth')".into()),
                PlainBlock::Text("Under 2.2.1, it won't.".into()),
            ]
        );
    }

    #[test]
    fn only_a_line_of_plain_words_reads_as_written() {
        let note = "This data directory holds runs of this split but no instance records, so the problem statement is not here.";
        assert!(reads_as_written(note));
        assert!(reads_as_written("Fix the parser (it drops a line)."));
        for marked in [
            "",
            " indented",
            "Two\nlines",
            "Use `x`",
            "**bold**",
            "a <b>tag</b>",
            "see [the docs](x)",
            "AT&amp;T",
            "an \\* escape",
            "- a list",
            "# heading",
            "> quoted",
            "1. first",
            "12) twelfth",
            "---",
            "snake_case",
        ] {
            assert!(!reads_as_written(marked), "{marked:?}");
        }
        assert!(reads_as_written("2024 was a year."));
    }

    #[test]
    fn blank_lines_end_paragraphs_but_not_code() {
        assert_eq!(
            plain_blocks("One\ntwo\n\nThree\n    x = 1\n\n    y = 2\nEnd"),
            [
                PlainBlock::Text("One\ntwo".into()),
                PlainBlock::Text("Three".into()),
                PlainBlock::Code("    x = 1\n\n    y = 2".into()),
                PlainBlock::Text("End".into()),
            ]
        );
    }

    #[test]
    fn the_shape_decides_where_the_source_does_not() {
        assert_eq!(text_form("psf/requests", "## Bug\n```python\nx\n```"), TextForm::Markdown);
        assert_eq!(
            text_form("psf/requests", "It fails.\nSee [the docs](https://x)."),
            TextForm::Markdown
        );
        assert_eq!(text_form("acme/tool", "It fails when run twice.\nSecond line."), TextForm::Plain);
        assert_eq!(
            plain_blocks("Text\n{{{\nx = 1\n\ny = 2\n}}}\nMore"),
            [
                PlainBlock::Text("Text".into()),
                PlainBlock::Code("x = 1\n\ny = 2".into()),
                PlainBlock::Text("More".into())
            ]
        );
    }

    #[test]
    fn a_titles_backtick_spans_are_code() {
        assert_eq!(
            title_code_spans("Modeling's `separability_matrix` does not compute"),
            [(false, "Modeling's "), (true, "separability_matrix"), (false, " does not compute")]
        );
        assert_eq!(title_code_spans("`a` and ``b`c``"), [(true, "a"), (false, " and "), (true, "b`c")]);
        assert_eq!(title_code_spans("an unclosed ` tick"), [(false, "an unclosed ` tick")]);
        assert_eq!(title_code_spans("empty `` here"), [(false, "empty `` here")]);
        assert_eq!(title_code_spans(""), Vec::<(bool, &str)>::new());
        assert_eq!(title_code_spans("é `ü`"), [(false, "é "), (true, "ü")]);
    }

    #[test]
    fn addresses_are_cut_out_of_text_without_the_sentence_around_them() {
        assert_eq!(
            link_spans("submission: https://github.com/o/r/tree/main/x."),
            [(false, "submission: "), (true, "https://github.com/o/r/tree/main/x"), (false, ".")]
        );
        assert_eq!(
            link_spans("(see http://a.b/c), then https://d.e"),
            [(false, "(see "), (true, "http://a.b/c"), (false, "), then "), (true, "https://d.e")]
        );
        assert_eq!(
            link_spans("(https://en.wikipedia.org/wiki/Diff_(Unix)), see"),
            [(false, "("), (true, "https://en.wikipedia.org/wiki/Diff_(Unix)"), (false, "), see")]
        );
        assert_eq!(
            link_spans("xhttps://a.b and https:// alone"),
            [(false, "xhttps://a.b and https:// alone")]
        );
        assert_eq!(link_spans("no address"), [(false, "no address")]);
        assert_eq!(link_spans(""), Vec::<(bool, &str)>::new());
    }
}
