//! Charts drawn with plotters as SVG documents, shown in the page as images (a click reports what
//! it hit) and downloaded as they are: one backend, so the drawing code is compiled once, and the
//! charts stay sharp at any zoom. Bars (grouped or stacked) here, [`tiles`] for more series side
//! by side than the palette tells apart, [`scatter`] (one point per run) and [`matrix`]
//! (instances × runs, a canvas of its own) beside.

pub mod matrix;
pub mod scatter;
pub mod tiles;

use std::ops::Range;

use leptos::prelude::*;
use leptos::{ev, html};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontTransform;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::effect::effect;
use crate::frames::after_next_frame;
use crate::{chart_layout, chart_legend, tile_layout};

/// What a bar chart shows: per group, one value per series, side by side or stacked.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartData {
    /// Caption.
    pub title: String,
    /// The y axis: its label and its top.
    pub y_label: String,
    /// Top of the y axis (100 for percentages).
    pub y_max: f64,
    /// The values count things (instances): the y axis marks whole numbers only.
    pub y_counts: bool,
    /// Series stacked in one bar per group, rather than side by side.
    pub stacked: bool,
    /// Group labels along the x axis.
    pub groups: Vec<String>,
    /// Series names, for the legend.
    pub series: Vec<String>,
    /// Each series' colour, as its place in [`SERIES`] (see [`chart_legend::palette_places`]):
    /// a run keeps its colour in every chart of a page.
    pub colors: Vec<usize>,
    /// `values[group][series]`; `None` where the series has no data.
    pub values: Vec<Vec<Option<f64>>>,
}

impl ChartData {
    /// Series `s`'s colour.
    pub fn color(&self, s: usize) -> RGBColor {
        series_color(self.colors.get(s).copied().unwrap_or(s))
    }

    /// Whether the chart is drawn as tiles: more series side by side than the palette has colours.
    fn as_tiles(&self) -> bool {
        tile_layout::as_tiles(self.series.len(), self.stacked)
    }
}

/// A downloaded chart's size in pixels; in the page, a chart is drawn as wide as it is shown
/// ([`frame_width`]), and as high (tiles grow with their rows: [`chart_height`]).
pub const SIZE: (u32, u32) = (chart_layout::WIDEST, 420);

/// The height of `data`'s chart drawn `width` pixels wide.
pub fn chart_height(data: &ChartData, width: u32) -> u32 {
    if data.as_tiles() {
        tiles::height(data, width)
    } else {
        SIZE.1
    }
}

/// Series colours: Okabe and Ito's colour-blind-safe palette without its green and vermillion,
/// which would read as the matrix's resolved and unresolved.
pub const SERIES: [RGBColor; chart_legend::DISTINCT] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(140, 109, 49),
    RGBColor(127, 127, 127),
    RGBColor(240, 228, 66),
];

/// The colour of series `index`.
pub fn series_color(index: usize) -> RGBColor {
    SERIES[index % SERIES.len()]
}

/// A chart's background, text and grid colours, following the page's light or dark theme.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    /// Behind everything.
    pub background: RGBColor,
    /// Captions, labels and the legend's names.
    pub text: RGBColor,
    /// The mesh.
    pub grid: RGBColor,
    /// What is drawn behind the series, as context: a scatter plot's runs not chosen.
    pub muted: RGBColor,
}

impl Theme {
    /// Dark text on white: downloads, and the light theme.
    pub const LIGHT: Theme = Theme {
        background: RGBColor(255, 255, 255),
        text: RGBColor(31, 35, 40),
        grid: RGBColor(216, 222, 228),
        muted: RGBColor(175, 184, 193),
    };
    /// Light text on the dark page's background.
    pub const DARK: Theme = Theme {
        background: RGBColor(13, 17, 23),
        text: RGBColor(230, 237, 243),
        grid: RGBColor(61, 68, 77),
        muted: RGBColor(110, 118, 129),
    };

    /// The theme the page is shown in, tracked: a chart drawn in an effect is drawn again when
    /// the system's theme changes while the page is open.
    pub fn current() -> Theme {
        if DARK_SCHEME.with(|dark| dark.get()) {
            Theme::DARK
        } else {
            Theme::LIGHT
        }
    }
}

thread_local! {
    /// Whether the page is in its dark theme, kept by the media query's change events. A
    /// reference-counted signal: it outlives every view that reads it.
    static DARK_SCHEME: ArcRwSignal<bool> = dark_scheme();
}

