//! A normalized task instance, and the compact row the instance list is built from.
//!
//! Every benchmark maps onto [`Instance`]: the texts a reader reads ([`Document`]), the diffs
//! ([`RolePatch`]), the tests when the benchmark has them ([`TestLists`]), facet values, change
//! statistics computed from the patches, and every other field of the record kept verbatim in
//! [`Instance::extra`] so nothing the dataset publishes is dropped.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One task instance, as stored in a detail shard.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Instance {
    /// The benchmark's id (`owner__repo-PR` for SWE-bench).
    pub id: String,
    /// `owner/name` of the repository the task lives in.
    pub repo: String,
    /// First meaningful line of the main document, for lists.
    pub title: String,
    /// Repository category (`Internet`, `Mathematics`, ..., `Other`).
    pub category: String,
    /// Creation timestamp as published (`YYYY-MM-DDTHH:MM:SSZ`), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
    /// Commit the task starts from, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_commit: Option<String>,
    /// Texts to read, the main one (problem statement, PRD, instruction) first.
    pub documents: Vec<Document>,
    /// Diffs attached to the task (gold patch, test patch, ...).
    pub patches: Vec<RolePatch>,
    /// The tests that decide the task, for benchmarks that have them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tests: Option<TestLists>,
    /// Other facet values (version, difficulty, level, ...), by facet name.
    #[serde(default)]
    pub facets: BTreeMap<String, String>,
    /// Statistics derived from the gold patch.
    pub stats: ChangeStats,
    /// Every field of the source record that no other member holds, verbatim.
    #[serde(default)]
    pub extra: BTreeMap<String, serde_json::Value>,
    /// Path, relative to the data directory, of the [`SourceFiles`] the patches change, when the
    /// export was given the repositories (`--repos`): the diff view expands context from them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<String>,
}

/// The files an instance's patches change, as they are at its base commit.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SourceFiles {
    /// Layout version, see [`crate::FORMAT_VERSION`].
    pub format_version: u32,
    /// The commit the files were read at.
    pub commit: String,
    /// Path → content.
    pub files: BTreeMap<String, String>,
}

impl Instance {
    /// The patch with the given role, if the instance has one.
    pub fn patch(&self, role: PatchRole) -> Option<&RolePatch> {
        self.patches.iter().find(|p| p.role == role)
    }
}

/// The `extra` field of a Long Code Arena bug-localization row counting the repository's files,
/// tests left out as the baselines leave them out of the files a model may name: the
/// false-positive rate's denominator.
pub const REPOSITORY_FILES_FIELD: &str = "repo_files_without_tests_count";

/// A list of strings kept in `extra` as published: a JSON list, or a string holding one (Long Code
/// Arena's bug localization publishes `changed_files` as `"[\"a.py\", ...]"`).
pub fn string_list(value: &serde_json::Value) -> Option<Vec<String>> {
    match value {
        serde_json::Value::Array(items) => items.iter().map(|v| v.as_str().map(str::to_string)).collect(),
        serde_json::Value::String(text) => serde_json::from_slice(text.as_bytes()).ok(),
        _ => None,
    }
}

/// A text of an instance: markdown, code, or a log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Document {
    /// Heading shown above it, e.g. `Problem statement`.
    pub label: String,
    /// The text, untrusted: markdown, or code or a log's lines as they are (see `kind`).
    pub markdown: String,
    /// How the text reads; markdown unless written otherwise.
    #[serde(default, skip_serializing_if = "DocumentKind::is_markdown")]
    pub kind: DocumentKind,
    /// For code, its language (`python`, `yaml`, `text`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// For markdown, whether a line break inside a paragraph is a break, as GitHub shows issues,
    /// pull requests and comments; otherwise a paragraph's lines join, as in a markdown file.
    /// Older readers ignore the field, so it needs no new format version.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hard_breaks: bool,
}

