//! SWE-Dev's leaderboard as it is published: the project page's HTML (`assets/index.html`), whose
//! two tables are the board. `sortableTable1` has a row per model (its name, a 🧠 after a
//! reasoning model's, the company under it, params, date, then pass@1 and pass@3 on easy and
//! hard); `sortableTable2` a row per multi-agent method (date, then pass@1, calls and price on
//! each split). The data cells are matched to the sortable headers' `data-column` names, so a
//! column moved on the page is still read as what it is. The rows become the tables
//! [`swe_dev_tables`] reads, one run per row and split.

use anyhow::bail;
use scraper::{ElementRef, Html, Selector};
use serde_json::{json, Map, Value};

use super::leaderboard::swe_dev_tables;
use super::{ImportPlan, Imported, RunSource, Source};

/// The format.
pub struct SweDevPage;

/// The tables' ids on the page: the models', then the multi-agent methods'.
const MODELS: &str = "sortableTable1";
const METHODS: &str = "sortableTable2";

impl RunSource for SweDevPage {
    fn name(&self) -> &'static str {
        "SWE-Dev leaderboard page"
    }

    fn detect(&self, source: &Source) -> bool {
        let text = source.text();
        source.is_file()
            && text.trim_start().starts_with('<')
            && text.contains("SWE-Dev")
            && (text.contains(MODELS) || text.contains(METHODS))
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let page = Html::parse_document(source.text());
        let tables = json!({
            "llm_table": rows(&page, MODELS, model_row),
            "mas_table": rows(&page, METHODS, method_row),
        });
        let runs = swe_dev_tables(&tables, &source.label(), &plan.dataset_or("swe-dev"));
        if runs.is_empty() {
            bail!(
                "{}: SWE-Dev's page, but its tables `{MODELS}` and `{METHODS}` have no rows",
                source.path().display()
            );
        }
        Ok(runs.into_iter().map(|run| (run, Vec::new())).collect())
    }
}

/// The rows of the table `id`, each read by `row` with the table's data columns in order.
fn rows(page: &Html, id: &str, row: fn(ElementRef, &[String]) -> Option<Value>) -> Vec<Value> {
    let Some(table) = page.select(&selector(&format!("table#{id}"))).next() else {
        return Vec::new();
    };
    let columns: Vec<String> = table
        .select(&selector("thead th[data-column]"))
        .filter_map(|th| th.value().attr("data-column").map(str::to_string))
        .collect();
    table.select(&selector("tbody tr")).filter_map(|tr| row(tr, &columns)).collect()
}

/// A model's row, as the tables' JSON names its fields: `model` with its 🧠, `company`,
/// `reasoning_model`, `params`, `date`, and `pass1_easy` … `pass3_hard` from the columns
/// `easy_1`, `hard_1`, `easy_3`, `hard_3`.
fn model_row(tr: ElementRef, columns: &[String]) -> Option<Value> {
    let name = tr.select(&selector(".model-name")).next()?;
    let mut row = Map::new();
    row.insert("model".into(), Value::String(text_of(name)));
    row.insert(
        "reasoning_model".into(),
        Value::Bool(name.select(&selector(".brain-emoji")).next().is_some()),
    );
    for (field, class) in [("company", ".company"), ("params", ".params-context"), ("date", ".date")] {
        if let Some(cell) = tr.select(&selector(class)).next() {
            row.insert(field.into(), Value::String(text_of(cell)));
        }
    }
    for (column, value) in data_cells(tr, columns) {
        let field = match column.as_str() {
            "easy_1" => "pass1_easy",
            "hard_1" => "pass1_hard",
            "easy_3" => "pass3_easy",
            "hard_3" => "pass3_hard",
            _ => continue,
        };
        row.insert(field.into(), Value::String(value));
    }
    Some(Value::Object(row))
}

/// A multi-agent method's row: `method`, `date`, and per split its pass@1, calls and price
/// (`easy_pass1`, `easy_calls`, `easy_price_usd`, … from `easy_pass@1`, `easy_calls`,
/// `easy_prices`, …).
fn method_row(tr: ElementRef, columns: &[String]) -> Option<Value> {
    let method = tr.select(&selector(".model-name")).next()?;
    let mut row = Map::new();
    row.insert("method".into(), Value::String(text_of(method)));
    if let Some(date) = tr.select(&selector(".date")).next() {
        row.insert("date".into(), Value::String(text_of(date)));
    }
    for (column, value) in data_cells(tr, columns) {
        let Some((split, figure)) = column.split_once('_') else { continue };
        let field = match figure {
            "pass@1" => "pass1",
            "calls" => "calls",
            "prices" => "price_usd",
            _ => continue,
        };
        row.insert(format!("{split}_{field}"), Value::String(value));
    }
    Some(Value::Object(row))
}

