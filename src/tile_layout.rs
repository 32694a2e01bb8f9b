//! A side-by-side chart of more series than the palette tells apart ("Top 10", "All", twelve
//! configurations' metrics), drawn as tiles instead of bars: a row per series, named at its left;
//! a column per group, named below; each tile coloured by its value on one ramp, with the value
//! written in it where it fits. Bars in repeated colours made the first run and the eighth look
//! like one. Pure, so the rules are tested natively.

use crate::chart_layout::CHAR_WIDTH;
use crate::chart_legend::DISTINCT;

/// A row's height, in pixels: a 12 px value and a little air.
pub const ROW: i32 = 20;
/// Between neighbouring tiles, in pixels, so that equal neighbours still read as two.
const GAP: i32 = 1;
/// A tile shows its value when it is at least this wide.
const VALUE_WIDTH: f64 = 28.0;
/// The row names' column takes at most this share of the chart's width.
const NAMES_SHARE: f64 = 0.4;
/// Between a row's name and its first tile.
const NAME_GAP: i32 = 8;

/// Whether a chart of `series` side by side is drawn as tiles: when its bars would share colours.
pub fn as_tiles(series: usize, stacked: bool) -> bool {
    !stacked && series > DISTINCT
}

/// Where the tiles go: columns between `left` and `right`, rows from `top`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TileGrid {
    /// The first column's left edge (the row names end [`NAME_GAP`] before it).
    pub left: i32,
    /// The last column's right edge.
    pub right: i32,
    /// The first row's top.
    pub top: i32,
    /// One per series.
    pub rows: usize,
    /// One per group.
    pub columns: usize,
}

impl TileGrid {
    /// The grid for `series` (their names set the names' column) and `columns` groups, in a
    /// chart `width` pixels wide with `margin` either side, its first row at `top`.
    pub fn new(series: &[String], columns: usize, width: u32, margin: i32, top: i32) -> TileGrid {
        let widest = series.iter().map(|s| s.chars().count()).max().unwrap_or(0);
        let names = ((widest as f64 * CHAR_WIDTH).ceil() as i32).min((width as f64 * NAMES_SHARE) as i32);
        TileGrid {
            left: margin + names + NAME_GAP,
            right: width as i32 - margin,
            top,
            rows: series.len(),
            columns: columns.max(1),
        }
    }

    /// The last row's bottom.
    pub fn bottom(&self) -> i32 {
        self.top + self.rows as i32 * ROW
    }

    fn column_width(&self) -> f64 {
        (self.right - self.left) as f64 / self.columns as f64
    }

    /// Column `column`'s left edge (the grid's right edge past the last one).
    fn edge(&self, column: usize) -> i32 {
        self.left + (column as f64 * self.column_width()).round() as i32
    }

    /// Tile `(column, row)`'s corners, `[(x0, y0), (x1, y1)]`, less the gap on its right and
    /// bottom.
    pub fn tile(&self, column: usize, row: usize) -> [(i32, i32); 2] {
        let (x0, x1) = (self.edge(column), self.edge(column + 1) - GAP);
        let y0 = self.top + row as i32 * ROW;
        [(x0, y0), (x1.max(x0 + 1), y0 + ROW - GAP)]
    }

    /// The `(column, row)` of the tile under `(x, y)`, if any: the column whose edges hold `x`.
    pub fn tile_at(&self, x: i32, y: i32) -> Option<(usize, usize)> {
        if x < self.left || x >= self.right || y < self.top || y >= self.bottom() {
            return None;
        }
        let mut column = (((x - self.left) as f64 / self.column_width()) as usize).min(self.columns - 1);
        if x < self.edge(column) {
            column -= 1;
        } else if column + 1 < self.columns && x >= self.edge(column + 1) {
            column += 1;
        }
        Some((column, ((y - self.top) / ROW) as usize))
    }

    /// Whether the tiles are wide enough to show their values.
    pub fn shows_values(&self) -> bool {
        self.column_width() >= VALUE_WIDTH
    }

    /// Where the rows' names end (they are drawn right-aligned).
    pub fn names_right(&self) -> i32 {
        self.left - NAME_GAP
    }

    /// The characters of a row's name that fit the names' column.
    pub fn name_chars(&self, margin: i32) -> usize {
        (((self.names_right() - margin) as f64 / CHAR_WIDTH) as usize).max(2)
    }
}

/// A tile's value as written in it: whole numbers from 10 up, tenths below, hundredths below 1.
pub fn value_text(value: f64) -> String {
    if value == 0.0 {
        "0".to_string()
    } else if value.abs() >= 10.0 {
        format!("{value:.0}")
    } else if value.abs() >= 1.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    }
}

/// The ramp's stops, low to high, on a light page: ColorBrewer's Blues, light to dark, so that
/// more reads as more ink. Blue stays clear of the matrix's green and red.
const LIGHT_RAMP: [[u8; 3]; 5] = [[239, 243, 255], [189, 215, 231], [107, 174, 214], [49, 130, 189], [8, 81, 156]];
/// On a dark page more reads as more light: dark blue to pale.
const DARK_RAMP: [[u8; 3]; 5] = [[16, 42, 67], [18, 80, 130], [49, 130, 189], [107, 174, 214], [198, 219, 239]];

