//! Python syntax highlighting for diff lines and code blocks: a small line tokenizer.
//!
//! Diff lines arrive one at a time, out of their file, so each line is tokenized alone: a
//! string or docstring that spans lines is only recognised on the line that opens it. That
//! trades a rare mis-colouring for never carrying state across `+`/`-` lines of two versions.
//! A whole source (a code block, a file's code) is read line after line with
//! [`tokenize_python_lines`], which knows a docstring's lines for strings: SWE-Dev's PRDs are
//! docstrings, whose words read as keywords line by line.

/// What a span of a line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// Anything not coloured.
    Plain,
    /// A keyword (`def`, `return`, ...).
    Keyword,
    /// `True`, `False`, `None`, `self`, `cls`, and builtin functions.
    Builtin,
    /// A string literal, with its prefix and quotes.
    String,
    /// A comment, to the end of the line.
    Comment,
    /// A number literal.
    Number,
    /// A decorator (`@name`).
    Decorator,
    /// The name a `def` or `class` defines.
    Definition,
}

impl Token {
    /// The CSS class of the token (`None` for plain text).
    pub fn class(self) -> Option<&'static str> {
        Some(match self {
            Token::Plain => return None,
            Token::Keyword => "tok-kw",
            Token::Builtin => "tok-bi",
            Token::String => "tok-str",
            Token::Comment => "tok-com",
            Token::Number => "tok-num",
            Token::Decorator => "tok-dec",
            Token::Definition => "tok-def",
        })
    }
}

const KEYWORDS: &[&str] = &[
    "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for",
    "from", "global", "if", "import", "in", "is", "lambda", "match", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

const BUILTINS: &[&str] = &[
    "True",
    "False",
    "None",
    "self",
    "cls",
    "print",
    "len",
    "range",
    "isinstance",
    "super",
    "str",
    "int",
    "float",
    "list",
    "dict",
    "set",
    "tuple",
    "bool",
    "type",
    "object",
    "Exception",
    "ValueError",
    "TypeError",
    "KeyError",
    "open",
    "enumerate",
    "zip",
];

/// Whether `path` names a Python file.
pub fn is_python(path: &str) -> bool {
    path.ends_with(".py") || path.ends_with(".pyi")
}

/// The line split into `(token, text)` spans that concatenate back to `line`.
pub fn tokenize_python(line: &str) -> Vec<(Token, &str)> {
    let mut spans: Vec<(Token, &str)> = Vec::new();
    let bytes = line.as_bytes();
    let mut at = 0;
    let mut plain_from = 0;
    let mut after_def = false;
    while at < bytes.len() {
        let (token, end) = match bytes[at] {
            b'#' => (Token::Comment, bytes.len()),
            b'"' | b'\'' => (Token::String, string_end(bytes, at)),
            b'@' if line[..at].trim().is_empty() => (Token::Decorator, word_end(bytes, at + 1, true)),
            b'0'..=b'9' if !continues_word(bytes, at) => (Token::Number, word_end(bytes, at, true)),
            c if is_word_start(c) && !continues_word(bytes, at) => {
                let end = word_end(bytes, at, false);
                let word = &line[at..end];
                if end < bytes.len() && matches!(bytes[end], b'"' | b'\'') && is_string_prefix(word) {
                    (Token::String, string_end(bytes, end))
                } else if after_def {
                    (Token::Definition, end)
                } else if KEYWORDS.contains(&word) {
                    (Token::Keyword, end)
                } else if BUILTINS.contains(&word) {
                    (Token::Builtin, end)
                } else {
                    (Token::Plain, end)
                }
            }
            _ => (Token::Plain, next_char(line, at)),
        };
        if token != Token::Plain {
            after_def = token == Token::Keyword && matches!(&line[at..end], "def" | "class");
            if plain_from < at {
                spans.push((Token::Plain, &line[plain_from..at]));
            }
            spans.push((token, &line[at..end]));
            plain_from = end;
        } else if !line[at..end].trim().is_empty() {
            after_def = false;
        }
        at = end;
    }
    if plain_from < line.len() {
        spans.push((Token::Plain, &line[plain_from..]));
    }
    spans
}

/// Each line of a whole source split into spans as [`tokenize_python`] splits one, except that
/// the lines inside a triple-quoted string opened on an earlier line are that string's.
pub fn tokenize_python_lines<'a>(lines: impl IntoIterator<Item = &'a str>) -> Vec<Vec<(Token, &'a str)>> {
    let mut open: Option<u8> = None;
    lines
        .into_iter()
        .map(|line| {
            let (spans, after) = tokenize_python_from(line, open);
            open = after;
            spans
        })
        .collect()
}

/// One line's spans when it starts inside the triple-quoted string of `open` (none when it starts
/// in code), and the string left open at its end.
pub fn tokenize_python_from(line: &str, open: Option<u8>) -> (Vec<(Token, &str)>, Option<u8>) {
    let mut spans = Vec::new();
    let mut rest = line;
    if let Some(quote) = open {
        let Some(end) = triple_close(line.as_bytes(), 0, quote) else {
            return (vec![(Token::String, line)], open);
        };
        spans.push((Token::String, &line[..end]));
        rest = &line[end..];
    }
    let code = tokenize_python(rest);
    let after = code
        .last()
        .and_then(|&(token, text)| (token == Token::String).then(|| open_triple(text)).flatten());
    spans.extend(code);
    (spans, after)
}

