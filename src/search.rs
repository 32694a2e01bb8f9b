//! Full-text search in the browser over the index the exporter wrote: only the buckets of the
//! query's terms are fetched (and kept), the last term also matches as a prefix so results
//! follow the typing, and documents are ranked with the contract's BM25.

use benchscope_contract::search::{bm25, bucket_for, merge_postings, tokenize, SearchMeta, SearchShard};

use crate::api::{JsonCache, LoadError};

/// At most this many index terms are merged for the prefix of the last query term.
const PREFIX_TERMS: usize = 64;

/// Search metadata and buckets already fetched.
#[derive(Clone, Default)]
pub struct SearchCache {
    metas: JsonCache<SearchMeta>,
    shards: JsonCache<SearchShard>,
}

/// A ranked hit: the document (index position) and its score.
pub type Hit = (u32, f64);

impl SearchCache {
    /// Ranks the split's documents for `query`; the meta file is at `meta_path`.
    pub async fn search(&self, base: &str, meta_path: &str, query: &str) -> Result<Vec<Hit>, LoadError> {
        let terms = tokenize(query);
        if terms.is_empty() {
            return Ok(Vec::new());
        }
        let meta = self.metas.get(&format!("{base}{meta_path}")).await?;
        let prefix_last = !query.ends_with(char::is_whitespace);
        let mut postings = Vec::new();
        for (i, term) in terms.iter().enumerate() {
            let as_prefix = prefix_last && i + 1 == terms.len();
            postings.push(self.postings(base, &meta, term, as_prefix).await?);
        }
        Ok(bm25(&postings, &meta.lengths))
    }

    /// `(document, weighted frequency)` of `term`, or, as a prefix, of up to [`PREFIX_TERMS`]
    /// terms starting with it (frequencies summed per document).
    async fn postings(&self, base: &str, meta: &SearchMeta, term: &str, as_prefix: bool) -> Result<Vec<(u32, u32)>, LoadError> {
        let mut paths: Vec<&String> = bucket_for(term, &meta.buckets).into_iter().collect();
        if as_prefix {
            // A split bucket's longer-prefix children hold the longer terms.
            paths.extend(
                meta.buckets
                    .iter()
                    .filter(|(name, _)| name.len() > 2 && name.starts_with(term) || term.starts_with(name.as_str()))
                    .map(|(_, p)| p),
            );
            paths.sort();
            paths.dedup();
        }
        let mut shards = Vec::new();
        for path in paths {
            shards.push(self.shards.get(&format!("{base}{path}")).await?);
        }
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
        Ok(merge_postings(&lists, meta.lengths.len()))
    }
}
