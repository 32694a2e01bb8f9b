//! Long Code Arena baseline results: library-based code generation's `generations.jsonl` (one row
//! per config and task: `config`, `retrieval`, `model`, `index`, `generation`) with the published
//! means beside it (`metadata_all_configs.json`: `ChrF`, `API_recall`), and CI builds repair's
//! `jobs_results.jsonl` (`id`, `conclusion` of the rerun job).

use std::collections::BTreeMap;
use std::path::Path;

use benchscope_contract::{InstanceResult, Run, SystemInfo};
use serde_json::Value;

use super::lca_ci;
use super::leaderboard::slug;
use super::{new_run, ImportPlan, Imported, RunSource, Source, DEFAULT_SPLIT};
use crate::formats::unified::new_file_diff;
use crate::run_store::NewRun;

/// Long Code Arena's JSONL results, recognized by their first record.
pub struct LcaResults;

/// The kinds of Long Code Arena results file.
enum LcaKind {
    Generations,
    Jobs,
    CompScores,
}

/// Whether a results file's first record is a scored benchmark's output (library-based code
/// generation's generations, module summarization's scores) rather than CI builds repair's jobs,
/// which [`lca_ci::LcaCiFolder`] reads with the files beside them.
pub fn is_scored_output(first: &Value) -> bool {
    matches!(kind_of(first), Some(LcaKind::Generations | LcaKind::CompScores))
}

fn kind_of(first: &Value) -> Option<LcaKind> {
    if first.get("generation").is_some() && first.get("config").is_some() {
        Some(LcaKind::Generations)
    } else if lca_ci::is_result(first) {
        Some(LcaKind::Jobs)
    } else {
        compscore_of(first).map(|_| LcaKind::CompScores)
    }
}

impl RunSource for LcaResults {
    fn name(&self) -> &'static str {
        "Long Code Arena results"
    }

    fn detect(&self, source: &Source) -> bool {
        source.is_file() && source.first_line_record().as_ref().and_then(kind_of).is_some()
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let kind = source.first_line_record().as_ref().and_then(kind_of);
        let rows = source.line_records()?;
        let (path, label, split) = (source.path(), source.label(), plan.split_or(DEFAULT_SPLIT));
        let runs = match kind {
            Some(LcaKind::CompScores) => {
                let dataset = plan.dataset_or("lca-module-summarization");
                vec![compscores(path, &rows, &dataset, &split, &label, plan.run.as_deref())]
            }
            Some(LcaKind::Generations) => library_codegen_generations(path, &rows, &plan.dataset_or("lca-library-codegen"), &split, &label),
            Some(LcaKind::Jobs) => vec![lca_ci::ci_jobs(path, &rows, &plan.dataset_or(lca_ci::DATASET), &split, &label)],
            None => Vec::new(),
        };
        Ok(runs.into_iter().map(|r| (r, Vec::new())).collect())
    }
}

/// One run per config of `generations.jsonl`; each generation is kept as a new file
/// `generation.py`, so the explorer shows it as code beside the instance.
pub fn library_codegen_generations(path: &Path, rows: &[Value], dataset: &str, split: &str, source: &str) -> Vec<NewRun> {
    let published = published_means(path);
    let mut by_config: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
    for row in rows {
        let config = row.get("config").and_then(Value::as_str).unwrap_or("unnamed").to_string();
        by_config.entry(config).or_default().push(row);
    }
    by_config
        .into_iter()
        .map(|(config, rows)| {
            let text = |row: &Value, key: &str| row.get(key).and_then(Value::as_str).map(str::to_string);
            let first = rows[0];
            let id = format!("lbcg.{}", slug(&config.replace('/', ".")));
            let mut new = NewRun::new(Run {
                system: SystemInfo {
                    name: config.clone(),
                    model: text(first, "model"),
                    scaffold: text(first, "retrieval").map(|r| format!("retrieval: {r}")),
                    org: None,
                    tags: text(first, "retrieval")
                        .map(|r| vec![format!("retrieval: {r}")])
                        .unwrap_or_default(),
                },
                headline: published.get(&config).cloned().unwrap_or_default(),
                ..Run::new(id, dataset, split, "", source)
            });
            for row in rows {
                let Some(index) = row.get("index").and_then(Value::as_u64) else {
                    continue;
                };
                let id = index.to_string();
                let generation = text(row, "generation").unwrap_or_default();
                new.run.results.push(InstanceResult {
                    instance_id: id.clone(),
                    empty_patch: generation.trim().is_empty(),
                    ..Default::default()
                });
                if !generation.trim().is_empty() {
                    new.patches.insert(id, new_file_diff("generation.py", &generation));
                }
            }
            new
        })
        .collect()
}

