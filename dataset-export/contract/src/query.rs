//! Filtering, facet counting and sorting of index rows: plain functions the app calls and tests
//! check natively.
//!
//! A facet is a name and a value per row: `repo`, `category`, `year`, the size buckets `files`
//! (files changed), `lines` (lines changed) and `functions` (added functions: 0, 1, 2, ≥3, as
//! FEA-Bench's Figure 5 groups them), or any facet the dataset has (`version`, `difficulty`,
//! `level`, `subset`, ...). Filters select values per facet: a row passes when, for every facet
//! with a selection, its value is one of those selected.

use std::collections::{BTreeMap, BTreeSet};

use crate::instance::IndexRow;
use crate::manifest::FacetCount;
use crate::natural_order::{natural_cmp, IdOrder};
use crate::outcomes::resolved_by;
use crate::sorting::{sort_by, sort_by_key};

/// The facets every dataset has, in display order.
pub const BUILT_IN_FACETS: [&str; 6] = ["repo", "category", "year", "files", "lines", "functions"];

/// The value of `facet` for `row`, if it has one (borrowed from the row: counting facets over
/// 50,000 rows on every keystroke must not allocate per row).
pub fn facet_value<'a>(row: &'a IndexRow, facet: &str) -> Option<&'a str> {
    FacetKey::of(facet).value(row)
}

/// A facet name resolved once, so that reading it from many rows matches no strings.
#[derive(Debug, Clone, Copy)]
enum FacetKey<'f> {
    Repo,
    Category,
    Year,
    Files,
    Lines,
    Functions,
    Other(&'f str),
}

impl<'f> FacetKey<'f> {
    fn of(facet: &'f str) -> Self {
        match facet {
            "repo" => FacetKey::Repo,
            "category" => FacetKey::Category,
            "year" => FacetKey::Year,
            "files" => FacetKey::Files,
            "lines" => FacetKey::Lines,
            "functions" => FacetKey::Functions,
            other => FacetKey::Other(other),
        }
    }

    /// The row's value. A row with no change counted (its gold patch not published, or the row
    /// known from runs alone) has no size: it is in none of the size buckets.
    fn value(self, row: &IndexRow) -> Option<&str> {
        let stats = &row.stats;
        let sized = || !stats.all_zero();
        match self {
            FacetKey::Repo => Some(&row.repo),
            FacetKey::Category => Some(&row.category),
            FacetKey::Year => row.created.as_deref().and_then(|c| c.get(..4)),
            FacetKey::Files => sized().then(|| bucket(stats.files_changed, &FILES_BUCKETS)),
            FacetKey::Lines => sized().then(|| bucket(stats.lines_added + stats.lines_removed, &LINES_BUCKETS)),
            FacetKey::Functions => sized().then(|| bucket(stats.functions_added, &FUNCTIONS_BUCKETS)),
            FacetKey::Other(name) => row.facets.get(name).map(String::as_str),
        }
    }
}

/// Size buckets: each label with its inclusive upper bound, the last unbounded.
const FILES_BUCKETS: [(u32, &str); 4] = [(1, "1"), (2, "2"), (5, "3-5"), (u32::MAX, "6+")];
const LINES_BUCKETS: [(u32, &str); 4] = [(10, "1-10"), (50, "11-50"), (200, "51-200"), (u32::MAX, "201+")];
const FUNCTIONS_BUCKETS: [(u32, &str); 4] = [(0, "0"), (1, "1"), (2, "2"), (u32::MAX, ">=3")];

