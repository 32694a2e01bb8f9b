//! The resolved-instances matrix: one row per instance (most-solved first), one column per run,
//! green where the run resolves it, red where it does not, blank where it has no result.
//! Clicking a cell reports its instance.

use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;

use super::Theme;

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

fn cell_height(rows: usize) -> u32 {
    (1200 / rows.max(1) as u32).clamp(1, 10)
}

/// The matrix on a canvas; `on_cell` gets the clicked instance's row.
#[component]
pub fn ResolvedMatrix(data: Signal<MatrixData>, on_cell: Callback<usize>) -> impl IntoView {
    let canvas = NodeRef::<html::Canvas>::new();
    let height = Memo::new(move |_| data.with(|d| (d.rows.len() as u32 * cell_height(d.rows.len())).max(1)));
    Effect::new(move |_| {
        let data = data.get();
        let Some(element) = canvas.get() else { return };
        let element: web_sys::HtmlCanvasElement = element.unchecked_into();
        element.set_height(height.get_untracked());
        let Some(backend) = CanvasBackend::with_canvas_object(element) else {
            return;
        };
        let root = backend.into_drawing_area();
        let theme = Theme::current();
        let _ = root.fill(&theme.background);
        let no_result = if theme == Theme::DARK {
            RGBColor(48, 54, 61)
        } else {
            RGBColor(230, 230, 230)
        };
        let (h, w) = (
            cell_height(data.rows.len()) as i32,
            (WIDTH as usize / data.columns.len().max(1)) as i32,
        );
        for (r, row) in data.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let color = match cell {
                    Some(true) => RGBColor(46, 160, 67),
                    Some(false) => RGBColor(218, 54, 51),
                    None => no_result,
                };
                let (x, y) = (c as i32 * w, r as i32 * h);
                let _ = root.draw(&Rectangle::new([(x, y), (x + w - 1, y + h)], color.filled()));
            }
        }
        let _ = root.present();
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
    view! {
        <div class="matrix-block">
            <p class="matrix-legend">
                <span class="swatch resolved"></span>" resolved "
                <span class="swatch unresolved"></span>" not resolved "
                <span class="swatch no-result"></span>" no result; one row per instance, most solved first"
            </p>
            {columns}
            <canvas class="matrix" node_ref=canvas width=WIDTH height=move || height.get() role="img"
                aria-label=move || data.with(|d| format!("{} instances by {} runs: green resolved, red not, grey no result", d.rows.len(), d.columns.len()))
                on:click=on_click></canvas>
        </div>
    }
}
