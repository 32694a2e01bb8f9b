//! Which top runs are statistically tied, and how sure each run's rank is.
//!
//! Runs with per-instance verdicts are ranked by resolved count. Each run is tested against the
//! run ranked just above it with McNemar's exact test on the instances they share (an instance a
//! run has no result for counts as unresolved, as the harness counts it), the p-values adjusted
//! together with Holm's correction; a run whose adjusted p-value is not below 0.05 shares the
//! group of the run above. Each run's rank gets a 95% bootstrap interval: the instances are
//! resampled with replacement (the same draw for every run, so the comparison stays paired), the
//! runs ranked on each resample, and the 2.5th and 97.5th percentiles of each run's ranks kept.

use std::collections::BTreeMap;

use crate::results::RowOutcomes;
use crate::sorting::{sort_by, sort_by_key};
use crate::stats::{holm, PairedCounts};

/// The significance level of the groups.
pub const ALPHA: f64 = 0.05;

/// The seed of the bootstrap, fixed so that a page always shows the same intervals.
pub const SEED: u64 = 0x5eed_2026;

/// The largest number of resamples; fewer are drawn for very large boards (see [`resample_count`]).
pub const MAX_RESAMPLES: usize = 1000;

pub use crate::standings::{Standing, Standings};

/// How many resamples a board of `runs` runs over `instances` instances gets: up to
/// [`MAX_RESAMPLES`], fewer when runs × instances × resamples would pass 50 million steps, and at
/// least 200.
pub fn resample_count(runs: usize, instances: usize) -> usize {
    let work = (runs * instances).max(1);
    (50_000_000 / work).clamp(200, MAX_RESAMPLES)
}

/// The standings of the runs with verdicts in `outcomes`, over its rows (the split's instances):
/// those the matrix carries when the rows are exactly its instances (the CLI computes them once,
/// natively, at import: on a board of 500 runs the bootstrap is most of the page's work), else
/// computed here.
pub fn standings(outcomes: &RowOutcomes) -> Standings {
    match &outcomes.matrix.standings {
        Some(computed) if outcomes.covers_every_instance() => computed.clone(),
        _ => compute_standings(outcomes),
    }
}

/// [`standings`], always computed.
pub fn compute_standings(outcomes: &RowOutcomes) -> Standings {
    let runs = &outcomes.matrix.runs;
    // The bootstrap draws instances by position: the rows go in the matrix's order (by id, rows it
    // lacks last), so the intervals never depend on how a page happens to sort its rows.
    let mut order: Vec<usize> = (0..outcomes.len()).collect();
    sort_by_key(&mut order, |&row| (outcomes.column(row).is_none(), outcomes.column(row)));
    // Each run's id, resolved instances in that order, and their count (counted once, not per
    // comparison of the sort).
    let mut judged: Vec<(&str, Vec<bool>, usize)> = (0..runs.len())
        .filter(|&run| runs[run].verdicts)
        .map(|run| {
            let solved: Vec<bool> = order.iter().map(|&row| outcomes.outcome(run, row).resolved()).collect();
            let count = solved.iter().filter(|s| **s).count();
            (runs[run].id.as_str(), solved, count)
        })
        .collect();
    sort_by(&mut judged, |a, b| b.2.cmp(&a.2).then(a.0.cmp(b.0)));
    if judged.is_empty() {
        return Standings::default();
    }
    let counts: Vec<usize> = judged.iter().map(|(_, _, count)| *count).collect();
    let raw: Vec<f64> = judged.windows(2).map(|pair| paired(&pair[0].1, &pair[1].1).mcnemar_p()).collect();
    let adjusted = holm(&raw);
    let resamples = resample_count(judged.len(), outcomes.len());
    let intervals = rank_intervals(&judged.iter().map(|(_, s, _)| s.as_slice()).collect::<Vec<_>>(), resamples, SEED);
    let mut group = 1;
    let mut by_run = BTreeMap::new();
    for (i, (id, _, _)) in judged.iter().enumerate() {
        let p_above = i.checked_sub(1).map(|above| adjusted[above]);
        if p_above.is_some_and(|p| p < ALPHA) {
            group += 1;
        }
        by_run.insert(
            id.to_string(),
            Standing {
                rank: 1 + counts.iter().filter(|c| **c > counts[i]).count(),
                group,
                p_above,
                rank_interval: intervals[i],
            },
        );
    }
    Standings { by_run, resamples }
}