fn bucket(value: u32, buckets: &[(u32, &'static str)]) -> &'static str {
    buckets.iter().find(|(bound, _)| value <= *bound).map_or("", |(_, label)| label)
}

/// Long Code Arena's code-completion context-size sets, smallest context first: the values of
/// their `context` facet.
pub const CONTEXT_SETS: [&str; 4] = ["small", "medium", "large", "huge"];

/// The labels of a size facet, small to large (`None` for other facets).
pub fn bucket_labels(facet: &str) -> Option<Vec<&'static str>> {
    let buckets: &[(u32, &'static str)] = match facet {
        "files" => &FILES_BUCKETS,
        "lines" => &LINES_BUCKETS,
        "functions" => &FUNCTIONS_BUCKETS,
        "context" => return Some(CONTEXT_SETS.to_vec()),
        run => match crate::outcomes::aspect_of_facet(run) {
            Some(crate::results::AGENT_STEPS) => return Some(crate::results::STEPS_BUCKETS.to_vec()),
            Some(crate::results::AGENT_COST) => return Some(crate::results::cost_buckets()),
            _ => return None,
        },
    };
    Some(buckets.iter().map(|(_, label)| *label).collect())
}

/// Selected values per facet.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// Facet → the values a row may have.
    pub selected: BTreeMap<String, BTreeSet<String>>,
}

impl Filter {
    /// A filter from `facet:value` pairs (as the URL keeps them).
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = &'a str>) -> Self {
        let mut selected: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for pair in pairs {
            if let Some((facet, value)) = pair.split_once(':') {
                selected.entry(facet.to_string()).or_default().insert(value.to_string());
            }
        }
        Filter { selected }
    }

    /// The `facet:value` pairs of the filter, sorted.
    pub fn to_pairs(&self) -> Vec<String> {
        self.selected
            .iter()
            .flat_map(|(facet, values)| values.iter().map(move |v| format!("{facet}:{v}")))
            .collect()
    }

    /// Whether `value` of `facet` is selected.
    pub fn is_selected(&self, facet: &str, value: &str) -> bool {
        self.selected.get(facet).is_some_and(|values| values.contains(value))
    }

    /// The filter with `value` of `facet` selected or, if it was, unselected.
    pub fn toggled(&self, facet: &str, value: &str) -> Filter {
        let mut next = self.clone();
        let values = next.selected.entry(facet.to_string()).or_default();
        if !values.remove(value) {
            values.insert(value.to_string());
        }
        next.selected.retain(|_, values| !values.is_empty());
        next
    }

    /// The selections of every facet except `ignoring` (for live counts), resolved once to test
    /// many rows.
    pub fn selections(&self, ignoring: Option<&str>) -> Selections<'_> {
        Selections(
            self.selected
                .iter()
                .filter(|(facet, _)| Some(facet.as_str()) != ignoring)
                .map(|(facet, values)| (FacetKey::of(facet), values))
                .collect(),
        )
    }

    /// Whether `row` passes every facet, except `ignoring`.
    pub fn matches_except(&self, row: &IndexRow, ignoring: Option<&str>) -> bool {
        self.selections(ignoring).pass(row)
    }

    /// Whether `row` passes every facet.
    pub fn matches(&self, row: &IndexRow) -> bool {
        self.matches_except(row, None)
    }

    /// The rows that pass, in order.
    pub fn apply<'a>(&self, rows: &'a [IndexRow]) -> Vec<&'a IndexRow> {
        let selections = self.selections(None);
        rows.iter().filter(|row| selections.pass(row)).collect()
    }
}

/// A filter's selections with their facets resolved: see [`Filter::selections`]. (A struct, not a
/// returned closure: the closure version made the browser bench's 50k-row keystroke about 35 ms
/// slower in wasm.)
pub struct Selections<'f>(Vec<(FacetKey<'f>, &'f BTreeSet<String>)>);

impl Selections<'_> {
    /// Whether `row` has one of the selected values of every facet.
    #[inline]
    pub fn pass(&self, row: &IndexRow) -> bool {
        self.0
            .iter()
            .all(|(facet, values)| facet.value(row).is_some_and(|v| values.contains(v)))
    }
}

/// Facets whose values have an order of their own (years, versions, `k of n`, levels), listed
/// in it rather than by count.
const ORDINAL_FACETS: [&str; 5] = ["year", "version", crate::outcomes::RESOLVED_BY, "difficulty", "level"];

