//! Writes one dataset split as instances arrive: detail shards when they reach their target
//! size, index shards every [`INDEX_SHARD_MAX_ROWS`] rows, and the search index.

use std::collections::{BTreeMap, HashSet};

use benchscope_contract::{DetailShard, FacetCount, FileEntry, IndexRow, IndexShard, Instance, SourceFiles, SplitEntry, FORMAT_VERSION};

use super::detail_json::append_instance;
use super::search_index::SearchIndex;
use super::staging::Staging;
use crate::error::FieldError;

/// A detail shard is closed once its instances reach this many bytes of JSON (before HTTP
/// compression): large enough that opening neighbours rarely needs another request, small
/// enough that opening one instance costs well under a second on a slow connection. An
/// instance larger than this gets a shard of its own.
pub const DETAIL_SHARD_TARGET_BYTES: usize = 512 * 1024;

/// Rows per index shard (about 300 bytes each, so about 3 MB before compression).
pub const INDEX_SHARD_MAX_ROWS: usize = 10_000;

/// A split that has been written.
pub struct FinishedSplit {
    /// Its manifest entry.
    pub entry: SplitEntry,
    /// The files written for it.
    pub files: Vec<FileEntry>,
}

/// Accumulates one split.
pub struct SplitWriter {
    dataset: String,
    split: String,
    /// The instances of the open detail shard, serialized and comma-separated.
    pending: Vec<u8>,
    pending_count: usize,
    detail_paths: Vec<String>,
    rows: Vec<IndexRow>,
    index_paths: Vec<String>,
    instances: usize,
    /// Hashes of the ids seen, for duplicate detection in 16 bytes an instance.
    ids: HashSet<u128>,
    facets: BTreeMap<String, BTreeMap<String, usize>>,
    files: Vec<FileEntry>,
    search: Option<SearchIndex>,
}

impl SplitWriter {
    /// A writer for `dataset`/`split`.
    pub fn new(dataset: &str, split: &str) -> Self {
        SplitWriter {
            dataset: dataset.to_string(),
            split: split.to_string(),
            pending: Vec::new(),
            pending_count: 0,
            detail_paths: Vec::new(),
            rows: Vec::new(),
            index_paths: Vec::new(),
            instances: 0,
            ids: HashSet::new(),
            facets: BTreeMap::new(),
            files: Vec::new(),
            search: None,
        }
    }

    /// Adds an instance. A duplicate id is an error naming `instance_id`.
    /// With `sources`, the files its patches change are written beside it for the diff view.
    pub fn push(&mut self, instance: Instance, sources: Option<SourceFiles>, staging: &Staging) -> Result<(), FieldError> {
        if self.ids.contains(&id_key(&instance.id)) {
            return Err(FieldError::new("instance_id", format!("duplicate instance id `{}`", instance.id)));
        }
        self.add(instance, sources, staging)
            .map_err(|e| FieldError::record(format!("cannot write the output: {e:#}")))
    }

    fn add(&mut self, mut instance: Instance, sources: Option<SourceFiles>, staging: &Staging) -> anyhow::Result<()> {
        if let Some(sources) = sources {
            let path = format!("sources/{}/{}/{:032x}.json", self.dataset, self.split, id_key(&instance.id));
            self.files.push(staging.write(&path, &serde_json::to_vec(&sources)?)?);
            instance.sources = Some(path);
        }
        self.append_detail(&instance, staging)?;
        let (dataset, split) = (self.dataset.clone(), self.split.clone());
        self.search
            .get_or_insert_with(|| SearchIndex::new(&dataset, &split, staging))
            .add(&instance)?;
        self.count_facets(&instance);
        self.rows.push(index_row(&instance, self.detail_paths.len() as u32));
        if self.rows.len() == INDEX_SHARD_MAX_ROWS {
            self.flush_index(staging)?;
        }
        self.ids.insert(id_key(&instance.id));
        self.instances += 1;
        Ok(())
    }

