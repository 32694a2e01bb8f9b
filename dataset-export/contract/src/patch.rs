//! A tolerant parser for unified diffs as git writes them (and as benchmarks publish them).
//!
//! It understands `diff --git` headers with their extended lines (new/deleted file, mode
//! changes, renames and copies, binary markers), header-less diffs that start at `--- a/`,
//! quoted paths, hunks with `\ No newline at end of file`, and it never panics on malformed
//! input: what cannot be understood is skipped. Hunk bodies are read by the counts in the hunk
//! header, so a removed line that happens to start with `-- ` is not mistaken for a file header.
//!
//! ```
//! use benchscope_contract::patch::{parse_patch, FileStatus};
//! let diff = "diff --git a/old.py b/new.py\nsimilarity index 100%\nrename from old.py\nrename to new.py\n";
//! let files = parse_patch(diff);
//! assert_eq!(files[0].status, FileStatus::Renamed);
//! assert_eq!(files[0].display_path(), "old.py → new.py");
//! ```

use serde::{Deserialize, Serialize};

use crate::instance::ChangeStats;

/// What happened to a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileStatus {
    /// Created.
    Added,
    /// Deleted.
    Deleted,
    /// Changed in place (content or mode).
    Modified,
    /// Moved, possibly with edits.
    Renamed,
    /// Copied, possibly with edits.
    Copied,
}

/// The change to one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDiff {
    /// Path before the change; `None` for an added file.
    pub old_path: Option<String>,
    /// Path after the change; `None` for a deleted file.
    pub new_path: Option<String>,
    /// What happened to the file.
    pub status: FileStatus,
    /// Mode before, when the diff states it (`100644`).
    pub old_mode: Option<String>,
    /// Mode after, when the diff states it.
    pub new_mode: Option<String>,
    /// Similarity index of a rename or copy, in percent.
    pub similarity: Option<u8>,
    /// Whether the content change is binary (no hunks are shown for it).
    pub binary: bool,
    /// The text hunks.
    pub hunks: Vec<Hunk>,
}

impl FileDiff {
    /// The path to show: the new path, the old one for deletions, `old → new` for moves.
    pub fn display_path(&self) -> String {
        match (&self.old_path, &self.new_path) {
            (Some(old), Some(new)) if old != new => format!("{old} → {new}"),
            (_, Some(new)) => new.clone(),
            (Some(old), None) => old.clone(),
            (None, None) => String::from("(unnamed)"),
        }
    }

    /// Lines added and removed in this file (0, 0 for binary files).
    pub fn added_and_removed(&self) -> (u32, u32) {
        let mut added = 0u32;
        let mut removed = 0u32;
        for line in self.hunks.iter().flat_map(|h| &h.lines) {
            match line.kind {
                LineKind::Added => added = added.saturating_add(1),
                LineKind::Removed => removed = removed.saturating_add(1),
                LineKind::Context => {}
            }
        }
        (added, removed)
    }

    /// Whether the mode changed (e.g. a file became executable).
    pub fn mode_changed(&self) -> bool {
        matches!((&self.old_mode, &self.new_mode), (Some(a), Some(b)) if a != b)
    }
}

/// A hunk: a run of lines around a change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hunk {
    /// First line in the old file.
    pub old_start: u32,
    /// Lines of the old file covered.
    pub old_count: u32,
    /// First line in the new file.
    pub new_start: u32,
    /// Lines of the new file covered.
    pub new_count: u32,
    /// The text after the second `@@` (often the enclosing function).
    pub section: String,
    /// The lines.
    pub lines: Vec<DiffLine>,
}

/// Whether a line is kept, added or removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    /// Unchanged.
    Context,
    /// Added.
    Added,
    /// Removed.
    Removed,
}

