//! A source as the import formats see it: a folder (its files listed once) or a file (its text,
//! and its JSON document when it is one, read the first time a format asks), so that recognizing
//! it costs at most one read however many formats look, and none for a format that knows its
//! files by name (a trajectory, read as a stream).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{bail, Context};
use serde_json::Value;

use crate::input::json_document::{self, Document};

/// A file or folder given to `import`.
pub struct Source {
    path: PathBuf,
    content: Content,
}

enum Content {
    /// Every file below the folder, sorted.
    Folder(Vec<PathBuf>),
    /// A file, read when first asked for.
    File(OnceLock<FileContent>),
}

/// A file's text and what it holds.
struct FileContent {
    text: String,
    /// The JSON document; `Ok(None)` when the file is not one (JSON Lines, say).
    document: Result<Option<Value>, String>,
    /// Lines where a trailing comma was read as if absent.
    comma_lines: Vec<usize>,
}

impl FileContent {
    fn read(path: &Path) -> Self {
        let bytes = match crate::input::compressed::read(path) {
            Ok(bytes) => bytes,
            Err(error) => {
                return FileContent {
                    text: String::new(),
                    document: Err(format!("cannot read it: {error}")),
                    comma_lines: Vec::new(),
                }
            }
        };
        let (document, comma_lines) = match json_document::read(&bytes) {
            Document::Json(value, comma_lines) => (Ok(Some(value)), comma_lines),
            Document::NotJson => (Ok(None), Vec::new()),
            Document::Invalid(fault) => (Err(fault.to_string()), Vec::new()),
        };
        let text = String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        FileContent {
            text,
            document,
            comma_lines,
        }
    }
}

impl Source {
    /// Opens `path`: lists a folder, or checks that a file can be read (it is read when a format
    /// first asks for its text or document).
    pub fn open(path: &Path) -> anyhow::Result<Self> {
        let content = if path.is_dir() {
            Content::Folder(crate::input::files_below(path))
        } else {
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
            Content::File(OnceLock::new())
        };
        Ok(Source {
            path: path.to_path_buf(),
            content,
        })
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Its path as runs name their source.
    pub fn label(&self) -> String {
        self.path.display().to_string()
    }

    /// Whether it is a file.
    pub fn is_file(&self) -> bool {
        matches!(self.content, Content::File(_))
    }

    /// A file's content, read now if it was not yet.
    fn file(&self) -> Option<&FileContent> {
        match &self.content {
            Content::File(content) => Some(content.get_or_init(|| FileContent::read(&self.path))),
            Content::Folder(_) => None,
        }
    }

    /// A folder's files whose name `wanted` accepts (nothing for a file).
    pub fn files_named(&self, wanted: impl Fn(&str) -> bool) -> Vec<PathBuf> {
        match &self.content {
            Content::Folder(files) => files
                .iter()
                .filter(|p| p.file_name().is_some_and(|n| wanted(&n.to_string_lossy())))
                .cloned()
                .collect(),
            Content::File(_) => Vec::new(),
        }
    }

    /// A file's text (empty for a folder).
    pub fn text(&self) -> &str {
        self.file().map_or("", |f| f.text.as_str())
    }

    /// A file's JSON document, when it is a valid one.
    pub fn json(&self) -> Option<&Value> {
        self.file()?.document.as_ref().ok()?.as_ref()
    }

    /// Fails, naming the fault, when the file looked like a JSON document but is not a valid one.
    pub fn json_fault(&self) -> anyhow::Result<()> {
        match self.file().map(|f| &f.document) {
            Some(Err(fault)) => bail!("{}: not valid JSON: {fault}", self.path.display()),
            _ => Ok(()),
        }
    }

    /// The first record of a JSON Lines file.
    pub fn first_line_record(&self) -> Option<Value> {
        json_document::first_line_record(self.text())
    }

    /// The records of a JSON Lines file, each line's fault named.
    pub fn line_records(&self) -> anyhow::Result<Vec<Value>> {
        self.text()
            .trim_start_matches('\u{feff}')
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| crate::input::from_str_forgiving(l).with_context(|| format!("{}: line {}: not JSON", self.path.display(), i + 1)))
            .collect()
    }

    /// Warnings for the trailing commas that were forgiven (none when the file was never read
    /// whole).
    pub fn forgiven_commas(&self) -> Vec<String> {
        let Content::File(content) = &self.content else {
            return Vec::new();
        };
        let Some(content) = content.get() else {
            return Vec::new();
        };
        content
            .comma_lines
            .iter()
            .map(|line| {
                format!(
                    "{}: line {line}: a trailing comma before a closing bracket, read as if absent",
                    self.path.display()
                )
            })
            .collect()
    }
}

/// Whether the file at `path` contains `needle`, read a block at a time (a sample of a folder
/// may be a trajectory of a hundred megabytes).
pub fn file_contains(path: &Path, needle: &[u8]) -> bool {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else { return false };
    let keep = needle.len().saturating_sub(1);
    let mut window: Vec<u8> = Vec::with_capacity(keep + BLOCK);
    let mut block = vec![0u8; BLOCK];
    loop {
        let read = match file.read(&mut block) {
            Ok(0) | Err(_) => return false,
            Ok(read) => read,
        };
        window.extend_from_slice(&block[..read]);
        if window.windows(needle.len()).any(|w| w == needle) {
            return true;
        }
        window.drain(..window.len().saturating_sub(keep));
    }
}

/// How much of a file [`file_contains`] reads at a time.
const BLOCK: usize = 1 << 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_needle_across_two_blocks_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sample.json");
        let mut text = vec![b' '; BLOCK - 5];
        text.extend_from_slice(b"\"Generate_code\": 1");
        std::fs::write(&path, &text).unwrap();
        assert!(file_contains(&path, b"\"Generate_code\""));
        assert!(!file_contains(&path, b"\"Generate_test\""));
        assert!(!file_contains(&dir.path().join("absent.json"), b"x"));
    }
}