/// The quote of the triple-quoted string `literal` (a string token, its prefix included) when
/// the token leaves it open at the line's end.
fn open_triple(literal: &str) -> Option<u8> {
    let body = literal.trim_start_matches(|c: char| c.is_ascii_alphabetic()).as_bytes();
    let quote = *body.first()?;
    let opens = body.len() >= 3 && body[1] == quote && body[2] == quote;
    (opens && triple_close(body, 3, quote).is_none()).then_some(quote)
}

/// Where the triple-quoted string of `quote` closes in `bytes`, read from `from`: after its
/// closing quotes.
fn triple_close(bytes: &[u8], from: usize, quote: u8) -> Option<usize> {
    let mut at = from;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            c if c == quote && bytes.get(at + 1) == Some(&quote) && bytes.get(at + 2) == Some(&quote) => return Some(at + 3),
            _ => at += 1,
        }
    }
    None
}

fn is_word_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn continues_word(bytes: &[u8], at: usize) -> bool {
    at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_')
}

fn word_end(bytes: &[u8], from: usize, dotted: bool) -> usize {
    let mut end = from;
    while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_' || (dotted && bytes[end] == b'.')) {
        end += 1;
    }
    end
}

fn is_string_prefix(word: &str) -> bool {
    word.len() <= 2 && word.chars().all(|c| matches!(c.to_ascii_lowercase(), 'r' | 'b' | 'u' | 'f'))
}

/// The end of the string opening at `start` (a quote): after its closing quote, or the line's
/// end when it does not close on this line.
fn string_end(bytes: &[u8], start: usize) -> usize {
    let quote = bytes[start];
    let triple = bytes.len() >= start + 3 && bytes[start + 1] == quote && bytes[start + 2] == quote;
    let mut at = start + if triple { 3 } else { 1 };
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            c if c == quote && !triple => return at + 1,
            c if c == quote && bytes.len() >= at + 3 && bytes[at + 1] == quote && bytes[at + 2] == quote => return at + 3,
            _ => at += 1,
        }
    }
    bytes.len()
}

fn next_char(line: &str, at: usize) -> usize {
    line[at..].chars().next().map_or(line.len(), |c| at + c.len_utf8())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(line: &str) -> Vec<(Token, &str)> {
        tokenize_python(line).into_iter().filter(|(t, _)| *t != Token::Plain).collect()
    }

    #[test]
    fn spans_cover_the_line_exactly() {
        for line in [
            "def f(x, y='a#b'):  # note",
            "    return ñ + 1.5e3",
            "x = r'\\d' f\"{y}\" b''",
            "",
            "'''open",
            "é@x",
        ] {
            let joined: String = tokenize_python(line).into_iter().map(|(_, s)| s).collect();
            assert_eq!(joined, line);
        }
    }

    #[test]
    fn keywords_definitions_strings_comments_numbers() {
        assert_eq!(
            kinds("def parse(text='#1'):  # 2 ways"),
            [
                (Token::Keyword, "def"),
                (Token::Definition, "parse"),
                (Token::String, "'#1'"),
                (Token::Comment, "# 2 ways")
            ]
        );
        assert_eq!(
            kinds("    return None if x2 else 0x1F"),
            [
                (Token::Keyword, "return"),
                (Token::Builtin, "None"),
                (Token::Keyword, "if"),
                (Token::Keyword, "else"),
                (Token::Number, "0x1F")
            ]
        );
        assert_eq!(kinds("@pytest.mark.parametrize"), [(Token::Decorator, "@pytest.mark.parametrize")]);
        assert_eq!(kinds("a @ b"), []);
        assert_eq!(
            kinds(r#"s = rb"\"q" + f'{x}'"#),
            [(Token::String, r#"rb"\"q""#), (Token::String, "f'{x}'")]
        );
        assert_eq!(
            kinds(r#"doc = """one "two" three""" "#),
            [(Token::String, r#""""one "two" three""""#)]
        );
        assert_eq!(kinds("classify = definitely"), [], "keywords only as whole words");
    }

    #[test]
    fn a_docstring_over_lines_is_a_string_on_each_and_code_resumes_after_it() {
        let source = "def f(ip):\n    \"\"\"\n    Retrieve the hostname, alias list, and address for it.\n    A \\\"\"\" is not the end.\n    \"\"\"  # done\n    return list(ip)\n";
        let lines = tokenize_python_lines(source.split_inclusive('\n'));
        let coloured = |at: usize| lines[at].iter().filter(|(t, _)| *t != Token::Plain).copied().collect::<Vec<_>>();
        assert_eq!(coloured(1), [(Token::String, "\"\"\"\n")]);
        assert_eq!(
            coloured(2),
            [(Token::String, "    Retrieve the hostname, alias list, and address for it.\n")]
        );
        assert_eq!(coloured(3), [(Token::String, "    A \\\"\"\" is not the end.\n")]);
        assert_eq!(coloured(4), [(Token::String, "    \"\"\""), (Token::Comment, "# done\n")]);
        assert_eq!(coloured(5), [(Token::Keyword, "return"), (Token::Builtin, "list")]);
        assert_eq!(lines.iter().flatten().map(|(_, s)| *s).collect::<String>(), source);
        // A docstring closed on its line, and a prefixed one closed on a later line, leave nothing open.
        let closed = tokenize_python_lines(["x = r'''one'''", "y = 'a'", "z = f'''{a}", "b'''", "if z:"]);
        assert_eq!(closed[1].iter().filter(|(t, _)| *t == Token::String).count(), 1);
        assert_eq!(closed[3], [(Token::String, "b'''")]);
        assert_eq!(closed[4][0], (Token::Keyword, "if"));
    }
}
