//! One point per run: e.g. % passed against % resolved, or tokens against % resolved. Clicking
//! a point reports the run.

use std::ops::Range;

use leptos::html;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;

use super::{series_color, Theme, SIZE};

/// Points with their labels.
#[derive(Debug, Clone, PartialEq)]
pub struct ScatterData {
    /// Caption.
    pub title: String,
    /// Axis labels.
    pub x_label: String,
    /// The y axis label.
    pub y_label: String,
    /// `(label, x, y)` per point.
    pub points: Vec<(String, f64, f64)>,
}

fn axis(values: impl Iterator<Item = f64>) -> Range<f64> {
    let values: Vec<f64> = values.collect();
    let max = values.iter().copied().fold(0.0f64, f64::max);
    0.0..if max > 0.0 { max * 1.08 } else { 1.0 }
}

/// Draws `data`; returns the pixel position of each point.
pub fn draw_scatter<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &ScatterData,
    theme: Theme,
) -> Result<Vec<(i32, i32)>, String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&theme.background).map_err(err)?;
    let text = |size: u32| ("sans-serif", size).into_font().color(&theme.text);
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .caption(&data.title, text(16))
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(axis(data.points.iter().map(|p| p.1)), axis(data.points.iter().map(|p| p.2)))
        .map_err(err)?;
    chart
        .configure_mesh()
        .bold_line_style(theme.grid)
        .light_line_style(theme.background)
        .axis_style(theme.text)
        .label_style(text(12))
        .axis_desc_style(text(12))
        .x_desc(data.x_label.as_str())
        .y_desc(data.y_label.as_str())
        .draw()
        .map_err(err)?;
    let color = series_color(0);
    chart
        .draw_series(data.points.iter().map(|(_, x, y)| Circle::new((*x, *y), 5, color.filled())))
        .map_err(err)?;
    let label_style = text(11);
    let mut pixels = Vec::new();
    for (label, x, y) in &data.points {
        let (px, py) = chart.backend_coord(&(*x, *y));
        let short: String = if label.chars().count() > 22 {
            label.chars().take(21).chain(['…']).collect()
        } else {
            label.clone()
        };
        root.draw(&Text::new(short, (px + 7, py - 6), label_style.clone())).map_err(err)?;
        pixels.push((px, py));
    }
    root.present().map_err(err)?;
    Ok(pixels)
}

/// The scatter plot on a canvas; `on_point` gets the index of the clicked point.
#[component]
pub fn ScatterChart(data: Signal<ScatterData>, on_point: Callback<usize>) -> impl IntoView {
    let canvas = NodeRef::<html::Canvas>::new();
    let pixels = RwSignal::new(Vec::<(i32, i32)>::new());
    Effect::new(move |_| {
        let data = data.get();
        let Some(element) = canvas.get() else { return };
        let element: web_sys::HtmlCanvasElement = element.unchecked_into();
        if let Some(backend) = CanvasBackend::with_canvas_object(element) {
            pixels.set(draw_scatter(&backend.into_drawing_area(), &data, Theme::current()).unwrap_or_default());
        }
    });
    let on_click = move |ev: web_sys::MouseEvent| {
        let Some(element) = canvas.get_untracked() else { return };
        let rect = element.get_bounding_client_rect();
        let scale = SIZE.0 as f64 / rect.width().max(1.0);
        let (x, y) = (
            (ev.client_x() as f64 - rect.left()) * scale,
            (ev.client_y() as f64 - rect.top()) * scale,
        );
        let nearest = pixels.with_untracked(|points| {
            points
                .iter()
                .enumerate()
                .map(|(i, (px, py))| (i, (*px as f64 - x).hypot(*py as f64 - y)))
                .filter(|(_, distance)| *distance <= 10.0)
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(i, _)| i)
        });
        if let Some(index) = nearest {
            on_point.run(index);
        }
    };
    view! {
        <canvas class="chart scatter" node_ref=canvas width=SIZE.0 height=SIZE.1 role="img"
            aria-label=move || data.with(|d| format!("{}: one point per run", d.title))
            on:click=on_click></canvas>
    }
}
