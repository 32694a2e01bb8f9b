//! Coding agents' transcripts (Claude Code's, Codex's, Gemini CLI's, Qwen Code's, Cursor CLI's,
//! OpenCode's): JSON Lines, a file one session and one trajectory (or one JSON array of its
//! lines), read a line at a time (memory stays bounded by a line), each agent's lines by its own
//! [`StepReader`]. The contract tells the agent from the file's first lines
//! ([`benchscope_contract::trajectory::transcripts`]). A transcript names no instance: its file
//! does (`<instance>.jsonl`), or the folder of a file named for its session.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use benchscope_contract::trajectory::transcripts::{is_subagent_transcript, transcript_agent, TranscriptAgent, MOST_LEADING_LINES};
use benchscope_contract::trajectory::{ActionForm, Edit, Step};
use benchscope_contract::FORMAT_VERSION;
use serde_json::Value;

use crate::input::records_of;

use super::{claude_code, codex, cursor, gemini, opencode, qwen_code, text, StepReader, TrajectorySink};

/// How much of a file is read to tell whether it is a transcript: its first lines, the prompt
/// with a long problem statement among them.
const LEADING_BYTES: u64 = 4 << 20;

/// The format name of each agent's transcripts, as their trajectories record it.
fn format_of(agent: TranscriptAgent) -> &'static str {
    match agent {
        TranscriptAgent::ClaudeCode => claude_code::FORMAT,
        TranscriptAgent::Codex => codex::FORMAT,
        TranscriptAgent::GeminiCli => gemini::FORMAT,
        TranscriptAgent::QwenCode => qwen_code::FORMAT,
        TranscriptAgent::CursorCli => cursor::FORMAT,
        TranscriptAgent::OpenCode => opencode::FORMAT,
    }
}

fn reader_of(agent: TranscriptAgent) -> Box<dyn StepReader> {
    match agent {
        TranscriptAgent::ClaudeCode => claude_code::reader(),
        TranscriptAgent::Codex => codex::reader(),
        TranscriptAgent::GeminiCli => gemini::reader(),
        TranscriptAgent::QwenCode => qwen_code::reader(),
        TranscriptAgent::CursorCli => cursor::reader(),
        TranscriptAgent::OpenCode => opencode::run_json::reader(),
    }
}

/// Whether trajectories of the format `format` are transcripts, which hold the calls that
/// edited files but never the patch they made.
pub fn is_transcript_format(format: &str) -> bool {
    [
        TranscriptAgent::ClaudeCode,
        TranscriptAgent::Codex,
        TranscriptAgent::GeminiCli,
        TranscriptAgent::QwenCode,
        TranscriptAgent::CursorCli,
        TranscriptAgent::OpenCode,
    ]
    .into_iter()
    .any(|agent| format_of(agent) == format)
}

/// What a transcript's first lines say: whose it is, and whether it is a Claude Code subagent's
/// own file, which is part of its session's rather than a session of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TranscriptStart {
    /// The agent whose transcript it is.
    pub agent: TranscriptAgent,
    /// Whether it is a subagent's own file.
    pub subagent: bool,
}

/// How the text `reader` holds begins, if it begins a transcript (its first lines, read no
/// further).
pub fn start_of(reader: impl Read) -> Option<TranscriptStart> {
    let lines = first_lines(reader);
    let agent = transcript_agent(&lines)?;
    Some(TranscriptStart {
        agent,
        subagent: agent == TranscriptAgent::ClaudeCode && is_subagent_transcript(&lines),
    })
}

/// How the file at `path` begins, if it begins a transcript.
pub fn start_of_file(path: &Path) -> Option<TranscriptStart> {
    crate::input::compressed::open(path).ok().and_then(start_of)
}

/// Whether the file at `path` begins as a transcript.
pub fn is_transcript_file(path: &Path) -> bool {
    start_of_file(path).is_some()
}

/// Whether the file at `path` begins as a session's transcript (not a subagent's own file).
pub fn is_session_transcript_file(path: &Path) -> bool {
    start_of_file(path).is_some_and(|start| !start.subagent)
}

