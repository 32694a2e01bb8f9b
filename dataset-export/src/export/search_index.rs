//! Builds one split's full-text index as instances stream by.
//!
//! Postings are buffered per bucket and appended to one scratch log, so memory stays small
//! however many instances there are; at the end each bucket becomes one shard file.

use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, SyncSender};

use benchscope_contract::search::{bucket_name, terms_of_lowercase, SearchMeta, SearchShard, MAX_BUCKET_PREFIX};
use benchscope_contract::{FileEntry, Instance, FORMAT_VERSION};

use rustc_hash::FxHashMap;

use super::bucket_groups::{group_small_buckets, BucketGroup};
use super::bucket_queue::BucketQueue;
use super::bucket_split::split_bucket;
use super::scratch_postings::{for_each_posting, push_posting, term_text, Scratch};
use super::staging::Staging;
use super::weighted_texts::WeightedTexts;

const FLUSH_BYTES: usize = 8 << 20;

/// The postings log's file name in the scratch directory (bucket names hold no `.`).
const LOG_NAME: &str = "postings.log";

/// A bucket whose scratch postings exceed this is split by a longer prefix before it is turned
/// into a shard, which bounds both the memory of finishing it and the size of each shard.
const BUCKET_MAX_SCRATCH_BYTES: u64 = 16 << 20;

/// Accumulates postings for one split. The words of each instance are counted and written out
/// on a thread of their own (the larger part of an export's work), while the caller goes on with
/// the next records. Each instance's texts are lower-cased here and sent back once read, to be
/// written again here ([`WeightedTexts`]): nothing allocated on one thread is freed on the other.
/// (Sending the instances themselves, to be lower-cased and dropped there, made the export
/// slower: glibc frees a block on the arena of the thread that allocated it, under that arena's
/// lock.)
pub struct SearchIndex {
    shards: BucketShards,
    /// Each instance's weighted texts, to the thread that gathers the postings.
    texts: Option<SyncSender<WeightedTexts>>,
    /// The texts that thread is done with, to be written again here.
    read: Receiver<WeightedTexts>,
    gatherer: Option<std::thread::JoinHandle<std::io::Result<Postings>>>,
}

/// Where a split's buckets become shards, and how large a bucket may be before it is split: what
/// the threads that write the shards share (the channels' ends cannot be shared).
struct BucketShards {
    prefix: String,
    scratch: PathBuf,
    max_bucket_bytes: u64,
}

/// Instances handed to the postings thread ahead of it, at most.
const TEXTS_AHEAD: usize = 64;

impl SearchIndex {
    /// An index written under `search/<dataset>/<split>/`.
    pub fn new(dataset: &str, split: &str, staging: &Staging) -> Self {
        let scratch = staging.scratch(&format!("search-{dataset}-{split}"));
        let (texts, received) = std::sync::mpsc::sync_channel::<WeightedTexts>(TEXTS_AHEAD);
        // Room for every list there can be (one is made only when none has come back: at most
        // as many as are ahead, one being read and one being written), so a list goes back
        // without waiting, through slots allocated once.
        let (done, read) = std::sync::mpsc::sync_channel(TEXTS_AHEAD + 2);
        let mut postings = Postings::new(scratch.clone());
        let gatherer = std::thread::spawn(move || {
            for texts in received {
                postings.add(texts.texts())?;
                // Were the ring full or the index gone, they would be freed here.
                let _ = done.try_send(texts);
            }
            Ok(postings)
        });
        SearchIndex {
            shards: BucketShards {
                prefix: format!("search/{dataset}/{split}"),
                scratch,
                max_bucket_bytes: BUCKET_MAX_SCRATCH_BYTES,
            },
            texts: Some(texts),
            read,
            gatherer: Some(gatherer),
        }
    }

    /// Indexes `instance` as the next document. An error writing the postings of an earlier one
    /// comes back here or from [`Self::finish`].
    pub fn add(&mut self, instance: &Instance) -> std::io::Result<()> {
        let mut texts = self.read.try_recv().unwrap_or_default();
        texts.fill(instance);
        let sent = self.texts.as_ref().is_some_and(|to| to.send(texts).is_ok());
        if sent {
            return Ok(());
        }
        // The thread stopped: it says why.
        self.gathered().map(drop)
    }

