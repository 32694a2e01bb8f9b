//! What the instance list shows: its facets, in order and by name, and its rows, filtered, ranked
//! by a search or sorted.

use std::borrow::Cow;
use std::collections::BTreeSet;

use crate::failure_mode::failure_mode_label;
use crate::natural_order::IdOrder;
use crate::outcomes::{aspect_of_facet, AMONG_TOP, RESOLVED_BY, RUN_FACET_PREFIX, TOP_RUNS};
use crate::query::{sort_positions, Filter, SortKey, BUILT_IN_FACETS};
use crate::results::{AGENT_COST, AGENT_EXIT, AGENT_STEPS};
use crate::runs_only::known_category;
use crate::sorting::{set_of, sort_by, sort_by_key};
use crate::IndexRow;

/// Whether a facet comes from the loaded runs (`resolved by`, `run <id>`) rather than the dataset.
pub fn is_run_facet(facet: &str) -> bool {
    facet == RESOLVED_BY || facet == AMONG_TOP || facet.starts_with(RUN_FACET_PREFIX)
}

/// The facets the rows carry beyond the built-in ones: the dataset's own (version, level, ...)
/// and the runs', each sorted (`resolved by` first among the runs').
fn own_and_run_facets(rows: &[IndexRow]) -> (Vec<String>, Vec<String>) {
    let carried: BTreeSet<&String> = set_of(rows.iter().flat_map(|r| r.facets.keys()));
    let (mut runs, own): (Vec<&String>, Vec<&String>) = carried.into_iter().partition(|f| is_run_facet(f));
    sort_by_key(&mut runs, |f| (f.as_str() != RESOLVED_BY, f.as_str() != AMONG_TOP, f.as_str()));
    (own.into_iter().cloned().collect(), runs.into_iter().cloned().collect())
}

/// The built-in facets some row has a value for (rows known only from runs have no dates,
/// patch statistics or categories). Added functions are counted in Python files only, so a
/// set where no row adds one (Multi-SWE-bench's C++, Go, Java, Rust) has nothing to say there.
fn informed_built_ins(rows: &[IndexRow]) -> impl Iterator<Item = String> + '_ {
    let informs = |facet: &str| {
        rows.is_empty()
            || match facet {
                "year" => rows.iter().any(|r| r.created.is_some()),
                "files" | "lines" => rows.iter().any(|r| r.stats.files_changed > 0),
                "functions" => rows.iter().any(|r| r.stats.functions_added > 0),
                "category" => rows.iter().any(|r| known_category(&r.category)),
                "repo" => rows.iter().any(|r| !r.repo.is_empty()),
                _ => true,
            }
    };
    BUILT_IN_FACETS.into_iter().filter(move |f| informs(f)).map(str::to_string)
}

/// The list's facets: the built-in ones some row informs, then the dataset's own, then the runs'.
pub fn list_facets(rows: &[IndexRow]) -> Vec<String> {
    let (own, runs) = own_and_run_facets(rows);
    informed_built_ins(rows).chain(own).chain(runs).collect()
}

/// The facets a breakdown can be by: the built-in ones some row informs, the dataset's own, and
/// a run's steps, exit status and cost where its trajectories give them (so each run's resolved
/// ratio reads by how long that agent worked, how it stopped and what it spent); not the runs'
/// verdicts.
pub fn breakdown_facets(rows: &[IndexRow]) -> Vec<String> {
    let (own, runs) = own_and_run_facets(rows);
    let agent = runs
        .into_iter()
        .filter(|f| matches!(crate::outcomes::aspect_of_facet(f), Some(AGENT_STEPS | AGENT_EXIT | AGENT_COST)));
    informed_built_ins(rows).chain(own).chain(agent).collect()
}

/// The facet a breakdown opens by: the category (FEA-Bench's Figure 4), unless every row shares
/// one; then the language (how the multi-language benchmarks, Multi-SWE-bench and SWE-PolyBench,
/// report first; their rows are all "Other"); then the first facet that tells rows apart, else
/// the first.
pub fn default_breakdown_facet(rows: &[IndexRow], facets: &[String]) -> Option<String> {
    let splits_rows = |facet: &str| {
        let mut values = rows.iter().filter_map(|r| crate::query::facet_value(r, facet));
        values.next().is_some_and(|first| values.any(|v| v != first))
    };
    let preferred = ["category", "language"]
        .iter()
        .find_map(|wanted| facets.iter().find(|f| f == wanted && splits_rows(f)));
    preferred
        .or_else(|| facets.iter().find(|f| splits_rows(f)))
        .or(facets.first())
        .cloned()
}

