//! The leaderboard as a table: its columns, the one that ranks it, and the rows a filter and sort
//! leave.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};

use super::LeaderboardRow;
use crate::metric_labels::metric_label;
use crate::sorting::sort_by;

/// How two rows compare on a column.
#[derive(Clone, Copy)]
enum Compare {
    /// By a figure every board has a place for.
    Fixed(fn(&LeaderboardRow, &LeaderboardRow) -> Ordering),
    /// By the mean of the metric the column is named after.
    Metric,
}

/// A sortable column: its key, its title and how two rows compare on it.
#[derive(Clone)]
pub struct Column {
    /// Its name, as the sort control keeps it (`metric:<name>` for a metric's).
    pub key: Cow<'static, str>,
    /// Its heading.
    pub title: Cow<'static, str>,
    compare: Compare,
    /// Whether it holds numbers (right-aligned).
    pub numeric: bool,
    /// Whether a smaller number is better (a false-positive rate), so that it sorts ascending first.
    pub lower_is_better: bool,
    /// Whether the board's metrics are all shares of 1 (every value of every metric within ±1:
    /// a reward's mean, 0.83), so that they are written to three decimals rather than as a
    /// percentage's one. Decided for the board, not the column: a column of percentages that are
    /// all 0 is not written 0.000 beside 66.7.
    pub shares: bool,
}

/// The sort key of a metric's column is this, then the metric's name.
pub const METRIC_KEY: &str = "metric:";

fn by_option<T: PartialOrd>(a: Option<T>, b: Option<T>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
        (Some(_), None) => Ordering::Greater,
        (None, Some(_)) => Ordering::Less,
        (None, None) => Ordering::Equal,
    }
}

impl Column {
    const fn fixed(
        key: &'static str,
        title: &'static str,
        numeric: bool,
        compare: fn(&LeaderboardRow, &LeaderboardRow) -> Ordering,
    ) -> Self {
        Column {
            key: Cow::Borrowed(key),
            title: Cow::Borrowed(title),
            compare: Compare::Fixed(compare),
            numeric,
            lower_is_better: false,
            shares: false,
        }
    }

    const fn text(key: &'static str, title: &'static str, compare: fn(&LeaderboardRow, &LeaderboardRow) -> Ordering) -> Self {
        Column::fixed(key, title, false, compare)
    }

    const fn number(key: &'static str, title: &'static str, compare: fn(&LeaderboardRow, &LeaderboardRow) -> Ordering) -> Self {
        Column::fixed(key, title, true, compare)
    }

    /// The column of the metric `name` (`chrf_mean`), titled as a reader knows it ("chrF").
    pub fn metric(name: &str) -> Self {
        Column {
            key: Cow::Owned(format!("{METRIC_KEY}{name}")),
            title: Cow::Owned(metric_label(name)),
            compare: Compare::Metric,
            numeric: true,
            lower_is_better: lower_is_better(name),
            shares: false,
        }
    }

    /// The metric it shows, for a metric's column.
    pub fn metric_name(&self) -> Option<&str> {
        self.key.strip_prefix(METRIC_KEY)
    }

    /// How `a` compares to `b` on it, the smaller first.
    pub fn compare(&self, a: &LeaderboardRow, b: &LeaderboardRow) -> Ordering {
        match self.compare {
            Compare::Fixed(compare) => compare(a, b),
            Compare::Metric => {
                let name = self.metric_name().unwrap_or_default();
                by_option(a.metric(name), b.metric(name))
            }
        }
    }

    /// Whether a first click sorts it descending: a number whose larger values are better.
    pub fn descending_first(&self) -> bool {
        self.numeric && !self.lower_is_better
    }
}

/// Whether a smaller value of the metric `name` is the better one: a false-positive rate, a share
/// of all-wrong answers, an error count, a cost.
fn lower_is_better(name: &str) -> bool {
    name.split('_')
        .any(|word| matches!(word, "fpr" | "incorrect" | "error" | "errors" | "cost" | "loss"))
}

