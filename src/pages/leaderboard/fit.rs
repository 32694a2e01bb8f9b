//! Whether a board is crowded: laid out with the room's columns (names up to 20rem, models up
//! to 16rem, each share beside its interval), or with a crowded board's (names held to narrower
//! columns, intervals under their figures), whichever the board fits better in its box.
//!
//! The browser gives a table's spare room to its columns by their widest text, so one layout
//! cannot serve every board: the crowded one wrapped "claude-3-7-sonnet-20250219" on every row
//! of the real Lite board at 1280 px with a hundred pixels spare, and the roomy one ran the real
//! Verified board beside an agent's run, fourteen columns, 60 px past its box. Which one a board
//! needs depends on its columns, its texts and the window, so it is measured in the page.

use leptos::prelude::*;
use leptos::{ev, html};
use wasm_bindgen::JsCast;

use crate::effect::effect;

const TABLE: &str = "leaderboard-table";
const CROWDED_TABLE: &str = "leaderboard-table crowded";

/// Marks the table in `board` crowded where that lays it out better, before it is first painted,
/// and again when its rows (`rows`) change or the window is resized. The style sheet applies the
/// mark only above a phone's width, where a board's descriptive columns are in its rows' details.
pub fn fit_board(board: NodeRef<html::Div>, rows: impl Fn() + 'static) {
    effect(move |_| {
        rows();
        if let Some(board) = board.get() {
            mark_crowded(&board);
        }
    });
    let resize = window_event_listener(ev::resize, move |_| {
        if let Some(Some(board)) = board.try_get_untracked() {
            mark_crowded(&board);
        }
    });
    on_cleanup(move || resize.remove());
}

/// Lays the table out each way and keeps the crowded one only where it runs less past the box
/// or, running as far, cuts fewer names short.
fn mark_crowded(board: &web_sys::HtmlDivElement) {
    let Some(table) = board.first_element_child() else {
        return;
    };
    table.set_class_name(TABLE);
    let roomy = fit(board, &table);
    if roomy == (0, 0) {
        return;
    }
    table.set_class_name(CROWDED_TABLE);
    if fit(board, &table) >= roomy {
        table.set_class_name(TABLE);
    }
}

/// How the table fits its box as laid out now: the pixels it runs past the box, then how many
/// names and models are cut short (clamped to their lines or narrower than their text).
fn fit(board: &web_sys::HtmlDivElement, table: &web_sys::Element) -> (i32, usize) {
    let past = (board.scroll_width() - board.client_width()).max(0);
    let cut = table.query_selector_all("tbody .wrapped").map_or(0, |names| {
        (0..names.length())
            .filter_map(|at| names.item(at)?.dyn_into::<web_sys::Element>().ok())
            .filter(|name| name.scroll_height() > name.client_height() || name.scroll_width() > name.client_width())
            .count()
    });
    (past, cut)
}
