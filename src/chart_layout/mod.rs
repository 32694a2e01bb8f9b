//! Where a chart's text goes, so that it never overlaps and always fits: how wide a chart is
//! drawn (here) and how its caption wraps (`caption`), where a bar chart's group labels go
//! (`axis_labels`), how names are cut and still told apart (`truncation`), where a scatter's
//! point labels go and which point is under the pointer (`point_labels`), how an axis's ticks
//! read (`ticks`), how wide a bar is (here), and the charts' SVG documents made fit to show as
//! images (`svg_image`). Pure, so the rules are tested natively; the chart draws these boxes and
//! the page exposes them, so a browser test can check them too.

mod axis_labels;
mod caption;
mod point_labels;
mod svg_image;
mod ticks;
mod truncation;

pub use axis_labels::{display_names, label_area, upright, x_labels};
pub use caption::{caption, Caption};
pub use point_labels::{nearest_point, point_labels, Obstacle};
pub use svg_image::svg_for_image;
pub use ticks::{tick_text, y_tick_count};
pub use truncation::{truncate, truncate_apart};

/// The width of one character of the 12 px label font, in pixels (a safe upper bound).
pub const CHAR_WIDTH: f64 = 7.0;
/// The height of a label line, in pixels.
pub const LINE_HEIGHT: i32 = 14;

/// The widest a chart is drawn, in pixels: wider, its bars and points spread without showing more.
pub const WIDEST: u32 = 900;
/// The narrowest a chart is drawn: a narrower frame shows it scaled down.
pub const NARROWEST: u32 = 280;

/// The width to draw a chart at in a frame `frame` pixels wide: the frame's less the image's
/// 1 px border on each side, so that the chart's text shows at its size, within
/// [`NARROWEST`]..=[`WIDEST`]; [`WIDEST`] for a frame not laid out (0 wide).
pub fn drawn_width(frame: i32) -> u32 {
    if frame <= 0 {
        WIDEST
    } else {
        ((frame - 2).max(0) as u32).clamp(NARROWEST, WIDEST)
    }
}

/// Bars fill this share of each group's slot, where that keeps them under [`WIDEST_BAR`].
pub const FILL: f64 = 0.8;
/// The widest a bar is drawn, in pixels: one run's failure modes were one bar 700 pixels wide.
pub const WIDEST_BAR: f64 = 72.0;

/// The share of each group's slot its `bars` side by side fill, on a plot `plot_width` pixels
/// wide across `groups` slots: [`FILL`], or less where a bar would be wider than [`WIDEST_BAR`].
pub fn bar_fill(groups: usize, bars: usize, plot_width: i32) -> f64 {
    let slot = plot_width.max(1) as f64 / groups.max(1) as f64;
    FILL.min(WIDEST_BAR * bars.max(1) as f64 / slot)
}

/// One drawn label: its text and the box it covers, in the chart's pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelBox {
    /// The text drawn (truncated with `…`).
    pub text: String,
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
    /// Turned upright (read bottom to top).
    pub upright: bool,
}

impl LabelBox {
    /// Whether two boxes share any pixel.
    pub fn intersects(&self, other: &LabelBox) -> bool {
        overlap([self.x, self.y, self.w, self.h], [other.x, other.y, other.w, other.h])
    }
}

/// Whether two rectangles (`[x, y, width, height]`) share any pixel.
fn overlap(a: [i32; 4], b: [i32; 4]) -> bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}

/// Whether no two of `boxes` share a pixel (for the tests of the modules that place them).
#[cfg(test)]
fn no_overlap(boxes: &[LabelBox]) -> bool {
    boxes
        .iter()
        .enumerate()
        .all(|(i, a)| boxes[i + 1..].iter().all(|b| !a.intersects(b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_is_drawn_at_its_frames_width() {
        assert_eq!(drawn_width(366), 364, "a phone's frame, its border inside");
        assert_eq!(drawn_width(570), 568, "a half of the leaderboard's grid");
        assert_eq!(drawn_width(1152), WIDEST);
        assert_eq!(drawn_width(120), NARROWEST);
        assert_eq!(drawn_width(0), WIDEST, "not laid out: the widest");
    }

    #[test]
    fn a_bar_is_never_wider_than_the_widest() {
        let bar_width =
            |groups: usize, bars: usize, plot: i32| (bar_fill(groups, bars, plot) * plot as f64 / groups as f64 / bars as f64).round();
        assert_eq!(bar_fill(12, 2, 836), FILL, "many groups: the slots are narrow");
        assert_eq!(bar_width(1, 1, 836), WIDEST_BAR, "one run's failure modes");
        assert_eq!(bar_width(6, 1, 836), WIDEST_BAR);
        assert_eq!(bar_width(1, 4, 836), WIDEST_BAR, "four runs side by side in one group");
        assert_eq!(bar_fill(1, 1, 0), FILL, "a plot not laid out");
    }
}