fn dark_scheme() -> ArcRwSignal<bool> {
    let query = web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten());
    let dark = ArcRwSignal::new(query.as_ref().is_some_and(|q| q.matches()));
    if let Some(query) = query {
        let (listened, setter) = (query.clone(), dark.clone());
        let on_change = Closure::<dyn Fn()>::new(move || setter.set(listened.matches()));
        // Registered once for the page's life, so the closure is never freed.
        let _ = query.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        on_change.forget();
    }
    dark
}

/// The plot's left and right edges in a chart `width` pixels wide: the margin and the y label
/// area, and the margin.
fn plot_x(width: u32) -> (i32, i32) {
    (MARGIN + 48, width as i32 - MARGIN)
}

/// Around the chart, in pixels.
const MARGIN: i32 = 12;

/// What a drawn bar chart is made of, in the chart's pixels.
pub struct Drawn {
    /// The plot area, to map clicks back to bars.
    pub area: (Range<i32>, Range<i32>),
    /// The group labels' boxes.
    pub labels: Vec<chart_layout::LabelBox>,
}

/// Draws `data` on `root` in `theme`.
pub fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, data: &ChartData, theme: Theme) -> Result<Drawn, String> {
    if data.as_tiles() {
        return tiles::draw(root, data, theme);
    }
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&theme.background).map_err(err)?;
    let groups = data.groups.len().max(1);
    let width = root.dim_in_pixel().0;
    let plot_x = plot_x(width);
    let label_area = chart_layout::label_area(&data.groups, plot_x.1 - plot_x.0);
    let text = |size: u32| ("sans-serif", size).into_font().color(&theme.text);
    let caption = chart_layout::caption(&data.title, width);
    // The caption, then the legend in rows of its own, then the plot: a legend inside the plot
    // would cover the bars in its corner.
    draw_caption(root, &caption, theme).map_err(err)?;
    let legend_top = MARGIN + caption.height() + 8;
    let legend = if data.series.len() > 1 {
        chart_legend::legend(&data.series, MARGIN, width as i32 - MARGIN, legend_top)
    } else {
        Vec::new()
    };
    let legend_height = chart_legend::height(&legend, legend_top);
    for (s, entry) in legend.iter().enumerate() {
        let middle = entry.y + chart_legend::ROW_HEIGHT / 2;
        let swatch = [
            (entry.x, middle - chart_legend::SWATCH / 2),
            (entry.x + chart_legend::SWATCH, middle + chart_legend::SWATCH / 2),
        ];
        root.draw(&Rectangle::new(swatch, data.color(s).filled())).map_err(err)?;
        let name_at = (entry.x + chart_legend::SWATCH + 5, middle);
        root.draw(&Text::new(
            entry.text.clone(),
            name_at,
            text(12).pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(err)?;
    }
    let mut chart = ChartBuilder::on(root)
        .margin(MARGIN as u32)
        .margin_top((legend_top + legend_height + if legend.is_empty() { 0 } else { 6 }) as u32)
        .x_label_area_size(label_area)
        .y_label_area_size(48)
        .build_cartesian_2d(0f64..groups as f64, 0f64..data.y_max.max(1.0))
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(chart_layout::y_tick_count(data.y_max.max(1.0), data.y_counts))
        .y_label_formatter(&|y| chart_layout::tick_text(*y))
        .bold_line_style(theme.grid)
        .light_line_style(theme.background)
        .axis_style(theme.text)
        .label_style(text(12))
        .axis_desc_style(text(12))
        .y_desc(data.y_label.as_str())
        .draw()
        .map_err(err)?;
    let (xs, _) = chart.plotting_area().get_pixel_range();
    let fill = slot_fill(data, xs.end - xs.start);
    for s in 0..data.series.len() {
        let color = data.color(s);
        let bars = data.values.iter().enumerate().filter_map(move |(g, values)| {
            let (x0, x1, y0, y1) = bar_extent(data, fill, g, s, values)?;
            Some(Rectangle::new([(x0, y0), (x1, y1)], color.filled()))
        });
        chart.draw_series(bars).map_err(err)?;
    }
    let (_, bottom) = chart.backend_coord(&(0.0, 0.0));
    let labels = chart_layout::x_labels(&data.groups, plot_x.0, plot_x.1, bottom);
    draw_group_labels(root, &labels, theme).map_err(err)?;
    root.present().map_err(err)?;
    Ok(Drawn {
        area: chart.plotting_area().get_pixel_range(),
        labels,
    })
}

/// `caption`'s lines, centred at the top of `root`, [`MARGIN`] down.
fn draw_caption<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    caption: &chart_layout::Caption,
    theme: Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let centre = root.dim_in_pixel().0 as i32 / 2;
    let style = ("sans-serif", caption.size)
        .into_font()
        .color(&theme.text)
        .pos(Pos::new(HPos::Center, VPos::Top));
    for (n, line) in caption.lines.iter().enumerate() {
        let top = MARGIN + n as i32 * caption.line_height();
        root.draw(&Text::new(line.as_str(), (centre, top), style.clone()))?;
    }
    Ok(())
}

