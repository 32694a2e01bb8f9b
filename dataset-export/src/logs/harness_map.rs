//! Which of the harness's parsers reads a log, as the harness picks it: by the instance's
//! repository (`MAP_REPO_TO_PARSER` and its other languages' maps), for a few repositories by the
//! instance itself, and which repositories it grades fail-only; and the language its maps put a
//! repository in.

use super::harness::Harness;
use super::python_str::{split_part, strip};
use super::{format_named, pytest_ids, LogFormat, FORMATS};

/// The harness's repository → parser map (`MAP_REPO_TO_PARSER`), the same in every release.
pub const HARNESS_PARSERS: [(&str, &str); 18] = [
    ("astropy/astropy", "pytest_v2"),
    ("django/django", "django"),
    ("marshmallow-code/marshmallow", "pytest"),
    ("matplotlib/matplotlib", "matplotlib"),
    ("mwaskom/seaborn", "seaborn"),
    ("pallets/flask", "pytest"),
    ("psf/requests", "pytest_options"),
    ("pvlib/pvlib-python", "pytest"),
    ("pydata/xarray", "pytest"),
    ("pydicom/pydicom", "pytest_options"),
    ("pylint-dev/astroid", "pytest"),
    ("pylint-dev/pylint", "pytest_options"),
    ("pytest-dev/pytest", "pytest"),
    ("pyvista/pyvista", "pytest"),
    ("scikit-learn/scikit-learn", "pytest_v2"),
    ("sqlfluff/sqlfluff", "pytest"),
    ("sphinx-doc/sphinx", "pytest_v2"),
    ("sympy/sympy", "sympy"),
];

/// The harness's map for SWE-bench Multilingual's and Multimodal's repositories (swebench 4
/// onwards: `MAP_REPO_TO_PARSER_GO`, `_RUST`, `_PHP`, `_JAVA`, `_C`, `_RUBY`, `_JS`). Jekyll's,
/// immutable-js's, Next's and Lighthouse's parser depends on the instance
/// ([`per_instance_format`]). Emotion, plotly.js and Cypress are left out: swebench 5's registry
/// does not hold their parsers, so their logs are read by the format they look like.
pub const OTHER_LANGUAGE_PARSERS: [(&str, &str); 54] = [
    ("caddyserver/caddy", "gotest"),
    ("hashicorp/terraform", "gotest"),
    ("prometheus/prometheus", "gotest"),
    ("gohugoio/hugo", "gotest"),
    ("gin-gonic/gin", "gotest"),
    ("burntsushi/ripgrep", "cargo"),
    ("sharkdp/bat", "cargo"),
    ("astral-sh/ruff", "cargo"),
    ("tokio-rs/tokio", "cargo"),
    ("uutils/coreutils", "cargo"),
    ("nushell/nushell", "cargo"),
    ("tokio-rs/axum", "cargo"),
    ("phpoffice/phpspreadsheet", "phpunit"),
    ("laravel/framework", "phpunit"),
    ("php-cs-fixer/php-cs-fixer", "phpunit"),
    ("briannesbitt/carbon", "phpunit"),
    ("google/gson", "maven"),
    ("apache/druid", "maven"),
    ("javaparser/javaparser", "maven"),
    ("projectlombok/lombok", "ant"),
    ("apache/lucene", "gradle_custom"),
    ("reactivex/rxjava", "gradle_custom"),
    ("redis/redis", "redis"),
    ("jqlang/jq", "jq"),
    ("nlohmann/json", "doctest"),
    ("micropython/micropython", "micropython_test"),
    ("valkey-io/valkey", "redis"),
    ("fmtlib/fmt", "googletest"),
    ("fluent/fluentd", "ruby_unit"),
    ("fastlane/fastlane", "rspec_transformed_json"),
    ("jordansissel/fpm", "rspec_transformed_json"),
    ("faker-ruby/faker", "ruby_unit"),
    ("rubocop/rubocop", "rspec_transformed_json"),
    ("babel/babel", "jest"),
    ("vuejs/core", "vitest"),
    ("facebook/docusaurus", "jest"),
    ("mrdoob/three.js", "tap"),
    ("preactjs/preact", "karma"),
    ("axios/axios", "tap"),
    ("Automattic/wp-calypso", "calypso"),
    ("chartjs/Chart.js", "chart_js"),
    ("markedjs/marked", "marked"),
    ("processing/p5.js", "p5js"),
    ("diegomura/react-pdf", "react_pdf"),
    ("bpmn-io/bpmn-js", "bpmn_js"),
    ("carbon-design-system/carbon", "carbon"),
    ("eslint/eslint", "eslint"),
    ("grommet/grommet", "grommet"),
    ("highlightjs/highlight.js", "highlightjs"),
    ("openlayers/openlayers", "openlayers"),
    ("prettier/prettier", "carbon"),
    ("scratchfoundation/scratch-gui", "carbon"),
    ("PrismJS/prism", "prismjs"),
    ("quarto-dev/quarto-cli", "quarto_cli"),
];

