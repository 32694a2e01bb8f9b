//! The harness's pytest parsers: `parse_log_pytest`, `parse_log_pytest_options`,
//! `parse_log_pytest_v2`, `parse_log_matplotlib` and `parse_log_seaborn`. They read pytest's
//! `-rA` summary (`STATUS id[ - message]`) a whitespace-separated token at a time, so a
//! parametrized id with spaces is keyed by its part before the first space, as the datasets'
//! lists hold it; swebench 5's `pytest_v2` keeps the whole id.

use regex::Regex;
use std::sync::LazyLock;

use super::harness::Harness;
use super::python_str::split;
use super::statuses::Statuses;
use super::LogFormat;

static SKIP_SUMMARY_COUNT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\[\d+\]$").expect("a valid pattern"));
static COLOUR_CODE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[(\d+)m").expect("a valid pattern"));
static OPTION: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(.*?)\[(.*)\]").expect("a valid pattern"));

/// `parse_log_pytest` (astroid, flask, marshmallow, pvlib, pytest, pyvista, sqlfluff, xarray).
pub struct Pytest;
/// `parse_log_pytest_options` (pydicom, pylint, requests): a path option is cut to its file name.
pub struct PytestOptions;
/// `parse_log_pytest_v2` (astropy, scikit-learn, sphinx): colour codes and control characters
/// removed, and the verbose `id STATUS` form read too.
pub struct PytestV2;
/// `parse_log_matplotlib`: `MouseButton.LEFT`/`RIGHT` written as 1/3 first.
pub struct Matplotlib;
/// `parse_log_seaborn`: `FAILED id`, `id PASSED ...` and `PASSED id`.
pub struct Seaborn;

/// pytest's `SKIPPED [N] path:line: reason` summary, whose `[N]` is not a test (5.x drops it).
fn is_skip_summary(status: &str, name: &str) -> bool {
    status == "SKIPPED" && SKIP_SUMMARY_COUNT.is_match(name)
}

fn starts_with_status(line: &str, harness: Harness) -> bool {
    harness.status_words().iter().any(|w| line.starts_with(w))
}

/// The summary lines of `parse_log_pytest`, each id passed through `name`.
fn summary_statuses(log: &str, harness: Harness, name: impl Fn(&str) -> String) -> Statuses {
    let mut statuses = Statuses::default();
    for line in log.split('\n') {
        if !starts_with_status(line, harness) {
            continue;
        }
        let line = if line.starts_with("FAILED") {
            line.replace(" - ", " ")
        } else {
            line.to_string()
        };
        let tokens = split(&line);
        if tokens.len() <= 1 || (harness.is_current() && is_skip_summary(tokens[0], tokens[1])) {
            continue;
        }
        statuses.insert(name(tokens[1]), tokens[0]);
    }
    statuses
}

impl LogFormat for Pytest {
    fn name(&self) -> &'static str {
        "pytest"
    }

    fn statuses(&self, output: &str, harness: Harness) -> Statuses {
        summary_statuses(output, harness, str::to_string)
    }
}

impl LogFormat for PytestOptions {
    fn name(&self) -> &'static str {
        "pytest_options"
    }

    fn statuses(&self, output: &str, harness: Harness) -> Statuses {
        summary_statuses(output, harness, |id| {
            let Some(found) = OPTION.captures(id) else {
                return id.to_string();
            };
            let mut option = found[2].to_string();
            if option.starts_with('/') && !option.starts_with("//") && !option.contains('*') {
                option = format!("/{}", option.rsplit('/').next().unwrap_or_default());
            }
            format!("{}[{option}]", &found[1])
        })
    }
}

impl LogFormat for Matplotlib {
    fn name(&self) -> &'static str {
        "matplotlib"
    }

    fn statuses(&self, output: &str, harness: Harness) -> Statuses {
        if harness == Harness::PreDocker {
            return Pytest.statuses(output, harness);
        }
        let output = output.replace("MouseButton.LEFT", "1").replace("MouseButton.RIGHT", "3");
        summary_statuses(&output, harness, str::to_string)
    }
}