    /// The postings thread's work, once it has taken in every instance sent.
    fn gathered(&mut self) -> std::io::Result<Postings> {
        self.texts = None;
        let gatherer = self
            .gatherer
            .take()
            .ok_or_else(|| std::io::Error::other("the search index was already finished"))?;
        gatherer
            .join()
            .unwrap_or_else(|_| Err(std::io::Error::other("the search index's thread panicked")))
    }

    /// Writes the shards and the meta file, which lists them; returns the meta path and the
    /// meta file's entry for the manifest.
    pub fn finish(mut self, staging: &Staging) -> anyhow::Result<(String, FileEntry)> {
        let mut postings = self.gathered()?;
        let scratches = postings.close()?;
        let sizes: Vec<(String, u64)> = scratches.iter().map(|(name, s)| (name.clone(), s.size())).collect();
        let (groups, alone) = group_small_buckets(&sizes);
        let (mut files, mut buckets) = self.shards.finish_buckets(&alone, &scratches, staging)?;
        for group in &groups {
            files.push(self.shards.finish_group(group, &scratches, staging, &mut buckets)?);
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        let meta_path = format!("{}/meta.json", self.shards.prefix);
        let meta = SearchMeta {
            format_version: FORMAT_VERSION,
            lengths: postings.lengths,
            buckets,
            files,
        };
        let entry = staging.write(&meta_path, &serde_json::to_vec(&meta)?)?;
        Ok((meta_path, entry))
    }
}

/// Shards written: their entries, and bucket → shard path.
type Shards = (Vec<FileEntry>, BTreeMap<String, String>);

/// Each bucket's scratch postings, by bucket name.
type Scratches = BTreeMap<String, Scratch>;

/// A split's postings as they are gathered: per bucket, buffered postings (see
/// [`scratch_postings`]) appended to the scratch log past [`FLUSH_BYTES`], and each document's
/// length.
struct Postings {
    scratch: PathBuf,
    buffers: BucketBuffers,
    buffered: usize,
    log: Option<BufWriter<std::fs::File>>,
    log_length: u64,
    lengths: Vec<u32>,
    /// The previous document's number of distinct terms: the next one's map starts that large.
    terms_hint: usize,
}

impl Postings {
    fn new(scratch: PathBuf) -> Self {
        Postings {
            scratch,
            buffers: BucketBuffers::default(),
            buffered: 0,
            log: None,
            log_length: 0,
            lengths: Vec::new(),
            terms_hint: 0,
        }
    }

    /// Takes in the next document, given as its weighted texts.
    fn add(&mut self, texts: &[(String, u32)]) -> std::io::Result<()> {
        let doc = self.lengths.len() as u32;
        let mut terms: FxHashMap<&str, u32> = FxHashMap::with_capacity_and_hasher(self.terms_hint, Default::default());
        for (text, weight) in texts {
            for term in terms_of_lowercase(text) {
                *terms.entry(term).or_default() += weight;
            }
        }
        self.terms_hint = terms.len();
        self.lengths.push(terms.values().sum());
        for (term, tf) in terms {
            let buffer = self.buffers.of(term);
            let before = buffer.len();
            push_posting(buffer, term, doc, tf);
            self.buffered += buffer.len() - before;
        }
        if self.buffered > FLUSH_BYTES {
            self.flush()?;
        }
        Ok(())
    }

    /// Appends every bucket's buffered postings to the log, each as one range of it.
    fn flush(&mut self) -> std::io::Result<()> {
        let log = match &mut self.log {
            Some(log) => log,
            None => {
                std::fs::create_dir_all(&self.scratch)?;
                let file = std::fs::File::create(self.scratch.join(LOG_NAME))?;
                self.log.insert(BufWriter::with_capacity(1 << 20, file))
            }
        };
        for bucket in &mut self.buffers.buckets {
            if bucket.pending.is_empty() {
                continue;
            }
            log.write_all(&bucket.pending)?;
            let start = self.log_length;
            self.log_length += bucket.pending.len() as u64;
            bucket.flushed.push(start..self.log_length);
            // Taken, not cleared: a cleared buffer keeps its capacity, and hundreds of them
            // would hold far more than the flush threshold.
            drop(std::mem::take(&mut bucket.pending));
        }
        self.buffered = 0;
        Ok(())
    }

