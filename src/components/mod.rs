//! Widgets shared by the pages.

pub mod break_places;
pub mod chart;
pub mod code;
pub mod diff;
pub mod document_text;
pub mod download;
pub mod drop_zone;
pub mod error_box;
pub mod facets;
pub mod highlight;
pub mod log_view;
pub mod markdown;
pub mod nav;
pub mod panels;
pub mod row_marks;
mod row_parts;
pub mod row_slot;
pub mod runs_panel;
pub mod test_lists;
mod text_cell;
pub mod trajectory;
pub mod trajectory_compare;
pub mod virtual_rows;

/// The browser window's inner height in CSS pixels, when there is a window to ask.
pub fn window_height() -> Option<f64> {
    web_sys::window()?.inner_height().ok()?.as_f64()
}
