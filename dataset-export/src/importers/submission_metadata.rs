//! What an experiments submission says of itself: its `metadata.yaml` (the system's display
//! name, models, organisations and the flags swebench.com shows as tags) and the date its folder
//! starts with (`20240620_sweagent_claude3.5sonnet`). Two shapes of the file are published: the
//! current one, `info: {name, site, ...}` with `tags: {model: [...], org: [...], os_model,
//! os_system, checked, system: {attempts}}`, and the first, `name`, `oss`, `site`, `verified` at the top.

use std::path::Path;

use benchscope_contract::leaderboard::tags::ATTEMPTS_TAG;
use benchscope_contract::{Run, SystemInfo};
use yaml_rust2::Yaml;

use super::name_of;

const FILE: &str = "metadata.yaml";

/// Larger than any submission's metadata by far; a file past it is not read.
const MAX_BYTES: u64 = 1 << 20;

/// The run of the submission in `folder`, named and tagged as its `metadata.yaml` says, and dated
/// by its folder when nothing else dated it. A file that cannot be read leaves the run as it was,
/// with a warning naming the file.
pub fn describe(folder: &Path, run: &mut Run, warnings: &mut Vec<String>) {
    match read(folder) {
        Ok(Some(metadata)) => metadata.apply(&mut run.system),
        Ok(None) => {}
        Err(problem) => warnings.push(format!(
            "{}: {problem}; the run keeps the name {}",
            folder.join(FILE).display(),
            run.system.name
        )),
    }
    if run.date.is_none() {
        run.date = folder_date(&name_of(folder));
    }
}

/// What a `metadata.yaml` says of the system.
#[derive(Debug, Default, PartialEq)]
pub struct Metadata {
    pub name: Option<String>,
    pub models: Vec<String>,
    pub orgs: Vec<String>,
    pub tags: Vec<&'static str>,
    /// `tags.system.attempts`: how many attempts the system made at each task (`1`, `2+`).
    pub attempts: Option<String>,
}

impl Metadata {
    /// `system` as the metadata names it; what the metadata does not say is kept.
    pub fn apply(self, system: &mut SystemInfo) {
        if let Some(name) = self.name {
            system.name = name;
        }
        if !self.models.is_empty() {
            system.model = Some(self.models.join(", "));
        }
        if !self.orgs.is_empty() {
            system.org = Some(self.orgs.join(", "));
        }
        // The attempts become the tag swebench.com gives them, which the board reads.
        let attempts = self.attempts.map(|n| format!("{ATTEMPTS_TAG}{n}"));
        for tag in self.tags.into_iter().map(str::to_string).chain(attempts) {
            if !system.tags.contains(&tag) {
                system.tags.push(tag);
            }
        }
    }
}

/// `Ok(None)` when the submission has no `metadata.yaml`.
fn read(folder: &Path) -> Result<Option<Metadata>, String> {
    let path = folder.join(FILE);
    match std::fs::metadata(&path) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Ok(meta) if meta.len() > MAX_BYTES => return Err(format!("{} bytes, more than metadata holds", meta.len())),
        _ => {}
    }
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())?;
    parse(&text).map(Some)
}

/// A `metadata.yaml`'s text read, or why it cannot be.
pub fn parse(text: &str) -> Result<Metadata, String> {
    let documents = crate::input::bounded_yaml::load(text)?;
    let root = match documents.first() {
        Some(root @ Yaml::Hash(_)) => root,
        _ => return Err("expected a mapping of fields".into()),
    };
    let info = if root["info"].is_badvalue() { root } else { &root["info"] };
    let tags = &root["tags"];
    let flags = [
        (&tags["os_model"], "open weights"),
        (&tags["os_system"], "open scaffold"),
        (&root["oss"], "open scaffold"),
        (&tags["checked"], "checked"),
        (&root["verified"], "checked"),
    ];
    let mut labels = Vec::new();
    for (flag, label) in flags {
        if flag.as_bool() == Some(true) && !labels.contains(&label) {
            labels.push(label);
        }
    }
    Ok(Metadata {
        name: scalar(&info["name"]),
        models: scalars(&tags["model"]),
        orgs: scalars(&tags["org"]),
        tags: labels,
        attempts: scalar(&tags["system"]["attempts"]),
    })
}

/// A scalar as text (`attempts: 1` and `attempts: '1'` alike), or `None` if blank or not one.
fn scalar(value: &Yaml) -> Option<String> {
    let text = match value {
        Yaml::String(text) | Yaml::Real(text) => text.trim().to_string(),
        Yaml::Integer(number) => number.to_string(),
        _ => return None,
    };
    (!text.is_empty()).then_some(text)
}

/// A list of scalars, or one scalar.
fn scalars(value: &Yaml) -> Vec<String> {
    match value {
        Yaml::Array(items) => items.iter().filter_map(scalar).collect(),
        other => scalar(other).into_iter().collect(),
    }
}

