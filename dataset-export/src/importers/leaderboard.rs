//! Leaderboards: swebench.com's `leaderboards.json` (also FEA-Bench's site, which copies it): one
//! run per entry, with per-instance results where `per_instance_details` exists; FeatureBench's
//! leaderboard rows (`agent, model, passed, resolved, date, org, filter_1, filter_2`), one file
//! or its website's folder of them; and SWE-Dev's
//! tables (`llm_table`: pass@1 and pass@3 per split; `mas_table`: pass@1, calls and price per split).

use std::collections::BTreeMap;

use benchscope_contract::leaderboard::tags::ATTEMPTS_TAG;
use benchscope_contract::{InstanceResult, Run, SystemInfo};
use serde_json::Value;

use super::{read_json, ImportPlan, Imported, RunSource, Source};
use crate::run_store::NewRun;

/// swebench.com's `leaderboards.json` (and FEA-Bench's site's copy of it).
pub struct SwebenchSite;

impl RunSource for SwebenchSite {
    fn name(&self) -> &'static str {
        "swebench.com leaderboards"
    }

    fn detect(&self, source: &Source) -> bool {
        source.json().is_some_and(|v| v.get("leaderboards").is_some())
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let value = source.json().unwrap_or(&Value::Null);
        let named_by_board = plan.dataset.is_none();
        Ok(swebench_site(value, &source.label(), plan.dataset.as_deref())
            .into_iter()
            .map(|mut r| {
                r.dataset_from_source = named_by_board;
                let notes = r.run.notes.clone();
                (r, notes)
            })
            .collect())
    }
}

/// FeatureBench's leaderboard: a JSON list of `{agent, model, passed, resolved, ...}`, its file
/// name the split.
pub struct FeatureBenchBoard;

impl RunSource for FeatureBenchBoard {
    fn name(&self) -> &'static str {
        "FeatureBench leaderboard"
    }

    fn detect(&self, source: &Source) -> bool {
        let first = source.json().and_then(Value::as_array).and_then(|rows| rows.first());
        first.is_some_and(is_featurebench_row)
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let rows = source.json().and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
        let board = super::stem_of(source.path());
        let split = plan.split_or(board.as_deref().unwrap_or("full"));
        let dataset = plan.dataset_or("featurebench");
        Ok(featurebench_rows(rows, &split, &source.label(), &dataset)
            .into_iter()
            .map(|r| (r, Vec::new()))
            .collect())
    }
}

/// FeatureBench's website leaderboard folder (`leaderboard/data/`): a board per split
/// (`fast.json`, `full.json`, `lite.json`) beside the page's own JSON files (`filter_options.json`,
/// `top_badges.json`), which are passed over and named (or the website's whole folder, whose
/// other files are its tasks).
pub struct FeatureBenchBoardFolder;

impl RunSource for FeatureBenchBoardFolder {
    fn name(&self) -> &'static str {
        "FeatureBench leaderboard folder"
    }

    fn detect(&self, source: &Source) -> bool {
        let files = source.files_named(|n| n.ends_with(".json"));
        files.len() <= MAX_BOARD_FILES && files.iter().any(|path| read_board(path).is_some())
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let mut runs: Imported = Vec::new();
        let mut others = Vec::new();
        for path in source.files_named(|n| n.ends_with(".json")) {
            let Some(rows) = read_board(&path) else {
                others.push(path.display().to_string());
                continue;
            };
            let board = super::stem_of(&path).unwrap_or_default();
            let split = plan.split_or(&board);
            let label = path.display().to_string();
            runs.extend(
                featurebench_rows(&rows, &split, &label, &plan.dataset_or("featurebench"))
                    .into_iter()
                    .map(|r| (r, Vec::new())),
            );
        }
        if let (Some((_, warnings)), false) = (runs.first_mut(), others.is_empty()) {
            let more = others.len().saturating_sub(SHOWN_OTHERS);
            others.truncate(SHOWN_OTHERS);
            let more = if more > 0 { format!(" and {more} more") } else { String::new() };
            warnings.push(format!(
                "JSON files that are not FeatureBench leaderboards, so not read: {}{more}",
                others.join(", ")
            ));
        }
        Ok(runs)
    }
}

