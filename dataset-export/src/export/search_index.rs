//! Builds one split's full-text index as instances stream by.
//!
//! Postings are buffered and appended to per-bucket scratch files, so memory stays small
//! however many instances there are; at the end each bucket becomes one shard file.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::PathBuf;

use benchscope_contract::patch::parse_patch;
use benchscope_contract::search::{bucket_of, tokenize, weight, SearchMeta, SearchShard};
use benchscope_contract::{FileEntry, Instance, PatchRole, FORMAT_VERSION};

use super::staging::Staging;

const FLUSH_BYTES: usize = 8 << 20;

/// Accumulates postings for one split.
pub struct SearchIndex {
    prefix: String,
    scratch: PathBuf,
    buffers: BTreeMap<String, Vec<u8>>,
    buffered: usize,
    lengths: Vec<u32>,
}

impl SearchIndex {
    /// An index written under `search/<dataset>/<split>/`.
    pub fn new(dataset: &str, split: &str, staging: &Staging) -> Self {
        let scratch = staging.scratch(&format!("search-{dataset}-{split}"));
        SearchIndex {
            prefix: format!("search/{dataset}/{split}"),
            scratch,
            buffers: BTreeMap::new(),
            buffered: 0,
            lengths: Vec::new(),
        }
    }

    /// Indexes `instance` as the next document.
    pub fn add(&mut self, instance: &Instance) -> std::io::Result<()> {
        let doc = self.lengths.len() as u32;
        let terms = weighted_terms(instance);
        self.lengths.push(terms.values().sum());
        for (term, tf) in terms {
            let buffer = self.buffers.entry(bucket_of(&term)).or_default();
            let before = buffer.len();
            writeln!(buffer, "{term}\t{doc}\t{tf}")?;
            self.buffered += buffer.len() - before;
        }
        if self.buffered > FLUSH_BYTES {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.scratch)?;
        for (bucket, buffer) in &mut self.buffers {
            if buffer.is_empty() {
                continue;
            }
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(self.scratch.join(bucket))?;
            file.write_all(buffer)?;
            buffer.clear();
        }
        self.buffered = 0;
        Ok(())
    }

    /// Writes the shards and the meta file; returns the meta path and the files written.
    pub fn finish(mut self, staging: &Staging) -> anyhow::Result<(String, Vec<FileEntry>)> {
        self.flush()?;
        let mut files = Vec::new();
        let mut buckets = BTreeMap::new();
        let names: Vec<String> = self.buffers.keys().cloned().collect();
        for bucket in names {
            let scratch = self.scratch.join(&bucket);
            let text = std::fs::read_to_string(&scratch)?;
            let mut terms: BTreeMap<String, Vec<u32>> = BTreeMap::new();
            for line in text.lines() {
                let mut parts = line.split('\t');
                let (Some(term), Some(doc), Some(tf)) = (parts.next(), parts.next(), parts.next()) else {
                    continue;
                };
                let postings = terms.entry(term.to_string()).or_default();
                postings.push(doc.parse()?);
                postings.push(tf.parse()?);
            }
            std::fs::remove_file(&scratch)?;
            let path = format!("{}/{bucket}.json", self.prefix);
            files.push(staging.write(
                &path,
                &serde_json::to_vec(&SearchShard {
                    format_version: FORMAT_VERSION,
                    terms,
                })?,
            )?);
            buckets.insert(bucket, path);
        }
        let meta_path = format!("{}/meta.json", self.prefix);
        let meta = SearchMeta {
            format_version: FORMAT_VERSION,
            lengths: self.lengths,
            buckets,
        };
        files.push(staging.write(&meta_path, &serde_json::to_vec(&meta)?)?);
        Ok((meta_path, files))
    }
}

/// Term → weighted frequency over the title, the gold patch's paths, the tests and the documents.
fn weighted_terms(instance: &Instance) -> HashMap<String, u32> {
    let mut terms: HashMap<String, u32> = HashMap::new();
    let mut add = |text: &str, weight: u32| {
        for term in tokenize(text) {
            *terms.entry(term).or_default() += weight;
        }
    };
    add(&instance.title, weight::TITLE);
    add(&instance.id, weight::TITLE);
    if let Some(gold) = instance.patch(PatchRole::Gold) {
        for file in parse_patch(&gold.diff) {
            add(&file.display_path(), weight::PATH);
        }
    }
    if let Some(tests) = &instance.tests {
        for test in tests.fail_to_pass.iter().chain(&tests.pass_to_pass) {
            add(test, weight::TEST);
        }
    }
    for document in &instance.documents {
        add(&document.markdown, weight::TEXT);
    }
    terms
}
