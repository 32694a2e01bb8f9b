//! Multi-SWE-bench (ByteDance's seven-language benchmark, and its mini and flash subsets): one
//! pull request per record, published as `<language>/<org>__<repo>_dataset.jsonl`.
//!
//! Required: `org`, `repo`, `number`, `fix_patch` and `resolved_issues` (without it, a record is
//! one of the harness's patch files, read by `import` as predictions). The id is `instance_id`
//! where the record has it, else `<org>__<repo>-<number>` as the benchmark writes it. The
//! statement is each of `resolved_issues` as its title and body (the form agents are given it
//! in), the pull request's own title and body a document of their own. `base.sha` is the base
//! commit.
//!
//! Tests: FAIL_TO_PASS is every test the fix must make pass that did not pass before, the
//! benchmark's `f2p_tests`, `s2p_tests` (skipped before) and `n2p_tests` (new), in that order;
//! PASS_TO_PASS is `p2p_tests`. Each is a map from a test to its status in the three runs; the
//! names are kept (in name order), and which tests were skipped or new stays in `s2p_tests` and
//! `n2p_tests` as lists. Of the three runs' results (`run_result`, `test_patch_result`, `fix_patch_result`) the
//! counts are kept; their lists of test names repeat the transitions above. The language is a
//! facet, from the folder the file sits in.

use std::path::Path;

use serde_json::{Map, Value};

use benchscope_contract::{ChangeStats, Document, Instance, PatchRole, RolePatch, TestLists};

use super::{take_opt_string, take_opt_text, take_string, take_test_list, DatasetFormat};
use crate::error::{FieldError, Location};
use crate::input::kind_of;

/// The Multi-SWE-bench format.
pub struct MultiSweBench;

/// The benchmark's language folders and the languages they hold.
const LANGUAGE_FOLDERS: [(&str, &str); 8] = [
    ("c", "C"),
    ("cpp", "C++"),
    ("go", "Go"),
    ("java", "Java"),
    ("js", "JavaScript"),
    ("python", "Python"),
    ("rust", "Rust"),
    ("ts", "TypeScript"),
];

/// The transitions whose tests the fix must make pass, FAIL_TO_PASS's parts in order.
const NEWLY_PASSING: [&str; 3] = ["f2p_tests", "s2p_tests", "n2p_tests"];

/// Each run's results, of which the counts are kept.
const RUN_RESULTS: [&str; 3] = ["run_result", "test_patch_result", "fix_patch_result"];

impl DatasetFormat for MultiSweBench {
    fn name(&self) -> &'static str {
        "multi-swe-bench"
    }

    fn benchmark(&self) -> Option<&'static str> {
        Some("multi-swe-bench")
    }

    fn subsets(&self) -> &'static [&'static str] {
        &["mini", "flash"]
    }

    fn publishes_gold_patches(&self) -> bool {
        true
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        // Its harness's patch files (`org, repo, number, fix_patch`) are predictions, not rows.
        ["org", "repo", "number", "fix_patch", "resolved_issues"]
            .iter()
            .all(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let org = take_string(&mut record, "org")?;
        let name = take_string(&mut record, "repo")?;
        let number = take_opt_string(&mut record, "number")?.ok_or_else(|| FieldError::new("number", "missing required field"))?;
        let id = match take_opt_string(&mut record, "instance_id")? {
            Some(id) if !id.trim().is_empty() => id,
            _ => format!("{org}__{name}-{number}"),
        };
        record.insert("number".into(), Value::String(number));
        let mut documents = issues(record.remove("resolved_issues"))?;
        documents.extend(pull_request(&mut record)?);
        let patches = [(PatchRole::Gold, "fix_patch"), (PatchRole::Test, "test_patch")]
            .into_iter()
            .map(|(role, field)| Ok(take_opt_text(&mut record, field)?.map(|diff| RolePatch { role, diff })))
            .collect::<Result<Vec<_>, FieldError>>()?
            .into_iter()
            .flatten()
            .collect();
        let tests = test_lists(&mut record)?;
        Ok(Instance {
            id,
            repo: format!("{org}/{name}"),
            title: String::new(),
            category: String::new(),
            created_at: None,
            base_commit: base_commit(&mut record)?,
            documents,
            patches,
            tests: Some(tests),
            facets: Default::default(),
            stats: ChangeStats::default(),
            extra: record.into_iter().collect(),
            sources: None,
        })
    }

    fn facets_from_path(&self, path: &Path) -> Vec<(String, String)> {
        let folder = path.parent().and_then(Path::file_name).and_then(|f| f.to_str());
        LANGUAGE_FOLDERS
            .iter()
            .find(|(name, _)| Some(*name) == folder)
            .map(|(_, language)| ("language".to_string(), language.to_string()))
            .into_iter()
            .collect()
    }
}

