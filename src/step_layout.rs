//! Where a trajectory's steps sit in its list, so that only those in view (and a screenful either
//! side) are in the page: each step's height, estimated from its text until it has been drawn
//! and measured, and from them which steps a stretch of the list holds and how much space the
//! steps above and below it take.

use std::ops::Range;

use benchscope_contract::trajectory::Step;

/// The height of a step not fetched yet, in CSS pixels.
pub const UNKNOWN_STEP_PX: f64 = 220.0;

/// The steps drawn and the space the others take.
#[derive(Debug, Clone, PartialEq)]
pub struct Visible {
    /// Positions in the list of shown steps.
    pub positions: Range<usize>,
    /// Pixels taken by the shown steps above them.
    pub before: f64,
    /// Pixels taken by the shown steps below them.
    pub after: f64,
}

/// Every step's height: measured once drawn, estimated before.
#[derive(Debug, Clone, Default)]
pub struct StepLayout {
    heights: Vec<f64>,
    measured: Vec<bool>,
}

impl StepLayout {
    /// A layout of `total` steps, each of the unknown height.
    pub fn new(total: usize) -> Self {
        StepLayout {
            heights: vec![UNKNOWN_STEP_PX; total],
            measured: vec![false; total],
        }
    }

    /// Step `index` has come in: its height is estimated from its text, unless measured already.
    pub fn estimate(&mut self, index: usize, step: &Step) {
        if let (Some(height), Some(false)) = (self.heights.get_mut(index), self.measured.get(index)) {
            *height = estimated_height(step);
        }
    }

    /// Step `index` was drawn `px` high; whether that changed what the layout held.
    pub fn measure(&mut self, index: usize, px: f64) -> bool {
        let (Some(height), Some(measured)) = (self.heights.get_mut(index), self.measured.get_mut(index)) else {
            return false;
        };
        *measured = true;
        let changed = (*height - px).abs() > 0.5;
        *height = px;
        changed
    }

    /// The stretch of `shown` (step indices, in list order) that lies within `from..to` pixels
    /// of the list's top, with the space above and below it.
    pub fn in_view(&self, shown: &[usize], from: f64, to: f64) -> Visible {
        let height = |index: &usize| self.height(*index);
        let (mut top, mut first) = (0.0, shown.len());
        for (position, index) in shown.iter().enumerate() {
            if top + height(index) > from {
                first = position;
                break;
            }
            top += height(index);
        }
        let before = top;
        let mut last = first;
        while last < shown.len() && top < to {
            top += height(&shown[last]);
            last += 1;
        }
        let after = shown[last..].iter().map(height).sum();
        Visible {
            positions: first..last,
            before,
            after,
        }
    }

    /// How far from the list's top the step at `position` of `shown` starts.
    pub fn offset_of(&self, shown: &[usize], position: usize) -> f64 {
        shown.iter().take(position).map(|i| self.height(*i)).sum()
    }

    /// Step `index`'s height, as measured or estimated.
    fn height(&self, index: usize) -> f64 {
        self.heights.get(index).copied().unwrap_or(UNKNOWN_STEP_PX)
    }
}

/// A step's height guessed from its text: the lines of its thought (wrapped at about 100
/// characters), of its command, and of its observation as folded (at most 19 lines shown).
pub fn estimated_height(step: &Step) -> f64 {
    let wrapped = |text: &str| text.lines().map(|l| 1 + l.chars().count() / 100).sum::<usize>();
    let thought = wrapped(&step.thought) as f64 * 22.0;
    let action = (step.action.lines().count().min(40) as f64 * 17.0) + if step.action.is_empty() { 0.0 } else { 14.0 };
    let observation = match step.observation.lines().count() {
        0 => 0.0,
        lines => lines.min(19) as f64 * 16.0 + 16.0,
    };
    let edit = if step.edit.is_some() { 160.0 } else { 0.0 };
    30.0 + thought + action + observation + edit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_steps_in_a_stretch_and_the_space_around_them() {
        let mut layout = StepLayout::new(6);
        for index in 0..6 {
            layout.measure(index, 100.0);
        }
        let shown: Vec<usize> = (0..6).collect();
        assert_eq!(
            layout.in_view(&shown, 150.0, 320.0),
            Visible {
                positions: 1..4,
                before: 100.0,
                after: 200.0
            }
        );
        assert_eq!(
            layout.in_view(&shown, -500.0, 50.0).positions,
            0..1,
            "above the list: its first step"
        );
        assert_eq!(layout.in_view(&shown, 900.0, 1200.0).positions, 6..6, "past its end: none");
        assert_eq!(layout.offset_of(&shown, 3), 300.0);
        let every_other = [0, 2, 4];
        assert_eq!(layout.in_view(&every_other, 150.0, 160.0).positions, 1..2, "a filter's steps only");
    }

    #[test]
    fn a_measure_replaces_the_estimate_for_good() {
        let mut layout = StepLayout::new(2);
        let step = Step {
            observation: "line\n".repeat(50),
            ..Step::default()
        };
        layout.estimate(0, &step);
        assert!(layout.heights[0] > UNKNOWN_STEP_PX, "a long output is a tall step");
        assert!(layout.measure(0, 120.0));
        assert!(!layout.measure(0, 120.2), "half a pixel is no change");
        layout.estimate(0, &step);
        assert_eq!(layout.heights[0], 120.2, "an estimate never overrides a measure");
        assert!(!layout.measure(7, 10.0), "a step out of range is ignored");
    }
}
