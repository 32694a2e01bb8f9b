//! FeatureBench's website export: `tasks_index.json` items (`id` = `split:repo_ref/case`,
//! `split`, `repo`, `repo_ref`, `case`, `title`, `preview`, `statement_path`) with each task's
//! `problem_statement.md`, read by the directory input. No patches or test lists are published
//! there; the instance id is rebuilt in the dataset's row form (`<repo_ref>.<case>`).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use benchscope_contract::{ChangeStats, Document, Instance};

use super::{featurebench::task_statement_title, level_suffix, take_opt_string, take_string, DatasetFormat};
use crate::error::{FieldError, Location};

/// The FeatureBench website format.
pub struct FeatureBenchSite;

impl DatasetFormat for FeatureBenchSite {
    fn name(&self) -> &'static str {
        "featurebench-site"
    }

    fn benchmark(&self) -> Option<&'static str> {
        Some("featurebench")
    }

    fn detect(&self, record: &Map<String, Value>) -> bool {
        ["repo_ref", "case", "statement_path"].iter().all(|k| record.contains_key(*k))
    }

    fn normalize(&self, mut record: Map<String, Value>, _: &Location) -> Result<Instance, FieldError> {
        let repo_ref = take_string(&mut record, "repo_ref")?;
        let case = take_string(&mut record, "case")?;
        let repo = take_string(&mut record, "repo")?;
        let statement = take_string(&mut record, "problem_statement")?;
        let site_title = take_opt_string(&mut record, "title")?;
        let id = format!("{repo_ref}.{case}");
        let mut facets = BTreeMap::new();
        if let Some(level) = level_suffix(&case) {
            facets.insert("level".to_string(), level.to_string());
        }
        let title = task_statement_title(&statement)
            .or(site_title.filter(|t| *t != case))
            .unwrap_or_default();
        record.remove("preview_md"); // the statement's own beginning, already shown in full
        Ok(Instance {
            id,
            repo,
            title,
            category: String::new(),
            created_at: None,
            base_commit: repo_ref.rsplit('.').next().map(str::to_string),
            documents: vec![Document::markdown("Problem statement", statement)],
            patches: Vec::new(),
            tests: None,
            facets,
            stats: ChangeStats::default(),
            extra: record.into_iter().collect(),
            sources: None,
        })
    }
}