/// A facet's name for readers: the built-in ones spelled out, a run's as `Run: <id>`, others
/// with an ASCII first letter capitalized.
pub fn facet_label(facet: &str) -> String {
    match facet {
        "repo" => "Repository".into(),
        "category" => "Category".into(),
        "year" => "Year".into(),
        "files" => "Files changed".into(),
        "lines" => "Lines changed".into(),
        "functions" => "Added functions".into(),
        RESOLVED_BY => "Resolved by".into(),
        AMONG_TOP => format!("Among the top {TOP_RUNS} runs"),
        "context" => "Context size".into(),
        run if run.starts_with(RUN_FACET_PREFIX) => format!("Run: {}", &run[RUN_FACET_PREFIX.len()..]),
        // Only an ASCII first letter is capitalized: `char::to_uppercase` would bring Unicode's
        // case tables (12 KB) into the explorer's first screen for a facet name few would write.
        other => {
            let mut label = other.to_string();
            if let Some(first) = label.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            label
        }
    }
}

/// A value of `facet` as a page shows it: a row with none (a task with no repository, such as
/// Harbor's own tasks) is counted under "(none)" rather than a blank label, and a run's failure
/// modes are named in words ([`failure_mode_label`]).
pub fn facet_value_label<'a>(facet: &str, value: &'a str) -> Cow<'a, str> {
    if value.is_empty() {
        Cow::Borrowed("(none)")
    } else if facet.starts_with(RUN_FACET_PREFIX) && aspect_of_facet(facet).is_none() {
        failure_mode_label(value)
    } else {
        Cow::Borrowed(value)
    }
}

/// Positions into `rows` to show: those `filter` passes, ranked by the search's hits
/// (`(position, score)`, best first) when there are any unless a sort is chosen, else sorted by
/// `sort` (`key` or `-key`; by id when `None`). `ids` is the rows' [`IdOrder`]: in id order, the
/// rows are taken in that order, not sorted.
pub fn ordered_positions(
    rows: &[IndexRow],
    ids: &IdOrder,
    filter: &Filter,
    ranked: Option<&[(u32, f64)]>,
    sort: Option<&str>,
) -> Vec<usize> {
    let selections = filter.selections(None);
    let passes = |i: &usize| rows.get(*i).is_some_and(|row| selections.pass(row));
    let (key, descending) = sort.map(SortKey::parse).unwrap_or_default();
    match ranked {
        Some(hits) => {
            let mut positions: Vec<usize> = hits.iter().map(|(doc, _)| *doc as usize).filter(passes).collect();
            if sort.is_some() {
                sort_positions(rows, ids, &mut positions, key, descending);
            }
            positions
        }
        None if key == SortKey::Id && descending => ids.positions().rev().filter(passes).collect(),
        None if key == SortKey::Id => ids.positions().filter(passes).collect(),
        None => {
            let mut positions: Vec<usize> = (0..rows.len()).filter(passes).collect();
            sort_positions(rows, ids, &mut positions, key, descending);
            positions
        }
    }
}

/// The rows `within` whose id holds every word of `query` (case aside), as hits in id order: the
/// list's search over sets with no search index (runs imported alone), so a reader can still
/// find an instance by its id or number. ASCII case only: `to_lowercase` would bring Unicode's
/// case tables into the explorer for ids that are ASCII.
pub fn id_matches(rows: &[IndexRow], ids: &IdOrder, query: &str, within: impl Fn(usize) -> bool) -> Vec<(u32, f64)> {
    let words: Vec<String> = query.split_whitespace().map(str::to_ascii_lowercase).collect();
    let holds_every_word = |id: &str| {
        let id = id.to_ascii_lowercase();
        words.iter().all(|word| id.contains(word.as_str()))
    };
    ids.positions()
        .filter(|&position| within(position) && holds_every_word(&rows[position].id))
        .map(|position| (position as u32, 0.0))
        .collect()
}

