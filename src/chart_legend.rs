//! A bar chart's legend and colours. The legend goes in rows of its own between the caption and
//! the plot, so that it never covers a bar (drawn inside the plot's corner, it hid the tallest
//! bar on that side): each entry a swatch and the series' name, left to right, a new row when the
//! next entry would pass the right edge, the rows a block centred under the caption with their
//! swatches starting at one left edge (rows centred each on its own set a phone's one-entry rows
//! zigzagging). A run keeps its colour in every chart
//! of a page, and a stack of more series than the palette has colours draws the largest apart
//! and the rest as one. Pure, so the rules are tested natively.

use crate::chart_layout::{truncate_apart, CHAR_WIDTH, LINE_HEIGHT};

/// A swatch's side, in pixels.
pub const SWATCH: i32 = 10;
/// Between a swatch and its name.
const SWATCH_GAP: i32 = 5;
/// Between one entry and the next on a row.
const ENTRY_GAP: i32 = 16;
/// A row's height: a label line and a little air.
pub const ROW_HEIGHT: i32 = LINE_HEIGHT + 4;

/// One series' entry: its swatch's left edge, the top of its row, and its name as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegendEntry {
    /// The swatch's left edge; the name starts [`SWATCH`] and a gap to its right.
    pub x: i32,
    /// The top of the entry's row.
    pub y: i32,
    /// The series' name, cut with `…` when it is wider than a row.
    pub text: String,
}

/// The entries of `series` laid out in rows between `left` and `right`, the first row's top at
/// `top`; one entry per series, in order.
pub fn legend(series: &[String], left: i32, right: i32, top: i32) -> Vec<LegendEntry> {
    let room = right - left;
    let fits = ((room - SWATCH - SWATCH_GAP) as f64 / CHAR_WIDTH).max(2.0) as usize;
    let mut rows: Vec<Vec<(String, i32)>> = vec![Vec::new()];
    let mut used = 0;
    for text in truncate_apart(series, fits) {
        let width = SWATCH + SWATCH_GAP + (text.chars().count() as f64 * CHAR_WIDTH).ceil() as i32;
        let row = rows.last_mut().expect("one row at least");
        if !row.is_empty() && used + ENTRY_GAP + width > room {
            rows.push(vec![(text, width)]);
            used = width;
        } else {
            used += if row.is_empty() { width } else { ENTRY_GAP + width };
            row.push((text, width));
        }
    }
    let row_width = |row: &[(String, i32)]| row.iter().map(|(_, w)| w).sum::<i32>() + ENTRY_GAP * (row.len() as i32 - 1).max(0);
    let widest = rows.iter().map(|row| row_width(row)).max().unwrap_or(0);
    rows.into_iter()
        .enumerate()
        .flat_map(|(r, row)| {
            let mut x = left + (room - widest) / 2;
            let y = top + r as i32 * ROW_HEIGHT;
            row.into_iter().map(move |(text, w)| {
                let entry = LegendEntry { x, y, text };
                x += w + ENTRY_GAP;
                entry
            })
        })
        .collect()
}

/// Each of `series`' colours, as places in the palette: a series in `keyed` takes its place there,
/// so that a run has one colour in every chart of a page; the others take, in order, the places
/// left free by this chart's keyed series.
pub fn palette_places(series: &[String], keyed: &[String]) -> Vec<usize> {
    let place_in_keyed = |name: &str| keyed.iter().position(|k| k == name);
    let mut taken: Vec<usize> = series.iter().filter_map(|s| place_in_keyed(s)).collect();
    let mut next = 0;
    series
        .iter()
        .map(|s| {
            place_in_keyed(s).unwrap_or_else(|| {
                while taken.contains(&next) {
                    next += 1;
                }
                taken.push(next);
                next
            })
        })
        .collect()
}

/// The colours a chart can tell apart: the palette's.
pub const DISTINCT: usize = 7;

/// The series a stacked chart draws of `series`, whose totals are `totals`: all of them when the
/// palette tells them apart, else the [`DISTINCT`]` - 1` largest (ties by their order), in their
/// order, and then the rest, to be drawn as one.
pub fn largest_and_rest(series: &[String], totals: &[u64]) -> (Vec<String>, Vec<String>) {
    if series.len() <= DISTINCT {
        return (series.to_vec(), Vec::new());
    }
    let mut by_size: Vec<usize> = (0..series.len()).collect();
    benchscope_contract::sorting::sort_by(&mut by_size, |&a, &b| totals[b].cmp(&totals[a]));
    let kept = benchscope_contract::sorting::set_of(by_size[..DISTINCT - 1].iter().copied());
    let (drawn, rest): (Vec<_>, Vec<_>) = series.iter().enumerate().partition(|(i, _)| kept.contains(i));
    let names = |list: Vec<(usize, &String)>| list.into_iter().map(|(_, s)| s.clone()).collect();
    (names(drawn), names(rest))
}