impl Document {
    /// A markdown document.
    pub fn markdown(label: impl Into<String>, text: impl Into<String>) -> Self {
        Document {
            label: label.into(),
            markdown: text.into(),
            kind: DocumentKind::Markdown,
            language: None,
            hard_breaks: false,
        }
    }

    /// Markdown written on GitHub (an issue, a pull request, a comment), whose line breaks GitHub
    /// keeps: SWE-bench's statements and hints are an issue's title and text, and its comments.
    pub fn github_markdown(label: impl Into<String>, text: impl Into<String>) -> Self {
        Document {
            hard_breaks: true,
            ..Document::markdown(label, text)
        }
    }

    /// Code (or any text kept verbatim), in `language`.
    pub fn code(label: impl Into<String>, language: &str, text: impl Into<String>) -> Self {
        Document {
            kind: DocumentKind::Code,
            language: Some(language.to_string()),
            ..Document::markdown(label, text)
        }
    }

    /// A log, shown from its first error (see [`crate::log`]) and searchable line by line.
    pub fn log(label: impl Into<String>, text: impl Into<String>) -> Self {
        Document {
            kind: DocumentKind::Log,
            ..Document::markdown(label, text)
        }
    }
}

/// How a document's text reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DocumentKind {
    /// Markdown.
    #[default]
    Markdown,
    /// A log: plain lines.
    Log,
    /// Code, or another text shown verbatim: see [`Document::language`].
    Code,
}

impl DocumentKind {
    fn is_markdown(&self) -> bool {
        *self == DocumentKind::Markdown
    }
}

/// What a diff is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PatchRole {
    /// The reference solution.
    Gold,
    /// The patch that adds or changes the tests.
    Test,
    /// A model's prediction.
    Model,
    /// A diff that is neither, e.g. a non-Python part of a change.
    Other,
    /// The diff that makes the task by putting a bug in (SWE-smith's `patch`); the gold patch
    /// reverses it.
    Bug,
}

impl PatchRole {
    /// Heading shown above a patch of this role.
    pub fn label(self) -> &'static str {
        match self {
            PatchRole::Gold => "Gold patch",
            PatchRole::Test => "Test patch",
            PatchRole::Model => "Model patch",
            PatchRole::Other => "Patch",
            PatchRole::Bug => "Bug patch",
        }
    }
}

/// A unified diff with its role.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RolePatch {
    /// What the diff is for.
    pub role: PatchRole,
    /// The unified diff text, verbatim.
    pub diff: String,
}

/// The test lists of a pass/fail benchmark.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestLists {
    /// Tests that must go from failing to passing.
    pub fail_to_pass: Vec<String>,
    /// Tests that must keep passing.
    pub pass_to_pass: Vec<String>,
}

/// Change statistics of the gold patch, computed by [`crate::patch`]. A count of zero is left out
/// of the file (most of a FeatureBench index row was its nine zeros).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangeStats {
    /// Files touched.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub files_changed: u32,
    /// Files created.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub files_added: u32,
    /// Files deleted.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub files_deleted: u32,
    /// Files renamed (with or without edits).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub files_renamed: u32,
    /// Hunks.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hunks: u32,
    /// Lines added.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lines_added: u32,
    /// Lines removed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lines_removed: u32,
    /// Functions and methods added (from the benchmark's own list where it has one, such as
    /// FEA-Bench's `new_components`, otherwise from the patch's added Python `def` lines).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub functions_added: u32,
    /// Classes added, counted the same way.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub classes_added: u32,
}

impl ChangeStats {
    /// Whether every count is zero (a benchmark whose gold patch is not published).
    pub fn all_zero(&self) -> bool {
        *self == ChangeStats::default()
    }
}

/// Counts of zero are left out of the files, to keep index rows short.
fn is_zero(count: &u32) -> bool {
    *count == 0
}

fn is_false(flag: &bool) -> bool {
    !*flag
}

