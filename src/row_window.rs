//! Which rows of the virtualized instance list are in the page: those in view and a margin
//! either side, so 50,000 instances cost what a screenful does.

use std::ops::Range;

/// Height of a row in pixels (the stylesheet gives `.instance-row` the same).
pub const ROW_HEIGHT_PX: usize = 44;
pub const ROW_HEIGHT: f64 = ROW_HEIGHT_PX as f64;
/// Rows rendered beyond the visible ones, above and below.
pub const OVERSCAN: usize = 8;
/// The list's least height in pixels (the stylesheet's `min-height` of `.rows`).
pub const MIN_LIST_HEIGHT: f64 = 320.0;

/// How many rows a list `height` pixels tall can show at once (one more for a row cut at each
/// edge).
pub fn rows_in_view(height: f64) -> usize {
    (height.max(MIN_LIST_HEIGHT) / ROW_HEIGHT).ceil() as usize + 1
}

/// The CSS length of `rows` rows: where a row at that position starts, or how tall a list of
/// that many rows is. (Written from integers: formatting an `f64` would bring the standard
/// library's float printing, 11 KB, into the first screen's wasm.)
pub fn rows_px(rows: usize) -> String {
    format!("{}px", rows * ROW_HEIGHT_PX)
}

/// The positions of the rows in view when the list is scrolled `scroll` pixels down (some may be
/// past the end of the order).
pub fn positions_in_view(scroll: f64, in_view: usize) -> Range<usize> {
    let first = (scroll.max(0.0) / ROW_HEIGHT) as usize;
    first..first + in_view
}

/// The positions of the rows the window shows: those crossing `shown`, the part of the list's box
/// inside the window (pixels from its top), when the list is scrolled `scroll` pixels down.
pub fn positions_shown(scroll: f64, shown: (f64, f64)) -> Range<usize> {
    let (top, bottom) = shown;
    if bottom <= top {
        return 0..0;
    }
    let scroll = scroll.max(0.0);
    let first = ((scroll + top) / ROW_HEIGHT) as usize;
    let end = ((scroll + bottom) / ROW_HEIGHT).ceil() as usize;
    first..end.max(first)
}

/// The positions in an order of `len` rows that are rendered when the list is scrolled `scroll`
/// pixels down: those in view and `OVERSCAN` more on each side. Rendering no more than that is
/// what makes the first rows and each keystroke cheap.
pub fn rendered_range(scroll: f64, in_view: usize, len: usize) -> Range<usize> {
    let in_view = positions_in_view(scroll, in_view);
    let end = (in_view.end + OVERSCAN).min(len);
    in_view.start.saturating_sub(OVERSCAN).min(end)..end
}