    /// Flushes and closes the log; gives back where each bucket's postings are in it.
    fn close(&mut self) -> std::io::Result<Scratches> {
        self.flush()?;
        if let Some(log) = self.log.take() {
            log.into_inner().map_err(|error| error.into_error())?;
        }
        let path = self.scratch.join(LOG_NAME);
        Ok(self
            .buffers
            .buckets
            .iter()
            .map(|bucket| {
                let scratch = Scratch {
                    path: path.clone(),
                    ranges: bucket.flushed.clone(),
                    owns_file: false,
                };
                (bucket.name.clone(), scratch)
            })
            .collect())
    }
}

/// Each bucket's buffered postings, found by the two bytes of its name (every term of every
/// instance looks its bucket up: a hash and a string comparison apiece were a twentieth of an
/// export).
struct BucketBuffers {
    /// Bucket name's two bytes, as a big-endian `u16` → 1 + its place in `buckets`; 0 for none.
    places: Box<[u32]>,
    buckets: Vec<BucketBuffer>,
}

struct BucketBuffer {
    name: String,
    /// Postings not yet in the log.
    pending: Vec<u8>,
    /// The ranges of the log that hold this bucket's postings, in order.
    flushed: Vec<Range<u64>>,
}

impl Default for BucketBuffers {
    fn default() -> Self {
        BucketBuffers {
            places: vec![0; 1 << 16].into_boxed_slice(),
            buckets: Vec::new(),
        }
    }
}

impl BucketBuffers {
    /// The buffer of the bucket `term` belongs to.
    fn of(&mut self, term: &str) -> &mut Vec<u8> {
        let name = bucket_name(term);
        let [first, second] = name.as_bytes() else {
            unreachable!("bucket names are two bytes")
        };
        let key = usize::from(u16::from_be_bytes([*first, *second]));
        if self.places[key] == 0 {
            self.buckets.push(BucketBuffer {
                name: name.to_string(),
                pending: Vec::new(),
                flushed: Vec::new(),
            });
            self.places[key] = self.buckets.len() as u32;
        }
        &mut self.buckets[self.places[key] as usize - 1].pending
    }
}

impl BucketShards {
    /// Writes every bucket of `names` as its shards, on as many threads as there are cores (each
    /// bucket, and each bucket it splits into, is its own file); gives back the shards' entries
    /// and bucket → shard path.
    fn finish_buckets(&self, names: &[String], scratches: &Scratches, staging: &Staging) -> anyhow::Result<Shards> {
        let queue = BucketQueue::new(names.iter().cloned());
        let workers = std::thread::available_parallelism().map_or(1, usize::from).clamp(1, 4);
        let finished: Vec<anyhow::Result<Shards>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|_| scope.spawn(|| self.write_buckets_from(&queue, scratches, staging)))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err(anyhow::anyhow!("a search bucket's writer panicked")))
                })
                .collect()
        });
        let (mut files, mut buckets) = (Vec::new(), BTreeMap::new());
        for part in finished {
            let (part_files, part_buckets) = part?;
            files.extend(part_files);
            buckets.extend(part_buckets);
        }
        Ok((files, buckets))
    }

    /// One writer thread: buckets from `queue` until it is empty; the first error stops the queue.
    fn write_buckets_from(&self, queue: &BucketQueue, scratches: &Scratches, staging: &Staging) -> anyhow::Result<Shards> {
        let (mut files, mut buckets) = (Vec::new(), BTreeMap::new());
        while let Some(name) = queue.take() {
            match self.finish_bucket(&name, scratches, staging, &mut files, &mut buckets) {
                Ok(children) => queue.done(children),
                Err(error) => {
                    queue.stop();
                    return Err(error);
                }
            }
        }
        Ok((files, buckets))
    }

    /// Writes the bucket `name` as one shard, or, when its scratch postings are too large, splits
    /// it by longer prefixes ([`split_bucket`]), writes the shards of the terms too short to move,
    /// and gives back the children to write.
    fn finish_bucket(
        &self,
        name: &str,
        scratches: &Scratches,
        staging: &Staging,
        files: &mut Vec<FileEntry>,
        buckets: &mut BTreeMap<String, String>,
    ) -> anyhow::Result<Vec<String>> {
        let scratch = self.scratch_of(name, scratches)?;
        if scratch.size() <= self.max_bucket_bytes || name == "_x" || name.len() >= MAX_BUCKET_PREFIX {
            self.write_bucket(name, &scratch, staging, files, buckets)?;
            return Ok(Vec::new());
        }
        let split = split_bucket(&scratch, &self.scratch, name, self.max_bucket_bytes)?;
        for (kept_name, kept) in &split.kept {
            self.write_bucket(kept_name, kept, staging, files, buckets)?;
        }
        Ok(split.children)
    }

    /// Writes bucket `name`'s postings as a shard of its own.
    fn write_bucket(
        &self,
        name: &str,
        scratch: &Scratch,
        staging: &Staging,
        files: &mut Vec<FileEntry>,
        buckets: &mut BTreeMap<String, String>,
    ) -> anyhow::Result<()> {
        let path = format!("{}/{name}.json", self.prefix);
        files.push(write_shard(std::slice::from_ref(scratch), &path, staging)?);
        buckets.insert(name.to_string(), path);
        Ok(())
    }

    /// Where the postings of bucket `name` are: ranges of the log, or, for a bucket split off a
    /// larger one, a file of its own.
    fn scratch_of(&self, name: &str, scratches: &Scratches) -> std::io::Result<Scratch> {
        match scratches.get(name) {
            Some(scratch) => Ok(scratch.clone()),
            None => Scratch::file(self.scratch.join(name)),
        }
    }

    /// Writes the buckets of `group` as one shard, which each of them names in `buckets`.
    fn finish_group(
        &self,
        group: &BucketGroup,
        scratches: &Scratches,
        staging: &Staging,
        buckets: &mut BTreeMap<String, String>,
    ) -> anyhow::Result<FileEntry> {
        let path = format!("{}/{}.json", self.prefix, group.stem());
        let group_scratches = group
            .names
            .iter()
            .map(|name| self.scratch_of(name, scratches))
            .collect::<std::io::Result<Vec<Scratch>>>()?;
        let entry = write_shard(&group_scratches, &path, staging)?;
        buckets.extend(group.names.iter().map(|name| (name.clone(), path.clone())));
        Ok(entry)
    }
}

