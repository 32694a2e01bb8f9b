//! Resolved ratios of runs broken down by a facet (FEA-Bench's Figures 4 and 5, FeatureBench's
//! per-repository and per-level tables), and two runs tallied instance by instance, all from
//! index rows and the split's results matrix (see [`crate::results`]).

use std::collections::{BTreeMap, HashMap};

use crate::instance::IndexRow;
use crate::query::{bucket_labels, facet_value};
use crate::results::{Outcome, RowOutcomes};
use crate::sorting::{sort_by, sort_by_key};
use crate::stats::{holm, PairedCounts};
use crate::wording::repo_name;

/// One value of the facet: per run, `(resolved, instances)`, and how many it attempted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The facet value.
    pub value: String,
    /// Per run, in the order asked: instances resolved and the group's instances. A run is
    /// counted over its split, as the harness and the leaderboard count it: an instance it did
    /// not attempt is unresolved.
    pub counts: Vec<(u64, u64)>,
    /// Per run: the group's instances it has a result for.
    pub attempted: Vec<u64>,
}

/// The positions in `outcomes`' matrix of the runs `ids` (`None` for a run it does not hold).
fn positions(outcomes: &RowOutcomes, ids: &[String]) -> Vec<Option<usize>> {
    ids.iter().map(|id| outcomes.matrix.run(id).map(|(at, _)| at)).collect()
}

/// Run `run`'s outcome on row `row` (not run when the matrix lacks the run).
fn outcome(outcomes: &RowOutcomes, run: Option<usize>, row: usize) -> Outcome {
    run.map_or(Outcome::NotRun, |run| outcomes.outcome(run, row))
}

/// The resolved counts of `runs` per value of `facet` over `rows` (whose outcomes are
/// `outcomes`), each over the group's instances. Values are in the facet's natural order (size
/// buckets small to large, others by name).
pub fn breakdown(rows: &[IndexRow], outcomes: &RowOutcomes, facet: &str, runs: &[String]) -> Vec<Group> {
    let runs = positions(outcomes, runs);
    let mut groups: BTreeMap<String, Group> = BTreeMap::new();
    for (position, row) in rows.iter().enumerate() {
        let Some(value) = facet_value(row, facet) else { continue };
        let group = groups.entry(value.to_string()).or_insert_with(|| Group {
            value: value.to_string(),
            counts: vec![(0, 0); runs.len()],
            attempted: vec![0; runs.len()],
        });
        for ((count, tried), run) in group.counts.iter_mut().zip(group.attempted.iter_mut()).zip(&runs) {
            let outcome = outcome(outcomes, *run, position);
            count.1 += 1;
            count.0 += u64::from(outcome.resolved());
            *tried += u64::from(outcome.attempted());
        }
    }
    let mut list: Vec<Group> = groups.into_values().collect();
    sort_in_facet_order(&mut list, facet, |g| &g.value);
    list
}

/// One value of the facet: per run, the sum of its values and how many instances have one.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupMean {
    /// The facet value.
    pub value: String,
    /// Per run: `(sum, count)`; the mean is `sum / count`.
    pub sums: Vec<(f64, u64)>,
}

/// Per value of `facet`, each run's mean of `values` (instance id → value, e.g. FeatureBench's
/// pass rate), over the instances it has a value for.
pub fn mean_by_facet(rows: &[IndexRow], facet: &str, values: &[HashMap<String, f64>]) -> Vec<GroupMean> {
    let mut groups: BTreeMap<String, Vec<(f64, u64)>> = BTreeMap::new();
    for row in rows {
        let Some(value) = facet_value(row, facet) else { continue };
        let sums = groups.entry(value.to_string()).or_insert_with(|| vec![(0.0, 0); values.len()]);
        for (sum, run) in sums.iter_mut().zip(values) {
            if let Some(v) = run.get(&row.id) {
                sum.0 += v;
                sum.1 += 1;
            }
        }
    }
    let mut list: Vec<GroupMean> = groups.into_iter().map(|(value, sums)| GroupMean { value, sums }).collect();
    sort_in_facet_order(&mut list, facet, |g| &g.value);
    list
}

