//! A hub dataset card: the front matter of a repository's `README.md`, which declares its
//! configurations (`configs`: each a `config_name` and the `data_files` it reads) or its
//! `dataset_info`. It tells a hub repository's top folder from any other, and which configuration
//! a folder of data files is: Long Code Arena's commit messages keep their `default`
//! configuration in `commitchronicle-py-long/`.

use std::io::Read;
use std::path::Path;

use yaml_rust2::Yaml;

/// Far more than a card's front matter; a longer one is not read whole, so not read.
const MAX_BYTES: u64 = 256 * 1024;

/// What a card says of its configurations: each one's name and the paths (globs) of its files.
#[derive(Debug, Default, PartialEq)]
pub struct Card {
    configs: Vec<(String, Vec<DataFiles>)>,
}

/// A path or glob of a configuration's files, and the split it names them, if it does.
#[derive(Debug, PartialEq)]
pub struct DataFiles {
    pub split: Option<String>,
    pub path: String,
}

/// The card in the file at `path`, if it is one: front matter between `---` lines that declares
/// `configs` or `dataset_info`.
pub fn read(path: &Path) -> Option<Card> {
    let mut text = String::new();
    std::fs::File::open(path).ok()?.take(MAX_BYTES).read_to_string(&mut text).ok()?;
    parse(&text)
}

fn parse(text: &str) -> Option<Card> {
    let text = text.trim_start_matches('\u{feff}');
    let matter = text.strip_prefix("---\n").or_else(|| text.strip_prefix("---\r\n"))?;
    let end = matter.lines().position(|line| line.trim_end() == "---")?;
    let matter: Vec<&str> = matter.lines().take(end).collect();
    let declares = |key: &str| matter.iter().any(|line| line.starts_with(key));
    if !declares("configs:") && !declares("dataset_info:") {
        return None;
    }
    // A card whose YAML does not parse, or would not fit in memory, is still a card; it only
    // names no configuration.
    let document = super::bounded_yaml::load(&matter.join("\n"))
        .ok()
        .and_then(|docs| docs.into_iter().next());
    let configs = document
        .as_ref()
        .and_then(|doc| doc["configs"].as_vec())
        .into_iter()
        .flatten()
        .filter_map(|config| Some((config["config_name"].as_str()?.to_string(), data_files(&config["data_files"], None))))
        .collect();
    Some(Card { configs })
}

/// `data_files` as the hub writes it: a path, a list of paths, a list of `{split, path}` (each
/// path one or a list), or a mapping of split to path.
fn data_files(files: &Yaml, split: Option<&str>) -> Vec<DataFiles> {
    match files {
        Yaml::String(path) => vec![DataFiles {
            split: split.map(str::to_string),
            path: path.clone(),
        }],
        Yaml::Array(items) => items
            .iter()
            .flat_map(|item| match (&item["path"], item["split"].as_str()) {
                (Yaml::BadValue, _) => data_files(item, split),
                (path, named) => data_files(path, named.or(split)),
            })
            .collect(),
        Yaml::Hash(splits) => splits.iter().flat_map(|(name, path)| data_files(path, name.as_str())).collect(),
        _ => Vec::new(),
    }
}

impl Card {
    /// The configuration whose files are in `folder` (relative to the repository's top, `/`
    /// between names), when exactly one configuration's are.
    pub fn configuration_of(&self, folder: &str) -> Option<&str> {
        let mut named = self
            .configs
            .iter()
            .filter(|(_, files)| files.iter().any(|files| folder_of(&files.path) == folder))
            .map(|(name, _)| name.as_str());
        match (named.next(), named.next()) {
            (Some(name), None) => Some(name),
            _ => None,
        }
    }

    /// Each configuration's name and files, as the card lists them.
    pub fn configurations(&self) -> impl Iterator<Item = (&str, &[DataFiles])> {
        self.configs.iter().map(|(name, files)| (name.as_str(), files.as_slice()))
    }
}

/// The folder a path or glob names its files in: `py` of `py/dev-*`, `` of `test.parquet`.
fn folder_of(path: &str) -> &str {
    let fixed = &path[..path.find(['*', '?', '[', '{']).unwrap_or(path.len())];
    fixed.rsplit_once('/').map_or("", |(folder, _)| folder)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUG_LOCALIZATION: &str = "---\nlicense: apache-2.0\nconfigs:\n- config_name: py\n  data_files:\n  - split: dev\n    path: py/dev-*\n  - split: test\n    path: py/test-*\n- config_name: java\n  data_files:\n  - split: dev\n    path: java/dev-*\n---\n# Bug localization\n";

    #[test]
    fn a_card_names_the_configuration_of_a_folder() {
        let card = parse(BUG_LOCALIZATION).unwrap();
        assert_eq!(card.configuration_of("py"), Some("py"));
        assert_eq!(card.configuration_of("java"), Some("java"));
        assert_eq!(card.configuration_of("kt"), None);
        let messages = "---\nconfigs:\n- config_name: default\n  data_files:\n  - split: test\n    path: commitchronicle-py-long/test-*\n- config_name: labels\n  data_files:\n  - split: test\n    path: commitchronicle-py-long-labels/test-*\n---\n";
        let card = parse(messages).unwrap();
        assert_eq!(card.configuration_of("commitchronicle-py-long"), Some("default"));
        assert_eq!(card.configuration_of("commitchronicle-py-long-labels"), Some("labels"));
    }

    #[test]
    fn data_files_in_each_of_their_forms() {
        let card = parse("---\nconfigs:\n- config_name: a\n  data_files: data/a/*.parquet\n- config_name: b\n  data_files:\n  - data/b/x.parquet\n- config_name: c\n  data_files:\n    train: data/c/train-*\n- config_name: d\n  data_files:\n  - split: test\n    path:\n    - data/d/1.parquet\n---\n").unwrap();
        for name in ["a", "b", "c", "d"] {
            assert_eq!(card.configuration_of(&format!("data/{name}")), Some(name));
        }
        let splits: Vec<Option<&str>> = card
            .configurations()
            .flat_map(|(_, files)| files.iter().map(|f| f.split.as_deref()))
            .collect();
        assert_eq!(splits, [None, None, Some("train"), Some("test")]);
    }

    #[test]
    fn a_folder_two_configurations_read_is_named_by_neither() {
        let card =
            parse("---\nconfigs:\n- config_name: a\n  data_files: data/x-*\n- config_name: b\n  data_files: data/y-*\n---\n").unwrap();
        assert_eq!(card.configuration_of("data"), None);
    }

    #[test]
    fn a_card_saved_with_a_byte_order_mark_is_read() {
        let card = parse(&format!("\u{feff}{BUG_LOCALIZATION}")).unwrap();
        assert_eq!(card.configuration_of("py"), Some("py"));
    }

    #[test]
    fn what_is_not_a_card_is_not_read_as_one() {
        assert_eq!(parse("# A project\nconfigs: none\n"), None);
        assert_eq!(parse("---\ntitle: notes\n---\nconfigs: not in the front matter\n"), None);
        assert_eq!(parse("---\nconfigs:\n- config_name: a\n"), None, "front matter never closed");
        // Declared, but not YAML: a card that names no configuration.
        assert_eq!(parse("---\ndataset_info: [\n---\n"), Some(Card::default()));
    }
}
