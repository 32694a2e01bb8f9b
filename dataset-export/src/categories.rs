//! Repository → category mapping. A user-supplied JSON object (`{"owner/name": "Category"}`)
//! is consulted first; repositories it does not list fall back to "Other".

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context};

/// The category of repositories nobody mapped.
pub const OTHER: &str = "Other";

/// A repository → category mapping.
#[derive(Debug, Clone, Default)]
pub struct Categories {
    by_repo: BTreeMap<String, String>,
}

impl Categories {
    /// Reads a mapping file: a JSON object from `owner/name` to a category name.
    pub fn from_file(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read category mapping {}", path.display()))?;
        let value: serde_json::Value = serde_json::from_str(&text).with_context(|| format!("{}: malformed JSON", path.display()))?;
        let Some(object) = value.as_object() else {
            bail!("{}: expected a JSON object of repo → category", path.display())
        };
        let mut by_repo = BTreeMap::new();
        for (repo, category) in object {
            let Some(category) = category.as_str() else {
                bail!("{}: field `{repo}`: expected a category name (a string)", path.display());
            };
            by_repo.insert(repo.to_ascii_lowercase(), category.to_string());
        }
        Ok(Categories { by_repo })
    }

    /// The category of `repo`, if mapped (case-insensitive).
    pub fn get(&self, repo: &str) -> Option<&str> {
        self.by_repo.get(&repo.to_ascii_lowercase()).map(String::as_str)
    }
}
