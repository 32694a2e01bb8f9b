//! Charts drawn with plotters: on a canvas in the page (a click reports what it hit), and as SVG
//! for download; the same drawing code serves both backends. Bars (grouped or stacked) here,
//! [`scatter`] (one point per run) and [`matrix`] (instances × runs) beside.

pub mod matrix;
pub mod scatter;

use std::ops::Range;

use leptos::html;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;

/// What a bar chart shows: per group, one value per series, side by side or stacked.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartData {
    /// Caption.
    pub title: String,
    /// The y axis: its label and its top.
    pub y_label: String,
    /// Top of the y axis (100 for percentages).
    pub y_max: f64,
    /// Series stacked in one bar per group, rather than side by side.
    pub stacked: bool,
    /// Group labels along the x axis.
    pub groups: Vec<String>,
    /// Series names, for the legend.
    pub series: Vec<String>,
    /// `values[group][series]`; `None` where the series has no data.
    pub values: Vec<Vec<Option<f64>>>,
}

/// Chart size in pixels.
pub const SIZE: (u32, u32) = (900, 380);

/// Bars fill this share of each group's slot.
const FILL: f64 = 0.8;

/// Draws `data` on `root`; returns the plot area's pixel ranges, to map clicks back to bars.
pub fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, data: &ChartData) -> Result<(Range<i32>, Range<i32>), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let groups = data.groups.len().max(1);
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .caption(&data.title, ("sans-serif", 16))
        .x_label_area_size(40)
        .y_label_area_size(48)
        .build_cartesian_2d(0f64..groups as f64, 0f64..data.y_max.max(1.0))
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(6)
        .light_line_style(WHITE)
        .y_desc(data.y_label.as_str())
        .draw()
        .map_err(err)?;
    for s in 0..data.series.len() {
        let color = Palette99::pick(s).to_rgba();
        let bars = data.values.iter().enumerate().filter_map(move |(g, values)| {
            let (x0, x1, y0, y1) = bar_extent(data, g, s, values)?;
            Some(Rectangle::new([(x0, y0), (x1, y1)], color.filled()))
        });
        chart
            .draw_series(bars)
            .map_err(err)?
            .label(data.series[s].clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], color.filled()));
    }
    let label_style = ("sans-serif", 12)
        .into_font()
        .color(&BLACK)
        .pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Center,
            plotters::style::text_anchor::VPos::Top,
        ));
    for (g, name) in data.groups.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(g as f64 + 0.5, 0.0));
        let short: String = if name.chars().count() > 16 {
            name.chars().take(15).chain(['…']).collect()
        } else {
            name.clone()
        };
        root.draw(&Text::new(short, (x, y + 6), label_style.clone())).map_err(err)?;
    }
    if data.series.len() > 1 {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(err)?;
    }
    root.present().map_err(err)?;
    Ok(chart.plotting_area().get_pixel_range())
}

/// Where series `s`'s bar of group `g` is, in chart coordinates: `(x0, x1, y0, y1)`.
fn bar_extent(data: &ChartData, g: usize, s: usize, values: &[Option<f64>]) -> Option<(f64, f64, f64, f64)> {
    let value = values.get(s).copied().flatten()?;
    if data.stacked {
        let below: f64 = values[..s].iter().flatten().sum();
        let left = g as f64 + (1.0 - FILL) / 2.0;
        Some((left, left + FILL, below, below + value))
    } else {
        let width = FILL / data.series.len().max(1) as f64;
        let left = g as f64 + (1.0 - FILL) / 2.0 + s as f64 * width;
        Some((left, left + width * 0.92, 0.0, value))
    }
}

/// The `(group, series)` a click at `(x, y)` in the canvas falls on, given the plot area.
pub fn bar_at(x: i32, y: i32, area: &(Range<i32>, Range<i32>), data: &ChartData) -> Option<(usize, usize)> {
    let (xs, ys) = area;
    let groups = data.groups.len();
    if !xs.contains(&x) || !ys.contains(&y) || groups == 0 || data.series.is_empty() {
        return None;
    }
    let gx = (x - xs.start) as f64 / (xs.end - xs.start) as f64 * groups as f64;
    let gy = (ys.end - y) as f64 / (ys.end - ys.start) as f64 * data.y_max.max(1.0);
    let group = (gx.floor() as usize).min(groups - 1);
    (0..data.series.len())
        .find(|&s| {
            bar_extent(data, group, s, &data.values[group]).is_some_and(|(x0, x1, y0, y1)| {
                (x0..x1).contains(&gx)
                    && (data.stacked || gy <= y1.max(y0 + 0.02 * data.y_max))
                    && (!data.stacked || (y0..y1).contains(&gy))
            })
        })
        .map(|s| (group, s))
}

/// The chart as an SVG document.
pub fn to_svg(data: &ChartData) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let _ = draw(&root, data);
    }
    svg
}

/// A canvas with the chart; `on_bar` gets the clicked `(group, series)`.
#[component]
pub fn BarChart(data: Signal<ChartData>, on_bar: Callback<(usize, usize)>) -> impl IntoView {
    let canvas = NodeRef::<html::Canvas>::new();
    let area = RwSignal::new(None::<(Range<i32>, Range<i32>)>);
    Effect::new(move |_| {
        let data = data.get();
        let Some(element) = canvas.get() else { return };
        let element: web_sys::HtmlCanvasElement = element.unchecked_into();
        if let Some(backend) = CanvasBackend::with_canvas_object(element) {
            area.set(draw(&backend.into_drawing_area(), &data).ok());
        }
    });
    let on_click = move |ev: web_sys::MouseEvent| {
        let Some(element) = canvas.get_untracked() else { return };
        let rect = element.get_bounding_client_rect();
        // The canvas may be scaled by CSS: map back to its own pixels.
        let scale = SIZE.0 as f64 / rect.width().max(1.0);
        let x = ((ev.client_x() as f64 - rect.left()) * scale) as i32;
        let y = ((ev.client_y() as f64 - rect.top()) * scale) as i32;
        if let Some(hit) = area.get_untracked().and_then(|a| data.with_untracked(|d| bar_at(x, y, &a, d))) {
            on_bar.run(hit);
        }
    };
    view! {
        <canvas class="chart" node_ref=canvas width=SIZE.0 height=SIZE.1 role="img"
            aria-label=move || data.with(|d| format!("{}: bar chart, the table below has the same numbers", d.title))
            on:click=on_click></canvas>
    }
}
