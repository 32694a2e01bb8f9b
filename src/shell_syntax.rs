//! Shell highlighting for agents' commands, one line at a time like [`crate::syntax`]'s Python:
//! the command words, keywords, quoted strings, variables and comments of a line, as spans that
//! concatenate back to it. A string left open at a line's end is coloured to the end of it.

use crate::syntax::Token;

/// Words that open or close a compound command; the word after one is a command.
const KEYWORDS: [&str; 16] = [
    "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in", "function", "select", "time",
];

/// Bytes that end a word: blanks, operators and quotes.
fn ends_word(byte: u8) -> bool {
    byte.is_ascii_whitespace() || b"|&;()<>`'\"".contains(&byte)
}

/// The line split into `(token, text)` spans that concatenate back to `line`: a command word is
/// [`Token::Builtin`], a keyword [`Token::Keyword`], a quoted string [`Token::String`], `$NAME`
/// and `${...}` [`Token::Definition`], a comment [`Token::Comment`].
///
/// ```
/// use benchscope_web::shell_syntax::tokenize_shell;
/// use benchscope_web::syntax::Token;
/// let spans = tokenize_shell("cd /repo && grep -n \"def x\" $FILE # find it");
/// let coloured: Vec<_> = spans.iter().filter(|(t, _)| *t != Token::Plain).collect();
/// assert_eq!(coloured, [
///     &(Token::Builtin, "cd"),
///     &(Token::Builtin, "grep"),
///     &(Token::String, "\"def x\""),
///     &(Token::Definition, "$FILE"),
///     &(Token::Comment, "# find it"),
/// ]);
/// ```
pub fn tokenize_shell(line: &str) -> Vec<(Token, &str)> {
    let bytes = line.as_bytes();
    let mut spans: Vec<(Token, &str)> = Vec::new();
    let (mut at, mut plain_from) = (0, 0);
    let mut command_next = true;
    while at < bytes.len() {
        let (token, end) = match bytes[at] {
            b'#' if at == 0 || bytes[at - 1].is_ascii_whitespace() => (Token::Comment, bytes.len()),
            b'\'' => (Token::String, quote_end(bytes, at, false)),
            b'"' => (Token::String, quote_end(bytes, at, true)),
            b'$' if bytes
                .get(at + 1)
                .is_some_and(|&b| b == b'{' || b.is_ascii_alphabetic() || b == b'_') =>
            {
                (Token::Definition, variable_end(bytes, at))
            }
            b'|' | b'&' | b';' | b'(' | b'`' => {
                command_next = true;
                (Token::Plain, at + 1)
            }
            byte if ends_word(byte) => (Token::Plain, at + 1),
            _ => {
                let end = (at..bytes.len()).find(|&i| ends_word(bytes[i])).unwrap_or(bytes.len());
                let word = &line[at..end];
                let token = if !command_next {
                    Token::Plain
                } else if KEYWORDS.contains(&word) {
                    // `for f`, `case $x`, `function name`: a name follows, not a command.
                    command_next = !matches!(word, "for" | "select" | "case" | "in" | "function");
                    Token::Keyword
                } else if word.contains('=') && !word.starts_with('=') {
                    // An assignment before the command (`FOO=1 cmd`): the command comes next.
                    Token::Plain
                } else {
                    command_next = false;
                    Token::Builtin
                };
                (token, end)
            }
        };
        if token != Token::Plain {
            if plain_from < at {
                spans.push((Token::Plain, &line[plain_from..at]));
            }
            spans.push((token, &line[at..end]));
            plain_from = end;
        }
        at = end;
    }
    if plain_from < line.len() {
        spans.push((Token::Plain, &line[plain_from..]));
    }
    spans
}

/// A whole command, line by line: as [`tokenize_shell`], except that the body of a here-document
/// (`cat <<'EOF' > x.py` … `EOF`) is text, not commands, and stays plain.
pub fn tokenize_shell_text(text: &str) -> Vec<(Token, &str)> {
    let mut spans = Vec::new();
    let mut here_document: Option<String> = None;
    for line in text.split_inclusive('\n') {
        match &here_document {
            Some(end) => {
                if line.trim() == end {
                    here_document = None;
                }
                spans.push((Token::Plain, line));
            }
            None => {
                here_document = here_document_end(line);
                spans.extend(tokenize_shell(line));
            }
        }
    }
    spans
}

