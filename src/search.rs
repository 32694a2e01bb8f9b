//! Full-text search in the browser over the index the exporter wrote: only the buckets of the
//! query's terms are fetched (and kept), the last term also matches as a prefix so results
//! follow the typing, and documents are ranked with the contract's BM25. A run's trajectories
//! are searched the same way, step by step ([`TrajectorySearchCache`]).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use benchscope_contract::search::{bm25, bucket_for, buckets_for_prefix, merge_postings, tokenize, SearchMeta, SearchShard};
use benchscope_contract::sorting::sort_by;
use benchscope_contract::trajectory::search::{
    meta_path as trajectory_meta_path, TrajectoryHit, TrajectorySearchMeta, TrajectorySearchShard,
};
use futures::future::join_all;

use crate::integrity::expect_hashes;
use crate::json_cache::JsonCache;
use crate::load_error::LoadError;

/// At most this many index terms are merged for the prefix of the last query term.
const PREFIX_TERMS: usize = 64;

/// Search metadata and buckets already fetched.
#[derive(Clone, Default)]
pub struct SearchCache {
    metas: JsonCache<SearchMeta>,
    shards: JsonCache<SearchShard>,
    hashed: HashedMetas,
}

/// The metas whose buckets' hashes are already expected: a meta lists its buckets' hashes (the
/// manifest lists only the meta's), and they join the expected ones once.
#[derive(Clone, Default)]
struct HashedMetas(Arc<Mutex<HashSet<String>>>);

impl HashedMetas {
    /// Expects the hashes of `files`, listed by the meta at `url`, the first time it is read.
    fn expect_once(&self, base: &str, url: String, files: &[benchscope_contract::FileEntry]) {
        if self.0.lock().is_ok_and(|mut hashed| hashed.insert(url)) {
            expect_hashes(base, files);
        }
    }
}

/// A ranked hit: the document (index position) and its score.
pub type Hit = (u32, f64);

impl SearchCache {
    /// Ranks the split's documents for `query`; the meta file is at `meta_path`. `None` when the
    /// query has no word to search for (one letter, or stop words only).
    pub async fn search(&self, base: &str, meta_path: &str, query: &str) -> Result<Option<Vec<Hit>>, LoadError> {
        let terms = query_terms(query);
        if terms.is_empty() {
            return Ok(None);
        }
        let meta = self.meta(base, meta_path).await?;
        let postings = join_all(terms.iter().map(|(term, as_prefix)| self.postings(base, &meta, term, *as_prefix)))
            .await
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(bm25(&postings, &meta.lengths)))
    }

    /// [`Self::search`] when every file it needs is already here, without waiting: `None` when
    /// one is not. A keystroke that extends a word usually needs no new file, and is then ranked
    /// in its own task.
    pub fn search_now(&self, base: &str, meta_path: &str, query: &str) -> Option<Result<Option<Vec<Hit>>, LoadError>> {
        let terms = query_terms(query);
        if terms.is_empty() {
            return Some(Ok(None));
        }
        let meta = self.metas.peek(&format!("{base}{meta_path}"))?;
        let mut postings = Vec::with_capacity(terms.len());
        for (term, as_prefix) in &terms {
            let shards = bucket_urls(base, &meta, term, *as_prefix)
                .iter()
                .map(|url| self.shards.peek(url))
                .collect::<Option<Vec<_>>>()?;
            postings.push(term_postings(&shards, &meta, term, *as_prefix));
        }
        Some(Ok(Some(bm25(&postings, &meta.lengths))))
    }

    /// Readies the split for the search being typed: fetches its meta, so the first word waits
    /// only for its buckets, and with a `word` (lower-cased, not searched yet: a stop word such as
    /// "as") the buckets it leads to as a prefix, so that the keystroke extending it into a
    /// searched word ranks from memory. A failure is left for the search to report.
    pub async fn prefetch(&self, base: &str, meta_path: &str, word: Option<&str>) {
        let Ok(meta) = self.meta(base, meta_path).await else { return };
        if let Some(word) = word {
            join_all(bucket_urls(base, &meta, word, true).iter().map(|url| self.shards.get(url))).await;
        }
    }

    /// The split's search meta; the first time, its buckets' hashes join the expected ones.
    async fn meta(&self, base: &str, meta_path: &str) -> Result<Arc<SearchMeta>, LoadError> {
        let url = format!("{base}{meta_path}");
        let meta = self.metas.get(&url).await?;
        self.hashed.expect_once(base, url, &meta.files);
        Ok(meta)
    }

    /// `(document, weighted frequency)` of `term`, or, as a prefix, of up to [`PREFIX_TERMS`]
    /// terms starting with it (frequencies summed per document).
    async fn postings(&self, base: &str, meta: &SearchMeta, term: &str, as_prefix: bool) -> Result<Vec<(u32, u32)>, LoadError> {
        let urls = bucket_urls(base, meta, term, as_prefix);
        let shards = join_all(urls.iter().map(|url| self.shards.get(url)))
            .await
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        Ok(term_postings(&shards, meta, term, as_prefix))
    }
}