/// Turns buckets' scratch postings (documents ascending; no term in two buckets) into one shard,
/// streaming: only the buckets' postings are in memory, never their text or their JSON.
fn write_shard(scratches: &[Scratch], path: &str, staging: &Staging) -> anyhow::Result<FileEntry> {
    // Gathered in a hash map (a lookup per posting), ordered once at the end.
    let mut terms: FxHashMap<Box<[u8]>, Vec<u32>> = FxHashMap::default();
    for scratch in scratches {
        for_each_posting(scratch, |posting| {
            let postings = match terms.get_mut(posting.term) {
                Some(postings) => postings,
                None => terms.entry(posting.term.into()).or_default(),
            };
            postings.push(posting.doc);
            postings.push(posting.tf);
            Ok(())
        })?;
        scratch.remove()?;
    }
    let terms = terms
        .into_iter()
        .map(|(term, postings)| Ok((term_text(&term)?.to_string(), postings)))
        .collect::<anyhow::Result<_>>()?;
    let shard = SearchShard {
        format_version: FORMAT_VERSION,
        terms,
    };
    staging.write_with(path, |out| Ok(serde_json::to_writer(out, &shard)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::search::{bucket_for, SearchMeta};
    use benchscope_contract::Document;
    use std::path::Path;

    /// Document `n`: its id and a statement of `text`.
    fn document(n: usize, text: String) -> Instance {
        Instance {
            id: format!("doc-{n}"),
            repo: "o/r".into(),
            documents: vec![Document::markdown("Problem statement", text)],
            ..Default::default()
        }
    }

    fn instance(n: usize) -> Instance {
        let text = format!(
            "test{n} testing tester te test_case_{n} {} über",
            if n.is_multiple_of(2) { "even" } else { "odd" }
        );
        document(n, text)
    }

    /// Finishes `index` in `tmp`'s staging directory: that directory and the meta written there.
    fn finished(index: SearchIndex, staging: &Staging, tmp: &Path) -> (PathBuf, SearchMeta) {
        let (meta_path, _) = index.finish(staging).unwrap();
        let out = tmp.join(format!(".out.partial-{}", std::process::id()));
        let meta = serde_json::from_slice(&std::fs::read(out.join(&meta_path)).unwrap()).unwrap();
        (out, meta)
    }

    /// The documents holding `term`, read from the shard its bucket names.
    fn documents_of(out: &Path, meta: &SearchMeta, term: &str) -> Vec<u32> {
        let shard: SearchShard =
            serde_json::from_slice(&std::fs::read(out.join(bucket_for(term, &meta.buckets).unwrap())).unwrap()).unwrap();
        shard
            .terms
            .get(term)
            .map(|p| p.chunks(2).map(|c| c[0]).collect())
            .unwrap_or_default()
    }

    /// With a tiny bucket limit the `te` bucket is split by longer prefixes, and every term is
    /// still found, with exactly its documents.
    #[test]
    fn oversized_buckets_split_and_every_term_is_still_found() {
        let tmp = tempfile::tempdir().unwrap();
        let staging = Staging::new(&tmp.path().join("out")).unwrap();
        let mut index = SearchIndex::new("d", "s", &staging);
        index.shards.max_bucket_bytes = 2_000;
        for n in 0..300 {
            index.add(&instance(n)).unwrap();
        }
        let (out, meta) = finished(index, &staging, tmp.path());
        assert!(
            meta.buckets.keys().any(|k| k.len() > 2),
            "{:?}",
            meta.buckets.keys().collect::<Vec<_>>()
        );
        let lookup = |term: &str| documents_of(&out, &meta, term);
        assert_eq!(lookup("testing").len(), 300);
        assert_eq!(lookup("tester").len(), 300);
        assert_eq!(lookup("te").len(), 300);
        assert_eq!(lookup("test123"), [123]);
        assert_eq!(lookup("test_case_7"), [7]);
        assert!(meta.buckets.keys().any(|k| k.contains('_') && k != "_x"), "test_ terms split too");
        assert_eq!(lookup("even").len(), 150);
        assert_eq!(lookup("über").len(), 300);
    }

    /// Small buckets share shards: the meta lists fewer files than buckets, each shard once, and
    /// every term is still found through its bucket, with exactly its documents.
    #[test]
    fn small_buckets_share_shards_and_every_term_is_still_found() {
        let tmp = tempfile::tempdir().unwrap();
        let staging = Staging::new(&tmp.path().join("out")).unwrap();
        let mut index = SearchIndex::new("d", "s", &staging);
        let words = [
            "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
        ];
        for n in 0..40 {
            let text = format!("{} {} unique{n}", words[n % words.len()], words[(n + 3) % words.len()]);
            index.add(&document(n, text)).unwrap();
        }
        let (out, meta) = finished(index, &staging, tmp.path());
        let shards: std::collections::BTreeSet<&String> = meta.buckets.values().collect();
        assert!(shards.len() < meta.buckets.len(), "{:?}", meta.buckets);
        assert_eq!(meta.files.len(), shards.len(), "each shard is listed once");
        assert!(meta.files.iter().all(|f| shards.contains(&f.path)));
        let lookup = |term: &str| documents_of(&out, &meta, term);
        assert_eq!(lookup("alpha"), [0, 7, 10, 17, 20, 27, 30, 37]);
        assert_eq!(lookup("unique13"), [13]);
        assert_eq!(lookup("doc"), (0..40).collect::<Vec<u32>>());
        assert_eq!(lookup("delta").len(), 8);
    }
}