/// One line of a hunk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiffLine {
    /// Kept, added or removed.
    pub kind: LineKind,
    /// The text without the leading marker or the line ending.
    pub text: String,
    /// Line number in the old file (context and removed lines).
    pub old_line: Option<u32>,
    /// Line number in the new file (context and added lines).
    pub new_line: Option<u32>,
    /// Whether the file has no newline after this line.
    pub no_newline_at_end: bool,
}

/// Parses a unified diff into its files, in order. Never fails; unknown lines are skipped.
pub fn parse_patch(text: &str) -> Vec<FileDiff> {
    parse(text, true)
}

/// The paths [`FileDiff::display_path`] shows for each file of a unified diff, in order: the
/// files' headers parsed as [`parse_patch`] does, their hunks' lines walked over, not kept (the
/// export's search index wants only the paths, and keeping every line was most of the parse).
pub fn patch_paths(text: &str) -> Vec<String> {
    parse(text, false).iter().map(FileDiff::display_path).collect()
}

fn parse(text: &str, keep_lines: bool) -> Vec<FileDiff> {
    let mut parser = Parser {
        lines: text.split('\n').peekable(),
        files: Vec::new(),
        keep_lines,
    };
    parser.run();
    parser.files
}

/// Change statistics of a patch: files changed, added, deleted, renamed, hunks, lines +/-.
pub fn change_stats(text: &str) -> ChangeStats {
    stats_of(&parse_patch(text))
}

/// Change statistics of already parsed files.
pub fn stats_of(files: &[FileDiff]) -> ChangeStats {
    let (functions_added, classes_added) = added_python_definitions(files);
    let mut stats = ChangeStats {
        functions_added,
        classes_added,
        ..ChangeStats::default()
    };
    for file in files {
        stats.files_changed += 1;
        match file.status {
            FileStatus::Added => stats.files_added += 1,
            FileStatus::Deleted => stats.files_deleted += 1,
            FileStatus::Renamed => stats.files_renamed += 1,
            FileStatus::Modified | FileStatus::Copied => {}
        }
        let (added, removed) = file.added_and_removed();
        stats.hunks = stats.hunks.saturating_add(file.hunks.len() as u32);
        stats.lines_added = stats.lines_added.saturating_add(added);
        stats.lines_removed = stats.lines_removed.saturating_add(removed);
    }
    stats
}

/// Python functions (including methods) and classes the patch adds: `def`/`class` lines added
/// in `.py` files, minus those whose name is also removed in the same file (a changed signature
/// is not a new function). Returns `(functions, classes)`.
pub fn added_python_definitions(files: &[FileDiff]) -> (u32, u32) {
    let mut functions = 0u32;
    let mut classes = 0u32;
    for file in files.iter().filter(|f| f.new_path.as_deref().is_some_and(|p| p.ends_with(".py"))) {
        let mut added: Vec<(bool, &str)> = Vec::new();
        let mut removed: Vec<(bool, &str)> = Vec::new();
        for line in file.hunks.iter().flat_map(|h| &h.lines) {
            let Some(definition) = python_definition(&line.text) else {
                continue;
            };
            match line.kind {
                LineKind::Added => added.push(definition),
                LineKind::Removed => removed.push(definition),
                LineKind::Context => {}
            }
        }
        for definition in added {
            if let Some(i) = removed.iter().position(|r| *r == definition) {
                removed.swap_remove(i);
            } else if definition.0 {
                classes += 1;
            } else {
                functions += 1;
            }
        }
    }
    (functions, classes)
}

/// `(is_class, name)` when `line` starts a Python `def`, `async def` or `class`.
fn python_definition(line: &str) -> Option<(bool, &str)> {
    let trimmed = line.trim_start();
    let (is_class, rest) = if let Some(rest) = trimmed.strip_prefix("class ") {
        (true, rest)
    } else if let Some(rest) = trimmed.strip_prefix("def ").or_else(|| trimmed.strip_prefix("async def ")) {
        (false, rest)
    } else {
        return None;
    };
    let name_len = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
    (name_len > 0).then(|| (is_class, &rest[..name_len]))
}

