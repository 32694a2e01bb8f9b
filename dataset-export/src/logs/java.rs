//! The harness's Java parsers. Maven prints no passing test, so the harness runs each test alone
//! under `set -x` and pairs the `-Dtest=Name` of the traced command with the next
//! `BUILD SUCCESS` or `BUILD FAILURE` (`parse_log_maven`); Ant's JUnit task prints
//! `[junit] [PASS] name` (`parse_log_ant`); Gradle, configured by the harness, prints
//! `Class > method PASSED` (`parse_log_gradle_custom`). swebench 5 also pairs a Maven result with a
//! command traced before an earlier result, and a Gradle status printed on a line of its own.

use regex::Regex;
use std::collections::VecDeque;
use std::sync::LazyLock;

use super::harness::Harness;
use super::line_pattern::{any_line_matches, pattern, statuses_by_outcome};
use super::python_str::strip;
use super::statuses::Statuses;
use super::LogFormat;

/// Maven, one test a run.
pub struct Maven;
/// Ant's JUnit task.
pub struct Ant;
/// Gradle with the harness's test logging.
pub struct GradleCustom;

static MAVEN_TEST: LazyLock<Regex> = LazyLock::new(|| pattern(r"^.*-Dtest=(\S+).*$"));
static MAVEN_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^.*BUILD (SUCCESS|FAILURE)$"));
static ANT_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^\s*\[junit\]\s+\[(?P<outcome>PASS|FAIL|ERR)\]\s+(?P<name>.*)$"));
static GRADLE_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^(?P<name>[^>].+)\s+(?P<outcome>PASSED|FAILED)$"));
static GRADLE_NAMED_RESULT: LazyLock<Regex> = LazyLock::new(|| pattern(r"^[\w.$]+\s>\s.+\s(PASSED|FAILED)$"));
static GRADLE_TEST_ALONE: LazyLock<Regex> = LazyLock::new(|| pattern(r"^([^>]\S*\s+>\s+\S+)$"));

fn build_status(result: &str) -> &'static str {
    if result == "SUCCESS" {
        "PASSED"
    } else {
        "FAILED"
    }
}

impl LogFormat for Maven {
    fn name(&self) -> &'static str {
        "maven"
    }

    /// A traced `-Dtest=` command and a build's result: a Maven log of one test a run.
    fn looks_like(&self, output: &str) -> bool {
        any_line_matches(output, &MAVEN_TEST) && any_line_matches(output, &MAVEN_RESULT)
    }

    fn statuses(&self, output: &str, harness: Harness) -> Statuses {
        if harness.is_current() {
            maven_paired(output)
        } else {
            maven_last_named(output)
        }
    }
}

/// swebench 4: a result goes to the test the last traced command named.
fn maven_last_named(output: &str) -> Statuses {
    let mut statuses = Statuses::default();
    let mut current = "---NO TEST NAME FOUND YET---".to_string();
    for raw in output.split('\n') {
        let line = strip(raw);
        if let Some(test) = MAVEN_TEST.captures(line) {
            current = test[1].to_string();
        }
        if let Some(result) = MAVEN_RESULT.captures(line) {
            statuses.insert(current.clone(), build_status(&result[1]));
        }
    }
    statuses
}

/// swebench 5: commands and results paired in order, whichever comes first.
fn maven_paired(output: &str) -> Statuses {
    let mut statuses = Statuses::default();
    let mut pending: VecDeque<String> = VecDeque::new();
    let mut unmatched: VecDeque<String> = VecDeque::new();
    for raw in output.split('\n') {
        let line = strip(raw);
        if let Some(test) = MAVEN_TEST.captures(line) {
            pending.push_back(test[1].to_string());
        }
        if let Some(result) = MAVEN_RESULT.captures(line) {
            match pending.pop_front() {
                Some(test) => statuses.insert(test, build_status(&result[1])),
                None => unmatched.push_back(result[1].to_string()),
            }
        }
    }
    for (test, result) in pending.into_iter().zip(unmatched) {
        statuses.insert(test, build_status(&result));
    }
    statuses
}

