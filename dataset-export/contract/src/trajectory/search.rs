//! Search across a run's trajectories: which instances' agents ran a command or wrote or saw a
//! phrase, and at which steps. The CLI writes, per run, an index whose documents are the steps
//! of all its trajectories (thought, action and observation), numbered in the order they were read:
//! `runs/<run>/trajectory-search/meta.json` (instances and where their steps start, buckets)
//! and one shard of postings per bucket, fetched only for the query's words. A query's words
//! must all be in one step.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Step;
use crate::search::{bucket_for, terms_of_lowercase, tokenize};
use crate::FileEntry;

/// Where run `run_id`'s trajectory search meta is.
pub fn meta_path(run_id: &str) -> String {
    format!("runs/{run_id}/trajectory-search/meta.json")
}

/// A run's trajectory index: whose steps the documents are, and where the postings live.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TrajectorySearchMeta {
    /// Layout version, see [`crate::FORMAT_VERSION`].
    pub format_version: u32,
    /// The instances with a trajectory, in document order.
    pub instances: Vec<String>,
    /// The first document (step) of each instance; its steps run to the next one's first.
    pub starts: Vec<u32>,
    /// Documents in all.
    pub documents: u32,
    /// Bucket name → shard path, relative to the data directory.
    pub buckets: BTreeMap<String, String>,
    /// Each bucket's size and SHA-256, checked when it is fetched.
    #[serde(default)]
    pub files: Vec<FileEntry>,
}

/// The postings of one bucket: term → the documents (steps) holding it, ascending.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TrajectorySearchShard {
    /// Layout version.
    pub format_version: u32,
    /// Term → documents.
    pub terms: BTreeMap<String, Vec<u32>>,
}

/// The distinct words of a step, as the index holds them.
pub fn step_terms(step: &Step) -> Vec<String> {
    let text = step.text().to_lowercase();
    let mut terms: Vec<String> = terms_of_lowercase(&text).map(str::to_string).collect();
    terms.sort_unstable();
    terms.dedup();
    terms
}

/// An instance whose trajectory matches, with the steps that do (numbered from 1).
#[derive(Debug, Clone, PartialEq)]
pub struct TrajectoryHit {
    /// The instance.
    pub instance: String,
    /// Its matching steps, in order.
    pub steps: Vec<u32>,
}

impl TrajectorySearchMeta {
    /// The bucket paths a query needs, one per word (`None` when it has no word to search for).
    pub fn buckets_for(&self, query: &str) -> Option<Vec<Option<String>>> {
        let terms = tokenize(query);
        (!terms.is_empty()).then(|| terms.iter().map(|t| bucket_for(t, &self.buckets).cloned()).collect())
    }

    /// The instances where one step holds every word of `query`, most matching steps first
    /// (ties by instance id); `shards` are the query's buckets, in [`Self::buckets_for`]'s order.
    pub fn find(&self, query: &str, shards: &[Option<&TrajectorySearchShard>]) -> Vec<TrajectoryHit> {
        let terms = tokenize(query);
        let mut matching: Option<Vec<u32>> = None;
        for (term, shard) in terms.iter().zip(shards) {
            let documents = shard.and_then(|s| s.terms.get(term)).map_or(&[][..], Vec::as_slice);
            matching = Some(match matching {
                None => documents.to_vec(),
                Some(so_far) => intersect(&so_far, documents),
            });
        }
        let mut hits: Vec<TrajectoryHit> = Vec::new();
        for document in matching.unwrap_or_default() {
            // A document before the first start or past the instances (a meta that does not hold
            // together) names no step.
            let Some(at) = self.starts.partition_point(|start| *start <= document).checked_sub(1) else {
                continue;
            };
            let (Some(instance), Some(start)) = (self.instances.get(at), self.starts.get(at)) else {
                continue;
            };
            let step = document - start + 1;
            match hits.last_mut() {
                Some(hit) if hit.instance == *instance => hit.steps.push(step),
                _ => hits.push(TrajectoryHit {
                    instance: instance.clone(),
                    steps: vec![step],
                }),
            }
        }
        crate::sorting::sort_by(&mut hits, |a, b| {
            b.steps.len().cmp(&a.steps.len()).then_with(|| a.instance.cmp(&b.instance))
        });
        hits
    }
}

/// The documents in both ascending lists.
fn intersect(a: &[u32], b: &[u32]) -> Vec<u32> {
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shard(terms: &[(&str, &[u32])]) -> TrajectorySearchShard {
        TrajectorySearchShard {
            format_version: 1,
            terms: terms.iter().map(|(t, d)| (t.to_string(), d.to_vec())).collect(),
        }
    }

    #[test]
    fn every_word_in_one_step_and_steps_named_per_instance() {
        // Instance a has steps 0-2, b 3-4, c 5-9.
        let meta = TrajectorySearchMeta {
            instances: vec!["a".into(), "b".into(), "c".into()],
            starts: vec![0, 3, 5],
            documents: 10,
            buckets: [("gi".to_string(), "g.json".to_string()), ("lo".to_string(), "l.json".to_string())].into(),
            ..TrajectorySearchMeta::default()
        };
        assert_eq!(
            meta.buckets_for("git log --all"),
            Some(vec![Some("g.json".into()), Some("l.json".into())]),
            "`all` is a stop word"
        );
        let git = shard(&[("git", &[1, 2, 4, 6, 7, 9])]);
        let log = shard(&[("log", &[2, 3, 6, 7, 8])]);
        let hits = meta.find("git log", &[Some(&git), Some(&log)]);
        assert_eq!(
            hits,
            [
                TrajectoryHit {
                    instance: "c".into(),
                    steps: vec![2, 3]
                },
                TrajectoryHit {
                    instance: "a".into(),
                    steps: vec![3]
                },
            ],
            "b has both words, never in one step"
        );
        assert!(meta.find("git nowhere", &[Some(&git), None]).is_empty());
        let broken = TrajectorySearchMeta {
            instances: vec!["a".into()],
            starts: vec![3, 5],
            ..meta.clone()
        };
        assert_eq!(
            broken.find("git", &[Some(&git)])[0].steps,
            [2],
            "documents no instance holds are left out"
        );
        assert_eq!(meta.buckets_for("a"), None, "no word to search for");
    }

    #[test]
    fn a_steps_terms_come_from_its_thought_action_and_output() {
        let step = Step {
            thought: "Run the tests".into(),
            action: "python -m pytest tests/".into(),
            observation: "1 passed; Tests OK".into(),
            ..Step::default()
        };
        assert_eq!(step_terms(&step), ["ok", "passed", "pytest", "python", "run", "tests"]);
    }
}
