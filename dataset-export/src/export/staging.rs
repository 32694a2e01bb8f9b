//! A staging directory beside the target that replaces it only on [`Staging::commit`].

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use benchscope_contract::FileEntry;
use sha2::{Digest, Sha256};

use crate::data_dir::{file_entry, hex};

/// Files are written here first; dropped without commit, it is removed. Scratch files that
/// are not part of the output live beside it and are always removed.
pub struct Staging {
    dir: PathBuf,
    scratch: PathBuf,
    target: PathBuf,
}

impl Staging {
    /// Prepares a staging directory for `target`. Refuses to later replace an existing
    /// directory that is neither empty nor a data directory (no `manifest.json`).
    pub fn new(target: &Path) -> anyhow::Result<Self> {
        if target.exists() {
            let is_data_dir = target.join("manifest.json").is_file();
            let is_empty = target.is_dir() && std::fs::read_dir(target)?.next().is_none();
            if !is_data_dir && !is_empty {
                bail!(
                    "{} exists and is not a Benchscope data directory (no manifest.json); refusing to replace it",
                    target.display()
                );
            }
        }
        let name = target
            .file_name()
            .context("the output path has no final component")?
            .to_string_lossy();
        let parent = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        let dir = parent.join(format!(".{name}.partial-{}", std::process::id()));
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let scratch = parent.join(format!(".{name}.scratch-{}", std::process::id()));
        Ok(Staging {
            dir,
            scratch,
            target: target.to_path_buf(),
        })
    }

    /// A scratch directory for `name`, outside the output (created on first write by the caller).
    pub fn scratch(&self, name: &str) -> PathBuf {
        self.scratch.join(name)
    }

    /// Writes `bytes` at the `/`-separated relative `path` and describes the file.
    pub fn write(&self, path: &str, bytes: &[u8]) -> anyhow::Result<FileEntry> {
        let full = self.dir.join(path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&full, bytes).with_context(|| format!("cannot write {}", full.display()))?;
        Ok(file_entry(path, bytes))
    }

    /// Puts the file `from` at the relative `path`: a hard link where the file system allows one
    /// (the staging directory is beside the target), else a copy. Nothing writes into a data
    /// directory's file in place, so the two names never see different bytes.
    pub fn link(&self, path: &str, from: &Path) -> anyhow::Result<()> {
        let full = self.dir.join(path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        }
        if std::fs::hard_link(from, &full).is_err() {
            std::fs::copy(from, &full).with_context(|| format!("cannot copy {} to {}", from.display(), full.display()))?;
        }
        Ok(())
    }

    /// Writes the file at `path` with `fill` streaming into it (hashed on the way), for output
    /// too large to assemble in memory first.
    pub fn write_with(&self, path: &str, fill: impl FnOnce(&mut dyn Write) -> anyhow::Result<()>) -> anyhow::Result<FileEntry> {
        let full = self.dir.join(path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        }
        let file = std::fs::File::create(&full).with_context(|| format!("cannot write {}", full.display()))?;
        // Buffered before it is hashed: JSON is written a few bytes at a time, and a hasher
        // update and a write call apiece cost more than the bytes.
        let mut writer = BufWriter::with_capacity(
            1 << 16,
            HashingWriter {
                inner: file,
                hasher: Sha256::new(),
                bytes: 0,
            },
        );
        fill(&mut writer)?;
        let writer = writer
            .into_inner()
            .map_err(std::io::IntoInnerError::into_error)
            .with_context(|| format!("cannot write {}", full.display()))?;
        Ok(FileEntry {
            path: path.to_string(),
            bytes: writer.bytes,
            sha256: hex(&writer.hasher.finalize()),
        })
    }

    /// Moves the staged directory into place, replacing the previous one.
    pub fn commit(self) -> anyhow::Result<()> {
        if self.scratch.exists() {
            std::fs::remove_dir_all(&self.scratch).with_context(|| format!("cannot remove {}", self.scratch.display()))?;
        }
        let old = self.dir.with_file_name(format!(
            ".{}.old-{}",
            self.target.file_name().unwrap_or_default().to_string_lossy(),
            std::process::id()
        ));
        if self.target.exists() {
            std::fs::rename(&self.target, &old).with_context(|| format!("cannot move {} aside", self.target.display()))?;
        }
        if let Err(e) = std::fs::rename(&self.dir, &self.target) {
            let _ = std::fs::rename(&old, &self.target);
            return Err(e).with_context(|| format!("cannot move the new data into {}", self.target.display()));
        }
        if old.exists() {
            std::fs::remove_dir_all(&old).with_context(|| format!("cannot remove {}", old.display()))?;
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        for dir in [&self.dir, &self.scratch] {
            if dir.exists() {
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }
}

/// Counts and hashes what passes through to the file.
struct HashingWriter<W> {
    inner: W,
    hasher: Sha256,
    bytes: u64,
}

impl<W: Write> Write for HashingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}