/// More JSON files than this is not a leaderboard's data folder.
const MAX_BOARD_FILES: usize = 50;

/// How many of the other files a warning names.
const SHOWN_OTHERS: usize = 10;

/// A FeatureBench board's rows, when the file is one.
fn read_board(path: &std::path::Path) -> Option<Vec<Value>> {
    let Value::Array(rows) = read_json(path)? else { return None };
    is_featurebench_row(rows.first()?).then_some(rows)
}

fn is_featurebench_row(row: &Value) -> bool {
    row.get("agent").is_some() && row.get("passed").is_some()
}

/// SWE-Dev's leaderboard tables (`llm_table`, `mas_table`).
pub struct SweDevTables;

impl RunSource for SweDevTables {
    fn name(&self) -> &'static str {
        "SWE-Dev leaderboard"
    }

    fn detect(&self, source: &Source) -> bool {
        source
            .json()
            .is_some_and(|v| v.get("llm_table").is_some() || v.get("mas_table").is_some())
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let value = source.json().unwrap_or(&Value::Null);
        Ok(swe_dev_tables(value, &source.label(), &plan.dataset_or("swe-dev"))
            .into_iter()
            .map(|r| (r, Vec::new()))
            .collect())
    }
}

/// A dataset name for a board (`Lite` → `swe-bench-lite`, `Test` → `swe-bench`).
pub fn dataset_for_board(board: &str) -> String {
    match board.to_ascii_lowercase().as_str() {
        "test" | "full" => "swe-bench".to_string(),
        other => format!("swe-bench-{}", slug(other)),
    }
}

/// Letters, digits, `.`, `_` and `-` only (others become `-`).
pub fn slug(text: &str) -> String {
    let slug: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '-' })
        .collect();
    slug.trim_matches('-').to_string()
}

/// swebench.com-style boards: `{leaderboards: [{name, results: [entry]}]}`.
pub fn swebench_site(value: &Value, source: &str, dataset_override: Option<&str>) -> Vec<NewRun> {
    let mut runs = Vec::new();
    for board in value.get("leaderboards").and_then(Value::as_array).into_iter().flatten() {
        let name = board.get("name").and_then(Value::as_str).unwrap_or("board");
        let dataset = dataset_override.map(str::to_string).unwrap_or_else(|| dataset_for_board(name));
        // Named boards of one dataset (FEA-Bench's site: `Lite`, `Test`) become its splits.
        let split = if dataset_override.is_some() {
            slug(&name.to_lowercase())
        } else {
            "test".to_string()
        };
        for entry in board.get("results").and_then(Value::as_array).into_iter().flatten() {
            let mut run = site_entry(entry, name, &dataset, source);
            run.run.split = split.clone();
            runs.push(run);
        }
    }
    runs
}

