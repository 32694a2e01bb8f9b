//! What the leaderboard's charts draw: % resolved over submission date with the best-so-far line
//! (the runs that set a new best), and cost against % resolved with the Pareto frontier (the runs
//! no other run beats on both: cheaper and at least as good).

/// Days since 1970-01-01 of a `YYYY-MM-DD` date (a longer timestamp is read by its date).
pub fn days(date: &str) -> Option<i64> {
    let mut parts = date.get(..10)?.split('-');
    let (y, m, d): (i64, i64, i64) = (
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
    );
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    // Howard Hinnant's days-from-civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// `YYYY-MM` of a day number, for axis labels.
pub fn month_of(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}")
}

/// The indices of the points that beat on y every point before them on x, in x order. With x the
/// date, they are the runs that set a new best when they came (the best-so-far line steps through
/// them); with x the cost, they are the Pareto frontier (no run costs less and resolves at least
/// as much).
pub fn running_best(points: &[(f64, f64)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&a, &b| points[a].0.total_cmp(&points[b].0).then(points[b].1.total_cmp(&points[a].1)));
    let mut best = f64::NEG_INFINITY;
    order
        .into_iter()
        .filter(|&i| {
            let better = points[i].1 > best;
            best = best.max(points[i].1);
            better
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_become_days_and_back_to_months() {
        assert_eq!(days("1970-01-01"), Some(0));
        assert_eq!(days("2024-03-01"), Some(19_783));
        assert_eq!(days("2025-07-20T10:00:00Z"), days("2025-07-20"));
        assert_eq!(days("2025-13-01"), None);
        assert_eq!(days("soon"), None);
        assert_eq!(month_of(days("2024-02-29").unwrap()), "2024-02");
        assert_eq!(month_of(days("1999-12-31").unwrap()), "1999-12");
    }

    #[test]
    fn the_best_so_far_steps_through_new_records() {
        // (date, %): the second run is worse than the first, the fourth ties the third.
        let points = [(1.0, 20.0), (2.0, 10.0), (3.0, 30.0), (4.0, 30.0), (5.0, 45.0)];
        assert_eq!(running_best(&points), [0, 2, 4]);
    }

    #[test]
    fn the_frontier_keeps_the_runs_nothing_cheaper_beats() {
        // (cost, %): 2 is beaten by 1 (cheaper, better); 3 is dearer but better.
        let points = [(10.0, 30.0), (5.0, 40.0), (20.0, 35.0), (50.0, 60.0)];
        assert_eq!(running_best(&points), [1, 3]);
    }
}
