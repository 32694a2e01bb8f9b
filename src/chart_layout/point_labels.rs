//! A scatter's point labels, placed beside their points clear of each other and of what the chart
//! draws; and the point under the pointer.

use std::ops::Range;

use super::{overlap, LabelBox, LINE_HEIGHT};

/// The width of one character of a point's 11 px label, in pixels (a safe upper bound).
const POINT_CHAR_WIDTH: f64 = 6.5;

/// A rectangle of the chart that a point's label should not cover: a point's dot, a segment of
/// the line through the points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Obstacle {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Obstacle {
    /// The dot of radius `radius` at `(x, y)`.
    pub fn dot((x, y): (i32, i32), radius: i32) -> Obstacle {
        Obstacle {
            x: x - radius,
            y: y - radius,
            w: 2 * radius,
            h: 2 * radius,
        }
    }

    /// The straight segment from `a` to `b` (level or upright), two pixels thick.
    pub fn segment(a: (i32, i32), b: (i32, i32)) -> Obstacle {
        let (x, y) = (a.0.min(b.0), a.1.min(b.1));
        Obstacle {
            x: x - 1,
            y: y - 1,
            w: (a.0 - b.0).abs() + 2,
            h: (a.1 - b.1).abs() + 2,
        }
    }

    fn covered_by(&self, label: &LabelBox) -> bool {
        overlap([self.x, self.y, self.w, self.h], [label.x, label.y, label.w, label.h])
    }
}

/// The boxes of the labels of a scatter's points at `points` (the chart's pixels), `texts` their
/// labels, in the plotting area `area` (x and y pixel ranges, the axes' labels outside it). Each
/// label goes in the first place beside its point (right, above, below, then the same on the
/// left) that stays inside the area, overlaps no label already placed and covers the fewest of
/// `obstacles` (none, where it can). A label with no such place is left out (`None`; its point
/// still names itself under the pointer). They are placed from the last back: on a best-so-far
/// line, the latest best is labelled first.
pub fn point_labels(
    points: &[(i32, i32)],
    texts: &[String],
    area: (Range<i32>, Range<i32>),
    obstacles: &[Obstacle],
) -> Vec<Option<LabelBox>> {
    let (across, down) = area;
    let mut placed: Vec<Option<LabelBox>> = vec![None; points.len()];
    for index in (0..points.len()).rev() {
        let text = texts.get(index).cloned().unwrap_or_default();
        let w = (text.chars().count() as f64 * POINT_CHAR_WIDTH).ceil() as i32;
        let free: Vec<LabelBox> = places_beside(points[index], w)
            .map(|(x, y)| LabelBox {
                text: text.clone(),
                x,
                y,
                w,
                h: LINE_HEIGHT,
                upright: false,
            })
            .filter(|label| label.x >= across.start && label.x + label.w <= across.end)
            .filter(|label| label.y >= down.start && label.y + label.h <= down.end)
            .filter(|label| placed.iter().flatten().all(|other| !other.intersects(label)))
            .collect();
        let covered = |label: &LabelBox| obstacles.iter().filter(|o| o.covered_by(label)).count();
        // The first place that covers the fewest obstacles (none, where it can).
        placed[index] = free.into_iter().min_by_key(covered);
    }
    placed
}

/// The top-left corners a label `w` pixels wide may take beside the point at `(x, y)`, in order.
fn places_beside((x, y): (i32, i32), w: i32) -> impl Iterator<Item = (i32, i32)> {
    // Clear of the point's own dot (5 px in radius).
    let (above, level, below) = (y - 6 - LINE_HEIGHT, y - LINE_HEIGHT / 2, y + 6);
    [
        (x + 7, level),
        (x + 3, above),
        (x + 3, below),
        (x - 7 - w, level),
        (x - 3 - w, above),
        (x - 3 - w, below),
    ]
    .into_iter()
}

