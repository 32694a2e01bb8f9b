//! A board's tags grouped by kind for a compact picker: `Model: x`, `Org: y` and `System: z` are
//! tags of the kinds Model, Org and System (shown as `x`, `y`, `z`); the others (`open scaffold`,
//! `checked`, ...) form one group.

use std::collections::BTreeMap;

use super::LeaderboardRow;
use crate::sorting::sort_by;

/// The kinds named by a prefix, in the order the picker shows them.
const KINDS: [&str; 4] = ["Model", "Org", "System", "Scaffold"];

/// The group of tags without a kind.
pub const OTHER_KIND: &str = "Other";

/// How swebench.com tags the attempts a system made at each task (`System: Attempts - 2+`):
/// `tags.system.attempts` of a submission's `metadata.yaml`, a run's own fact rather than its
/// scaffold.
pub const ATTEMPTS_TAG: &str = "System: Attempts - ";

/// How many attempts at each task `tags` say the system made (`1`, `2+`), when they say.
pub fn attempts(tags: &[String]) -> Option<String> {
    tags.iter()
        .find_map(|tag| tag.strip_prefix(ATTEMPTS_TAG))
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string)
}

/// One kind's tags.
#[derive(Debug, Clone, PartialEq)]
pub struct TagGroup {
    /// `Model`, `Org`, `System`, `Scaffold` or [`OTHER_KIND`].
    pub kind: &'static str,
    /// `(tag, shown label, runs carrying it)`, most used first, then by label.
    pub tags: Vec<(String, String, usize)>,
}

/// The kind of `tag` and its label without the prefix.
pub fn kind_of(tag: &str) -> (&'static str, &str) {
    KINDS
        .iter()
        .find_map(|kind| Some((*kind, tag.strip_prefix(kind)?.strip_prefix(": ")?)))
        .unwrap_or((OTHER_KIND, tag))
}

/// The tags of `rows`, grouped by kind, with counts.
pub fn tag_groups(rows: &[LeaderboardRow]) -> Vec<TagGroup> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for tag in rows.iter().flat_map(|r| &r.tags) {
        *counts.entry(tag).or_default() += 1;
    }
    let mut groups: Vec<TagGroup> = KINDS
        .iter()
        .chain([&OTHER_KIND])
        .map(|kind| TagGroup { kind, tags: Vec::new() })
        .collect();
    for (tag, n) in counts {
        let (kind, label) = kind_of(tag);
        if let Some(group) = groups.iter_mut().find(|g| g.kind == kind) {
            group.tags.push((tag.to_string(), label.to_string(), n));
        }
    }
    for group in &mut groups {
        sort_by(&mut group.tags, |a, b| {
            b.2.cmp(&a.2).then_with(|| a.1.to_lowercase().cmp(&b.1.to_lowercase()))
        });
    }
    groups.retain(|g| !g.tags.is_empty());
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_group_by_their_prefix_with_counts() {
        let row = |tags: &[&str]| LeaderboardRow {
            tags: tags.iter().map(|t| t.to_string()).collect(),
            ..LeaderboardRow::default()
        };
        let rows = [
            row(&["Model: gpt-4o", "Org: OpenAI", "checked"]),
            row(&["Model: claude", "Org: OpenAI", "open scaffold", "checked"]),
            row(&["Modelling", "Model: claude"]),
        ];
        let groups = tag_groups(&rows);
        let shown: Vec<(&str, Vec<(&str, usize)>)> = groups
            .iter()
            .map(|g| (g.kind, g.tags.iter().map(|(_, label, n)| (label.as_str(), *n)).collect()))
            .collect();
        assert_eq!(
            shown,
            [
                ("Model", vec![("claude", 2), ("gpt-4o", 1)]),
                ("Org", vec![("OpenAI", 2)]),
                (OTHER_KIND, vec![("checked", 2), ("Modelling", 1), ("open scaffold", 1)]),
            ]
        );
        assert_eq!(groups[0].tags[0].0, "Model: claude", "the tag itself is kept for filtering");
    }

    #[test]
    fn attempts_are_read_from_the_sites_system_tag() {
        let tags = |tags: &[&str]| tags.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        assert_eq!(attempts(&tags(&["Model: gpt-4o", "System: Attempts - 2+"])).as_deref(), Some("2+"));
        assert_eq!(attempts(&tags(&["System: Attempts - 1"])).as_deref(), Some("1"));
        assert_eq!(attempts(&tags(&["System: Attempts - "])), None);
        assert_eq!(attempts(&tags(&["System: agentless", "Attempts - 1"])), None);
    }
}
