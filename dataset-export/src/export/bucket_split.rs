//! Splitting a search bucket too large for one shard by longer prefixes of its terms.
//!
//! The rule is [`child_bucket`]'s: a bucket over the limit moves each term to the bucket of its
//! next character, and a term without one (it ends there, or the character is not a letter,
//! digit or `_`) stays. Children still over the limit split again, down to
//! [`MAX_BUCKET_PREFIX`] characters. Taken one level at a time, that read and rewrote the whole
//! of the largest bucket once per level, on one thread while the others waited for its children:
//! on a gigabyte of SWE-bench, `te` → `tes` → `test` → `test_` was 1.7 s of the export's end.
//! So a split first sizes the next [`LOOKAHEAD`] levels in one pass, decides from those sizes
//! where every term ends up, and moves each posting once.
//!
//! [`child_bucket`]: benchscope_contract::search::child_bucket

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use benchscope_contract::search::MAX_BUCKET_PREFIX;
use rustc_hash::FxHashMap;

use super::scratch_postings::{for_each_posting, Scratch};

/// Levels sized in one pass; a bucket still too large that deep is split again when taken.
const LOOKAHEAD: usize = 3;

/// Files a split writes at once, at most: fewer levels are taken at a time when the three would
/// need more (each is an open file and its buffer; one level needs at most 65).
const MAX_OUTPUTS: usize = 256;

/// Characters a bucket name is made of, each a digit of base [`SYMBOLS`].
const SYMBOLS: usize = 64;

/// `byte` as a bucket name's character ([`is_bucket_name_byte`]), numbered from 0.
///
/// [`is_bucket_name_byte`]: benchscope_contract::search::is_bucket_name_byte
fn symbol(byte: u8) -> Option<usize> {
    match byte {
        b'0'..=b'9' => Some(usize::from(byte - b'0')),
        b'A'..=b'Z' => Some(10 + usize::from(byte - b'A')),
        b'a'..=b'z' => Some(36 + usize::from(byte - b'a')),
        b'_' => Some(62),
        _ => None,
    }
}

fn symbol_byte(symbol: usize) -> u8 {
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_"[symbol]
}

/// What a split left: the buckets to write next (files in the scratch directory named after
/// them, largest first), and the postings that stay in the bucket split or in a bucket split
/// below it, each to be written as that bucket's shard now.
pub(super) struct Split {
    pub children: Vec<String>,
    pub kept: Vec<(String, Scratch)>,
}

/// A bucket below the one split: `depth` characters more, numbered by their symbols.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Node {
    depth: usize,
    index: usize,
}

/// Where one term's postings go.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Destination {
    /// A bucket not split further here, written when it is taken.
    Child(Node),
    /// The postings a split bucket keeps (the root is depth 0).
    Kept(Node),
}

/// The bucket split (`name`, its postings in `scratch`) and the sizes of the buckets below it.
struct Plan<'a> {
    name: &'a str,
    max_bytes: u64,
    depth: usize,
    /// By depth - 1, by node index: bytes of postings.
    sizes: Vec<Vec<u64>>,
}

impl<'a> Plan<'a> {
    /// Sizes the levels below `name` from one pass over its postings.
    fn measure(scratch: &Scratch, name: &'a str, max_bytes: u64) -> anyhow::Result<Self> {
        let depth = LOOKAHEAD.min(MAX_BUCKET_PREFIX.saturating_sub(name.len()));
        let mut sizes: Vec<Vec<u64>> = (1..=depth).map(|level| vec![0; SYMBOLS.pow(level as u32)]).collect();
        for_each_posting(scratch, |posting| {
            let mut index = 0;
            for (level, &byte) in posting.term.iter().skip(name.len()).take(depth).enumerate() {
                let Some(symbol) = symbol(byte) else { break };
                index = index * SYMBOLS + symbol;
                sizes[level][index] += posting.raw.len() as u64;
            }
            Ok(())
        })?;
        Ok(Plan {
            name,
            max_bytes,
            depth,
            sizes,
        })
    }

    /// Takes fewer levels at once until the files to write are at most `max_outputs` (one level
    /// always is: a kept file and 64 children).
    fn limit_outputs(&mut self, max_outputs: usize) {
        while self.depth > 1 && self.outputs() > max_outputs {
            self.depth -= 1;
        }
    }

    /// The files a split by this plan writes, at most: the root's kept postings, and per bucket
    /// below it with postings, its own (a child, or the kept postings of one split again).
    fn outputs(&self) -> usize {
        let below = (1..=self.depth).map(|depth| {
            let sizes = &self.sizes[depth - 1];
            (0..sizes.len())
                .filter(|&index| sizes[index] > 0)
                .filter(|&index| {
                    self.splits(Node {
                        depth: depth - 1,
                        index: index / SYMBOLS,
                    })
                })
                .count()
        });
        1 + below.sum::<usize>()
    }