/// Size buckets small to large; repositories by their names (case aside), the part a chart's
/// label shows; other facets stay by name (their map order).
fn sort_in_facet_order<T>(list: &mut [T], facet: &str, value: impl Fn(&T) -> &String) {
    if let Some(order) = bucket_labels(facet) {
        sort_by_key(list, |g| order.iter().position(|label| label == value(g)).unwrap_or(usize::MAX));
    } else if facet == "repo" {
        let key = |g: &T| {
            let repo = value(g);
            (repo_name(repo).to_ascii_lowercase(), repo.clone())
        };
        sort_by(list, |a, b| key(a).cmp(&key(b)));
    }
}

/// Two runs compared over every one of `rows` (an instance a run did not attempt is unresolved
/// by it), with how many each attempted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Paired {
    /// The four counts.
    pub counts: PairedCounts,
    /// Instances the first run attempted.
    pub first_attempted: u64,
    /// Instances the second run attempted.
    pub second_attempted: u64,
    /// Instances compared.
    pub instances: u64,
}

/// Two runs over the rows at `rows` (positions into `outcomes`).
pub fn paired(outcomes: &RowOutcomes, rows: impl IntoIterator<Item = usize>, first: &str, second: &str) -> Paired {
    let runs = positions(outcomes, &[first.to_string(), second.to_string()]);
    let mut paired = Paired::default();
    for row in rows {
        let (a, b) = (outcome(outcomes, runs[0], row), outcome(outcomes, runs[1], row));
        paired.instances += 1;
        paired.first_attempted += u64::from(a.attempted());
        paired.second_attempted += u64::from(b.attempted());
        let counts = &mut paired.counts;
        match (a.resolved(), b.resolved()) {
            (true, true) => counts.both += 1,
            (true, false) => counts.first_only += 1,
            (false, true) => counts.second_only += 1,
            (false, false) => counts.neither += 1,
        }
    }
    paired
}

/// One value of a facet with two runs compared on its instances, and McNemar's p-value with
/// Holm's correction across the values.
#[derive(Debug, Clone, PartialEq)]
pub struct PairedGroup {
    /// The facet value.
    pub value: String,
    /// The two runs on the value's instances.
    pub paired: Paired,
    /// McNemar's exact p-value.
    pub p: f64,
    /// The p-value after Holm's correction across every value of the facet.
    pub p_holm: f64,
}

/// Two runs compared per value of `facet`, in the facet's order.
pub fn paired_by_facet(rows: &[IndexRow], outcomes: &RowOutcomes, facet: &str, first: &str, second: &str) -> Vec<PairedGroup> {
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (position, row) in rows.iter().enumerate() {
        if let Some(value) = facet_value(row, facet) {
            groups.entry(value.to_string()).or_default().push(position);
        }
    }
    let mut list: Vec<PairedGroup> = groups
        .into_iter()
        .map(|(value, rows)| {
            let paired = paired(outcomes, rows, first, second);
            let p = paired.counts.mcnemar_p();
            PairedGroup {
                value,
                paired,
                p,
                p_holm: p,
            }
        })
        .collect();
    let adjusted = holm(&list.iter().map(|g| g.p).collect::<Vec<_>>());
    for (group, p_holm) in list.iter_mut().zip(adjusted) {
        group.p_holm = p_holm;
    }
    sort_in_facet_order(&mut list, facet, |g| &g.value);
    list
}

/// The breakdown as CSV: a `facet,run,resolved,instances,percent` line per value and run.
pub fn to_csv(facet: &str, groups: &[Group], series: &[String]) -> String {
    let mut csv = format!("{},run,resolved,instances,percent\n", csv_text(facet));
    for group in groups {
        for ((resolved, total), name) in group.counts.iter().zip(series) {
            let percent = if *total > 0 {
                format!("{:.2}", *resolved as f64 * 100.0 / *total as f64)
            } else {
                String::new()
            };
            let (value, name) = (csv_text(&group.value), csv_text(name));
            csv.push_str(&format!("{value},{name},{resolved},{total},{percent}\n"));
        }
    }
    csv
}