/// The language of a repository of SWE-bench Multilingual or Multimodal, as the harness's maps
/// group them (`_GO`, `_RUST`, `_PHP`, `_JAVA`, `_C`, `_RUBY`, `_JS`; the two C++ repositories
/// apart from C's): the export's language facet. None for Python's repositories and for those
/// the harness does not map.
pub fn language_of(repo: &str) -> Option<&'static str> {
    // Repositories of `_JS` and `_RUBY` whose parser depends on the instance or is not read here.
    const UNLISTED: [(&str, &str); 7] = [
        ("jekyll/jekyll", "Ruby"),
        ("immutable-js/immutable-js", JS),
        ("alibaba-fusion/next", JS),
        ("GoogleChrome/lighthouse", JS),
        ("emotion-js/emotion", JS),
        ("plotly/plotly.js", JS),
        ("cypress-io/cypress", JS),
    ];
    const JS: &str = "JavaScript/TypeScript";
    if let Some((_, language)) = UNLISTED.iter().find(|(r, _)| r.eq_ignore_ascii_case(repo)) {
        return Some(language);
    }
    let (_, parser) = OTHER_LANGUAGE_PARSERS.iter().find(|(r, _)| r.eq_ignore_ascii_case(repo))?;
    Some(match *parser {
        "gotest" => "Go",
        "cargo" => "Rust",
        "phpunit" => "PHP",
        "maven" | "ant" | "gradle_custom" => "Java",
        "redis" | "jq" | "micropython_test" => "C",
        "googletest" | "doctest" => "C++",
        "minitest" | "cucumber" | "ruby_unit" | "rspec_transformed_json" => "Ruby",
        _ => JS,
    })
}

/// The instance a log is of, as far as it is known: what the harness picks a parser by.
#[derive(Debug, Clone, Copy, Default)]
pub struct LogOf<'a> {
    /// `owner/name`.
    pub repo: Option<&'a str>,
    /// The instance's id (Jekyll's and immutable-js's parser depends on its pull request).
    pub instance_id: Option<&'a str>,
    /// The dataset's `version` of the instance (Next's and Lighthouse's parser depends on it).
    pub version: Option<&'a str>,
    /// The parser the instance's record names for its own harness (SWE-rebench's
    /// `install_config.log_parser`, `parse_log_gotest`), if any.
    pub stated_parser: Option<&'a str>,
}

