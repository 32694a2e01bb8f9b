//! The harness's Ruby parsers: Minitest's verbose lines (`TestX#test_a = 0.01 s = .`:
//! `parse_log_minitest`), Cucumber's progress format (`parse_log_cucumber`), test-unit's
//! (`test: name: .`, `E`, `F`, `O`: `parse_log_ruby_unit`) and RSpec's JSON report turned into
//! `description - passed` lines by the harness's eval script (`parse_log_rspec_transformed_json`).
//! Jekyll's instances use Minitest or Cucumber by pull request ([`super::per_instance_format`]).

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::line_pattern::{any_line_matches, pattern, statuses_by_outcome};
use super::statuses::Statuses;
use super::LogFormat;

/// Minitest, verbose.
pub struct Minitest;
/// Cucumber's progress format.
pub struct Cucumber;
/// test-unit.
pub struct RubyUnit;
/// RSpec's JSON report as `description - passed` lines.
pub struct RspecTransformedJson;

static MINITEST_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^(?P<name>.+)\. .*=.*(?P<outcome>\.|F|E).*$"));
static CUCUMBER_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^(?P<name>.*) \.+(?P<outcome>\.|F)"));
static RUBY_UNIT_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\s*(?:test: )?(?P<name>.+):\s+(?P<outcome>\.|E\b|F\b|O\b)"));
static MINITEST_VERBOSE: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\S+#\S.* = \d+\.\d+ s = [.FE]$"));
static CUCUMBER_SCENARIO: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\S+\.feature:\d+ [.F\-U]+$"));
static RSPEC_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^(?P<name>.+) - (?P<outcome>passed|failed)"));

fn dot_passes(outcome: &str) -> Option<&'static str> {
    match outcome {
        "." => Some("PASSED"),
        "F" | "E" => Some("FAILED"),
        "O" => Some("SKIPPED"),
        _ => None,
    }
}

impl LogFormat for Minitest {
    fn name(&self) -> &'static str {
        "minitest"
    }

    /// Minitest's verbose line, `Class#test_name = 0.01 s = .`.
    fn looks_like(&self, output: &str) -> bool {
        any_line_matches(output, &MINITEST_VERBOSE)
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &MINITEST_RESULT, dot_passes)
    }
}

impl LogFormat for Cucumber {
    fn name(&self) -> &'static str {
        "cucumber"
    }

    /// The progress formatter's `features/a.feature:6 ....F--`.
    fn looks_like(&self, output: &str) -> bool {
        any_line_matches(output, &CUCUMBER_SCENARIO)
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &CUCUMBER_RESULT, dot_passes)
    }
}

impl LogFormat for RubyUnit {
    fn name(&self) -> &'static str {
        "ruby_unit"
    }

    /// test-unit's `Loaded suite` banner and a test's line.
    fn looks_like(&self, output: &str) -> bool {
        output.contains("Loaded suite ") && any_line_matches(output, &RUBY_UNIT_RESULT)
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &RUBY_UNIT_RESULT, dot_passes)
    }
}

impl LogFormat for RspecTransformedJson {
    fn name(&self) -> &'static str {
        "rspec_transformed_json"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &RSPEC_RESULT, |outcome| {
            Some(if outcome == "passed" { "PASSED" } else { "FAILED" })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_runner_line() {
        let log = "TestSite#test_: creating sites should read layouts. = 0.01 s = .\n\
                   TestSite#test_: a cache should expire. = 0.20 s = F\nTestSite#test_render = 0.01 s = .\n";
        let minitest = Minitest.statuses(log, Harness::Current);
        assert_eq!(minitest.get("TestSite#test_: creating sites should read layouts"), Some("PASSED"));
        assert_eq!(minitest.get("TestSite#test_: a cache should expire"), Some("FAILED"));
        assert_eq!(
            minitest.len(),
            2,
            "a name that does not end in `. ` (Jekyll's are shoulda's sentences) is not read"
        );
        let cucumber = Cucumber.statuses("features/site.feature:12 .....F\nfeatures/a.feature:3 ...\n", Harness::Current);
        assert_eq!(cucumber.get("features/site.feature:12"), Some("FAILED"));
        assert_eq!(cucumber.get("features/a.feature:3"), Some("PASSED"));
        let unit = RubyUnit.statuses("test: parse time: .\n  test_emit: E\nTestConfig: O\n", Harness::Current);
        assert_eq!(unit.get("parse time"), Some("PASSED"));
        assert_eq!(unit.get("test_emit"), Some("FAILED"));
        assert_eq!(unit.get("TestConfig"), Some("SKIPPED"));
        let rspec = RspecTransformedJson.statuses("RuboCop::Cop::Style works - passed\nit - breaks - failed\n", Harness::Current);
        assert_eq!(rspec.get("RuboCop::Cop::Style works"), Some("PASSED"));
        assert_eq!(rspec.get("it - breaks"), Some("FAILED"));
    }
}
