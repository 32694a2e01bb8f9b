//! FeatureBench task rows: the SWE-bench core with file-level `FAIL_TO_PASS`/`PASS_TO_PASS`
//! (test files, not node ids), `repo_settings` as a JSON string, `image_name`, and the level
//! (`lv1` extend a repository, `lv2` build from scratch) at the end of the id.

use serde_json::{Map, Value};

use benchscope_contract::Instance;

use super::swe_bench::{take_core, Written};
use super::{first_sentence_title, level_suffix, take_json_string, DatasetFormat};
use crate::error::{FieldError, Location};

/// The FeatureBench row format.
pub struct FeatureBench;

impl DatasetFormat for FeatureBench {
    fn name(&self) -> &'static str {
        "featurebench"
    }

    fn benchmark(&self) -> Option<&'static str> {
        Some("featurebench")
    }

    fn publishes_gold_patches(&self) -> bool {
        true
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        let id = record.get("instance_id").and_then(Value::as_str).unwrap_or_default();
        level_suffix(id).is_some_and(|l| l.starts_with("lv")) && (record.contains_key("image_name") || record.contains_key("repo_settings"))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let settings = take_json_string(&mut record, "repo_settings");
        // The statement is a markdown file written for the task, not a GitHub issue: its
        // paragraphs' lines join, as FeatureBench's own page shows them.
        let mut instance = take_core(&mut record, Written::AsMarkdownFile)?;
        if let Some(level) = level_suffix(&instance.id) {
            instance.facets.insert("level".into(), level.to_string());
        }
        if let Some(title) = instance.documents.first().and_then(|d| task_statement_title(&d.markdown)) {
            instance.title = title;
        }
        instance.extra = record.into_iter().collect();
        if let Some(settings) = settings {
            instance.extra.insert("repo_settings".into(), settings);
        }
        Ok(instance)
    }
}

/// FeatureBench statements open with `## Task` and a line in bold that names the task, written
/// as `**Task Statement: <title>**`, `**<title> Task**` or `**Task: <title>**`. Where that line is
/// a bare `**Task Statement:**`, the title is the paragraph after it, to its first sentence's end.
pub fn task_statement_title(markdown: &str) -> Option<String> {
    if let Some(start) = markdown.find("Task Statement:") {
        let after = &markdown[start + "Task Statement:".len()..];
        let (line, rest) = after.split_once('\n').unwrap_or((after, ""));
        let title = line.trim().trim_matches('*').trim();
        return match title.is_empty() {
            true => first_sentence_title(rest).map(|t| t.replace("**", "")),
            false => Some(title.chars().take(120).collect()),
        };
    }
    let first = markdown.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'))?;
    let bold = first.strip_prefix("**")?.strip_suffix("**")?.trim();
    let title = bold.strip_prefix("Task:").unwrap_or(bold).trim();
    (!title.is_empty() && !title.contains("**")).then(|| title.chars().take(120).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rows_keep_file_level_tests_settings_and_level() {
        let record = json!({
            "instance_id": "astropy__astropy.b0db0daa.test_basic_rgb.067e927c.lv2", "repo": "astropy/astropy",
            "base_commit": "b0db0daa", "patch": "", "test_patch": "",
            "problem_statement": "## Task\n**Task Statement: RGB Image Composition**\n\nBody",
            "FAIL_TO_PASS": ["astropy/visualization/tests/test_basic_rgb.py"], "PASS_TO_PASS": [],
            "image_name": "featurebench/astropy:1", "repo_settings": "{\"python\": \"3.11\", \"install\": \"pip install -e .\"}"
        });
        assert!(FeatureBench.detect(record.as_object().unwrap()));
        let instance = FeatureBench
            .normalize(record.as_object().cloned().unwrap(), &Location::Row(0))
            .unwrap();
        assert_eq!(instance.facets["level"], "lv2");
        assert_eq!(instance.title, "RGB Image Composition");
        assert!(
            !instance.documents[0].hard_breaks,
            "a task's markdown file joins its paragraphs' lines"
        );
        assert_eq!(
            instance.tests.unwrap().fail_to_pass,
            ["astropy/visualization/tests/test_basic_rgb.py"]
        );
        assert_eq!(instance.extra["repo_settings"]["python"], "3.11");
        assert_eq!(instance.extra["image_name"], "featurebench/astropy:1");
    }

    #[test]
    fn titles_are_read_from_each_way_a_statement_names_its_task() {
        let title = |md: &str| task_statement_title(md);
        assert_eq!(
            title("## Task\n**Task Statement: RGB Image Composition**\n\nBody").as_deref(),
            Some("RGB Image Composition")
        );
        assert_eq!(
            title("## Task\n**Task Statement:**\n\nImplement a **FITS** file reader that parses headers. It also writes them.\n")
                .as_deref(),
            Some("Implement a FITS file reader that parses headers.")
        );
        assert_eq!(
            title("## Task\n**VOTable XML Processing Task**\n\nBody").as_deref(),
            Some("VOTable XML Processing Task")
        );
        assert_eq!(
            title("## Task\n**Task: Implement Computed Fields**\n\nBody").as_deref(),
            Some("Implement Computed Fields")
        );
        assert_eq!(title("## Task\nPlain words, no bold title.").as_deref(), None);
        assert_eq!(title("## Task\n**Task Statement:**\n").as_deref(), None);
    }
}
