//! A grouped bar chart drawn with plotters: on a canvas in the page (clicking a bar reports its
//! group and series), and as SVG for download. The same drawing code serves both backends.

use std::ops::Range;

use leptos::html;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;

/// What a chart shows: per group, one value (a percentage) per series.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartData {
    /// Caption.
    pub title: String,
    /// Group labels along the x axis.
    pub groups: Vec<String>,
    /// Series names, for the legend.
    pub series: Vec<String>,
    /// `values[group][series]`, in percent; `None` where the series has no data.
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
        .build_cartesian_2d(0f64..groups as f64, 0f64..100f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc("% resolved")
        .draw()
        .map_err(err)?;
    let series = data.series.len().max(1);
    let width = FILL / series as f64;
    for s in 0..data.series.len() {
        let color = Palette99::pick(s).to_rgba();
        let bars = data.values.iter().enumerate().filter_map(move |(g, values)| {
            let value = values.get(s).copied().flatten()?;
            let left = g as f64 + (1.0 - FILL) / 2.0 + s as f64 * width;
            Some(Rectangle::new([(left, 0.0), (left + width * 0.92, value)], color.filled()))
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

/// The `(group, series)` a click at `(x, y)` in the canvas falls on, given the plot area.
pub fn bar_at(x: i32, y: i32, area: &(Range<i32>, Range<i32>), groups: usize, series: usize) -> Option<(usize, usize)> {
    let (xs, ys) = area;
    if !xs.contains(&x) || !ys.contains(&y) || groups == 0 || series == 0 {
        return None;
    }
    let position = (x - xs.start) as f64 / (xs.end - xs.start) as f64 * groups as f64;
    let group = position.floor() as usize;
    let within = position - group as f64 - (1.0 - FILL) / 2.0;
    if !(0.0..FILL).contains(&within) {
        return None;
    }
    Some((group.min(groups - 1), ((within / FILL) * series as f64).floor() as usize))
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
        let (groups, series) = data.with_untracked(|d| (d.groups.len(), d.series.len()));
        if let Some(hit) = area.get_untracked().and_then(|a| bar_at(x, y, &a, groups, series)) {
            on_bar.run(hit);
        }
    };
    view! {
        <canvas class="chart" node_ref=canvas width=SIZE.0 height=SIZE.1 role="img"
            aria-label=move || data.with(|d| format!("{}: bar chart, the table below has the same numbers", d.title))
            on:click=on_click></canvas>
    }
}
