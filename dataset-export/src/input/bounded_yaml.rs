//! YAML read only when it is as small as it looks. The loader copies an anchored node wherever an
//! alias names it, so a card or `metadata.yaml` of a few lines whose aliases name aliases
//! ("billion laughs") grows without bound as it loads. Its events are counted first, each alias
//! as large as what it names.

use std::collections::HashMap;

use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::{Yaml, YamlLoader};

/// More nodes than this, aliases expanded, is not a dataset card or a run's metadata.
const MAX_NODES: u64 = 100_000;

/// The documents of `text`, unless it is not YAML or would grow past [`MAX_NODES`] nodes. A byte
/// order mark before them, as editors on Windows save one, is not part of them.
pub fn load(text: &str) -> Result<Vec<Yaml>, String> {
    let text = text.trim_start_matches('\u{feff}');
    let nodes = expanded_nodes(text)?;
    if nodes > MAX_NODES {
        return Err(format!("its aliases expand it to more than {MAX_NODES} nodes, so it is not read"));
    }
    YamlLoader::load_from_str(text).map_err(|e| format!("not YAML: {e}"))
}

/// How many nodes loading `text` would make, aliases expanded; stops counting past the bound.
fn expanded_nodes(text: &str) -> Result<u64, String> {
    let mut parser = Parser::new_from_str(text);
    let mut total: u64 = 0;
    // The size of each anchored node, and the collections open around the event being read:
    // each one's anchor and the total when it opened.
    let mut sizes: HashMap<usize, u64> = HashMap::new();
    let mut open: Vec<(usize, u64)> = Vec::new();
    loop {
        let (event, _) = parser.next_token().map_err(|e| format!("not YAML: {e}"))?;
        match event {
            Event::StreamEnd => return Ok(total),
            Event::Scalar(_, _, anchor, _) => {
                total += 1;
                if anchor > 0 {
                    sizes.insert(anchor, 1);
                }
            }
            Event::Alias(anchor) => total = total.saturating_add(sizes.get(&anchor).copied().unwrap_or(1)),
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                total += 1;
                open.push((anchor, total - 1));
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((anchor, before)) = open.pop().filter(|(anchor, _)| *anchor > 0) {
                    sizes.insert(anchor, total - before);
                }
            }
            _ => {}
        }
        if total > MAX_NODES {
            return Ok(total);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ten aliases of the line before, twelve lines deep: 10^12 nodes from 1 KB.
    fn laughs(depth: usize) -> String {
        let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..depth {
            let named = vec![format!("*a{}", i - 1); 10].join(", ");
            text.push_str(&format!("a{i}: &a{i} [{named}]\n"));
        }
        text
    }

    #[test]
    fn aliases_that_grow_past_the_bound_are_refused() {
        let error = load(&laughs(12)).unwrap_err();
        assert!(error.contains("more than 100000 nodes"), "{error}");
    }

    #[test]
    fn ordinary_aliases_and_plain_yaml_load() {
        let text = "base: &base {python: '3.11', install: pip}\nother: *base\nlist: [1, 2]\n";
        let docs = load(text).unwrap();
        assert_eq!(docs[0]["other"]["python"].as_str(), Some("3.11"));
        assert_eq!(expanded_nodes(text).unwrap(), 17, "the alias counts the 5 nodes it names");
        assert_eq!(load(&laughs(3)).unwrap()[0]["a2"].as_vec().map(Vec::len), Some(10));
        assert!(load("a: [").is_err(), "not YAML");
    }

    #[test]
    fn a_byte_order_mark_before_the_yaml_is_not_part_of_it() {
        let docs = load("\u{feff}name: x\n").unwrap();
        assert_eq!(docs[0]["name"].as_str(), Some("x"));
    }
}