impl LogFormat for PytestV2 {
    fn name(&self) -> &'static str {
        "pytest_v2"
    }

    fn statuses(&self, output: &str, harness: Harness) -> Statuses {
        let mut statuses = Statuses::default();
        for raw in output.split('\n') {
            let line: String = COLOUR_CODE
                .replace_all(raw, "")
                .chars()
                .filter(|c| !('\u{1}'..='\u{1f}').contains(c))
                .collect();
            if starts_with_status(&line, harness) {
                read_v2_summary(&line, harness, &mut statuses);
            } else if harness != Harness::PreDocker && harness.status_words().iter().any(|w| line.ends_with(w)) {
                let tokens = split(&line);
                if tokens.len() < 2 {
                    continue; // the 2.x-4.x harness stops with an IndexError here
                }
                if harness.is_current() {
                    statuses.insert(tokens[..tokens.len() - 1].join(" "), tokens[tokens.len() - 1]);
                } else {
                    statuses.insert(tokens[0], tokens[1]);
                }
            }
        }
        statuses
    }
}

fn read_v2_summary(line: &str, harness: Harness, statuses: &mut Statuses) {
    if harness.is_current() {
        let line = if line.starts_with("FAILED") {
            line.split(" - ").next().unwrap_or_default()
        } else {
            line
        };
        let tokens = split(line);
        if tokens.len() >= 2 && !is_skip_summary(tokens[0], tokens[1]) {
            statuses.insert(tokens[1..].join(" "), tokens[0]);
        }
    } else {
        let line = if line.starts_with("FAILED") {
            line.replace(" - ", " ")
        } else {
            line.to_string()
        };
        let tokens = split(&line);
        if tokens.len() >= 2 {
            statuses.insert(tokens[1], tokens[0]); // older releases stop with an IndexError otherwise
        }
    }
}

impl LogFormat for Seaborn {
    fn name(&self) -> &'static str {
        "seaborn"
    }

    fn statuses(&self, output: &str, _harness: Harness) -> Statuses {
        let mut statuses = Statuses::default();
        for line in output.split('\n') {
            let parts = split(line);
            // Releases before 5.x stop with an IndexError on a one-word line that reaches a branch.
            if parts.len() < 2 {
                continue;
            }
            if line.starts_with("FAILED") {
                statuses.insert(parts[1], "FAILED");
            } else if line.contains(" PASSED ") {
                if parts[1] == "PASSED" {
                    statuses.insert(parts[0], "PASSED");
                }
            } else if line.starts_with("PASSED") {
                statuses.insert(parts[1], "PASSED");
            }
        }
        statuses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(format: &dyn LogFormat, log: &str, harness: Harness) -> Vec<(String, String)> {
        format
            .statuses(log, harness)
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn ids_with_spaces_are_cut_at_the_first_space() {
        let log = "PASSED t.py::test_get_assertion_exprs[assert x == 1]\nFAILED t.py::b[x - y] - AssertionError\n";
        let cut = read(&Pytest, log, Harness::DockerTrace);
        assert_eq!(
            cut,
            [
                ("t.py::b[x".into(), "FAILED".into()),
                ("t.py::test_get_assertion_exprs[assert".into(), "PASSED".into())
            ]
        );
        let whole = read(&PytestV2, log, Harness::Current);
        assert!(whole.contains(&("t.py::test_get_assertion_exprs[assert x == 1]".into(), "PASSED".into())));
        assert!(
            whole.contains(&("t.py::b[x".into(), "FAILED".into())),
            "5.x cuts a FAILED line at its first ' - '"
        );
    }

    #[test]
    fn skip_summaries_are_tests_only_before_5() {
        let log = "SKIPPED [1] t.py:3: no db\n";
        assert_eq!(read(&Pytest, log, Harness::Markers), [("[1]".into(), "SKIPPED".into())]);
        assert!(read(&Pytest, log, Harness::Current).is_empty());
    }

    #[test]
    fn path_options_keep_their_file_name() {
        let log = "PASSED tests/t.py::test_x[/tmp/a/b.txt]\nPASSED tests/t.py::test_y[//net/a]\n";
        let read = read(&PytestOptions, log, Harness::Current);
        assert_eq!(read[0].0, "tests/t.py::test_x[/b.txt]");
        assert_eq!(read[1].0, "tests/t.py::test_y[//net/a]");
    }
}
