//! The harness's `parse_log_phpunit`: PHPUnit's `--testdox` output, a class's heading
//! (`Cell Address (PhpOffice\Tests\CellAddressTest)`) above `✔ Test name`, `✘` or `↩` lines.
//! A test is keyed `Heading > Test name`.

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::line_pattern::pattern;
use super::statuses::Statuses;
use super::LogFormat;

/// PHPUnit with `--testdox`.
pub struct Phpunit;

static SUITE: LazyLock<Regex> = LazyLock::new(|| pattern(r"^(\w.+) \(.+\)$"));
static TEST: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\s*([✔✘↩])\s*(.*)$"));

impl LogFormat for Phpunit {
    fn name(&self) -> &'static str {
        "phpunit"
    }

    fn looks_like(&self, output: &str) -> bool {
        output.contains("PHPUnit ") && output.split('\n').any(|line| TEST.is_match(line))
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        let mut statuses = Statuses::default();
        // The harness prints `None` for a test above any heading.
        let mut suite = "None".to_string();
        for line in output.split('\n') {
            if let Some(heading) = SUITE.captures(line) {
                suite = heading[1].to_string();
            } else if let Some(test) = TEST.captures(line) {
                let status = match &test[1] {
                    "✔" => "PASSED",
                    "✘" => "FAILED",
                    _ => "SKIPPED",
                };
                statuses.insert(format!("{suite} > {}", &test[2]), status);
            }
        }
        statuses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tests_under_their_class_heading() {
        let log = "PHPUnit 10.5.2 by Sebastian Bergmann and contributors.\n\n\
                   Cell Address (PhpOffice\\Tests\\CellAddressTest)\n ✔ Create from coordinates\n ✘ Out of range\n   │\n\
                   Number Format (PhpOffice\\Tests\\NumberFormatTest)\n ↩ Locale\n";
        let statuses = Phpunit.statuses(log, Harness::Current);
        assert_eq!(statuses.get("Cell Address > Create from coordinates"), Some("PASSED"));
        assert_eq!(statuses.get("Cell Address > Out of range"), Some("FAILED"));
        assert_eq!(statuses.get("Number Format > Locale"), Some("SKIPPED"));
        assert_eq!(Phpunit.statuses(" ✔ Alone\n", Harness::Current).get("None > Alone"), Some("PASSED"));
    }
}
