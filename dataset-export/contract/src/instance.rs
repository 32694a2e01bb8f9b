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
        serde_json::Value::String(text) => serde_json::from_str(text).ok(),
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
}

impl Document {
    /// A markdown document.
    pub fn markdown(label: impl Into<String>, text: impl Into<String>) -> Self {
        Document {
            label: label.into(),
            markdown: text.into(),
            kind: DocumentKind::Markdown,
            language: None,
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
}

impl PatchRole {
    /// Heading shown above a patch of this role.
    pub fn label(self) -> &'static str {
        match self {
            PatchRole::Gold => "Gold patch",
            PatchRole::Test => "Test patch",
            PatchRole::Model => "Model patch",
            PatchRole::Other => "Patch",
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

/// Change statistics of the gold patch, computed by [`crate::patch`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangeStats {
    /// Files touched.
    pub files_changed: u32,
    /// Files created.
    pub files_added: u32,
    /// Files deleted.
    pub files_deleted: u32,
    /// Files renamed (with or without edits).
    pub files_renamed: u32,
    /// Hunks.
    pub hunks: u32,
    /// Lines added.
    pub lines_added: u32,
    /// Lines removed.
    pub lines_removed: u32,
    /// Functions and methods added (from the benchmark's own list where it has one, such as
    /// FEA-Bench's `new_components`, otherwise from the patch's added Python `def` lines).
    #[serde(default)]
    pub functions_added: u32,
    /// Classes added, counted the same way.
    #[serde(default)]
    pub classes_added: u32,
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
    /// Gold-patch statistics.
    pub stats: ChangeStats,
    /// Number of FAIL_TO_PASS tests (0 when the benchmark has none).
    pub fail_to_pass: u32,
    /// Number of PASS_TO_PASS tests.
    pub pass_to_pass: u32,
    /// Index into [`crate::SplitEntry::detail_shards`] of the shard holding the full instance.
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
