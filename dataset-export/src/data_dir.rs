//! Reading an exported data directory back: the manifest and a split's instances.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context};
use benchscope_contract::{DetailShard, Instance, Manifest};

/// Reads `manifest.json` of `data`.
pub fn manifest(data: &Path) -> anyhow::Result<Manifest> {
    let path = data.join("manifest.json");
    let bytes = std::fs::read(&path).with_context(|| format!("cannot read {} (export a dataset there first)", path.display()))?;
    serde_json::from_slice(&bytes).with_context(|| format!("{}: not a Benchscope manifest", path.display()))
}

/// The instances of `dataset`/`split` (the split defaults to the dataset's only one, or `test`).
pub fn instances(data: &Path, dataset: &str, split: Option<&str>) -> anyhow::Result<(String, BTreeMap<String, Instance>)> {
    let manifest = manifest(data)?;
    let Some(entry) = manifest.dataset(dataset) else {
        let known: Vec<_> = manifest.datasets.iter().map(|d| d.name.as_str()).collect();
        bail!(
            "{} has no dataset `{dataset}` (it has: {})",
            data.display(),
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
        let path = data.join(shard);
        let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let shard: DetailShard = serde_json::from_slice(&bytes).with_context(|| format!("{}: not a detail shard", path.display()))?;
        instances.extend(shard.instances.into_iter().map(|i| (i.id.clone(), i)));
    }
    Ok((split_entry.name.clone(), instances))
}
