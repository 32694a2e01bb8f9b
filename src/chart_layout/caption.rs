//! A chart's caption: one line at the larger size where it fits, else wrapped at the smaller.

use super::truncate;

/// The caption's font size, and the smaller one a caption too long for it gets.
const CAPTION_SIZES: (u32, u32) = (16, 12);
/// The width of one character of a caption, per pixel of font size (a safe upper bound).
const CAPTION_CHAR_WIDTH: f64 = 0.58;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart_layout::NARROWEST;

    #[test]
    fn a_caption_fits_its_chart() {
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
}
