//! The leaderboard as a table: its columns, and the rows a filter and sort leave.

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};

use super::LeaderboardRow;
use crate::sorting::sort_by;

/// A sortable column: its title and how two rows compare on it.
pub struct Column {
    /// Its name, as the sort control keeps it.
    pub key: &'static str,
    /// Its heading.
    pub title: &'static str,
    /// How two rows compare on it.
    pub compare: fn(&LeaderboardRow, &LeaderboardRow) -> Ordering,
    /// Whether it holds numbers (right-aligned, sorted descending first).
    pub numeric: bool,
}

fn by_option<T: PartialOrd>(a: Option<T>, b: Option<T>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
        (Some(_), None) => Ordering::Greater,
        (None, Some(_)) => Ordering::Less,
        (None, None) => Ordering::Equal,
    }
}

impl Column {
    const fn text(key: &'static str, title: &'static str, compare: fn(&LeaderboardRow, &LeaderboardRow) -> Ordering) -> Self {
        Column {
            key,
            title,
            compare,
            numeric: false,
        }
    }

    const fn number(key: &'static str, title: &'static str, compare: fn(&LeaderboardRow, &LeaderboardRow) -> Ordering) -> Self {
        Column {
            numeric: true,
            ..Column::text(key, title, compare)
        }
    }
}

/// An agent summary's number, for sorting.
fn agent(row: &LeaderboardRow, pick: fn(&super::AgentSummary) -> f64) -> Option<f64> {
    row.agent.as_ref().map(pick)
}

/// An agent summary's number it may lack, for sorting.
fn agent_opt(row: &LeaderboardRow, pick: fn(&super::AgentSummary) -> Option<f64>) -> Option<f64> {
    row.agent.as_ref().and_then(pick)
}

/// The columns, in table order.
pub const COLUMNS: [Column; 16] = [
    Column::text("system", "System", |a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase())),
    Column::text("model", "Model", |a, b| a.model.cmp(&b.model)),
    Column::text("scaffold", "Scaffold", |a, b| a.scaffold.cmp(&b.scaffold)),
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

/// The column sorted by when none is named: % resolved.
pub const DEFAULT_SORT: &str = "resolved";

/// The column called `key` (% resolved for an unknown one).
pub fn column(key: &str) -> &'static Column {
    COLUMNS.iter().find(|c| c.key == key).unwrap_or_else(|| column(DEFAULT_SORT))
}

/// The rows carrying every tag of `tags` whose system, model, scaffold or organisation contains
/// `text` (case-insensitively), sorted by the column `key`, ties by name. Rows tied on a published
/// % resolved are ordered by their counted results first, which their ranks come from, so a row
/// never shows a worse rank than one below it.
pub fn filter_and_sort(rows: &[LeaderboardRow], tags: &BTreeSet<String>, text: &str, key: &str, descending: bool) -> Vec<LeaderboardRow> {
    let text = text.to_lowercase();
    let column = column(key);
    let mut list: Vec<LeaderboardRow> = rows
        .iter()
        .filter(|r| tags.iter().all(|t| r.tags.contains(t)))
        .filter(|r| text.is_empty() || searchable(r).contains(&text))
        .cloned()
        .collect();
    sort_by(&mut list, |a, b| {
        let mut order = (column.compare)(a, b);
        if column.key == "resolved" {
            order = order.then_with(|| by_option(counted(a), counted(b)));
        }
        let order = if descending { order.reverse() } else { order };
        order.then_with(|| a.name.cmp(&b.name))
    });
    list
}

/// Each row's place on the whole board by % resolved, as the default order ranks them (its
/// counted results breaking a published tie), tied rows sharing a place (1, 2, 2, 4); a row
/// without a figure has none. A filter or another sort does not change it.
pub fn places(rows: &[LeaderboardRow]) -> HashMap<String, usize> {
    let ranked = filter_and_sort(rows, &BTreeSet::new(), "", DEFAULT_SORT, true);
    let mut places: HashMap<String, usize> = HashMap::new();
    let mut previous: Option<&LeaderboardRow> = None;
    for (at, row) in ranked.iter().enumerate() {
        let Some(resolved) = row.resolved_percent else { continue };
        let tied = previous.filter(|p| p.resolved_percent == Some(resolved) && counted(p) == counted(row));
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
        let cases: [Case; 6] = [
            (&[], "", "resolved", true, &["alpha", "Beta", "Delta", "Gamma"]),
            (&[], "", "resolved", false, &["Gamma", "Beta", "Delta", "alpha"]),
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
