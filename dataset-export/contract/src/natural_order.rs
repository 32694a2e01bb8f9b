//! Text with numbers ordered by their values (`django-9296` before `django-10097`), and a list's
//! rows in that order by id, worked out once.

use crate::instance::IndexRow;
use crate::sorting::sort_by;

/// Compares text with its digit runs as numbers: `2019 < 2020`, `0.9 < 0.20`, `2 of 6 < 10 of 6`,
/// `django-9296 < django-10097`. Other bytes compare as bytes; text that differs only in leading
/// zeros (`007`, `7`) is ordered by its bytes, so only equal text compares equal. It allocates
/// nothing (it used to split both texts into owned pieces on every comparison).
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        if x[i].is_ascii_digit() && y[j].is_ascii_digit() {
            let (x_end, y_end) = (digits_end(x, i), digits_end(y, j));
            let (m, n) = (without_leading_zeros(&x[i..x_end]), without_leading_zeros(&y[j..y_end]));
            let order = m.len().cmp(&n.len()).then_with(|| m.cmp(n));
            if order.is_ne() {
                return order;
            }
            (i, j) = (x_end, y_end);
        } else if x[i] != y[j] {
            return x[i].cmp(&y[j]);
        } else {
            (i, j) = (i + 1, j + 1);
        }
    }
    (x.len() - i).cmp(&(y.len() - j)).then_with(|| x.cmp(y))
}

fn digits_end(text: &[u8], from: usize) -> usize {
    from + text[from..].iter().take_while(|b| b.is_ascii_digit()).count()
}

fn without_leading_zeros(digits: &[u8]) -> &[u8] {
    let zeros = digits.iter().take_while(|&&b| b == b'0').count();
    &digits[zeros..]
}

/// A list's rows in id order ([`natural_cmp`]), worked out once for the list: sorting it by id
/// is then a pass over the rows, and a tie under another key compares two integers.
#[derive(Debug, Clone, Default)]
pub struct IdOrder {
    /// Positions in id order.
    by_id: Vec<u32>,
    /// Each position's place in that order.
    places: Vec<u32>,
}

impl IdOrder {
    /// The id order of `rows`.
    pub fn new(rows: &[IndexRow]) -> Self {
        let mut by_id: Vec<u32> = (0..rows.len() as u32).collect();
        sort_by(&mut by_id, |&a, &b| natural_cmp(&rows[a as usize].id, &rows[b as usize].id));
        let mut places = vec![0; rows.len()];
        for (place, &position) in by_id.iter().enumerate() {
            places[position as usize] = place as u32;
        }
        IdOrder { by_id, places }
    }

    /// Row `position`'s place in id order (after every row, for a position the order does not
    /// know).
    pub fn place(&self, position: usize) -> u32 {
        self.places.get(position).copied().unwrap_or(u32::MAX)
    }

    /// The positions in id order.
    pub fn positions(&self) -> impl DoubleEndedIterator<Item = usize> + '_ {
        self.by_id.iter().map(|&position| position as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinal_values_sort_naturally() {
        let mut years = vec!["2020", "2019", "2022", "2017"];
        years.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(years, ["2017", "2019", "2020", "2022"]);
        let mut versions = vec!["3.1", "0.20", "0.9", "3.0", "1.3"];
        versions.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(versions, ["0.9", "0.20", "1.3", "3.0", "3.1"]);
        let mut solved = vec!["1 of 6", "3 of 6", "2 of 6", "0 of 6", "10 of 12"];
        solved.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(solved, ["0 of 6", "1 of 6", "2 of 6", "3 of 6", "10 of 12"]);
        let mut ids = vec![
            "django__django-10097",
            "django__django-9296",
            "astropy__astropy-12907",
            "django__django-11099",
            "django__django-099",
        ];
        ids.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            ids,
            [
                "astropy__astropy-12907",
                "django__django-099",
                "django__django-9296",
                "django__django-10097",
                "django__django-11099"
            ]
        );
    }

    /// Every pair of 400 short strings over digits, zeros, letters and separators: antisymmetric,
    /// equal only for equal text, and the strings sorted by it strictly increasing (a sort needs a
    /// total order).
    #[test]
    fn natural_order_is_a_total_order() {
        let alphabet = ["0", "1", "9", "a", "-", ".", "é"];
        let mut texts = vec![String::new()];
        for _ in 0..3 {
            let longer: Vec<String> = texts.iter().flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}"))).collect();
            texts.extend(longer);
        }
        texts.sort();
        texts.dedup();
        let mut sorted = texts.clone();
        sorted.sort_by(|a, b| natural_cmp(a, b));
        for (a, b) in sorted.iter().zip(&sorted[1..]) {
            assert_eq!(natural_cmp(a, b), std::cmp::Ordering::Less, "{a:?} {b:?}");
        }
        for a in &texts {
            for b in &texts {
                assert_eq!(natural_cmp(a, b), natural_cmp(b, a).reverse(), "{a:?} {b:?}");
                assert_eq!(natural_cmp(a, b).is_eq(), a == b, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn rows_take_their_places_by_id() {
        let rows: Vec<IndexRow> = ["o__r-10", "o__r-9", "a__b-2", "o__r-100"]
            .iter()
            .map(|id| IndexRow {
                id: id.to_string(),
                ..IndexRow::default()
            })
            .collect();
        let order = IdOrder::new(&rows);
        assert_eq!(order.positions().collect::<Vec<_>>(), [2, 1, 0, 3]);
        assert_eq!((0..4).map(|p| order.place(p)).collect::<Vec<_>>(), [2, 1, 0, 3]);
        assert_eq!(order.place(4), u32::MAX);
        assert_eq!(IdOrder::default().positions().count(), 0);
    }
}
