//! An agent's trajectory on one instance, in one normalized form whatever agent wrote it: its
//! steps (what the agent thought, the command or tool it ran, what it saw back), how it ended,
//! what it submitted, and what it cost. [`facts`] derives from it what the facets and the
//! leaderboard count: steps, tools used, files opened and edited, whether tests ran, loops, and
//! reads of the repository's history beyond the base commit.

pub mod codex_patch;
pub mod compare;
pub mod facts;
pub mod search;
pub mod summary;
pub mod text;
pub mod transcripts;

use serde::{Deserialize, Serialize};

use crate::text_diff::{diff_ops, lines, unified_hunks};

pub use facts::{facts_of, FactsBuilder, TrajectoryFacts};

/// One instance's trajectory, stored as `runs/<run>/trajectories/<instance>.json` and fetched
/// only when opened.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Trajectory {
    /// Layout version, see [`crate::FORMAT_VERSION`].
    pub format_version: u32,
    /// The format it was read from (`swe-agent`, `mini-swe-agent`, ...).
    pub format: String,
    /// The instance it is about.
    pub instance_id: String,
    /// How the agent stopped (`submitted`, `exit_cost`, `Submitted`, ...), as it says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_status: Option<String>,
    /// The patch it submitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submission: Option<String>,
    /// The task as the agent was given it (the first user message), when the format keeps it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<String>,
    /// The agent, with its version where the file gives one (`mini-swe-agent 1.15.0`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<String>,
    /// The model, as the agent's configuration names it (`google/gemini-3-pro-preview`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Cost in US dollars, as the agent counted it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    /// Tokens sent to the model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_in: Option<u64>,
    /// Tokens the model sent back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_out: Option<u64>,
    /// Model calls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_calls: Option<u64>,
    /// Wall time in seconds, first to last moment the format records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// The day (UTC, `2025-11-18`) of the first moment the format records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The reward the agent's own run of the tests gave it, where its format records one
    /// (R2E-Gym's: 1 resolved; Moatless Tools' evaluation of the node shown: 1 resolved, 0 not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward: Option<f64>,
    /// What that run of the tests printed (R2E-Gym's `test_output`): kept as the instance's test
    /// log, not in the trajectory's own file.
    #[serde(skip)]
    pub test_log: Option<String>,
    /// The steps after [`Self::steps`], for a trajectory too large for one file: each a
    /// [`StepChunk`] file, fetched when the reader gets to it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_steps: Vec<StepChunkEntry>,
}

/// One file of a large trajectory's later steps.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StepChunkEntry {
    /// Its path, relative to the data directory.
    pub path: String,
    /// How many steps it holds.
    pub steps: u32,
}

/// A file of consecutive steps of a large trajectory.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StepChunk {
    /// Layout version, see [`crate::FORMAT_VERSION`].
    pub format_version: u32,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// The format of a trace published in words (a Markdown or plain-text log): steps of text, no
/// action recorded.
pub const TEXT_FORMAT: &str = "text";

/// A trajectory's JSON past this size is stored as a head and chunks of steps.
pub const CHUNKED_TRAJECTORY_BYTES: usize = 4 << 20;
/// The head holds about this much of the first steps (the first screen, fast to fetch and parse).
pub const HEAD_STEPS_BYTES: usize = 512 << 10;
/// Each later chunk holds about this much.
pub const STEP_CHUNK_BYTES: usize = 2 << 20;

/// Seconds from the earliest to the latest of `timestamps` (ISO 8601), when two are readable.
pub fn span_seconds<'a>(timestamps: impl IntoIterator<Item = &'a str>) -> Option<f64> {
    let mut span = TimeSpan::default();
    timestamps.into_iter().for_each(|t| span.add(t));
    span.seconds()
}

/// [`span_seconds`] one timestamp at a time.
#[derive(Debug, Default, Clone, Copy)]
pub struct TimeSpan {
    first: f64,
    last: f64,
    read: usize,
}

impl TimeSpan {
    /// Takes in a timestamp (ISO 8601); one that cannot be read is passed over.
    pub fn add(&mut self, timestamp: &str) {
        if let Some(t) = crate::dates::seconds(timestamp) {
            self.add_seconds(t);
        }
    }

