//! SWE-PolyBench (Amazon's four-language benchmark, and its 500 and Verified subsets), published
//! as a CSV file: SWE-bench's columns, with the tests as `F2P` and `P2P` (Python lists, which its
//! harness reads with `ast.literal_eval`).
//!
//! Required: `instance_id`, `repo`, a statement, and `F2P` or `P2P`. `language` and
//! `task_category` (Bug Fix, Feature, Refactoring) are facets, and so is the kind of syntax
//! nodes the gold patch changes (`is_func_only` and its three siblings, one of which is set:
//! functions only, classes only, both, or none), as the paper breaks its results down.
//! `modified_nodes` (a JSON-encoded list of those nodes) is kept decoded, and the other
//! retrieval columns a CSV file holds as text (`is_single_func` as `True`, `num_nodes` as `3`)
//! as the booleans and numbers they are. The harness's `Dockerfile` and `test_command` stay
//! fields.

use serde_json::{Map, Number, Value};

use benchscope_contract::{Instance, TestLists};

use super::swe_bench::{take_core, Written};
use super::{take_json_string, take_opt_string, take_test_list, DatasetFormat};
use crate::error::{FieldError, Location};

/// The SWE-PolyBench format.
pub struct SwePolyBench;

/// Its columns that become facets, and the facets' names.
const FACETS: [(&str, &str); 2] = [("language", "language"), ("task_category", "task category")];

impl DatasetFormat for SwePolyBench {
    fn name(&self) -> &'static str {
        "swe-polybench"
    }

    fn benchmark(&self) -> Option<&'static str> {
        Some("swe-polybench")
    }

    fn subsets(&self) -> &'static [&'static str] {
        &["500", "verified"]
    }

    fn publishes_gold_patches(&self) -> bool {
        true
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        let core = ["instance_id", "repo"].iter().all(|k| record.contains_key(*k));
        core && (record.contains_key("F2P") || record.contains_key("P2P"))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let mut instance = take_core(&mut record, Written::OnGitHub)?;
        instance.tests = Some(TestLists {
            fail_to_pass: take_test_list(&mut record, "F2P")?,
            pass_to_pass: take_test_list(&mut record, "P2P")?,
        });
        for (column, facet) in FACETS {
            if let Some(value) = take_opt_string(&mut record, column)?.filter(|v| !v.trim().is_empty()) {
                instance.facets.insert(facet.to_string(), value);
            }
        }
        if let Some(nodes) = take_json_string(&mut record, "modified_nodes") {
            record.insert("modified_nodes".into(), nodes);
        }
        if let Some(kind) = changed_nodes(&mut record) {
            instance.facets.insert("changed nodes".to_string(), kind.to_string());
        }
        for (column, value) in record.iter_mut() {
            if column.starts_with("is_") || column.starts_with("num_") || column == "pull_number" {
                *value = typed(std::mem::take(value));
            }
        }
        instance.extra = record.into_iter().collect();
        Ok(instance)
    }
}

/// What kind of syntax nodes the gold patch changes, as the benchmark's four exclusive flags
/// say (the paper's breakdown by them); the flags are taken out when exactly one is set, kept
/// as they are otherwise.
fn changed_nodes(record: &mut Map<String, Value>) -> Option<&'static str> {
    let set = |flag: &str| typed(record.get(flag).cloned().unwrap_or_default()) == Value::Bool(true);
    let set_flags: Vec<_> = NODE_KINDS.iter().filter(|(flag, _)| set(flag)).collect();
    let [(_, kind)] = set_flags.as_slice() else {
        return None;
    };
    for (flag, _) in NODE_KINDS {
        record.remove(flag);
    }
    Some(kind)
}

/// The flags of [`changed_nodes`] and the kinds they name.
const NODE_KINDS: [(&str, &str); 4] = [
    ("is_no_nodes", "none"),
    ("is_func_only", "functions only"),
    ("is_class_only", "classes only"),
    ("is_mixed", "functions and classes"),
];

/// A boolean or a count written as text (`True`, `12`) as what it is; anything else unchanged.
fn typed(value: Value) -> Value {
    let Value::String(text) = &value else {
        return value;
    };
    match text.as_str() {
        "True" | "true" => Value::Bool(true),
        "False" | "false" => Value::Bool(false),
        digits => digits.parse::<u64>().map(|n| Value::Number(Number::from(n))).unwrap_or(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn normalize(value: Value) -> Result<Instance, FieldError> {
        SwePolyBench.normalize(value.as_object().cloned().unwrap(), &Location::Line(2))
    }

    /// A row as the CSV file gives it: every column a string.
    fn row() -> Value {
        json!({
            "instance_id": "mui__material-ui-10227", "repo": "mui/material-ui", "pull_number": "10227",
            "base_commit": "a1b2c3", "problem_statement": "Button ignores `disabled`", "created_at": "2018-02-09T13:57:07Z",
            "patch": "diff --git a/src/B.js b/src/B.js\n", "test_patch": "", "language": "JavaScript", "task_category": "Bug Fix",
            "F2P": "['src/B.test.js > <Button /> is disabled']", "P2P": "[\"src/B.test.js > renders\", 'it\\'s kept']",
            "Dockerfile": "FROM node:18\n", "test_command": "yarn test", "modified_nodes": "[\"src/B.js->function:Button\"]",
            "is_no_nodes": "False", "is_func_only": "True", "is_class_only": "False", "is_mixed": "False",
            "is_single_func": "True", "num_nodes": "1"
        })
    }

    #[test]
    fn its_python_test_lists_languages_and_categories_are_read() {
        let record = row();
        assert!(SwePolyBench.detect(record.as_object().unwrap()));
        let instance = normalize(record).unwrap();
        let tests = instance.tests.unwrap();
        assert_eq!(tests.fail_to_pass, ["src/B.test.js > <Button /> is disabled"]);
        assert_eq!(tests.pass_to_pass, ["src/B.test.js > renders", "it's kept"]);
        assert_eq!(instance.facets["language"], "JavaScript");
        assert_eq!(instance.facets["task category"], "Bug Fix");
        assert_eq!(instance.facets["changed nodes"], "functions only");
        assert!(!instance.extra.contains_key("is_func_only") && !instance.extra.contains_key("is_mixed"));
        assert_eq!(instance.extra["modified_nodes"], json!(["src/B.js->function:Button"]));
        assert_eq!(
            [
                &instance.extra["is_single_func"],
                &instance.extra["num_nodes"],
                &instance.extra["pull_number"]
            ],
            [&json!(true), &json!(1), &json!(10227)]
        );
        assert_eq!(instance.extra["test_command"], "yarn test");
        assert_eq!(instance.base_commit.as_deref(), Some("a1b2c3"));
    }

    #[test]
    fn node_flags_that_do_not_name_one_kind_are_kept_as_they_are() {
        let mut record = row();
        record["is_mixed"] = json!("True");
        let instance = normalize(record).unwrap();
        assert!(!instance.facets.contains_key("changed nodes"));
        assert_eq!(
            (&instance.extra["is_func_only"], &instance.extra["is_mixed"]),
            (&json!(true), &json!(true))
        );
    }

    #[test]
    fn a_broken_test_list_is_named() {
        let mut record = row();
        record["F2P"] = json!("['unterminated");
        assert_eq!(normalize(record).unwrap_err().field.as_deref(), Some("F2P"));
        let swe_bench = json!({"instance_id": "o__r-1", "repo": "o/r", "patch": "", "FAIL_TO_PASS": "[]"});
        assert!(!SwePolyBench.detect(swe_bench.as_object().unwrap()));
    }
}
