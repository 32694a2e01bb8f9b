//! Agent trajectories into the contract's [`Trajectory`]: one module per agent's format, each a
//! [`TrajectoryFormat`] registered in [`FORMATS`] and recognized from the file's content.

mod answers;
pub mod atif;
pub mod branches;
pub mod claude_code;
pub mod codex;
pub mod cursor;
pub mod gemini;
pub mod inspect;
pub mod mini_swe_agent;
pub mod moatless;
pub mod opencode;
pub mod openhands;
pub mod published_text;
pub mod qwen_code;
pub mod r2e_gym;
mod record_fields;
pub mod search_index;
pub mod stream;
pub mod swe_agent;
pub mod trae_agent;
pub mod transcripts;
pub mod turns;
pub mod xml_calls;

use std::io::Read;
use std::path::Path;

use anyhow::Context;
use benchscope_contract::trajectory::{Step, Trajectory};
use benchscope_contract::FORMAT_VERSION;
use serde_json::Value;

pub use record_fields::{call_text, content_text, edit_line, edit_of, file_command_line, from_info, model_stats, text};

/// One agent's trajectory format.
pub trait TrajectoryFormat: Sync {
    /// Its name, as the trajectory records it.
    fn name(&self) -> &'static str;
    /// Whether the document whose skeleton is `skeleton` (its fields, each of the [`stream`]ed
    /// arrays cut to its first element) is one of this format's trajectories.
    fn detect(&self, skeleton: &Value) -> bool;
    /// A reader of that document's steps, which come as its streamed arrays' elements.
    fn reader(&self, skeleton: Value) -> Box<dyn StepReader>;
    /// The instance the document names, if it names one.
    fn instance_of(&self, skeleton: &Value) -> Option<String> {
        text(skeleton, "instance_id")
    }
    /// The agent and the model that made the document, as far as its configuration says.
    fn agent_of(&self, _skeleton: &Value) -> AgentAndModel {
        AgentAndModel::default()
    }
}

/// Which agent made a trajectory, and with which model.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AgentAndModel {
    /// The agent, with its version where known (`mini-swe-agent 1.15.0`).
    pub agent: Option<String>,
    /// The model (`google/gemini-3-pro-preview`).
    pub model: Option<String>,
}

impl AgentAndModel {
    /// `agent` (with `version` after it, when given) and `model`, each left out when blank.
    pub fn new(agent: Option<&str>, version: Option<&str>, model: Option<&str>) -> Self {
        let present = |text: Option<&str>| text.map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
        let agent = present(agent).map(|agent| match present(version) {
            Some(version) => format!("{agent} {version}"),
            None => agent,
        });
        AgentAndModel {
            agent,
            model: present(model),
        }
    }
}

