//! Filtering and counting index rows: plain functions the app calls and tests check natively.

use std::collections::BTreeMap;

use crate::instance::IndexRow;
use crate::manifest::FacetCount;

/// The filters a reader can set on the instance list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only rows of this repository.
    pub repo: Option<String>,
}

impl Filter {
    /// Whether `row` passes every filter.
    pub fn matches(&self, row: &IndexRow) -> bool {
        self.repo.as_ref().is_none_or(|repo| &row.repo == repo)
    }

    /// The rows that pass, in order.
    pub fn apply<'a>(&self, rows: &'a [IndexRow]) -> Vec<&'a IndexRow> {
        rows.iter().filter(|row| self.matches(row)).collect()
    }
}

/// Counts the values `key` gives over `rows`: most frequent first, ties by value.
pub fn count_by<'a>(rows: impl IntoIterator<Item = &'a IndexRow>, key: impl Fn(&IndexRow) -> &str) -> Vec<FacetCount> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let rows: Vec<&IndexRow> = rows.into_iter().collect();
    for row in &rows {
        *counts.entry(key(row)).or_default() += 1;
    }
    let mut list: Vec<FacetCount> = counts
        .into_iter()
        .map(|(value, count)| FacetCount {
            value: value.to_string(),
            count,
        })
        .collect();
    list.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.value.cmp(&b.value)));
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChangeStats;

    fn row(id: &str, repo: &str) -> IndexRow {
        IndexRow {
            id: id.into(),
            repo: repo.into(),
            title: String::new(),
            category: "Other".into(),
            created: None,
            stats: ChangeStats::default(),
            fail_to_pass: 0,
            pass_to_pass: 0,
            detail: 0,
        }
    }

    #[test]
    fn filter_by_repo_keeps_order() {
        let rows = [row("a", "x/y"), row("b", "z/w"), row("c", "x/y")];
        let filter = Filter { repo: Some("x/y".into()) };
        let ids: Vec<_> = filter.apply(&rows).iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["a", "c"]);
        assert_eq!(Filter::default().apply(&rows).len(), 3);
    }

    #[test]
    fn counts_sort_by_frequency_then_value() {
        let rows = [row("a", "b/b"), row("b", "a/a"), row("c", "b/b"), row("d", "c/c")];
        let counts = count_by(&rows, |r| &r.repo);
        let pairs: Vec<_> = counts.iter().map(|c| (c.value.as_str(), c.count)).collect();
        assert_eq!(pairs, [("b/b", 2), ("a/a", 1), ("c/c", 1)]);
    }
}