/// The paired tally of two runs' verdicts over the same instances.
pub fn paired(first: &[bool], second: &[bool]) -> PairedCounts {
    let mut counts = PairedCounts::default();
    for (a, b) in first.iter().zip(second) {
        match (a, b) {
            (true, true) => counts.both += 1,
            (true, false) => counts.first_only += 1,
            (false, true) => counts.second_only += 1,
            (false, false) => counts.neither += 1,
        }
    }
    counts
}

/// Each run's 95% rank interval over `resamples` paired bootstrap resamples of the instances.
pub fn rank_intervals(solved: &[&[bool]], resamples: usize, seed: u64) -> Vec<(usize, usize)> {
    let n = solved.first().map_or(0, |s| s.len());
    if n == 0 || resamples == 0 {
        return vec![(1, solved.len()); solved.len()];
    }
    // Each run's resolved instances, so a resample's score costs its solved count, not n.
    let solved_at: Vec<Vec<u32>> = solved
        .iter()
        .map(|s| s.iter().enumerate().filter(|(_, x)| **x).map(|(i, _)| i as u32).collect())
        .collect();
    let mut rng = SplitMix64(seed);
    let mut weights = vec![0u32; n];
    let mut scores = vec![0u32; solved.len()];
    let mut ranks: Vec<Vec<usize>> = vec![Vec::with_capacity(resamples); solved.len()];
    for _ in 0..resamples {
        weights.iter_mut().for_each(|w| *w = 0);
        for _ in 0..n {
            weights[rng.below(n)] += 1;
        }
        for (score, at) in scores.iter_mut().zip(&solved_at) {
            *score = at.iter().map(|&i| weights[i as usize]).sum();
        }
        for (r, score) in scores.iter().enumerate() {
            ranks[r].push(1 + scores.iter().filter(|s| *s > score).count());
        }
    }
    ranks
        .into_iter()
        .map(|mut r| {
            sort_by(&mut r, Ord::cmp);
            let at = |q: f64| r[((q * (r.len() - 1) as f64).round() as usize).min(r.len() - 1)];
            (at(0.025), at(0.975))
        })
        .collect()
}