/// Reads one document's steps from the elements of its streamed arrays, in the file's order.
pub trait StepReader {
    /// Takes in `element` of the streamed array `key`, adding to `steps` the steps it completes.
    fn element(&mut self, key: &str, element: Value, steps: &mut Vec<Step>);
    /// The trajectory without its steps, once every element is in; the steps it still held go
    /// to `steps`.
    fn finish(self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory;
}

/// Receives trajectories as they are read: each begins, gets its steps one by one, and ends.
pub trait TrajectorySink {
    /// A trajectory of `instance` begins.
    fn begin(&mut self, instance: &str) -> anyhow::Result<()>;
    /// The next step of the trajectory begun.
    fn step(&mut self, step: Step) -> anyhow::Result<()>;
    /// The trajectory begun ends: `trajectory` is all of it but its steps.
    fn end(&mut self, trajectory: Trajectory) -> anyhow::Result<()>;
    /// The trajectory begun could not be read to its end: it is forgotten.
    fn abandon(&mut self);
}

/// Every format, the first that recognizes a document reads it.
/// Inspect comes before mini-swe-agent, whose messages-only shape an Inspect sample also has.
pub const FORMATS: &[&dyn TrajectoryFormat] = &[
    &swe_agent::SweAgent,
    &openhands::OpenHands,
    &openhands::saved::SavedTrajectory,
    &atif::Atif,
    &gemini::session::GeminiChat,
    &trae_agent::TraeAgent,
    &opencode::export::OpenCodeExport,
    &r2e_gym::R2eGym,
    &moatless::Moatless,
    &moatless::nodes::MoatlessNodes,
    &inspect::Inspect,
    &mini_swe_agent::MiniSweAgent,
];

/// Whether `name` is a trajectory file's name (`<id>.traj`, `<id>.traj.json`, Inspect's `.eval`,
/// Harbor's `trajectory.json`).
pub fn is_trajectory_file(name: &str) -> bool {
    let name = crate::input::compressed::plain_name(name);
    name.ends_with(".traj") || name.ends_with(".traj.json") || name.ends_with(".eval") || name == ATIF_FILE
}

/// The file name Harbor gives an ATIF trajectory.
const ATIF_FILE: &str = "trajectory.json";

/// The instance a trajectory file is named after: `<id>.traj` or `<id>.traj.json`, or for
/// Harbor's `trajectory.json` its trial folder.
pub fn instance_of_file(path: &Path) -> String {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let name = crate::input::compressed::plain_name(&name);
    if name == ATIF_FILE {
        if let Some(instance) = atif::instance_of_trial(path) {
            return instance;
        }
    }
    if transcripts::is_named_for_session(path) {
        return transcripts::instance_of_transcript(path);
    }
    name.trim_end_matches(".json").trim_end_matches(".traj").to_string()
}

/// Reads the trajectories of the file at `path` into `sink`, a step at a time: one JSON document
/// (SWE-agent, mini-swe-agent, ATIF, an OpenCode export, Moatless Tools), JSON Lines of one instance each
/// (OpenHands' `output.jsonl`, R2E-Gym's records), Inspect's samples (a zip, `.eval`, or a JSON
/// log), or a coding agent's transcript (Claude Code's, Codex's, Gemini CLI's, Qwen Code's,
/// Cursor CLI's, OpenCode's: JSON Lines of one instance, a line an event). A file no format reads gives nothing; one that breaks
/// off keeps the trajectories read before the break.
pub fn stream_file(path: &Path, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
    if inspect::is_zip_file(path)? {
        return inspect::stream_samples(path, sink);
    }
    if openhands::conversation::is_conversation(path) {
        return openhands::conversation::stream(path, sink);
    }
    let open = || crate::input::compressed::open(path).with_context(|| format!("cannot read {}", path.display()));
    // A file named for another format is not read twice to be told.
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if !is_trajectory_file(&name) {
        if let Some(start) = transcripts::start_of(open()?) {
            let taken_back = transcripts::taken_back(start.agent, open()?);
            return transcripts::stream_transcript(start, open()?, path, &taken_back, sink);
        }
    }
    let skeletons = stream::skeletons(open()?)
        .map_err(|error| anyhow::Error::new(error).context(UnknownFormat(format!("{}: not JSON or JSON Lines", path.display()))))?;
    if let [log] = skeletons.as_slice() {
        if inspect::is_json_log(log) {
            return inspect::stream_json_log(open()?, path, log, sink);
        }
    }
    stream_documents(open()?, skeletons, path, &path.display().to_string(), sink)
}

/// Reads the file at `path` of a folder of trajectories as [`stream_file`] does, or, a trace
/// published in `trajs/` that no agent's reader knows, as text ([`published_text`]).
pub fn stream_published(path: &Path, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
    if published_text::is_text_only(path) {
        return published_text::stream(path, sink);
    }
    match stream_file(path, sink) {
        // Refused before any of it was read into `sink`.
        Err(error) if error.downcast_ref::<UnknownFormat>().is_some() && published_text::is_trace_file(path) => {
            published_text::stream(path, sink)
        }
        read => read,
    }
}

/// Whether trajectories of the format `format` hold the patch they submitted: an agent's
/// transcript, an OpenHands conversation and Trae Agent's trajectory hold the calls that edited
/// files, and a trace published as text its words, never the patch they made.
pub fn holds_submission(format: &str) -> bool {
    let never = [
        published_text::FORMAT,
        openhands::conversation::FORMAT,
        openhands::saved::FORMAT,
        trae_agent::FORMAT,
    ];
    !transcripts::is_transcript_format(format) && !never.contains(&format)
}

/// A file no agent's reader knows, refused before any of it was read.
#[derive(Debug)]
pub struct UnknownFormat(String);

impl std::fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UnknownFormat {}

/// Streams into `sink` the documents `reader` holds, whose skeletons are `skeletons` (read
/// before, from the same bytes); `path` is the file they came from, `label` how errors name them.
pub fn stream_documents(
    reader: impl Read,
    skeletons: Vec<Value>,
    path: &Path,
    label: &str,
    sink: &mut dyn TrajectorySink,
) -> anyhow::Result<()> {
    let documents = skeletons
        .into_iter()
        .map(|skeleton| Document::of(skeleton, path, label))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut stream = DocumentStream {
        documents: documents.into_iter().map(Some).collect(),
        open: None,
        steps: Vec::new(),
        sink,
    };
    if let Err(error) = stream::elements(reader, &mut stream) {
        if stream.open.is_some() {
            stream.sink.abandon();
        }
        return Err(error.context(label.to_string()));
    }
    Ok(())
}

/// The trajectories of the file at `path`, each whole (for files known to be small, and tests).
pub fn read_file(path: &Path) -> anyhow::Result<Vec<Trajectory>> {
    let mut collected = Collected::default();
    stream_file(path, &mut collected)?;
    Ok(collected.trajectories)
}

/// The trajectories `bytes` hold, read as from a file at `path` (for fuzzing and tests).
pub fn read_bytes(bytes: &[u8], path: &Path) -> anyhow::Result<Vec<Trajectory>> {
    let mut collected = Collected::default();
    if inspect::is_zip(bytes) {
        inspect::stream_samples_of(std::io::Cursor::new(bytes), path, &mut collected)?;
    } else if let Some(start) = transcripts::start_of(bytes) {
        let taken_back = transcripts::taken_back(start.agent, bytes);
        transcripts::stream_transcript(start, bytes, path, &taken_back, &mut collected)?;
    } else {
        let skeletons = stream::skeletons(bytes).with_context(|| format!("{}: not JSON or JSON Lines", path.display()))?;
        match skeletons.as_slice() {
            [log] if inspect::is_json_log(log) => inspect::stream_json_log(bytes, path, log, &mut collected)?,
            _ => stream_documents(bytes, skeletons, path, &path.display().to_string(), &mut collected)?,
        }
    }
    Ok(collected.trajectories)
}

/// Whether the first record of a JSON Lines text is a trajectory (OpenHands' output).
pub fn is_trajectory_record(record: &Value) -> bool {
    FORMATS.iter().any(|f| f.detect(record))
}

/// One document of a file, its format recognized from its skeleton.
struct Document {
    format: &'static dyn TrajectoryFormat,
    instance: String,
    made_by: AgentAndModel,
    skeleton: Value,
}

impl Document {
    fn of(skeleton: Value, path: &Path, label: &str) -> anyhow::Result<Self> {
        let Some(format) = FORMATS.iter().copied().find(|f| f.detect(&skeleton)) else {
            return Err(UnknownFormat(format!(
                "{label}: not a trajectory of a known agent \
                 (SWE-agent, mini-swe-agent, OpenHands, Inspect, ATIF, Moatless Tools, Trae Agent, R2E-Gym, Claude Code, Codex, Gemini CLI, Qwen Code, Cursor CLI, OpenCode)"
            ))
            .into());
        };
        let instance = format.instance_of(&skeleton).unwrap_or_else(|| instance_of_file(path));
        Ok(Document {
            format,
            instance,
            made_by: format.agent_of(&skeleton),
            skeleton,
        })
    }
}

/// The document whose elements are streaming by: its reader, its format's name, its instance and
/// who made it.
type OpenDocument = (Box<dyn StepReader>, &'static str, String, AgentAndModel);

/// A file's documents as their elements stream by: each one's reader opened at its first element,
/// its steps passed on as they complete.
struct DocumentStream<'a> {
    documents: Vec<Option<Document>>,
    open: Option<OpenDocument>,
    steps: Vec<Step>,
    sink: &'a mut dyn TrajectorySink,
}

impl DocumentStream<'_> {
    /// The reader of `document`, opened (and its trajectory begun) when it is not yet.
    fn reader_of(&mut self, document: usize) -> anyhow::Result<&mut Box<dyn StepReader>> {
        if self.open.is_none() {
            let Document {
                format,
                instance,
                made_by,
                skeleton,
            } = self
                .documents
                .get_mut(document)
                .and_then(Option::take)
                .context("the file changed while it was read")?;
            self.sink.begin(&instance)?;
            self.open = Some((format.reader(skeleton), format.name(), instance, made_by));
        }
        Ok(&mut self.open.as_mut().expect("opened above").0)
    }

