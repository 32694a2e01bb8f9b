//! Where a bar chart's group labels go, so that they never overlap: across when every label fits
//! its slot, else turned upright (and thinned when even upright labels would touch), truncated
//! with an ellipsis either way; where a scatter's point labels go; how wide a chart is drawn and
//! how its caption wraps; which scatter point is under the pointer; and the charts' SVG documents
//! made fit to show as images. Pure, so the rules are tested natively; the chart draws these
//! boxes and the page exposes them, so a browser test can check them too.

use std::ops::Range;

/// The width of one character of the 12 px label font, in pixels (a safe upper bound).
pub const CHAR_WIDTH: f64 = 7.0;
/// The height of a label line, in pixels.
pub const LINE_HEIGHT: i32 = 14;
/// Characters kept of a label laid across.
const ACROSS_CHARS: usize = 16;
/// Characters kept of an upright label.
const UPRIGHT_CHARS: usize = 18;

/// The widest a chart is drawn, in pixels: wider, its bars and points spread without showing more.
pub const WIDEST: u32 = 900;
/// The narrowest a chart is drawn: a narrower frame shows it scaled down.
pub const NARROWEST: u32 = 280;
/// The caption's font size, and the smaller one a caption too long for it gets.
const CAPTION_SIZES: (u32, u32) = (16, 12);
/// The width of one character of a caption, per pixel of font size (a safe upper bound).
const CAPTION_CHAR_WIDTH: f64 = 0.58;

/// The width to draw a chart at in a frame `frame` pixels wide: the frame's less the image's
/// 1 px border on each side, so that the chart's text shows at its size, within
/// [`NARROWEST`]..=[`WIDEST`]; [`WIDEST`] for a frame not laid out (0 wide).
pub fn drawn_width(frame: i32) -> u32 {
    if frame <= 0 {
        WIDEST
    } else {
        ((frame - 2).max(0) as u32).clamp(NARROWEST, WIDEST)
    }
}

/// Lines a caption may take at its smaller size before its last is cut with an ellipsis.
const CAPTION_LINES: usize = 2;

/// A chart's caption as drawn: its lines, centred one under the other, and their font size.
#[derive(Debug, Clone, PartialEq)]
pub struct Caption {
    /// The lines, top to bottom.
    pub lines: Vec<String>,
    /// The font size, in pixels.
    pub size: u32,
}

impl Caption {
    /// The height of one line, in pixels.
    pub fn line_height(&self) -> i32 {
        self.size as i32 + 4
    }

    /// The height of all the lines, in pixels.
    pub fn height(&self) -> i32 {
        self.line_height() * self.lines.len().max(1) as i32 - 4
    }
}

/// The caption of a chart `width` pixels wide: `title` on one line at the larger size when it
/// fits between the margins, else at the smaller size wrapped at spaces onto up to
/// [`CAPTION_LINES`] lines, the last cut with an ellipsis when even they do not hold it. A
/// phone's chart keeps its whole title, where one line would have cut off what it is by.
pub fn caption(title: &str, width: u32) -> Caption {
    let room = width.saturating_sub(24) as f64;
    let chars = title.chars().count() as f64;
    let (large, small) = CAPTION_SIZES;
    if chars * large as f64 * CAPTION_CHAR_WIDTH <= room {
        return Caption {
            lines: vec![title.to_string()],
            size: large,
        };
    }
    let fits = ((room / (small as f64 * CAPTION_CHAR_WIDTH)) as usize).max(2);
    Caption {
        lines: wrap(title, fits, CAPTION_LINES),
        size: small,
    }
}

