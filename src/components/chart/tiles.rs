//! A bar chart with more series side by side than the palette has colours, drawn as tiles (see
//! [`crate::tile_layout`]): the caption, a scale from 0 to the chart's top, then a row per series
//! and a column per group. A click on a tile reports its `(group, series)`, as a bar's does.

use std::ops::Range;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{draw_caption, draw_group_labels, ChartData, Drawn, Theme, MARGIN};
use crate::chart_layout::{self, LabelBox, CHAR_WIDTH, LINE_HEIGHT};
use crate::tile_layout::{dark_text_on, ramp, value_text, TileGrid, ROW};

/// The scale's steps, and each step's width in pixels.
const SCALE_STEPS: i32 = 20;
const STEP_WIDTH: i32 = 6;

/// Where the scale's row starts, below the caption.
fn scale_top(data: &ChartData, width: u32) -> i32 {
    MARGIN + chart_layout::caption(&data.title, width).height() + 8
}

fn grid(data: &ChartData, width: u32) -> TileGrid {
    TileGrid::new(&data.series, data.groups.len(), width, MARGIN, scale_top(data, width) + ROW + 8)
}

/// The height of `data`'s tiles drawn `width` pixels wide: the rows grow with the series.
pub fn height(data: &ChartData, width: u32) -> u32 {
    let grid = grid(data, width);
    let labels = chart_layout::label_area(&data.groups, grid.right - grid.left);
    (grid.bottom() + labels + MARGIN) as u32
}

/// The `(group, series)` of the tile at `(x, y)`, given the tiles' area as drawn.
pub fn tile_at(x: i32, y: i32, area: &(Range<i32>, Range<i32>), data: &ChartData) -> Option<(usize, usize)> {
    let grid = TileGrid {
        left: area.0.start,
        right: area.0.end,
        top: area.1.start,
        rows: data.series.len(),
        columns: data.groups.len().max(1),
    };
    let (group, series) = grid.tile_at(x, y)?;
    data.values.get(group)?.get(series)?.map(|_| (group, series))
}

fn rgb([r, g, b]: [u8; 3]) -> RGBColor {
    RGBColor(r, g, b)
}

/// Draws `data` as tiles on `root` in `theme`.
pub fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, data: &ChartData, theme: Theme) -> Result<Drawn, String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&theme.background).map_err(err)?;
    let width = root.dim_in_pixel().0;
    draw_caption(root, &chart_layout::caption(&data.title, width), theme).map_err(err)?;
    draw_scale(root, data, theme, scale_top(data, width)).map_err(err)?;
    let grid = grid(data, width);
    let mut labels = draw_row_names(root, data, &grid, theme).map_err(err)?;
    draw_tiles(root, data, &grid, theme).map_err(err)?;
    let columns = chart_layout::x_labels(&data.groups, grid.left, grid.right, grid.bottom());
    draw_group_labels(root, &columns, theme).map_err(err)?;
    labels.extend(columns);
    root.present().map_err(err)?;
    Ok(Drawn {
        area: (grid.left..grid.right, grid.top..grid.bottom()),
        labels,
    })
}

fn text_style(size: u32, color: RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    ("sans-serif", size).into_font().color(&color).pos(Pos::new(h, v))
}

/// Each row's series name, right-aligned before its tiles; their boxes.
fn draw_row_names<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &ChartData,
    grid: &TileGrid,
    theme: Theme,
) -> Result<Vec<LabelBox>, DrawingAreaErrorKind<DB::ErrorType>> {
    let chars = grid.name_chars(MARGIN);
    let right = grid.names_right();
    let mut boxes = Vec::new();
    for (row, text) in chart_layout::truncate_apart(&data.series, chars).into_iter().enumerate() {
        let middle = grid.top + row as i32 * ROW + ROW / 2;
        let length = (text.chars().count() as f64 * CHAR_WIDTH).ceil() as i32;
        let y = middle - LINE_HEIGHT / 2;
        boxes.push(LabelBox {
            text: text.clone(),
            x: right - length,
            y,
            w: length,
            h: LINE_HEIGHT,
            upright: false,
        });
        root.draw(&Text::new(
            text,
            (right, middle),
            text_style(12, theme.text, HPos::Right, VPos::Center),
        ))?;
    }
    Ok(boxes)
}

/// Each value's tile, shaded by it and labelled with it where the tiles are wide enough; an
/// empty outlined tile where a series has no value, since a tile of 0 is the palest.
fn draw_tiles<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &ChartData,
    grid: &TileGrid,
    theme: Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let dark = theme == Theme::DARK;
    for (column, values) in data.values.iter().enumerate() {
        for row in 0..data.series.len() {
            let corners = grid.tile(column, row);
            let Some(value) = values.get(row).copied().flatten() else {
                root.draw(&Rectangle::new(corners, theme.grid.stroke_width(1)))?;
                continue;
            };
            let fill = ramp(value, data.y_max, dark);
            root.draw(&Rectangle::new(corners, rgb(fill).filled()))?;
            if grid.shows_values() {
                let ink = if dark_text_on(fill) {
                    RGBColor(31, 35, 40)
                } else {
                    RGBColor(255, 255, 255)
                };
                let [(x0, y0), (x1, y1)] = corners;
                let centre = ((x0 + x1) / 2, (y0 + y1) / 2);
                root.draw(&Text::new(
                    value_text(value),
                    centre,
                    text_style(11, ink, HPos::Center, VPos::Center),
                ))?;
            }
        }
    }
    Ok(())
}

/// The scale, centred on its row: the y axis's label, 0, the ramp in steps, the chart's top, and
/// an empty tile for "no value" where some tile has none.
fn draw_scale<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &ChartData,
    theme: Theme,
    top: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let dark = theme == Theme::DARK;
    let width = root.dim_in_pixel().0 as i32;
    let text_width = |s: &str| (s.chars().count() as f64 * CHAR_WIDTH).ceil() as i32;
    let (low, high) = ("0".to_string(), value_text(data.y_max));
    let label = chart_layout::truncate(&data.y_label, 24);
    let missing = data.values.iter().flatten().any(Option::is_none);
    let ramp_width = SCALE_STEPS * STEP_WIDTH;
    let total = text_width(&label)
        + 8
        + text_width(&low)
        + 4
        + ramp_width
        + 4
        + text_width(&high)
        + if missing { 16 + 10 + 4 + text_width("no value") } else { 0 };
    let mut x = (width - total) / 2;
    let middle = top + ROW / 2;
    let style = ("sans-serif", 12)
        .into_font()
        .color(&theme.text)
        .pos(Pos::new(HPos::Left, VPos::Center));
    let write = |text: String, x: &mut i32| -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let advance = text_width(&text);
        root.draw(&Text::new(text, (*x, middle), style.clone()))?;
        *x += advance;
        Ok(())
    };
    write(label, &mut x)?;
    x += 8;
    write(low, &mut x)?;
    x += 4;
    for step in 0..SCALE_STEPS {
        let value = data.y_max * (step as f64 + 0.5) / SCALE_STEPS as f64;
        let corners = [(x, middle - 5), (x + STEP_WIDTH, middle + 5)];
        root.draw(&Rectangle::new(corners, rgb(ramp(value, data.y_max, dark)).filled()))?;
        x += STEP_WIDTH;
    }
    x += 4;
    write(high, &mut x)?;
    if missing {
        x += 16;
        root.draw(&Rectangle::new([(x, middle - 5), (x + 10, middle + 5)], theme.grid.stroke_width(1)))?;
        x += 14;
        write("no value".to_string(), &mut x)?;
    }
    Ok(())
}