/// The word that ends a here-document `line` opens (`<<EOF`, `<<-'EOF'`, `<< "END"`), if it
/// opens one (`<<<` is a here-string, not a document).
fn here_document_end(line: &str) -> Option<String> {
    let at = line.find("<<")?;
    let rest = &line[at + 2..];
    if rest.starts_with('<') {
        return None;
    }
    let rest = rest.trim_start_matches('-').trim_start();
    let rest = rest.trim_start_matches(['\'', '"']);
    let end: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!end.is_empty()).then_some(end)
}

/// Where the string opened at `start` ends (after its closing quote, or at the line's end); in
/// double quotes a backslash escapes the next byte.
fn quote_end(bytes: &[u8], start: usize, escapes: bool) -> usize {
    let quote = bytes[start];
    let mut at = start + 1;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' if escapes => at += 2,
            byte if byte == quote => return at + 1,
            _ => at += 1,
        }
    }
    bytes.len()
}

/// Where the variable at `start` (`$NAME` or `${...}`) ends.
fn variable_end(bytes: &[u8], start: usize) -> usize {
    if bytes[start + 1] == b'{' {
        return (start + 2..bytes.len()).find(|&i| bytes[i] == b'}').map_or(bytes.len(), |i| i + 1);
    }
    (start + 1..bytes.len())
        .find(|&i| !(bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_'))
        .unwrap_or(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coloured_spans(spans: Vec<(Token, &str)>) -> Vec<(Token, &str)> {
        spans.into_iter().filter(|(t, _)| *t != Token::Plain).collect()
    }

    fn coloured(line: &str) -> Vec<(Token, &str)> {
        coloured_spans(tokenize_shell(line))
    }

    #[test]
    fn spans_give_the_line_back() {
        for line in [
            "",
            "ls -la",
            "echo 'open",
            "x=\"a \\\" b\" y | wc -l",
            "for f in *.py; do python \"$f\"; done",
            "é=1 ünïcode ${X:-é} # ü",
        ] {
            assert_eq!(tokenize_shell(line).iter().map(|(_, s)| *s).collect::<String>(), line);
        }
    }

    #[test]
    fn commands_follow_operators_keywords_and_assignments() {
        assert_eq!(
            coloured("for f in a b; do cat $f | head -n 3; done"),
            [
                (Token::Keyword, "for"),
                (Token::Keyword, "do"),
                (Token::Builtin, "cat"),
                (Token::Definition, "$f"),
                (Token::Builtin, "head"),
                (Token::Keyword, "done"),
            ],
            "after `for` comes its variable, not a command; `in` is only a keyword where a command could be"
        );
        assert_eq!(coloured("PYTHONPATH=. pytest tests"), [(Token::Builtin, "pytest")]);
        assert_eq!(coloured("echo $(git log -1)"), [(Token::Builtin, "echo"), (Token::Builtin, "git")]);
    }

    #[test]
    fn here_documents_are_text() {
        let command = "cat <<'EOF' > x.py\nfrom a import b\nprint(1)\nEOF\npython x.py\n";
        assert_eq!(
            coloured_spans(tokenize_shell_text(command)),
            [(Token::Builtin, "cat"), (Token::String, "'EOF'"), (Token::Builtin, "python")]
        );
        assert_eq!(tokenize_shell_text(command).iter().map(|(_, s)| *s).collect::<String>(), command);
        assert_eq!(here_document_end("grep x <<< \"$y\""), None);
        assert_eq!(here_document_end("cat <<-END"), Some("END".into()));
    }

    #[test]
    fn strings_and_comments() {
        assert_eq!(
            coloured("echo 'it''s' \"a \\\"b\\\"\""),
            [
                (Token::Builtin, "echo"),
                (Token::String, "'it'"),
                (Token::String, "'s'"),
                (Token::String, "\"a \\\"b\\\"\""),
            ]
        );
        assert_eq!(
            coloured("git log a#b #c"),
            [(Token::Builtin, "git"), (Token::Comment, "#c")],
            "a # inside a word is not a comment"
        );
    }
}
