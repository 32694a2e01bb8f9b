//! A unified diff turned around, as `git apply --reverse` reads it: what it adds it removes, each
//! file's old side its new one. Within a run of changed lines the removed come first, as git
//! writes them. A diff this cannot turn (a binary patch, a copy, a `diff --git` line whose two
//! paths cannot be told apart) gives none.

/// `diff` reversed; none for a diff with a part that cannot be.
pub fn reversed_diff(diff: &str) -> Option<String> {
    let mut out = String::with_capacity(diff.len());
    let mut lines = diff.split_inclusive('\n').peekable();
    let mut old_side: Option<&str> = None;
    let mut old_mode: Option<&str> = None;
    let mut renamed_from: Option<&str> = None;
    while let Some(line) = lines.next() {
        let (text, end) = split_end(line);
        if let Some(ranges) = text.strip_prefix("@@ ") {
            out.push_str(&reversed_hunk_header(ranges)?);
            out.push_str(end);
            reverse_hunk_body(&mut lines, hunk_lengths(ranges)?, &mut out);
        } else if let Some(paths) = text.strip_prefix("diff --git ") {
            out.push_str(&format!("diff --git {}{end}", swapped_git_paths(paths)?));
        } else if let Some(path) = text.strip_prefix("--- ") {
            old_side = Some(path);
        } else if let Some(path) = text.strip_prefix("+++ ") {
            let old = old_side.take()?;
            out.push_str(&format!("--- {}{end}+++ {}{end}", side_of(path, "a/"), side_of(old, "b/")));
        } else if let Some(mode) = text.strip_prefix("old mode ") {
            old_mode = Some(mode);
        } else if let Some(mode) = text.strip_prefix("new mode ") {
            out.push_str(&format!("old mode {mode}{end}new mode {}{end}", old_mode.take()?));
        } else if let Some(from) = text.strip_prefix("rename from ") {
            renamed_from = Some(from);
        } else if let Some(to) = text.strip_prefix("rename to ") {
            out.push_str(&format!("rename from {to}{end}rename to {}{end}", renamed_from.take()?));
        } else if let Some(mode) = text.strip_prefix("new file mode ") {
            out.push_str(&format!("deleted file mode {mode}{end}"));
        } else if let Some(mode) = text.strip_prefix("deleted file mode ") {
            out.push_str(&format!("new file mode {mode}{end}"));
        } else if let Some(hashes) = text.strip_prefix("index ") {
            out.push_str(&format!("index {}{end}", swapped_index(hashes)?));
        } else if cannot_be_reversed(text) {
            return None;
        } else {
            out.push_str(line);
        }
    }
    (old_side.is_none() && old_mode.is_none() && renamed_from.is_none()).then_some(out)
}

/// A line's text and its line ending.
fn split_end(line: &str) -> (&str, &str) {
    let text = line.trim_end_matches(['\n', '\r']);
    (text, &line[text.len()..])
}

fn cannot_be_reversed(text: &str) -> bool {
    text.starts_with("GIT binary patch") || text.starts_with("copy from ") || text.starts_with("copy to ")
}

/// `-a,b +c,d @@ context` as `-c,d +a,b @@ context`.
fn reversed_hunk_header(ranges: &str) -> Option<String> {
    let (old, rest) = ranges.strip_prefix('-')?.split_once(" +")?;
    let (new, tail) = rest.split_once(" @@")?;
    Some(format!("@@ -{new} +{old} @@{tail}"))
}

/// How many lines a hunk's old and new sides hold (a range without a count holds one).
fn hunk_lengths(ranges: &str) -> Option<(usize, usize)> {
    let (old, rest) = ranges.strip_prefix('-')?.split_once(" +")?;
    let (new, _) = rest.split_once(" @@")?;
    let length = |range: &str| match range.split_once(',') {
        Some((_, count)) => count.parse().ok(),
        None => range.parse::<usize>().ok().map(|_| 1),
    };
    Some((length(old)?, length(new)?))
}