/// A hunk's lines as side-by-side rows: context on both sides, and each run of removed lines
/// paired with the run of added lines that follows it (the longer run leaves blanks).
pub fn side_by_side(hunk: &Hunk) -> Vec<(Option<&DiffLine>, Option<&DiffLine>)> {
    let mut rows = Vec::new();
    let lines = &hunk.lines;
    let mut i = 0;
    while i < lines.len() {
        if lines[i].kind == LineKind::Context {
            rows.push((Some(&lines[i]), Some(&lines[i])));
            i += 1;
            continue;
        }
        let removed_start = i;
        while i < lines.len() && lines[i].kind == LineKind::Removed {
            i += 1;
        }
        let added_start = i;
        while i < lines.len() && lines[i].kind == LineKind::Added {
            i += 1;
        }
        let (removed, added) = (&lines[removed_start..added_start], &lines[added_start..i]);
        for k in 0..removed.len().max(added.len()) {
            rows.push((removed.get(k), added.get(k)));
        }
    }
    rows
}

struct Parser<'a> {
    lines: std::iter::Peekable<std::str::Split<'a, char>>,
    files: Vec<FileDiff>,
    /// Whether hunks keep their lines, or only walk over them to find where they end.
    keep_lines: bool,
}

impl<'a> Parser<'a> {
    fn run(&mut self) {
        while let Some(line) = self.lines.next() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if let Some(rest) = line.strip_prefix("diff --git ") {
                self.start_git_file(rest);
            } else if line.starts_with("--- ") && self.peek_starts_with("+++ ") {
                self.read_file_header_pair(line);
            } else if let Some(header) = line.strip_prefix("@@ ") {
                self.read_hunk(header);
            } else if !self.files.is_empty() {
                self.read_extended_header(line);
            }
        }
    }

    fn peek_starts_with(&mut self, prefix: &str) -> bool {
        self.lines.peek().is_some_and(|l| l.starts_with(prefix))
    }

    fn current(&mut self) -> Option<&mut FileDiff> {
        self.files.last_mut()
    }

    fn start_git_file(&mut self, rest: &str) {
        let (old, new) = split_git_paths(rest);
        self.files.push(FileDiff {
            old_path: old,
            new_path: new,
            status: FileStatus::Modified,
            old_mode: None,
            new_mode: None,
            similarity: None,
            binary: false,
            hunks: Vec::new(),
        });
    }

    /// `--- a/x` then `+++ b/x`. Starts a new file unless a `diff --git` header just did.
    fn read_file_header_pair(&mut self, minus_line: &str) {
        let plus_line = self.lines.next().unwrap_or_default();
        let plus_line = plus_line.strip_suffix('\r').unwrap_or(plus_line);
        let old = header_path(&minus_line[4..]);
        let new = header_path(plus_line.get(4..).unwrap_or_default());
        let continues_git_header = self.current().is_some_and(|f| f.hunks.is_empty() && !f.binary);
        if !continues_git_header {
            self.start_git_file("");
        }
        let Some(file) = self.current() else { return };
        match (&old, &new) {
            (None, Some(_)) => file.status = FileStatus::Added,
            (Some(_), None) => file.status = FileStatus::Deleted,
            _ => {}
        }
        if old.is_some() || file.status == FileStatus::Added {
            file.old_path = old;
        }
        if new.is_some() || file.status == FileStatus::Deleted {
            file.new_path = new;
        }
        if file.status == FileStatus::Modified && file.old_path != file.new_path {
            file.status = FileStatus::Renamed;
        }
    }

    fn read_extended_header(&mut self, line: &str) {
        let Some(file) = self.files.last_mut() else {
            return;
        };
        if let Some(mode) = line.strip_prefix("new file mode ") {
            file.status = FileStatus::Added;
            file.new_mode = Some(mode.trim().to_string());
            file.old_path = None;
        } else if let Some(mode) = line.strip_prefix("deleted file mode ") {
            file.status = FileStatus::Deleted;
            file.old_mode = Some(mode.trim().to_string());
            file.new_path = None;
        } else if let Some(mode) = line.strip_prefix("old mode ") {
            file.old_mode = Some(mode.trim().to_string());
        } else if let Some(mode) = line.strip_prefix("new mode ") {
            file.new_mode = Some(mode.trim().to_string());
        } else if let Some(path) = line.strip_prefix("rename from ") {
            file.status = FileStatus::Renamed;
            file.old_path = Some(unquote(path));
        } else if let Some(path) = line.strip_prefix("rename to ") {
            file.status = FileStatus::Renamed;
            file.new_path = Some(unquote(path));
        } else if let Some(path) = line.strip_prefix("copy from ") {
            file.status = FileStatus::Copied;
            file.old_path = Some(unquote(path));
        } else if let Some(path) = line.strip_prefix("copy to ") {
            file.status = FileStatus::Copied;
            file.new_path = Some(unquote(path));
        } else if let Some(value) = line.strip_prefix("similarity index ") {
            file.similarity = value.trim_end_matches('%').parse().ok();
        } else if line.starts_with("Binary files ") || line == "GIT binary patch" {
            file.binary = true;
        } else if let Some(index) = line.strip_prefix("index ") {
            // `index abc..def 100644`: the mode of an unchanged-mode file.
            if let Some(mode) = index.split_whitespace().nth(1) {
                file.old_mode.get_or_insert_with(|| mode.to_string());
                file.new_mode.get_or_insert_with(|| mode.to_string());
            }
        }
    }

    fn read_hunk(&mut self, header: &str) {
        let Some((old_start, old_count, new_start, new_count, section)) = parse_hunk_header(header) else {
            return;
        };
        if self.files.is_empty() {
            self.start_git_file("");
        }
        let mut hunk = Hunk {
            old_start,
            old_count,
            new_start,
            new_count,
            section,
            lines: Vec::new(),
        };
        let (mut old_left, mut new_left) = (old_count, new_count);
        let (mut old_no, mut new_no) = (old_start, new_start);
        while let Some(&raw) = self.lines.peek() {
            if let Some(marker) = raw.strip_prefix('\\') {
                if marker.trim_start().starts_with("No newline") {
                    if let Some(last) = hunk.lines.last_mut() {
                        last.no_newline_at_end = true;
                    }
                }
                self.lines.next();
                continue;
            }
            if old_left == 0 && new_left == 0 {
                break;
            }
            let body = raw.strip_suffix('\r').unwrap_or(raw);
            let (kind, text) = match body.as_bytes().first() {
                Some(b' ') => (LineKind::Context, &body[1..]),
                // Some tools strip the lone space of an empty context line.
                None if old_left > 0 && new_left > 0 => (LineKind::Context, ""),
                Some(b'-') if old_left > 0 => (LineKind::Removed, &body[1..]),
                Some(b'+') if new_left > 0 => (LineKind::Added, &body[1..]),
                _ => break,
            };
            if kind == LineKind::Context && (old_left == 0 || new_left == 0) {
                break;
            }
            self.lines.next();
            let (old_line, new_line) = match kind {
                LineKind::Context => (Some(old_no), Some(new_no)),
                LineKind::Removed => (Some(old_no), None),
                LineKind::Added => (None, Some(new_no)),
            };
            if old_line.is_some() {
                old_no = old_no.saturating_add(1);
                old_left -= 1;
            }
            if new_line.is_some() {
                new_no = new_no.saturating_add(1);
                new_left -= 1;
            }
            if !self.keep_lines {
                continue;
            }
            hunk.lines.push(DiffLine {
                kind,
                text: text.to_string(),
                old_line,
                new_line,
                no_newline_at_end: false,
            });
        }
        if let Some(file) = self.current() {
            file.hunks.push(hunk);
        }
    }
}