/// Several sets' hits merged into one ranking: each set's positions moved to where its rows
/// start, then all by score (ties by position).
pub fn merge_hits(per_set: impl IntoIterator<Item = (Vec<(u32, f64)>, usize)>) -> Vec<(u32, f64)> {
    let mut hits: Vec<(u32, f64)> = per_set
        .into_iter()
        .flat_map(|(found, start)| found.into_iter().map(move |(doc, score)| (doc + start as u32, score)))
        .collect();
    sort_by(&mut hits, |a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, repo: &str, facets: &[(&str, &str)]) -> IndexRow {
        IndexRow {
            id: id.into(),
            repo: repo.into(),
            category: "Internet".into(),
            created: Some("2020-01-01".into()),
            stats: crate::ChangeStats {
                files_changed: 1,
                functions_added: 1,
                ..Default::default()
            },
            facets: facets.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            ..IndexRow::default()
        }
    }

    #[test]
    fn a_blank_facet_value_reads_as_none_and_a_runs_failure_modes_as_words() {
        assert_eq!(facet_value_label("repo", ""), "(none)");
        assert_eq!(facet_value_label("repo", "django/django"), "django/django");
        let run = crate::outcomes::run_facet("glm");
        assert_eq!(facet_value_label(&run, "no_tests_collected"), "no tests collected");
        assert_eq!(facet_value_label(&run, "AssertionError"), "AssertionError");
        assert_eq!(
            facet_value_label("category", "data_science"),
            "data_science",
            "only a run's outcomes"
        );
        let exit = crate::outcomes::agent_facet("glm", "exit");
        assert_eq!(
            facet_value_label(&exit, "exit_cost"),
            "exit_cost",
            "an agent's exit status as it wrote it"
        );
    }

    #[test]
    fn an_id_filter_keeps_the_ids_holding_every_word_in_id_order() {
        let rows = [
            row("django__django-11099", "django/django", &[]),
            row("astropy__astropy-7166", "astropy/astropy", &[]),
            row("django__django-9999", "django/django", &[]),
        ];
        let ids = IdOrder::new(&rows);
        let found = |query: &str| -> Vec<u32> { id_matches(&rows, &ids, query, |_| true).into_iter().map(|(doc, _)| doc).collect() };
        assert_eq!(found("DJANGO"), [2, 0], "in natural id order, 9999 before 11099");
        assert_eq!(found("django 110"), [0]);
        assert_eq!(found("7166"), [1]);
        assert_eq!(found("django 7166"), Vec::<u32>::new());
        let first_two = id_matches(&rows, &ids, "DJANGO", |position| position < 2);
        assert_eq!(first_two, [(0, 0.0)], "only the rows within");
    }

    #[test]
    fn facets_come_built_in_then_the_datasets_then_the_runs() {
        let rows = [
            row(
                "a",
                "o/x",
                &[("version", "1"), ("run zeta", "resolved"), (RESOLVED_BY, "1"), (AMONG_TOP, "x")],
            ),
            row(
                "b",
                "o/y",
                &[
                    ("level", "lv1"),
                    ("run alpha", "patch_failed"),
                    ("run alpha · steps", "11-25"),
                    ("run alpha · exit", "submitted"),
                    ("run alpha · looped", "yes"),
                ],
            ),
        ];
        let builtin: Vec<String> = BUILT_IN_FACETS.iter().map(|f| f.to_string()).collect();
        let tail = |facets: Vec<String>| facets[builtin.len()..].to_vec();
        assert_eq!(list_facets(&rows)[..builtin.len()], builtin[..]);
        assert_eq!(
            tail(list_facets(&rows)),
            [
                "level",
                "version",
                RESOLVED_BY,
                AMONG_TOP,
                "run alpha",
                "run alpha · exit",
                "run alpha · looped",
                "run alpha · steps",
                "run zeta"
            ]
        );
        assert_eq!(
            tail(breakdown_facets(&rows)),
            ["level", "version", "run alpha · exit", "run alpha · steps"],
            "a run's steps and exit status, not its verdicts"
        );
    }

    #[test]
    fn built_in_facets_no_row_informs_are_left_out() {
        let from_runs = crate::runs_only::rows_from_ids([]);
        assert!(
            list_facets(&from_runs).len() == BUILT_IN_FACETS.len(),
            "no rows: nothing to judge by, all kept"
        );
        let mut known = IndexRow {
            id: "o__r-1".into(),
            repo: "o/r".into(),
            category: crate::runs_only::UNKNOWN_CATEGORY.into(),
            ..IndexRow::default()
        };
        assert_eq!(list_facets(std::slice::from_ref(&known)), ["repo"]);
        known.created = Some("2021-02-03".into());
        assert_eq!(breakdown_facets(std::slice::from_ref(&known)), ["repo", "year"]);
        known.stats.files_changed = 2;
        assert_eq!(
            list_facets(std::slice::from_ref(&known)),
            ["repo", "year", "files", "lines"],
            "a patch adding no Python function"
        );
        known.stats.functions_added = 1;
        assert_eq!(list_facets(&[known]), ["repo", "year", "files", "lines", "functions"]);
    }

    #[test]
    fn a_breakdown_opens_by_a_facet_that_tells_rows_apart() {
        let facets: Vec<String> = ["category", "repo", "language"].map(String::from).to_vec();
        let mut rows = vec![row("a", "o/x", &[("language", "Go")]), row("b", "o/y", &[("language", "Rust")])];
        assert_eq!(
            default_breakdown_facet(&rows, &facets).as_deref(),
            Some("language"),
            "one category, the language before the repository"
        );
        rows[1].facets.insert("language".into(), "Go".into());
        assert_eq!(
            default_breakdown_facet(&rows, &facets).as_deref(),
            Some("repo"),
            "one category, one language"
        );
        rows[1].category = "Data".into();
        assert_eq!(default_breakdown_facet(&rows, &facets).as_deref(), Some("category"));
        assert_eq!(
            default_breakdown_facet(&rows[..1], &facets).as_deref(),
            Some("category"),
            "nothing tells one row apart"
        );
        assert_eq!(default_breakdown_facet(&rows, &[]), None);
    }

    #[test]
    fn facet_labels() {
        for (facet, label) in [
            ("repo", "Repository"),
            ("functions", "Added functions"),
            (RESOLVED_BY, "Resolved by"),
            ("run gpt:4", "Run: gpt:4"),
            ("difficulty", "Difficulty"),
            ("état", "état"),
            ("", ""),
        ] {
            assert_eq!(facet_label(facet), label, "{facet:?}");
        }
    }

    #[test]
    fn rows_are_filtered_then_ranked_or_sorted() {
        let rows = [row("c", "o/b", &[]), row("a", "o/c", &[]), row("b", "o/a", &[])];
        let all = Filter::default();
        let only_c = Filter::from_pairs(["repo:o/b", "repo:o/c"]);
        let hits = [(2, 3.0), (0, 2.0), (1, 1.0)];
        // Filter, search hits, sort, and the positions shown.
        type Case<'a> = (&'a Filter, Option<&'a [(u32, f64)]>, Option<&'a str>, &'a [usize]);
        let cases: [Case; 5] = [
            (&all, None, None, &[1, 2, 0]),
            (&all, None, Some("repo"), &[2, 0, 1]),
            (&all, Some(&hits), None, &[2, 0, 1]),
            (&all, Some(&hits), Some("-repo"), &[1, 0, 2]),
            (&only_c, Some(&hits), None, &[0, 1]),
        ];
        let ids = IdOrder::new(&rows);
        for (filter, ranked, sort, expected) in cases {
            assert_eq!(
                ordered_positions(&rows, &ids, filter, ranked, sort),
                expected,
                "{ranked:?} {sort:?}"
            );
        }
    }

    #[test]
    fn hits_of_several_sets_merge_by_score() {
        let merged = merge_hits([(vec![(0, 1.0), (1, 3.0)], 0), (vec![(0, 2.0), (1, 3.0)], 10)]);
        assert_eq!(merged, [(1, 3.0), (11, 3.0), (10, 2.0), (0, 1.0)]);
    }
}
