//! What the leaderboard's charts draw: % resolved over submission date with the best-so-far line
//! (the runs that set a new best), and cost against % resolved with the Pareto frontier (the runs
//! no other run beats on both: cheaper and at least as good).

use crate::sorting::sort_by;

/// The indices of the points that beat on y every point before them on x, in x order. With x the
/// date, they are the runs that set a new best when they came (the best-so-far line steps through
/// them); with x the cost, they are the Pareto frontier (no run costs less and resolves at least
/// as much).
pub fn running_best(points: &[(f64, f64)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    sort_by(&mut order, |&a, &b| {
        points[a].0.total_cmp(&points[b].0).then(points[b].1.total_cmp(&points[a].1))
    });
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

/// The corners of the step line through `line`'s points of `points` (level, then up or down to
/// the next), held level from the last to the rightmost point: a best so far holds until a run
/// beats it, and a frontier's best holds at any higher cost. None when that is a single point.
pub fn step_corners(points: &[(f64, f64)], line: &[usize]) -> Vec<(f64, f64)> {
    let Some(&last) = line.last() else {
        return Vec::new();
    };
    let mut corners = Vec::new();
    for pair in line.windows(2) {
        let (a, b) = (points[pair[0]], points[pair[1]]);
        corners.extend([a, (b.0, a.1)]);
    }
    corners.push(points[last]);
    let right = points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    if right > points[last].0 {
        corners.push((right, points[last].1));
    }
    if corners.len() < 2 {
        corners.clear();
    }
    corners
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn the_step_line_holds_its_best_to_the_last_point() {
        let points = [(1.0, 20.0), (2.0, 10.0), (3.0, 30.0), (5.0, 25.0)];
        assert_eq!(
            step_corners(&points, &running_best(&points)),
            [(1.0, 20.0), (3.0, 20.0), (3.0, 30.0), (5.0, 30.0)]
        );
        // One record that nothing later beats: a level line, not nothing.
        let held = [(1.0, 40.0), (4.0, 30.0)];
        assert_eq!(step_corners(&held, &running_best(&held)), [(1.0, 40.0), (4.0, 40.0)]);
        let alone = [(1.0, 40.0), (1.0, 30.0)];
        assert!(step_corners(&alone, &running_best(&alone)).is_empty());
    }
}