/// The colour of `value` on a scale from 0 to `max`, on a dark page or a light one; values
/// outside the scale take its ends.
pub fn ramp(value: f64, max: f64, dark: bool) -> [u8; 3] {
    let stops = if dark { &DARK_RAMP } else { &LIGHT_RAMP };
    let t = if max > 0.0 && value.is_finite() {
        (value / max).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let at = t * (stops.len() - 1) as f64;
    let low = (at as usize).min(stops.len() - 2);
    let share = at - low as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * share).round() as u8;
    let (a, b) = (stops[low], stops[low + 1]);
    [mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2])]
}

/// Whether text on `fill` is written dark (the fill is light) rather than white.
pub fn dark_text_on(fill: [u8; 3]) -> bool {
    let linear = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let luminance = 0.2126 * linear(fill[0]) + 0.7152 * linear(fill[1]) + 0.0722 * linear(fill[2]);
    // The luminance at which black and white text have the same contrast.
    luminance > 0.179
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart_layout::truncate;

    fn names(count: usize) -> Vec<String> {
        (0..count).map(|i| format!("run-{i}")).collect()
    }

    #[test]
    fn side_by_side_series_become_tiles_only_past_the_palette() {
        assert!(!as_tiles(DISTINCT, false));
        assert!(as_tiles(DISTINCT + 1, false));
        assert!(!as_tiles(40, true), "a stack folds its smallest series instead");
    }

    #[test]
    fn every_tile_is_found_where_it_is_drawn_and_no_two_overlap() {
        for (width, columns) in [(900, 12), (677, 7), (390, 31), (281, 3)] {
            let grid = TileGrid::new(&names(10), columns, width, 12, 60);
            let mut drawn = Vec::new();
            for row in 0..10 {
                for column in 0..columns {
                    let [(x0, y0), (x1, y1)] = grid.tile(column, row);
                    assert!(x0 >= grid.left && x1 <= grid.right && y0 >= grid.top && y1 <= grid.bottom());
                    assert_eq!(grid.tile_at((x0 + x1) / 2, (y0 + y1) / 2), Some((column, row)));
                    assert_eq!(grid.tile_at(x0, y0), Some((column, row)), "its top left corner, {width} px");
                    drawn.push([x0, y0, x1, y1]);
                }
            }
            for (i, a) in drawn.iter().enumerate() {
                for b in &drawn[i + 1..] {
                    assert!(
                        a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1],
                        "{a:?} and {b:?} overlap"
                    );
                }
            }
            assert_eq!(grid.tile_at(grid.left - 1, grid.top), None, "the names' column");
            assert_eq!(grid.tile_at(grid.left, grid.bottom()), None, "below the last row");
        }
    }

    #[test]
    fn long_names_take_at_most_their_share_and_are_cut() {
        let long = vec!["a".repeat(200), "b".into()];
        let grid = TileGrid::new(&long, 3, 400, 12, 0);
        assert!(grid.left <= 12 + 160 + NAME_GAP, "{grid:?}");
        let chars = grid.name_chars(12);
        let drawn = truncate(&long[0], chars);
        assert_eq!(drawn.chars().count(), chars);
        assert!(drawn.ends_with('…'));
        assert!((drawn.chars().count() as f64 * CHAR_WIDTH) as i32 <= grid.left - NAME_GAP - 12);
        assert_eq!(truncate("b", chars), "b");
    }

    #[test]
    fn values_show_only_in_tiles_wide_enough_for_them() {
        assert!(TileGrid::new(&names(10), 12, 900, 12, 0).shows_values());
        assert!(!TileGrid::new(&names(10), 40, 390, 12, 0).shows_values());
        assert_eq!(value_text(78.84), "79");
        assert_eq!(value_text(5.25), "5.2");
        assert_eq!(value_text(0.456), "0.46");
        assert_eq!(value_text(0.0), "0", "nothing, not a rounded small value");
    }

    #[test]
    fn the_ramp_runs_from_its_first_stop_to_its_last_and_more_is_darker_on_a_light_page() {
        for dark in [false, true] {
            let stops = if dark { DARK_RAMP } else { LIGHT_RAMP };
            assert_eq!(ramp(0.0, 100.0, dark), stops[0]);
            assert_eq!(ramp(100.0, 100.0, dark), stops[4]);
            assert_eq!(ramp(250.0, 100.0, dark), stops[4], "past the end");
            assert_eq!(ramp(f64::NAN, 100.0, dark), stops[0]);
            let lightness = |c: [u8; 3]| c.iter().map(|&v| v as u32).sum::<u32>();
            let shades: Vec<u32> = (0..=100).map(|v| lightness(ramp(v as f64, 100.0, dark))).collect();
            if dark {
                assert!(shades.windows(2).all(|w| w[0] <= w[1]), "lighter as it grows: {shades:?}");
            } else {
                assert!(shades.windows(2).all(|w| w[0] >= w[1]), "darker as it grows: {shades:?}");
            }
        }
    }

    #[test]
    fn values_are_written_in_the_colour_that_stands_out_on_their_tile() {
        assert!(dark_text_on(LIGHT_RAMP[0]));
        assert!(!dark_text_on(LIGHT_RAMP[4]));
        assert!(!dark_text_on(DARK_RAMP[0]));
        assert!(dark_text_on(DARK_RAMP[4]));
    }
}