/// `text` in lines of at most `fits` characters, broken at spaces (a word longer than a line is
/// broken where the line ends), at most `most` of them: the last ends in `…` when text is left.
fn wrap(text: &str, fits: usize, most: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        if lines.len() + 1 == most || rest.chars().count() <= fits {
            lines.push(truncate(rest, fits));
            break;
        }
        let byte_of = |char_index: usize| rest.char_indices().nth(char_index).map_or(rest.len(), |(i, _)| i);
        let end = byte_of(fits);
        // The character just past the line counts: a space there ends the line at its edge.
        let cut = rest[..byte_of(fits + 1)].rfind(' ').filter(|&i| i > 0).unwrap_or(end);
        lines.push(rest[..cut].trim_end().to_string());
        rest = rest[cut..].trim_start();
    }
    lines
}

/// One drawn label: its text and the box it covers, in the chart's pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelBox {
    /// The text drawn (truncated with `…`).
    pub text: String,
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
    /// Turned upright (read bottom to top).
    pub upright: bool,
}

impl LabelBox {
    /// Whether two boxes share any pixel.
    pub fn intersects(&self, other: &LabelBox) -> bool {
        overlap([self.x, self.y, self.w, self.h], [other.x, other.y, other.w, other.h])
    }
}

/// Whether two rectangles (`[x, y, width, height]`) share any pixel.
fn overlap(a: [i32; 4], b: [i32; 4]) -> bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}

/// `name` cut to `keep` characters, with `…` when it was longer.
pub fn truncate(name: &str, keep: usize) -> String {
    if name.chars().count() > keep {
        name.chars().take(keep - 1).chain(['…']).collect()
    } else {
        name.to_string()
    }
}

/// `names` each cut to `keep` characters, told apart: a name whose end-cut would read as another
/// name's is cut in its middle instead, keeping its end, where runs of one system differ (`devlo
/// (verified.20241108_devlo)` and `devlo (verified.20250519_devlo)`).
pub fn truncate_apart<S: AsRef<str>>(names: &[S], keep: usize) -> Vec<String> {
    let cut: Vec<String> = names.iter().map(|n| truncate(n.as_ref(), keep)).collect();
    let clashes =
        |at: usize| (0..names.len()).any(|other| other != at && cut[other] == cut[at] && names[other].as_ref() != names[at].as_ref());
    (0..names.len())
        .map(|at| match clashes(at) {
            true => truncate_middle(names[at].as_ref(), keep),
            false => cut[at].clone(),
        })
        .collect()
}

/// `name` cut to `keep` characters by taking out its middle, with `…` in its place; two thirds
/// of what is kept is its end, where a run's id tells it apart.
fn truncate_middle(name: &str, keep: usize) -> String {
    let chars: Vec<char> = name.chars().collect();
    if chars.len() <= keep || keep < 3 {
        return truncate(name, keep);
    }
    let head = (keep - 1) / 3;
    let tail = keep - 1 - head;
    chars[..head]
        .iter()
        .chain(['…'].iter())
        .chain(&chars[chars.len() - tail..])
        .collect()
}

/// Labels as drawn: repositories (`owner/name`) by their names alone when those are distinct, so
/// the part that tells them apart is the part that shows.
pub fn display_names(groups: &[String]) -> Vec<String> {
    let names: Vec<&str> = groups.iter().map(|g| g.rsplit('/').next().unwrap_or(g)).collect();
    let distinct = benchscope_contract::sorting::set_of(&names).len() == names.len();
    if groups.iter().all(|g| g.contains('/')) && distinct {
        names.into_iter().map(str::to_string).collect()
    } else {
        groups.to_vec()
    }
}

/// Whether `groups` need upright labels in a plot `width` pixels wide.
pub fn upright(groups: &[String], width: i32) -> bool {
    let slot = width as f64 / groups.len().max(1) as f64;
    groups
        .iter()
        .any(|g| truncate(g, ACROSS_CHARS).chars().count() as f64 * CHAR_WIDTH > slot - 4.0)
}

