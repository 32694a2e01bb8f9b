//! The leaderboard as a table: its columns, and the rows a filter and sort leave.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use super::LeaderboardRow;

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

/// The columns, in table order.
pub const COLUMNS: [Column; 11] = [
    Column {
        key: "system",
        title: "System",
        compare: |a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()),
        numeric: false,
    },
    Column {
        key: "model",
        title: "Model",
        compare: |a, b| a.model.cmp(&b.model),
        numeric: false,
    },
    Column {
        key: "scaffold",
        title: "Scaffold",
        compare: |a, b| a.scaffold.cmp(&b.scaffold),
        numeric: false,
    },
    Column {
        key: "date",
        title: "Date",
        compare: |a, b| a.date.cmp(&b.date),
        numeric: false,
    },
    Column {
        key: "resolved",
        title: "% resolved",
        compare: |a, b| by_option(a.resolved_percent, b.resolved_percent),
        numeric: true,
    },
    Column {
        key: "passed",
        title: "% passed",
        compare: |a, b| by_option(a.passed_percent, b.passed_percent),
        numeric: true,
    },
    Column {
        key: "tokens_in",
        title: "Tokens in",
        compare: |a, b| by_option(a.tokens_in, b.tokens_in),
        numeric: true,
    },
    Column {
        key: "tokens_out",
        title: "Tokens out",
        compare: |a, b| by_option(a.tokens_out, b.tokens_out),
        numeric: true,
    },
    Column {
        key: "cost",
        title: "Cost ($)",
        compare: |a, b| by_option(a.cost, b.cost),
        numeric: true,
    },
    Column {
        key: "org",
        title: "Organisation",
        compare: |a, b| a.org.cmp(&b.org),
        numeric: false,
    },
    Column {
        key: "tags",
        title: "Tags",
        compare: |a, b| a.tags.join(", ").cmp(&b.tags.join(", ")),
        numeric: false,
    },
];

/// The column sorted by when none is named: % resolved.
pub const DEFAULT_SORT: &str = "resolved";

/// The column called `key` (% resolved for an unknown one).
pub fn column(key: &str) -> &'static Column {
    COLUMNS.iter().find(|c| c.key == key).unwrap_or(&COLUMNS[4])
}

/// The rows carrying every tag of `tags` whose system, model, scaffold or organisation contains
/// `text` (case-insensitively), sorted by the column `key`, ties by name.
pub fn filter_and_sort(rows: &[LeaderboardRow], tags: &BTreeSet<String>, text: &str, key: &str, descending: bool) -> Vec<LeaderboardRow> {
    let text = text.to_lowercase();
    let column = column(key);
    let mut list: Vec<LeaderboardRow> = rows
        .iter()
        .filter(|r| tags.iter().all(|t| r.tags.contains(t)))
        .filter(|r| text.is_empty() || searchable(r).contains(&text))
        .cloned()
        .collect();
    list.sort_by(|a, b| {
        let order = (column.compare)(a, b);
        let order = if descending { order.reverse() } else { order };
        order.then_with(|| a.name.cmp(&b.name))
    });
    list
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
