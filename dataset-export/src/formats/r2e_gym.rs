//! R2E-Gym's tasks (R2E-Gym-Lite, -Subset and the full set, as its dataset rows publish them):
//! a commit of one of a few Python repositories, its issue written afterwards, and hidden tests.
//!
//! A row names its repository by its short name (`sympy`), the task's image (`docker_image`, which
//! R2E-Gym's own trajectories name the task by) and the fix's commit; `parsed_commit_content` is
//! the commit as JSON (each file's diff as hunks of typed lines, and both versions of the file),
//! and `execution_result_content` the hidden tests (`test_file_names`, `test_file_codes`) with
//! what running them printed before and after the fix. `expected_output_json` is what R2E-Gym
//! grades by: a run is rewarded when every one of those tests ends as it says.
//!
//! The gold patch is the commit's Python files outside its tests, as R2E-Gym's
//! `ParsedCommit.get_patch(test_file=False)` makes it; the test patch adds the hidden tests where
//! its runtime puts them (`r2e_tests/`). A test expected to pass is fail-to-pass when the run
//! before the fix did not pass it, else pass-to-pass, the statuses read from that run's output as
//! R2E-Gym's log parser reads them; the tests expected to fail are kept as the expected output.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use benchscope_contract::extras::r2e_gym_test_name as test_name;
use benchscope_contract::{Document, Instance, PatchRole, RolePatch, TestLists};

use super::unified::new_file_diff;
use super::{take_opt_date, take_opt_string, DatasetFormat};
use crate::error::{FieldError, Location};

/// The R2E-Gym format.
pub struct R2eGym;

/// R2E-Gym's repositories by the short names its rows use, and where each is published.
const REPOSITORIES: [(&str, &str); 14] = [
    ("aiohttp", "aio-libs/aiohttp"),
    ("bokeh", "bokeh/bokeh"),
    ("coveragepy", "nedbat/coveragepy"),
    ("datalad", "datalad/datalad"),
    ("mypy", "python/mypy"),
    ("numpy", "numpy/numpy"),
    ("orange3", "biolab/orange3"),
    ("pandas", "pandas-dev/pandas"),
    ("pillow", "python-pillow/Pillow"),
    ("pyramid", "Pylons/pyramid"),
    ("scrapy", "scrapy/scrapy"),
    ("statsmodels", "statsmodels/statsmodels"),
    ("sympy", "sympy/sympy"),
    ("tornado", "tornadoweb/tornado"),
];

impl DatasetFormat for R2eGym {
    fn name(&self) -> &'static str {
        "r2e-gym"
    }

    fn benchmark(&self) -> Option<&'static str> {
        Some("r2e-gym")
    }

    fn subsets(&self) -> &'static [&'static str] {
        &["lite", "subset"]
    }

    fn publishes_gold_patches(&self) -> bool {
        true
    }

    /// A row with the commit and no SWE-bench fields: R2E-Gym's copies of SWE-bench's sets
    /// (`R2E-Gym/SWE-Bench-Verified`) carry SWE-bench's own patch and tests, read as SWE-bench's.
    fn detect(&self, record: &Map<String, Value>) -> bool {
        ["parsed_commit_content", "problem_statement"]
            .iter()
            .all(|k| record.contains_key(*k))
            && !["patch", "FAIL_TO_PASS"].iter().any(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let commit = commit_of(&mut record)?;
        let execution = json_field(&mut record, "execution_result_content")?.unwrap_or_default();
        let expected = json_field(&mut record, "expected_output_json")?.unwrap_or_default();
        let statement = take_opt_string(&mut record, "problem_statement")?
            .ok_or_else(|| FieldError::new("problem_statement", "missing required field"))?;
        let short_name = take_opt_string(&mut record, "repo_name")?
            .filter(|name| !name.trim().is_empty())
            .ok_or_else(|| FieldError::new("repo_name", "missing required field"))?;
        let image = record.get("docker_image").and_then(Value::as_str).map(str::to_string);
        let id = take_opt_string(&mut record, "instance_id")?
            .filter(|id| !id.trim().is_empty())
            .or(image)
            .ok_or_else(|| FieldError::new("docker_image", "missing: the task has no instance_id and no image to name it by"))?;
        let issue = issue_of(&statement);
        let mut instance = Instance {
            id,
            repo: repository_of(&short_name),
            title: title_of(issue).unwrap_or_default(),
            base_commit: text(&commit, "old_commit_hash"),
            created_at: text(&commit, "commit_date"),
            documents: vec![Document::github_markdown("Problem statement", issue.to_string())],
            patches: patches_of(&commit, &execution),
            tests: Some(tests_of(&expected, &execution)),
            ..Instance::default()
        };
        if let Some(message) = text(&commit, "commit_message").filter(|m| !m.trim().is_empty()) {
            instance.documents.push(Document::github_markdown("Commit message", message));
        }
        instance.facets.insert("language".into(), "Python".into());
        if !expected.is_null() {
            record.insert("expected_output".into(), expected);
        }
        for key in ["setup_res_code", "old_commit_res_code", "new_commit_res_code"] {
            if let Some(code) = execution.get(key) {
                record.insert(key.into(), code.clone());
            }
        }
        if let Some(date) = take_opt_date(&mut record, "created_at")? {
            instance.created_at.get_or_insert(date);
        }
        instance.extra = record.into_iter().collect();
        Ok(instance)
    }
}

