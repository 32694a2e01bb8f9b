//! Calendar dates as day numbers and back, for charts over submission dates and for dating runs.

/// Days since 1970-01-01 of a `YYYY-MM-DD` date (a longer timestamp is read by its date).
pub fn days(date: &str) -> Option<i64> {
    let mut parts = date.get(..10)?.split('-');
    let (y, m, d): (i64, i64, i64) = (
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
    );
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    // Howard Hinnant's days-from-civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// `(year, month, day)` of a day number (Howard Hinnant's civil-from-days).
pub fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// `YYYY-MM` of a day number, for axis labels.
pub fn month_of(days: i64) -> String {
    let (y, m, _) = civil(days);
    format!("{y:04}-{m:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_become_days_and_back_to_months() {
        assert_eq!(days("1970-01-01"), Some(0));
        assert_eq!(days("2024-03-01"), Some(19_783));
        assert_eq!(days("2025-07-20T10:00:00Z"), days("2025-07-20"));
        assert_eq!(days("2025-13-01"), None);
        assert_eq!(days("soon"), None);
        assert_eq!(month_of(days("2024-02-29").unwrap()), "2024-02");
        assert_eq!(month_of(days("1999-12-31").unwrap()), "1999-12");
        assert_eq!(civil(days("2026-11-23").unwrap()), (2026, 11, 23));
    }
}