/// Live counts of `facet`'s values: over the rows that pass every other facet's selection
/// (so choosing one value does not hide its siblings). Size buckets and ordinal facets in their
/// own order, others most frequent first, ties by value; selected values are listed even when
/// their count is zero.
pub fn facet_counts<'a>(rows: impl IntoIterator<Item = &'a IndexRow>, filter: &Filter, facet: &str) -> Vec<FacetCount> {
    let (key, selections) = (FacetKey::of(facet), filter.selections(Some(facet)));
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for row in rows {
        if !selections.pass(row) {
            continue;
        }
        if let Some(value) = key.value(row) {
            *counts.entry(value).or_default() += 1;
        }
    }
    for selected in filter.selected.get(facet).into_iter().flatten() {
        counts.entry(selected.as_str()).or_default();
    }
    let mut list = most_frequent_first(counts);
    if let Some(order) = bucket_labels(facet) {
        sort_by_key(&mut list, |c| {
            order.iter().position(|label| *label == c.value).unwrap_or(usize::MAX)
        });
    } else if ORDINAL_FACETS.contains(&facet) {
        sort_by(&mut list, |a, b| natural_cmp(&a.value, &b.value));
    }
    list
}

/// Value counts as a list, most frequent first, ties by value.
fn most_frequent_first(counts: BTreeMap<&str, usize>) -> Vec<FacetCount> {
    let mut list: Vec<FacetCount> = counts
        .into_iter()
        .map(|(value, count)| FacetCount {
            value: value.to_string(),
            count,
        })
        .collect();
    sort_by(&mut list, |a, b| b.count.cmp(&a.count).then_with(|| a.value.cmp(&b.value)));
    list
}

/// What the list is sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortKey {
    /// Instance id (the default).
    #[default]
    Id,
    /// Repository, then id.
    Repo,
    /// Creation date.
    Date,
    /// Lines changed by the gold patch.
    Size,
    /// FAIL_TO_PASS plus PASS_TO_PASS tests.
    Tests,
    /// How many loaded runs resolve the instance (see [`crate::outcomes`]).
    Resolved,
}

impl SortKey {
    /// Every key with its URL name.
    pub const ALL: [(SortKey, &'static str); 6] = [
        (SortKey::Id, "id"),
        (SortKey::Repo, "repo"),
        (SortKey::Date, "date"),
        (SortKey::Size, "size"),
        (SortKey::Tests, "tests"),
        (SortKey::Resolved, "resolved"),
    ];

    /// The key a URL name (`date`, `-date` for descending) names, and whether it descends.
    pub fn parse(text: &str) -> (SortKey, bool) {
        let (descending, name) = match text.strip_prefix('-') {
            Some(name) => (true, name),
            None => (false, text),
        };
        let key = SortKey::ALL.iter().find(|(_, n)| *n == name).map_or(SortKey::Id, |(k, _)| *k);
        (key, descending)
    }

    /// The URL name of the key and direction.
    pub fn name(self, descending: bool) -> String {
        let name = SortKey::ALL.iter().find(|(k, _)| *k == self).map_or("id", |(_, n)| n);
        if descending {
            format!("-{name}")
        } else {
            name.to_string()
        }
    }
}

/// Sorts `positions` (indices into `rows`) by `key`, ties by id (in `ids`' order, numbers in
/// ids by value): the same order whatever the input order. A row without the value sorted by (no
/// date, no gold patch or tests in the export, no runs) comes last either way: "smallest change"
/// must not open on every row whose size is unknown.
pub fn sort_positions(rows: &[IndexRow], ids: &IdOrder, positions: &mut [usize], key: SortKey, descending: bool) {
    sort_by(positions, |&a, &b| {
        let order = match (sort_value(&rows[a], ids.place(a), key), sort_value(&rows[b], ids.place(b), key)) {
            (Some(x), Some(y)) if descending => y.cmp(&x),
            (Some(x), Some(y)) => x.cmp(&y),
            (x, y) => x.is_none().cmp(&y.is_none()),
        };
        order.then_with(|| ids.place(a).cmp(&ids.place(b)))
    });
}

/// What `key` sorts `row` by (`id_place`: its place in id order); `None` when the row does not
/// have it.
fn sort_value(row: &IndexRow, id_place: u32, key: SortKey) -> Option<SortValue<'_>> {
    Some(match key {
        SortKey::Id => SortValue::Count(id_place),
        SortKey::Repo => SortValue::Text(&row.repo),
        SortKey::Date => SortValue::Text(row.created.as_deref()?),
        SortKey::Size if row.stats.all_zero() => return None,
        SortKey::Size => SortValue::Count(row.stats.lines_added.saturating_add(row.stats.lines_removed)),
        // No test at all is an export without test lists (every task has a failing test to fix).
        SortKey::Tests if row.fail_to_pass == 0 && row.pass_to_pass == 0 => return None,
        SortKey::Tests => SortValue::Count(row.fail_to_pass.saturating_add(row.pass_to_pass)),
        SortKey::Resolved => SortValue::Count(resolved_by(row)?),
    })
}