/// Copies a hunk's body turned around: `+` and `-` swapped, each run of changed lines written
/// removed first, a `\ No newline at end of file` kept after the line it speaks of.
fn reverse_hunk_body<'a>(
    lines: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
    (mut old, mut new): (usize, usize),
    out: &mut String,
) {
    let mut removed = String::new();
    let mut added = String::new();
    let mut last_in: Option<char> = None;
    while old > 0 || new > 0 || lines.peek().is_some_and(|l| l.starts_with('\\')) {
        let Some(line) = lines.peek().copied() else { break };
        match line.chars().next() {
            Some('-') if old > 0 => {
                old -= 1;
                added.push('+');
                added.push_str(&line[1..]);
                last_in = Some('+');
            }
            Some('+') if new > 0 => {
                new -= 1;
                removed.push('-');
                removed.push_str(&line[1..]);
                last_in = Some('-');
            }
            Some('\\') => match last_in {
                Some('+') => added.push_str(line),
                Some('-') => removed.push_str(line),
                _ => out.push_str(line),
            },
            Some(' ') | Some('\n') | Some('\r') if old > 0 && new > 0 => {
                old -= 1;
                new -= 1;
                flush(out, &mut removed, &mut added);
                out.push_str(line);
                last_in = Some(' ');
            }
            _ => break,
        }
        lines.next();
    }
    flush(out, &mut removed, &mut added);
}

fn flush(out: &mut String, removed: &mut String, added: &mut String) {
    out.push_str(removed);
    out.push_str(added);
    removed.clear();
    added.clear();
}

/// `a/X b/Y` as `a/Y b/X`: the two paths told apart as the same path twice, else by the one
/// ` b/` between them.
fn swapped_git_paths(paths: &str) -> Option<String> {
    let half = paths.len().checked_sub(1)? / 2;
    if paths.is_char_boundary(half) && paths.get(half..half + 1) == Some(" ") {
        let (old, new) = (&paths[..half], &paths[half + 1..]);
        if old.strip_prefix("a/").is_some_and(|o| Some(o) == new.strip_prefix("b/")) {
            return Some(paths.to_string());
        }
    }
    let mut splits = paths.match_indices(" b/");
    let (at, _) = splits.next()?;
    if splits.next().is_some() {
        return None;
    }
    let (old, new) = (&paths[..at], &paths[at + 1..]);
    Some(format!("{} {}", side_of(new, "a/"), side_of(old, "b/")))
}

/// A path of one side given the other side's prefix (`a/x` as `b/x`); `/dev/null` and paths
/// without a prefix as they are.
fn side_of(path: &str, prefix: &str) -> String {
    match path.strip_prefix("a/").or_else(|| path.strip_prefix("b/")) {
        Some(rest) => format!("{prefix}{rest}"),
        None => path.to_string(),
    }
}

/// `abc..def 100644` as `def..abc 100644`.
fn swapped_index(hashes: &str) -> Option<String> {
    let (range, mode) = match hashes.split_once(' ') {
        Some((range, mode)) => (range, Some(mode)),
        None => (hashes, None),
    };
    let (old, new) = range.split_once("..")?;
    Some(match mode {
        Some(mode) => format!("{new}..{old} {mode}"),
        None => format!("{new}..{old}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_is_turned_around_removed_lines_first() {
        let forward = "diff --git a/m.py b/m.py\nindex 1111111..2222222 100644\n--- a/m.py\n+++ b/m.py\n@@ -1,3 +1,4 @@ def f():\n a\n-b\n+c\n+d\n e\n";
        let back = "diff --git a/m.py b/m.py\nindex 2222222..1111111 100644\n--- a/m.py\n+++ b/m.py\n@@ -1,4 +1,3 @@ def f():\n a\n-c\n-d\n+b\n e\n";
        assert_eq!(reversed_diff(forward).as_deref(), Some(back));
        assert_eq!(reversed_diff(back).as_deref(), Some(forward));
    }

    #[test]
    fn new_files_become_deleted_and_renames_and_modes_swap() {
        let forward = "diff --git a/new.py b/new.py\nnew file mode 100644\nindex 0000000..abc\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n\
                       diff --git a/old.py b/moved.py\nold mode 100644\nnew mode 100755\nsimilarity index 90%\nrename from old.py\nrename to moved.py\n";
        let back = "diff --git a/new.py b/new.py\ndeleted file mode 100644\nindex abc..0000000\n--- a/new.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n\\ No newline at end of file\n\
                    diff --git a/moved.py b/old.py\nold mode 100755\nnew mode 100644\nsimilarity index 90%\nrename from moved.py\nrename to old.py\n";
        assert_eq!(reversed_diff(forward).as_deref(), Some(back));
    }

    #[test]
    fn what_cannot_be_turned_gives_none() {
        assert_eq!(reversed_diff("diff --git a/i.png b/i.png\nGIT binary patch\nliteral 3\n"), None);
        assert_eq!(reversed_diff("diff --git a/x b/y\ncopy from x\ncopy to y\n"), None);
        assert_eq!(reversed_diff("diff --git a/x b/y b/z\n"), None);
        assert_eq!(reversed_diff("--- a/x\n"), None, "an old side with no new one");
    }
}
