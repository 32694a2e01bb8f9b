//! `benchscope import` on the real leaderboards: swebench.com's boards, FeatureBench's, SWE-Dev's
//! tables and FEA-Bench's site boards, each entry a run.

mod common;

use std::path::{Path, PathBuf};

use benchscope_contract::{Manifest, Run};
use common::*;
use serde_json::json;

/// swebench.com's boards: one run per entry, per-instance results where published, and a
/// consistency finding for every entry whose headline its own per-instance results contradict.
#[test]
fn swebench_leaderboards_import_with_consistency_findings() {
    let Some(realdata) = realdata() else { return };
    let source = realdata.join("swebench-leaderboard_SWE-bench-swe-bench.github.io/leaderboards.json");
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let out = benchscope(&["import", source.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    let raw: serde_json::Value = read_json(&source);
    let boards = raw["leaderboards"].as_array().unwrap();
    let entries: Vec<&serde_json::Value> = boards.iter().flat_map(|b| b["results"].as_array().unwrap()).collect();
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    assert_eq!(manifest.runs.len(), entries.len(), "one run per entry (ids unique per board)");
    let with_details: Vec<_> = entries.iter().filter(|e| e["per_instance_details"].is_object()).collect();
    assert_eq!(manifest.runs.iter().filter(|r| r.instances > 0).count(), with_details.len());
    let folders: Vec<_> = std::fs::read_dir(data.join("runs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    assert!(
        folders.is_empty(),
        "a run with no patches, logs or trajectories has no folder: {folders:?}"
    );

    let mut contradicted = 0;
    for entry in &with_details {
        let details = entry["per_instance_details"].as_object().unwrap();
        let resolved = details.values().filter(|d| d["resolved"] == true).count();
        let computed = 100.0 * resolved as f64 / details.len() as f64;
        if (computed - entry["resolved"].as_f64().unwrap()).abs() > 0.05 {
            contradicted += 1;
        }
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("per-instance results give").count(), contradicted, "{stderr}");
    assert!(contradicted > 0, "the real data has such entries");

    // The published ranking (by resolved %) is what the runs' headlines give.
    let lite = boards.iter().find(|b| b["name"] == "Lite").unwrap();
    let mut published: Vec<(String, f64)> = lite["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["name"].as_str().unwrap().to_string(), e["resolved"].as_f64().unwrap()))
        .collect();
    published.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let mut imported: Vec<(String, f64)> = manifest
        .runs
        .iter()
        .filter(|r| r.dataset == "swe-bench-lite")
        .map(|r| (r.system.name.clone(), r.headline["resolved_percent"]))
        .collect();
    imported.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    assert_eq!(imported, published);

    // `System: Attempts - 2+` is how many attempts a system made, not its scaffold; the tag stays.
    let attempts = |tags: &[String]| benchscope_contract::leaderboard::tags::attempts(tags);
    assert!(
        manifest.runs.iter().all(|r| r.system.scaffold.is_none()),
        "the site names no scaffold"
    );
    let tagged = manifest.runs.iter().filter(|r| attempts(&r.system.tags).is_some()).count();
    let in_source = entries
        .iter()
        .filter(|e| {
            e["tags"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t.as_str().unwrap().starts_with("System: Attempts - "))
        })
        .count();
    assert_eq!(tagged, in_source);
    assert!(tagged > 100, "most entries say their attempts: {tagged}");
}

#[test]
fn featurebench_leaderboards_import_as_headline_runs() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    for split in ["lite", "full", "fast"] {
        let source = realdata.join(format!("featurebench_LiberCoders-FeatureBench/leaderboard/data/{split}.json"));
        benchscope_ok(&["import", source.to_str().unwrap(), "--data", data.to_str().unwrap()]);
        let rows: Vec<serde_json::Value> = read_json(&source);
        let manifest: Manifest = read_json(&data.join("manifest.json"));
        let runs: Vec<_> = manifest.runs.iter().filter(|r| r.split == split).collect();
        assert_eq!(runs.len(), rows.len(), "{split}");
        for row in &rows {
            let name = format!("{} + {}", row["agent"].as_str().unwrap(), row["model"].as_str().unwrap());
            let run = runs.iter().find(|r| r.system.name == name).unwrap();
            assert_eq!(run.headline["resolved_percent"], row["resolved"].as_f64().unwrap());
            assert_eq!(run.headline["passed_percent"], row["passed"].as_f64().unwrap());
            assert_eq!(run.dataset, "featurebench");
        }
    }
    assert!(
        !data.join("detail").exists(),
        "a leaderboard-only directory needs no exported dataset"
    );
}

/// The website's `leaderboard/data/` folder imports as its three boards do one by one; the page's
/// own files beside them are named and passed over.
#[test]
fn featurebench_leaderboard_folder_imports_as_its_boards() {
    let Some(realdata) = realdata() else { return };
    let folder = realdata.join("featurebench_LiberCoders-FeatureBench/leaderboard/data");
    let tmp = tempfile::tempdir().unwrap();
    let one_by_one = tmp.path().join("one-by-one");
    for split in ["lite", "full", "fast"] {
        let board = folder.join(format!("{split}.json"));
        benchscope_ok(&["import", board.to_str().unwrap(), "--data", one_by_one.to_str().unwrap()]);
    }
    let together = tmp.path().join("together");
    let out = benchscope(&["import", folder.to_str().unwrap(), "--data", together.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("JSON files that are not FeatureBench leaderboards, so not read")
            && stderr.contains("filter_options.json")
            && stderr.contains("top_badges.json"),
        "{stderr}"
    );
    let runs = |data: &std::path::Path| {
        let manifest: Manifest = read_json(&data.join("manifest.json"));
        let mut runs: Vec<_> = manifest
            .runs
            .iter()
            .map(|r| (r.id.clone(), r.split.clone(), r.system.name.clone(), format!("{:?}", r.headline)))
            .collect();
        runs.sort();
        runs
    };
    let expected = runs(&one_by_one);
    assert!(expected.len() > 3);
    assert_eq!(runs(&together), expected);
}

/// SWE-Dev's leaderboard tables: a run per row and split, pass@1 as the resolved percentage,
/// exactly as its page shows them; FEA-Bench's site boards become the splits of `--dataset`.
#[test]
fn swe_dev_tables_and_fea_bench_boards_import_as_headline_runs() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let swe_dev = realdata.join("swe-dev_DorothyDUUU/leaderboard/swe-dev_leaderboard_from_index_html.json");
    benchscope_ok(&["import", swe_dev.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    let fea = realdata.join("fea-bench_leaderboard-and-ids/fea-bench-site_leaderboards.json");
    benchscope_ok(&[
        "import",
        fea.to_str().unwrap(),
        "--dataset",
        "fea-bench",
        "--data",
        data.to_str().unwrap(),
    ]);
    let raw: serde_json::Value = read_json(&swe_dev);
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    let tables = raw["llm_table"].as_array().unwrap().len() + raw["mas_table"].as_array().unwrap().len();
    for split in ["easy", "hard"] {
        let runs: Vec<_> = manifest
            .runs
            .iter()
            .filter(|r| r.dataset == "swe-dev" && r.split == split)
            .collect();
        assert_eq!(runs.len(), tables, "{split}: one run per table row");
        let expected: Vec<f64> = raw["llm_table"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row[format!("pass1_{split}")].as_str().unwrap().parse().unwrap())
            .collect();
        let mut imported: Vec<f64> = runs
            .iter()
            .filter(|r| r.id.contains(".llm."))
            .map(|r| r.headline["resolved_percent"])
            .collect();
        let mut expected = expected;
        imported.sort_by(f64::total_cmp);
        expected.sort_by(f64::total_cmp);
        assert_eq!(imported, expected, "{split}: pass@1 as published");
    }
    // A reasoning model's row: its name as the page shows it (with 🧠), the model without the
    // mark, and the tag that says it.
    for entry in manifest.runs.iter().filter(|r| r.id.contains(".llm.")) {
        let model = entry.system.model.as_deref().unwrap();
        assert!(!model.contains('🧠') && model == model.trim(), "{model:?}");
        let tagged = entry.system.tags.iter().any(|t| t == "reasoning model");
        assert_eq!(entry.system.name.contains('🧠'), tagged, "{}", entry.system.name);
    }
    let boards: serde_json::Value = read_json(&fea);
    for board in boards["leaderboards"].as_array().unwrap() {
        let split = board["name"].as_str().unwrap().to_lowercase();
        let count = manifest
            .runs
            .iter()
            .filter(|r| r.dataset == "fea-bench" && r.split == split)
            .count();
        assert_eq!(count, board["results"].as_array().unwrap().len(), "fea-bench/{split}");
    }
}

/// SWE-bench-Live's board as its site publishes it (`reports-0605.jsonl`): a line per run, its
/// set the split, `resolved` the ids or their count, and the total it was scored over.
fn live_board(dir: &Path) -> PathBuf {
    let lines = [
        json!({"name": "SWE-agent + GPT 4o", "set": "lite", "total": 4, "logo": "SWE-agent", "date": "2025-06-05",
            "resolved": ["o__r-1"], "applied": ["o__r-1", "o__r-2"], "located": ["o__r-1"]}),
        json!({"name": "Win-agent + GPT-5.5 (Medium)", "set": "windows", "total": 60, "logo": "Win-agent", "date": "2026-06-06", "resolved": 16}),
        json!({"name": "AMI Agent + Claude-4.6-Opus", "set": "java", "total": 109, "logo": "AMI-Agent", "date": "2026-08-17", "resolved": 73,
            "url": "https://github.com/SWE-bench-Live/submission/blob/main/submissions/multilang/java/ami-agent"}),
    ];
    let path = dir.join("reports-0605.jsonl");
    std::fs::write(&path, lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join("\n")).unwrap();
    path
}

#[test]
fn swe_bench_live_board_lines_are_runs_of_its_sets() {
    let tmp = tempfile::tempdir().unwrap();
    let board = live_board(tmp.path());
    let data = tmp.path().join("data");
    benchscope_ok(&["import", board.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    let placed: Vec<(&str, &str, &str)> = manifest
        .runs
        .iter()
        .map(|r| (r.id.as_str(), r.dataset.as_str(), r.split.as_str()))
        .collect();
    assert_eq!(
        placed,
        [
            ("java.AMI-Agent---Claude-4.6-Opus", "swe-bench-live", "java"),
            ("lite.SWE-agent---GPT-4o", "swe-bench-live", "lite"),
            ("windows.Win-agent---GPT-5.5--Medium", "swe-bench-live", "windows"),
        ]
    );
    let lite: Run = read_json(&data.join("runs/lite.SWE-agent---GPT-4o.json"));
    assert_eq!((lite.headline["resolved_percent"], lite.headline["total_instances"]), (25.0, 4.0));
    assert_eq!(lite.resolved_ids(), ["o__r-1"]);
    assert_eq!(lite.results.len(), 2, "the applied patch that resolved nothing is a result too");
    let java: Run = read_json(&data.join("runs/java.AMI-Agent---Claude-4.6-Opus.json"));
    assert!(java.results.is_empty() && (java.headline["resolved_percent"] - 100.0 * 73.0 / 109.0).abs() < 1e-9);
    assert!(java.notes.iter().any(|n| n.ends_with("submissions/multilang/java/ami-agent")));
    assert_eq!(java.system.scaffold.as_deref(), Some("AMI Agent"));
}

/// Imported beside an export of its set with another number of instances, a line's share and
/// total give way to its split's count, as any stated share over another total does.
#[test]
fn a_swe_bench_live_line_scored_over_another_total_is_counted_over_the_exported_split() {
    let tmp = tempfile::tempdir().unwrap();
    let board = live_board(tmp.path());
    let data = exported_dataset_d(tmp.path(), &["o__r-1", "o__r-2", "o__r-3"]);
    benchscope_ok(&[
        "import",
        board.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--dataset",
        "d",
        "--split",
        "test",
    ]);
    let manifest: Manifest = read_json(&data.join("manifest.json"));
    let lite = manifest.runs.iter().find(|r| r.id == "lite.SWE-agent---GPT-4o").unwrap();
    assert!(lite.headline.is_empty(), "{:?}", lite.headline);
    let run: Run = read_json(&data.join(&lite.path));
    assert!(
        run.notes.iter().any(|n| n.contains("states its resolved share over 4 instances")),
        "{:?}",
        run.notes
    );
}

/// The SWE-Dev rows parsed from its page (the realdata's JSON), laid out again as the page lays
/// them out (`assets/index.html`: two sortable tables, a 🧠 span after a reasoning model's name,
/// the company under it), with the models' columns in another order than the page's.
fn swe_dev_page(tables: &serde_json::Value) -> String {
    let cell = |value: &serde_json::Value| format!(r#"<td class="data-cell" data-value="{0}">{0}</td>"#, value.as_str().unwrap());
    let models: String = tables["llm_table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let name = row["model"].as_str().unwrap().trim_end_matches('🧠').trim();
            let brain = if row["reasoning_model"] == true { r#"<span class="brain-emoji">🧠</span>"# } else { "" };
            format!(
                "<tr><td>{}</td><td class=\"model-info\"><div class=\"model-name\">\n  {name}{brain}\n</div><div class=\"company\">{}</div></td>\
                 <td class=\"params-context\">{}</td><td class=\"date\">{}</td>{}{}{}{}</tr>\n",
                row["rank"].as_str().unwrap(),
                row["company"].as_str().unwrap(),
                row["params"].as_str().unwrap(),
                row["date"].as_str().unwrap(),
                cell(&row["pass3_hard"]),
                cell(&row["pass1_easy"]),
                cell(&row["pass1_hard"]),
                cell(&row["pass3_easy"]),
            )
        })
        .collect();
    let methods: String = tables["mas_table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let cells: String = [
                "easy_pass1",
                "easy_calls",
                "easy_price_usd",
                "hard_pass1",
                "hard_calls",
                "hard_price_usd",
            ]
            .iter()
            .map(|key| cell(&row[*key]))
            .collect();
            format!(
                "<tr><td>{}</td><td class=\"model-info\"><div class=\"model-name\">{}</div></td><td class=\"date\">{}</td>{cells}</tr>\n",
                row["rank"].as_str().unwrap(),
                row["method"].as_str().unwrap(),
                row["date"].as_str().unwrap()
            )
        })
        .collect();
    format!(
        r#"<!DOCTYPE html><html><head><title>SWE-Dev</title></head><body>
<table id="sortableTable1"><thead><tr><th rowspan="2">#</th><th rowspan="2">Model</th><th rowspan="2">Params</th><th rowspan="2">Date</th></tr>
<tr><th class="sortable" data-column="hard_3">Hard</th><th class="sortable" data-column="easy_1">Easy</th><th class="sortable" data-column="hard_1">Hard</th><th class="sortable" data-column="easy_3">Easy</th></tr></thead>
<tbody id="tableBody1">{models}</tbody></table>
<table id="sortableTable2"><thead><tr><th class="sortable" data-column="easy_pass@1">Pass@1</th><th class="sortable" data-column="easy_calls">Calls</th><th class="sortable" data-column="easy_prices">Prices($)</th><th class="sortable" data-column="hard_pass@1">Pass@1</th><th class="sortable" data-column="hard_calls">Calls</th><th class="sortable" data-column="hard_prices">Prices($)</th></tr></thead>
<tbody id="tableBody2">{methods}</tbody></table></body></html>"#
    )
}

/// SWE-Dev's board as published, its page's HTML, imports as the same runs as the tables parsed
/// from it: each row's name (its 🧠 one space after it, as the page shows), date and figures.
#[test]
fn swe_dev_leaderboard_page_imports_as_the_tables_parsed_from_it() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let parsed = realdata.join("swe-dev_DorothyDUUU/leaderboard/swe-dev_leaderboard_from_index_html.json");
    let page = tmp.path().join("index.html");
    std::fs::write(&page, swe_dev_page(&read_json(&parsed))).unwrap();
    let (from_page, from_json) = (tmp.path().join("page"), tmp.path().join("json"));
    benchscope_ok(&["import", page.to_str().unwrap(), "--data", from_page.to_str().unwrap()]);
    benchscope_ok(&["import", parsed.to_str().unwrap(), "--data", from_json.to_str().unwrap()]);
    type Listed = (String, Option<String>, Option<String>, std::collections::BTreeMap<String, f64>);
    let runs = |data: &Path| -> Vec<Listed> {
        let manifest: Manifest = read_json(&data.join("manifest.json"));
        manifest
            .runs
            .into_iter()
            .map(|r| (r.id, r.system.model, r.date, r.headline))
            .collect()
    };
    let (page_runs, json_runs) = (runs(&from_page), runs(&from_json));
    assert_eq!(page_runs.len(), 76, "38 rows on each of two splits");
    assert_eq!(page_runs, json_runs);
    let manifest: Manifest = read_json(&from_page.join("manifest.json"));
    let reasoning = manifest.runs.iter().find(|r| r.id == "easy.llm.02.Qwen3-8B").unwrap();
    assert_eq!(reasoning.system.name, "Qwen3-8B🧠");
}
