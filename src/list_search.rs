//! The list's search, in a wasm module of its own (a split point, like the pages of
//! `pages/lazy.rs`).
//!
//! Ranking needs the buckets' parsing, their checks and BM25, which the first rows do not: as
//! part of the main module they were 19 KB of the first screen's gzipped wasm. The list fetches
//! this module once its first rows are drawn, or as soon as a query needs it before then.
//!
//! The query's words and their marks in the rows are here too: both lowercase text, and
//! Unicode's case tables alone were 9 KB of the first screen's gzipped wasm.

use std::future::Future;
use std::pin::Pin;

use benchscope_contract::list::merge_hits;
use futures::future::join_all;
use leptos::wasm_split::wasm_split;

use benchscope_contract::search::{tokenize, unfinished_word};

use crate::components::highlight::{marked_pieces, Marker};
use crate::load_error::LoadError;
use crate::search::{Hit, SearchCache};
use crate::split_points::CodeNotLoaded;

/// The rows' hits, placed at their rows and merged by score; `Ok(None)` when the query has no
/// word to search for yet (the list stays whole).
pub type Ranked = Result<Option<Vec<Hit>>, LoadError>;

/// Each searchable set's search meta and where its rows start.
pub type Indexes = [(String, usize)];

/// Ranks `query` (the last argument) over the sets of `indexes` (the third), fetching what it
/// needs.
pub type RankFetching = fn(SearchCache, String, Vec<(String, usize)>, String) -> Pin<Box<dyn Future<Output = Ranked>>>;

/// The search's entry points, in its module.
#[derive(Clone, Copy)]
pub struct SearchCode {
    /// The hits from the files already here: `None` when a set needs one that is not.
    pub now: fn(&SearchCache, &str, &Indexes, &str) -> Option<Ranked>,
    /// The hits, fetching the files they need.
    pub fetched: RankFetching,
    /// For a query with nothing to search for yet, fetches the sets' metas and the buckets its
    /// last word leads to (see [`SearchCache::prefetch`]); for an empty one, the metas alone.
    pub prefetch: fn(&SearchCache, &str, &Indexes, &str),
    /// The query's words, as the search index has them.
    pub terms: fn(&str) -> Vec<String>,
    /// Marks the words in a text.
    pub mark: Marker,
}

/// The search's code, fetched the first time.
#[wasm_split(list_search, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn search_code() -> Result<SearchCode, CodeNotLoaded> {
    Ok(SearchCode {
        now: search_all_now,
        fetched: |cache, base, indexes, query| Box::pin(async move { search_all(&cache, &base, &indexes, &query).await }),
        prefetch,
        terms: tokenize,
        mark: marked_pieces,
    })
}

async fn search_all(cache: &SearchCache, base: &str, indexes: &Indexes, query: &str) -> Ranked {
    let searches = join_all(indexes.iter().map(|(meta, _)| cache.search(base, meta, query))).await;
    merge_sets(searches, indexes)
}

fn search_all_now(cache: &SearchCache, base: &str, indexes: &Indexes, query: &str) -> Option<Ranked> {
    let searches = indexes
        .iter()
        .map(|(meta, _)| cache.search_now(base, meta, query))
        .collect::<Option<Vec<_>>>()?;
    Some(merge_sets(searches, indexes))
}

fn prefetch(cache: &SearchCache, base: &str, indexes: &Indexes, query: &str) {
    let word = unfinished_word(query);
    for (meta, _) in indexes {
        let (cache, base, meta, word) = (cache.clone(), base.to_string(), meta.clone(), word.clone());
        leptos::task::spawn_local(async move { cache.prefetch(&base, &meta, word.as_deref()).await });
    }
}

/// Each set's hits, placed at its rows, merged by score.
fn merge_sets(searches: Vec<Ranked>, indexes: &Indexes) -> Ranked {
    let mut per_set = Vec::new();
    for (hits, (_, start)) in searches.into_iter().zip(indexes) {
        match hits? {
            Some(hits) => per_set.push((hits, *start)),
            None => return Ok(None),
        }
    }
    Ok(Some(merge_hits(per_set)))
}