/// The compact form of an instance used by the list, facets and filters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct IndexRow {
    /// [`Instance::id`].
    pub id: String,
    /// [`Instance::repo`].
    pub repo: String,
    /// [`Instance::title`].
    pub title: String,
    /// [`Instance::category`].
    pub category: String,
    /// Creation date, `YYYY-MM-DD`, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created: Option<String>,
    /// Gold-patch statistics (left out when all are zero).
    #[serde(default, skip_serializing_if = "ChangeStats::all_zero")]
    pub stats: ChangeStats,
    /// Number of FAIL_TO_PASS tests (0 when the benchmark has none; 0 is left out).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fail_to_pass: u32,
    /// Number of PASS_TO_PASS tests.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub pass_to_pass: u32,
    /// Index into [`crate::SplitEntry::detail_shards`] of the shard holding the full instance.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub detail: u32,
    /// [`Instance::facets`] (version, difficulty, level, subset, ...).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub facets: BTreeMap<String, String>,
}

/// A file of index rows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IndexShard {
    /// Layout version, see [`crate::FORMAT_VERSION`].
    pub format_version: u32,
    /// Dataset name.
    pub dataset: String,
    /// Split name.
    pub split: String,
    /// The rows, in the split's order.
    pub rows: Vec<IndexRow>,
}

/// A file of full instances, fetched when one of them is opened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DetailShard {
    /// Layout version, see [`crate::FORMAT_VERSION`].
    pub format_version: u32,
    /// Dataset name.
    pub dataset: String,
    /// Split name.
    pub split: String,
    /// The instances.
    pub instances: Vec<Instance>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_counts_are_left_out_and_read_back_as_zero() {
        let row = IndexRow {
            id: "a".into(),
            stats: ChangeStats {
                files_changed: 2,
                lines_added: 5,
                ..ChangeStats::default()
            },
            pass_to_pass: 3,
            ..IndexRow::default()
        };
        let written = serde_json::to_string(&row).unwrap();
        assert_eq!(
            written,
            r#"{"id":"a","repo":"","title":"","category":"","stats":{"files_changed":2,"lines_added":5},"pass_to_pass":3}"#
        );
        assert_eq!(serde_json::from_str::<IndexRow>(&written).unwrap(), row);
        let bare = IndexRow {
            id: "b".into(),
            ..IndexRow::default()
        };
        assert_eq!(
            serde_json::to_string(&bare).unwrap(),
            r#"{"id":"b","repo":"","title":"","category":""}"#
        );
    }

    #[test]
    fn a_version_1_row_with_every_zero_still_reads() {
        let version_1 = r#"{"id":"a","repo":"o/r","title":"t","category":"c","stats":{"files_changed":1,"files_added":0,"files_deleted":0,"files_renamed":0,"hunks":1,"lines_added":2,"lines_removed":0,"functions_added":0,"classes_added":0},"fail_to_pass":0,"pass_to_pass":4,"detail":0}"#;
        let row: IndexRow = serde_json::from_str(version_1).unwrap();
        assert_eq!(
            row.stats,
            ChangeStats {
                files_changed: 1,
                hunks: 1,
                lines_added: 2,
                ..ChangeStats::default()
            }
        );
        assert_eq!((row.fail_to_pass, row.pass_to_pass, row.detail), (0, 4, 0));
    }

    #[test]
    fn a_github_documents_kept_line_breaks_are_written_only_when_kept() {
        let github = Document::github_markdown("Problem statement", "Title\nBody");
        let written = serde_json::to_string(&github).unwrap();
        assert_eq!(
            written,
            r#"{"label":"Problem statement","markdown":"Title\nBody","hard_breaks":true}"#
        );
        assert_eq!(serde_json::from_str::<Document>(&written).unwrap(), github);
        let file = Document::markdown("PRD", "a\nb");
        let written = serde_json::to_string(&file).unwrap();
        assert_eq!(written, r#"{"label":"PRD","markdown":"a\nb"}"#);
        assert!(!serde_json::from_str::<Document>(&written).unwrap().hard_breaks);
    }
}