/// An agent summary's number, for sorting.
fn agent(row: &LeaderboardRow, pick: fn(&super::AgentSummary) -> f64) -> Option<f64> {
    row.agent.as_ref().map(pick)
}

/// An agent summary's number it may lack, for sorting.
fn agent_opt(row: &LeaderboardRow, pick: fn(&super::AgentSummary) -> Option<f64>) -> Option<f64> {
    row.agent.as_ref().and_then(pick)
}

/// The columns every board may have, in table order (a metric's columns follow % passed).
pub static COLUMNS: [Column; 17] = [
    Column::text("system", "System", |a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase())),
    Column::text("model", "Model", |a, b| a.model.cmp(&b.model)),
    Column::text("scaffold", "Scaffold", |a, b| a.scaffold.cmp(&b.scaffold)),
    Column::text("attempts", "Attempts", |a, b| a.attempts.cmp(&b.attempts)),
    Column::text("date", "Date", |a, b| a.date.cmp(&b.date)),
    Column::number("resolved", "% resolved", |a, b| by_option(a.resolved_percent, b.resolved_percent)),
    Column::number("passed", "% passed", |a, b| by_option(a.passed_percent, b.passed_percent)),
    Column::number("tokens_in", "Tokens in", |a, b| by_option(a.tokens_in, b.tokens_in)),
    Column::number("tokens_out", "Tokens out", |a, b| by_option(a.tokens_out, b.tokens_out)),
    Column::number("cost", "Cost ($)", |a, b| by_option(a.cost, b.cost)),
    Column::number("steps", "Steps (mean)", |a, b| {
        by_option(agent(a, |s| s.steps_mean), agent(b, |s| s.steps_mean))
    }),
    Column::number("tokens_mean", "Tokens per task", |a, b| {
        by_option(agent_opt(a, |s| s.tokens_mean), agent_opt(b, |s| s.tokens_mean))
    }),
    Column::number("cost_mean", "Cost per task ($)", |a, b| {
        by_option(agent_opt(a, |s| s.cost_mean), agent_opt(b, |s| s.cost_mean))
    }),
    Column::number("ran_tests", "Ran tests (%)", |a, b| {
        by_option(agent_opt(a, |s| s.ran_tests_percent), agent_opt(b, |s| s.ran_tests_percent))
    }),
    Column::number("history_reads", "Read history", |a, b| {
        by_option(agent(a, |s| s.history_reads as f64), agent(b, |s| s.history_reads as f64))
    }),
    Column::text("org", "Organisation", |a, b| a.org.cmp(&b.org)),
    Column::text("tags", "Tags", |a, b| a.tags.join(", ").cmp(&b.tags.join(", "))),
];

/// The key of the % resolved column, which ranks every board that has that figure.
pub const RESOLVED: &str = "resolved";

/// The column called `key`: one of [`COLUMNS`], or a metric's (% resolved for an unknown key).
pub fn column(key: &str) -> Column {
    match key.strip_prefix(METRIC_KEY) {
        Some(name) => Column::metric(name),
        None => COLUMNS
            .iter()
            .find(|c| c.key == key)
            .unwrap_or_else(|| fixed_column(RESOLVED))
            .clone(),
    }
}

fn fixed_column(key: &str) -> &'static Column {
    COLUMNS.iter().find(|c| c.key == key).expect("a fixed column")
}

/// The metrics some row of `rows` has, by name.
fn metric_names(rows: &[LeaderboardRow]) -> BTreeSet<&str> {
    rows.iter().flat_map(|r| r.metrics.iter().map(|(name, _)| name.as_str())).collect()
}

