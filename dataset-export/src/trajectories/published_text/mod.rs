//! Traces published as text: SWE-bench's experiments ask each submission for "one reasoning trace
//! per task instance" in `trajs/`, named by the instance, "in any text based file format (e.g.
//! md, json, yaml)". Those of an agent Benchscope reads are read as that agent's; any other (a
//! Markdown log, a plain log, YAML, JSON of a shape no reader knows, laid out a member a line) is
//! kept as text, a step at each Markdown heading or every few dozen kilobytes, so that a reader
//! finds it beside the instance and the trajectories' search finds its words.

mod reindent;

pub use reindent::Reindented;

use std::io::Read;
use std::path::Path;

use anyhow::Context;
use benchscope_contract::trajectory::{Step, Trajectory};
use benchscope_contract::FORMAT_VERSION;

use super::TrajectorySink;
use crate::input::compressed::{self, plain_name};

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = benchscope_contract::trajectory::TEXT_FORMAT;

/// The folder traces are published in, as SWE-bench's and Multi-SWE-bench's experiments name it
/// (not `trajectories/`, where Benchscope's own data directory keeps its normalized ones).
const TRACE_FOLDER: &str = "trajs";

/// Text files whose content no agent's reader is asked to recognize.
const TEXT_EXTENSIONS: [&str; 6] = ["md", "markdown", "txt", "log", "yaml", "yml"];

/// JSON, which an agent's reader may recognize, and is text otherwise.
const JSON_EXTENSIONS: [&str; 2] = ["json", "jsonl"];

/// A step holds at most this many bytes of the trace (a byte that is not UTF-8 shown as U+FFFD,
/// three bytes): a trace of megabytes is many steps, each drawn and folded as any other.
pub const MOST_STEP_BYTES: usize = STEP_BYTES;
const STEP_BYTES: usize = 32 * 1024;

/// Whether the file at `path` is a published trace: in a `trajs/` folder, a text or JSON file
/// named by an instance of SWE-bench's kind (`owner__repo-123`), which the run's own files beside
/// the traces (`preds.json`, `minisweagent.log`, `exit_statuses_….yaml`) are not.
pub fn is_trace_file(path: &Path) -> bool {
    let in_trace_folder = path
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|folder| folder.eq_ignore_ascii_case(TRACE_FOLDER));
    let text_or_json = extension_of(path).is_some_and(|e| TEXT_EXTENSIONS.contains(&e.as_str()) || JSON_EXTENSIONS.contains(&e.as_str()));
    in_trace_folder && text_or_json && is_instance_id(&instance_of(path))
}

/// Whether `name` is an instance id of SWE-bench's kind: a repository's owner and name joined by
/// `__`, then `-` and the pull request's number (`django__django-11099`).
fn is_instance_id(name: &str) -> bool {
    let Some((owner, rest)) = name.split_once("__") else {
        return false;
    };
    let Some((repository, number)) = rest.rsplit_once('-') else {
        return false;
    };
    let named = |part: &str| !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
    named(owner) && named(repository) && !number.is_empty() && number.chars().all(|c| c.is_ascii_digit())
}

/// Whether the file at `path` is a trace read as text without asking any agent's reader.
pub fn is_text_only(path: &Path) -> bool {
    is_trace_file(path) && extension_of(path).is_some_and(|e| TEXT_EXTENSIONS.contains(&e.as_str()))
}

/// The file's extension, lower-cased, past a compression suffix (`.md.gz` is `md`).
fn extension_of(path: &Path) -> Option<String> {
    let name = plain_name(&path.file_name()?.to_string_lossy()).to_string();
    let (_, extension) = name.rsplit_once('.')?;
    Some(extension.to_ascii_lowercase())
}

/// The instance a trace is named by: its file's name without its extension.
pub fn instance_of(path: &Path) -> String {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let name = plain_name(&name);
    name.rsplit_once('.').map_or(name, |(stem, _)| stem).to_string()
}