/// The commit, `parsed_commit_content`: a JSON object, as a string or as one.
fn commit_of(record: &mut Map<String, Value>) -> Result<Value, FieldError> {
    json_field(record, "parsed_commit_content")?
        .filter(Value::is_object)
        .ok_or_else(|| FieldError::new("parsed_commit_content", "expected the commit as a JSON object"))
}

/// A field that holds JSON, as text (as the hub's rows have it) or already decoded.
fn json_field(record: &mut Map<String, Value>, field: &str) -> Result<Option<Value>, FieldError> {
    match record.remove(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| FieldError::new(field, format!("a string that is not JSON: {e}"))),
        Some(value) => Ok(Some(value)),
    }
}

fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_string)
}

/// `owner/name` of a repository R2E-Gym names by its short name; another name as it is.
fn repository_of(short_name: &str) -> String {
    REPOSITORIES
        .iter()
        .find(|(short, _)| short.eq_ignore_ascii_case(short_name))
        .map_or_else(|| short_name.to_string(), |(_, full)| full.to_string())
}

/// The issue inside `[ISSUE]` … `[/ISSUE]`, as R2E-Gym gives it to the agent; else the whole text.
fn issue_of(statement: &str) -> &str {
    let inner = statement
        .split_once("[ISSUE]")
        .and_then(|(_, rest)| rest.rsplit_once("[/ISSUE]"))
        .map(|(inner, _)| inner);
    inner.unwrap_or(statement).trim()
}

/// The issue's title from its `Title:` line, the way R2E-Gym writes them.
fn title_of(issue: &str) -> Option<String> {
    let first = issue.lines().map(str::trim).find(|l| !l.is_empty())?;
    let title = first.strip_prefix("Title:")?.trim();
    (!title.is_empty()).then(|| super::title_of(title, ""))
}

/// The gold patch (the commit's Python files outside its tests) and the test patch (the hidden
/// tests, added under `r2e_tests/`).
fn patches_of(commit: &Value, execution: &Value) -> Vec<RolePatch> {
    let gold: String = commit
        .get("file_diffs")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|diff| path_of(diff).is_some_and(|p| p.ends_with(".py") && !is_test_file(p)))
        .map(file_patch)
        .collect();
    let test: String = hidden_tests(execution)
        .map(|(name, code)| new_file_diff(&format!("r2e_tests/{name}"), code))
        .collect();
    [(PatchRole::Gold, gold), (PatchRole::Test, test)]
        .into_iter()
        .filter(|(_, diff)| !diff.is_empty())
        .map(|(role, diff)| RolePatch { role, diff })
        .collect()
}

fn path_of(file_diff: &Value) -> Option<&str> {
    file_diff.pointer("/header/file/path").and_then(Value::as_str)
}

/// R2E-Gym's `FileDiff.is_test_file`.
fn is_test_file(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    path.ends_with("_test.py")
        || path.starts_with("test_")
        || parts.last().is_some_and(|name| name.starts_with("test_"))
        || parts.iter().any(|part| ["tests", "Tests", "test", "Test"].contains(part))
}

