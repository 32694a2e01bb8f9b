//! The statistics leaderboards and comparisons state: Wilson score intervals on a resolved
//! ratio, and McNemar's exact test for two runs on the same instances.

use crate::sorting::sort_by;

/// The sum of the values recorded, `None` when none is (no figure, rather than a zero).
pub fn sum_recorded<T: std::iter::Sum<T>>(values: impl IntoIterator<Item = T>) -> Option<T> {
    let mut values = values.into_iter().peekable();
    values.peek()?;
    Some(values.sum())
}

/// The mean of the values, `None` when there are none.
pub fn mean(values: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.into_iter().fold((0.0, 0usize), |(sum, n), v| (sum + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

/// The z value of a two-sided 95% interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval `(low, high)` for `successes` out of `n` at `z` (`None` when `n` is 0).
/// Unlike the normal approximation it stays inside [0, 1] and is sound at 0% and 100%.
pub fn wilson_interval(successes: u64, n: u64, z: f64) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// Two runs on the same instances, tallied.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PairedCounts {
    /// Resolved by both.
    pub both: u64,
    /// Resolved by the first only.
    pub first_only: u64,
    /// Resolved by the second only.
    pub second_only: u64,
    /// Resolved by neither.
    pub neither: u64,
}

impl PairedCounts {
    /// The two-sided p-value of McNemar's exact test: under "both runs are equally good", the
    /// discordant instances split like fair coin flips, so the p-value is the binomial
    /// probability of a split at least as uneven as the one seen.
    pub fn mcnemar_p(&self) -> f64 {
        let n = self.first_only + self.second_only;
        if n == 0 {
            return 1.0;
        }
        let k = self.first_only.min(self.second_only);
        // Sum of C(n, i) / 2^n for i ≤ k, in log space so that large n cannot overflow.
        let ln_half_n = -(n as f64) * std::f64::consts::LN_2;
        let mut ln_choose = 0.0f64;
        let mut tail = 0.0;
        for i in 0..=k {
            if i > 0 {
                ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
            }
            tail += (ln_choose + ln_half_n).exp();
        }
        (2.0 * tail).min(1.0)
    }
}

/// Holm's step-down correction of `p_values` for testing them together: the i-th smallest is
/// multiplied by (m - i), each kept at least as large as the one before it, capped at 1.
pub fn holm(p_values: &[f64]) -> Vec<f64> {
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    sort_by(&mut order, |&a, &b| p_values[a].total_cmp(&p_values[b]));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (rank, &index) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p_values[index]).min(1.0));
        adjusted[index] = running;
    }
    adjusted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-6
    }

    #[test]
    fn wilson_matches_reference_values() {
        // Reference values computed separately (Python, the closed form of the Wilson interval).
        let (low, high) = wilson_interval(81, 263, Z_95).unwrap();
        assert!(close(low, 0.2552885), "{low}");
        assert!(close(high, 0.3662096), "{high}");
        let (low, high) = wilson_interval(0, 10, Z_95).unwrap();
        assert_eq!(low, 0.0);
        assert!((high - 0.27753).abs() < 1e-4, "{high}");
        let (low, high) = wilson_interval(10, 10, Z_95).unwrap();
        assert!(close(low, 0.7224672) && close(high, 1.0), "{low} {high}");
        assert_eq!(wilson_interval(0, 0, Z_95), None);
    }

    #[test]
    fn mcnemar_exact_matches_the_binomial_test() {
        let p = |first_only, second_only| {
            PairedCounts {
                first_only,
                second_only,
                ..Default::default()
            }
            .mcnemar_p()
        };
        // Reference values computed separately (Python: 2 * sum(comb(n, i)) / 2**n, capped at 1).
        assert!(close(p(1, 9), 0.021484375));
        assert!(close(p(9, 1), 0.021484375));
        assert!(close(p(5, 5), 1.0));
        assert!(close(p(0, 6), 0.03125));
        assert!(close(p(40, 60), 0.056887933));
        assert_eq!(p(0, 0), 1.0);
        let large = p(4_000, 4_300);
        assert!(
            (large - 0.001029736761268161).abs() < 1e-12,
            "exact in log space at n = 8300: {large}"
        );
    }

    #[test]
    fn holm_steps_down_and_stays_monotone() {
        // m = 4: the smallest times 4, the next times 3, ... never below the one before.
        let adjusted = holm(&[0.01, 0.04, 0.03, 0.005]);
        let expected = [0.03, 0.06, 0.06, 0.02];
        for (a, e) in adjusted.iter().zip(expected) {
            assert!((a - e).abs() < 1e-12, "{adjusted:?}");
        }
        assert_eq!(holm(&[0.5, 0.9]), [1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }
}
