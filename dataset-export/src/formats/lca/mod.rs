//! Long Code Arena's datasets (JetBrains Research): six schemas, none with a pass/fail column.
//! Each maps onto the contract's [`Instance`]: its texts become documents (code as code documents,
//! so they are searchable and highlighted), its diffs patches, its levels and sets facets, and
//! every other field stays in `extra`.

pub mod bug_localization;
pub mod ci_builds;
pub mod code_completion;
pub mod commit_messages;
pub mod library_codegen;
pub mod module_summarization;

use std::collections::BTreeMap;

use benchscope_contract::{ChangeStats, Document, Instance};
use serde_json::{Map, Value};

/// An instance with only its id, repository and documents, the rest to be filled.
pub(super) fn instance(id: String, repo: String, documents: Vec<Document>, record: Map<String, Value>) -> Instance {
    Instance {
        id,
        repo,
        title: String::new(),
        category: String::new(),
        created_at: None,
        base_commit: None,
        documents,
        patches: Vec::new(),
        tests: None,
        facets: BTreeMap::new(),
        stats: ChangeStats::default(),
        extra: record.into_iter().collect(),
        sources: None,
    }
}

/// `owner/name` from separate fields.
pub(super) fn repo_of(record: &Map<String, Value>, owner: &str, name: &str) -> Option<String> {
    let field = |key: &str| record.get(key).and_then(Value::as_str);
    Some(format!("{}/{}", field(owner)?, field(name)?))
}