fn site_entry(entry: &Value, board: &str, dataset: &str, source: &str) -> NewRun {
    let text = |key: &str| entry.get(key).and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_string);
    let name = text("name").unwrap_or_else(|| "unnamed".into());
    let folder = text("folder");
    let id = format!("{}.{}", slug(&board.to_lowercase()), slug(folder.as_deref().unwrap_or(&name)));
    let tags: Vec<String> = entry
        .get("tags")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect();
    let tagged = |prefix: &str| tags.iter().find_map(|t| t.strip_prefix(prefix).map(str::to_string));
    let mut system_tags = tags.clone();
    for (key, label) in [("os_model", "open weights"), ("os_system", "open scaffold"), ("checked", "checked")] {
        if entry.get(key).and_then(Value::as_bool) == Some(true) {
            system_tags.push(label.to_string());
        }
    }
    let mut headline = BTreeMap::new();
    for (key, label) in [
        ("resolved", "resolved_percent"),
        ("cost", "cost"),
        ("instance_cost", "instance_cost"),
        ("instance_calls", "instance_calls"),
    ] {
        if let Some(v) = entry.get(key).and_then(Value::as_f64) {
            headline.insert(label.to_string(), v);
        }
    }
    let results = match entry.get("per_instance_details") {
        Some(Value::Object(details)) => instance_details(details),
        _ => Vec::new(),
    };
    let mut notes = Vec::new();
    check_headline(&headline, &results, &mut notes);
    let run = Run {
        system: SystemInfo {
            name,
            model: tagged("Model: "),
            scaffold: tagged("Scaffold: ").or_else(|| scaffold_of_system_tag(&tags)),
            org: tagged("Org: "),
            tags: system_tags,
        },
        date: text("date"),
        headline,
        notes,
        results,
        ..Run::new(id, dataset, "test", "", source)
    };
    NewRun::new(run)
}

/// A `System: x` tag that names a scaffold. The site's own are all `System: Attempts - 1` or
/// `2+`, how many attempts the system made at each task, which the board shows as attempts.
fn scaffold_of_system_tag(tags: &[String]) -> Option<String> {
    tags.iter()
        .filter(|tag| !tag.starts_with(ATTEMPTS_TAG))
        .find_map(|tag| tag.strip_prefix("System: ").map(str::to_string))
}

/// The site's per-instance details (`{instance_id: {resolved, cost, api_calls}}`) as results.
pub(super) fn instance_details(details: &serde_json::Map<String, Value>) -> Vec<InstanceResult> {
    details
        .iter()
        .map(|(instance, detail)| InstanceResult {
            instance_id: instance.clone(),
            resolved: detail.get("resolved").and_then(Value::as_bool),
            cost: detail.get("cost").and_then(Value::as_f64),
            api_calls: detail.get("api_calls").and_then(count),
            ..InstanceResult::default()
        })
        .collect()
}

/// A count as the site writes it: an integer, or a whole number written as a float.
fn count(value: &Value) -> Option<u64> {
    value
        .as_u64()
        .or_else(|| value.as_f64().filter(|f| *f >= 0.0 && f.fract() == 0.0).map(|f| f as u64))
}

/// Notes a published resolved percentage that the per-instance results do not reproduce.
pub fn check_headline(headline: &BTreeMap<String, f64>, results: &[InstanceResult], notes: &mut Vec<String>) {
    let (Some(published), false) = (headline.get("resolved_percent"), results.is_empty()) else {
        return;
    };
    let resolved = results.iter().filter(|r| r.resolved == Some(true)).count();
    let computed = 100.0 * resolved as f64 / results.len() as f64;
    if (computed - published).abs() > 0.05 {
        notes.push(format!(
            "the source publishes {published:.2}% resolved, but its per-instance results give {computed:.2}% ({resolved} of {}); both are kept",
            results.len()
        ));
    }
}

/// FeatureBench leaderboard rows; `split` is the board (lite, full, fast).
pub fn featurebench_rows(rows: &[Value], split: &str, source: &str, dataset: &str) -> Vec<NewRun> {
    rows.iter()
        .map(|row| {
            let text = |key: &str| row.get(key).and_then(Value::as_str).map(str::to_string);
            let agent = text("agent").unwrap_or_default();
            let model = text("model").unwrap_or_default();
            let filters: Vec<String> = ["filter_1", "filter_2"]
                .iter()
                .flat_map(|k| row.get(*k).and_then(Value::as_array).cloned().unwrap_or_default())
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect();
            let org = filters.iter().find_map(|f| f.strip_prefix("Org: ").map(str::to_string));
            let mut headline = BTreeMap::new();
            for (key, label) in [("resolved", "resolved_percent"), ("passed", "passed_percent")] {
                if let Some(v) = row.get(key).and_then(Value::as_f64) {
                    headline.insert(label.to_string(), v);
                }
            }
            let id = format!("featurebench-{split}.{}", slug(&format!("{agent}-{model}")));
            NewRun::new(Run {
                system: SystemInfo {
                    name: format!("{agent} + {model}"),
                    model: Some(model),
                    scaffold: Some(agent),
                    org,
                    tags: filters,
                },
                date: text("date"),
                headline,
                ..Run::new(id, dataset, split, "", source)
            })
        })
        .collect()
}

