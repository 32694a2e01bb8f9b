//! Test logs into per-test statuses. A runner's output format is one type implementing
//! [`LogFormat`], registered in [`FORMATS`]; a new runner is one file and one line there.
//!
//! For SWE-bench's repositories the format is the one the official harness maps the repository
//! to ([`HARNESS_PARSERS`]), and the harness generation that wrote the log ([`Harness`], told from
//! its markers) decides where the test output is and which release's parser rules apply, so that
//! the statuses are the harness's own, name for name. SWE-bench Multilingual's and Multimodal's
//! repositories, in other languages, map to their runners' formats ([`OTHER_LANGUAGE_PARSERS`]);
//! [`harness_map`] holds the maps. Other repositories' logs are read by the format they look like.

pub mod c_runners;
pub mod cargo_test;
pub mod django;
pub mod exceptions;
pub mod go_test;
pub mod harness;
pub mod harness_map;
pub mod infra_failure;
pub mod java;
pub mod javascript;
pub mod line_pattern;
pub mod multimodal;
pub mod multimodal_swebench5;
pub mod multimodal_versions;
pub mod phpunit;
pub mod pytest;
pub mod pytest_ids;
pub mod python_str;
pub mod ruby;
pub mod statuses;
pub mod sympy;

pub use exceptions::{exception_class, exception_for_tests, strip_ansi};
pub use harness::Harness;
pub use harness_map::{
    fail_only, format_for, language_of, per_instance_format, stated_format, LogOf, HARNESS_PARSERS, OTHER_LANGUAGE_PARSERS,
};
pub use statuses::Statuses;

/// A log file's text. UTF-16, told by its byte order mark (Windows PowerShell writes a redirected
/// test run's output so), is decoded as such; anything else is UTF-8, each invalid byte read as
/// U+FFFD. Read as UTF-8, UTF-16 would hold no test name the dataset lists.
pub fn log_text(bytes: &[u8]) -> String {
    let units = |rest: &[u8], unit: fn([u8; 2]) -> u16| -> Vec<u16> { rest.chunks_exact(2).map(|pair| unit([pair[0], pair[1]])).collect() };
    match bytes {
        [0xFF, 0xFE, rest @ ..] => String::from_utf16_lossy(&units(rest, u16::from_le_bytes)),
        [0xFE, 0xFF, rest @ ..] => String::from_utf16_lossy(&units(rest, u16::from_be_bytes)),
        _ => String::from_utf8_lossy(benchscope_contract::file_names::without_byte_order_mark(bytes)).into_owned(),
    }
}

/// One runner's output format.
pub trait LogFormat: Sync {
    /// Its name: the harness's parser name without `parse_log_` where it has one.
    fn name(&self) -> &'static str;

    /// Test id → status word, as `harness`'s release of this parser reads `output`.
    fn statuses(&self, output: &str, harness: Harness) -> Statuses;

    /// Whether a log of a repository the harness does not map looks like this runner's.
    fn looks_like(&self, _output: &str) -> bool {
        false
    }

    /// Whether collection failed somewhere (an import or syntax error before any test ran).
    fn collection_error(&self, output: &str) -> bool {
        pytest_ids::has_collection_error(output)
    }

    /// The exception that failed `tests`, from the log (`AssertionError`, `TypeError`, ...).
    fn failure_exception(&self, log: &str, tests: &[&str]) -> Option<String> {
        exception_for_tests(log, tests)
    }

    /// The complete report on `log`: where the harness that wrote it finds the test output,
    /// the statuses this format reads there, and whether collection failed.
    fn report(&self, log: &str) -> TestReport {
        // The harness reads logs in text mode: universal newlines.
        let log = python_str::universal_newlines(log);
        let harness = Harness::detect(&log);
        let found = harness.read(&log, |output| self.statuses(output, harness));
        TestReport {
            format: self.name(),
            harness,
            applied: found.applied,
            statuses: found.statuses,
            collection_error: self.collection_error(&log),
            fail_only: false,
        }
    }
}

