//! Full-text search: the tokenizer both the exporter and the app use, the index files' types,
//! and BM25 ranking.
//!
//! The exporter writes, per split, a [`SearchMeta`] (document lengths) and posting shards
//! ([`SearchShard`]) bucketed by the first two characters of each term, so a query fetches only
//! the buckets of its terms; neighbouring small buckets share a shard. Documents are numbered by
//! their position in the split's index.
//!
//! ```
//! use benchscope_contract::search::tokenize;
//! let terms = tokenize("Fix `separability_matrix` for nested CompoundModels");
//! assert_eq!(terms, ["fix", "separability_matrix", "separability", "matrix", "nested", "compoundmodels"]);
//! ```

use std::collections::BTreeMap;
use std::ops::Bound;

mod stop_words;
mod terms;
mod word_blocks;

pub use terms::{terms_of_lowercase, tokenize, unfinished_word};

use serde::{Deserialize, Serialize};

/// How much a term counts, by the field it appears in.
pub mod weight {
    /// The title.
    pub const TITLE: u32 = 3;
    /// A file path the gold patch touches.
    pub const PATH: u32 = 2;
    /// A test name.
    pub const TEST: u32 = 2;
    /// The statement and other documents.
    pub const TEXT: u32 = 1;
}

/// The bucket a term's postings live in: its first two characters when they are ASCII letters
/// or digits, `_x` otherwise.
pub fn bucket_of(term: &str) -> String {
    bucket_name(term).to_string()
}

/// [`bucket_of`] without allocating: the term's first two bytes when both are ASCII letters or
/// digits (two characters, then), else `_x`.
pub fn bucket_name(term: &str) -> &str {
    match term.as_bytes().get(..2) {
        Some(head) if head.iter().all(u8::is_ascii_alphanumeric) => &term[..2],
        _ => "_x",
    }
}

/// The bucket in `buckets` holding `term`: large buckets are split by longer prefixes (up to
/// eight characters), so the longest prefix of the term that names a bucket wins.
pub fn bucket_for<'a>(term: &str, buckets: &'a BTreeMap<String, String>) -> Option<&'a String> {
    let base = bucket_of(term);
    if base == "_x" {
        return buckets.get("_x");
    }
    (2..=term.len().min(MAX_BUCKET_PREFIX))
        .rev()
        .filter(|&n| term.is_char_boundary(n))
        .find_map(|n| buckets.get(&term[..n]))
}

/// The buckets in `buckets` that may hold a term starting with `prefix`: those named by a
/// prefix of it, where such a term would live, and those split off below it, named by longer
/// prefixes that start with it. Found by lookups and one range of names, not by a pass over
/// every bucket: a keystroke's search costs what its candidates cost, not the index's size.
pub fn buckets_for_prefix<'a>(prefix: &str, buckets: &'a BTreeMap<String, String>) -> Vec<&'a String> {
    let named_by_its_prefixes = (1..=prefix.len())
        .filter(|&n| prefix.is_char_boundary(n))
        .filter_map(|n| buckets.get(&prefix[..n]));
    let split_below = buckets
        .range::<str, _>((Bound::Included(prefix), Bound::Unbounded))
        .take_while(|(name, _)| name.starts_with(prefix))
        .filter(|(name, _)| name.len() > 2)
        .map(|(_, path)| path);
    named_by_its_prefixes.chain(split_below).collect()
}

/// The bucket `term` moves to when its bucket is split to prefixes of `prefix_len` bytes: its
/// first `prefix_len` bytes when they are ASCII letters, digits or `_` (a file name, and what
/// [`bucket_for`] looks up), else `None` and it stays in the bucket split.
pub fn child_bucket(term: &str, prefix_len: usize) -> Option<&str> {
    let prefix = term.get(..prefix_len)?;
    prefix.bytes().all(is_bucket_name_byte).then_some(prefix)
}

