//! What a keystroke in a 50,000-row list computes, natively: the postings of a prefix standing for
//! several terms merged, BM25 over a query matching every row and over one matching a few, the
//! facet counts, and the rows in id order (worked out once a list, then a pass) and sorted by
//! repository.
//!
//!     cargo bench -p benchscope-contract --bench list_queries
//!
//! Reports the best of several runs in ms, and its share of the 100 ms a response to input may
//! take (the browser benchmark, `npm --prefix e2e run bench`, times the whole keystroke in wasm).

mod timing;

use std::time::Duration;

use benchscope_contract::list::ordered_positions;
use benchscope_contract::natural_order::IdOrder;
use benchscope_contract::query::{facet_counts, sort_positions, Filter, SortKey};
use benchscope_contract::search::{bm25, merge_postings};
use benchscope_contract::{ChangeStats, IndexRow};
use timing::best_of;

const ROWS: u32 = 50_000;
const RESPONSE_BUDGET: Duration = Duration::from_millis(100);
const FACETS: [&str; 7] = ["repo", "category", "year", "files", "lines", "functions", "run model"];

fn rows() -> Vec<IndexRow> {
    (0..ROWS)
        .map(|i| IndexRow {
            id: format!("large__repo-{i:05}"),
            repo: format!("large/repo{}", i % 7),
            title: format!("Issue {i}"),
            category: ["Data", "Web", "Math"][i as usize % 3].into(),
            created: Some(format!("{}-01-01", 2015 + i % 9)),
            stats: ChangeStats {
                files_changed: 1 + i % 6,
                lines_added: i % 300,
                functions_added: i % 4,
                ..ChangeStats::default()
            },
            fail_to_pass: 1,
            pass_to_pass: 0,
            detail: i / 100,
            facets: [(
                "run model".to_string(),
                if i % 3 == 0 { "resolved" } else { "unresolved" }.to_string(),
            )]
            .into(),
        })
        .collect()
}

fn report(name: &str, took: Duration) {
    let ratio = took.as_secs_f64() / RESPONSE_BUDGET.as_secs_f64();
    println!(
        "{name:<48} {:>8.2} ms {ratio:>6.3} of the keystroke budget",
        took.as_secs_f64() * 1000.0
    );
}

fn main() {
    let rows = rows();
    let lengths: Vec<u32> = (0..ROWS).map(|i| 8 + i % 5).collect();
    let every_row: Vec<u32> = (0..ROWS).flat_map(|doc| [doc, 1]).collect();
    let half_the_rows: Vec<u32> = (0..ROWS).step_by(2).flat_map(|doc| [doc, 2]).collect();
    let merged = merge_postings(&[&every_row, &half_the_rows], ROWS as usize);
    report(
        "merge a prefix's two terms (50k + 25k postings)",
        best_of(40, || {
            std::hint::black_box(merge_postings(&[&every_row, &half_the_rows], ROWS as usize));
        }),
    );
    let query = vec![merged.clone(), merged.clone(), merged];
    report(
        "BM25, three terms matching all 50k rows",
        best_of(40, || {
            std::hint::black_box(bm25(&query, &lengths));
        }),
    );
    // A narrow query over the same rows: what a keystroke costs should follow its hits.
    let rare: Vec<u32> = (0..ROWS).step_by(1_250).flat_map(|doc| [doc, 1]).collect();
    let rarer: Vec<u32> = (0..ROWS).step_by(2_500).flat_map(|doc| [doc + 1, 3]).collect();
    report(
        "merge a prefix's two rare terms (40 + 20 postings)",
        best_of(40, || {
            std::hint::black_box(merge_postings(&[&rare, &rarer], ROWS as usize));
        }),
    );
    let narrow = merge_postings(&[&rare, &rarer], ROWS as usize);
    let narrow_query = vec![narrow.clone(), narrow.clone(), narrow];
    report(
        "BM25, three terms matching 60 of the 50k rows",
        best_of(40, || {
            std::hint::black_box(bm25(&narrow_query, &lengths));
        }),
    );
    let filter = Filter::default();
    report(
        "facet counts, 7 facets over 50k rows",
        best_of(40, || {
            for facet in FACETS {
                std::hint::black_box(facet_counts(rows.iter(), &filter, facet));
            }
        }),
    );
    // A scrambled order (a multiplicative step through the rows), so that each sort does its
    // full work rather than finding the rows already in order.
    let scramble = |i: usize| i * 7_919 % ROWS as usize;
    let mut scrambled_ids = rows.clone();
    for (i, row) in scrambled_ids.iter_mut().enumerate() {
        row.id = format!("large__repo-{}", scramble(i));
    }
    report(
        "id order of 50k rows, scrambled (once a list)",
        best_of(20, || {
            std::hint::black_box(IdOrder::new(&scrambled_ids));
        }),
    );
    let ids = IdOrder::new(&scrambled_ids);
    report(
        "the 50k rows in id order, after that",
        best_of(20, || {
            std::hint::black_box(ordered_positions(&scrambled_ids, &ids, &Filter::default(), None, None));
        }),
    );
    let scrambled: Vec<usize> = (0..ROWS as usize).map(scramble).collect();
    report(
        "sort 50k rows by repository, ties by id",
        best_of(20, || {
            let mut positions = scrambled.clone();
            sort_positions(&scrambled_ids, &ids, &mut positions, SortKey::Repo, false);
            std::hint::black_box(positions);
        }),
    );
    let selected = Filter::from_pairs(["repo:large/repo3", "files:1"]);
    report(
        "facet counts, 7 facets, two selected",
        best_of(40, || {
            for facet in FACETS {
                std::hint::black_box(facet_counts(rows.iter(), &selected, facet));
            }
        }),
    );
}