    /// Serializes `instance` onto the pending detail shard, straight into its buffer (as its own
    /// `Vec`, every instance was allocated and copied once more). When the shard would pass its
    /// target size, the instances before it are written out first.
    fn append_detail(&mut self, instance: &Instance, staging: &Staging) -> anyhow::Result<()> {
        let before = self.pending.len();
        if self.pending_count > 0 {
            self.pending.push(b',');
        }
        if let Err(error) = append_instance(&mut self.pending, instance) {
            self.pending.truncate(before);
            return Err(error);
        }
        let comma = usize::from(self.pending_count > 0);
        let json_length = self.pending.len() - before - comma;
        if self.pending_count > 0 && before + json_length > DETAIL_SHARD_TARGET_BYTES {
            if let Err(error) = self.flush_details(before, staging) {
                // The shard stays pending without this instance, as if it had not come.
                self.pending.truncate(before);
                return Err(error);
            }
            // The new instance, without its comma, opens the next shard.
            self.pending.drain(..1);
        }
        self.pending_count += 1;
        Ok(())
    }

    /// Writes the last shards and the search index.
    pub fn finish(mut self, staging: &Staging) -> anyhow::Result<FinishedSplit> {
        if self.pending_count > 0 {
            self.flush_details(self.pending.len(), staging)?;
        }
        if !self.rows.is_empty() {
            self.flush_index(staging)?;
        }
        let search = match self.search.take() {
            Some(search) => {
                let (meta, entry) = search.finish(staging)?;
                self.files.push(entry);
                Some(meta)
            }
            None => None,
        };
        let facets = self
            .facets
            .into_iter()
            .map(|(name, counts)| (name, sorted_counts(counts)))
            .collect();
        let entry = SplitEntry {
            name: self.split,
            instances: self.instances,
            facets,
            index_shards: self.index_paths,
            detail_shards: self.detail_paths,
            search,
        };
        Ok(FinishedSplit { entry, files: self.files })
    }

    fn flush_index(&mut self, staging: &Staging) -> anyhow::Result<()> {
        let path = format!("index/{}/{}/{:04}.json", self.dataset, self.split, self.index_paths.len());
        let shard = IndexShard {
            format_version: FORMAT_VERSION,
            dataset: self.dataset.clone(),
            split: self.split.clone(),
            rows: std::mem::take(&mut self.rows),
        };
        self.files.push(staging.write(&path, &serde_json::to_vec(&shard)?)?);
        self.index_paths.push(path);
        Ok(())
    }

    /// Writes the first `length` bytes of the pending instances as the next detail shard and
    /// takes them out of the buffer. Each instance was serialized once, when it arrived; the
    /// shard's envelope comes from serializing an empty [`DetailShard`], so the file is exactly
    /// what serializing the whole shard would give.
    fn flush_details(&mut self, length: usize, staging: &Staging) -> anyhow::Result<()> {
        let path = format!("detail/{}/{}/{:04}.json", self.dataset, self.split, self.detail_paths.len());
        let envelope = DetailShard {
            format_version: FORMAT_VERSION,
            dataset: self.dataset.clone(),
            split: self.split.clone(),
            instances: Vec::new(),
        };
        let mut opening = serde_json::to_vec(&envelope)?;
        let closing = opening.split_off(opening.len() - "]}".len());
        let instances = &self.pending[..length];
        let entry = staging.write_with(&path, |out| {
            out.write_all(&opening)?;
            out.write_all(instances)?;
            Ok(out.write_all(&closing)?)
        })?;
        self.files.push(entry);
        self.detail_paths.push(path);
        self.pending.drain(..length);
        self.pending_count = 0;
        Ok(())
    }

    fn count_facets(&mut self, instance: &Instance) {
        let mut count = |facet: &str, value: &str| {
            *self
                .facets
                .entry(facet.to_string())
                .or_default()
                .entry(value.to_string())
                .or_default() += 1;
        };
        count("repo", &instance.repo);
        count("category", &instance.category);
        if let Some(year) = instance.created_at.as_deref().and_then(|c| c.get(..4)) {
            count("year", year);
        }
        for (facet, value) in &instance.facets {
            count(facet, value);
        }
    }
}

