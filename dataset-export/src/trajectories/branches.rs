//! Conversations kept as a tree, each record naming the one before it (Claude Code's and Qwen
//! Code's session files: `uuid`, `parentUuid`). A person who rewinds to an earlier prompt and
//! types another starts a branch from the record before that prompt, and the records of the
//! branch left behind stay in the file: two prompts follow the same record, and the earlier one,
//! with all that followed it, is taken back.
//!
//! Only that shape is taken back. Records off the last branch for any other reason (answers to
//! calls made at once, bookkeeping, links this reader does not follow) are read as written.

use std::collections::{HashMap, HashSet};
use std::io::Read;

use serde_json::Value;

use super::text;
use super::transcripts::TakenBack;

/// One record of such a conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The record.
    pub id: String,
    /// The record before it (`None` for a conversation's first).
    pub parent: Option<String>,
    /// Whether it is a prompt the person typed.
    pub prompt: bool,
}

impl Link {
    /// The link `record` holds: its `uuid`, its `parentUuid` (a record with no such field, such
    /// as a line of printed events, holds none), past a compaction's cut its `logicalParentUuid`,
    /// `prompt` saying whether it is the person's.
    pub fn of(record: &Value, prompt: bool) -> Option<Link> {
        let parent = record.get("parentUuid")?;
        Some(Link {
            id: text(record, "uuid")?,
            parent: parent.as_str().map(str::to_string).or_else(|| text(record, "logicalParentUuid")),
            prompt,
        })
    }
}

/// The records of the conversation `reader` holds that rewinds took back, its records' links
/// given by `link_of` (a first pass over the file; a line that breaks off ends it).
pub fn rewound_in(reader: impl Read, link_of: impl Fn(&Value) -> Option<Link>) -> TakenBack {
    let Ok(reader) = crate::input::forgiving(reader) else {
        return TakenBack::new();
    };
    let links = serde_json::Deserializer::from_reader(reader)
        .into_iter::<Value>()
        .map_while(Result::ok)
        .filter_map(|record| link_of(&record))
        .collect();
    rewound(links)
}

/// The records rewinds took back, of `links` in the file's order: walking back from the last
/// record, wherever a prompt has an earlier prompt after the same record, that one and every
/// record after it on its branch.
pub fn rewound(links: Vec<Link>) -> TakenBack {
    let position: HashMap<&str, usize> = links.iter().enumerate().map(|(at, link)| (link.id.as_str(), at)).collect();
    let mut children: HashMap<Option<&str>, Vec<usize>> = HashMap::new();
    for (at, link) in links.iter().enumerate() {
        children.entry(link.parent.as_deref()).or_default().push(at);
    }
    let mut taken = TakenBack::new();
    let mut walked = HashSet::new();
    let mut at = links.len().checked_sub(1);
    while let Some(here) = at.filter(|here| walked.insert(*here)) {
        let link = &links[here];
        if link.prompt {
            let siblings = children.get(&link.parent.as_deref()).into_iter().flatten();
            for &sibling in siblings.filter(|&&s| s < here && links[s].prompt) {
                take_branch(sibling, &links, &children, &mut taken);
            }
        }
        at = link.parent.as_deref().and_then(|parent| position.get(parent).copied());
    }
    taken
}

/// Takes back the record at `from` and every record after it on its branch.
fn take_branch(from: usize, links: &[Link], children: &HashMap<Option<&str>, Vec<usize>>, taken: &mut TakenBack) {
    let mut pending = vec![from];
    while let Some(at) = pending.pop() {
        if taken.insert(links[at].id.clone()) {
            pending.extend(children.get(&Some(links[at].id.as_str())).into_iter().flatten());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(id: &str, parent: Option<&str>, prompt: bool) -> Link {
        Link {
            id: id.into(),
            parent: parent.map(str::to_string),
            prompt,
        }
    }

    fn taken(links: Vec<Link>) -> Vec<String> {
        let mut taken: Vec<String> = rewound(links).into_iter().collect();
        taken.sort();
        taken
    }

    #[test]
    fn a_prompt_typed_again_takes_back_the_earlier_one_and_its_branch() {
        let links = vec![
            link("u1", None, true),
            link("a1", Some("u1"), false),
            link("u2", Some("a1"), true),
            link("a2", Some("u2"), false),
            link("t2", Some("a2"), false),
            link("u3", Some("a1"), true),
            link("a3", Some("u3"), false),
        ];
        assert_eq!(taken(links), ["a2", "t2", "u2"]);
        // Back to the first prompt: a conversation begun again.
        let again = vec![link("u1", None, true), link("a1", Some("u1"), false), link("u2", None, true)];
        assert_eq!(taken(again), ["a1", "u1"]);
    }

    #[test]
    fn records_off_the_last_branch_for_other_reasons_are_kept() {
        // Two calls' answers after the same call, a note beside the conversation, a prompt typed
        // after the last branch's own, and a link to a record the file does not hold.
        let links = vec![
            link("u1", None, true),
            link("a1", Some("u1"), false),
            link("r1", Some("a1"), false),
            link("r2", Some("a1"), false),
            link("n1", Some("r2"), false),
            link("u2", Some("r2"), true),
            link("x", Some("gone"), false),
        ];
        assert!(taken(links).is_empty());
        let looped = vec![link("u1", Some("u2"), true), link("u2", Some("u1"), true)];
        assert!(taken(looped).is_empty());
    }

    #[test]
    fn a_compactions_cut_is_walked_past_by_its_logical_parent() {
        // A prompt taken back before the conversation was compacted; the compaction's boundary
        // begins a chain of its own (`parentUuid: null`) and names the record before it.
        let records = [
            serde_json::json!({"uuid": "u1", "parentUuid": null}),
            serde_json::json!({"uuid": "a1", "parentUuid": "u1"}),
            serde_json::json!({"uuid": "u0", "parentUuid": "a1"}),
            serde_json::json!({"uuid": "u2", "parentUuid": "a1"}),
            serde_json::json!({"uuid": "a2", "parentUuid": "u2"}),
            serde_json::json!({"uuid": "b", "parentUuid": null, "logicalParentUuid": "a2"}),
            serde_json::json!({"uuid": "s", "parentUuid": "b"}),
            serde_json::json!({"uuid": "u3", "parentUuid": "s"}),
            serde_json::json!({"uuid": "printed", "type": "user"}),
        ];
        let text: String = records.iter().map(|r| format!("{r}\n")).collect();
        let prompts = ["u1", "u0", "u2", "u3", "printed"];
        let back = rewound_in(text.as_bytes(), |record| {
            Link::of(record, prompts.contains(&record["uuid"].as_str().unwrap_or_default()))
        });
        assert_eq!(back, TakenBack::from(["u0".to_string()]));
    }
}
