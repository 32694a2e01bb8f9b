//! A run's trajectories written as they are read, so that importing them holds neither a whole
//! trajectory nor a whole run in memory. Each trajectory's steps go to disk in the layout the run's
//! directory will have (`trajectories/<instance>.json`, or for a large one its head and
//! `trajectories/<instance>/steps-NNNN.json` chunks), in a spool folder beside the data that
//! [`TrajectorySpool::move_into`] moves into the run's directory. What stays in memory is each
//! trajectory's facts and submission, the head of the one being read, at most one chunk and the
//! run's search index.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use benchscope_contract::trajectory::search::{meta_path, TrajectorySearchMeta};
use benchscope_contract::trajectory::{
    FactsBuilder, Step, StepChunk, StepChunkEntry, StepSplitter, Trajectory, TrajectoryFacts, CHUNKED_TRAJECTORY_BYTES, HEAD_STEPS_BYTES,
    STEP_CHUNK_BYTES,
};
use benchscope_contract::wording::agreeing;
use benchscope_contract::{FileEntry, FORMAT_VERSION};

use crate::data_dir::{file_entry, file_name_for, write_file};
use crate::trajectories::search_index::IndexBuilder;
use crate::trajectories::{AgentAndModel, TrajectorySink};

/// What a run keeps of one trajectory once it is spooled.
#[derive(Debug, Clone)]
pub struct SpooledTrajectory {
    /// Its facts, for the run's result.
    pub facts: TrajectoryFacts,
    /// The patch it submitted: the run's model patch for the instance.
    pub submission: Option<String>,
    /// The format it was read from.
    pub format: String,
    /// The agent that made it, and with which model, as far as its file says.
    pub made_by: AgentAndModel,
    /// The day it began, where its file records when.
    pub date: Option<String>,
    /// The reward its agent's own run of the tests gave it, where its file records one.
    pub reward: Option<f64>,
    /// What that run of the tests printed, where its file records it.
    pub test_log: Option<String>,
}

/// The value more than half of `named` are (`what` they name: the agent, the model), and where
/// they are not all that value, a note saying what the others are (the three most named).
fn most_named(what: &str, named: &[&String]) -> (Option<String>, Option<String>) {
    let mut counts: BTreeMap<&String, usize> = BTreeMap::new();
    for value in named {
        *counts.entry(value).or_default() += 1;
    }
    let mut ranked: Vec<(&String, usize)> = counts.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    let Some(&(top, top_count)) = ranked.first() else {
        return (None, None);
    };
    let chosen = (2 * top_count > named.len()).then(|| top.clone());
    if ranked.len() == 1 {
        return (chosen, None);
    }
    // "2 name b, 1 names c, 1 names d, 3 name one of 2 other models"
    let listed = |values: &[(&String, usize)]| {
        let mut shown: Vec<String> = values
            .iter()
            .take(3)
            .map(|(value, n)| format!("{n} {} {value}", agreeing(*n, "names", "name")))
            .collect();
        if values.len() > 3 {
            let rest: usize = values[3..].iter().map(|(_, n)| n).sum();
            let others = match values.len() - 3 {
                1 => format!("another {what}"),
                count => format!("one of {count} other {what}s"),
            };
            shown.push(format!("{rest} {} {others}", agreeing(rest, "names", "name")));
        }
        shown.join(", ")
    };
    let total = named.len();
    let note = match &chosen {
        Some(top) => format!(
            "the run's {what} is {top}, named by {top_count} of the {total} trajectories that name {}; {}",
            with_article(what),
            listed(&ranked[1..])
        ),
        None => format!(
            "the run names no {what}: none of the {} {what}s is named by more than half of the {total} trajectories that name one ({})",
            ranked.len(),
            listed(&ranked)
        ),
    };
    (chosen, Some(note))
}

/// The model a trajectory names, as the run counts it: a name given through Portkey's gateway,
/// `@provider/model` (as 16 of a real mini-swe-agent run's 500 trajectories name
/// `@google/gemini-3-pro-preview`, the rest `google/gemini-3-pro-preview`), counts as the model
/// `provider/model` names.
fn unrouted(model: &str) -> String {
    model
        .strip_prefix('@')
        .filter(|rest| rest.contains('/'))
        .unwrap_or(model)
        .to_string()
}

/// "an agent", "a model".
fn with_article(what: &str) -> String {
    match what.starts_with(['a', 'e', 'i', 'o', 'u']) {
        true => format!("an {what}"),
        false => format!("a {what}"),
    }
}

