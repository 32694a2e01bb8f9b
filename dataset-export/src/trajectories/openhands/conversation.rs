//! OpenHands' conversations as its SDK keeps them (the CLI's `~/.openhands/conversations/<id>/`,
//! an agent server's or an evaluation's persistence folder): `base_state.json`, the agent (its
//! `llm`), how the conversation stands (`execution_status`) and what it cost (`stats`); and
//! `events/`, an event a file, `event-<index>-<id>.json`, in the SDK's events ([`super::sdk`]),
//! read in their index's order. A conversation branched keeps every branch's events: its state
//! names the branch's last event (`leaf_event_id`) and each event the one before it
//! (`parent_id`), and the events off that branch are left out.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::Context;
use benchscope_contract::trajectory::Step;
use benchscope_contract::FORMAT_VERSION;
use serde_json::{json, Value};

use super::super::{text, transcripts, TrajectoryFormat, TrajectorySink};
use super::OpenHands;

/// The conversation's state, beside its `events/`.
pub const BASE_STATE: &str = "base_state.json";

/// The format's name, as its trajectories record it: a conversation holds the calls that edited
/// files, never the patch they made.
pub const FORMAT: &str = "openhands-conversation";

/// Whether the file at `path` is a conversation's state, its events beside it.
pub fn is_conversation(path: &Path) -> bool {
    path.file_name().is_some_and(|name| name == BASE_STATE) && path.with_file_name("events").is_dir()
}

/// Streams the conversation whose state is the file at `path` into `sink` as one trajectory, an
/// event file at a time. An event file that is not JSON ends it: the steps before it are kept,
/// and the error names the file.
pub fn stream(path: &Path, sink: &mut dyn TrajectorySink) -> anyhow::Result<()> {
    let state: Value = serde_json::from_slice(&std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?)
        .with_context(|| format!("{}: not JSON", path.display()))?;
    let files = event_files(&path.with_file_name("events"))?;
    let branch = branch_of(&state, &files);
    let instance = transcripts::instance_of_folder(path);
    let skeleton = json!({"instance_id": instance, "metadata": {"llm": state.pointer("/agent/llm")}});
    let made_by = OpenHands.agent_of(&skeleton);
    let mut reader = OpenHands.reader(skeleton);
    let mut steps = Vec::new();
    sink.begin(&instance)?;
    let mut broke = None;
    for file in &files {
        let event = match read_event(file) {
            Ok(event) => event,
            Err(error) => {
                broke = Some(error);
                break;
            }
        };
        if branch
            .as_ref()
            .is_none_or(|kept| text(&event, "id").is_some_and(|id| kept.contains(&id)))
        {
            reader.element("history", event, &mut steps);
            pass(&mut steps, sink)?;
        }
    }
    let mut trajectory = reader.finish(&mut steps);
    pass(&mut steps, sink)?;
    let (cost, sent, written) = spent(&state);
    trajectory.format_version = FORMAT_VERSION;
    trajectory.format = FORMAT.to_string();
    trajectory.instance_id = instance;
    trajectory.agent = trajectory.agent.or(made_by.agent);
    trajectory.model = trajectory.model.or(made_by.model);
    trajectory.exit_status = text(&state, "execution_status").or(trajectory.exit_status);
    (trajectory.cost, trajectory.tokens_in, trajectory.tokens_out) = (cost, sent, written);
    sink.end(trajectory)?;
    broke.map_or(Ok(()), Err)
}

/// The event files of `folder` in their index's order (`event-00012-<id>.json`; the index
/// outgrows its five digits past 99,999, so it is read as a number).
fn event_files(folder: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut files: Vec<(u64, PathBuf)> = std::fs::read_dir(folder)
        .with_context(|| format!("cannot read {}", folder.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?;
            let index = name
                .strip_prefix("event-")?
                .strip_suffix(".json")?
                .split('-')
                .next()?
                .parse()
                .ok()?;
            Some((index, path))
        })
        .collect();
    files.sort();
    Ok(files.into_iter().map(|(_, path)| path).collect())
}

fn read_event(file: &Path) -> anyhow::Result<Value> {
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    serde_json::from_slice(&bytes).with_context(|| format!("{}: not JSON", file.display()))
}

/// The events of the branch the state names (`leaf_event_id`), back to the first by their
/// `parent_id`s; `None` (every event read) where it names none, or where the events' links do
/// not lead back to a first event (a file unreadable, a link to an event not there).
fn branch_of(state: &Value, files: &[PathBuf]) -> Option<HashSet<String>> {
    let leaf = text(state, "leaf_event_id")?;
    let mut parent_of: HashMap<String, Option<String>> = HashMap::new();
    for file in files {
        let event = read_event(file).ok()?;
        parent_of.insert(text(&event, "id")?, text(&event, "parent_id"));
    }
    let mut branch = HashSet::new();
    let mut at = Some(leaf);
    while let Some(id) = at {
        let parent = parent_of.get(&id)?.clone();
        if !branch.insert(id) {
            return None;
        }
        at = parent;
    }
    Some(branch)
}

