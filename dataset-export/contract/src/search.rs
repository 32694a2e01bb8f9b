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

mod word_blocks;

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

/// Words too common to search for.
const STOP_WORDS: [&str; 64] = [
    "of", "to", "in", "is", "it", "on", "an", "as", "at", "be", "by", "or", "we", "the", "and", "for", "that", "this", "with", "are",
    "was", "but", "not", "you", "have", "has", "had", "from", "they", "will", "would", "there", "their", "what", "when", "which", "can",
    "could", "should", "into", "been", "also", "its", "then", "than", "some", "our", "any", "all", "one", "use", "used", "using", "like",
    "just", "only", "does", "did", "how", "get", "set", "out", "see", "more",
];

/// Whether `word` is a stop word: one multiplication and one load. A word of two to six bytes is
/// a `u64` ([`stop_word_key`]), and a multiplier chosen for these words gives each its own slot
/// of [`STOP_WORD_SLOTS`] (a `match` on the words compared a word with every stop word of its
/// length, a tenth of the export's postings thread).
fn is_stop_word(word: &str) -> bool {
    let bytes = word.as_bytes();
    if !(2..=6).contains(&bytes.len()) {
        return false;
    }
    let key = stop_word_key(bytes);
    STOP_WORD_SLOTS[stop_word_slot(key)] == key
}

/// A word of at most seven bytes as one `u64`: its bytes little-endian, and its length in the top
/// byte, so that no word is 0 (an empty slot) and a word ending in NUL is not the word without it.
/// (Shifted in one at a time: copied into an array, a word of variable length was a call to
/// `memcpy`.)
const fn stop_word_key(bytes: &[u8]) -> u64 {
    let mut key = (bytes.len() as u64) << 56;
    let mut at = 0;
    while at < bytes.len() {
        key |= (bytes[at] as u64) << (8 * at);
        at += 1;
    }
    key
}

/// Found by trying random odd multipliers until the stop words' slots were all different; the
/// table's construction fails to compile when they are not.
const STOP_WORD_MULTIPLIER: u64 = 0xe375_4067_f80f_2515;

const fn stop_word_slot(key: u64) -> usize {
    (key.wrapping_mul(STOP_WORD_MULTIPLIER) >> 56) as usize
}

/// Each stop word's key in its slot; 0 (no word) elsewhere.
const STOP_WORD_SLOTS: [u64; 256] = {
    let mut slots = [0u64; 256];
    let mut nth = 0;
    while nth < STOP_WORDS.len() {
        let bytes = STOP_WORDS[nth].as_bytes();
        assert!(bytes.len() >= 2 && bytes.len() <= 6, "stop words are two to six bytes");
        let key = stop_word_key(bytes);
        let slot = stop_word_slot(key);
        assert!(slots[slot] == 0, "two stop words share a slot: choose another multiplier");
        slots[slot] = key;
        nth += 1;
    }
    slots
};

/// Lower-cased words of 2 to 40 characters (letters, digits, `_`), stop words removed; a word
/// with underscores is followed by its parts, so `foo_bar` also finds `bar`.
pub fn tokenize(text: &str) -> Vec<String> {
    terms_of_lowercase(&text.to_lowercase()).map(str::to_string).collect()
}

/// A query's last word, lower-cased, while it is being typed: two letters or more, and no space
/// after it. The app fetches the buckets it leads to before it is a searched term ("as" of
/// "astropy"); one letter would lead to too many.
pub fn unfinished_word(query: &str) -> Option<String> {
    if query.ends_with(char::is_whitespace) {
        return None;
    }
    let word = query.rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).next()?;
    (word.chars().count() >= 2).then(|| word.to_lowercase())
}

/// [`tokenize`] on text that is already lower-cased, borrowing the terms from it (the
/// exporter's hot path: no allocation per term).
pub fn terms_of_lowercase(lowercase: &str) -> impl Iterator<Item = &str> {
    Terms {
        words: words(lowercase),
        parts: "",
        parts_ascii: true,
    }
}

