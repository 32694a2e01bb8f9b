//! The unchanged lines between a diff's hunks, which a reader can expand when the file's
//! pre-change content is known (`export --repos`).

use benchscope_contract::patch::Hunk;

/// A run of old-file lines no hunk shows, and how far their new-file numbers are shifted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gap {
    /// First old line of the gap (1-based).
    pub old_first: u32,
    /// Last old line of the gap.
    pub old_last: u32,
    /// New line number minus old line number for these lines.
    pub offset: i64,
}

impl Gap {
    /// Lines in the gap.
    pub fn len(&self) -> u32 {
        self.old_last + 1 - self.old_first
    }

    /// Whether the gap is empty (never, for gaps this module returns).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `(old line, new line)` numbers of each line of the gap.
    pub fn numbers(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (self.old_first..=self.old_last).map(|old| (old, (old as i64 + self.offset).max(0) as u32))
    }
}

/// First and last line a hunk covers in one file; a hunk covering no line of it (count 0) is
/// placed just after its start line, so `last` is `first - 1`.
fn span(start: u32, count: u32) -> (u32, u32) {
    if count > 0 {
        (start, start + count - 1)
    } else {
        (start + 1, start)
    }
}

/// The unshown lines just above hunk `index`.
pub fn gap_above(hunks: &[Hunk], index: usize) -> Option<Gap> {
    let hunk = hunks.get(index)?;
    let previous_last = index.checked_sub(1).map_or(0, |i| span(hunks[i].old_start, hunks[i].old_count).1);
    let (old_first, _) = span(hunk.old_start, hunk.old_count);
    let (new_first, _) = span(hunk.new_start, hunk.new_count);
    (old_first > previous_last + 1).then(|| Gap {
        old_first: previous_last + 1,
        old_last: old_first - 1,
        offset: new_first as i64 - old_first as i64,
    })
}

/// The unshown lines after the last hunk, in an old file of `old_lines` lines.
pub fn gap_below(hunks: &[Hunk], old_lines: u32) -> Option<Gap> {
    let last = hunks.last()?;
    let (_, old_last) = span(last.old_start, last.old_count);
    let (_, new_last) = span(last.new_start, last.new_count);
    (old_lines > old_last).then(|| Gap {
        old_first: old_last + 1,
        old_last: old_lines,
        offset: new_last as i64 - old_last as i64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchscope_contract::patch::parse_patch;

    #[test]
    fn gaps_between_hunks_and_after_the_last_with_shifted_new_numbers() {
        // 30-line file: line 5 replaced, two lines inserted after line 20.
        let diff = "--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n@@ -18,6 +18,8 @@\n 18\n 19\n 20\n+x\n+y\n 21\n 22\n 23\n";
        let hunks = &parse_patch(diff)[0].hunks;
        let above: Vec<_> = (0..2).map(|i| gap_above(hunks, i)).collect();
        assert_eq!(
            above[0],
            Some(Gap {
                old_first: 1,
                old_last: 1,
                offset: 0
            })
        );
        assert_eq!(
            above[1],
            Some(Gap {
                old_first: 9,
                old_last: 17,
                offset: 0
            })
        );
        let below = gap_below(hunks, 30).unwrap();
        assert_eq!(
            below,
            Gap {
                old_first: 24,
                old_last: 30,
                offset: 2
            }
        );
        assert_eq!(below.numbers().next(), Some((24, 26)));
        assert_eq!(gap_below(hunks, 23), None);
        assert_eq!(gap_above(hunks, 2), None);
    }

    #[test]
    fn hunks_that_touch_or_insert_at_the_top_leave_no_gap() {
        let diff = "--- a/f\n+++ b/f\n@@ -0,0 +1,2 @@\n+a\n+b\n@@ -1,2 +3,2 @@\n 1\n 2\n";
        let hunks = &parse_patch(diff)[0].hunks;
        assert_eq!(gap_above(hunks, 0), None);
        assert_eq!(gap_above(hunks, 1), None);
    }
}