/// The trajectories of run `run_id`, written as they are read.
pub struct TrajectorySpool {
    run_id: String,
    dir: tempfile::TempDir,
    files: Vec<FileEntry>,
    stored: BTreeMap<String, SpooledTrajectory>,
    index: IndexBuilder,
    open: Option<Open>,
    warnings: Vec<String>,
}

/// The trajectory being read.
struct Open {
    instance: String,
    /// A second trajectory of an instance already read: its steps are passed over.
    duplicate: bool,
    facts: FactsBuilder,
    splitter: StepSplitter,
    /// Runs of steps closed while the trajectory still fits one file.
    closed: Vec<Vec<Step>>,
    /// Once it does not: its head, kept until its chunks are all known.
    head: Option<Vec<Step>>,
    chunks: Vec<StepChunkEntry>,
    written: Vec<FileEntry>,
}

impl TrajectorySpool {
    /// A spool for run `run_id`, in a new hidden folder in `near` (the folder the data directory
    /// is in, so that moving it into place is a rename), else in the system's temporary folder.
    pub fn new(run_id: &str, near: Option<&Path>) -> anyhow::Result<Self> {
        let spool = |folder: &Path| tempfile::Builder::new().prefix(".benchscope-trajectories-").tempdir_in(folder);
        let dir = match near.map(spool) {
            Some(Ok(dir)) => dir,
            _ => spool(&std::env::temp_dir()).context("cannot create a spool folder for the trajectories")?,
        };
        Ok(TrajectorySpool {
            run_id: run_id.to_string(),
            dir,
            files: Vec::new(),
            stored: BTreeMap::new(),
            index: IndexBuilder::default(),
            open: None,
            warnings: Vec::new(),
        })
    }

    /// The run the spool is for.
    pub fn run_id(&self) -> &str {
        &self.run_id
    }

    /// Every trajectory read to its end, by instance.
    pub fn trajectories(&self) -> &BTreeMap<String, SpooledTrajectory> {
        &self.stored
    }

    /// The agent and the model of the whole run: each the one named by more than half of the
    /// trajectories that name one (`None` where none is), with a note for the run of those that
    /// name another.
    pub fn made_by(&self) -> (AgentAndModel, Vec<String>) {
        let named =
            |of: fn(&AgentAndModel) -> Option<&String>| -> Vec<&String> { self.stored.values().filter_map(|t| of(&t.made_by)).collect() };
        let (agent, agent_note) = most_named("agent", &named(|m| m.agent.as_ref()));
        let models: Vec<String> = named(|m| m.model.as_ref()).into_iter().map(|m| unrouted(m)).collect();
        let (model, model_note) = most_named("model", &models.iter().collect::<Vec<_>>());
        (AgentAndModel { agent, model }, agent_note.into_iter().chain(model_note).collect())
    }

    /// The day the earliest trajectory began, where any records when.
    pub fn first_day(&self) -> Option<String> {
        self.stored.values().filter_map(|t| t.date.clone()).min()
    }

    /// What the reading passed over, for the run's notes.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Keeps the trajectories of the instances `keep` holds: the others' files, search entries
    /// and facts go (their split does not have those instances, so the run does not count
    /// them). Called between trajectories, never with one open.
    pub fn keep_only(&mut self, keep: impl Fn(&str) -> bool) {
        let dropped: Vec<String> = self.stored.keys().filter(|id| !keep(id)).cloned().collect();
        if dropped.is_empty() {
            return;
        }
        self.index.retain_instances(&keep);
        let mut gone = std::collections::HashSet::new();
        for instance in &dropped {
            self.stored.remove(instance);
            let (file, chunks) = (Self::relative_path(instance), format!("{TRAJECTORIES}/{}", file_name_for(instance)));
            let _ = std::fs::remove_file(self.dir.path().join(&file));
            let _ = std::fs::remove_dir_all(self.dir.path().join(&chunks));
            gone.insert(format!("runs/{}/{file}", self.run_id));
            gone.insert(format!("runs/{}/{chunks}", self.run_id));
        }
        // A chunk's path is its trajectory's folder and the chunk's name.
        let folder_of = |path: &str| path.rsplit_once('/').map_or("", |(folder, _)| folder).to_string();
        self.files
            .retain(|f| !gone.contains(&f.path) && !gone.contains(&folder_of(&f.path)));
    }