/// Each resolved issue as a statement: its title, then its body.
fn issues(value: Option<Value>) -> Result<Vec<Document>, FieldError> {
    let issues = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(issues)) => issues,
        Some(other) => {
            return Err(FieldError::new(
                "resolved_issues",
                format!("expected a list of issues, found {}", kind_of(&other)),
            ))
        }
    };
    let count = issues.len();
    issues
        .into_iter()
        .enumerate()
        .map(|(i, issue)| {
            let at = |message: String| FieldError::new("resolved_issues", format!("issue {i}: {message}"));
            let Value::Object(mut issue) = issue else {
                return Err(at(format!("expected an object, found {}", kind_of(&issue))));
            };
            let text = |issue: &mut Map<String, Value>, field| take_opt_string(issue, field).map_err(|e| at(e.message));
            let title = text(&mut issue, "title")?.unwrap_or_default();
            let body = text(&mut issue, "body")?.unwrap_or_default();
            let label = match (count, text(&mut issue, "number")?) {
                (1, _) | (_, None) => "Problem statement".to_string(),
                (_, Some(number)) => format!("Issue #{number}"),
            };
            Ok(Document::github_markdown(label, format!("{title}\n{body}")))
        })
        .collect()
}

/// The pull request's title and body, unless both are blank.
fn pull_request(record: &mut Map<String, Value>) -> Result<Option<Document>, FieldError> {
    let title = take_opt_string(record, "title")?.unwrap_or_default();
    let body = take_opt_string(record, "body")?.unwrap_or_default();
    Ok(
        (!body.trim().is_empty() || !title.trim().is_empty())
            .then(|| Document::github_markdown("Pull request", format!("{title}\n{body}"))),
    )
}

/// `base.sha`; the rest of `base` (its branch) stays among the record's fields.
fn base_commit(record: &mut Map<String, Value>) -> Result<Option<String>, FieldError> {
    match record.get_mut("base") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(base)) => take_opt_string(base, "sha").map_err(|e| FieldError::new("base", format!("sha: {}", e.message))),
        Some(other) => Err(FieldError::new("base", format!("expected an object, found {}", kind_of(other)))),
    }
}

/// FAIL_TO_PASS and PASS_TO_PASS from the transition maps; the skipped and new tests' names kept
/// as lists, the runs' results as their counts.
fn test_lists(record: &mut Map<String, Value>) -> Result<TestLists, FieldError> {
    let mut fail_to_pass = Vec::new();
    for field in NEWLY_PASSING {
        let names = test_names(record, field)?;
        if field != "f2p_tests" && !names.is_empty() {
            record.insert(field.into(), Value::from(names.clone()));
        }
        fail_to_pass.extend(names);
    }
    let pass_to_pass = test_names(record, "p2p_tests")?;
    record.remove("fixed_tests");
    for field in RUN_RESULTS {
        if let Some(Value::Object(result)) = record.get_mut(field) {
            result.retain(|key, _| key.ends_with("_count"));
        }
    }
    Ok(TestLists {
        fail_to_pass,
        pass_to_pass,
    })
}