/// Which row of `visible` (`(position, index)` pairs) each slot shows next, given the position
/// each one `held` (`None` for a slot not drawn yet): a slot stays at its position while that
/// position is rendered, so that a scroll rewrites only the rows new to the page. A search or a
/// filter writes its rows at their positions (keeping each row in its slot and moving the slot,
/// tried, made the keystrokes that reorder the rows slower). The positions new to the page go to
/// the other slots, in order. A slot past the end of `visible`, or with no position left for it,
/// gets `None`.
pub fn assign_slots(visible: &[(usize, usize)], held: &[Option<usize>]) -> Vec<Option<usize>> {
    let slots = held.len().min(visible.len());
    let mut shows: Vec<Option<usize>> = vec![None; slots];
    let mut taken = vec![false; visible.len()];
    let mut give = |shows: &mut Vec<Option<usize>>, fits: &dyn Fn(usize, usize) -> bool| {
        for (nth, shown) in shows.iter_mut().enumerate().filter(|(_, shown)| shown.is_none()) {
            if let Some(at) = (0..visible.len()).find(|&at| !taken[at] && fits(nth, visible[at].0)) {
                taken[at] = true;
                *shown = Some(at);
            }
        }
    };
    give(&mut shows, &|nth, position| held[nth] == Some(position));
    give(&mut shows, &|_, _| true);
    shows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rows_length_is_its_count_times_the_row_height() {
        assert_eq!(rows_px(0), "0px");
        assert_eq!(rows_px(3), "132px");
        assert_eq!(rows_px(50_000), format!("{}px", 50_000.0 * ROW_HEIGHT));
    }

    #[test]
    fn a_list_at_its_top_renders_what_is_in_view_and_the_margin_below() {
        let in_view = rows_in_view(900.0);
        assert_eq!(in_view, 22);
        assert_eq!(rendered_range(0.0, in_view, 330), 0..30);
    }

    #[test]
    fn the_rows_in_view_are_within_those_rendered() {
        assert_eq!(positions_in_view(0.0, 22), 0..22);
        assert_eq!(positions_in_view(100.0 * ROW_HEIGHT + 10.0, 22), 100..122);
        let rendered = rendered_range(100.0 * ROW_HEIGHT + 10.0, 22, 330);
        assert!(rendered.start < 100 && rendered.end > 122);
    }

    #[test]
    fn the_rows_shown_are_those_crossing_the_part_of_the_list_in_the_window() {
        // A list whose box runs 46 px below the window: 662 px of it shown, 15 rows and 2 px.
        assert_eq!(positions_shown(0.0, (0.0, 662.0)), 0..16);
        assert_eq!(positions_shown(0.0, (0.0, 660.0)), 0..15);
        // Scrolled half a row: the first is cut at the top, one more is cut at the bottom.
        assert_eq!(positions_shown(22.0, (0.0, 660.0)), 0..16);
        // The page scrolled 100 px past the list's top: its first two rows are above the window.
        assert_eq!(positions_shown(0.0, (100.0, 760.0)), 2..18);
        // None of it in the window.
        assert_eq!(positions_shown(0.0, (0.0, 0.0)), 0..0);
        assert_eq!(positions_shown(500.0, (300.0, 200.0)), 0..0);
    }

    #[test]
    fn a_scrolled_list_renders_margins_on_both_sides() {
        let range = rendered_range(100.0 * ROW_HEIGHT + 10.0, 22, 330);
        assert_eq!(range, 92..130);
    }

    #[test]
    fn the_range_stays_inside_the_order() {
        assert_eq!(rendered_range(0.0, 22, 5), 0..5);
        assert_eq!(rendered_range(1e9, 22, 5), 5..5);
        assert_eq!(rendered_range(0.0, 22, 0), 0..0);
        assert_eq!(rendered_range(-50.0, 22, 10), 0..10);
    }

    #[test]
    fn a_short_window_still_fills_the_lists_least_height() {
        assert_eq!(rows_in_view(100.0), rows_in_view(MIN_LIST_HEIGHT));
        assert_eq!(rows_in_view(MIN_LIST_HEIGHT), 9);
    }

    #[test]
    fn a_scroll_rewrites_only_the_rows_new_to_the_page() {
        // Scrolled one row down: the slots at positions 1 and 2 stay; position 3 takes the slot
        // that was at position 0.
        let held = [Some(0), Some(1), Some(2)];
        let visible = [(1, 11), (2, 12), (3, 13)];
        assert_eq!(assign_slots(&visible, &held), [Some(2), Some(0), Some(1)]);
    }

    #[test]
    fn a_new_order_keeps_every_slot_at_its_position() {
        // A search put other rows at the same positions: each slot shows the row at its own.
        let held = [Some(2), Some(0), Some(1)];
        let visible = [(0, 20), (1, 21), (2, 22)];
        assert_eq!(assign_slots(&visible, &held), [Some(2), Some(0), Some(1)]);
    }

    #[test]
    fn slots_not_drawn_yet_take_the_positions_left_and_extra_slots_take_none() {
        let held = [None, Some(1), None, None];
        let visible = [(0, 9), (1, 3), (2, 8)];
        assert_eq!(assign_slots(&visible, &held), [Some(0), Some(1), Some(2)]);
        assert_eq!(assign_slots(&visible[..1], &held), [Some(0)]);
        assert_eq!(assign_slots(&[], &held), Vec::<Option<usize>>::new());
    }
}
