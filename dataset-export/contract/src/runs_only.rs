//! A split that has runs but no exported instances (a leaderboard imported alone): the ids in its
//! runs make its instance list, the repository read from the id where the benchmark's ids carry
//! it, so the list, its per-run facets, the resolved matrix, the comparisons and the breakdowns by
//! repository work before any instance record is exported. Exported records replace these rows.

use crate::instance::{Document, IndexRow, Instance};
use crate::natural_order::natural_cmp;
use crate::sorting::{set_of, sort_by};

/// The category of an instance known only from runs.
pub const UNKNOWN_CATEGORY: &str = "Unknown";

/// Whether `category` says something: a row known from runs alone has none.
pub fn known_category(category: &str) -> bool {
    !category.is_empty() && category != UNKNOWN_CATEGORY
}

/// The repository an id names: `owner__name-123` (SWE-bench), `owner__name.<commit>...`
/// (FeatureBench) → `owner/name`.
pub fn repo_from_id(id: &str) -> Option<String> {
    let (owner, rest) = id.split_once("__")?;
    let name = match rest.split_once('.') {
        Some((name, _)) => name,
        None => {
            rest.rsplit_once('-')
                .filter(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))?
                .0
        }
    };
    (!owner.is_empty() && !name.is_empty()).then(|| format!("{owner}/{name}"))
}

/// One row per instance id of `ids` (the runs' instances, each once), in natural id order.
pub fn rows_from_ids<'a>(ids: impl IntoIterator<Item = &'a str>) -> Vec<IndexRow> {
    let mut ids: Vec<&str> = set_of(ids).into_iter().collect();
    sort_by(&mut ids, |a, b| natural_cmp(a, b));
    ids.into_iter()
        .map(|id| IndexRow {
            id: id.to_string(),
            repo: repo_from_id(id).unwrap_or_default(),
            category: UNKNOWN_CATEGORY.to_string(),
            ..IndexRow::default()
        })
        .collect()
}

/// The instance page of a row known only from runs: its id and repository, and a note saying
/// where its record would come from. The note has no markup: a document of a repository whose
/// texts are plain (Django's) is shown as plain text, and the note would then show its marks.
pub fn instance_of_row(row: &IndexRow) -> Instance {
    Instance {
        id: row.id.clone(),
        repo: row.repo.clone(),
        title: row.title.clone(),
        category: row.category.clone(),
        documents: vec![Document::markdown(
            "Known from runs only",
            "This data directory holds runs of this split but no instance records, so the problem \
             statement, patches and tests are not here. Export the dataset into the same directory \
             with benchscope export and they join these results by id.",
        )],
        ..Instance::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repositories_come_from_the_ids_that_carry_them() {
        for (id, repo) in [
            ("django__django-11099", Some("django/django")),
            ("scikit-learn__scikit-learn-13142", Some("scikit-learn/scikit-learn")),
            ("astropy__astropy.b0db0daa.test_x.067e927c.lv2", Some("astropy/astropy")),
            ("o/r@c0ffee:src/app.py", None),
            ("12", None),
            ("django__django", None),
        ] {
            assert_eq!(repo_from_id(id).as_deref(), repo, "{id}");
        }
    }

    #[test]
    fn the_runs_ids_make_the_rows_once_each_in_natural_order() {
        let rows = rows_from_ids(["o__r-10", "o__r-9", "o__r-9", "x__y-1"]);
        let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["o__r-9", "o__r-10", "x__y-1"]);
        assert_eq!((rows[2].repo.as_str(), rows[2].category.as_str()), ("x/y", UNKNOWN_CATEGORY));
        assert_eq!(instance_of_row(&rows[0]).repo, "o/r");
    }
}