impl LogFormat for Ant {
    fn name(&self) -> &'static str {
        "ant"
    }

    fn looks_like(&self, output: &str) -> bool {
        any_line_matches(output, &ANT_RESULT)
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        statuses_by_outcome(output, &ANT_RESULT, |outcome| {
            Some(if outcome == "PASS" { "PASSED" } else { "FAILED" })
        })
    }
}

impl LogFormat for GradleCustom {
    fn name(&self) -> &'static str {
        "gradle_custom"
    }

    /// `Class > method PASSED`: a class name (no `::`, no brackets) and the `>` keep pytest's
    /// verbose lines out.
    fn looks_like(&self, output: &str) -> bool {
        any_line_matches(output, &GRADLE_NAMED_RESULT)
    }

    fn statuses(&self, output: &str, harness: Harness) -> Statuses {
        let status_of = |outcome: &str| Some(if outcome == "PASSED" { "PASSED" } else { "FAILED" });
        if !harness.is_current() {
            return statuses_by_outcome(output, &GRADLE_RESULT, status_of);
        }
        let mut statuses = Statuses::default();
        let mut pending: Option<String> = None;
        for raw in output.split('\n') {
            let line = strip(raw);
            if let Some(found) = GRADLE_RESULT.captures(line) {
                statuses.insert(&found["name"], status_of(&found["outcome"]).unwrap_or_default());
                pending = None;
            } else if let Some(test) = GRADLE_TEST_ALONE.captures(line) {
                pending = Some(test[1].to_string());
            } else if let Some(test) = pending.take_if(|_| line == "PASSED" || line == "FAILED") {
                statuses.insert(test, status_of(line).unwrap_or_default());
            }
        }
        statuses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INTERLEAVED: &str = "+ mvn test -Dtest=FooTest#a\n+ mvn test -Dtest=FooTest#b\n[INFO] BUILD SUCCESS\n[INFO] BUILD FAILURE\n";

    #[test]
    fn gradle_is_told_by_a_class_name_before_the_arrow() {
        assert!(GradleCustom.looks_like("org.example.FooTest > testBar() PASSED\n"));
        let pytest_verbose = "tests/test_a.py::test_cmp[a > b] PASSED\ntests/test_a.py::test_x FAILED\n";
        assert!(!GradleCustom.looks_like(pytest_verbose));
    }

    #[test]
    fn maven_pairs_results_with_commands_as_each_release_does() {
        let five = Maven.statuses(INTERLEAVED, Harness::Current);
        assert_eq!(five.get("FooTest#a"), Some("PASSED"));
        assert_eq!(five.get("FooTest#b"), Some("FAILED"));
        let four = Maven.statuses(INTERLEAVED, Harness::Markers);
        assert_eq!(four.get("FooTest#a"), None);
        assert_eq!(
            four.get("FooTest#b"),
            Some("FAILED"),
            "the last result wins for the last named test"
        );
        let late = "[INFO] BUILD SUCCESS\n+ mvn test -Dtest=Late\n";
        assert_eq!(Maven.statuses(late, Harness::Current).get("Late"), Some("PASSED"));
        assert_eq!(
            Maven.statuses(late, Harness::Markers).get("---NO TEST NAME FOUND YET---"),
            Some("PASSED")
        );
    }

    #[test]
    fn ant_and_gradle_lines() {
        let ant = Ant.statuses(
            "    [junit] [PASS] lombok.TestJavac.testA\n    [junit] [ERR] lombok.TestJavac.testB\n",
            Harness::Current,
        );
        assert_eq!(ant.get("lombok.TestJavac.testA"), Some("PASSED"));
        assert_eq!(ant.get("lombok.TestJavac.testB"), Some("FAILED"));
        let gradle =
            "org.apache.lucene.TestX > testA PASSED\norg.apache.lucene.TestX > testB\nWARNING: something\nFAILED\n> Task :test FAILED\n";
        let five = GradleCustom.statuses(gradle, Harness::Current);
        assert_eq!(five.get("org.apache.lucene.TestX > testA"), Some("PASSED"));
        assert_eq!(five.get("org.apache.lucene.TestX > testB"), Some("FAILED"));
        assert_eq!(five.len(), 2);
        assert_eq!(GradleCustom.statuses(gradle, Harness::Markers).len(), 1);
    }
}