    /// Whether `node` is split: the root always (it is why there is a plan); a bucket below it
    /// when it is over the limit, may grow longer, and is within the levels measured.
    fn splits(&self, node: Node) -> bool {
        node.depth == 0
            || (node.depth < self.depth
                && self.name.len() + node.depth < MAX_BUCKET_PREFIX
                && self.sizes[node.depth - 1][node.index] > self.max_bytes)
    }

    fn destination(&self, term: &[u8]) -> Destination {
        let mut node = Node { depth: 0, index: 0 };
        while self.splits(node) {
            let Some(symbol) = term.get(self.name.len() + node.depth).copied().and_then(symbol) else {
                return Destination::Kept(node);
            };
            node = Node {
                depth: node.depth + 1,
                index: node.index * SYMBOLS + symbol,
            };
        }
        Destination::Child(node)
    }

    fn size(&self, node: Node) -> u64 {
        self.sizes[node.depth - 1][node.index]
    }

    fn bucket_name(&self, node: Node) -> String {
        let mut symbols = Vec::with_capacity(node.depth);
        let mut index = node.index;
        for _ in 0..node.depth {
            symbols.push(symbol_byte(index % SYMBOLS));
            index /= SYMBOLS;
        }
        symbols.reverse();
        format!("{}{}", self.name, String::from_utf8(symbols).expect("symbols are ASCII"))
    }
}

/// Splits bucket `name`, whose postings (`scratch`) are over `max_bytes`, into files of `dir`.
/// `name` is shorter than [`MAX_BUCKET_PREFIX`].
pub(super) fn split_bucket(scratch: &Scratch, dir: &Path, name: &str, max_bytes: u64) -> anyhow::Result<Split> {
    split_writing_at_most(scratch, dir, name, max_bytes, MAX_OUTPUTS)
}