/// The pixels below the plot that the labels need: upright, as many as the longest one's.
pub fn label_area(groups: &[String], width: i32) -> i32 {
    let names = display_names(groups);
    if upright(&names, width) {
        let longest = names.iter().map(|n| n.chars().count().min(UPRIGHT_CHARS)).max().unwrap_or(0);
        ((longest as f64 * CHAR_WIDTH) as i32 + 12).max(LINE_HEIGHT + 26)
    } else {
        LINE_HEIGHT + 26
    }
}

/// The label boxes of `groups` under a plot spanning `left..right`, starting `top` pixels down.
pub fn x_labels(groups: &[String], left: i32, right: i32, top: i32) -> Vec<LabelBox> {
    let groups = &display_names(groups);
    let width = right - left;
    let slot = width as f64 / groups.len().max(1) as f64;
    let upright = upright(groups, width);
    // Upright labels are a line high; keep one in `step` when even that does not fit.
    let step = if upright {
        ((LINE_HEIGHT + 2) as f64 / slot).ceil().max(1.0) as usize
    } else {
        1
    };
    truncate_apart(groups, if upright { UPRIGHT_CHARS } else { ACROSS_CHARS })
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % step == 0)
        .map(|(i, text)| {
            let centre = left as f64 + (i as f64 + 0.5) * slot;
            let length = (text.chars().count() as f64 * CHAR_WIDTH).ceil() as i32;
            if upright {
                LabelBox {
                    text,
                    x: centre as i32 - LINE_HEIGHT / 2,
                    y: top + 6,
                    w: LINE_HEIGHT,
                    h: length,
                    upright: true,
                }
            } else {
                LabelBox {
                    text,
                    x: centre as i32 - length / 2,
                    y: top + 6,
                    w: length,
                    h: LINE_HEIGHT,
                    upright: false,
                }
            }
        })
        .collect()
}

/// The width of one character of a point's 11 px label, in pixels (a safe upper bound).
const POINT_CHAR_WIDTH: f64 = 6.5;

/// A rectangle of the chart that a point's label should not cover: a point's dot, a segment of
/// the line through the points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Obstacle {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Obstacle {
    /// The dot of radius `radius` at `(x, y)`.
    pub fn dot((x, y): (i32, i32), radius: i32) -> Obstacle {
        Obstacle {
            x: x - radius,
            y: y - radius,
            w: 2 * radius,
            h: 2 * radius,
        }
    }

    /// The straight segment from `a` to `b` (level or upright), two pixels thick.
    pub fn segment(a: (i32, i32), b: (i32, i32)) -> Obstacle {
        let (x, y) = (a.0.min(b.0), a.1.min(b.1));
        Obstacle {
            x: x - 1,
            y: y - 1,
            w: (a.0 - b.0).abs() + 2,
            h: (a.1 - b.1).abs() + 2,
        }
    }

    fn covered_by(&self, label: &LabelBox) -> bool {
        overlap([self.x, self.y, self.w, self.h], [label.x, label.y, label.w, label.h])
    }
}

/// The boxes of the labels of a scatter's points at `points` (the chart's pixels), `texts` their
/// labels, in the plotting area `area` (x and y pixel ranges, the axes' labels outside it). Each
/// label goes in the first place beside its point (right, above, below, then the same on the
/// left) that stays inside the area, overlaps no label already placed and covers the fewest of
/// `obstacles` (none, where it can). A label with no such place is left out (`None`; its point
/// still names itself under the pointer). They are placed from the last back: on a best-so-far
/// line, the latest best is labelled first.
pub fn point_labels(
    points: &[(i32, i32)],
    texts: &[String],
    area: (Range<i32>, Range<i32>),
    obstacles: &[Obstacle],
) -> Vec<Option<LabelBox>> {
    let (across, down) = area;
    let mut placed: Vec<Option<LabelBox>> = vec![None; points.len()];
    for index in (0..points.len()).rev() {
        let text = texts.get(index).cloned().unwrap_or_default();
        let w = (text.chars().count() as f64 * POINT_CHAR_WIDTH).ceil() as i32;
        let free: Vec<LabelBox> = places_beside(points[index], w)
            .map(|(x, y)| LabelBox {
                text: text.clone(),
                x,
                y,
                w,
                h: LINE_HEIGHT,
                upright: false,
            })
            .filter(|label| label.x >= across.start && label.x + label.w <= across.end)
            .filter(|label| label.y >= down.start && label.y + label.h <= down.end)
            .filter(|label| placed.iter().flatten().all(|other| !other.intersects(label)))
            .collect();
        let covered = |label: &LabelBox| obstacles.iter().filter(|o| o.covered_by(label)).count();
        // The first place that covers the fewest obstacles (none, where it can).
        placed[index] = free.into_iter().min_by_key(covered);
    }
    placed
}