    /// Takes in a time as seconds since 1970 (an epoch in milliseconds divided by 1000).
    pub fn add_seconds(&mut self, t: f64) {
        if !t.is_finite() {
            return;
        }
        (self.first, self.last) = if self.read == 0 {
            (t, t)
        } else {
            (self.first.min(t), self.last.max(t))
        };
        self.read += 1;
    }

    /// Seconds from the earliest to the latest, when two were readable.
    pub fn seconds(&self) -> Option<f64> {
        (self.read >= 2).then_some(self.last - self.first)
    }

    /// The day (UTC, `2025-11-18`) of the earliest, when one was readable.
    pub fn first_day(&self) -> Option<String> {
        (self.read >= 1).then(|| {
            let (year, month, day) = crate::dates::civil((self.first / 86_400.0).floor() as i64);
            format!("{year:04}-{month:02}-{day:02}")
        })
    }
}

impl Trajectory {
    /// All its steps: those in the head and those of its chunks.
    pub fn step_count(&self) -> usize {
        self.steps.len() + self.more_steps.iter().map(|c| c.steps as usize).sum::<usize>()
    }
}

/// `steps` cut into runs of about `head_bytes` (the first) and `chunk_bytes` (the rest) of JSON
/// each; every run holds at least one step.
pub fn split_steps(steps: Vec<Step>, head_bytes: usize, chunk_bytes: usize) -> Vec<Vec<Step>> {
    let mut splitter = StepSplitter::new(head_bytes, chunk_bytes);
    let mut runs: Vec<Vec<Step>> = steps.into_iter().filter_map(|step| splitter.push(step)).collect();
    runs.push(splitter.finish());
    runs
}

/// [`split_steps`] one step at a time: each run is given back as soon as it is full, so a
/// trajectory read as a stream is written as it is read.
#[derive(Debug)]
pub struct StepSplitter {
    head_bytes: usize,
    chunk_bytes: usize,
    runs_closed: usize,
    open: Vec<Step>,
    open_bytes: usize,
    total_bytes: usize,
}

impl StepSplitter {
    /// A splitter into a head of about `head_bytes` and chunks of about `chunk_bytes`.
    pub fn new(head_bytes: usize, chunk_bytes: usize) -> Self {
        StepSplitter {
            head_bytes,
            chunk_bytes,
            runs_closed: 0,
            open: Vec::new(),
            open_bytes: 0,
            total_bytes: 0,
        }
    }

    /// Takes the next step; gives back the run it closed, when it starts a new one.
    pub fn push(&mut self, step: Step) -> Option<Vec<Step>> {
        let bytes = serde_json::to_vec(&step).map_or(0, |b| b.len());
        let limit = if self.runs_closed == 0 { self.head_bytes } else { self.chunk_bytes };
        let closed = (self.open_bytes + bytes > limit && !self.open.is_empty()).then(|| {
            self.runs_closed += 1;
            self.open_bytes = 0;
            std::mem::take(&mut self.open)
        });
        self.open_bytes += bytes;
        self.total_bytes += bytes;
        self.open.push(step);
        closed
    }

    /// The JSON bytes of every step taken so far.
    pub fn bytes(&self) -> usize {
        self.total_bytes
    }

    /// The last run (empty when no step came).
    pub fn finish(self) -> Vec<Step> {
        self.open
    }
}

/// What a step's action is written in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionForm {
    /// A command line or a tool's call written as one (`pytest -x`, `open a.py 12`).
    #[default]
    Command,
    /// A tool's call written as the tool's name and what it acts on (`Read /repo/a.py`,
    /// `Grep foo|bar src`): a name and its subject, not a command line.
    Call,
    /// Python source the agent ran (an IPython cell, an evaluation's `python` tool).
    Python,
    /// Words or fields, neither command nor code: a closing message, a request's `key: value`
    /// lines, a search's query.
    Words,
}

impl ActionForm {
    fn is_command(&self) -> bool {
        *self == ActionForm::Command
    }