/// The groups' labels in their boxes ([`chart_layout::x_labels`]), across or upright.
fn draw_group_labels<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    labels: &[chart_layout::LabelBox],
    theme: Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    for label in labels {
        let font = ("sans-serif", 12).into_font().color(&theme.text);
        let drawn = if label.upright {
            // Turned a quarter left, the text starts at the box's bottom and runs up.
            Text::new(
                label.text.clone(),
                (label.x, label.y + label.h),
                font.transform(FontTransform::Rotate270),
            )
        } else {
            Text::new(label.text.clone(), (label.x, label.y), font)
        };
        root.draw(&drawn)?;
    }
    Ok(())
}

/// The share of each group's slot its bars fill, on a plot `plot_width` pixels wide.
fn slot_fill(data: &ChartData, plot_width: i32) -> f64 {
    let bars = if data.stacked { 1 } else { data.series.len() };
    chart_layout::bar_fill(data.groups.len(), bars, plot_width)
}

/// Where series `s`'s bar of group `g` is, in chart coordinates: `(x0, x1, y0, y1)`, its group's
/// bars filling `fill` of the group's slot, centred in it.
fn bar_extent(data: &ChartData, fill: f64, g: usize, s: usize, values: &[Option<f64>]) -> Option<(f64, f64, f64, f64)> {
    let value = values.get(s).copied().flatten()?;
    if data.stacked {
        let below: f64 = values[..s].iter().flatten().sum();
        let left = g as f64 + (1.0 - fill) / 2.0;
        Some((left, left + fill, below, below + value))
    } else {
        let width = fill / data.series.len().max(1) as f64;
        let left = g as f64 + (1.0 - fill) / 2.0 + s as f64 * width;
        Some((left, left + width * 0.92, 0.0, value))
    }
}

/// The `(group, series)` a click at `(x, y)` in the chart falls on, given the plot area.
pub fn bar_at(x: i32, y: i32, area: &(Range<i32>, Range<i32>), data: &ChartData) -> Option<(usize, usize)> {
    if data.as_tiles() {
        return tiles::tile_at(x, y, area, data);
    }
    let (xs, ys) = area;
    let groups = data.groups.len();
    if !xs.contains(&x) || !ys.contains(&y) || groups == 0 || data.series.is_empty() {
        return None;
    }
    let gx = (x - xs.start) as f64 / (xs.end - xs.start) as f64 * groups as f64;
    let gy = (ys.end - y) as f64 / (ys.end - ys.start) as f64 * data.y_max.max(1.0);
    let group = (gx.floor() as usize).min(groups - 1);
    let fill = slot_fill(data, xs.end - xs.start);
    (0..data.series.len())
        .find(|&s| {
            bar_extent(data, fill, group, s, &data.values[group]).is_some_and(|(x0, x1, y0, y1)| {
                (x0..x1).contains(&gx)
                    && (data.stacked || gy <= y1.max(y0 + 0.02 * data.y_max))
                    && (!data.stacked || (y0..y1).contains(&gy))
            })
        })
        .map(|s| (group, s))
}

/// The chart as an SVG document [`SIZE`]`.0` wide, in the light theme: what a download holds.
pub fn to_svg(data: &ChartData) -> String {
    svg_document((SIZE.0, chart_height(data, SIZE.0)), |root| draw(root, data, Theme::LIGHT)).0
}

/// What `draw` draws, as an SVG document of `size`, and what it returned.
pub fn svg_document<T>(size: (u32, u32), draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> T) -> (String, T) {
    let mut svg = String::new();
    let drawn = {
        // The backend writes the document's end when it is dropped.
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw(&root)
    };
    (chart_layout::svg_for_image(&svg), drawn)
}

/// An `<img>`'s source for an SVG document. As an image, the document can run no script and
/// load nothing, and none of its text (labels come from the data) enters the page's markup.
pub fn image_source(svg: &str) -> String {
    format!("data:image/svg+xml,{}", String::from(js_sys::encode_uri_component(svg)))
}