/// What the conversation spent, summed over its uses of models (the agent's, its condenser's):
/// dollars, tokens sent and tokens written, each where recorded.
fn spent(state: &Value) -> (Option<f64>, Option<u64>, Option<u64>) {
    let uses = state.pointer("/stats/usage_to_metrics").and_then(Value::as_object);
    let metrics: Vec<&Value> = uses.into_iter().flat_map(|uses| uses.values()).collect();
    let sum_f64 = |pointer: &str| metrics.iter().filter_map(|m| m.pointer(pointer)?.as_f64()).reduce(|a, b| a + b);
    let sum_u64 = |pointer: &str| metrics.iter().filter_map(|m| m.pointer(pointer)?.as_u64()).reduce(|a, b| a + b);
    (
        sum_f64("/accumulated_cost"),
        sum_u64("/accumulated_token_usage/prompt_tokens"),
        sum_u64("/accumulated_token_usage/completion_tokens"),
    )
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

    /// A conversation folder as the CLI keeps it, under `<instance>/conversations/<id>/`.
    fn write(root: &Path, state: &Value, events: &[Value]) -> PathBuf {
        let folder = root.join("django__django-11099/conversations/4f2a9c1e8b7d4e3fa1b2c3d4e5f6a7b8");
        std::fs::create_dir_all(folder.join("events")).unwrap();
        std::fs::write(folder.join(BASE_STATE), state.to_string()).unwrap();
        for (index, event) in events.iter().enumerate() {
            let id = event["id"].as_str().unwrap();
            std::fs::write(
                folder.join(format!("events/event-{index:05}-{id}.json")),
                serde_json::to_string_pretty(event).unwrap(),
            )
            .unwrap();
        }
        folder.join(BASE_STATE)
    }

    fn user(id: &str, parent: Option<&str>, words: &str) -> Value {
        json!({"kind": "MessageEvent", "id": id, "parent_id": parent, "timestamp": "2026-11-02T09:00:00.000000", "source": "user",
               "llm_message": {"role": "user", "content": [{"type": "text", "text": words}]}})
    }

    fn command(id: &str, parent: &str, call: &str, line: &str) -> Value {
        json!({"kind": "ActionEvent", "id": id, "parent_id": parent, "timestamp": "2026-11-02T09:00:10.000000", "source": "agent",
               "thought": [{"type": "text", "text": "Checking."}], "action": {"kind": "TerminalAction", "command": line},
               "tool_name": "terminal", "tool_call_id": call, "tool_call": {"id": call, "name": "terminal", "arguments": "{}"}, "llm_response_id": "r"})
    }

    fn output(id: &str, parent: &str, call: &str, text: &str) -> Value {
        json!({"kind": "ObservationEvent", "id": id, "parent_id": parent, "timestamp": "2026-11-02T09:00:20.000000", "source": "environment",
               "tool_name": "terminal", "tool_call_id": call, "action_id": parent,
               "observation": {"kind": "TerminalObservation", "content": [{"type": "text", "text": text}], "exit_code": 0}})
    }

    fn state(leaf: Option<&str>) -> Value {
        json!({"id": "4f2a9c1e-8b7d-4e3f-a1b2-c3d4e5f6a7b8", "agent": {"kind": "Agent", "llm": {"model": "anthropic/claude-sonnet-4-5-20250929", "usage_id": "agent"}},
               "execution_status": "finished", "leaf_event_id": leaf,
               "stats": {"usage_to_metrics": {
                   "agent": {"accumulated_cost": 0.30, "accumulated_token_usage": {"prompt_tokens": 9000, "completion_tokens": 200}},
                   "condenser": {"accumulated_cost": 0.05, "accumulated_token_usage": {"prompt_tokens": 1000, "completion_tokens": 50}}}}})
    }

    #[test]
    fn a_conversation_folder_reads_as_its_events_on_its_branch() {
        let tmp = tempfile::tempdir().unwrap();
        let events = [
            user("e1", None, "Fix the parser."),
            command("e2", "e1", "c1", "rm -rf src"),
            output("e3", "e2", "c1", "removed"),
            // Forked back to the task: the branch the conversation goes on with.
            command("e4", "e1", "c2", "python -m pytest -q"),
            output("e5", "e4", "c2", "3 passed"),
        ];
        let path = write(tmp.path(), &state(Some("e5")), &events);
        assert!(is_conversation(&path));
        let mut read = super::super::super::read_file(&path).unwrap();
        let trajectory = read.remove(0);
        assert_eq!(trajectory.instance_id, "django__django-11099");
        assert_eq!(trajectory.format, "openhands-conversation");
        assert_eq!(trajectory.model.as_deref(), Some("anthropic/claude-sonnet-4-5-20250929"));
        assert_eq!(trajectory.task.as_deref(), Some("Fix the parser."));
        assert_eq!(trajectory.exit_status.as_deref(), Some("finished"));
        assert!(trajectory.cost.is_some_and(|c| (c - 0.35).abs() < 1e-9));
        assert_eq!((trajectory.tokens_in, trajectory.tokens_out), (Some(10000), Some(250)));
        let shown: Vec<(&str, &str)> = trajectory
            .steps
            .iter()
            .map(|s| (s.action.as_str(), s.observation.as_str()))
            .collect();
        assert_eq!(shown, [("python -m pytest -q", "3 passed")]);
        // Without a branch named (an SDK before branches), every event in its order.
        let linear = tempfile::tempdir().unwrap();
        let path = write(linear.path(), &state(None), &events);
        let trajectory = super::super::super::read_file(&path).unwrap().remove(0);
        assert_eq!(trajectory.steps.len(), 2);
    }

    #[test]
    fn an_event_file_that_is_not_json_is_named() {
        let tmp = tempfile::tempdir().unwrap();
        let path = write(
            tmp.path(),
            &state(None),
            &[user("e1", None, "Fix it."), command("e2", "e1", "c1", "ls")],
        );
        let broken = path.with_file_name("events").join("event-00002-e3.json");
        std::fs::write(&broken, "{\"kind\": ").unwrap();
        let error = super::super::super::read_file(&path).unwrap_err();
        assert!(format!("{error:#}").contains("event-00002-e3.json: not JSON"), "{error:#}");
        let mut kept = super::super::super::Collected::default();
        assert!(stream(&path, &mut kept).is_err());
        assert_eq!(kept.trajectories[0].steps.len(), 1, "the steps before it kept");
    }
}