/// The point of `points` (the chart's pixels) within 10 pixels of `at`, the nearest if several are.
pub fn nearest_point(points: &[(i32, i32)], at: (f64, f64)) -> Option<usize> {
    points
        .iter()
        .enumerate()
        .map(|(i, (px, py))| (i, (*px as f64 - at.0).hypot(*py as f64 - at.1)))
        .filter(|(_, distance)| *distance <= 10.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart_layout::no_overlap;

    /// A plotting area: 50 to 596 pixels across, 10 to 380 down.
    const AREA: (Range<i32>, Range<i32>) = (50..596, 10..380);

    #[test]
    fn point_labels_never_overlap_and_stay_inside_the_plotting_area() {
        let texts: Vec<String> = ["first", "second", "third", "far right"].map(String::from).to_vec();
        let points = [(100, 100), (104, 102), (100, 200), (590, 50)];
        let placed = point_labels(&points, &texts, AREA, &[]);
        assert!(placed.iter().all(Option::is_some), "each finds a place: {placed:?}");
        let boxes: Vec<LabelBox> = placed.iter().flatten().cloned().collect();
        assert!(no_overlap(&boxes), "{boxes:?}");
        let right = placed[3].as_ref().unwrap();
        assert!(right.x + right.w < 590, "near the right edge, on the point's left: {right:?}");
        let crowd: Vec<(i32, i32)> = (0..200).map(|i| (60 + (i * 7) % 400, 300 - i)).collect();
        let names: Vec<String> = (0..200).map(|i| format!("run {i}")).collect();
        let boxes: Vec<LabelBox> = point_labels(&crowd, &names, AREA, &[]).into_iter().flatten().collect();
        assert!(
            no_overlap(&boxes) && !boxes.is_empty() && boxes.len() < 200,
            "thinned: {}",
            boxes.len()
        );
        assert!(boxes.iter().all(|b| b.x >= 50 && b.y >= 10 && b.x + b.w <= 596 && b.y + b.h <= 380));
    }

    #[test]
    fn point_labels_keep_off_other_points_and_the_line_where_they_can() {
        let texts = vec!["best so far".to_string()];
        let point = (100, 100);
        // Its own dot, and the line going on to the right at its height.
        let own = Obstacle::dot(point, 5);
        let line = Obstacle::segment(point, (400, 100));
        let label = point_labels(&[point], &texts, AREA, &[own])[0].clone().unwrap();
        assert_eq!((label.x, label.y), (107, 93), "on its right, level with it: {label:?}");
        let label = point_labels(&[point], &texts, AREA, &[own, line])[0].clone().unwrap();
        assert!(label.y + label.h <= 95 && label.x > 100, "above its line: {label:?}");
        // Another run's dot just above it, on the right.
        let dot = Obstacle::dot((110, 86), 5);
        let label = point_labels(&[point], &texts, AREA, &[own, line, dot])[0].clone().unwrap();
        assert!(
            !own.covered_by(&label) && !line.covered_by(&label) && !dot.covered_by(&label),
            "{label:?}"
        );
        assert!(label.y > 100, "below the point, the first place clear of all three: {label:?}");
        // Hemmed in on every side, the label still shows where no other label is, in the place
        // that covers least.
        let mut walls = vec![Obstacle {
            x: 0,
            y: 0,
            w: 600,
            h: 420,
        }];
        let crowded = point_labels(&[point], &texts, AREA, &walls)[0].clone().unwrap();
        assert_eq!((crowded.x, crowded.y), (107, 93), "its first place");
        walls.push(Obstacle::dot((130, 100), 5));
        let crowded = point_labels(&[point], &texts, AREA, &walls)[0].clone().unwrap();
        assert_eq!((crowded.x, crowded.y), (103, 80), "above, off the second dot");
    }

    #[test]
    fn the_point_under_the_pointer_is_the_nearest_within_ten_pixels() {
        let points = [(100, 100), (108, 100), (300, 40)];
        assert_eq!(nearest_point(&points, (101.0, 101.0)), Some(0));
        assert_eq!(nearest_point(&points, (106.0, 99.0)), Some(1));
        assert_eq!(nearest_point(&points, (295.0, 46.0)), Some(2));
        assert_eq!(nearest_point(&points, (200.0, 200.0)), None);
        assert_eq!(nearest_point(&[], (0.0, 0.0)), None);
    }
}