/// A canvas's 2D drawing context.
pub fn context_2d(canvas: &web_sys::HtmlCanvasElement) -> Option<web_sys::CanvasRenderingContext2d> {
    canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into().ok())
}

/// Where a pointer event on a chart's image, drawn `width` pixels wide, falls in the chart's own
/// pixels: CSS may scale the image.
pub fn chart_point(ev: &web_sys::MouseEvent, width: u32) -> Option<(f64, f64)> {
    let image: web_sys::Element = ev.target()?.dyn_into().ok()?;
    let rect = image.get_bounding_client_rect();
    let scale = width as f64 / rect.width().max(1.0);
    Some((
        (ev.client_x() as f64 - rect.left()) * scale,
        (ev.client_y() as f64 - rect.top()) * scale,
    ))
}

/// The width to draw the chart in `frame` at ([`chart_layout::drawn_width`]): measured once the
/// frame is laid out, and again whenever the window is resized; 0 until then (a plain number:
/// the signals of that type are compiled into the first view already). Drawn at a fixed 900
/// pixels and shown in a 364-pixel frame, a chart's 12 px labels were 5 px.
pub fn frame_width(frame: NodeRef<html::Div>) -> RwSignal<usize> {
    let width = RwSignal::new(0);
    let measure = move || {
        if let Some(Some(frame)) = frame.try_get_untracked() {
            let now = chart_layout::drawn_width(frame.client_width()) as usize;
            if width.try_get_untracked().is_some_and(|was| was != now) {
                width.set(now);
            }
        }
    };
    after_next_frame(measure);
    let resize = window_event_listener(ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());
    width
}

/// Drawn labels' boxes as `[[x, y, w, h], ...]`, which the chart's image carries for whoever
/// checks that none overlaps another.
pub fn boxes_json(labels: &[chart_layout::LabelBox]) -> String {
    let boxes: Vec<[i32; 4]> = labels.iter().map(|b| [b.x, b.y, b.w, b.h]).collect();
    serde_json::to_string(&boxes).unwrap_or_default()
}

/// The width of a chart's image, given what [`frame_width`] holds: the widest until measured.
pub fn image_width(frame_width: usize) -> u32 {
    if frame_width == 0 {
        SIZE.0
    } else {
        frame_width as u32
    }
}

/// The chart as an image; `on_bar` gets the clicked `(group, series)`.
#[component]
pub fn BarChart(data: Signal<ChartData>, on_bar: Callback<(usize, usize)>) -> impl IntoView {
    let frame = NodeRef::<html::Div>::new();
    let width = frame_width(frame);
    let source = RwSignal::new(String::new());
    // The labels' boxes, for whoever checks that none overlaps another.
    let label_boxes = RwSignal::new(String::new());
    let area = RwSignal::new(None::<(Range<i32>, Range<i32>)>);
    effect(move |_| {
        if width.get() == 0 {
            return;
        }
        let (svg, drawn) = data.with(|d| {
            let size = (image_width(width.get()), chart_height(d, image_width(width.get())));
            svg_document(size, |root| draw(root, d, Theme::current()))
        });
        let drawn = drawn.ok();
        label_boxes.set(boxes_json(drawn.as_ref().map_or(&[], |d| &d.labels)));
        area.set(drawn.map(|d| d.area));
        source.set(image_source(&svg));
    });
    let on_click = move |ev: web_sys::MouseEvent| {
        let Some((x, y)) = chart_point(&ev, image_width(width.get_untracked())) else {
            return;
        };
        if let Some(hit) = area
            .get_untracked()
            .and_then(|a| data.with_untracked(|d| bar_at(x as i32, y as i32, &a, d)))
        {
            on_bar.run(hit);
        }
    };
    view! {
        <div class="chart-frame" node_ref=frame>
            <img class="chart" width=move || image_width(width.get())
                height=move || data.with(|d| chart_height(d, image_width(width.get()))) draggable="false"
                src=move || Some(source.get()).filter(|s| !s.is_empty())
                data-label-boxes=move || Some(label_boxes.get()).filter(|b| !b.is_empty())
                alt=move || data.with(|d| {
                    let kind = if d.as_tiles() { "a tile per series and group, shaded by its value" } else { "bar chart" };
                    format!("{}: {kind}, the table below has the same numbers", d.title)
                })
                on:click=on_click />
        </div>
    }
}