/// The columns of a board of `rows`: those some run fills, a column for each metric after % passed.
/// % resolved is left out only where no run has it and metrics rank the runs instead (Long Code
/// Arena's). Tags are in a row's details, not a column.
pub fn board_columns(rows: &[LeaderboardRow]) -> Vec<Column> {
    let metrics = metric_names(rows);
    let any = |has: fn(&LeaderboardRow) -> bool| rows.iter().any(has);
    let filled = |key: &str| match key {
        RESOLVED => metrics.is_empty() || any(|r| r.resolved_percent.is_some()),
        "model" => any(|r| r.model.is_some()),
        "date" => any(|r| r.date.is_some()),
        "scaffold" => any(|r| r.scaffold.is_some()),
        "attempts" => any(|r| r.attempts.is_some()),
        "passed" => any(|r| r.passed_percent.is_some()),
        "tokens_in" => any(|r| r.tokens_in.is_some()),
        "tokens_out" => any(|r| r.tokens_out.is_some()),
        "cost" => any(|r| r.cost.is_some()),
        "org" => any(|r| r.org.is_some()),
        "steps" | "ran_tests" | "history_reads" => any(|r| r.agent.is_some()),
        "tokens_mean" => any(|r| r.agent.as_ref().is_some_and(|a| a.tokens_mean.is_some())),
        "cost_mean" => any(|r| r.agent.as_ref().is_some_and(|a| a.cost_mean.is_some())),
        "tags" => false,
        _ => true,
    };
    let shown: Vec<&str> = metrics.iter().copied().filter(|name| !repeats_resolved(rows, name)).collect();
    let shares = rows
        .iter()
        .flat_map(|r| &r.metrics)
        .filter(|(name, _)| shown.contains(&name.as_str()))
        .all(|(_, value)| value.abs() <= 1.0);
    let mut columns = Vec::new();
    for fixed in COLUMNS.iter() {
        if filled(&fixed.key) {
            columns.push(fixed.clone());
        }
        if fixed.key == "passed" {
            columns.extend(shown.iter().map(|name| Column {
                shares,
                ..Column::metric(name)
            }));
        }
    }
    columns
}

/// Whether every run with the metric `name` shows the same figure as its % resolved (Long Code
/// Arena CI builds repair's pass@1 where every job finished): a column beside it that only repeats
/// it is left out. Where the two part (jobs left unfinished count against % resolved, not against
/// pass@1 over the finished jobs), it stays.
fn repeats_resolved(rows: &[LeaderboardRow], name: &str) -> bool {
    rows.iter()
        .filter_map(|r| Some((r.metric(name)?, r.resolved_percent)))
        .all(|(value, resolved)| {
            // The same at the one decimal both are shown to.
            resolved.is_some_and(|resolved| (resolved - value).abs() < 0.05)
        })
}

/// The column that ranks a board of `rows` and sorts it when no other is chosen: % resolved where
/// any run has it; otherwise a metric whose larger values are better (any metric where every one
/// is better smaller), the one of fewest words: the whole rather than a part of it (`em_mean`, not
/// `em_infile_mean`), F1 rather than its precision's share of all-correct answers. Ties go by name.
pub fn ranking(rows: &[LeaderboardRow]) -> Column {
    if rows.iter().any(|r| r.resolved_percent.is_some()) {
        return fixed_column(RESOLVED).clone();
    }
    let metrics = metric_names(rows);
    let first =
        fewest_words(metrics.iter().copied().filter(|name| !lower_is_better(name))).or_else(|| fewest_words(metrics.iter().copied()));
    first.map_or_else(|| fixed_column(RESOLVED).clone(), Column::metric)
}

/// The name of fewest underscore-separated words, ties by name.
fn fewest_words<'a>(names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    names.min_by_key(|name| (name.split('_').count(), *name))
}