/// Parses `-a,b +c,d @@ section` (the text after the leading `@@ `).
fn parse_hunk_header(header: &str) -> Option<(u32, u32, u32, u32, String)> {
    let (ranges, section) = header.split_once("@@")?;
    let mut parts = ranges.split_whitespace();
    let (old_start, old_count) = parse_range(parts.next()?.strip_prefix('-')?)?;
    let (new_start, new_count) = parse_range(parts.next()?.strip_prefix('+')?)?;
    Some((old_start, old_count, new_start, new_count, section.trim().to_string()))
}

fn parse_range(range: &str) -> Option<(u32, u32)> {
    match range.split_once(',') {
        Some((start, count)) => Some((start.parse().ok()?, count.parse().ok()?)),
        None => Some((range.parse().ok()?, 1)),
    }
}

/// The path of a `---`/`+++` line: `None` for `/dev/null`, without the `a/`/`b/` prefix and
/// any trailing timestamp.
fn header_path(raw: &str) -> Option<String> {
    let raw = raw.trim_end_matches('\r');
    let path = if raw.starts_with('"') {
        unquote(raw)
    } else {
        raw.split('\t').next().unwrap_or(raw).to_string()
    };
    if path == "/dev/null" {
        return None;
    }
    Some(strip_side_prefix(&path).to_string())
}

