//! One point per run: e.g. % passed against % resolved, or tokens against % resolved. Clicking
//! a point reports the run; hovering one shows its run's name.

use std::ops::Range;

use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;

use benchscope_contract::dates::axis_date;
use benchscope_contract::leaderboard::trend::step_corners;
use benchscope_contract::leaderboard::LeaderboardRow;
use benchscope_contract::sorting::sort_by_key;

use super::{
    boxes_json, chart_point, draw_caption, frame_width, image_source, image_width, series_color, svg_document, Theme, MARGIN, SIZE,
};
use crate::chart_layout::{caption, nearest_point, point_labels, tick_text, truncate_apart, LabelBox, Obstacle};
use crate::effect::effect;
use crate::wording::run_labels;

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
    /// Points joined by a step line (a best-so-far line, a Pareto frontier), in x order; when
    /// given, only they are labelled.
    pub line: Vec<usize>,
    /// Whether x holds day numbers (shown as `YYYY-MM`).
    pub x_dates: bool,
    /// Per point, its place in the palette, or `None` to draw it muted behind the others; when
    /// given, only the coloured points are labelled. Empty: every point in the first colour.
    pub colors: Vec<Option<usize>>,
}

impl ScatterData {
    /// One point per run of `rows` with both `x` and % resolved, and the runs' ids in point
    /// order; `None` when fewer than two runs have both.
    pub fn of_runs(
        rows: &[LeaderboardRow],
        title: &str,
        x_label: &str,
        x: impl Fn(&LeaderboardRow) -> Option<f64>,
    ) -> Option<(ScatterData, Vec<String>)> {
        let pairs: Vec<(&str, &str)> = rows.iter().map(|r| (r.id.as_str(), r.name.as_str())).collect();
        let points: Vec<(String, f64, f64, String)> = rows
            .iter()
            .zip(run_labels(&pairs))
            .filter_map(|(r, name)| Some((name, x(r)?, r.resolved_percent?, r.id.clone())))
            .collect();
        if points.len() < 2 {
            return None;
        }
        let ids = points.iter().map(|p| p.3.clone()).collect();
        let data = ScatterData {
            title: title.to_string(),
            x_label: x_label.to_string(),
            y_label: "% resolved".into(),
            points: points.into_iter().map(|(name, x, y, _)| (name, x, y)).collect(),
            line: Vec::new(),
            x_dates: false,
            colors: Vec::new(),
        };
        Some((data, ids))
    }
}

/// How many labels the x axis takes: six, or for dates (ten characters) one per 90 pixels of a
/// plot `width` wide, two at least.
fn x_label_count(dates: bool, width: u32) -> usize {
    match dates {
        true => (width as usize / 90).clamp(2, 6),
        false => 6,
    }
}

fn x_axis(values: impl Iterator<Item = f64>, dates: bool) -> Range<f64> {
    if !dates {
        return axis(values);
    }
    let values: Vec<f64> = values.collect();
    let (min, max) = values.iter().fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
    let pad = ((max - min) * 0.04).max(15.0);
    (min - pad)..(max + pad)
}

fn axis(values: impl Iterator<Item = f64>) -> Range<f64> {
    let values: Vec<f64> = values.collect();
    let max = values.iter().copied().fold(0.0f64, f64::max);
    0.0..if max > 0.0 { max * 1.08 } else { 1.0 }
}

/// What a drawn scatter plot is made of, in the chart's pixels.
pub struct DrawnPoints {
    /// Each point's position.
    pub points: Vec<(i32, i32)>,
    /// The boxes of the labels drawn.
    pub labels: Vec<LabelBox>,
}