/// One file's diff written out as git writes it, from its header, index line and hunks.
fn file_patch(file_diff: &Value) -> String {
    let path = path_of(file_diff).unwrap_or_default();
    let mut patch = format!("diff --git a/{path} b/{path}\n");
    if let Some(misc) = file_diff.pointer("/header/misc_line").and_then(Value::as_str) {
        patch.push_str(&format!("{misc}\n"));
    }
    if let Some(index) = file_diff.get("index_line").filter(|i| i.is_object()) {
        let mode = text(index, "mode").unwrap_or_default();
        let space = if mode.is_empty() { "" } else { " " };
        let (old, new) = (
            text(index, "old_commit_hash").unwrap_or_default(),
            text(index, "new_commit_hash").unwrap_or_default(),
        );
        patch.push_str(&format!("index {old}..{new}{space}{mode}\n"));
    }
    let side = |key: &str, prefix: &str| {
        let path = file_diff.pointer(&format!("/{key}/path")).and_then(Value::as_str)?;
        Some(match path == "/dev/null" || path.starts_with(prefix) {
            true => path.to_string(),
            false => format!("{prefix}{path}"),
        })
    };
    if let (Some(minus), Some(plus)) = (side("minus_file", "a/"), side("plus_file", "b/")) {
        patch.push_str(&format!("--- {minus}\n+++ {plus}\n"));
    }
    for hunk in file_diff.get("hunks").and_then(Value::as_array).into_iter().flatten() {
        patch.push_str(&hunk_header(hunk.get("descriptor").unwrap_or(&Value::Null)));
        for line in hunk
            .pointer("/line_group/all_lines")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let sign = match line.get("type").and_then(Value::as_str) {
                Some("context") => " ",
                Some("added") => "+",
                Some("deleted") => "-",
                Some("note") => "\\ ",
                _ => continue,
            };
            patch.push_str(&format!(
                "{sign}{}\n",
                line.get("content").and_then(Value::as_str).unwrap_or_default()
            ));
        }
    }
    patch
}

/// `@@ -start,length +start,length @@ section`, a range without a length written as its start.
fn hunk_header(descriptor: &Value) -> String {
    let range = |key: &str| {
        let range = descriptor.get(key).unwrap_or(&Value::Null);
        let start = range.get("start").and_then(Value::as_u64).unwrap_or(0);
        match range.get("length").and_then(Value::as_u64) {
            Some(length) => format!("{start},{length}"),
            None => start.to_string(),
        }
    };
    let section = text(descriptor, "section").filter(|s| !s.is_empty());
    let section = section.map(|s| format!(" {s}")).unwrap_or_default();
    format!("@@ -{} +{} @@{section}\n", range("old_range"), range("new_range"))
}

/// The hidden tests: each file's name and its code.
fn hidden_tests(execution: &Value) -> impl Iterator<Item = (&str, &str)> {
    let list = |key: &str| execution.get(key).and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    list("test_file_names")
        .iter()
        .zip(list("test_file_codes"))
        .filter_map(|(name, code)| Some((name.as_str()?, code.as_str()?)))
}

/// The tests expected to pass, split by how they ended before the fix.
fn tests_of(expected: &Value, execution: &Value) -> TestLists {
    let before = statuses(execution.get("old_commit_res_stdout").and_then(Value::as_str).unwrap_or_default());
    let mut lists = TestLists::default();
    for (name, status) in expected.as_object().into_iter().flatten() {
        if status.as_str() != Some("PASSED") {
            continue;
        }
        let name = test_name(name);
        match before.get(&name).map(String::as_str) {
            Some("PASSED") => lists.pass_to_pass.push(name),
            _ => lists.fail_to_pass.push(name),
        }
    }
    lists
}

/// Each test's status in a pytest run's short summary, named as R2E-Gym's `parse_log_pytest`
/// names them: the parts after the file, joined by dots, less any ` - reason`.
pub(crate) fn statuses(output: &str) -> BTreeMap<String, String> {
    let Some((_, summary)) = output.split_once("short test summary info") else {
        return BTreeMap::new();
    };
    let mut statuses = BTreeMap::new();
    for line in summary.trim().lines() {
        let Some(status) = ["PASSED", "FAILED", "ERROR"].into_iter().find(|s| line.contains(s)) else {
            continue;
        };
        let name = line.split("::").skip(1).collect::<Vec<_>>().join(".");
        statuses.insert(test_name(&name), status.to_string());
    }
    statuses
}

#[cfg(test)]
mod tests;