/// The terms of a text: each word, then, when it has underscores inside, its parts.
struct Terms<'a> {
    words: Words<'a>,
    /// What is left of the last word's underscore parts, from the start of the next part.
    parts: &'a str,
    /// That word is all ASCII, and so are its parts.
    parts_ascii: bool,
}

impl<'a> Iterator for Terms<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        loop {
            while !self.parts.is_empty() {
                let (part, rest) = split_at_underscore(self.parts);
                self.parts = rest;
                if is_term(part, self.parts_ascii) {
                    return Some(part);
                }
            }
            let Word {
                text: mut word,
                ascii,
                underscore,
            } = self.words.next_word()?;
            if underscore {
                word = trim_underscores(word);
                if word.bytes().any(|byte| byte == b'_') {
                    self.parts = word;
                    self.parts_ascii = ascii;
                }
            }
            if is_term(word, ascii) {
                return Some(word);
            }
        }
    }
}

/// `text` up to its first `_`, and what follows that `_` (empty when there is none). The
/// underscores of a word are looked for a byte at a time: words are short, and `memchr`'s call and
/// setup were most of what `split_once` cost on them.
#[inline(always)]
fn split_at_underscore(text: &str) -> (&str, &str) {
    match text.bytes().position(|byte| byte == b'_') {
        Some(at) => (&text[..at], &text[at + 1..]),
        None => (text, ""),
    }
}

/// `word` without the underscores it starts and ends with.
#[inline(always)]
fn trim_underscores(word: &str) -> &str {
    let bytes = word.as_bytes();
    let start = bytes.iter().position(|&byte| byte != b'_').unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|&byte| byte != b'_').map_or(start, |last| last + 1);
    &word[start..end]
}

/// Whether `word` is searched for: 2 to 40 characters, not a stop word.
#[inline(always)]
fn is_term(word: &str, ascii: bool) -> bool {
    let length = if ascii { word.len() } else { word.chars().count() };
    (2..=40).contains(&length) && !is_stop_word(word)
}

/// The runs of letters, digits and `_` in `text`, none empty.
fn words(text: &str) -> Words<'_> {
    Words { text, at: 0 }
}

/// ASCII is classified a block of 16 bytes at a time where there are blocks
/// ([`word_blocks`]), else by a table a byte at a time; only other characters are decoded (this
/// is the export's innermost loop: splitting on a `char` predicate decoded every character, and
/// a closure over the position kept it in memory, at 200 MB/s).
struct Words<'a> {
    text: &'a str,
    at: usize,
}

/// A word of a text.
struct Word<'a> {
    text: &'a str,
    /// All of it ASCII.
    ascii: bool,
    /// It holds a `_`.
    underscore: bool,
}

/// The ASCII bytes that belong to a word.
const ASCII_WORD: [bool; 128] = {
    let mut table = [false; 128];
    let mut byte = 0;
    while byte < 128 {
        table[byte] = (byte as u8).is_ascii_alphanumeric() || byte as u8 == b'_';
        byte += 1;
    }
    table
};