/// The tests a transition map names (test → its status in each run); a list of names is read as
/// the other formats' test lists are.
fn test_names(record: &mut Map<String, Value>, field: &str) -> Result<Vec<String>, FieldError> {
    match record.remove(field) {
        Some(Value::Object(tests)) => Ok(tests.into_iter().map(|(name, _)| name).collect()),
        Some(other) => {
            record.insert(field.into(), other);
            take_test_list(record, field)
        }
        None => Ok(Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A record in the published shape (axios/axios#5919, cut short).
    fn record() -> Value {
        json!({
            "org": "axios", "repo": "axios", "number": 5919, "state": "closed",
            "title": "fix(adapters): improved adapters loading logic", "body": "Fixes #5844 ;",
            "base": {"label": "axios:v1.x", "ref": "v1.x", "sha": "bc9af51b"},
            "resolved_issues": [{"number": 5844, "title": "Tests No Longer Passing", "body": "### Describe the bug\n\nAfter upgrading"}],
            "fix_patch": "diff --git a/lib/a.js b/lib/a.js\n", "test_patch": "diff --git a/test/a.js b/test/a.js\n",
            "fixed_tests": {"detects unavailable adapters": {"run": "NONE", "test": "FAIL", "fix": "PASS"}},
            "p2p_tests": {"requests a data URL": {"run": "PASS", "test": "PASS", "fix": "PASS"}},
            "f2p_tests": {"detects unavailable adapters": {"run": "NONE", "test": "FAIL", "fix": "PASS"}},
            "s2p_tests": {}, "n2p_tests": {"a new test": {"run": "NONE", "test": "NONE", "fix": "PASS"}},
            "run_result": {"passed_count": 74, "failed_count": 52, "skipped_count": 0, "passed_tests": ["x"], "failed_tests": [], "skipped_tests": []},
            "instance_id": "axios__axios-5919"
        })
    }

    fn normalize(value: Value) -> Result<Instance, FieldError> {
        MultiSweBench.normalize(value.as_object().cloned().unwrap(), &Location::Line(1))
    }

    #[test]
    fn a_published_record_becomes_an_instance() {
        assert!(MultiSweBench.detect(record().as_object().unwrap()));
        let instance = normalize(record()).unwrap();
        assert_eq!((instance.id.as_str(), instance.repo.as_str()), ("axios__axios-5919", "axios/axios"));
        assert_eq!(instance.base_commit.as_deref(), Some("bc9af51b"));
        let documents: Vec<_> = instance.documents.iter().map(|d| (d.label.as_str(), d.markdown.as_str())).collect();
        assert_eq!(
            documents,
            [
                (
                    "Problem statement",
                    "Tests No Longer Passing\n### Describe the bug\n\nAfter upgrading"
                ),
                ("Pull request", "fix(adapters): improved adapters loading logic\nFixes #5844 ;")
            ]
        );
        assert_eq!(instance.patch(PatchRole::Gold).unwrap().diff, "diff --git a/lib/a.js b/lib/a.js\n");
        assert!(instance.patch(PatchRole::Test).is_some());
        let tests = instance.tests.unwrap();
        assert_eq!(tests.fail_to_pass, ["detects unavailable adapters", "a new test"]);
        assert_eq!(tests.pass_to_pass, ["requests a data URL"]);
        assert_eq!(instance.extra["n2p_tests"], json!(["a new test"]));
        assert!(!instance.extra.contains_key("s2p_tests") && !instance.extra.contains_key("fixed_tests"));
        assert_eq!(
            instance.extra["run_result"],
            json!({"passed_count": 74, "failed_count": 52, "skipped_count": 0})
        );
        assert_eq!(instance.extra["base"], json!({"label": "axios:v1.x", "ref": "v1.x"}));
        assert_eq!(instance.extra["number"], "5919");
    }

    #[test]
    fn the_id_is_written_from_the_pull_request_where_the_record_has_none() {
        let mut row = record();
        row.as_object_mut().unwrap().remove("instance_id");
        assert_eq!(normalize(row).unwrap().id, "axios__axios-5919");
    }

    #[test]
    fn several_issues_are_each_a_statement_named_by_number() {
        let mut row = record();
        row["resolved_issues"] = json!([{"number": 1, "title": "A", "body": "a"}, {"number": 2, "title": "B", "body": null}]);
        let labels: Vec<_> = normalize(row).unwrap().documents.into_iter().map(|d| d.label).collect();
        assert_eq!(labels, ["Issue #1", "Issue #2", "Pull request"]);
    }

    #[test]
    fn mistyped_fields_are_named() {
        for (field, value, named) in [
            ("org", json!(3), "org"),
            ("resolved_issues", json!("x"), "resolved_issues"),
            ("resolved_issues", json!([{"title": ["x"]}]), "resolved_issues"),
            ("base", json!([]), "base"),
            ("p2p_tests", json!(7), "p2p_tests"),
            ("n2p_tests", json!([1]), "n2p_tests"),
        ] {
            let mut row = record();
            row[field] = value;
            let err = normalize(row).unwrap_err();
            assert_eq!(err.field.as_deref(), Some(named), "{field}: {err:?}");
        }
    }

    #[test]
    fn the_language_comes_from_the_folder() {
        let facets = MultiSweBench.facets_from_path(Path::new("data/ts/vuejs__core_dataset.jsonl"));
        assert_eq!(facets, [("language".to_string(), "TypeScript".to_string())]);
        assert!(MultiSweBench.facets_from_path(Path::new("downloads/x.jsonl")).is_empty());
    }
}
