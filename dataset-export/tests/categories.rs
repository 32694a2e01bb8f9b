//! Every repository that the real published files in ../shared/realdata name has a built-in
//! category: none falls to "Other" by being unmapped.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use benchscope_cli::categories::Categories;
use serde_json::Value;

/// `owner__name-123` → `owner/name`.
fn repo_of_instance_id(id: &str) -> Option<String> {
    let (owner, rest) = id.split_once("__")?;
    let (name, number) = rest.rsplit_once('-')?;
    let plausible = |s: &str| !s.is_empty() && !s.contains("__") && s.chars().all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c));
    (plausible(owner) && plausible(name) && !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()))
        .then(|| format!("{owner}/{name}"))
}

/// The repositories a JSON value names: `repo` fields, `repo_owner`/`repo_name`, SWE-Dev's
/// `package_name`, and instance ids (as `instance_id` values, list items or object keys).
fn collect(value: &Value, repos: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(repo) = map.get("repo").and_then(Value::as_str).filter(|r| r.split('/').count() == 2) {
                repos.insert(repo.to_string());
            }
            if let (Some(owner), Some(name)) = (
                map.get("repo_owner").and_then(Value::as_str),
                map.get("repo_name").and_then(Value::as_str),
            ) {
                repos.insert(format!("{owner}/{name}"));
            }
            if let Some(package) = map.get("package_name").and_then(Value::as_str) {
                repos.insert(package.to_string());
            }
            for (key, inner) in map {
                repos.extend(repo_of_instance_id(key));
                collect(inner, repos);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect(v, repos)),
        Value::String(text) => repos.extend(repo_of_instance_id(text)),
        _ => {}
    }
}

fn walk(dir: &Path, repos: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, repos);
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if let Some(folder) = path.parent().filter(|_| name == "test_output.txt").and_then(|p| p.file_name()) {
            repos.extend(repo_of_instance_id(&folder.to_string_lossy()));
        }
        if path.metadata().unwrap().len() > 64 << 20 {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        if name.ends_with(".jsonl") {
            for value in text.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()) {
                collect(&value, repos);
            }
        } else if name.ends_with(".json") {
            if let Ok(value) = serde_json::from_str::<Value>(&text) {
                collect(&value, repos);
            }
        }
    }
}

#[test]
fn no_repository_in_the_real_data_is_unmapped() {
    let Some(realdata) = common::realdata() else { return };
    let mut repos = BTreeSet::new();
    walk(&realdata, &mut repos);
    assert!(repos.len() > 100, "found only {} repositories", repos.len());
    let categories = Categories::default();
    let unmapped: Vec<&String> = repos.iter().filter(|r| categories.get(r).is_none()).collect();
    assert!(
        unmapped.is_empty(),
        "{} of {} repositories unmapped: {unmapped:?}",
        unmapped.len(),
        repos.len()
    );
}