#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum SortValue<'a> {
    Text(&'a str),
    Count(u32),
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ChangeStats;

    fn row(id: &str, repo: &str, category: &str, lines: u32, functions: u32, created: &str) -> IndexRow {
        IndexRow {
            id: id.into(),
            repo: repo.into(),
            title: String::new(),
            category: category.into(),
            created: Some(created.into()),
            stats: ChangeStats {
                files_changed: 1,
                lines_added: lines,
                functions_added: functions,
                ..ChangeStats::default()
            },
            fail_to_pass: lines,
            pass_to_pass: 0,
            detail: 0,
            facets: BTreeMap::from([("level".to_string(), format!("lv{}", 1 + functions % 2))]),
        }
    }

    fn rows() -> Vec<IndexRow> {
        vec![
            row("a", "x/y", "AI", 5, 0, "2021-01-01"),
            row("b", "z/w", "Internet", 60, 1, "2020-05-01"),
            row("c", "x/y", "AI", 300, 3, "2022-03-01"),
            row("d", "z/w", "AI", 12, 2, "2021-07-01"),
        ]
    }

    #[test]
    fn facet_values_and_buckets() {
        let rows = rows();
        let values = |facet: &str| rows.iter().map(|r| facet_value(r, facet).unwrap()).collect::<Vec<_>>();
        assert_eq!(values("lines"), ["1-10", "51-200", "201+", "11-50"]);
        assert_eq!(values("functions"), ["0", "1", ">=3", "2"]);
        assert_eq!(values("year"), ["2021", "2020", "2022", "2021"]);
        assert_eq!(values("level"), ["lv1", "lv2", "lv2", "lv1"]);
        assert_eq!(facet_value(&rows[0], "difficulty"), None);
        let unsized_row = IndexRow {
            stats: ChangeStats::default(),
            ..rows[0].clone()
        };
        for facet in ["files", "lines", "functions"] {
            assert_eq!(facet_value(&unsized_row, facet), None, "no change counted: no {facet} bucket");
        }
    }

    #[test]
    fn filters_and_within_facet_or_across_facets_and() {
        let rows = rows();
        let filter = Filter::from_pairs(["repo:x/y", "repo:z/w", "category:AI"]);
        let ids: Vec<_> = filter.apply(&rows).iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["a", "c", "d"]);
        assert_eq!(filter.to_pairs(), ["category:AI", "repo:x/y", "repo:z/w"]);
        let narrowed = filter.toggled("repo", "z/w");
        assert_eq!(narrowed.apply(&rows).len(), 2);
        assert_eq!(narrowed.toggled("repo", "x/y"), Filter::from_pairs(["category:AI"]));
    }

    #[test]
    fn live_counts_ignore_the_facets_own_selection() {
        let rows = rows();
        let filter = Filter::from_pairs(["category:Internet", "repo:x/y"]);
        let repo: Vec<_> = facet_counts(&rows, &filter, "repo")
            .into_iter()
            .map(|c| (c.value, c.count))
            .collect();
        assert_eq!(
            repo,
            [("z/w".to_string(), 1), ("x/y".to_string(), 0)],
            "repo counts among Internet rows; the selected x/y stays listed"
        );
        let category: Vec<_> = facet_counts(&rows, &filter, "category")
            .into_iter()
            .map(|c| (c.value, c.count))
            .collect();
        assert_eq!(category, [("AI".to_string(), 2), ("Internet".to_string(), 0)]);
    }

    #[test]
    fn rows_without_the_sorted_value_come_last_either_way() {
        let mut rows = rows();
        rows[1].stats = ChangeStats::default();
        rows[2].created = None;
        rows[0].fail_to_pass = 0;
        let ids = IdOrder::new(&rows);
        let sorted = |key, descending| {
            let mut positions: Vec<usize> = (0..rows.len()).collect();
            sort_positions(&rows, &ids, &mut positions, key, descending);
            positions.iter().map(|&i| rows[i].id.as_str()).collect::<Vec<_>>()
        };
        assert_eq!(
            sorted(SortKey::Size, false),
            ["a", "d", "c", "b"],
            "smallest change: b has no patch"
        );
        assert_eq!(sorted(SortKey::Size, true), ["c", "d", "a", "b"], "largest change: b has no patch");
        assert_eq!(sorted(SortKey::Date, false), ["b", "a", "d", "c"], "oldest: c has no date");
        assert_eq!(sorted(SortKey::Date, true), ["d", "a", "b", "c"], "newest: c has no date");
        assert_eq!(
            sorted(SortKey::Tests, false),
            ["d", "b", "c", "a"],
            "fewest tests: a has none listed"
        );
    }

    #[test]
    fn sorting_is_stable_and_reversible() {
        let rows = rows();
        let ids = IdOrder::new(&rows);
        let mut positions: Vec<usize> = (0..rows.len()).rev().collect();
        for (key, expected) in [
            (SortKey::Date, ["b", "a", "d", "c"]),
            (SortKey::Size, ["a", "d", "b", "c"]),
            (SortKey::Repo, ["a", "c", "b", "d"]),
        ] {
            sort_positions(&rows, &ids, &mut positions, key, false);
            assert_eq!(
                positions.iter().map(|&i| rows[i].id.as_str()).collect::<Vec<_>>(),
                expected,
                "{key:?}"
            );
        }
        sort_positions(&rows, &ids, &mut positions, SortKey::Tests, true);
        assert_eq!(rows[positions[0]].id, "c");
        let mut rows = rows;
        rows[1].facets.insert(crate::outcomes::RESOLVED_BY.into(), "2 of 2".into());
        rows[3].facets.insert(crate::outcomes::RESOLVED_BY.into(), "1 of 2".into());
        sort_positions(&rows, &ids, &mut positions, SortKey::Resolved, true);
        assert_eq!(
            positions.iter().map(|&i| rows[i].id.as_str()).collect::<Vec<_>>(),
            ["b", "d", "a", "c"],
            "most resolved first; rows without runs last, by id"
        );
        sort_positions(&rows, &ids, &mut positions, SortKey::Resolved, false);
        assert_eq!(
            positions.iter().map(|&i| rows[i].id.as_str()).collect::<Vec<_>>(),
            ["d", "b", "a", "c"],
            "least resolved first; rows without runs still last"
        );
        assert_eq!(SortKey::parse("-date"), (SortKey::Date, true));
        assert_eq!(SortKey::parse("bogus"), (SortKey::Id, false));
        assert_eq!(SortKey::Size.name(true), "-size");
    }
}