/// Draws `data`; returns where its points and their labels are.
pub fn draw_scatter<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, data: &ScatterData, theme: Theme) -> Result<DrawnPoints, String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&theme.background).map_err(err)?;
    let text = |size: u32| ("sans-serif", size).into_font().color(&theme.text);
    let caption = caption(&data.title, root.dim_in_pixel().0);
    draw_caption(root, &caption, theme).map_err(err)?;
    let mut chart = ChartBuilder::on(root)
        .margin(MARGIN as u32)
        .margin_top((MARGIN + caption.height() + 8) as u32)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(
            x_axis(data.points.iter().map(|p| p.1), data.x_dates),
            axis(data.points.iter().map(|p| p.2)),
        )
        .map_err(err)?;
    let x_range = chart.x_range();
    let x_labels = x_label_count(data.x_dates, chart.plotting_area().dim_in_pixel().0);
    let date = |x: &f64| axis_date(x.round() as i64, x_range.end - x_range.start);
    let number = |x: &f64| tick_text(*x);
    let x_format: &dyn Fn(&f64) -> String = if data.x_dates { &date } else { &number };
    chart
        .configure_mesh()
        .x_label_formatter(x_format)
        .y_label_formatter(&|y| tick_text(*y))
        .x_labels(x_labels)
        .bold_line_style(theme.grid)
        .light_line_style(theme.background)
        .axis_style(theme.text)
        .label_style(text(12))
        .axis_desc_style(text(12))
        .x_desc(data.x_label.as_str())
        .y_desc(data.y_label.as_str())
        .draw()
        .map_err(err)?;
    let color_of = |i: usize| match data.colors.get(i) {
        None => series_color(0),
        Some(place) => place.map_or(theme.muted, series_color),
    };
    // The muted points first, so that the coloured ones are drawn over them.
    let mut order: Vec<usize> = (0..data.points.len()).collect();
    sort_by_key(&mut order, |&i| data.colors.get(i).is_some_and(Option::is_some));
    chart
        .draw_series(order.iter().map(|&i| {
            let (_, x, y) = &data.points[i];
            Circle::new((*x, *y), 5, color_of(i).filled())
        }))
        .map_err(err)?;
    let xy: Vec<(f64, f64)> = data.points.iter().map(|p| (p.1, p.2)).collect();
    let steps = step_corners(&xy, &data.line);
    let step_pixels: Vec<(i32, i32)> = steps.iter().map(|p| chart.backend_coord(p)).collect();
    if !steps.is_empty() {
        chart
            .draw_series(std::iter::once(PathElement::new(steps, series_color(1).stroke_width(2))))
            .map_err(err)?;
    }
    let pixels: Vec<(i32, i32)> = data.points.iter().map(|(_, x, y)| chart.backend_coord(&(*x, *y))).collect();
    let obstacles: Vec<Obstacle> = pixels
        .iter()
        .map(|&p| Obstacle::dot(p, 5))
        .chain(step_pixels.windows(2).map(|pair| Obstacle::segment(pair[0], pair[1])))
        .collect();
    // With a line, its points alone are labelled, in its order; with colours, the coloured ones.
    let labelled: Vec<usize> = if !data.line.is_empty() {
        data.line.clone()
    } else if !data.colors.is_empty() {
        (0..data.points.len()).filter(|&i| data.colors[i].is_some()).collect()
    } else {
        (0..data.points.len()).collect()
    };
    let at: Vec<(i32, i32)> = labelled.iter().map(|&i| pixels[i]).collect();
    let names: Vec<&str> = labelled.iter().map(|&i| data.points[i].0.as_str()).collect();
    let texts = truncate_apart(&names, 22);
    let labels: Vec<LabelBox> = point_labels(&at, &texts, chart.plotting_area().get_pixel_range(), &obstacles)
        .into_iter()
        .flatten()
        .collect();
    for label in &labels {
        root.draw(&Text::new(label.text.clone(), (label.x, label.y), text(11)))
            .map_err(err)?;
    }
    root.present().map_err(err)?;
    Ok(DrawnPoints { points: pixels, labels })
}

/// The scatter plot as an image; `on_point` gets the index of the clicked point. The point under
/// the pointer names itself in the image's tooltip: only the line's points carry a label drawn
/// beside them.
#[component]
pub fn ScatterChart(data: Signal<ScatterData>, on_point: Callback<usize>) -> impl IntoView {
    let frame = NodeRef::<leptos::html::Div>::new();
    let width = frame_width(frame);
    let source = RwSignal::new(String::new());
    let pixels = RwSignal::new(Vec::<(i32, i32)>::new());
    // The labels' boxes, for whoever checks that none overlaps another.
    let label_boxes = RwSignal::new(String::new());
    let hovered = RwSignal::new(None::<usize>);
    effect(move |_| {
        if width.get() == 0 {
            return;
        }
        let size = (image_width(width.get()), SIZE.1);
        let (svg, drawn) = data.with(|d| svg_document(size, |root| draw_scatter(root, d, Theme::current())));
        let DrawnPoints { points, labels } = drawn.unwrap_or(DrawnPoints {
            points: Vec::new(),
            labels: Vec::new(),
        });
        label_boxes.set(boxes_json(&labels));
        pixels.set(points);
        source.set(image_source(&svg));
    });
    let point_at = move |ev: &web_sys::MouseEvent| {
        let at = chart_point(ev, image_width(width.get_untracked()))?;
        pixels.with_untracked(|points| nearest_point(points, at))
    };
    let on_click = move |ev: web_sys::MouseEvent| {
        if let Some(index) = point_at(&ev) {
            on_point.run(index);
        }
    };
    let tooltip = move || {
        let index = hovered.get()?;
        data.with(|d| d.points.get(index).map(|(label, ..)| label.clone()))
    };
    view! {
        <div class="chart-frame" node_ref=frame>
            <img class="chart scatter" width=move || image_width(width.get()) height=SIZE.1 draggable="false"
                src=move || Some(source.get()).filter(|s| !s.is_empty())
                data-label-boxes=move || Some(label_boxes.get()).filter(|b| !b.is_empty())
                alt=move || data.with(|d| format!("{}: one point per run", d.title))
                title=tooltip
                on:mousemove=move |ev| hovered.set(point_at(&ev))
                on:mouseleave=move |_| hovered.set(None)
                on:click=on_click />
        </div>
    }
}