/// The top-left corners a label `w` pixels wide may take beside the point at `(x, y)`, in order.
fn places_beside((x, y): (i32, i32), w: i32) -> impl Iterator<Item = (i32, i32)> {
    // Clear of the point's own dot (5 px in radius).
    let (above, level, below) = (y - 6 - LINE_HEIGHT, y - LINE_HEIGHT / 2, y + 6);
    [
        (x + 7, level),
        (x + 3, above),
        (x + 3, below),
        (x - 7 - w, level),
        (x - 3 - w, above),
        (x - 3 - w, below),
    ]
    .into_iter()
}

/// The point of `points` (the chart's pixels) within 10 pixels of `at`, the nearest if several are.
pub fn nearest_point(points: &[(i32, i32)], at: (f64, f64)) -> Option<usize> {
    points
        .iter()
        .enumerate()
        .map(|(i, (px, py))| (i, (*px as f64 - at.0).hypot(*py as f64 - at.1)))
        .filter(|(_, distance)| *distance <= 10.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// What plotters' SVG backend wrote, made the document a chart's image shows:
///
/// - every character XML does not allow (the C0 controls but tab, line feed and carriage return;
///   U+FFFE and U+FFFF), which a label from the data may hold, becomes U+FFFD: one would make the
///   whole document fail to parse, and the chart a broken image;
/// - every `font-size` is written back at the size the chart was laid out for. The backend
///   divides each by 1.24 (the ratio of line height to size in its own TrueType fonts), while
///   the layout had the browser measure the text at its size as given, so the labels came out a
///   fifth smaller than the room made for them.
pub fn svg_for_image(svg: &str) -> String {
    let allowed = |c: char| !matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}');
    if svg.chars().all(allowed) {
        text_at_laid_out_size(svg)
    } else {
        let replaced: String = svg.chars().map(|c| if allowed(c) { c } else { '\u{fffd}' }).collect();
        text_at_laid_out_size(&replaced)
    }
}

fn text_at_laid_out_size(svg: &str) -> String {
    const ATTRIBUTE: &str = "font-size=\"";
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(at) = rest.find(ATTRIBUTE) {
        let (before, after) = rest.split_at(at + ATTRIBUTE.len());
        out.push_str(before);
        let end = after.find('"').unwrap_or(after.len());
        match laid_out_hundredths(&after[..end]) {
            Some(hundredths) if hundredths % 100 == 0 => out.push_str(&(hundredths / 100).to_string()),
            Some(hundredths) => {
                let size = format!("{}.{:02}", hundredths / 100, hundredths % 100);
                out.push_str(size.trim_end_matches('0'));
            }
            None => out.push_str(&after[..end]),
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// A size as the SVG backend wrote it (`9.67741935483871`), times 1.24, in hundredths (`1200`);
/// `None` if it is not a plain decimal. Read with integers alone: parsing a float would bring
/// the standard library's float parser and its tables into the wasm (15 KB gzipped).
fn laid_out_hundredths(written: &str) -> Option<u64> {
    let (whole, fraction) = written.split_once('.').unwrap_or((written, ""));
    let fraction = &fraction[..fraction.len().min(6)];
    if whole.is_empty() || !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let millionths = whole.parse::<u64>().ok()? * 1_000_000 + format!("{fraction:0<6}").parse::<u64>().ok()?;
    Some((millionths * 124 + 500_000) / 1_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_overlap(boxes: &[LabelBox]) -> bool {
        boxes
            .iter()
            .enumerate()
            .all(|(i, a)| boxes[i + 1..].iter().all(|b| !a.intersects(b)))
    }

    #[test]
    fn runs_named_alike_under_a_plot_read_apart() {
        let runs = [
            "mini-SWE-agent + Claude 4.5 Opus medium (20251101)",
            "mini-SWE-agent + Gemini 3 Pro Preview (2025-11-18)",
        ];
        let groups: Vec<String> = runs.iter().map(|r| r.to_string()).collect();
        let labels = x_labels(&groups, 60, 352, 300);
        assert!(labels.iter().all(|l| l.text.contains('…')), "{labels:?}");
        assert_ne!(labels[0].text, labels[1].text);
    }

    #[test]
    fn labels_never_overlap_at_any_count() {
        let repos = [
            "astropy/astropy",
            "django/django",
            "matplotlib/matplotlib",
            "mwaskom/seaborn",
            "pallets/flask",
            "psf/requests",
            "pydata/xarray",
            "pylint-dev/pylint",
            "pytest-dev/pytest",
            "scikit-learn/scikit-learn",
            "sphinx-doc/sphinx",
            "sympy/sympy",
        ];
        for count in 1..=repos.len() {
            let groups: Vec<String> = repos[..count].iter().map(|s| s.to_string()).collect();
            let boxes = x_labels(&groups, 60, 888, 300);
            assert!(no_overlap(&boxes), "{count} groups: {boxes:?}");
        }
        let many: Vec<String> = (0..300).map(|i| format!("repo-{i}")).collect();
        let boxes = x_labels(&many, 60, 888, 300);
        assert!(no_overlap(&boxes) && boxes.len() < 300, "thinned");
        let short: Vec<String> = ["AI", "Physics", "Other"].iter().map(|s| s.to_string()).collect();
        assert!(!x_labels(&short, 60, 888, 300)[0].upright, "short labels stay across");
        assert_eq!(label_area(&short, 888), LINE_HEIGHT + 26);
        assert_eq!(
            label_area(&short, 60),
            7 * CHAR_WIDTH as i32 + 12,
            "upright: as long as the longest"
        );
        let long = ["a-repository-name-past-eighteen"].map(String::from);
        assert_eq!(
            label_area(&long, 60),
            UPRIGHT_CHARS as i32 * CHAR_WIDTH as i32 + 12,
            "cut where the labels are"
        );
        assert_eq!(truncate("scikit-learn/scikit-learn", 16), "scikit-learn/sc…");
        let repos: Vec<String> = ["benchscope-demo/matrixlite", "benchscope-demo/slugkit"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(display_names(&repos), ["matrixlite", "slugkit"]);
        let clash: Vec<String> = ["a/x", "b/x"].iter().map(|s| s.to_string()).collect();
        assert_eq!(display_names(&clash), clash, "names that would clash keep their owners");
    }

    #[test]
    fn names_cut_alike_are_cut_in_the_middle_instead() {
        let runs = [
            "devlo (verified.20241108_devlo)",
            "devlo (verified.20250519_devlo)",
            "gold",
            "a-long-name-cut-at-its-end",
        ];
        assert_eq!(
            truncate_apart(&runs, 16),
            ["devlo…108_devlo)", "devlo…519_devlo)", "gold", "a-long-name-cut…"]
        );
        assert_eq!(
            truncate_apart(&["same-long-name-here", "same-long-name-here"], 8),
            ["same-lo…", "same-lo…"],
            "equal names stay alike"
        );
        assert_eq!(
            truncate_apart(&["élan-vital-α", "élan-vital-β"], 6),
            ["é…al-α", "é…al-β"],
            "whole characters"
        );
        assert_eq!(truncate_apart(&["abcd", "abce"], 2), ["a…", "a…"], "too narrow to tell apart");
        assert!(truncate_apart::<&str>(&[], 10).is_empty());
    }

    #[test]
    fn a_chart_is_drawn_at_its_frames_width_and_its_caption_fits() {
        assert_eq!(drawn_width(366), 364, "a phone's frame, its border inside");
        assert_eq!(drawn_width(570), 568, "a half of the leaderboard's grid");
        assert_eq!(drawn_width(1152), WIDEST);
        assert_eq!(drawn_width(120), NARROWEST);
        assert_eq!(drawn_width(0), WIDEST, "not laid out: the widest");
        let title = "Cost against % resolved, and the Pareto frontier";
        assert_eq!(caption(title, 900).lines, [title]);
        assert_eq!(caption(title, 900).size, 16);
        assert_eq!(caption(title, 364).lines, [title], "one line at the smaller size");
        assert_eq!(caption(title, 364).size, 12);
        let long = "% passed (mean share of FAIL_TO_PASS tests) by repository category";
        let phone = caption(long, 364);
        assert_eq!(phone.size, 12);
        assert_eq!(
            phone.lines,
            ["% passed (mean share of FAIL_TO_PASS tests) by", "repository category"],
            "wrapped at a space, nothing cut"
        );
        assert_eq!(phone.height(), 2 * 16 - 4);
        let narrowest = caption(&format!("{long}, {long}"), NARROWEST);
        assert_eq!(narrowest.lines.len(), 2);
        for line in &narrowest.lines {
            assert!(
                line.chars().count() as f64 * 12.0 * CAPTION_CHAR_WIDTH <= (NARROWEST - 24) as f64,
                "{line}"
            );
        }
        assert!(narrowest.lines[1].ends_with('…'), "{:?}", narrowest.lines);
    }

    #[test]
    fn a_caption_wraps_at_spaces_and_breaks_a_word_longer_than_a_line() {
        assert_eq!(wrap("one two three", 7, 3), ["one two", "three"]);
        assert_eq!(wrap("one two three", 8, 3), ["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4, 3), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("abcdefghij", 4, 2), ["abcd", "efg…"]);
        assert_eq!(wrap("  ", 4, 2), Vec::<String>::new());
        assert_eq!(wrap("é é é é", 3, 2), ["é é", "é é"]);
    }

    /// A plotting area: 50 to 596 pixels across, 10 to 380 down.
    const AREA: (Range<i32>, Range<i32>) = (50..596, 10..380);

    #[test]
    fn point_labels_never_overlap_and_stay_inside_the_plotting_area() {
        let texts: Vec<String> = ["first", "second", "third", "far right"].map(String::from).to_vec();
        let points = [(100, 100), (104, 102), (100, 200), (590, 50)];
        let placed = point_labels(&points, &texts, AREA, &[]);
        assert!(placed.iter().all(Option::is_some), "each finds a place: {placed:?}");
        let boxes: Vec<LabelBox> = placed.iter().flatten().cloned().collect();
        assert!(no_overlap(&boxes), "{boxes:?}");
        let right = placed[3].as_ref().unwrap();
        assert!(right.x + right.w < 590, "near the right edge, on the point's left: {right:?}");
        let crowd: Vec<(i32, i32)> = (0..200).map(|i| (60 + (i * 7) % 400, 300 - i)).collect();
        let names: Vec<String> = (0..200).map(|i| format!("run {i}")).collect();
        let boxes: Vec<LabelBox> = point_labels(&crowd, &names, AREA, &[]).into_iter().flatten().collect();
        assert!(
            no_overlap(&boxes) && !boxes.is_empty() && boxes.len() < 200,
            "thinned: {}",
            boxes.len()
        );
        assert!(boxes.iter().all(|b| b.x >= 50 && b.y >= 10 && b.x + b.w <= 596 && b.y + b.h <= 380));
    }

    #[test]
    fn point_labels_keep_off_other_points_and_the_line_where_they_can() {
        let texts = vec!["best so far".to_string()];
        let point = (100, 100);
        // Its own dot, and the line going on to the right at its height.
        let own = Obstacle::dot(point, 5);
        let line = Obstacle::segment(point, (400, 100));
        let label = point_labels(&[point], &texts, AREA, &[own])[0].clone().unwrap();
        assert_eq!((label.x, label.y), (107, 93), "on its right, level with it: {label:?}");
        let label = point_labels(&[point], &texts, AREA, &[own, line])[0].clone().unwrap();
        assert!(label.y + label.h <= 95 && label.x > 100, "above its line: {label:?}");
        // Another run's dot just above it, on the right.
        let dot = Obstacle::dot((110, 86), 5);
        let label = point_labels(&[point], &texts, AREA, &[own, line, dot])[0].clone().unwrap();
        assert!(
            !own.covered_by(&label) && !line.covered_by(&label) && !dot.covered_by(&label),
            "{label:?}"
        );
        assert!(label.y > 100, "below the point, the first place clear of all three: {label:?}");
        // Hemmed in on every side, the label still shows where no other label is, in the place
        // that covers least.
        let mut walls = vec![Obstacle {
            x: 0,
            y: 0,
            w: 600,
            h: 420,
        }];
        let crowded = point_labels(&[point], &texts, AREA, &walls)[0].clone().unwrap();
        assert_eq!((crowded.x, crowded.y), (107, 93), "its first place");
        walls.push(Obstacle::dot((130, 100), 5));
        let crowded = point_labels(&[point], &texts, AREA, &walls)[0].clone().unwrap();
        assert_eq!((crowded.x, crowded.y), (103, 80), "above, off the second dot");
    }

    #[test]
    fn the_point_under_the_pointer_is_the_nearest_within_ten_pixels() {
        let points = [(100, 100), (108, 100), (300, 40)];
        assert_eq!(nearest_point(&points, (101.0, 101.0)), Some(0));
        assert_eq!(nearest_point(&points, (106.0, 99.0)), Some(1));
        assert_eq!(nearest_point(&points, (295.0, 46.0)), Some(2));
        assert_eq!(nearest_point(&points, (200.0, 200.0)), None);
        assert_eq!(nearest_point(&[], (0.0, 0.0)), None);
    }

    #[test]
    fn svg_text_is_written_at_the_size_it_was_laid_out_for_and_as_xml_allows() {
        let svg = r##"<text x="1" font-size="9.67741935483871" fill="#000">a</text><text font-size="12.903225806451612">b</text>"##;
        assert_eq!(
            svg_for_image(svg),
            r##"<text x="1" font-size="12" fill="#000">a</text><text font-size="16">b</text>"##
        );
        assert_eq!(svg_for_image("<svg/>"), "<svg/>", "no text, no change");
        assert_eq!(svg_for_image(r#"font-size="10.080645""#), r#"font-size="12.5""#);
        assert_eq!(svg_for_image(r#"font-size="8.870967741935484""#), r#"font-size="11""#);
        assert_eq!(
            svg_for_image(r#"font-size="1e3""#),
            r#"font-size="1e3""#,
            "not a plain decimal: kept"
        );
        assert_eq!(
            svg_for_image("<text>a\u{7}b\tc\u{1b}[31m\u{ffff}</text>"),
            "<text>a\u{fffd}b\tc\u{fffd}[31m\u{fffd}</text>"
        );
        assert_eq!(svg_for_image(r#"font-size="x"#), r#"font-size="x"#, "not a number: kept");
    }
}