/// `2024-06-20` of `20240620_sweagent_claude3.5sonnet`, the experiments repository's naming.
fn folder_date(folder: &str) -> Option<String> {
    let digits = folder.get(..8).filter(|d| d.bytes().all(|b| b.is_ascii_digit()))?;
    if !matches!(folder.as_bytes().get(8), Some(b'_' | b'-')) {
        return None;
    }
    let (year, month, day) = (&digits[..4], &digits[4..6], &digits[6..]);
    let plausible = ("2000"..="2099").contains(&year) && ("01"..="12").contains(&month) && ("01"..="31").contains(&day);
    plausible.then(|| format!("{year}-{month}-{day}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_current_shape_names_and_tags_the_system() {
        let text = "info:\n  name: SWE-agent + Claude 3.5 Sonnet\n  site: https://example.org\n  logo: null\n\
                    assets:\n  logs: s3://bucket/verified/x/logs\n\
                    tags:\n  checked: false\n  model:\n    - claude-3-5-sonnet-20240620\n  org:\n    - SWE-agent\n    - Princeton\n  \
                    os_model: false\n  os_system: true\n  system:\n    attempts: '1'\n";
        assert_eq!(
            parse(text).unwrap(),
            Metadata {
                name: Some("SWE-agent + Claude 3.5 Sonnet".into()),
                models: vec!["claude-3-5-sonnet-20240620".into()],
                orgs: vec!["SWE-agent".into(), "Princeton".into()],
                tags: vec!["open scaffold"],
                attempts: Some("1".into()),
            }
        );
    }

    #[test]
    fn the_first_shape_is_read_too() {
        let text = "name: \"SWE-agent + GPT 4 (1106)\"\noss: true\nsite: https://github.com/princeton-nlp/SWE-agent\nverified: true\n";
        let metadata = parse(text).unwrap();
        assert_eq!(metadata.name.as_deref(), Some("SWE-agent + GPT 4 (1106)"));
        assert_eq!(metadata.tags, vec!["open scaffold", "checked"]);
        assert!(metadata.models.is_empty() && metadata.orgs.is_empty());
    }

    #[test]
    fn applying_keeps_what_the_metadata_does_not_say() {
        let mut system = SystemInfo {
            name: "20240620_agent".into(),
            model: Some("gpt-4".into()),
            tags: vec!["checked".into()],
            ..SystemInfo::default()
        };
        parse("tags:\n  checked: true\n  os_model: true\n  system:\n    attempts: 2+\n")
            .unwrap()
            .apply(&mut system);
        assert_eq!(system.name, "20240620_agent");
        assert_eq!(system.model.as_deref(), Some("gpt-4"));
        assert_eq!(system.tags, ["checked", "open weights", "System: Attempts - 2+"]);
    }

    #[test]
    fn what_is_not_metadata_is_refused_with_the_reason() {
        assert!(parse("info: [unclosed").unwrap_err().starts_with("not YAML"));
        assert_eq!(parse("- a\n- b\n").unwrap_err(), "expected a mapping of fields");
        assert_eq!(parse("").unwrap_err(), "expected a mapping of fields");
        assert!(parse(&"[".repeat(100_000)).unwrap_err().starts_with("not YAML"));
        let odd = parse("info:\n  name: [1, 2]\ntags:\n  model: 3.5\n  checked: 'yes'\n").unwrap();
        assert_eq!((odd.name, odd.models, odd.tags), (None, vec!["3.5".to_string()], vec![]));
    }

    #[test]
    fn a_folder_named_by_date_dates_the_run() {
        assert_eq!(folder_date("20240620_sweagent_claude3.5sonnet").as_deref(), Some("2024-06-20"));
        assert_eq!(folder_date("20251127-openhands").as_deref(), Some("2025-11-27"));
        assert_eq!(folder_date("20241399_x"), None);
        assert_eq!(folder_date("202406201_x"), None);
        assert_eq!(folder_date("sweagent"), None);
        assert_eq!(folder_date("2024062"), None);
    }

    #[test]
    fn a_submission_is_described_by_its_file_and_a_bad_file_is_named() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path().join("20240620_agent");
        std::fs::create_dir_all(&folder).unwrap();
        let mut run = Run::new("agent", "swe-bench", "test", "20240620_agent", "here");
        let mut warnings = Vec::new();
        describe(&folder, &mut run, &mut warnings);
        assert_eq!(
            (run.system.name.as_str(), run.date.as_deref()),
            ("20240620_agent", Some("2024-06-20"))
        );
        assert!(warnings.is_empty());

        std::fs::write(folder.join(FILE), "info:\n  name: Agent + Model\n").unwrap();
        describe(&folder, &mut run, &mut warnings);
        assert_eq!(run.system.name, "Agent + Model");

        std::fs::write(folder.join(FILE), b"name: \xff\n").unwrap();
        let mut run = Run::new("agent", "swe-bench", "test", "20240620_agent", "here");
        describe(&folder, &mut run, &mut warnings);
        assert_eq!(run.system.name, "20240620_agent");
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].contains("metadata.yaml: not UTF-8 text; the run keeps the name 20240620_agent"),
            "{warnings:?}"
        );
    }
}