/// The format of the parser an instance's record names, by swebench's function name
/// (`parse_log_pytest`) or ours (`pytest`); `parse_log_next` and `parse_log_lighthouse`, whose
/// rules depend on the instance's version, by that version. None for a name not read here.
pub fn stated_format(of: LogOf<'_>) -> Option<&'static dyn LogFormat> {
    let name = of.stated_parser?.trim();
    let name = name.strip_prefix("parse_log_").unwrap_or(name);
    match name {
        "next" => format_named(next_by_version(of.version)),
        "lighthouse" => format_named(lighthouse_by_version(of.version?)?),
        _ => format_named(name).filter(|format| format.name() != pytest_ids::PytestIds.name()),
    }
}

/// The parser of an instance of a repository whose instances do not share one, as the harness
/// picks it: by the pull request's number (`parse_log_jekyll`, `parse_log_immutable_js`) or by
/// the instance's version (`parse_log_next`, `parse_log_lighthouse`). Where the harness would
/// stop on the instance (a number it does not list, a version that is not a number), none.
pub fn per_instance_format(of: LogOf<'_>) -> Option<&'static dyn LogFormat> {
    let repo = of.repo?.to_ascii_lowercase();
    let pull_request = |index| of.instance_id.and_then(|id| split_part(id, "-", index));
    let name = match repo.as_str() {
        "jekyll/jekyll" => match pull_request(1)? {
            "9141" | "8047" | "8167" => "minitest",
            "8761" | "8771" => "cucumber",
            _ => return None,
        },
        "immutable-js/immutable-js" => match pull_request(-1)? {
            "2006" => "jest",
            "2005" => "jest_json",
            _ => return None,
        },
        "alibaba-fusion/next" => next_by_version(of.version),
        "googlechrome/lighthouse" => lighthouse_by_version(of.version?)?,
        _ => return None,
    };
    format_named(name)
}

/// `parse_log_next`'s choice: version 1.27's log is the second layout.
fn next_by_version(version: Option<&str>) -> &'static str {
    match version {
        Some("1.27") => "next_v2",
        _ => "next_v1",
    }
}

/// `parse_log_lighthouse`'s choice by version; none where the harness would stop (a version
/// that is not a number).
fn lighthouse_by_version(version: &str) -> Option<&'static str> {
    Some(match version {
        "9.5" | "10.0" | "10.2" => "lighthouse_mocha",
        version if strip(version).parse::<f64>().ok()? >= 3.0 => "carbon",
        _ => "lighthouse_json",
    })
}

/// Whether the harness grades `repo`'s instances fail-only (`EvalType.FAIL_ONLY`: a listed test
/// fails only if the log names it failed), as the release that wrote the log lists them: its
/// parser reads failures alone (`FAIL_ONLY_REPOS`; swebench 5 added three).
pub fn fail_only(repo: &str, harness: Harness) -> bool {
    const SINCE_4: [&str; 3] = ["chartjs/Chart.js", "processing/p5.js", "markedjs/marked"];
    const SINCE_5: [&str; 3] = ["bpmn-io/bpmn-js", "openlayers/openlayers", "eslint/eslint"];
    let listed = |repos: &[&str]| repos.iter().any(|r| r.eq_ignore_ascii_case(repo));
    listed(&SINCE_4) || (harness.is_current() && listed(&SINCE_5))
}

/// The format of a log of the instance `of`: the one its record names for its harness, else the
/// harness's for the repositories it maps, else the first that the log looks like, else pytest
/// with whole ids.
pub fn format_for(of: LogOf<'_>, log: &str) -> &'static dyn LogFormat {
    if let Some(stated) = stated_format(of) {
        return stated;
    }
    let mapped = of.repo.and_then(|repo| {
        let by_instance = per_instance_format(of);
        let by_repo = HARNESS_PARSERS
            .iter()
            .chain(&OTHER_LANGUAGE_PARSERS)
            .find(|(r, _)| r.eq_ignore_ascii_case(repo))
            .and_then(|(_, name)| format_named(name));
        by_instance.or(by_repo)
    });
    mapped.unwrap_or_else(|| {
        FORMATS
            .iter()
            .copied()
            .find(|f| f.looks_like(log))
            .unwrap_or(&pytest_ids::PytestIds)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_other_language_repository_has_its_language() {
        assert_eq!(language_of("gin-gonic/gin"), Some("Go"));
        assert_eq!(language_of("BurntSushi/ripgrep"), Some("Rust"));
        assert_eq!(language_of("fmtlib/fmt"), Some("C++"));
        assert_eq!(language_of("redis/redis"), Some("C"));
        assert_eq!(language_of("jekyll/jekyll"), Some("Ruby"));
        assert_eq!(language_of("vuejs/core"), Some("JavaScript/TypeScript"));
        assert_eq!(language_of("django/django"), None);
        assert_eq!(language_of("o/r"), None);
        assert!(OTHER_LANGUAGE_PARSERS.iter().all(|(repo, _)| language_of(repo).is_some()));
    }
}
