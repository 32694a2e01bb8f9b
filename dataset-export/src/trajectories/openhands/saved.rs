//! What OpenHands saves of a session as its trajectory (`--save-trajectory-path`, a file or
//! `<session>.json` in a folder; what `replay_trajectory_path` replays): `json.dump` of
//! `controller.get_trajectory()`, a JSON array of the session's events, the same events as an
//! evaluation's `history`, with no instance, metadata or patch around them. The instance is the
//! file's name (`trajs/<instance>.json`).

use serde_json::Value;

use super::super::{AgentAndModel, StepReader, TrajectoryFormat};

/// The format.
pub struct SavedTrajectory;

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "openhands-trajectory";

impl TrajectoryFormat for SavedTrajectory {
    fn name(&self) -> &'static str {
        FORMAT
    }

    /// A bare array (its skeleton, the first element) of OpenHands' events.
    fn detect(&self, skeleton: &Value) -> bool {
        skeleton.as_array().and_then(|events| events.first()).is_some_and(is_event)
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(super::Reader::of(skeleton))
    }

    fn agent_of(&self, _skeleton: &Value) -> AgentAndModel {
        AgentAndModel::new(Some("OpenHands"), None, None)
    }
}

/// Whether `event` is one of OpenHands' events: its number, when, who caused it, and an action
/// or an observation.
fn is_event(event: &Value) -> bool {
    event.get("id").is_some_and(Value::is_u64)
        && event.get("timestamp").is_some_and(Value::is_string)
        && event.get("source").is_some_and(Value::is_string)
        && (event.get("action").is_some() || event.get("observation").is_some())
}

/// Whether the first kilobytes of a JSON file, `head`, begin such an array.
pub fn begins_as_saved(head: &str) -> bool {
    let head = head.trim_start();
    head.starts_with('[') && ["\"id\"", "\"timestamp\"", "\"source\""].iter().all(|key| head.contains(key))
}