/// The first records of `reader` read as JSON: the first elements of the array it holds
/// ([`records_of`]), or its first lines, up to the first that is not JSON (a pretty-printed JSON
/// document's first line is `{`).
fn first_lines(reader: impl Read) -> Vec<Value> {
    let Ok(records) = records_of(reader.take(LEADING_BYTES)) else {
        return Vec::new();
    };
    if records.in_array {
        let values = serde_json::Deserializer::from_reader(records.reader).into_iter::<Value>();
        return values.take(MOST_LEADING_LINES).map_while(Result::ok).collect();
    }
    let mut reader = BufReader::new(records.reader);
    let mut lines = Vec::new();
    let mut line = Vec::new();
    while lines.len() < MOST_LEADING_LINES {
        line.clear();
        if !matches!(reader.read_until(b'\n', &mut line), Ok(read) if read > 0) {
            break;
        }
        let line = line.strip_prefix(benchscope_contract::file_names::BYTE_ORDER_MARK).unwrap_or(&line);
        if line.trim_ascii().is_empty() {
            continue;
        }
        match serde_json::from_slice(line) {
            Ok(value) => lines.push(value),
            Err(_) => break,
        }
    }
    lines
}

/// The instance a transcript at `path` is about: its file's name without `.jsonl`, or, where the
/// file is named for its session ([`is_session_name`]) or for what it holds (`transcript.jsonl`),
/// the folder it is in, past the folders agents file their sessions in ([`is_filing_folder`]).
pub fn instance_of_transcript(path: &Path) -> String {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let name = crate::input::compressed::plain_name(&name);
    let stem = [".jsonl", ".ndjson", ".json", ".log", ".txt"]
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .unwrap_or(name);
    let folder = named_folder(path);
    let generic = || GENERIC_NAMES.contains(&stem.to_ascii_lowercase().as_str());
    match folder {
        Some(folder) if is_session_name(stem) || generic() => folder,
        _ => stem.to_string(),
    }
}

/// The first folder above the file at `path` that is not one agents file sessions in: the
/// instance, where the file is not named for it.
fn named_folder(path: &Path) -> Option<String> {
    path.ancestors()
        .skip(1)
        .filter_map(|folder| folder.file_name().map(|f| f.to_string_lossy().into_owned()))
        .find(|folder| !is_filing_folder(folder))
}

/// The instance of a session kept as a folder of files, `path` one of them (OpenHands'
/// conversation: `<instance>/conversations/<id>/base_state.json`): the first folder above it
/// that is not one agents file sessions in, else the file's own name.
pub fn instance_of_folder(path: &Path) -> String {
    named_folder(path).unwrap_or_else(|| path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default())
}

/// A file named for its session: a UUID, Codex's `rollout-<time>-<UUID>`, or Gemini CLI's
/// `session-<time>-<the session's first 8 hex digits>`.
fn is_session_name(stem: &str) -> bool {
    let uuid_at_end = stem.len() >= 36 && stem.is_char_boundary(stem.len() - 36) && is_uuid(&stem[stem.len() - 36..]);
    let short_id = stem
        .rsplit('-')
        .next()
        .is_some_and(|id| id.len() == 8 && id.bytes().all(|b| b.is_ascii_hexdigit()));
    is_uuid(stem) || (stem.starts_with("rollout-") && uuid_at_end) || (stem.starts_with("session-") && short_id)
}

/// Whether the file at `path` is named for its session rather than for an instance.
pub fn is_named_for_session(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let name = crate::input::compressed::plain_name(&name);
    is_session_name(name.strip_suffix(".jsonl").or_else(|| name.strip_suffix(".json")).unwrap_or(name))
}

/// Folders that file sessions by date, kind or project rather than by instance, as each agent
/// keeps them in its home (`.codex/sessions/YYYY/MM/DD/`, `archived_sessions/`;
/// `.gemini/tmp/<project hash>/chats/`; `.claude/projects/<working folder, its slashes as
/// dashes>/`; `.qwen/projects/<working folder>/chats/`, earlier `.qwen/tmp/<project hash>/chats/`;
/// `.openhands/conversations/<id>/`).
fn is_filing_folder(folder: &str) -> bool {
    let project_hash = folder.len() >= 32 && folder.bytes().all(|b| b.is_ascii_hexdigit());
    let homes = [
        ".codex",
        ".gemini",
        ".claude",
        ".qwen",
        ".openhands",
        "conversations",
        "sessions",
        "archived_sessions",
        "tmp",
        "chats",
        "projects",
    ];
    folder.bytes().all(|b| b.is_ascii_digit()) || project_hash || folder.starts_with('-') || homes.contains(&folder)
}