impl<'a> Words<'a> {
    #[inline(always)]
    fn next_word(&mut self) -> Option<Word<'a>> {
        let start = self.word_start()?;
        let mut word = Word {
            text: "",
            ascii: true,
            underscore: false,
        };
        let end = self.word_end(start, &mut word);
        self.at = end;
        word.text = &self.text[start..end];
        Some(word)
    }

    /// Where the next word starts, from `self.at`.
    #[inline(always)]
    fn word_start(&self) -> Option<usize> {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let mut at = self.at;
        loop {
            if let Some(block) = word_blocks::block_at(bytes, at) {
                let stops = block.word | block.non_ascii;
                if stops == 0 {
                    at += word_blocks::BLOCK;
                    continue;
                }
                at += stops.trailing_zeros() as usize;
            }
            let &byte = bytes.get(at)?;
            if byte < 0x80 {
                if ASCII_WORD[usize::from(byte)] {
                    return Some(at);
                }
                at += 1;
            } else {
                let (is_word, length) = decoded_class(text, at);
                if is_word {
                    return Some(at);
                }
                at += length;
            }
        }
    }

    /// Where the word starting at `start` ends; notes in `word` what it holds.
    #[inline(always)]
    fn word_end(&self, start: usize, word: &mut Word<'a>) -> usize {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let mut at = start;
        loop {
            if let Some(block) = word_blocks::block_at(bytes, at) {
                let run = block.run_ends().trailing_zeros() as usize;
                word.underscore |= block.underscore & ((1u32 << run) - 1) != 0;
                at += run;
                if run == word_blocks::BLOCK {
                    continue;
                }
            }
            let Some(&byte) = bytes.get(at) else {
                return at;
            };
            if byte < 0x80 {
                if !ASCII_WORD[usize::from(byte)] {
                    return at;
                }
                word.underscore |= byte == b'_';
                at += 1;
            } else {
                let (is_word, length) = decoded_class(text, at);
                if !is_word {
                    return at;
                }
                at += length;
                word.ascii = false;
            }
        }
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.next_word().map(|word| word.text)
    }
}

