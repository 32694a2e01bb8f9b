//! Long Code Arena's datasets (JetBrains Research): six schemas, none with a pass/fail column.
//! Each maps onto the contract's [`Instance`]: its texts become documents (code as fenced blocks,
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

/// `text` as a fenced code block whose fence no backtick run inside it can close.
pub(super) fn code_block(language: &str, text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}{language}\n{}\n{fence}\n", text.trim_end_matches('\n'))
}

/// The text inside a block [`code_block`] made (the markdown itself when it is not one).
pub fn unfence(markdown: &str) -> String {
    let fence_len = markdown.chars().take_while(|c| *c == '`').count();
    if fence_len < 3 {
        return markdown.to_string();
    }
    let fence = "`".repeat(fence_len);
    let body = markdown.split_once('\n').map_or("", |(_, rest)| rest);
    let body = body.trim_end_matches('\n');
    body.strip_suffix(fence.as_str()).unwrap_or(body).trim_end_matches('\n').to_string()
}

/// `owner/name` from separate fields.
pub(super) fn repo_of(record: &Map<String, Value>, owner: &str, name: &str) -> Option<String> {
    let field = |key: &str| record.get(key).and_then(Value::as_str);
    Some(format!("{}/{}", field(owner)?, field(name)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_blocks_cannot_be_closed_from_inside() {
        assert_eq!(code_block("python", "x = 1\n"), "```python\nx = 1\n```\n");
        assert_eq!(code_block("", "a ```` b"), "`````\na ```` b\n`````\n");
        for text in ["x = 1", "a ```` b\nc", "line\n\nafter blank"] {
            assert_eq!(unfence(&code_block("text", text)), text);
        }
        assert_eq!(unfence("plain"), "plain");
    }
}