/// The row's data cells with the column each is under: its `data-value`, else its text.
fn data_cells(tr: ElementRef, columns: &[String]) -> Vec<(String, String)> {
    tr.select(&selector("td.data-cell"))
        .zip(columns)
        .map(|(td, column)| {
            let value = td.value().attr("data-value").map(str::to_string).unwrap_or_else(|| text_of(td));
            (column.clone(), value.trim().to_string())
        })
        .collect()
}

/// An element's text, its runs of whitespace made one space, as the page shows it.
fn text_of(element: ElementRef) -> String {
    element.text().collect::<String>().split_whitespace().collect::<Vec<_>>().join(" ")
}

fn selector(css: &str) -> Selector {
    Selector::parse(css).expect("the selectors here are valid CSS")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"<html><body><h1>SWE-Dev</h1>
    <table id="sortableTable1"><thead>
      <tr><th>#</th><th>Model</th><th>Params</th><th>Date</th><th colspan="2">Pass @1 (%)</th><th colspan="2">Pass @3 (%)</th></tr>
      <tr><th class="sortable" data-column="easy_1">Easy</th><th class="sortable" data-column="hard_1">Hard</th>
          <th class="sortable" data-column="easy_3">Easy</th><th class="sortable" data-column="hard_3">Hard</th></tr>
    </thead><tbody>
      <tr><td>2</td><td class="model-info"><div class="model-name">
            Qwen3-8B<span class="brain-emoji">🧠</span>
          </div><div class="company">Qwen</div></td>
        <td class="params-context">8B</td><td class="date">2025-04-29</td>
        <td class="data-cell" data-value="19.47">19.47</td><td class="data-cell" data-value="6.36">6.36</td>
        <td class="data-cell" data-value="25.91">25.91</td><td class="data-cell" data-value="9.22">9.22</td></tr>
    </tbody></table>
    <table id="sortableTable2"><thead><tr>
      <th class="sortable" data-column="easy_pass@1">Pass@1</th><th class="sortable" data-column="easy_calls">Calls</th>
      <th class="sortable" data-column="easy_prices">Prices($)</th><th class="sortable" data-column="hard_pass@1">Pass@1</th>
      <th class="sortable" data-column="hard_calls">Calls</th><th class="sortable" data-column="hard_prices">Prices($)</th></tr>
    </thead><tbody>
      <tr><td>1</td><td class="model-info"><div class="model-name">Reflexion</div></td><td class="date">2023-10-10</td>
        <td class="data-cell" data-value="39.77">39.77</td><td class="data-cell" data-value="2.12">2.12</td>
        <td class="data-cell" data-value="0.83">0.83</td><td class="data-cell" data-value="13.32">13.32</td>
        <td class="data-cell" data-value="2.18">2.18</td><td class="data-cell" data-value="1.35">1.35</td></tr>
    </tbody></table></body></html>"#;

    #[test]
    fn the_page_tables_become_the_rows_of_the_board() {
        let page = Html::parse_document(PAGE);
        let models = rows(&page, MODELS, model_row);
        assert_eq!(
            models,
            [
                json!({"model": "Qwen3-8B🧠", "reasoning_model": true, "company": "Qwen", "params": "8B", "date": "2025-04-29",
                "pass1_easy": "19.47", "pass1_hard": "6.36", "pass3_easy": "25.91", "pass3_hard": "9.22"})
            ]
        );
        let methods = rows(&page, METHODS, method_row);
        assert_eq!(
            methods,
            [
                json!({"method": "Reflexion", "date": "2023-10-10", "easy_pass1": "39.77", "easy_calls": "2.12",
                "easy_price_usd": "0.83", "hard_pass1": "13.32", "hard_calls": "2.18", "hard_price_usd": "1.35"})
            ]
        );
        assert!(rows(&page, "no-such-table", model_row).is_empty());
    }
}