    /// Its name, as stored: `command`, `call`, `python` or `words`.
    pub fn name(self) -> &'static str {
        match self {
            ActionForm::Command => "command",
            ActionForm::Call => "call",
            ActionForm::Python => "python",
            ActionForm::Words => "words",
        }
    }

    /// The form of code given as a tool's `code` argument: Python where the tool says so
    /// (`python`, `run_ipython`, `execute_ipython_cell`), else words, its language unknown.
    pub fn of_code_for(tool: Option<&str>) -> Self {
        match tool.is_some_and(|tool| tool.to_ascii_lowercase().contains("python")) {
            true => ActionForm::Python,
            false => ActionForm::Words,
        }
    }
}

/// One step: a thought, an action, and what came back; or what the person running the agent said
/// to it after the task (a later prompt of an interactive session).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// What the person said to the agent at this point, after the task the trajectory began with
    /// (a step that holds a prompt holds nothing else).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub prompt: String,
    /// What the agent said before acting.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub thought: String,
    /// The tool it called (`bash`, `str_replace_editor`, `edit`, `open`, ...), when it names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    /// The command or the call, as text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub action: String,
    /// What the action's text is written in, so it is shown as that: a command line unless the
    /// format says otherwise.
    #[serde(default, skip_serializing_if = "ActionForm::is_command")]
    pub action_form: ActionForm,
    /// What the environment returned.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub observation: String,
    /// The command's exit code, when the format records it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returncode: Option<i64>,
    /// Seconds the action took, when recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// Tokens the model was sent for this step, when the format records them per step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_in: Option<u64>,
    /// Tokens the model answered with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_out: Option<u64>,
    /// The step's cost in US dollars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    /// The file edit it made through an editing tool, when it made one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edit: Option<Edit>,
}

impl Step {
    /// A step of the person's words: `prompt`, said to the agent.
    pub fn prompt(prompt: String) -> Self {
        Step { prompt, ..Step::default() }
    }

    /// All its text, as searches read it: prompt, thought, action and observation, a line apart.
    pub fn text(&self) -> String {
        format!("{}\n{}\n{}\n{}", self.prompt, self.thought, self.action, self.observation)
    }
}

/// A file edit an agent made through an editing tool (`str_replace`, `create`): `before`
/// replaced by `after` in `path`; a created file has nothing before.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Edit {
    /// The file, as the agent named it.
    pub path: String,
    /// The text replaced (empty for a new file).
    #[serde(default)]
    pub before: String,
    /// The text put in its place.
    #[serde(default)]
    pub after: String,
    /// The file's line `before` starts at, when the trajectory tells (SWE-agent's `edit 12:15`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_line: Option<u32>,
}

impl Edit {
    /// The edit as a unified diff of the replaced text, numbered from the file's line where the
    /// trajectory tells it, else from the text's first.
    pub fn unified_diff(&self) -> String {
        let path = self.path.trim_start_matches('/');
        let (old, new) = (lines(&self.before), lines(&self.after));
        let hunks = unified_hunks(&old, &new, diff_ops(&old, &new), 3);
        let hunks = match self.first_line {
            Some(first) if first > 1 => shift_hunk_headers(&hunks, first - 1),
            _ => hunks,
        };
        let before = if self.before.is_empty() {
            "/dev/null".to_string()
        } else {
            format!("a/{path}")
        };
        let header = if hunks.is_empty() {
            String::new()
        } else {
            format!("--- {before}\n+++ b/{path}\n")
        };
        format!("diff --git a/{path} b/{path}\n{header}{hunks}")
    }
}