/// A text cell, quoted. Facet values and run names are the data's text, and a spreadsheet runs
/// a cell that begins with `=`, `+`, `-` or `@` (or a tab or carriage return before one) as a
/// formula: such a cell gets a leading `'`, which spreadsheets read as "text", as OWASP advises.
/// A signed number (`-3`, `+0.5`) carries no formula and is left as it is.
fn csv_text(text: &str) -> String {
    let formula = text.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_signed_number(text);
    format!("\"{}{}\"", if formula { "'" } else { "" }, text.replace('"', "\"\""))
}

/// `-12`, `+3.5`: a sign, digits, and at most one point among them. Read by hand, not with
/// `str::parse::<f64>`, which would bring the float parser into the wasm.
fn is_signed_number(text: &str) -> bool {
    let Some(digits) = text.strip_prefix(['-', '+']) else {
        return false;
    };
    digits.bytes().any(|b| b.is_ascii_digit())
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && digits.matches('.').count() <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChangeStats;

    fn row(id: &str, lines: u32, a: &str, b: &str) -> IndexRow {
        IndexRow {
            id: id.into(),
            repo: "o/r".into(),
            title: String::new(),
            category: "AI".into(),
            created: None,
            stats: ChangeStats {
                lines_added: lines,
                ..Default::default()
            },
            fail_to_pass: 1,
            pass_to_pass: 0,
            detail: 0,
            facets: [("run a".to_string(), a.to_string()), ("run b".to_string(), b.to_string())]
                .into_iter()
                .collect(),
        }
    }

    /// The runs `a` and `b` the rows' `run a` and `run b` outcome labels describe.
    fn matrix_of(rows: &[IndexRow]) -> crate::results::ResultsMatrix {
        let runs: Vec<crate::Run> = ["a", "b"]
            .iter()
            .map(|id| {
                let mut run = crate::Run::new(*id, "d", "test", *id, "");
                run.results = rows
                    .iter()
                    .filter(|r| r.facets[&format!("run {id}")] != "not run")
                    .map(|r| {
                        let label = &r.facets[&format!("run {id}")];
                        crate::InstanceResult {
                            instance_id: r.id.clone(),
                            resolved: Some(label == "resolved"),
                            failure_mode: (label != "resolved").then(|| label.clone()),
                            ..Default::default()
                        }
                    })
                    .collect();
                run
            })
            .collect();
        crate::results::ResultsMatrix::from_runs(&runs.iter().collect::<Vec<_>>())
    }

    #[test]
    fn groups_count_resolved_over_evaluated_in_bucket_order() {
        let rows = vec![
            row("1", 300, "resolved", "unresolved"),
            row("2", 5, "resolved", "resolved"),
            row("3", 20, "patch_failed", "not run"),
            row("4", 7, "unresolved", "resolved"),
        ];
        let matrix = matrix_of(&rows);
        let outcomes = RowOutcomes::new(&matrix, rows.iter().map(|r| r.id.as_str()));
        let groups = breakdown(&rows, &outcomes, "lines", &["a".into(), "b".into()]);
        let values: Vec<&str> = groups.iter().map(|g| g.value.as_str()).collect();
        assert_eq!(values, ["1-10", "11-50", "201+"]);
        assert_eq!(groups[0].counts, [(1, 2), (2, 2)]);
        assert_eq!(groups[1].counts, [(0, 1), (0, 1)], "`not run` counts as unresolved");
        assert_eq!(groups[1].attempted, [1, 0]);
        let rates: HashMap<String, f64> = [("1".to_string(), 0.5), ("2".to_string(), 1.0), ("4".to_string(), 0.25)]
            .into_iter()
            .collect();
        let means = mean_by_facet(&rows, "lines", &[rates]);
        assert_eq!(means[0].sums, [(1.25, 2)], "instances 2 and 4 are in 1-10");
        assert_eq!(means[1].sums, [(0.0, 0)]);
        assert_eq!(means[2].sums, [(0.5, 1)]);
        let pair = paired(&outcomes, 0..rows.len(), "a", "b");
        let c = pair.counts;
        assert_eq!(
            (c.both, c.first_only, c.second_only, c.neither),
            (1, 1, 1, 1),
            "over every instance"
        );
        assert_eq!((pair.first_attempted, pair.second_attempted, pair.instances), (4, 3, 4));
        let by_lines = paired_by_facet(&rows, &outcomes, "lines", "a", "b");
        assert_eq!(
            by_lines.iter().map(|g| g.value.as_str()).collect::<Vec<_>>(),
            ["1-10", "11-50", "201+"]
        );
        assert!(by_lines.iter().all(|g| g.p_holm >= g.p));
    }

    #[test]
    fn repositories_are_ordered_by_name_as_their_bars_are_labelled() {
        let repos = [
            "mwaskom/seaborn",
            "pallets/flask",
            "Lightning-AI/pytorch-lightning",
            "astropy/astropy",
            "a/flask",
        ];
        let rows: Vec<IndexRow> = repos
            .iter()
            .enumerate()
            .map(|(n, repo)| IndexRow {
                repo: repo.to_string(),
                ..row(&n.to_string(), 1, "resolved", "resolved")
            })
            .collect();
        let matrix = matrix_of(&rows);
        let outcomes = RowOutcomes::new(&matrix, rows.iter().map(|r| r.id.as_str()));
        let groups = breakdown(&rows, &outcomes, "repo", &["a".into()]);
        assert_eq!(
            groups.iter().map(|g| g.value.as_str()).collect::<Vec<_>>(),
            [
                "astropy/astropy",
                "a/flask",
                "pallets/flask",
                "Lightning-AI/pytorch-lightning",
                "mwaskom/seaborn"
            ]
        );
    }

    #[test]
    fn csv_quotes_text_and_keeps_formulas_from_running() {
        let group = |value: &str, counts: [(u64, u64); 2]| Group {
            value: value.into(),
            counts: counts.to_vec(),
            attempted: counts.iter().map(|(_, total)| *total).collect(),
        };
        let groups = vec![
            group("astropy/astropy", [(1, 3), (0, 0)]),
            group("=HYPERLINK(\"http://x\")", [(2, 2), (1, 2)]),
            group("=5", [(0, 1), (0, 1)]),
            group("-12.5", [(1, 1), (0, 1)]),
            group("-1+cmd|' /C calc'!A0", [(0, 1), (0, 1)]),
        ];
        let series = ["gold".to_string(), "@run, \"b\"".to_string()];
        assert_eq!(
            to_csv("repo", &groups, &series),
            concat!(
                "\"repo\",run,resolved,instances,percent\n",
                "\"astropy/astropy\",\"gold\",1,3,33.33\n",
                "\"astropy/astropy\",\"'@run, \"\"b\"\"\",0,0,\n",
                "\"'=HYPERLINK(\"\"http://x\"\")\",\"gold\",2,2,100.00\n",
                "\"'=HYPERLINK(\"\"http://x\"\")\",\"'@run, \"\"b\"\"\",1,2,50.00\n",
                "\"'=5\",\"gold\",0,1,0.00\n",
                "\"'=5\",\"'@run, \"\"b\"\"\",0,1,0.00\n",
                "\"-12.5\",\"gold\",1,1,100.00\n",
                "\"-12.5\",\"'@run, \"\"b\"\"\",0,1,0.00\n",
                "\"'-1+cmd|' /C calc'!A0\",\"gold\",0,1,0.00\n",
                "\"'-1+cmd|' /C calc'!A0\",\"'@run, \"\"b\"\"\",0,1,0.00\n",
            )
        );
    }
}