/// The rows carrying every tag of `tags` whose system, model, scaffold or organisation contains
/// `text` (case-insensitively), sorted by the column `key`, ties by name, the rows without a value
/// in it last either way (the ten of SWE-Dev's board without a pass@3 do not head it sorted
/// ascending). Rows tied on a published % resolved are ordered by their counted results first,
/// which their ranks come from, so a row never shows a worse rank than one below it.
pub fn filter_and_sort(rows: &[LeaderboardRow], tags: &BTreeSet<String>, text: &str, key: &str, descending: bool) -> Vec<LeaderboardRow> {
    let text = text.to_lowercase();
    let column = column(key);
    let mut list: Vec<LeaderboardRow> = rows
        .iter()
        .filter(|r| tags.iter().all(|t| r.tags.contains(t)))
        .filter(|r| text.is_empty() || searchable(r).contains(&text))
        .cloned()
        .collect();
    let nothing = LeaderboardRow::default();
    let blank = |row: &LeaderboardRow| column.compare(row, &nothing) != Ordering::Greater;
    sort_by(&mut list, |a, b| {
        let order = ranked_order(&column, a, b);
        let order = if descending { order.reverse() } else { order };
        blank(a).cmp(&blank(b)).then(order).then_with(|| a.name.cmp(&b.name))
    });
    list
}

/// How `a` compares to `b` on `column`, a published tie on % resolved broken by the counted results.
fn ranked_order(column: &Column, a: &LeaderboardRow, b: &LeaderboardRow) -> Ordering {
    let order = column.compare(a, b);
    match column.key == RESOLVED {
        true => order.then_with(|| by_option(counted(a), counted(b))),
        false => order,
    }
}

/// Each row's place on the whole board by its [`ranking`] column (its counted results breaking a
/// published tie on % resolved), tied rows sharing a place (1, 2, 2, 4); a row without the figure
/// has none. A filter or another sort does not change it.
pub fn places(rows: &[LeaderboardRow]) -> HashMap<String, usize> {
    let ranking = ranking(rows);
    let ranked = filter_and_sort(rows, &BTreeSet::new(), "", &ranking.key, ranking.descending_first());
    let figure = |row: &LeaderboardRow| match ranking.metric_name() {
        Some(name) => row.metric(name),
        None => row.resolved_percent,
    };
    let mut places: HashMap<String, usize> = HashMap::new();
    let mut previous: Option<&LeaderboardRow> = None;
    for (at, row) in ranked.iter().filter(|row| figure(row).is_some()).enumerate() {
        let tied = previous.filter(|p| ranked_order(&ranking, p, row) == Ordering::Equal);
        let place = tied.map_or(at + 1, |p| places[&p.id]);
        places.insert(row.id.clone(), place);
        previous = Some(row);
    }
    places
}

/// The % resolved a row's own results give, where they differ from the published one.
fn counted(row: &LeaderboardRow) -> Option<f64> {
    row.counted_differs.or(row.resolved_percent)
}

