//! Which lines of a diff's hunk begin inside a triple-quoted Python string (a docstring over
//! several lines), so that its words read as the string's rather than as code. A hunk shows a
//! few lines of a file and may begin inside such a string; where its first triple quote reads as
//! one that closes a string, the hunk is read as beginning inside it: prose before the quote,
//! where code would have an `=` or a `(`, or a quote alone on its line after prose or before code.

use benchscope_contract::patch::{Hunk, LineKind};

use crate::syntax::tokenize_python_from;

/// The quote of the triple-quoted string a line of a hunk begins inside, if any, in the old file
/// and in the new (a removed line's only in the old, an added line's only in the new).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenString {
    pub old: Option<u8>,
    pub new: Option<u8>,
}

impl OpenString {
    /// As the unified layout shows a line of `kind`: a kept line as the new file reads it.
    pub fn shown(self, kind: LineKind) -> Option<u8> {
        match kind {
            LineKind::Removed => self.old,
            LineKind::Added | LineKind::Context => self.new,
        }
    }
}

/// Each of the hunk's lines' [`OpenString`], each side carried from the string the side's
/// lines begin inside ([`starts_inside`]).
pub fn open_strings(hunk: &Hunk) -> Vec<OpenString> {
    let side = |kind: LineKind| -> Vec<&str> {
        hunk.lines
            .iter()
            .filter(|l| l.kind == LineKind::Context || l.kind == kind)
            .map(|l| l.text.as_str())
            .collect()
    };
    let (mut old, mut new) = (starts_inside(&side(LineKind::Removed)), starts_inside(&side(LineKind::Added)));
    let after = |line: &str, open: Option<u8>| tokenize_python_from(line, open).1;
    hunk.lines
        .iter()
        .map(|line| {
            let on_old = line.kind != LineKind::Added;
            let on_new = line.kind != LineKind::Removed;
            let open = OpenString {
                old: old.filter(|_| on_old),
                new: new.filter(|_| on_new),
            };
            match (on_old, on_new) {
                // A kept line both sides read alike (nearly always) is read once.
                (true, true) if old == new => {
                    old = after(&line.text, old);
                    new = old;
                }
                _ => {
                    if on_old {
                        old = after(&line.text, old);
                    }
                    if on_new {
                        new = after(&line.text, new);
                    }
                }
            }
            open
        })
        .collect()
}

/// The quote of the string that one side's lines, in order, begin inside, if any: told by the
/// first triple quote among them.
pub fn starts_inside(lines: &[&str]) -> Option<u8> {
    let (at, line, position) = lines
        .iter()
        .enumerate()
        .find_map(|(at, line)| first_triple(line).map(|position| (at, *line, position)))?;
    let quote = line.as_bytes()[position];
    let (before, rest) = (line[..position].trim(), line[position + 3..].trim());
    let closes = if !before.is_empty() {
        !opens_after(&line[..position])
    } else if rest.is_empty() {
        match lines[..at].iter().rev().find(|l| !l.trim().is_empty()) {
            Some(previous) => !opens_docstring(previous),
            None => lines[at + 1..]
                .iter()
                .find(|l| !l.trim().is_empty())
                .is_some_and(|next| looks_like_code(next)),
        }
    } else {
        rest.starts_with([')', ',', '.', '%', ']', '}'])
    };
    closes.then_some(quote)
}

/// Where the line's first `"""` or `'''` is.
fn first_triple(line: &str) -> Option<usize> {
    [line.find("\"\"\""), line.find("'''")].into_iter().flatten().min()
}

/// Whether code that opens a string could stand before it: an assignment, a call, a list, an
/// operator, a `return`, or a string's prefix (`r"""`, `f"""`).
fn opens_after(before: &str) -> bool {
    let trimmed = before.trim_end();
    if trimmed.ends_with(['=', '(', ',', '[', '{', ':', '+', '%']) {
        return true;
    }
    let word_start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let word = &before[word_start..];
    let is_prefix = word.len() <= 2 && !word.is_empty() && word.chars().all(|c| "rRbBuUfF".contains(c));
    is_prefix || matches!(trimmed.rsplit(' ').next(), Some("return" | "yield" | "in" | "print"))
}

/// Whether a docstring may open on the line after this one: a `def` or `class` line (or the
/// end of a signature over several lines), or a comment (a module's first lines).
fn opens_docstring(line: &str) -> bool {
    let line = line.trim();
    let header = line.ends_with(':') && (["def ", "async def ", "class "].iter().any(|s| line.starts_with(s)) || line.contains(')'));
    header || line.starts_with('#')
}