    fn pass_steps(&mut self) -> anyhow::Result<()> {
        self.steps.drain(..).try_for_each(|step| self.sink.step(step))
    }
}

impl stream::Elements for DocumentStream<'_> {
    fn element(&mut self, document: usize, key: &str, value: Value) -> anyhow::Result<()> {
        let mut steps = std::mem::take(&mut self.steps);
        self.reader_of(document)?.element(key, value, &mut steps);
        self.steps = steps;
        self.pass_steps()
    }

    fn end(&mut self, document: usize) -> anyhow::Result<()> {
        self.reader_of(document)?;
        let (reader, format, instance, made_by) = self.open.take().expect("opened above");
        let mut trajectory = reader.finish(&mut self.steps);
        if let Err(error) = self.pass_steps() {
            self.sink.abandon();
            return Err(error);
        }
        trajectory.format_version = FORMAT_VERSION;
        trajectory.format = format.to_string();
        trajectory.instance_id = instance;
        trajectory.agent = trajectory.agent.or(made_by.agent);
        trajectory.model = trajectory.model.or(made_by.model);
        self.sink.end(trajectory)
    }
}

/// A sink that keeps every trajectory whole.
#[derive(Default)]
struct Collected {
    trajectories: Vec<Trajectory>,
    steps: Vec<Step>,
}

impl TrajectorySink for Collected {
    fn begin(&mut self, _instance: &str) -> anyhow::Result<()> {
        self.steps.clear();
        Ok(())
    }

    fn step(&mut self, step: Step) -> anyhow::Result<()> {
        self.steps.push(step);
        Ok(())
    }

    fn end(&mut self, mut trajectory: Trajectory) -> anyhow::Result<()> {
        trajectory.steps = std::mem::take(&mut self.steps);
        self.trajectories.push(trajectory);
        Ok(())
    }

    fn abandon(&mut self) {
        self.steps.clear();
    }
}

/// A trajectory's steps as its readers' tests compare them: thought, action, observation and
/// exit code.
#[cfg(test)]
pub(crate) fn steps_shown(trajectory: &Trajectory) -> Vec<(&str, &str, &str, Option<i64>)> {
    trajectory
        .steps
        .iter()
        .map(|s| (s.thought.as_str(), s.action.as_str(), s.observation.as_str(), s.returncode))
        .collect()
}