/// A 128-bit hash of an instance id: the first half of its SHA-256, a hash whose algorithm is
/// specified (Rust's `DefaultHasher` promises none across releases, and these keys name files, so
/// the same input must give the same names on any toolchain). Two ids of a split share one with a
/// probability near n²/2¹²⁹, far below any dataset's size.
pub fn id_key(id: &str) -> u128 {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(id.as_bytes());
    u128::from_be_bytes(digest[..16].try_into().expect("a SHA-256 has 32 bytes"))
}

fn index_row(instance: &Instance, detail: u32) -> IndexRow {
    let tests = instance.tests.as_ref();
    IndexRow {
        id: instance.id.clone(),
        repo: instance.repo.clone(),
        title: instance.title.clone(),
        category: instance.category.clone(),
        created: instance.created_at.as_deref().and_then(|c| c.get(..10)).map(str::to_string),
        stats: instance.stats,
        fail_to_pass: tests.map_or(0, |t| t.fail_to_pass.len() as u32),
        pass_to_pass: tests.map_or(0, |t| t.pass_to_pass.len() as u32),
        detail,
        facets: instance.facets.clone(),
    }
}

/// Most frequent first, ties by value, so the order is deterministic.
fn sorted_counts(counts: BTreeMap<String, usize>) -> Vec<FacetCount> {
    let mut list: Vec<_> = counts.into_iter().map(|(value, count)| FacetCount { value, count }).collect();
    list.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.value.cmp(&b.value)));
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::Document;

    fn instance(n: usize, text_bytes: usize) -> Instance {
        Instance {
            id: format!("i-{n}"),
            repo: "o/r".into(),
            title: format!("title {n}"),
            documents: vec![Document::markdown("Problem statement", "x".repeat(text_bytes))],
            ..Default::default()
        }
    }

    /// Instances of several sizes (one alone larger than a shard) fill detail shards that stay
    /// under the target unless they hold a single instance, keep every instance once and in
    /// order, and each index row names the shard that holds its instance.
    #[test]
    fn detail_shards_split_at_their_target_and_rows_name_their_shard() {
        let tmp = tempfile::tempdir().unwrap();
        let staging = Staging::new(&tmp.path().join("out")).unwrap();
        let mut writer = SplitWriter::new("d", "s");
        let sizes: Vec<usize> = (0..40).map(|n| if n == 17 { 700 << 10 } else { (n % 7 + 1) * 30_000 }).collect();
        for (n, &size) in sizes.iter().enumerate() {
            writer.push(instance(n, size), None, &staging).unwrap();
        }
        let finished = writer.finish(&staging).unwrap();
        let out = tmp.path().join(format!(".out.partial-{}", std::process::id()));
        let read = |path: &String| std::fs::read(out.join(path)).unwrap();
        let shards: Vec<DetailShard> = finished
            .entry
            .detail_shards
            .iter()
            .map(|p| serde_json::from_slice(&read(p)).unwrap())
            .collect();
        assert!(shards.len() > 5, "{} shards", shards.len());
        for (path, shard) in finished.entry.detail_shards.iter().zip(&shards) {
            let bytes = read(path).len();
            assert!(
                shard.instances.len() == 1 || bytes <= DETAIL_SHARD_TARGET_BYTES + 200,
                "{path}: {bytes} bytes"
            );
        }
        let ids: Vec<&str> = shards.iter().flat_map(|s| &s.instances).map(|i| i.id.as_str()).collect();
        let expected: Vec<String> = (0..sizes.len()).map(|n| format!("i-{n}")).collect();
        assert_eq!(ids, expected);
        let rows: Vec<IndexRow> = finished
            .entry
            .index_shards
            .iter()
            .flat_map(|p| serde_json::from_slice::<IndexShard>(&read(p)).unwrap().rows)
            .collect();
        for row in rows {
            let shard = &shards[row.detail as usize];
            assert!(
                shard.instances.iter().any(|i| i.id == row.id),
                "{} is not in shard {}",
                row.id,
                row.detail
            );
        }
    }
}