/// Names that say what a file holds rather than which instance.
const GENERIC_NAMES: [&str; 13] = [
    "transcript",
    "output",
    "stream",
    "claude",
    "claude_output",
    "claude-output",
    "codex",
    "codex_output",
    "gemini",
    "gemini_output",
    "session",
    "trajectory",
    "agent",
];

fn is_uuid(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12]) && parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The messages of a transcript of `agent` that were taken back, read from `reader` (a first
/// pass over the file): Gemini CLI's rewinds, the branches Claude Code's and Qwen Code's rewinds
/// left ([`super::branches`]); nothing, without reading, for Codex's, Cursor CLI's and OpenCode's.
pub fn taken_back(agent: TranscriptAgent, reader: impl Read) -> TakenBack {
    let pass: fn(Box<dyn Read + '_>) -> TakenBack = match agent {
        TranscriptAgent::GeminiCli => |records| gemini::session::taken_back(records),
        TranscriptAgent::ClaudeCode => |records| claude_code::taken_back(records),
        TranscriptAgent::QwenCode => |records| qwen_code::taken_back(records),
        TranscriptAgent::Codex | TranscriptAgent::CursorCli | TranscriptAgent::OpenCode => return TakenBack::new(),
    };
    records_of(reader).map(|records| pass(records.reader)).unwrap_or_default()
}

/// The ids of the messages a transcript's user took back (Gemini CLI's `id`, Qwen Code's
/// `uuid`): their lines are passed over.
pub type TakenBack = std::collections::HashSet<String>;

/// Streams the transcript that `reader` holds (the file at `path`, begun as `start` says) into
/// `sink` as one trajectory, a step at a time, the messages `taken_back` left out. A line that
/// breaks off (a run killed mid-write) ends it: the steps before are kept, and the error names
/// the line. A subagent's own file is refused, naming the file to import instead.
pub fn stream_transcript(
    start: TranscriptStart,
    reader: impl Read,
    path: &Path,
    taken_back: &TakenBack,
    sink: &mut dyn TrajectorySink,
) -> anyhow::Result<()> {
    if start.subagent {
        anyhow::bail!(
            "{}: a Claude Code subagent's transcript (its lines `isSidechain`), which its session's transcript shows \
             as what its `Task` call reported: import the session's file, or the folder",
            path.display()
        );
    }
    stream_transcript_of(&instance_of_transcript(path), start.agent, reader, path, taken_back, sink)
}

/// [`stream_transcript`] for a transcript whose instance is known from elsewhere (a Harbor
/// trial's), whatever its file is named.
pub fn stream_transcript_of(
    instance: &str,
    agent: TranscriptAgent,
    reader: impl Read,
    path: &Path,
    taken_back: &TakenBack,
    sink: &mut dyn TrajectorySink,
) -> anyhow::Result<()> {
    sink.begin(instance)?;
    let mut transcript = reader_of(agent);
    let mut steps = Vec::new();
    let lines = serde_json::Deserializer::from_reader(crate::input::forgiving(records_of(reader)?.reader)?).into_iter::<Value>();
    let mut broke = None;
    for line in lines {
        match line {
            Ok(line) if is_taken_back(&line, taken_back) => {}
            Ok(line) => transcript.element("lines", line, &mut steps),
            Err(error) => {
                broke = Some(error);
                break;
            }
        }
        pass(&mut steps, sink)?;
    }
    let mut trajectory = transcript.finish(&mut steps);
    pass(&mut steps, sink)?;
    trajectory.format_version = FORMAT_VERSION;
    trajectory.format = format_of(agent).to_string();
    trajectory.instance_id = instance.to_string();
    sink.end(trajectory)?;
    match broke {
        Some(error) => {
            let line = error.line();
            Err(anyhow::Error::new(error).context(format!("{}: line {line} breaks off", path.display())))
        }
        None => Ok(()),
    }
}

/// Whether `line` is a version of a message taken back.
fn is_taken_back(line: &Value, taken_back: &TakenBack) -> bool {
    let id = line.get("id").or_else(|| line.get("uuid")).and_then(Value::as_str);
    !taken_back.is_empty() && id.is_some_and(|id| taken_back.contains(id))
}

/// The reader of an agent whose command-line tool has written its transcripts in more than one
/// shape: `choose` gives the reader of the shape a transcript's first line begins (given
/// `null` for a transcript with no line).
pub struct ByFirstLine {
    choose: fn(&Value) -> Box<dyn StepReader>,
    chosen: Option<Box<dyn StepReader>>,
}

impl ByFirstLine {
    /// A reader that lets `choose` pick the reader of the first line's shape.
    pub fn reader(choose: fn(&Value) -> Box<dyn StepReader>) -> Box<dyn StepReader> {
        Box::new(ByFirstLine { choose, chosen: None })
    }
}

impl StepReader for ByFirstLine {
    fn element(&mut self, key: &str, line: Value, steps: &mut Vec<Step>) {
        let choose = self.choose;
        self.chosen.get_or_insert_with(|| choose(&line)).element(key, line, steps);
    }

    fn finish(self: Box<Self>, steps: &mut Vec<Step>) -> benchscope_contract::trajectory::Trajectory {
        let choose = self.choose;
        self.chosen.unwrap_or_else(|| choose(&Value::Null)).finish(steps)
    }
}

/// A step of the agent's words alone, calling nothing.
pub fn words_step(thought: String) -> Step {
    Step {
        thought,
        ..Step::default()
    }
}

/// Adds `words` (unless blank) to what the agent `said` since its last call, a blank line after
/// what was there: the next call's thought.
pub fn add_words(said: &mut String, words: &str) {
    if words.trim().is_empty() {
        return;
    }
    if !said.is_empty() {
        said.push_str("\n\n");
    }
    said.push_str(words);
}

/// The edit a call makes to `path`: the text it replaces (`old_string` → `new_string`), or, for
/// a call that writes the file `whole`, its `content` (Claude Code's `Edit` and `Write`, Gemini
/// CLI's `replace` and `write_file`).
pub fn edit_by(path: String, input: &Value, whole: bool) -> Option<Edit> {
    edit_named(path, input, whole, SNAKE_CASE_EDIT)
}

/// The names an agent's editing tool gives the text it replaces and the text it puts in its
/// place: `old_string` → `new_string`, or OpenCode's `oldString` → `newString`.
pub type EditKeys = (&'static str, &'static str);

/// Claude Code's, Gemini CLI's and Qwen Code's names.
pub const SNAKE_CASE_EDIT: EditKeys = ("old_string", "new_string");

/// [`edit_by`] for a tool whose replaced and new texts go by the names `keys`.
pub fn edit_named(path: String, input: &Value, whole: bool, (old, new): EditKeys) -> Option<Edit> {
    let (before, after) = match whole {
        false => (text(input, old)?, text(input, new).unwrap_or_default()),
        true => (String::new(), text(input, "content")?),
    };
    Some(Edit {
        path,
        before,
        after,
        first_line: None,
    })
}

/// Several edits of one file made in turn (Claude Code's `MultiEdit`, OpenCode's `multiedit`)
/// as one: the texts they replace, and the texts they put in, one after the other.
pub fn edits_in_turn(path: String, edits: &[Value], (old, new): EditKeys) -> Edit {
    let side = |key: &str| edits.iter().filter_map(|edit| text(edit, key)).collect::<Vec<_>>().join("\n");
    Edit {
        path,
        before: side(old),
        after: side(new),
        first_line: None,
    }
}

/// A plan an agent wrote (Claude Code's `TodoWrite` todos, Codex's `update_plan` steps) as a
/// list, an item a line, its words under `words` and marked by its `status`: `[x]` completed,
/// `[~]` in progress, `[ ]` to do.
pub fn plan_list(items: &Value, words: &str) -> Option<String> {
    let items: Vec<String> = items
        .as_array()?
        .iter()
        .filter_map(|item| {
            let mark = match text(item, "status").as_deref() {
                Some("completed") => "[x]",
                Some("in_progress") => "[~]",
                _ => "[ ]",
            };
            Some(format!("- {mark} {}", text(item, words)?))
        })
        .collect();
    (!items.is_empty()).then(|| items.join("\n"))
}

/// A call as a line: its `command` as it is; a call on something (`subject`: a file, a pattern,
/// an address) by its tool and that; anything else by its tool and its input.
pub fn call_line(tool: &str, input: &Value, subject: Option<String>) -> String {
    if let Some(command) = text(input, "command") {
        return command;
    }
    match subject {
        Some(subject) => format!("{tool} {subject}"),
        None if input.as_object().is_some_and(|fields| !fields.is_empty()) => format!("{tool} {input}"),
        None => tool.to_string(),
    }
}

/// What [`call_line`] makes of a call with `input`: its command, or a line naming the tool.
pub fn call_form(input: &Value) -> ActionForm {
    match text(input, "command") {
        Some(_) => ActionForm::Command,
        None => ActionForm::Call,
    }
}

/// A search's pattern and where it looks (`pattern`, then `path` when given).
pub fn pattern_in(input: &Value) -> Option<String> {
    let pattern = text(input, "pattern")?;
    Some(match text(input, "path") {
        Some(path) => format!("{pattern} {path}"),
        None => pattern,
    })
}

/// Passes `steps` to `sink`; where it cannot take one, the trajectory is abandoned.
fn pass(steps: &mut Vec<Step>, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
    for step in steps.drain(..) {
        if let Err(error) = sink.step(step) {
            sink.abandon();
            return Err(error);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_transcript_is_named_by_its_file_or_else_its_folder() {
        for (path, instance) in [
            ("run/django__django-11099.jsonl", "django__django-11099"),
            ("run/django__django-11099.jsonl.gz", "django__django-11099"),
            ("run/django__django-11099/transcript.jsonl", "django__django-11099"),
            (
                "run/django__django-11099/8d45afe0-771b-4803-8379-491dd9455365.jsonl",
                "django__django-11099",
            ),
            ("run/sympy__sympy-20590.ndjson", "sympy__sympy-20590"),
            (
                "run/psf__requests-1/sessions/2026/03/04/rollout-2026-03-04T00-53-03-019cb655-7826-7080-b375-f4bd0ec83d54.jsonl",
                "psf__requests-1",
            ),
            ("run/rollout-2026-03-04T00-53-03-019cb655-7826-7080-b375-f4bd0ec83d54.jsonl", "run"),
            ("run/rollout-notes.jsonl", "rollout-notes"),
            (
                "run/django__django-11099/.gemini/tmp/0222678ae1d5b6f8a8cbb0990426125cbb3b10fa2afcdb390d2aea3dc7708dff/chats/session-2025-11-03T01-41-264c12b1.json",
                "django__django-11099",
            ),
            (
                "run/django__django-11099/.claude/projects/-testbed/8d45afe0-771b-4803-8379-491dd9455365.jsonl",
                "django__django-11099",
            ),
            ("run/django__django-11099/chats/session-2025-11-03T01-41-264c12b1.jsonl", "django__django-11099"),
            ("run/session-notes.jsonl", "session-notes"),
        ] {
            assert_eq!(instance_of_transcript(Path::new(path)), instance, "{path}");
        }
    }

    fn agent_of(reader: impl Read) -> Option<TranscriptAgent> {
        start_of(reader).map(|start| start.agent)
    }

    #[test]
    fn only_a_transcripts_first_lines_are_read_to_tell_it() {
        let init = json!({"type": "system", "subtype": "init", "session_id": "s"});
        let many = format!("{init}\n").repeat(10_000);
        assert_eq!(agent_of(many.as_bytes()), Some(TranscriptAgent::ClaudeCode));
        let codex = "{\"type\":\"thread.started\",\"thread_id\":\"t\"}\n{\"type\":\"turn.started\"}\n";
        assert_eq!(agent_of(codex.as_bytes()), Some(TranscriptAgent::Codex));
        let pretty = serde_json::to_string_pretty(&init).unwrap();
        assert_eq!(agent_of(pretty.as_bytes()), None, "a pretty-printed document is not JSON Lines");
        assert_eq!(agent_of(&b"{\"instance_id\": \"a\", \"model_patch\": \"\"}\n"[..]), None);
    }
}