/// A model's name without the 🧠 SWE-Dev's page writes after a reasoning model's (its tag
/// says so): the run's name keeps it, as the page shows it.
fn without_reasoning_mark(model: &str) -> String {
    model.trim_end().trim_end_matches('🧠').trim_end().to_string()
}

/// SWE-Dev's leaderboard tables: one run per row and split (`easy`, `hard`), its pass@1 as the
/// resolved percentage. Values are the strings its page shows.
pub fn swe_dev_tables(value: &Value, source: &str, dataset: &str) -> Vec<NewRun> {
    let number = |row: &Value, key: &str| {
        row.get(key)
            .and_then(Value::as_str)
            .and_then(|s| s.trim().trim_end_matches('%').parse::<f64>().ok())
    };
    let text = |row: &Value, key: &str| row.get(key).and_then(Value::as_str).map(str::to_string);
    let mut runs = Vec::new();
    for split in crate::formats::swe_dev::SPLITS {
        // Table position keeps ids unique: a model can appear twice (in two settings).
        for (i, row) in value.get("llm_table").and_then(Value::as_array).into_iter().flatten().enumerate() {
            let model = text(row, "model")
                .or_else(|| text(row, "model_and_company"))
                .unwrap_or_else(|| "unnamed".into());
            let mut headline = BTreeMap::new();
            for (key, label) in [
                (format!("pass1_{split}"), "resolved_percent"),
                (format!("pass3_{split}"), "pass3_percent"),
            ] {
                if let Some(v) = number(row, &key) {
                    headline.insert(label.to_string(), v);
                }
            }
            let mut tags = vec!["LLM".to_string()];
            if row.get("reasoning_model").and_then(Value::as_bool) == Some(true) {
                tags.push("reasoning model".into());
            }
            let system = SystemInfo {
                name: model.clone(),
                org: text(row, "company"),
                tags,
                model: Some(without_reasoning_mark(&model)),
                scaffold: None,
            };
            let run = Run::new(format!("{split}.llm.{:02}.{}", i + 1, slug(&model)), dataset, split, "", source);
            runs.push(swe_dev_run(run, system, row, headline));
        }
        for (i, row) in value.get("mas_table").and_then(Value::as_array).into_iter().flatten().enumerate() {
            let method = text(row, "method").unwrap_or_else(|| "unnamed".into());
            let mut headline = BTreeMap::new();
            for (key, label) in [
                (format!("{split}_pass1"), "resolved_percent"),
                (format!("{split}_calls"), "instance_calls"),
                (format!("{split}_price_usd"), "cost"),
            ] {
                if let Some(v) = number(row, &key) {
                    headline.insert(label.to_string(), v);
                }
            }
            let tags = vec!["multi-agent system".to_string()];
            let system = SystemInfo {
                name: method.clone(),
                tags,
                ..SystemInfo::default()
            };
            let run = Run::new(format!("{split}.mas.{:02}.{}", i + 1, slug(&method)), dataset, split, "", source);
            runs.push(swe_dev_run(run, system, row, headline));
        }
    }
    runs
}

/// One SWE-Dev table row's run: `run` with its system, the row's date and its headline.
fn swe_dev_run(run: Run, system: SystemInfo, row: &Value, headline: BTreeMap<String, f64>) -> NewRun {
    NewRun::new(Run {
        system,
        date: row.get("date").and_then(Value::as_str).map(str::to_string),
        headline,
        ..run
    })
}