fn split_writing_at_most(scratch: &Scratch, dir: &Path, name: &str, max_bytes: u64, max_outputs: usize) -> anyhow::Result<Split> {
    debug_assert!(name.len() < MAX_BUCKET_PREFIX, "{name} cannot split");
    let mut plan = Plan::measure(scratch, name, max_bytes)?;
    plan.limit_outputs(max_outputs);
    let mut slots: FxHashMap<Destination, usize> = FxHashMap::default();
    let mut outputs: Vec<(Destination, String, BufWriter<File>)> = Vec::new();
    for_each_posting(scratch, |posting| {
        let destination = plan.destination(posting.term);
        let slot = match slots.get(&destination) {
            Some(&slot) => slot,
            None => {
                let file = match destination {
                    Destination::Child(node) => plan.bucket_name(node),
                    Destination::Kept(node) => format!("{}.kept", plan.bucket_name(node)),
                };
                outputs.push((destination, file.clone(), BufWriter::new(File::create(dir.join(&file))?)));
                slots.insert(destination, outputs.len() - 1);
                outputs.len() - 1
            }
        };
        outputs[slot].2.write_all(posting.raw)?;
        Ok(())
    })?;
    scratch.remove()?;
    let (mut children, mut kept) = (Vec::new(), Vec::new());
    for (destination, file, mut out) in outputs {
        out.flush()?;
        drop(out);
        match destination {
            Destination::Child(node) => children.push((plan.size(node), file)),
            Destination::Kept(node) => kept.push((plan.bucket_name(node), Scratch::file(dir.join(file))?)),
        }
    }
    children.sort_unstable_by(|a, b| b.cmp(a));
    kept.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    Ok(Split {
        children: children.into_iter().map(|(_, name)| name).collect(),
        kept,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::scratch_postings::{push_posting, term_text};
    use benchscope_contract::search::{child_bucket, is_bucket_name_byte};
    use std::collections::BTreeMap;

    /// Term → bucket, split one level at a time as [`child_bucket`] says: the reference the
    /// one-pass split must agree with.
    fn split_level_by_level(postings: &[(String, Vec<u8>)], name: &str, max_bytes: u64) -> BTreeMap<String, Vec<String>> {
        let size: u64 = postings.iter().map(|(_, raw)| raw.len() as u64).sum();
        let mut placed = BTreeMap::new();
        if size <= max_bytes || name.len() >= MAX_BUCKET_PREFIX {
            placed.insert(name.to_string(), postings.iter().map(|(t, _)| t.clone()).collect());
            return placed;
        }
        let mut children: BTreeMap<String, Vec<(String, Vec<u8>)>> = BTreeMap::new();
        let mut kept = Vec::new();
        for (term, raw) in postings {
            match child_bucket(term, name.len() + 1) {
                Some(child) => children.entry(child.to_string()).or_default().push((term.clone(), raw.clone())),
                None => kept.push(term.clone()),
            }
        }
        if !kept.is_empty() {
            placed.insert(name.to_string(), kept);
        }
        for (child, postings) in children {
            placed.extend(split_level_by_level(&postings, &child, max_bytes));
        }
        placed
    }

    /// Splits like the export does: the children taken from a queue, split again when still too
    /// large; returns term → bucket, with each bucket's terms in the order written.
    fn split_as_exported(postings: &[(String, Vec<u8>)], name: &str, max_bytes: u64, max_outputs: usize) -> BTreeMap<String, Vec<String>> {
        let dir = tempfile::tempdir().unwrap();
        let bytes: Vec<u8> = postings.iter().flat_map(|(_, raw)| raw.clone()).collect();
        std::fs::write(dir.path().join(name), bytes).unwrap();
        let mut queue = vec![name.to_string()];
        let mut placed = BTreeMap::new();
        let read = |scratch: &Scratch| {
            let mut terms = Vec::new();
            for_each_posting(scratch, |p| {
                terms.push(term_text(p.term)?.to_string());
                Ok(())
            })
            .unwrap();
            terms
        };
        while let Some(bucket) = queue.pop() {
            let scratch = Scratch::file(dir.path().join(&bucket)).unwrap();
            if scratch.size() <= max_bytes || bucket.len() >= MAX_BUCKET_PREFIX {
                placed.insert(bucket, read(&scratch));
                continue;
            }
            let split = split_writing_at_most(&scratch, dir.path(), &bucket, max_bytes, max_outputs).unwrap();
            assert!(!scratch.path.exists(), "the split bucket's own file is removed");
            let written = split.children.len() + split.kept.len();
            assert!(written <= max_outputs.max(65), "{written} files written at once");
            for (kept_name, kept) in split.kept {
                assert!(placed.insert(kept_name, read(&kept)).is_none(), "a bucket is written once");
            }
            let sizes: Vec<u64> = split
                .children
                .iter()
                .map(|c| Scratch::file(dir.path().join(c)).unwrap().size())
                .collect();
            assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "children come largest first: {sizes:?}");
            queue.extend(split.children);
        }
        placed
    }

    fn postings_of(terms: &[&str]) -> Vec<(String, Vec<u8>)> {
        terms
            .iter()
            .enumerate()
            .map(|(doc, term)| {
                let mut raw = Vec::new();
                push_posting(&mut raw, term, doc as u32, 1);
                (term.to_string(), raw)
            })
            .collect()
    }

    #[test]
    fn one_pass_places_every_term_where_splitting_level_by_level_does() {
        let mut terms = Vec::new();
        for n in 0..400 {
            terms.extend([
                format!("test_case_{n}"),
                format!("testing{}", n % 7),
                "test".into(),
                format!("te{n}"),
            ]);
            terms.extend([format!("tests_{}", n % 3), "te".into(), format!("teé{n}"), format!("tex{}", n % 50)]);
            terms.extend([format!("test_abcdefgh{n}"), "tes".into(), format!("tes-{n}")]);
        }
        let terms: Vec<&str> = terms.iter().map(String::as_str).collect();
        let postings = postings_of(&terms);
        // Limits from below the smallest bucket to above the largest, a few postings apart.
        for max_bytes in (1..80).step_by(3).map(|step| step * step * 40) {
            let expected = split_level_by_level(&postings, "te", max_bytes);
            for max_outputs in [MAX_OUTPUTS, 20, 1] {
                let placed = split_as_exported(&postings, "te", max_bytes, max_outputs);
                assert_eq!(placed, expected, "limit {max_bytes}, {max_outputs} files at once");
            }
        }
        let deep = split_level_by_level(&postings, "te", 40);
        assert!(deep.keys().any(|bucket| bucket.len() == MAX_BUCKET_PREFIX), "{:?}", deep.keys());
        assert!(
            deep.contains_key("tes") && deep.contains_key("test"),
            "split buckets keep their short terms"
        );
    }

    #[test]
    fn a_bucket_already_at_the_longest_prefix_keeps_what_cannot_move() {
        let postings = postings_of(&["abcdefgh", "abcdefg", "abcdefgé", "abcdefg_x"]);
        let placed = split_as_exported(&postings, "abcdefg", 1, MAX_OUTPUTS);
        assert_eq!(placed["abcdefg"], ["abcdefg", "abcdefgé"]);
        assert_eq!(placed["abcdefgh"], ["abcdefgh"]);
        assert_eq!(placed["abcdefg_"], ["abcdefg_x"]);
    }

    #[test]
    fn symbols_name_every_character_of_a_bucket() {
        for byte in 0..=u8::MAX {
            assert_eq!(symbol(byte).is_some(), is_bucket_name_byte(byte), "{byte}");
            if let Some(symbol) = symbol(byte) {
                assert!(symbol < SYMBOLS);
                assert_eq!(symbol_byte(symbol), byte);
            }
        }
    }
}