/// The height the laid-out `entries` take: their rows'.
pub fn height(entries: &[LegendEntry], top: i32) -> i32 {
    entries.iter().map(|e| e.y + ROW_HEIGHT - top).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// Each entry's box: swatch and name.
    fn right_edge(entry: &LegendEntry) -> i32 {
        entry.x + SWATCH + SWATCH_GAP + (entry.text.chars().count() as f64 * CHAR_WIDTH).ceil() as i32
    }

    #[test]
    fn a_legend_that_fits_is_one_centred_row_in_the_series_order() {
        let entries = legend(&names(&["gold", "demo-model-a", "demo-model-b"]), 12, 888, 40);
        assert_eq!(
            entries.iter().map(|e| e.text.as_str()).collect::<Vec<_>>(),
            ["gold", "demo-model-a", "demo-model-b"]
        );
        assert!(entries.iter().all(|e| e.y == 40), "{entries:?}");
        assert!(
            entries.windows(2).all(|w| right_edge(&w[0]) + ENTRY_GAP <= w[1].x),
            "apart: {entries:?}"
        );
        let (first, last) = (entries[0].x, right_edge(&entries[2]));
        assert!((first - 12 - (888 - last)).abs() <= 1, "centred: {first}..{last}");
        assert_eq!(height(&entries, 40), ROW_HEIGHT);
    }

    #[test]
    fn a_legend_too_wide_for_one_row_wraps_and_stays_inside() {
        let series = names(&[
            "20240620_sweagent_claude3.5sonnet",
            "20241029_OpenHands-CodeAct-2.1",
            "gold",
            "demo-model-b",
        ]);
        let entries = legend(&series, 12, 352, 30);
        assert!(entries.iter().all(|e| e.x >= 12 && right_edge(e) <= 352), "{entries:?}");
        let rows = entries.iter().map(|e| e.y).collect::<std::collections::BTreeSet<_>>();
        assert!(rows.len() >= 2, "{entries:?}");
        assert_eq!(height(&entries, 30), rows.len() as i32 * ROW_HEIGHT);
        for pair in entries.windows(2).filter(|w| w[0].y == w[1].y) {
            assert!(right_edge(&pair[0]) + ENTRY_GAP <= pair[1].x, "{pair:?}");
        }
    }

    #[test]
    fn rows_of_a_wrapped_legend_start_at_one_left_edge_the_block_centred() {
        let series = names(&["mini-SWE-agent + Claude 4.5 Opus", "trajectories_mini", "mini-SWE-agent + Gemini 3"]);
        let entries = legend(&series, 0, 300, 0);
        let rows = entries.iter().map(|e| e.y).collect::<std::collections::BTreeSet<_>>();
        assert_eq!(rows.len(), 3, "{entries:?}");
        assert!(entries.iter().all(|e| e.x == entries[0].x), "one left edge: {entries:?}");
        let widest = entries.iter().map(right_edge).max().unwrap();
        assert!((entries[0].x - (300 - widest)).abs() <= 1, "the block centred: {entries:?}");
    }

    #[test]
    fn runs_of_one_system_cut_to_fit_still_read_apart() {
        let series = names(&["demo-model-a (partly-right)", "demo-model-a (partly-right-rerun)"]);
        let entries = legend(&series, 0, 160, 0);
        let texts: Vec<&str> = entries.iter().map(|e| e.text.as_str()).collect();
        assert!(texts.iter().all(|t| t.contains('…')), "{texts:?}");
        assert_ne!(texts[0], texts[1]);
        assert!(texts[1].ends_with("rerun)"), "{texts:?}");
    }

    #[test]
    fn a_run_keeps_its_colour_across_charts_and_no_two_series_of_a_chart_share_one() {
        let chosen = names(&["gold", "model-a", "model-b"]);
        assert_eq!(palette_places(&names(&["gold", "model-a", "model-b"]), &chosen), [0, 1, 2]);
        // Another chart of the page: its own order, a run not chosen, one chosen run missing.
        assert_eq!(palette_places(&names(&["model-b", "other", "gold"]), &chosen), [2, 1, 0]);
        assert_eq!(palette_places(&names(&["x", "y"]), &[]), [0, 1], "nothing keyed: in order");
    }

    #[test]
    fn a_stack_of_more_series_than_colours_draws_the_largest_and_the_rest_as_one() {
        let few = names(&["a", "b", "c"]);
        assert_eq!(largest_and_rest(&few, &[1, 2, 3]), (few.clone(), vec![]));
        let many: Vec<String> = (0..10).map(|i| format!("mode-{i}")).collect();
        let totals = [5, 1, 9, 1, 7, 3, 2, 8, 1, 4];
        let (drawn, rest) = largest_and_rest(&many, &totals);
        assert_eq!(
            drawn,
            names(&["mode-0", "mode-2", "mode-4", "mode-5", "mode-7", "mode-9"]),
            "the six largest, in order"
        );
        assert_eq!(rest, names(&["mode-1", "mode-3", "mode-6", "mode-8"]));
        let tied: Vec<String> = (0..8).map(|i| format!("t{i}")).collect();
        let (drawn, rest) = largest_and_rest(&tied, &[1; 8]);
        assert_eq!((drawn.len(), rest), (DISTINCT - 1, names(&["t6", "t7"])), "ties by their order");
    }

    #[test]
    fn a_name_wider_than_a_row_is_cut() {
        let long = "a".repeat(80);
        let entries = legend(&[long], 12, 280, 0);
        assert!(entries[0].text.ends_with('…') && right_edge(&entries[0]) <= 280, "{entries:?}");
        assert!(legend(&[], 12, 280, 0).is_empty() && height(&[], 0) == 0);
    }
}
