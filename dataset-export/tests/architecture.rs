//! The module structure holds: within each crate, no two top-level modules depend on each other,
//! directly or through others (a page never imports the root component that switches pages, the
//! export never the run store that imports the export).

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Top-level module → the top-level modules its non-test code names as `crate::<module>`.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (relative, bytes) in common::tree(src) {
        let Some(stem) = relative.strip_suffix(".rs") else { continue };
        let module = stem.split('/').next().unwrap_or(stem).to_string();
        let text = String::from_utf8_lossy(&bytes);
        let before_tests = text.split("#[cfg(test)]").next().unwrap_or_default();
        // Doc links name modules without depending on them.
        let code: String = before_tests
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let named = code
            .match_indices("crate::")
            .filter_map(|(at, _)| {
                let rest = &code[at + "crate::".len()..];
                let name: String = rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                (!name.is_empty() && name != module).then_some(name)
            })
            .collect::<Vec<_>>();
        graph.entry(module).or_default().extend(named);
    }
    graph
}

/// A cycle through `start`, if any.
fn cycle_from(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![(start.to_string(), vec![start.to_string()])];
    let mut seen = BTreeSet::new();
    while let Some((node, path)) = stack.pop() {
        for next in graph.get(&node).into_iter().flatten() {
            if next == start {
                return Some([path.clone(), vec![start.to_string()]].concat());
            }
            if seen.insert(next.clone()) {
                stack.push((next.clone(), [path.clone(), vec![next.clone()]].concat()));
            }
        }
    }
    None
}

#[test]
fn no_crate_has_a_circle_between_its_modules() {
    let root = common::root();
    for src in ["dataset-export/src", "dataset-export/contract/src", "src"] {
        let graph = module_graph(&root.join(src));
        let circles: Vec<String> = graph.keys().filter_map(|m| cycle_from(&graph, m)).map(|c| c.join(" → ")).collect();
        assert!(
            circles.is_empty(),
            "{src}: modules depend on each other in a circle:\n{}",
            circles.join("\n")
        );
    }
}

#[test]
fn the_finder_sees_a_circle() {
    let graph = BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["c".to_string()])),
        ("c".to_string(), BTreeSet::from(["a".to_string()])),
        ("d".to_string(), BTreeSet::from(["a".to_string()])),
    ]);
    assert_eq!(cycle_from(&graph, "a").unwrap(), ["a", "b", "c", "a"]);
    assert_eq!(cycle_from(&graph, "d"), None);
}
