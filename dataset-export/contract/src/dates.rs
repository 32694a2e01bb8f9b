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

/// Seconds since 1970-01-01T00:00:00 of an ISO 8601 timestamp (`2025-04-30T16:32:54.707474`,
/// its zone, `Z`, `+02:00` or none, read: none is UTC).
pub fn seconds(timestamp: &str) -> Option<f64> {
    let day = days(timestamp)? as f64;
    let time = timestamp.get(11..)?;
    let end = time
        .find(|c: char| !(c.is_ascii_digit() || c == ':' || c == '.'))
        .unwrap_or(time.len());
    let mut parts = time[..end].split(':');
    let (h, m): (f64, f64) = (parts.next()?.parse().ok()?, parts.next()?.parse().ok()?);
    let s: f64 = parts.next().unwrap_or("0").parse().ok()?;
    // A clock reads up to 24:00 and a leap second; past that the text is no time.
    if !(h <= 24.0 && m < 60.0 && s < 61.0) {
        return None;
    }
    Some(day * 86_400.0 + h * 3_600.0 + m * 60.0 + s - zone_offset(&time[end..]))
}

/// Seconds a timestamp's zone (`Z`, `+02:00`, `-0530`, none: UTC) is ahead of UTC.
fn zone_offset(zone: &str) -> f64 {
    let sign = match zone.as_bytes().first() {
        Some(b'+') => 1.0,
        Some(b'-') => -1.0,
        _ => return 0.0,
    };
    let digits: String = zone[1..].chars().filter(char::is_ascii_digit).take(4).collect();
    let (hours, minutes) = match digits.len() {
        2 => (digits.parse().unwrap_or(0.0), 0.0),
        4 => (digits[..2].parse().unwrap_or(0.0), digits[2..].parse().unwrap_or(0.0)),
        _ => return 0.0,
    };
    sign * (hours * 3_600.0 + minutes * 60.0)
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

/// An axis label of a day number on an axis `span` days long: its month over half a year or
/// more, its date under that, where ticks weeks apart would read as one month again and again.
pub fn axis_date(days: i64, span: f64) -> String {
    let (y, m, d) = civil(days);
    match span >= 180.0 {
        true => format!("{y:04}-{m:02}"),
        false => format!("{y:04}-{m:02}-{d:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_seconds_apart() {
        let (a, b) = (
            seconds("2025-04-30T16:32:54.707474").unwrap(),
            seconds("2025-05-01T00:01:04.5+00:00").unwrap(),
        );
        assert!((b - a - (7.0 * 3600.0 + 28.0 * 60.0 + 9.792526)).abs() < 1e-6, "{}", b - a);
        assert_eq!(seconds("1970-01-01T00:01:00Z"), Some(60.0));
        assert_eq!(seconds("2025-04-30"), None);
        assert_eq!(seconds("2026-03-04T00:5555555555555555555555:03Z"), None, "no minute so long");
        assert_eq!(seconds("2026-03-04T25:00:00Z"), None);
        assert_eq!(seconds("2016-12-31T23:59:60Z"), seconds("2017-01-01T00:00:00Z"), "a leap second");
    }

    #[test]
    fn dates_become_days_and_back_to_months() {
        assert_eq!(days("1970-01-01"), Some(0));
        assert_eq!(days("2024-03-01"), Some(19_783));
        assert_eq!(days("2025-07-20T10:00:00Z"), days("2025-07-20"));
        assert_eq!(days("2025-13-01"), None);
        assert_eq!(days("soon"), None);
        assert_eq!(axis_date(days("2024-02-29").unwrap(), 365.0), "2024-02");
        assert_eq!(axis_date(days("1999-12-31").unwrap(), 365.0), "1999-12");
        assert_eq!(civil(days("2026-11-23").unwrap()), (2026, 11, 23));
        let day = days("2026-01-21").unwrap();
        assert_eq!([axis_date(day, 30.0), axis_date(day, 179.9)], ["2026-01-21", "2026-01-21"]);
        assert_eq!([axis_date(day, 180.0), axis_date(day, 900.0)], ["2026-01", "2026-01"]);
    }
}
