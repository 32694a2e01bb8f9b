//! A run's trajectory search index (see [`benchscope_contract::trajectory::search`]): every step
//! of every trajectory a document, its words' postings in buckets by prefix, a bucket too large
//! split by one more character of prefix, so a query fetches a few small files.

use std::collections::BTreeMap;

use benchscope_contract::search::{bucket_of, child_bucket, MAX_BUCKET_PREFIX};
use benchscope_contract::trajectory::search::{step_terms, TrajectorySearchMeta, TrajectorySearchShard};
use benchscope_contract::trajectory::Step;
#[cfg(test)]
use benchscope_contract::trajectory::Trajectory;
use benchscope_contract::FORMAT_VERSION;

use crate::export::bucket_groups::group_small_buckets;

/// A bucket holding more postings than this is split by a longer prefix.
const BUCKET_MAX_POSTINGS: usize = 40_000;

/// A run's shards, in bucket name order, each with the names of the buckets it holds: one, or
/// several neighbouring small ones ([`group_small_buckets`]).
pub type Shards = Vec<(Vec<String>, TrajectorySearchShard)>;

/// The index of `trajectories` (instance → trajectory, in instance order): its meta, without
/// bucket paths or files yet, and its shards.
#[cfg(test)]
pub fn build(trajectories: &BTreeMap<String, Trajectory>) -> (TrajectorySearchMeta, Shards) {
    let mut index = IndexBuilder::default();
    for (instance, trajectory) in trajectories {
        index.begin(instance);
        trajectory.steps.iter().for_each(|step| index.add(step));
    }
    index.finish()
}

/// The index built a step at a time, as the trajectories are read: documents are numbered in
/// the order their steps come.
#[derive(Default)]
pub struct IndexBuilder {
    meta: TrajectorySearchMeta,
    postings: BTreeMap<String, Vec<u32>>,
    documents: u32,
}

impl IndexBuilder {
    /// The steps that come next are `instance`'s.
    pub fn begin(&mut self, instance: &str) {
        self.meta.instances.push(instance.to_string());
        self.meta.starts.push(self.documents);
    }

    /// The next step of the trajectory begun.
    pub fn add(&mut self, step: &Step) {
        for term in step_terms(step) {
            self.postings.entry(term).or_default().push(self.documents);
        }
        self.documents += 1;
    }

    /// Forgets the trajectory begun (it could not be read to its end).
    pub fn abandon(&mut self) {
        let (Some(_), Some(start)) = (self.meta.instances.pop(), self.meta.starts.pop()) else {
            return;
        };
        self.postings.retain(|_, documents| {
            documents.truncate(documents.partition_point(|d| *d < start));
            !documents.is_empty()
        });
        self.documents = start;
    }

    /// Keeps the trajectories of the instances `keep` holds, their steps numbered again in
    /// order (the others' instances are not the run's: their split does not have them).
    pub fn retain_instances(&mut self, keep: impl Fn(&str) -> bool) {
        let ends = self.meta.starts.iter().skip(1).copied().chain([self.documents]);
        let mut renumbered: Vec<Option<u32>> = vec![None; self.documents as usize];
        let (mut instances, mut starts, mut next) = (Vec::new(), Vec::new(), 0u32);
        for ((instance, start), end) in self.meta.instances.iter().zip(&self.meta.starts).zip(ends) {
            if !keep(instance) {
                continue;
            }
            instances.push(instance.clone());
            starts.push(next);
            for document in *start..end {
                renumbered[document as usize] = Some(next);
                next += 1;
            }
        }
        self.postings.retain(|_, documents| {
            *documents = documents.iter().filter_map(|d| renumbered[*d as usize]).collect();
            !documents.is_empty()
        });
        (self.meta.instances, self.meta.starts, self.documents) = (instances, starts, next);
    }