fn strip_side_prefix(path: &str) -> &str {
    path.strip_prefix("a/").or_else(|| path.strip_prefix("b/")).unwrap_or(path)
}

/// The two paths of `diff --git a/X b/Y`. When unquoted paths contain spaces the line is
/// ambiguous; the equal-halves reading is tried first, as git itself does.
fn split_git_paths(rest: &str) -> (Option<String>, Option<String>) {
    if rest.is_empty() {
        return (None, None);
    }
    if rest.starts_with('"') {
        let (first, tail) = take_quoted(rest);
        let second = tail.trim_start();
        let second = if second.starts_with('"') {
            take_quoted(second).0
        } else {
            second.to_string()
        };
        return (
            Some(strip_side_prefix(&first).to_string()),
            Some(strip_side_prefix(&second).to_string()),
        );
    }
    if rest.len() % 2 == 1 {
        let half = rest.len() / 2;
        if rest.is_char_boundary(half) && rest.is_char_boundary(half + 1) {
            let (left, right) = (&rest[..half], &rest[half + 1..]);
            if strip_side_prefix(left) == strip_side_prefix(right) {
                let path = strip_side_prefix(left).to_string();
                return (Some(path.clone()), Some(path));
            }
        }
    }
    match rest.split_once(" b/") {
        Some((left, right)) => (Some(strip_side_prefix(left).to_string()), Some(right.to_string())),
        None => (None, None),
    }
}

/// Reads a C-quoted string at the start of `text`; returns it and the text after it.
fn take_quoted(text: &str) -> (String, &str) {
    let mut bytes = Vec::new();
    let mut chars = text.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (String::from_utf8_lossy(&bytes).into_owned(), &text[i + 1..]),
            '\\' => match chars.next() {
                Some((_, 'n')) => bytes.push(b'\n'),
                Some((_, 't')) => bytes.push(b'\t'),
                Some((_, d0)) if d0.is_digit(8) => {
                    let mut value = d0.to_digit(8).unwrap_or(0);
                    for _ in 0..2 {
                        if let Some((_, d)) = chars.clone().next().filter(|(_, d)| d.is_digit(8)) {
                            value = value * 8 + d.to_digit(8).unwrap_or(0);
                            chars.next();
                        }
                    }
                    bytes.push(value as u8);
                }
                Some((_, other)) => {
                    let mut buf = [0u8; 4];
                    bytes.extend_from_slice(other.encode_utf8(&mut buf).as_bytes());
                }
                None => break,
            },
            other => {
                let mut buf = [0u8; 4];
                bytes.extend_from_slice(other.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    (String::from_utf8_lossy(&bytes).into_owned(), "")
}

fn unquote(text: &str) -> String {
    if text.starts_with('"') {
        take_quoted(text).0
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests;
