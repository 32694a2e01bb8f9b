//! A data directory: what the explorer loads and every command reads or changes.
//!
//! [`DataDir`] owns one: its manifest (read, and replaced atomically after the files it names),
//! its lock (one writer at a time, [`DataDirLock`]), and its instances and runs read back. `files.rs`
//! holds the rules for names and file entries that the export and the run store share.

mod files;
mod lock;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use benchscope_contract::{DetailShard, FileEntry, Instance, Manifest, RunEntry, FORMAT_VERSION};

pub use files::{file_entry, file_name_for, generator, hex, is_safe_name, write_atomically, write_file};
pub use lock::DataDirLock;

/// The manifest's file name, at the directory's root.
pub const MANIFEST_FILE: &str = "manifest.json";

/// One data directory, by its path.
#[derive(Debug, Clone)]
pub struct DataDir {
    root: PathBuf,
}

impl DataDir {
    /// The data directory at `root` (which need not exist yet).
    pub fn new(root: impl Into<PathBuf>) -> Self {
        DataDir { root: root.into() }
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.root
    }

    /// Takes the directory's writer lock, waiting while another command holds it.
    pub fn lock(&self) -> anyhow::Result<DataDirLock> {
        DataDirLock::acquire(&self.root)
    }

    /// Whether it has a manifest.
    pub fn exists(&self) -> bool {
        self.root.join(MANIFEST_FILE).is_file()
    }

    /// Reads its manifest.
    pub fn manifest(&self) -> anyhow::Result<Manifest> {
        let path = self.root.join(MANIFEST_FILE);
        let bytes = std::fs::read(&path).with_context(|| format!("cannot read {} (export a dataset there first)", path.display()))?;
        serde_json::from_slice(&bytes).with_context(|| format!("{}: not a Benchscope manifest", path.display()))
    }

    /// Its manifest, or a new empty one when the directory does not exist or is empty (a
    /// leaderboard-only directory starts so). A non-empty folder without one is refused.
    pub fn manifest_or_new(&self) -> anyhow::Result<Manifest> {
        if self.exists() {
            return self.manifest();
        }
        if self.root.exists() && std::fs::read_dir(&self.root)?.next().is_some() {
            bail!(
                "{} is not empty and has no manifest.json: not a Benchscope data directory",
                self.root.display()
            );
        }
        std::fs::create_dir_all(&self.root).with_context(|| format!("cannot create {}", self.root.display()))?;
        Ok(new_manifest())
    }

    /// Replaces the manifest atomically (its lists sorted, so equal content gives equal bytes).
    pub fn write_manifest(&self, manifest: &mut Manifest) -> anyhow::Result<()> {
        write_atomically(&self.root.join(MANIFEST_FILE), &manifest_bytes(manifest)?)
    }

    /// Writes `bytes` at the relative `path` atomically and names it in `manifest` (replacing an
    /// entry of that path); the manifest itself is written by the caller, last.
    pub fn write_listed(&self, manifest: &mut Manifest, path: &str, bytes: &[u8]) -> anyhow::Result<()> {
        write_atomically(&self.root.join(path), bytes)?;
        manifest.files.retain(|f| f.path != path);
        manifest.files.push(file_entry(path, bytes));
        Ok(())
    }

    /// The runs it holds and the files that belong to them, their splits' results included
    /// (carried over when the datasets
    /// are exported again); nothing when it has no readable manifest.
    pub fn runs(&self) -> Option<(Vec<RunEntry>, Vec<FileEntry>)> {
        let manifest = self.manifest().ok()?;
        let files = manifest
            .files
            .into_iter()
            .filter(|f| f.path.starts_with("runs/") || f.path.starts_with("results/"))
            .collect();
        Some((manifest.runs, files))
    }

    /// The instances of `dataset`/`split` (the split defaults to the dataset's only one, or
    /// `test`), with the split's name.
    pub fn instances(&self, dataset: &str, split: Option<&str>) -> anyhow::Result<(String, BTreeMap<String, Instance>)> {
        let manifest = self.manifest()?;
        let Some(entry) = manifest.dataset(dataset) else {
            let known: Vec<_> = manifest.datasets.iter().map(|d| d.name.as_str()).collect();
            bail!(
                "{} has no dataset `{dataset}` (it has: {})",
                self.root.display(),
                if known.is_empty() { "none".to_string() } else { known.join(", ") }
            );
        };
        let split_entry = match split {
            Some(name) => entry
                .split(name)
                .with_context(|| format!("dataset `{dataset}` has no split `{name}`"))?,
            None if entry.splits.len() == 1 => &entry.splits[0],
            None => entry
                .split("test")
                .with_context(|| format!("dataset `{dataset}` has several splits: name one with --split"))?,
        };
        let mut instances = BTreeMap::new();
        for shard in &split_entry.detail_shards {
            let path = self.root.join(shard);
            let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let shard: DetailShard = serde_json::from_slice(&bytes).with_context(|| format!("{}: not a detail shard", path.display()))?;
            instances.extend(shard.instances.into_iter().map(|i| (i.id.clone(), i)));
        }
        Ok((split_entry.name.clone(), instances))
    }

    /// The format name `dataset` was exported with, if it was.
    pub fn format_of(&self, dataset: &str) -> anyhow::Result<Option<String>> {
        Ok(self.manifest()?.dataset(dataset).map(|d| d.format.clone()))
    }
}

/// An empty manifest of this program's format version.
pub fn new_manifest() -> Manifest {
    Manifest {
        format_version: FORMAT_VERSION,
        generator: generator(),
        datasets: Vec::new(),
        files: Vec::new(),
        runs: Vec::new(),
    }
}

/// The manifest as written: files and runs sorted, this program named, pretty JSON ending in a
/// newline.
pub fn manifest_bytes(manifest: &mut Manifest) -> anyhow::Result<Vec<u8>> {
    manifest.files.sort_by(|a, b| a.path.cmp(&b.path));
    manifest.runs.sort_by(|a, b| a.id.cmp(&b.id));
    manifest.generator = generator();
    let mut bytes = serde_json::to_vec_pretty(manifest)?;
    bytes.push(b'\n');
    Ok(bytes)
}