    /// The meta (without bucket paths or files yet) and the shards.
    pub fn finish(self) -> (TrajectorySearchMeta, Shards) {
        let meta = TrajectorySearchMeta {
            format_version: FORMAT_VERSION,
            documents: self.documents,
            ..self.meta
        };
        let mut by_bucket: BTreeMap<String, BTreeMap<String, Vec<u32>>> = BTreeMap::new();
        for (term, documents) in self.postings {
            by_bucket.entry(bucket_of(&term)).or_default().insert(term, documents);
        }
        let mut shards = BTreeMap::new();
        for (name, terms) in by_bucket {
            split_into(name, terms, &mut shards);
        }
        (meta, grouped(shards))
    }
}

/// `shards` by bucket name, the small ones merged with their neighbours, as the statement index
/// writes them (a real run of 500 trajectories had 1,321 buckets, most of a few hundred bytes,
/// and its meta, which lists each file's path and hash, was 256 KB).
fn grouped(mut shards: BTreeMap<String, TrajectorySearchShard>) -> Shards {
    let sizes: Vec<(String, u64)> = shards.iter().map(|(name, shard)| (name.clone(), json_size(shard))).collect();
    let (groups, alone) = group_small_buckets(&sizes);
    let mut out: Shards = alone
        .into_iter()
        .filter_map(|name| shards.remove(&name).map(|shard| (vec![name], shard)))
        .collect();
    for group in groups {
        let mut terms = BTreeMap::new();
        for name in &group.names {
            terms.extend(shards.remove(name).map(|shard| shard.terms).unwrap_or_default());
        }
        out.push((group.names, shard(terms)));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// About how many bytes `shard` takes as JSON: each term, quoted, and its documents (up to five
/// digits and a comma each).
fn json_size(shard: &TrajectorySearchShard) -> u64 {
    shard
        .terms
        .iter()
        .map(|(term, documents)| (term.len() + 5 + 6 * documents.len()) as u64)
        .sum()
}

/// Adds the bucket `name` of `terms` to `shards`, split by one more byte of prefix when too large,
/// as the statement index splits its buckets ([`child_bucket`]; shorter terms stay in `name`).
fn split_into(name: String, terms: BTreeMap<String, Vec<u32>>, shards: &mut BTreeMap<String, TrajectorySearchShard>) {
    let size: usize = terms.values().map(Vec::len).sum();
    if size <= BUCKET_MAX_POSTINGS || name == "_x" || name.len() >= MAX_BUCKET_PREFIX {
        shards.insert(name, shard(terms));
        return;
    }
    let mut stay = BTreeMap::new();
    let mut longer: BTreeMap<String, BTreeMap<String, Vec<u32>>> = BTreeMap::new();
    for (term, documents) in terms {
        match child_bucket(&term, name.len() + 1).map(str::to_string) {
            Some(child) => longer.entry(child).or_default().insert(term, documents),
            None => stay.insert(term, documents),
        };
    }
    if !stay.is_empty() {
        shards.insert(name, shard(stay));
    }
    for (child, terms) in longer {
        split_into(child, terms, shards);
    }
}

fn shard(terms: BTreeMap<String, Vec<u32>>) -> TrajectorySearchShard {
    TrajectorySearchShard {
        format_version: FORMAT_VERSION,
        terms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::search::bucket_for;

    #[test]
    fn every_step_is_a_document_and_every_term_is_found_through_its_bucket() {
        let step = |action: &str| Step {
            action: action.into(),
            ..Step::default()
        };
        let many: Vec<Step> = (0..BUCKET_MAX_POSTINGS + 10)
            .map(|i| step(&format!("test test{} te", i % 3)))
            .collect();
        let trajectories: BTreeMap<String, Trajectory> = [
            (
                "a".to_string(),
                Trajectory {
                    steps: vec![step("git log"), step("pytest")],
                    ..Trajectory::default()
                },
            ),
            (
                "b".to_string(),
                Trajectory {
                    steps: many,
                    ..Trajectory::default()
                },
            ),
        ]
        .into();
        let (mut meta, shards) = build(&trajectories);
        assert_eq!(
            (meta.starts.as_slice(), meta.documents),
            (&[0, 2][..], BUCKET_MAX_POSTINGS as u32 + 12)
        );
        let names: Vec<&String> = shards.iter().flat_map(|(names, _)| names).collect();
        assert!(names.iter().any(|name| name.len() > 2), "the large `te` bucket is split: {names:?}");
        assert!(
            shards.iter().any(|(names, _)| names.len() > 1),
            "small buckets share a shard: {names:?}"
        );
        // Each bucket named by its shard's place, as the run's files are numbered.
        meta.buckets = shards
            .iter()
            .enumerate()
            .flat_map(|(nth, (names, _))| names.iter().map(move |name| (name.clone(), nth.to_string())))
            .collect();
        let shard_at = |path: &String| &shards[path.parse::<usize>().unwrap()].1;
        for term in ["git", "log", "pytest", "test", "test0", "test2", "te"] {
            let bucket = bucket_for(term, &meta.buckets).unwrap_or_else(|| panic!("{term} has a bucket"));
            assert!(shard_at(bucket).terms.contains_key(term), "{term} in {bucket}");
        }
        let find = |query: &str| {
            let buckets = meta.buckets_for(query).unwrap();
            let found: Vec<Option<&TrajectorySearchShard>> = buckets.iter().map(|b| b.as_ref().map(shard_at)).collect();
            meta.find(query, &found)
        };
        let hits = find("git log");
        assert_eq!((hits[0].instance.as_str(), hits[0].steps.as_slice()), ("a", &[1][..]));
        assert_eq!(find("test1")[0].steps[..2], [2, 5], "steps counted from each instance's first");
    }

    #[test]
    fn instances_left_out_leave_the_index_of_the_others_alone() {
        let trajectory = |actions: &[&str]| Trajectory {
            steps: actions
                .iter()
                .map(|action| Step {
                    action: action.to_string(),
                    ..Step::default()
                })
                .collect(),
            ..Trajectory::default()
        };
        let all: BTreeMap<String, Trajectory> = [
            ("a".to_string(), trajectory(&["git log", "pytest -x"])),
            ("b".to_string(), trajectory(&["only in b", "git blame", "pytest"])),
            ("c".to_string(), trajectory(&["git diff"])),
            ("d".to_string(), trajectory(&["last of all"])),
        ]
        .into();
        let mut index = IndexBuilder::default();
        for (instance, trajectory) in &all {
            index.begin(instance);
            trajectory.steps.iter().for_each(|step| index.add(step));
        }
        index.retain_instances(|id| id == "a" || id == "c");
        let kept: BTreeMap<String, Trajectory> = all.into_iter().filter(|(id, _)| id == "a" || id == "c").collect();
        assert_eq!(index.finish(), build(&kept), "as if the others were never read");
    }

    #[test]
    fn a_trajectory_abandoned_halfway_leaves_nothing_in_the_index() {
        let step = |action: &str| Step {
            action: action.into(),
            ..Step::default()
        };
        let mut index = IndexBuilder::default();
        index.begin("a");
        index.add(&step("git log"));
        index.begin("broken");
        index.add(&step("git status"));
        index.add(&step("halfway"));
        index.abandon();
        index.begin("c");
        index.add(&step("git diff"));
        let (meta, shards) = index.finish();
        assert_eq!(
            (meta.instances, meta.starts, meta.documents),
            (vec!["a".into(), "c".into()], vec![0, 1], 2)
        );
        let terms: Vec<&String> = shards.iter().flat_map(|(_, s)| s.terms.keys()).collect();
        assert_eq!(terms, ["diff", "git", "log"]);
        let git = shards.iter().find_map(|(_, s)| s.terms.get("git")).unwrap();
        assert_eq!(git, &[0, 1]);
    }
}
