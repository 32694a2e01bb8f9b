//! An axis's tick labels: how many, and how each reads. A number is written with the decimals it
//! needs and no more ("80", "2.5", "0.05": plotters would write "80.0"), and an axis that counts
//! things marks whole numbers only (no "1.5 instances").

/// The most labels a y axis has.
pub const MOST_Y_TICKS: usize = 6;

/// `value` as a tick reads: no trailing zeros, no "-0".
pub fn tick_text(value: f64) -> String {
    let fixed = format!("{value:.6}");
    let text = fixed.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" | "" => "0".to_string(),
        _ => text.to_string(),
    }
}

/// How many labels to ask plotters for on a y axis topped at `top`. Plotters picks the finest
/// step of 1, 2 or 5 times a power of ten that gives no more labels than asked for; an axis of
/// counts topped under 5 asks for one label per whole number, so that step is never below 1.
pub fn y_tick_count(top: f64, counts: bool) -> usize {
    if counts && top.is_finite() && top >= 0.0 {
        (top.floor() as usize + 1).clamp(2, MOST_Y_TICKS)
    } else {
        MOST_Y_TICKS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tick_has_the_decimals_it_needs() {
        assert_eq!(tick_text(100.0), "100");
        assert_eq!(tick_text(0.0), "0");
        assert_eq!(tick_text(-0.0), "0");
        assert_eq!(tick_text(2.5), "2.5");
        assert_eq!(tick_text(0.05), "0.05");
        assert_eq!(tick_text(0.1 + 0.2), "0.3", "a float's noise is not shown");
        assert_eq!(tick_text(-20.0), "-20");
        assert_eq!(tick_text(1_500_000.0), "1500000");
    }

    #[test]
    fn an_axis_of_counts_asks_for_whole_steps() {
        assert_eq!(y_tick_count(2.2, true), 3, "0, 1, 2 rather than 0, 0.5, ... 2");
        assert_eq!(y_tick_count(1.0, true), 2);
        assert_eq!(y_tick_count(0.4, true), 2);
        assert_eq!(y_tick_count(4.4, true), 5);
        assert_eq!(y_tick_count(176.0, true), MOST_Y_TICKS);
        assert_eq!(y_tick_count(2.2, false), MOST_Y_TICKS, "a share may step by 0.5");
        assert_eq!(y_tick_count(f64::NAN, true), MOST_Y_TICKS);
    }
}