/// A small, specified generator (SplitMix64), so the intervals are the same on every platform
/// and release.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform integer below `n` (Lemire's multiply-shift; its bias is below 2^-32 for the
    /// sizes here).
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::ResultsMatrix;
    use crate::run::{InstanceResult, Run};

    fn standings_of(runs: &[&Run], ids: &[&str]) -> Standings {
        let matrix = ResultsMatrix::from_runs(runs);
        compute_standings(&RowOutcomes::new(&matrix, ids.iter().copied()))
    }

    fn run(id: &str, solved: &[usize], of: usize) -> Run {
        let mut run = Run::new(id, "d", "test", id, "");
        run.results = (0..of)
            .map(|i| InstanceResult {
                instance_id: format!("i{i}"),
                resolved: Some(solved.contains(&i)),
                ..Default::default()
            })
            .collect();
        run
    }

    #[test]
    fn tied_runs_share_a_group_and_a_clear_gap_starts_one() {
        let n = 200;
        let ids: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        // a: 0..150; b: 0..148 plus 198, 199 (a and b differ on 4 instances); c: 0..60.
        let a = run("a", &(0..150).collect::<Vec<_>>(), n);
        let b = run("b", &(0..148).chain([198, 199]).collect::<Vec<_>>(), n);
        let c = run("c", &(0..60).collect::<Vec<_>>(), n);
        let s = standings_of(&[&c, &a, &b], &ids);
        assert_eq!((s.by_run["a"].rank, s.by_run["b"].rank, s.by_run["c"].rank), (1, 1, 3));
        assert_eq!((s.by_run["a"].group, s.by_run["b"].group, s.by_run["c"].group), (1, 1, 2));
        // a vs b: 2 discordant each way → p = 1; b vs c: 90 discordant, all one way.
        let raw_bc = PairedCounts {
            first_only: 90,
            ..Default::default()
        }
        .mcnemar_p();
        assert_eq!(s.by_run["b"].p_above, Some(1.0));
        assert_eq!(
            s.by_run["c"].p_above,
            Some((2.0 * raw_bc).min(1.0)),
            "Holm over the two adjacent pairs"
        );
        assert_eq!(s.by_run["c"].rank_interval, (3, 3), "far behind on every resample");
        let (low, high) = s.by_run["a"].rank_interval;
        assert!(low == 1 && high == 2, "a tie swaps on resamples: {low}-{high}");
        assert_eq!(s.resamples, MAX_RESAMPLES);
    }

    #[test]
    fn the_same_input_gives_the_same_intervals() {
        let solved: Vec<Vec<bool>> = (0..4).map(|r| (0..50).map(|i| (i * 7 + r * 3) % 5 < 3).collect()).collect();
        let refs: Vec<&[bool]> = solved.iter().map(Vec::as_slice).collect();
        assert_eq!(rank_intervals(&refs, 300, SEED), rank_intervals(&refs, 300, SEED));
        assert_eq!(resample_count(500, 2500), 200);
        assert_eq!(resample_count(25, 500), MAX_RESAMPLES);
    }

    #[test]
    fn runs_without_verdicts_have_no_standing() {
        let mut scored = Run::new("s", "d", "test", "s", "");
        scored.results.push(InstanceResult {
            instance_id: "i0".into(),
            ..Default::default()
        });
        assert!(standings_of(&[&scored], &["i0"]).by_run.is_empty());
    }

    #[test]
    fn standings_carried_by_the_matrix_are_used_only_over_its_own_instances() {
        let (a, b) = (run("a", &[0, 1], 3), run("b", &[2], 3));
        let mut matrix = ResultsMatrix::from_runs(&[&a, &b]);
        let all = ["i0", "i1", "i2"];
        let computed = compute_standings(&RowOutcomes::new(&matrix, all));
        let marked = Standings {
            resamples: 7,
            ..computed.clone()
        };
        matrix.standings = Some(marked.clone());
        assert_eq!(standings(&RowOutcomes::new(&matrix, all)), marked);
        let more = ["i0", "i1", "i2", "i3"];
        assert_eq!(
            standings(&RowOutcomes::new(&matrix, more)).resamples,
            MAX_RESAMPLES,
            "over other rows: computed"
        );
        matrix.add_runs(&[&run("c", &[], 3)]);
        assert_eq!(matrix.standings, None, "a run added: the carried standings are dropped");
    }

    #[test]
    fn the_rows_order_does_not_change_the_intervals() {
        let (a, b, c) = (run("a", &[0, 1, 5], 8), run("b", &[2, 5, 6], 8), run("c", &[1, 2, 3, 7], 8));
        let matrix = ResultsMatrix::from_runs(&[&a, &b, &c]);
        let sorted: Vec<String> = (0..8).map(|i| format!("i{i}")).collect();
        let shuffled: Vec<&str> = [3, 0, 7, 5, 1, 6, 2, 4].iter().map(|&i| sorted[i].as_str()).collect();
        let of = |ids: Vec<&str>| compute_standings(&RowOutcomes::new(&matrix, ids));
        assert_eq!(of(shuffled), of(sorted.iter().map(String::as_str).collect()));
    }
}