/// Whether the non-ASCII character starting at byte `at` of `text` belongs to a word, and its
/// length.
#[cold]
fn decoded_class(text: &str, at: usize) -> (bool, usize) {
    let c = text[at..].chars().next().expect("a character starts at a char boundary");
    (c.is_alphanumeric(), c.len_utf8())
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

    /// Every word of up to two ASCII characters, every stop word with one byte changed, added
    /// or taken away, and longer words: a stop word exactly when the list holds it.
    #[test]
    fn a_stop_word_is_one_the_list_holds() {
        let mut words: Vec<String> = (0u8..128)
            .flat_map(|a| (0u8..128).map(move |b| String::from_utf8(vec![a, b]).unwrap()))
            .chain((0u8..128).map(|a| String::from(a as char)))
            .collect();
        for stop in STOP_WORDS {
            words.push(stop.to_string());
            for at in 0..=stop.len() {
                for byte in (b'0'..=b'9').chain(b'a'..=b'z').chain([b'_', 0]) {
                    let mut changed = stop.as_bytes().to_vec();
                    if at < stop.len() {
                        changed[at] = byte;
                        let mut shorter = stop.as_bytes().to_vec();
                        shorter.remove(at);
                        words.push(String::from_utf8(shorter).unwrap());
                    }
                    words.push(String::from_utf8(changed).unwrap());
                    let mut longer = stop.as_bytes().to_vec();
                    longer.insert(at, byte);
                    words.push(String::from_utf8(longer).unwrap());
                }
            }
            words.push(format!("{stop}é"));
            words.push(stop.to_uppercase());
        }
        words.extend(["shouldn", "shoulder", "seven", "", "ééé"].map(String::from));
        for word in &words {
            assert_eq!(is_stop_word(word), STOP_WORDS.contains(&word.as_str()), "{word:?}");
        }
        assert!(STOP_WORDS.iter().all(|stop| is_stop_word(stop)));
    }

    #[test]
    fn the_word_being_typed_is_the_last_one_of_two_letters_or_more() {
        assert_eq!(unfinished_word("As").as_deref(), Some("as"));
        assert_eq!(unfinished_word("fix the").as_deref(), Some("the"));
        assert_eq!(unfinished_word("path/to").as_deref(), Some("to"));
        assert_eq!(unfinished_word("a"), None, "one letter leads to too many buckets");
        assert_eq!(unfinished_word("as "), None, "a space finishes the word");
        assert_eq!(unfinished_word(""), None);
    }

    #[test]
    fn a_split_bucket_moves_a_term_by_its_ascii_prefix_and_keeps_the_rest() {
        assert_eq!(child_bucket("tests", 3), Some("tes"));
        assert_eq!(child_bucket("te", 3), None, "shorter than the prefix: stays");
        assert_eq!(child_bucket("teé", 3), None, "the prefix ends inside a character: stays");
        assert_eq!(child_bucket("te_x", 3), Some("te_"));
        assert_eq!(child_bucket("té", 3), None, "not a file-name prefix: stays");
    }

    #[test]
    fn tokens_are_lowercase_words_without_stop_words() {
        let terms = tokenize("The __init__ of Über-Class and x");
        assert_eq!(terms, ["init", "über", "class"]);
    }

    /// The splitting `words` replaced: on a `char` predicate.
    fn words_by_char(text: &str) -> Vec<&str> {
        text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect()
    }

    #[test]
    fn words_split_as_a_char_predicate_does() {
        let texts = [
            "",
            "   ",
            "plain words, and_more: __dunder__ x1 9z",
            "Über-Class naïve café 数据 ½ ٣ ⅷ — émoji😀inside a😀b",
            "tabs\tand\nnewlines\r\n\u{a0}nbsp\u{2028}sep",
            "_ __ ___ a_ _b",
            "trailing word",
            "ünïcödé",
        ];
        for text in texts {
            assert_eq!(words(text).collect::<Vec<_>>(), words_by_char(text), "{text:?}");
        }
        let every_char: String = (0u32..0x3000).filter_map(char::from_u32).collect();
        assert_eq!(words(&every_char).collect::<Vec<_>>(), words_by_char(&every_char));
    }

    /// The terms of `text` by [`words_by_char`].
    fn reference_terms(text: &str) -> Vec<String> {
        words_by_char(text)
            .into_iter()
            .flat_map(|word| {
                let word = word.trim_matches('_');
                let parts = word.contains('_').then(|| word.split('_').filter(|p| !p.is_empty()));
                std::iter::once(word).chain(parts.into_iter().flatten())
            })
            .filter(|w| (2..=40).contains(&w.chars().count()) && !STOP_WORDS.contains(w))
            .map(str::to_string)
            .collect()
    }

    /// Words and underscores placed at every offset of a 16-byte block and across its edge:
    /// the words and terms are those of one character at a time.
    #[test]
    fn words_and_terms_are_the_same_wherever_a_block_ends() {
        let pieces = [
            "a_b",
            "__init__",
            "über_straße",
            "x😀y",
            "abcdefghijklmnopqrstuvwxyz0123456789",
            "long_word_with_parts_past_sixteen_bytes",
            "____",
            "-.-",
            "é",
            "\u{a0}",
        ];
        for shift in 0..40 {
            for (first, second) in pieces.iter().flat_map(|a| pieces.iter().map(move |b| (a, b))) {
                for gap in [" ", "", "_", "é"] {
                    let text = format!("{}{first}{gap}{second} tail", "q".repeat(shift));
                    assert_eq!(words(&text).collect::<Vec<_>>(), words_by_char(&text), "{text:?}");
                    assert_eq!(terms_of_lowercase(&text).collect::<Vec<_>>(), reference_terms(&text), "{text:?}");
                    let spaced = format!("{}{first}{gap}{second}", " ".repeat(shift));
                    assert_eq!(words(&spaced).collect::<Vec<_>>(), words_by_char(&spaced), "{spaced:?}");
                }
            }
        }
    }

    #[test]
    fn terms_are_the_words_then_their_underscore_parts() {
        let reference = reference_terms;
        let text = "__init__ test_case_7 a__b_cd _x_ x_ __ of_the_matrix über_straße ok \
                    thisisaverylongwordthatgoesonandonandonpastforty_short";
        let ours: Vec<&str> = terms_of_lowercase(text).collect();
        assert_eq!(ours, reference(text));
        assert_eq!(
            terms_of_lowercase("test_case_7").collect::<Vec<_>>(),
            ["test_case_7", "test", "case"]
        );
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