/// Whether `byte` may be part of a split bucket's name: an ASCII letter, digit or `_`.
pub fn is_bucket_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The longest prefix a bucket is split to.
pub const MAX_BUCKET_PREFIX: usize = 8;

/// Per split: where the postings are and how long each document is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchMeta {
    /// Layout version, see [`crate::FORMAT_VERSION`].
    pub format_version: u32,
    /// Weighted length of each document, by index position.
    pub lengths: Vec<u32>,
    /// Bucket name → shard path, relative to the data directory. Small buckets share a shard,
    /// which holds their terms side by side.
    pub buckets: BTreeMap<String, String>,
    /// Each bucket's size and SHA-256, checked when it is fetched. They live here, not in the
    /// manifest (which lists this file's own hash): a split has hundreds of buckets, and the
    /// manifest is read before the first rows while the buckets are needed only by a search.
    /// Empty in directories written before; their manifest lists the buckets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<crate::FileEntry>,
}

/// The postings of one bucket: term → flat `[document, weighted frequency, ...]` pairs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchShard {
    /// Layout version.
    pub format_version: u32,
    /// Term → `[doc, tf, doc, tf, ...]`, documents ascending.
    pub terms: BTreeMap<String, Vec<u32>>,
}

/// One term's `(document, weighted frequency)` pairs from the flat postings of the index terms
/// it stands for (several when it is matched as a prefix), frequencies summed per document,
/// documents ascending. `documents` is the split's size.
pub fn merge_postings(lists: &[&Vec<u32>], documents: usize) -> Vec<(u32, u32)> {
    let pairs = |list: &&Vec<u32>| list.chunks_exact(2).map(|pair| (pair[0], pair[1])).collect::<Vec<_>>();
    match lists {
        [] => Vec::new(),
        [one] => pairs(one),
        _ => {
            // Dense sums: a prefix standing for many terms over a large split needs no map.
            let mut sums: Vec<Option<u32>> = vec![None; documents];
            for (doc, tf) in lists.iter().flat_map(pairs) {
                if let Some(sum) = sums.get_mut(doc as usize) {
                    *sum.get_or_insert(0) += tf;
                }
            }
            sums.into_iter()
                .enumerate()
                .filter_map(|(doc, sum)| Some((doc as u32, sum?)))
                .collect()
        }
    }
}

