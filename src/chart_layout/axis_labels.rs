//! A bar chart's group labels under its plot: across when every label fits its slot, else
//! turned upright (and thinned when even upright labels would touch), truncated with an ellipsis
//! either way, never overlapping.

use benchscope_contract::wording::repo_name;

use super::{truncate, truncate_apart, LabelBox, CHAR_WIDTH, LINE_HEIGHT};

/// Characters kept of a label laid across.
const ACROSS_CHARS: usize = 16;
/// Characters kept of an upright label.
const UPRIGHT_CHARS: usize = 18;

/// Labels as drawn: repositories (`owner/name`) by their names alone when those are distinct, so
/// the part that tells them apart is the part that shows.
pub fn display_names(groups: &[String]) -> Vec<String> {
    let names: Vec<&str> = groups.iter().map(|g| repo_name(g)).collect();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart_layout::no_overlap;

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
}