    /// Moves the spooled files into the run's directory `run_dir` and writes its search index
    /// there; gives back the files' entries, the index's meta, and each instance's facts.
    pub fn move_into(
        mut self,
        run_dir: &Path,
    ) -> anyhow::Result<(Vec<FileEntry>, TrajectorySearchMeta, BTreeMap<String, TrajectoryFacts>)> {
        let meta = self.write_search_index()?;
        for folder in [TRAJECTORIES, TRAJECTORY_SEARCH] {
            let (from, to) = (self.dir.path().join(folder), run_dir.join(folder));
            if from.exists() {
                move_dir(&from, &to).with_context(|| format!("cannot move {} to {}", from.display(), to.display()))?;
            }
        }
        let facts = self.stored.into_iter().map(|(instance, t)| (instance, t.facts)).collect();
        Ok((self.files, meta, facts))
    }

    /// Writes the shards of the run's trajectory search index and gives back its meta, which
    /// lists them with their hashes (the manifest lists only the meta, as for the statement
    /// search).
    fn write_search_index(&mut self) -> anyhow::Result<TrajectorySearchMeta> {
        debug_assert_eq!(meta_path(&self.run_id), format!("runs/{}/{TRAJECTORY_SEARCH_META}", self.run_id));
        let (mut meta, shards) = std::mem::take(&mut self.index).finish();
        for (number, (buckets, shard)) in shards.iter().enumerate() {
            let entry = self.write(&format!("{TRAJECTORY_SEARCH}/{number:04}.json"), &serde_json::to_vec(shard)?)?;
            meta.buckets
                .extend(buckets.iter().map(|bucket| (bucket.clone(), entry.path.clone())));
            meta.files.push(entry);
        }
        Ok(meta)
    }

    /// Writes `bytes` at `relative` inside the run's directory-to-be; gives back its entry.
    fn write(&self, relative: &str, bytes: &[u8]) -> anyhow::Result<FileEntry> {
        write_file(&self.dir.path().join(relative), bytes)?;
        Ok(file_entry(&format!("runs/{}/{relative}", self.run_id), bytes))
    }

    /// Where instance `instance`'s trajectory file goes, inside the run's directory.
    fn relative_path(instance: &str) -> String {
        format!("{TRAJECTORIES}/{}.json", file_name_for(instance))
    }

    /// Keeps a run of steps closed once the trajectory is too large for one file: the first as
    /// its head, each later one written as a chunk.
    fn close_run(&mut self, steps: Vec<Step>) -> anyhow::Result<()> {
        let open = self.open.as_mut().expect("a trajectory is open");
        if open.head.is_none() {
            open.head = Some(steps);
            return Ok(());
        }
        let relative = format!(
            "{TRAJECTORIES}/{}/steps-{:04}.json",
            file_name_for(&open.instance),
            open.chunks.len() + 1
        );
        open.chunks.push(StepChunkEntry {
            path: format!("runs/{}/{relative}", self.run_id),
            steps: steps.len() as u32,
        });
        let chunk = StepChunk {
            format_version: FORMAT_VERSION,
            steps,
        };
        let entry = self.write(&relative, &serde_json::to_vec(&chunk)?)?;
        self.open.as_mut().expect("a trajectory is open").written.push(entry);
        Ok(())
    }
}

/// The folder of a run's directory that holds its trajectories.
const TRAJECTORIES: &str = "trajectories";
/// The folder that holds their search index.
const TRAJECTORY_SEARCH: &str = "trajectory-search";
/// Where the index's meta is, inside the run's directory.
pub const TRAJECTORY_SEARCH_META: &str = "trajectory-search/meta.json";

impl TrajectorySink for TrajectorySpool {
    fn begin(&mut self, instance: &str) -> anyhow::Result<()> {
        let duplicate = self.stored.contains_key(instance);
        if duplicate {
            self.warnings
                .push(format!("{instance} has a second trajectory; the first one read is kept"));
        } else {
            self.index.begin(instance);
        }
        let path = format!("runs/{}/{}", self.run_id, Self::relative_path(instance));
        self.open = Some(Open {
            instance: instance.to_string(),
            duplicate,
            facts: FactsBuilder::new(&path),
            splitter: StepSplitter::new(HEAD_STEPS_BYTES, STEP_CHUNK_BYTES),
            closed: Vec::new(),
            head: None,
            chunks: Vec::new(),
            written: Vec::new(),
        });
        Ok(())
    }

    fn step(&mut self, step: Step) -> anyhow::Result<()> {
        let open = self.open.as_mut().context("a step before its trajectory began")?;
        if open.duplicate {
            return Ok(());
        }
        open.facts.add(&step);
        self.index.add(&step);
        if let Some(run) = open.splitter.push(step) {
            open.closed.push(run);
        }
        if open.splitter.bytes() > CHUNKED_TRAJECTORY_BYTES {
            for run in std::mem::take(&mut open.closed) {
                self.close_run(run)?;
            }
        }
        Ok(())
    }