/// Whether a line reads as code rather than prose (a docstring's): a block's header, a simple
/// statement, a decorator or a comment, or a call or an assignment.
fn looks_like_code(line: &str) -> bool {
    const BLOCKS: [&str; 12] = [
        "if ", "elif ", "else", "for ", "while ", "with ", "def ", "async ", "class ", "try", "except", "finally",
    ];
    const STATEMENTS: [&str; 12] = [
        "return", "raise ", "import ", "assert ", "pass", "yield", "del ", "break", "continue", "self.", "@", "#",
    ];
    let line = line.trim();
    let name_end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .unwrap_or(line.len());
    let after_name = line[name_end..].trim_start();
    (BLOCKS.iter().any(|s| line.starts_with(s)) && line.ends_with(':'))
        || STATEMENTS.iter().any(|s| line.starts_with(s))
        || (line.starts_with("from ") && line.contains(" import "))
        || (name_end > 0 && (after_name.starts_with('(') || (after_name.starts_with('=') && !after_name.starts_with("=="))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hunk_is_read_as_beginning_inside_a_string_where_its_first_quote_closes_one() {
        let inside = Some(b'"');
        assert_eq!(
            starts_inside(&["    the rest of a sentence.", "    \"\"\"", "    return x"]),
            inside,
            "a bare quote after prose"
        );
        assert_eq!(starts_inside(&["    \"\"\"", "    return x"]), inside, "a bare quote before code");
        assert_eq!(
            starts_inside(&["    end of the docstring.\"\"\"", "    x = 1"]),
            inside,
            "prose before the quote"
        );
        assert_eq!(starts_inside(&["</div>\"\"\" % (a, b),"]), inside, "a test's HTML string closing");
        assert_eq!(starts_inside(&["    \"\"\")", "x = 1"]), inside, "a call's argument closing");
        assert_eq!(starts_inside(&["        'warn' or 'ignore'.'''))"]), Some(b'\''));
        assert_eq!(
            starts_inside(&["    def f(self):", "    \"\"\"", "    Does a thing."]),
            None,
            "a docstring opening"
        );
        assert_eq!(
            starts_inside(&["    \"\"\"", "    Does a thing."]),
            None,
            "a bare quote before prose"
        );
        assert_eq!(
            starts_inside(&["    \"\"\"Does a thing.", "    More."]),
            None,
            "a summary after the quote"
        );
        assert_eq!(starts_inside(&["    text = \"\"\"", "hello"]), None, "an assignment");
        assert_eq!(starts_inside(&["    x = f(r\"\"\"", "hello"]), None, "a prefixed string");
        assert_eq!(starts_inside(&["    return x", "    y = 1"]), None, "no quote at all");
    }

    #[test]
    fn each_side_carries_its_own_string() {
        use benchscope_contract::patch::DiffLine;
        let line = |kind, text: &str| DiffLine {
            kind,
            text: text.to_string(),
            old_line: None,
            new_line: None,
            no_newline_at_end: false,
        };
        let hunk = Hunk {
            lines: vec![
                line(LineKind::Context, "    def f(self):"),
                line(LineKind::Added, "        \"\"\""),
                line(LineKind::Added, "        Returns the list and its length."),
                line(LineKind::Added, "        \"\"\""),
                line(LineKind::Context, "        return len(self.items)"),
            ],
            old_start: 1,
            old_count: 2,
            new_start: 1,
            new_count: 5,
            section: String::new(),
        };
        let opens = open_strings(&hunk);
        let shown: Vec<Option<u8>> = hunk.lines.iter().zip(opens).map(|(line, open)| open.shown(line.kind)).collect();
        let quote = Some(b'"');
        assert_eq!(shown, [None, None, quote, quote, None]);
    }
}

#[cfg(test)]
mod real_sources {
    use std::path::PathBuf;

    use super::starts_inside;
    use crate::syntax::tokenize_python_from;

    /// `../shared/realdata`, or `None` (with why) where it is absent and CI does not require it.
    fn realdata() -> Option<PathBuf> {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/realdata");
        if path.is_dir() {
            return Some(path);
        }
        assert!(std::env::var("CI").as_deref() != Ok("true"), "CI=true needs {}", path.display());
        eprintln!("skipped: {} is absent", path.display());
        None
    }

    /// Each line's string at its start, the first line's `open`.
    fn read_from(lines: &[&str], mut open: Option<u8>) -> Vec<Option<u8>> {
        lines
            .iter()
            .map(|line| {
                let at_start = open;
                open = tokenize_python_from(line, open).1;
                at_start
            })
            .collect()
    }

    /// Hunk-sized windows of SWE-Dev's real sources (every module its tasks ship whole) that hold
    /// a triple quote, each read from its own first line as a diff's hunk is: the lines are placed
    /// inside a string or outside one as the whole file places them, all but a few. Read line by
    /// line, as diffs were, every line inside a string would be read as code.
    #[test]
    fn windows_of_real_sources_are_read_as_their_files_read_them() {
        let Some(realdata) = realdata() else { return };
        let (mut lines_read, mut inside, mut wrong) = (0, 0, 0);
        for entry in std::fs::read_dir(realdata.join("swe-dev_DorothyDUUU/test/easy")).unwrap() {
            let task: serde_json::Value = serde_json::from_slice(&std::fs::read(entry.unwrap().path()).unwrap()).unwrap();
            for source in task["GT_file_code"].as_object().into_iter().flat_map(|files| files.values()) {
                let lines: Vec<&str> = source.as_str().unwrap_or_default().lines().collect();
                let whole = read_from(&lines, None);
                for start in (0..lines.len()).step_by(5) {
                    let window = &lines[start..(start + 8).min(lines.len())];
                    if !window.iter().any(|l| l.contains("\"\"\"") || l.contains("'''")) {
                        continue;
                    }
                    let read = read_from(window, starts_inside(window));
                    for (at, open) in read.iter().enumerate() {
                        lines_read += 1;
                        inside += usize::from(whole[start + at].is_some());
                        wrong += usize::from(open.is_some() != whole[start + at].is_some());
                    }
                }
            }
        }
        assert!(lines_read > 10_000, "{lines_read} lines");
        assert!(
            wrong * 20 < inside,
            "of {lines_read} lines, {inside} inside a string: {wrong} read wrong"
        );
    }
}