/// Streams the trace at `path` into `sink` as one trajectory of text steps.
pub fn stream(path: &Path, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
    let reader = compressed::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let extension = extension_of(path).unwrap_or_default();
    let instance = instance_of(path);
    let read = match extension.as_str() {
        "md" | "markdown" => stream_text(reader, true, &instance, sink),
        // JSON no reader knows, a member a line: often it is one line of megabytes.
        "json" | "jsonl" => stream_text(Reindented::new(reader), false, &instance, sink),
        _ => stream_text(reader, false, &instance, sink),
    };
    read.with_context(|| format!("{}: cannot be read to its end", path.display()))
}

/// The trace `bytes` hold, Markdown or not, as one trajectory (for fuzzing and tests).
pub fn read_text_bytes(bytes: &[u8], markdown: bool) -> anyhow::Result<Trajectory> {
    let mut collected = super::Collected::default();
    stream_text(bytes, markdown, "trace", &mut collected)?;
    Ok(collected.trajectories.remove(0))
}

/// Streams the text `reader` holds into `sink` as the trajectory of `instance`.
fn stream_text(reader: impl Read, markdown: bool, instance: &str, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
    sink.begin(instance)?;
    let mut steps = Sections::new(markdown);
    if let Err(error) = read_lines(reader, |line| steps.line(line, sink)) {
        sink.abandon();
        return Err(error);
    }
    steps.flush(sink)?;
    sink.end(Trajectory {
        format_version: FORMAT_VERSION,
        format: FORMAT.to_string(),
        instance_id: instance.to_string(),
        ..Trajectory::default()
    })
}

/// Calls `line` with each line `reader` holds (its newline kept), a line longer than a step
/// given in pieces of a step's size at most, cut between characters; bytes that are not UTF-8
/// are read as U+FFFD.
fn read_lines(mut reader: impl Read, mut line: impl FnMut(&str) -> anyhow::Result<()>) -> anyhow::Result<()> {
    let mut pending: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let read = reader.read(&mut chunk)?;
        if read == 0 {
            break;
        }
        pending.extend_from_slice(&chunk[..read]);
        let mut start = 0;
        loop {
            let rest = &pending[start..];
            let end = match rest.iter().position(|&b| b == b'\n') {
                Some(newline) => newline + 1,
                None if rest.len() > STEP_BYTES => rest.len(),
                None => break,
            };
            let piece = if end > STEP_BYTES { char_boundary(rest, STEP_BYTES) } else { end };
            line(&String::from_utf8_lossy(&rest[..piece]))?;
            start += piece;
        }
        pending.drain(..start);
    }
    if !pending.is_empty() {
        line(&String::from_utf8_lossy(&pending))?;
    }
    Ok(())
}

/// The largest cut of `bytes` (longer than `at`) at most `at` that does not split a UTF-8
/// character (a cut of at least one byte, whatever the bytes are).
fn char_boundary(bytes: &[u8], at: usize) -> usize {
    let is_continuation = |b: u8| b & 0b1100_0000 == 0b1000_0000;
    (1..=at).rev().find(|&cut| !is_continuation(bytes[cut])).unwrap_or(at)
}

/// The trace's steps as its lines come: a section of Markdown (a heading and what follows it,
/// outside code fences) or a piece of plain text, each at most about [`STEP_BYTES`].
struct Sections {
    markdown: bool,
    in_fence: bool,
    text: String,
}

impl Sections {
    fn new(markdown: bool) -> Self {
        Sections {
            markdown,
            in_fence: false,
            text: String::new(),
        }
    }

    fn line(&mut self, line: &str, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
        if self.markdown {
            let trimmed = line.trim_start();
            if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
                self.in_fence = !self.in_fence;
            }
            if !self.in_fence && is_heading(line) {
                self.flush(sink)?;
            }
        }
        if self.text.len() + line.len() > STEP_BYTES {
            self.flush(sink)?;
        }
        self.text.push_str(line);
        Ok(())
    }

    /// The text gathered, as a step: Markdown as the step's words, other text as what it shows.
    fn flush(&mut self, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
        let text = std::mem::take(&mut self.text);
        if text.trim().is_empty() {
            return Ok(());
        }
        let text = text.trim_end().to_string();
        sink.step(match self.markdown {
            true => Step {
                thought: text,
                ..Step::default()
            },
            false => Step {
                observation: text,
                ..Step::default()
            },
        })
    }
}