    fn end(&mut self, mut trajectory: Trajectory) -> anyhow::Result<()> {
        let open = self.open.as_mut().context("a trajectory ended before it began")?;
        if open.duplicate {
            self.open = None;
            return Ok(());
        }
        let chunked = open.splitter.bytes() > CHUNKED_TRAJECTORY_BYTES;
        let last = std::mem::replace(&mut open.splitter, StepSplitter::new(0, 0)).finish();
        if chunked {
            self.close_run(last)?;
        } else {
            open.closed.push(last);
        }
        let open = self.open.take().expect("checked above");
        let facts = open.facts.finish(&trajectory);
        let submission = trajectory.submission.clone();
        let format = trajectory.format.clone();
        let made_by = AgentAndModel {
            agent: trajectory.agent.clone(),
            model: trajectory.model.clone(),
        };
        let date = trajectory.date.clone();
        let reward = trajectory.reward;
        let test_log = trajectory.test_log.take();
        let stored = if chunked {
            Trajectory {
                steps: open.head.unwrap_or_default(),
                more_steps: open.chunks,
                ..trajectory
            }
        } else {
            Trajectory {
                steps: open.closed.concat(),
                ..trajectory
            }
        };
        let entry = self.write(&Self::relative_path(&open.instance), &serde_json::to_vec(&stored)?)?;
        self.files.extend(open.written);
        self.files.push(entry);
        self.stored.insert(
            open.instance,
            SpooledTrajectory {
                facts,
                submission,
                format,
                made_by,
                date,
                reward,
                test_log,
            },
        );
        Ok(())
    }

    fn abandon(&mut self) {
        let Some(open) = self.open.take() else { return };
        if open.duplicate {
            return;
        }
        self.index.abandon();
        for entry in open.written {
            let relative = entry.path.trim_start_matches(&format!("runs/{}/", self.run_id)).to_string();
            let _ = std::fs::remove_file(self.dir.path().join(relative));
        }
    }
}

/// Moves the folder `from` to `to`: a rename, or a copy when they are on different file systems
/// (the spool in the system's temporary folder).
fn move_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    if std::fs::rename(from, to).is_ok() {
        return Ok(());
    }
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            move_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(values: &[(&str, usize)]) -> Vec<String> {
        values.iter().flat_map(|(v, n)| std::iter::repeat_n(v.to_string(), *n)).collect()
    }

    #[test]
    fn the_value_more_than_half_name_is_chosen_and_the_three_most_named_others_said() {
        let values = named(&[("a", 6), ("b", 2), ("c", 1), ("d", 1), ("e", 1)]);
        let (chosen, note) = most_named("model", &values.iter().collect::<Vec<_>>());
        assert_eq!(chosen.as_deref(), Some("a"));
        assert_eq!(
            note.as_deref(),
            Some(
                "the run's model is a, named by 6 of the 11 trajectories that name a model; 2 name b, 1 names c, 1 names d, 1 names another model"
            )
        );
        let values = named(&[("a", 2), ("b", 2)]);
        let (chosen, note) = most_named("agent", &values.iter().collect::<Vec<_>>());
        assert_eq!(chosen, None);
        assert_eq!(
            note.as_deref(),
            Some("the run names no agent: none of the 2 agents is named by more than half of the 4 trajectories that name one (2 name a, 2 name b)")
        );
        let values = named(&[("a", 7), ("b", 1), ("c", 1), ("d", 1), ("e", 1), ("f", 2)]);
        let (_, note) = most_named("model", &values.iter().collect::<Vec<_>>());
        assert!(note
            .unwrap()
            .ends_with("2 name f, 1 names b, 1 names c, 2 name one of 2 other models"));
        let values = named(&[("a", 3)]);
        assert_eq!(most_named("model", &values.iter().collect::<Vec<_>>()), (Some("a".into()), None));
        assert_eq!(most_named("model", &[]), (None, None));
    }

    #[test]
    fn a_model_named_through_portkeys_gateway_is_the_model_it_routes_to() {
        assert_eq!(unrouted("@google/gemini-3-pro-preview"), "google/gemini-3-pro-preview");
        assert_eq!(unrouted("google/gemini-3-pro-preview"), "google/gemini-3-pro-preview");
        assert_eq!(unrouted("@latest"), "@latest", "no provider: not a gateway's name");
    }
}