/// `metadata_all_configs.json` beside the generations: config → `chrf_mean`, `api_recall_mean`,
/// in percent as `benchscope score` writes chrF and API recall (the file publishes shares of 1):
/// a metric has one scale whichever command wrote it, so a board with both reads alike.
fn published_means(generations: &Path) -> BTreeMap<String, BTreeMap<String, f64>> {
    let path = generations.with_file_name("metadata_all_configs.json");
    let Some(Value::Array(configs)) = std::fs::read(&path).ok().and_then(|b| crate::input::from_json_bytes(&b).ok()) else {
        return BTreeMap::new();
    };
    configs
        .iter()
        .filter_map(|c| {
            let name = c.get("name").or_else(|| c.get("config_dir"))?.as_str()?.to_string();
            let mean = |metric: &str| c.pointer(&format!("/metrics/{metric}/mean")).and_then(Value::as_f64);
            let mut headline = BTreeMap::new();
            for (metric, key) in [("ChrF", "chrf_mean"), ("API_recall", "api_recall_mean")] {
                if let Some(v) = mean(metric) {
                    headline.insert(key.to_string(), v * 100.0);
                }
            }
            Some((name, headline))
        })
        .collect()
}

/// A record's CompScore (`CompScore` or `compscore`), if it has one.
pub fn compscore_of(record: &Value) -> Option<f64> {
    record.get("CompScore").or_else(|| record.get("compscore"))?.as_f64()
}

/// Module summarization's CompScores (LLM-judged, so imported, never computed): one record per
/// documentation file, named by `instance_id`, or by `repo` and `path_to_docfile` as the export
/// names them.
pub fn compscores(path: &Path, rows: &[Value], dataset: &str, split: &str, source: &str, run: Option<&str>) -> NewRun {
    let stem = super::stem_of(path).unwrap_or_else(|| "compscore".into());
    let text = |row: &Value, key: &str| row.get(key).and_then(Value::as_str).map(str::to_string);
    let results: Vec<InstanceResult> = rows
        .iter()
        .filter_map(|row| {
            let id = text(row, "instance_id").or_else(|| Some(format!("{}:{}", text(row, "repo")?, text(row, "path_to_docfile")?)))?;
            Some(InstanceResult {
                instance_id: id,
                metrics: BTreeMap::from([("compscore".to_string(), compscore_of(row)? * 100.0)]),
                ..Default::default()
            })
        })
        .collect();
    let id = run.map_or_else(|| format!("compscore.{}", slug(&stem)), str::to_string);
    let mut run = new_run(id, stem, dataset, split, source);
    run.results = results;
    run.headline = run.metric_means();
    NewRun::new(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compscores_are_kept_per_documentation_file() {
        let rows = vec![
            serde_json::json!({"repo": "o/r", "path_to_docfile": "docs/a.md", "CompScore": 0.75}),
            serde_json::json!({"instance_id": "o/r:docs/b.md", "compscore": 0.25}),
            serde_json::json!({"repo": "o/r", "CompScore": 0.5}),
        ];
        let new = compscores(Path::new("ms.jsonl"), &rows, "ms", "test", "src", None);
        let ids: Vec<_> = new
            .run
            .results
            .iter()
            .map(|r| (r.instance_id.as_str(), r.metrics["compscore"]))
            .collect();
        assert_eq!(
            ids,
            [("o/r:docs/a.md", 75.0), ("o/r:docs/b.md", 25.0)],
            "a record naming no file is left out"
        );
        assert_eq!(new.run.headline["compscore_mean"], 50.0);
    }

    #[test]
    fn a_generation_reads_as_an_added_file() {
        let diff = new_file_diff("generation.py", "import os\nprint(1)");
        let files = benchscope_contract::patch::parse_patch(&diff);
        assert_eq!(files[0].added_and_removed(), (2, 0));
        assert!(files[0].hunks[0].lines[1].no_newline_at_end);
    }
}
