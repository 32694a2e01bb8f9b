//! SWE-Dev: one JSON object per task (`<package>-<test_module>-level{1,2,3}-metadata.json`), with
//! the PRD, the masked source the model sees (`file_code`), the ground truth (`GT_file_code`), the
//! tests and the call tree from each test into the source.
//!
//! The gold patch is computed: a unified diff from each masked file to its ground truth, so the
//! change a model must make reads like any other benchmark's. The call tree's keys
//! (`test_file:test_name`) become the tests, as pytest node ids. Everything else is kept.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value};

use benchscope_contract::{ChangeStats, Document, Instance, PatchRole, RolePatch, TestLists};

use super::{level_suffix, take_string, unified::unified_diff, DatasetFormat};
use crate::error::{FieldError, Location};
use crate::input::kind_of;

/// The SWE-Dev format.
pub struct SweDev;

/// SWE-Dev's splits, each a folder of task files.
pub const SPLITS: [&str; 2] = ["easy", "hard"];

impl DatasetFormat for SweDev {
    fn name(&self) -> &'static str {
        "swe-dev"
    }

    fn benchmark(&self) -> Option<&'static str> {
        Some("swe-dev")
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        crate::input::FILE_NAMED_TASK_FIELDS.iter().all(|k| record.contains_key(*k))
    }

    /// The nearest folder of the path named as a SWE-Dev split: the one its leaderboard's runs
    /// and its sample outputs are of.
    fn split_from_path(&self, path: &Path) -> Option<String> {
        path.components()
            .rev()
            .filter_map(|c| c.as_os_str().to_str())
            .find(|name| SPLITS.contains(name))
            .map(str::to_string)
    }

    fn normalize(&self, mut record: Map<String, Value>, location: &Location) -> Result<Instance, FieldError> {
        let prd = take_string(&mut record, "PRD")?;
        let package = take_string(&mut record, "package_name")?;
        let sample = record.get("sample_name").and_then(Value::as_str).unwrap_or(&package).to_string();
        let id = match location {
            Location::Entry(file) => file.trim_end_matches(".json").trim_end_matches("-metadata").to_string(),
            _ => sample,
        };
        let masked = string_map(&record, "file_code")?;
        let truth = string_map(&record, "GT_file_code")?;
        let tests: Vec<String> = match record.get("call_tree") {
            Some(Value::Object(tree)) => tree.keys().map(|k| to_node_id(k)).collect(),
            _ => Vec::new(),
        };
        let mut facets = BTreeMap::new();
        if let Some(level) = level_suffix(&id) {
            facets.insert("level".to_string(), level.to_string());
        }
        Ok(Instance {
            title: module_description_title(&prd).unwrap_or_default(),
            id,
            repo: package,
            category: String::new(),
            created_at: None,
            base_commit: None,
            documents: vec![Document::markdown("PRD", prd)],
            patches: vec![RolePatch {
                role: PatchRole::Gold,
                diff: masked_to_truth(&masked, &truth),
            }],
            tests: Some(TestLists {
                fail_to_pass: tests,
                pass_to_pass: Vec::new(),
            }),
            facets,
            stats: ChangeStats::default(),
            extra: record.into_iter().collect(),
            sources: None,
        })
    }
}

/// The first sentence of the PRD's `## MODULE DESCRIPTION:` (its first line names the project,
/// as the id does), at most as long as any title.
fn module_description_title(prd: &str) -> Option<String> {
    super::first_sentence_title(&prd[prd.find("MODULE DESCRIPTION:")? + "MODULE DESCRIPTION:".len()..])
}

pub fn string_map(record: &Map<String, Value>, field: &str) -> Result<BTreeMap<String, String>, FieldError> {
    let Some(value) = record.get(field) else {
        return Err(FieldError::new(field, "missing required field"));
    };
    let Value::Object(map) = value else {
        return Err(FieldError::new(
            field,
            format!("expected an object of path → source, found {}", kind_of(value)),
        ));
    };
    map.iter()
        .map(|(path, code)| match code {
            Value::String(code) => Ok((path.clone(), code.clone())),
            other => Err(FieldError::new(
                field,
                format!("`{path}`: expected source text, found {}", kind_of(other)),
            )),
        })
        .collect()
}

/// A git-style unified diff from the masked files to the ground truth (or to a model's files).
pub fn masked_to_truth(masked: &BTreeMap<String, String>, truth: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    for (path, new) in truth {
        let old = masked.get(path).map(String::as_str).unwrap_or("");
        if old == new {
            continue;
        }
        let (a, b) = (
            if masked.contains_key(path) {
                format!("a/{path}")
            } else {
                "/dev/null".to_string()
            },
            format!("b/{path}"),
        );
        out.push_str(&format!("diff --git a/{path} b/{path}\n"));
        if !masked.contains_key(path) {
            out.push_str("new file mode 100644\n");
        }
        out.push_str(&unified_diff(old, new, &a, &b));
    }
    out
}

/// `tests/test_x.py:test_name` → `tests/test_x.py::test_name`.
pub fn to_node_id(key: &str) -> String {
    match key.split_once(".py:") {
        Some((file, test)) if !test.starts_with(':') => format!("{file}.py::{test}"),
        _ => key.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::patch::parse_patch;
    use serde_json::json;

    #[test]
    fn the_title_is_the_module_descriptions_first_sentence() {
        let prd = "# PROJECT NAME: pkg-test_x\n\n# IMPLEMENTATION REQUIREMENTS:\n## MODULE DESCRIPTION:\nThe module parses v1.2 files. It also writes them.\n\n## FILE 1: pkg/x.py\n";
        assert_eq!(module_description_title(prd).as_deref(), Some("The module parses v1.2 files."));
        assert_eq!(
            module_description_title("# PROJECT NAME: p\n"),
            None,
            "the first line's title, then"
        );
        assert_eq!(module_description_title("## MODULE DESCRIPTION:\n\n## FILE 1: x\n"), None);
    }

    #[test]
    fn gold_patch_is_the_diff_from_masked_to_truth() {
        let record = json!({
            "PRD": "# PROJECT NAME: pkg-test_a", "package_name": "pkg", "sample_name": "pkg-test_a",
            "file_code": {"pkg/a.py": "def f():\n    pass\n"},
            "GT_file_code": {"pkg/a.py": "def f():\n    return 1\n", "pkg/b.py": "X = 1\n"},
            "call_tree": {"tests/test_a.py:test_f": {"pkg/a.py:f": {}}}, "test_code": "..."
        });
        let location = Location::Entry("pkg-test_a-level2-metadata.json".into());
        let instance = SweDev.normalize(record.as_object().cloned().unwrap(), &location).unwrap();
        assert_eq!(instance.id, "pkg-test_a-level2");
        assert_eq!(instance.facets["level"], "level2");
        let files = parse_patch(&instance.patches[0].diff);
        let summary: Vec<_> = files.iter().map(|f| (f.display_path(), f.added_and_removed())).collect();
        assert_eq!(summary, [("pkg/a.py".to_string(), (1, 1)), ("pkg/b.py".to_string(), (1, 0))]);
        assert_eq!(instance.tests.unwrap().fail_to_pass, ["tests/test_a.py::test_f"]);
        assert!(instance.extra.contains_key("file_code") && instance.extra.contains_key("GT_file_code"));
    }
}