/// `hunks` with every `@@ -a,b +c,d @@` header's starts moved down by `offset` lines.
fn shift_hunk_headers(hunks: &str, offset: u32) -> String {
    let shift = |range: &str| -> String {
        let (start, rest) = range.split_once(',').map_or((range, None), |(s, r)| (s, Some(r)));
        let start = start
            .parse::<u32>()
            .map_or_else(|_| start.to_string(), |s| (s + offset).to_string());
        rest.map_or(start.clone(), |rest| format!("{start},{rest}"))
    };
    let mut out = String::with_capacity(hunks.len());
    for line in hunks.split_inclusive('\n') {
        let ranges = line
            .strip_prefix("@@ -")
            .and_then(|l| l.split_once(" @@"))
            .and_then(|(ranges, tail)| {
                let (old, new) = ranges.split_once(" +")?;
                Some(format!("@@ -{} +{} @@{tail}", shift(old), shift(new)))
            });
        out.push_str(ranges.as_deref().unwrap_or(line));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_begins_on_the_day_of_its_earliest_moment_in_utc() {
        let mut span = TimeSpan::default();
        assert_eq!(span.first_day(), None);
        span.add("not a time");
        assert_eq!(span.first_day(), None);
        span.add("2025-11-18T23:30:00-02:00");
        assert_eq!(span.first_day().as_deref(), Some("2025-11-19"), "01:30 UTC the next day");
        span.add("2024-02-29T00:00:00Z");
        assert_eq!(span.first_day().as_deref(), Some("2024-02-29"));
        span.add("1969-12-31T23:59:59Z");
        assert_eq!(span.first_day().as_deref(), Some("1969-12-31"));
    }

    #[test]
    fn a_command_is_stored_as_before_and_other_forms_by_their_names() {
        let command = Step {
            action: "ls".into(),
            ..Step::default()
        };
        assert_eq!(serde_json::to_string(&command).unwrap(), r#"{"action":"ls"}"#);
        let stored: Step = serde_json::from_str(r#"{"action":"ls"}"#).unwrap();
        assert_eq!(stored.action_form, ActionForm::Command, "a step stored before forms is a command");
        for form in [ActionForm::Call, ActionForm::Python, ActionForm::Words] {
            let step = Step {
                action_form: form,
                ..command.clone()
            };
            let json = serde_json::to_value(&step).unwrap();
            assert_eq!(json["action_form"], form.name());
            assert_eq!(serde_json::from_value::<Step>(json).unwrap(), step);
        }
        assert_eq!(
            [Some("execute_ipython_cell"), Some("python"), Some("sql"), None].map(ActionForm::of_code_for),
            [ActionForm::Python, ActionForm::Python, ActionForm::Words, ActionForm::Words]
        );
    }

    #[test]
    fn an_edit_reads_as_a_diff_of_its_text() {
        let edit = Edit {
            path: "/repo/a.py".into(),
            before: "x = 1\ny = 2\n".into(),
            after: "x = 1\ny = 3\n".into(),
            first_line: None,
        };
        let files = crate::patch::parse_patch(&edit.unified_diff());
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].new_path.as_deref(), Some("repo/a.py"));
        let changed: Vec<(char, &str)> = files[0].hunks[0]
            .lines
            .iter()
            .filter(|l| l.kind != crate::patch::LineKind::Context)
            .map(|l| (if l.kind == crate::patch::LineKind::Added { '+' } else { '-' }, l.text.as_str()))
            .collect();
        assert_eq!(changed, [('-', "y = 2"), ('+', "y = 3")]);
        let created = Edit {
            path: "new.py".into(),
            before: String::new(),
            after: "print(1)\n".into(),
            first_line: None,
        };
        assert_eq!(crate::patch::parse_patch(&created.unified_diff())[0].hunks[0].lines.len(), 1);
    }

    #[test]
    fn steps_split_by_size_keep_their_order_and_a_step_larger_than_a_chunk_whole() {
        let step = |n: usize| Step {
            action: "x".repeat(n),
            ..Step::default()
        };
        let steps = vec![step(10), step(10), step(500), step(10), step(10), step(10)];
        let runs = split_steps(steps.clone(), 40, 60);
        let sizes: Vec<usize> = runs.iter().map(Vec::len).collect();
        assert_eq!(sizes, [1, 1, 1, 2, 1]);
        assert_eq!(runs.concat(), steps);
        assert_eq!(split_steps(Vec::new(), 40, 60), [Vec::<Step>::new()]);
    }

    #[test]
    fn an_edit_that_knows_its_line_is_numbered_from_it() {
        let edit = Edit {
            path: "a.py".into(),
            before: "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n".into(),
            after: "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nL\n".into(),
            first_line: Some(287),
        };
        let headers: Vec<String> = edit
            .unified_diff()
            .lines()
            .filter(|l| l.starts_with("@@"))
            .map(str::to_string)
            .collect();
        assert_eq!(headers, ["@@ -287,5 +287,5 @@", "@@ -295,4 +295,4 @@"]);
        let files = crate::patch::parse_patch(&edit.unified_diff());
        assert_eq!(files[0].hunks[1].old_start, 295);
    }
}