/// Whether `line` is an ATX heading (`## Step 3`).
fn is_heading(line: &str) -> bool {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    (1..=6).contains(&hashes) && line[hashes..].starts_with([' ', '\t', '\n', '\r'])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trajectories::Collected;
    use std::path::PathBuf;

    fn trace(name: &str, text: &[u8]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("20240630_agentless/trajs");
        std::fs::create_dir_all(&folder).unwrap();
        let path = folder.join(name);
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    fn read(path: &Path) -> Trajectory {
        let mut collected = Collected::default();
        stream(path, &mut collected).unwrap();
        assert_eq!(collected.trajectories.len(), 1);
        collected.trajectories.remove(0)
    }

    #[test]
    fn traces_are_the_text_files_of_a_trajs_folder() {
        for (path, trace) in [
            ("sub/trajs/django__django-11099.md", true),
            ("sub/trajs/django__django-11099.log.gz", true),
            ("sub/Trajs/django__django-11099.yaml", true),
            ("sub/trajs/django__django-11099.json", true),
            ("data/runs/r/trajectories/django__django-11099.json", false),
            ("sub/logs/django__django-11099.md", false),
            ("sub/trajs/django__django-11099.png", false),
            ("sub/trajs/scikit-learn__scikit-learn-13142.txt", true),
            // A run's own files beside its traces, as mini-swe-agent's runs publish them.
            ("sub/trajs/preds.json", false),
            ("sub/trajs/minisweagent.log", false),
            ("sub/trajs/exit_statuses_1763512725.4782486.yaml", false),
            ("sub/trajs/django__django.md", false),
        ] {
            assert_eq!(is_trace_file(Path::new(path)), trace, "{path}");
        }
        assert!(
            !is_text_only(Path::new("sub/trajs/a__b-1.json")),
            "JSON is asked of the agents' readers first"
        );
        assert_eq!(instance_of(Path::new("trajs/django__django-11099.md")), "django__django-11099");
        assert_eq!(instance_of(Path::new("trajs/task.v2.log.gz")), "task.v2");
    }

    #[test]
    fn markdown_is_a_step_a_heading_outside_its_code() {
        let text = "Intro line.\n\n## Localization\nfound `a.py`\n```python\n# not a heading\n```\n### Repair\n+ fix\n";
        let (_dir, path) = trace("django__django-11099.md", text.as_bytes());
        let trajectory = read(&path);
        assert_eq!(trajectory.format, FORMAT);
        assert_eq!(trajectory.instance_id, "django__django-11099");
        let thoughts: Vec<&str> = trajectory.steps.iter().map(|s| s.thought.as_str()).collect();
        assert_eq!(
            thoughts,
            [
                "Intro line.",
                "## Localization\nfound `a.py`\n```python\n# not a heading\n```",
                "### Repair\n+ fix"
            ]
        );
        assert!(trajectory.steps.iter().all(|s| s.observation.is_empty()));
    }

    #[test]
    fn plain_text_is_cut_into_steps_of_bounded_size_between_characters() {
        // A long log, one line as long as three steps and a multi-byte character at each cut.
        let mut text = "é".repeat(STEP_BYTES * 3 / 2).into_bytes();
        text.extend_from_slice(b"\nthe end\n\xff\n");
        let (_dir, path) = trace("a__b-1.log", &text);
        let trajectory = read(&path);
        let sizes: Vec<usize> = trajectory.steps.iter().map(|s| s.observation.len()).collect();
        assert!(sizes.iter().all(|&size| size <= STEP_BYTES), "{sizes:?}");
        assert_eq!(sizes.len(), 4, "three pieces of the long line, then the rest: {sizes:?}");
        let whole: String = trajectory.steps.iter().map(|s| s.observation.as_str()).collect();
        assert_eq!(whole.matches('é').count(), STEP_BYTES * 3 / 2, "no character lost at a cut");
        assert!(
            whole.ends_with("the end\n\u{fffd}") || whole.ends_with("the end\u{fffd}"),
            "{:?}",
            &whole[whole.len() - 20..]
        );
        assert!(trajectory.steps.iter().all(|s| s.thought.is_empty()));
    }

    #[test]
    fn an_empty_trace_is_a_trajectory_without_steps() {
        let (_dir, path) = trace("a__b-1.txt", b"\n \n");
        assert!(read(&path).steps.is_empty());
    }
}
