//! The resolved-instances matrix: one row per instance (most solved first), one column per run,
//! green where the run resolves it, red where it does not, blank where it has no result.
//! Clicking a cell reports its instance.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::{context_2d, Theme};
use crate::effect::effect;

/// The matrix: `cells[row][column]`.
#[derive(Debug, Clone, PartialEq)]
pub struct MatrixData {
    /// Instance ids, top to bottom.
    pub rows: Vec<String>,
    /// Run names, left to right.
    pub columns: Vec<String>,
    /// `Some(resolved)` or `None` (no result).
    pub cells: Vec<Vec<Option<bool>>>,
}

/// Width of the canvas; a cell's height shrinks with the number of instances.
const WIDTH: u32 = 900;

/// The widest a run's column is drawn, and the narrowest the whole matrix is (its names legible).
const COLUMN_REM: u32 = 6;
const MIN_GRID_REM: u32 = 12;

/// A cell's height in pixels, of the canvas and of the page alike: the matrix keeps its height
/// however narrow its columns.
fn cell_height(rows: usize) -> u32 {
    (1200 / rows.max(1) as u32).clamp(1, 10)
}

/// Red, green and blue of a cell.
fn cell_color(cell: Option<bool>, theme: Theme) -> [u8; 3] {
    match cell {
        Some(true) => [46, 160, 67],
        Some(false) => [218, 54, 51],
        None if theme == Theme::DARK => [48, 54, 61],
        None => [230, 230, 230],
    }
}

/// The matrix as RGBA pixels, `WIDTH` wide: 500 runs × 2,500 instances are 1.25 million cells,
/// too many to draw one rectangle at a time, so they are written into one image.
pub fn pixels(data: &MatrixData, theme: Theme) -> (Vec<u8>, u32) {
    let h = cell_height(data.rows.len()) as usize;
    let w = (WIDTH as usize / data.columns.len().max(1)).max(1);
    let (width, height) = (WIDTH as usize, (data.rows.len() * h).max(1));
    let background = theme.background;
    let mut buffer: Vec<u8> = [background.0, background.1, background.2, 255].repeat(width * height);
    for (r, row) in data.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let [red, green, blue] = cell_color(*cell, theme);
            let x0 = c * w;
            let x1 = (x0 + w).min(width);
            for y in r * h..(r + 1) * h {
                for pixel in buffer[(y * width + x0) * 4..(y * width + x1) * 4].chunks_exact_mut(4) {
                    pixel.copy_from_slice(&[red, green, blue, 255]);
                }
            }
        }
    }
    (buffer, height as u32)
}

/// The matrix on a canvas; `on_cell` gets the clicked instance's row.
#[component]
pub fn ResolvedMatrix(data: Signal<MatrixData>, on_cell: Callback<usize>) -> impl IntoView {
    let canvas = NodeRef::<html::Canvas>::new();
    let height = Memo::new(move |_| data.with(|d| (d.rows.len() as u32 * cell_height(d.rows.len())).max(1)));
    effect(move |_| {
        let (buffer, height) = data.with(|d| pixels(d, Theme::current()));
        let Some(element) = canvas.get() else { return };
        let element: web_sys::HtmlCanvasElement = element.unchecked_into();
        element.set_height(height);
        let context = context_2d(&element);
        let image = web_sys::ImageData::new_with_u8_clamped_array_and_sh(wasm_bindgen::Clamped(&buffer), WIDTH, height);
        if let (Some(context), Ok(image)) = (context, image) {
            let _ = context.put_image_data(&image, 0.0, 0.0);
        }
    });
    let on_click = move |ev: web_sys::MouseEvent| {
        let Some(element) = canvas.get_untracked() else { return };
        let rect = element.get_bounding_client_rect();
        let scale = element.height() as f64 / rect.height().max(1.0);
        let y = (ev.client_y() as f64 - rect.top()) * scale;
        let rows = data.with_untracked(|d| d.rows.len());
        let row = (y / cell_height(rows) as f64) as usize;
        if row < rows {
            on_cell.run(row);
        }
    };
    let columns = move || {
        data.with(|d| {
            let count = d.columns.len().max(1);
            let names = d
                .columns
                .iter()
                .map(|name| view! { <span class="matrix-run" title=name.clone()>{name.clone()}</span> })
                .collect_view();
            view! { <div class="matrix-columns" style:grid-template-columns=format!("repeat({count}, minmax(0, 1fr))")>{names}</div> }
        })
    };
    // A column is at most `COLUMN_REM` wide: one run's verdicts stretched over the page's width
    // made a block of colour a page wide, read as a chart of nothing.
    let grid_width = move || data.with(|d| format!("max({MIN_GRID_REM}rem, {}rem)", d.columns.len() as u32 * COLUMN_REM));
    view! {
        <div class="matrix-block">
            <p class="matrix-legend">
                <span class="swatch resolved"></span>" resolved "
                <span class="swatch unresolved"></span>" not resolved "
                <span class="swatch no-result"></span>" no result; one row per instance, most solved first, then most attempted"
            </p>
            <div class="matrix-grid" style:max-width=grid_width>
                {columns}
                <canvas class="matrix" node_ref=canvas width=WIDTH height=move || height.get() role="img"
                    style:height=move || format!("{}px", height.get())
                    aria-label=move || data.with(|d| format!("{} instances by {} runs: green resolved, red not, grey no result", d.rows.len(), d.columns.len()))
                    on:click=on_click></canvas>
            </div>
        </div>
    }
}