/// Scores documents for `query_terms` with BM25 (k1 = 1.2, b = 0.75) over the given postings.
/// Returns `(document, score)` best first, ties by document.
pub fn bm25(query_terms: &[Vec<(u32, u32)>], lengths: &[u32]) -> Vec<(u32, f64)> {
    let n = lengths.len() as f64;
    if n == 0.0 {
        return Vec::new();
    }
    let average = lengths.iter().map(|&l| l as f64).sum::<f64>() / n;
    let (k1, b) = (1.2, 0.75);
    // Dense per-document scores: a query matching every document of a 50,000-row split is scored
    // without a map insertion per posting. A document no term names stays `None`.
    let mut scores: Vec<Option<f64>> = vec![None; lengths.len()];
    for postings in query_terms {
        let df = postings.len() as f64;
        let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
        for &(doc, tf) in postings {
            let Some(score) = scores.get_mut(doc as usize) else { continue };
            let length = lengths[doc as usize] as f64;
            let tf = tf as f64;
            *score.get_or_insert(0.0) += idf * tf * (k1 + 1.0) / (tf + k1 * (1.0 - b + b * length / average.max(1.0)));
        }
    }
    let mut ranked: Vec<(u32, f64)> = scores
        .into_iter()
        .enumerate()
        .filter_map(|(doc, score)| Some((doc as u32, score?)))
        .collect();
    ranked.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_bucket_moves_a_term_by_its_ascii_prefix_and_keeps_the_rest() {
        assert_eq!(child_bucket("tests", 3), Some("tes"));
        assert_eq!(child_bucket("te", 3), None, "shorter than the prefix: stays");
        assert_eq!(child_bucket("teé", 3), None, "the prefix ends inside a character: stays");
        assert_eq!(child_bucket("te_x", 3), Some("te_"));
        assert_eq!(child_bucket("té", 3), None, "not a file-name prefix: stays");
    }

    #[test]
    fn buckets_use_two_ascii_characters() {
        assert_eq!(bucket_of("matrix"), "ma");
        assert_eq!(bucket_of("über"), "_x");
        assert_eq!(bucket_of("_private"), "_x");
    }

    #[test]
    fn the_longest_bucket_prefix_wins() {
        let buckets: BTreeMap<String, String> = [("te", "te.json"), ("tes", "tes.json"), ("test", "test.json"), ("_x", "x.json")]
            .into_iter()
            .map(|(a, b)| (a.into(), b.into()))
            .collect();
        assert_eq!(bucket_for("testing", &buckets).map(String::as_str), Some("test.json"));
        assert_eq!(bucket_for("tea", &buckets).map(String::as_str), Some("te.json"));
        assert_eq!(bucket_for("tesla", &buckets).map(String::as_str), Some("tes.json"));
        assert_eq!(bucket_for("über", &buckets).map(String::as_str), Some("x.json"));
        assert_eq!(bucket_for("zz", &buckets), None);
    }

    #[test]
    fn a_prefix_needs_the_buckets_named_by_its_prefixes_and_those_split_below_it() {
        let names = [
            "_x", "as", "ast", "astr", "astro_", "asu", "at", "b1", "te", "tes", "test", "test_a", "tez", "über",
        ];
        let buckets: BTreeMap<String, String> = names.iter().map(|n| (n.to_string(), format!("{n}.json"))).collect();
        let found = |prefix: &str| {
            let mut paths: Vec<&str> = buckets_for_prefix(prefix, &buckets).into_iter().map(String::as_str).collect();
            paths.sort_unstable();
            paths.dedup();
            paths
        };
        assert_eq!(found("ast"), ["as.json", "ast.json", "astr.json", "astro_.json"]);
        assert_eq!(found("astrop"), ["as.json", "ast.json", "astr.json"]);
        assert_eq!(found("te"), ["te.json", "tes.json", "test.json", "test_a.json", "tez.json"]);
        assert_eq!(found("über"), ["über.json"]);
        assert!(found("zz").is_empty());
        // The same buckets as a pass over every name would find.
        for prefix in [
            "a", "as", "ast", "astr", "astro", "astro_x", "asu", "b", "b1x", "t", "te", "tes", "test", "test_", "test_ab", "_", "_x", "ü",
            "übe", "",
        ] {
            let mut every: Vec<&str> = buckets
                .iter()
                .filter(|(name, _)| name.len() > 2 && name.starts_with(prefix) || prefix.starts_with(name.as_str()))
                .map(|(_, path)| path.as_str())
                .collect();
            every.sort_unstable();
            assert_eq!(found(prefix), every, "{prefix:?}");
        }
    }

    #[test]
    fn postings_of_several_terms_sum_per_document() {
        let (a, b) = (vec![0, 1, 4, 2], vec![1, 3, 2, 5]);
        assert_eq!(merge_postings(&[&a], 5), vec![(0, 1), (4, 2)]);
        assert_eq!(merge_postings(&[&a, &b], 5), vec![(0, 1), (1, 3), (2, 5), (4, 2)]);
        assert!(merge_postings(&[], 5).is_empty());
    }

    #[test]
    fn bm25_prefers_rare_terms_and_short_documents() {
        // doc 0 and 1 both contain "common"; only doc 1 contains "rare".
        let common = vec![(0, 1), (1, 1), (2, 1)];
        let rare = vec![(1, 1)];
        let ranked = bm25(&[common.clone(), rare], &[10, 10, 10]);
        assert_eq!(ranked[0].0, 1);
        let ranked = bm25(&[vec![(0, 1), (1, 1)]], &[100, 5]);
        assert_eq!(ranked[0].0, 1, "the shorter document ranks first");
        assert!(bm25(&[common], &[]).is_empty());
    }
}