/// Every format. A log of a repository the harness does not map is read by the first whose
/// `looks_like` accepts it (pytest's output before the runners that may print inside it, and
/// `cargo test`'s `test name ... ok` before Django's, which reads the same line), else by
/// [`pytest_ids::PytestIds`].
pub static FORMATS: [&dyn LogFormat; 45] = [
    &pytest::Pytest,
    &pytest::PytestOptions,
    &pytest::PytestV2,
    &pytest::Matplotlib,
    &pytest::Seaborn,
    &pytest_ids::PytestIds,
    &go_test::GoTest,
    &cargo_test::CargoTest,
    &javascript::Jest,
    &javascript::Vitest,
    &javascript::Tap,
    &c_runners::Googletest,
    &c_runners::Doctest,
    &phpunit::Phpunit,
    &django::Django,
    &sympy::Sympy,
    &javascript::JestJson,
    &javascript::Karma,
    &java::Maven,
    &java::Ant,
    &java::GradleCustom,
    &c_runners::Redis,
    &c_runners::Jq,
    &c_runners::MicropythonTest,
    &ruby::Minitest,
    &ruby::Cucumber,
    &ruby::RubyUnit,
    &ruby::RspecTransformedJson,
    &multimodal::Calypso,
    &multimodal::ChartJs,
    &multimodal::Marked,
    &multimodal::P5js,
    &multimodal::ReactPdf,
    &multimodal_swebench5::Carbon,
    &multimodal_swebench5::Grommet,
    &multimodal_swebench5::Highlightjs,
    &multimodal_swebench5::Eslint,
    &multimodal_swebench5::Openlayers,
    &multimodal_swebench5::BpmnJs,
    &multimodal_swebench5::Prismjs,
    &multimodal_swebench5::QuartoCli,
    &multimodal_versions::NextKarma,
    &multimodal_versions::NextCypress,
    &multimodal_versions::LighthouseMocha,
    &multimodal_versions::LighthouseJson,
];

/// What a test log says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestReport {
    /// Which format read it.
    pub format: &'static str,
    /// Which harness generation wrote it.
    pub harness: Harness,
    /// Whether test output was found (the harness's `patch_successfully_applied`).
    pub applied: bool,
    /// Test id → status word.
    pub statuses: Statuses,
    /// Whether test collection failed somewhere.
    pub collection_error: bool,
    /// Whether the harness grades it fail-only ([`fail_only`]; set by [`TestReport::for_repo`]).
    pub fail_only: bool,
}

impl TestReport {
    /// The report graded as the harness grades an instance of `repo`.
    pub fn for_repo(mut self, repo: &str) -> Self {
        self.fail_only = fail_only(repo, self.harness);
        self
    }
}

/// The format named `name`.
pub fn format_named(name: &str) -> Option<&'static dyn LogFormat> {
    FORMATS.iter().copied().find(|f| f.name() == name)
}

/// Parses `log`, written by the tests of `repo` (when known), graded as the harness grades it.
pub fn parse_log(log: &str, repo: Option<&str>) -> TestReport {
    let report = format_for(LogOf { repo, ..LogOf::default() }, log).report(log);
    match repo {
        Some(repo) => report.for_repo(repo),
        None => report,
    }
}

#[cfg(test)]
mod tests {
    use super::log_text;

    #[test]
    fn a_log_in_utf16_is_decoded_by_its_byte_order_mark() {
        let text = "PASSED tests/test_é.py::test_a\n";
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(log_text(&le), text);
        assert_eq!(log_text(&be), text);
    }

    #[test]
    fn a_log_in_utf8_keeps_its_text_and_replaces_bytes_that_are_not() {
        assert_eq!(log_text(b"\xEF\xBB\xBFok\n"), "ok\n");
        assert_eq!(log_text(b"a\xFFb"), "a\u{FFFD}b");
    }
}
