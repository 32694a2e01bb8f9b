//! Small search buckets share a shard, in the statement index and in a run's trajectory index.
//!
//! A split of a few hundred instances has hundreds of two-letter buckets, most of them a few
//! hundred bytes. Written one file each, every one costs the split's meta a path, a size and a
//! hash, and a query a request. So, as Pagefind sizes its chunks, neighbouring small buckets (in
//! name order) are written together into shards of about [`GROUP_TARGET_BYTES`]; the meta still
//! maps every bucket name to the shard that holds it, and a lookup reads only its own terms there.

/// A bucket whose postings take under this many bytes joins a group.
pub const SMALL_BUCKET_BYTES: u64 = 4 << 10;

/// A group is closed once its buckets' postings reach this many bytes.
pub const GROUP_TARGET_BYTES: u64 = 16 << 10;

/// Buckets written together into one shard, in name order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BucketGroup {
    pub names: Vec<String>,
}

impl BucketGroup {
    /// The shard's file stem: the bucket's name, or the first and last names for several (bucket
    /// names never hold `-`, so it names no single bucket).
    pub fn stem(&self) -> String {
        match self.names.as_slice() {
            [one] => one.clone(),
            [first, .., last] => format!("{first}-{last}"),
            [] => unreachable!("a group holds at least one bucket"),
        }
    }
}

/// Splits `buckets` (name and size) into groups of neighbouring small buckets and the names of
/// the rest, largest first (so that the threads writing them finish together), each of which
/// stays a shard of its own (and may still be split by a longer prefix). A group of one is left
/// as it is.
pub fn group_small_buckets(buckets: &[(String, u64)]) -> (Vec<BucketGroup>, Vec<String>) {
    let mut sorted: Vec<&(String, u64)> = buckets.iter().collect();
    sorted.sort_unstable();
    let mut alone = Vec::new();
    let mut runs: Vec<Vec<&(String, u64)>> = Vec::new();
    let (mut open, mut open_bytes) = (Vec::new(), 0);
    for bucket in sorted {
        if bucket.1 >= SMALL_BUCKET_BYTES {
            alone.push(bucket);
            continue;
        }
        open.push(bucket);
        open_bytes += bucket.1;
        if open_bytes >= GROUP_TARGET_BYTES {
            runs.push(std::mem::take(&mut open));
            open_bytes = 0;
        }
    }
    runs.push(open);
    let mut groups = Vec::new();
    for run in runs {
        match run.len() {
            0 => {}
            1 => alone.extend(run),
            _ => groups.push(BucketGroup {
                names: run.into_iter().map(|(name, _)| name.clone()).collect(),
            }),
        }
    }
    alone.sort_unstable_by(|a, b| (b.1, &b.0).cmp(&(a.1, &a.0)));
    (groups, alone.into_iter().map(|(name, _)| name.clone()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(pairs: &[(&str, u64)]) -> Vec<(String, u64)> {
        pairs.iter().map(|(n, s)| (n.to_string(), *s)).collect()
    }

    #[test]
    fn neighbouring_small_buckets_are_grouped_up_to_the_target() {
        let kb = 1 << 10;
        let buckets = sizes(&[
            ("ac", 3 * kb),
            ("ab", 3 * kb),
            ("ad", 3 * kb),
            ("ae", 3 * kb),
            ("af", 3 * kb),
            ("ag", 3 * kb),
            ("ah", kb),
        ]);
        let (groups, alone) = group_small_buckets(&buckets);
        assert_eq!(groups.len(), 1);
        assert_eq!(
            groups[0].names,
            ["ab", "ac", "ad", "ae", "af", "ag"],
            "closed once it reaches 16 KB"
        );
        assert_eq!(groups[0].stem(), "ab-ag");
        assert_eq!(alone, ["ah"], "a group of one stays a bucket of its own");
    }

    #[test]
    fn large_buckets_stay_alone_and_do_not_break_a_group() {
        let buckets = sizes(&[("aa", 100), ("ab", 1 << 20), ("ac", 100)]);
        let (groups, alone) = group_small_buckets(&buckets);
        assert_eq!(
            groups,
            [BucketGroup {
                names: vec!["aa".into(), "ac".into()]
            }]
        );
        assert_eq!(alone, ["ab"]);
    }

    #[test]
    fn nothing_to_group() {
        assert_eq!(group_small_buckets(&[]), (vec![], vec![]));
    }
}
