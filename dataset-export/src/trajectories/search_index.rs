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

/// A bucket holding more postings than this is split by a longer prefix.
const BUCKET_MAX_POSTINGS: usize = 40_000;

/// The index of `trajectories` (instance → trajectory, in instance order): its meta, without
/// bucket paths or files yet, and its shards by bucket name.
#[cfg(test)]
pub fn build(trajectories: &BTreeMap<String, Trajectory>) -> (TrajectorySearchMeta, BTreeMap<String, TrajectorySearchShard>) {
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

    /// The meta (without bucket paths or files yet) and the shards by bucket name.
    pub fn finish(self) -> (TrajectorySearchMeta, BTreeMap<String, TrajectorySearchShard>) {
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
        (meta, shards)
    }
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
        assert!(
            shards.len() > 3,
            "the large `te` bucket is split: {:?}",
            shards.keys().collect::<Vec<_>>()
        );
        meta.buckets = shards.keys().map(|name| (name.clone(), name.clone())).collect();
        for term in ["git", "log", "pytest", "test", "test0", "test2", "te"] {
            let bucket = bucket_for(term, &meta.buckets).unwrap_or_else(|| panic!("{term} has a bucket"));
            assert!(shards[bucket].terms.contains_key(term), "{term} in {bucket}");
        }
        let find = |query: &str| {
            let buckets = meta.buckets_for(query).unwrap();
            let found: Vec<Option<&TrajectorySearchShard>> = buckets.iter().map(|b| b.as_ref().map(|b| &shards[b])).collect();
            meta.find(query, &found)
        };
        let hits = find("git log");
        assert_eq!((hits[0].instance.as_str(), hits[0].steps.as_slice()), ("a", &[1][..]));
        assert_eq!(find("test1")[0].steps[..2], [2, 5], "steps counted from each instance's first");
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
        let terms: Vec<&String> = shards.values().flat_map(|s| s.terms.keys()).collect();
        assert_eq!(terms, ["diff", "git", "log"]);
        let git = shards.values().find_map(|s| s.terms.get("git")).unwrap();
        assert_eq!(git, &[0, 1]);
    }
}