/// What the text filter searches: system, model, scaffold and organisation, lower-cased.
fn searchable(row: &LeaderboardRow) -> String {
    [Some(&row.name), row.model.as_ref(), row.scaffold.as_ref(), row.org.as_ref()]
        .into_iter()
        .flatten()
        .map(|s| s.to_lowercase())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, resolved: Option<f64>, model: Option<&str>, tags: &[&str]) -> LeaderboardRow {
        LeaderboardRow {
            id: name.to_lowercase(),
            name: name.into(),
            model: model.map(str::to_string),
            resolved_percent: resolved,
            tags: tags.iter().map(|t| t.to_string()).collect(),
            ..LeaderboardRow::default()
        }
    }

    fn names(rows: &[LeaderboardRow]) -> Vec<&str> {
        rows.iter().map(|r| r.name.as_str()).collect()
    }

    fn scored(name: &str, metrics: &[(&str, f64)]) -> LeaderboardRow {
        LeaderboardRow {
            metrics: metrics.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
            ..row(name, None, Some("m"), &[])
        }
    }

    fn keys(columns: &[Column]) -> Vec<&str> {
        columns.iter().map(|c| c.key.as_ref()).collect()
    }

    #[test]
    fn a_metric_that_only_repeats_the_resolved_share_has_no_column() {
        let with = |name: &str, resolved: f64, pass_at_1: f64| LeaderboardRow {
            metrics: vec![("pass_at_1_percent".into(), pass_at_1), ("pass3_percent".into(), pass_at_1 + 10.0)],
            ..row(name, Some(resolved), None, &[])
        };
        let every_job_finished = [with("a", 77.3, 77.3), with("b", 50.0, 50.04), row("c", Some(10.0), None, &[])];
        assert_eq!(
            keys(&board_columns(&every_job_finished)),
            ["system", RESOLVED, "metric:pass3_percent"],
            "pass@1 is % resolved on every run that has it"
        );
        let some_unfinished = [with("a", 77.3, 77.3), with("b", 40.0, 50.0)];
        assert_eq!(
            keys(&board_columns(&some_unfinished)),
            ["system", RESOLVED, "metric:pass3_percent", "metric:pass_at_1_percent"],
            "where one run's differ, the column stays for every run"
        );
    }

    #[test]
    fn a_board_scored_by_metrics_has_a_column_for_each_and_is_ranked_by_one() {
        // Long Code Arena's library-based code generation: two means, no % resolved.
        let rows = [
            scored("low", &[("api_recall_mean", 0.128), ("chrf_mean", 0.294)]),
            scored("high", &[("api_recall_mean", 0.367), ("chrf_mean", 0.408)]),
            scored("tied", &[("api_recall_mean", 0.2), ("chrf_mean", 0.294)]),
            scored("unscored", &[]),
        ];
        let columns = board_columns(&rows);
        assert_eq!(keys(&columns), ["system", "model", "metric:api_recall_mean", "metric:chrf_mean"]);
        assert_eq!(
            (columns[2].title.as_ref(), columns[3].title.as_ref()),
            ("API recall", "chrF"),
            "titled as a reader knows them"
        );
        assert!(columns[2].numeric && columns[2].descending_first());
        assert!(columns[2].shares, "a board of shares, written as shares");
        assert_eq!(ranking(&rows).key, "metric:chrf_mean", "the metric of fewest words");
        let placed = places(&rows);
        assert_eq!(
            ["high", "low", "tied", "unscored"].map(|id| placed.get(id).copied()),
            [Some(1), Some(2), Some(2), None],
            "placed by the ranking metric, ties sharing a place"
        );
        let by_recall = filter_and_sort(&rows, &BTreeSet::new(), "", "metric:api_recall_mean", true);
        assert_eq!(names(&by_recall), ["high", "tied", "low", "unscored"]);
        assert_eq!(column("metric:chrf_mean").metric_name(), Some("chrf_mean"));
    }

    #[test]
    fn the_ranking_metric_is_the_whole_rather_than_a_part() {
        let ranked_by = |metrics: &[(&str, f64)]| ranking(&[scored("a", metrics)]).key.into_owned();
        // Code completion's exact match, over all lines and per category of line.
        let completion = [("em_commited_mean", 0.0), ("em_infile_mean", 50.0), ("em_mean", 37.5)];
        assert_eq!(ranked_by(&completion), "metric:em_mean");
        // Bug localization's: F1 rather than its parts or the strict shares.
        let localization = [
            ("all_correct_mean", 10.0),
            ("all_incorrect_mean", 50.0),
            ("at_least_one_correct_mean", 40.0),
            ("f1_mean", 30.0),
            ("fpr_mean", 1.0),
            ("precision_mean", 35.0),
            ("recall_mean", 32.0),
        ];
        assert_eq!(ranked_by(&localization), "metric:f1_mean");
    }

    #[test]
    fn a_board_with_percent_resolved_keeps_it_and_adds_its_other_figures() {
        // SWE-Dev's: pass@1 is its % resolved, pass@3 one more figure.
        let rows = [LeaderboardRow {
            metrics: vec![("pass3_percent".into(), 39.26)],
            passed_percent: Some(50.0),
            ..row("a", Some(30.0), None, &[])
        }];
        assert_eq!(
            keys(&board_columns(&rows)),
            ["system", "resolved", "passed", "metric:pass3_percent"]
        );
        assert_eq!(ranking(&rows).key, RESOLVED);
        let percent = [
            scored("a", &[("pass3_percent", 0.0), ("fpr_mean", 0.5)]),
            scored("b", &[("pass3_percent", 39.26), ("fpr_mean", 1.0)]),
        ];
        let shares: Vec<bool> = board_columns(&percent)
            .iter()
            .filter(|c| c.metric_name().is_some())
            .map(|c| c.shares)
            .collect();
        assert_eq!(
            shares,
            [false, false],
            "a board with a value past 1 is of percentages, its 0s and 0.5s included"
        );
        let nothing = [row("a", None, None, &[])];
        assert_eq!(
            keys(&board_columns(&nothing)),
            ["system", "resolved"],
            "a board with no figure yet shows where it goes"
        );
        assert_eq!(ranking(&nothing).key, RESOLVED);
    }

    #[test]
    fn filters_and_sorts_as_the_table_shows() {
        let rows = [
            row("Beta", Some(40.0), Some("gpt"), &["open"]),
            row("alpha", Some(55.5), Some("Claude"), &["open", "checked"]),
            row("Gamma", None, None, &[]),
            row("Delta", Some(40.0), Some("gpt-4"), &["checked"]),
        ];
        let none = BTreeSet::new();
        // Tags, text, sort column, descending, and the names shown.
        type Case<'a> = (&'a [&'a str], &'a str, &'a str, bool, &'a [&'a str]);
        let cases: [Case; 8] = [
            (&[], "", "resolved", true, &["alpha", "Beta", "Delta", "Gamma"]),
            (&[], "", "resolved", false, &["Beta", "Delta", "alpha", "Gamma"]),
            (&[], "", "model", true, &["Delta", "Beta", "alpha", "Gamma"]),
            (&[], "", "model", false, &["alpha", "Beta", "Delta", "Gamma"]),
            (&[], "", "system", false, &["alpha", "Beta", "Delta", "Gamma"]),
            (&[], "GPT", "resolved", true, &["Beta", "Delta"]),
            (&["checked"], "", "resolved", true, &["alpha", "Delta"]),
            (&["open", "checked"], "claude", "no-such-column", true, &["alpha"]),
        ];
        let mut counted_lower = row("Aardvark", Some(40.0), None, &[]);
        counted_lower.counted_differs = Some(38.0);
        let mut counted_higher = row("Zebra", Some(40.0), None, &[]);
        counted_higher.counted_differs = Some(41.0);
        let tied = filter_and_sort(
            &[counted_lower, row("Beta", Some(40.0), None, &[]), counted_higher],
            &none,
            "",
            "resolved",
            true,
        );
        assert_eq!(
            names(&tied),
            ["Zebra", "Beta", "Aardvark"],
            "a published tie, in the counted order the ranks follow"
        );
        let placed = places(&rows);
        assert_eq!(
            ["alpha", "beta", "delta", "gamma"].map(|id| placed.get(id).copied()),
            [Some(1), Some(2), Some(2), None],
            "tied runs share a place; a run without a figure has none"
        );
        let mut counted_apart = row("Delta", Some(40.0), None, &[]);
        counted_apart.counted_differs = Some(39.0);
        let apart = places(&[row("Beta", Some(40.0), None, &[]), counted_apart, row("Eps", Some(10.0), None, &[])]);
        assert_eq!(
            ["beta", "delta", "eps"].map(|id| apart[id]),
            [1, 2, 3],
            "a published tie the counted results break is not a shared place"
        );
        for (tags, text, key, descending, expected) in cases {
            let tags: BTreeSet<String> = tags.iter().map(|t| t.to_string()).collect();
            let shown = filter_and_sort(&rows, if tags.is_empty() { &none } else { &tags }, text, key, descending);
            assert_eq!(
                names(&shown),
                expected,
                "tags {tags:?}, text {text:?}, sort {key} desc={descending}"
            );
        }
    }
}