/// The query's terms, each with whether it is matched as a prefix: the last one is, unless the
/// query ends in a space (the word is finished).
fn query_terms(query: &str) -> Vec<(String, bool)> {
    let terms = tokenize(query);
    let prefix_last = !query.ends_with(char::is_whitespace);
    let last = terms.len().saturating_sub(1);
    terms
        .into_iter()
        .enumerate()
        .map(|(i, term)| (term, prefix_last && i == last))
        .collect()
}

/// The URLs of the buckets that hold `term` (as a prefix: also the longer-prefix buckets a split
/// bucket's longer terms moved to).
fn bucket_urls(base: &str, meta: &SearchMeta, term: &str, as_prefix: bool) -> Vec<String> {
    let mut paths: Vec<&String> = bucket_for(term, &meta.buckets).into_iter().collect();
    if as_prefix {
        paths.extend(buckets_for_prefix(term, &meta.buckets));
        sort_by(&mut paths, Ord::cmp);
        paths.dedup();
    }
    paths.iter().map(|path| format!("{base}{path}")).collect()
}

/// `term`'s postings in `shards` (its buckets), merged as [`SearchCache::postings`] describes.
fn term_postings(shards: &[Arc<SearchShard>], meta: &SearchMeta, term: &str, as_prefix: bool) -> Vec<(u32, u32)> {
    let lists: Vec<&Vec<u32>> = shards
        .iter()
        .flat_map(|shard| -> Vec<&Vec<u32>> {
            if as_prefix {
                shard
                    .terms
                    .range(term.to_string()..)
                    .take_while(|(t, _)| t.starts_with(term))
                    .take(PREFIX_TERMS)
                    .map(|(_, p)| p)
                    .collect()
            } else {
                shard.terms.get(term).into_iter().collect()
            }
        })
        .collect();
    merge_postings(&lists, meta.lengths.len())
}

/// Trajectory search indexes and their buckets already fetched.
#[derive(Clone, Default)]
pub struct TrajectorySearchCache {
    metas: JsonCache<TrajectorySearchMeta>,
    shards: JsonCache<TrajectorySearchShard>,
    hashed: HashedMetas,
}

impl TrajectorySearchCache {
    /// Whether run `run_id` has a trajectory index (a directory written before the CLI wrote
    /// them has none, and its manifest says so).
    pub fn has_index(&self, base: &str, run_id: &str) -> bool {
        crate::integrity::is_listed(&format!("{base}{}", trajectory_meta_path(run_id)))
    }

    /// The instances of run `run_id` whose trajectories have a step holding every word of
    /// `query`; `None` when the query has no word to search for.
    pub async fn search(&self, base: &str, run_id: &str, query: &str) -> Result<Option<Vec<TrajectoryHit>>, LoadError> {
        let url = format!("{base}{}", trajectory_meta_path(run_id));
        let meta = self.metas.get(&url).await?;
        self.hashed.expect_once(base, url, &meta.files);
        let Some(buckets) = meta.buckets_for(query) else { return Ok(None) };
        let shards = join_all(buckets.iter().map(|bucket| async move {
            match bucket {
                Some(path) => self.shards.get(&format!("{base}{path}")).await.map(Some),
                None => Ok(None),
            }
        }))
        .await
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
        let shards: Vec<Option<&TrajectorySearchShard>> = shards.iter().map(Option::as_deref).collect();
        Ok(Some(meta.find(query, &shards)))
    }
}
