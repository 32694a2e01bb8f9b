//! The log parser an instance's record names for its own harness (SWE-rebench's
//! `install_config.log_parser`, a `log_parser` field), and what `grade` says about the ones it
//! read a log by and the ones it does not know.

use std::collections::BTreeMap;

use benchscope_contract::wording::{agreeing, plural};
use benchscope_contract::Instance;
use serde_json::Value;

/// The parser `instance`'s record names: a `log_parser` field, else `install_config`'s (an
/// object, or one encoded as a JSON string).
pub fn stated_parser(instance: &Instance) -> Option<String> {
    let named = |value: Option<&Value>| {
        value
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(String::from)
    };
    if let Some(name) = named(instance.extra.get("log_parser")) {
        return Some(name);
    }
    match instance.extra.get("install_config")? {
        Value::Object(config) => named(config.get("log_parser")),
        Value::String(encoded) => {
            let config: Value = serde_json::from_str(encoded).ok()?;
            named(config.get("log_parser"))
        }
        _ => None,
    }
}

/// The parser an instance's record names, and whether `grade` read its log by it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatedParser {
    /// As the record writes it (`parse_log_gotest`).
    pub name: String,
    /// Whether a parser here reads it.
    pub read: bool,
}

/// The parsers a run's instances named, counted by name and by whether `grade` reads them.
#[derive(Debug, Default)]
pub struct StatedParsers {
    read: BTreeMap<String, usize>,
    unknown: BTreeMap<String, usize>,
}

impl StatedParsers {
    /// Counts one instance's stated parser.
    pub fn count(&mut self, stated: Option<&StatedParser>) {
        let Some(stated) = stated else { return };
        let tally = if stated.read { &mut self.read } else { &mut self.unknown };
        *tally.entry(stated.name.clone()).or_default() += 1;
    }

    /// The run's note on the logs read by the parser their instance names.
    pub fn note(&self) -> Option<String> {
        let logs: usize = self.read.values().sum();
        (logs > 0).then(|| {
            format!(
                "{} read by the parser {} instance's record names ({})",
                plural(logs, "log"),
                agreeing(logs, "its", "their"),
                by_name(&self.read)
            )
        })
    }

    /// The warning on the parsers instances name that `grade` does not read.
    pub fn warning(&self) -> Option<String> {
        let instances: usize = self.unknown.values().sum();
        (instances > 0).then(|| {
            format!(
                "{} {} a log parser grade does not read ({}): {} read by the repository's parser, else the format it looks like",
                plural(instances, "instance"),
                agreeing(instances, "names", "name"),
                by_name(&self.unknown),
                agreeing(instances, "its log was", "their logs were")
            )
        })
    }
}

/// "parse_log_gotest: 3, parse_log_jest: 1".
fn by_name(counts: &BTreeMap<String, usize>) -> String {
    counts.iter().map(|(name, n)| format!("{name}: {n}")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn instance(extra: Value) -> Instance {
        Instance {
            extra: serde_json::from_value(extra).unwrap(),
            ..Instance::default()
        }
    }

    #[test]
    fn the_parser_is_read_from_the_field_or_the_install_config() {
        let rebench = instance(json!({"install_config": {"log_parser": "parse_log_gotest", "test_cmd": "go test ./..."}}));
        assert_eq!(stated_parser(&rebench).as_deref(), Some("parse_log_gotest"));
        let encoded = instance(json!({"install_config": "{\"log_parser\": \"parse_log_pytest\"}"}));
        assert_eq!(stated_parser(&encoded).as_deref(), Some("parse_log_pytest"));
        let field = instance(json!({"log_parser": "pytest", "install_config": {"log_parser": "parse_log_jest"}}));
        assert_eq!(stated_parser(&field).as_deref(), Some("pytest"));
        for none in [
            json!({}),
            json!({"log_parser": " "}),
            json!({"install_config": {"python": "3.9"}}),
            json!({"install_config": 3}),
        ] {
            assert_eq!(stated_parser(&instance(none.clone())), None, "{none}");
        }
    }

    fn named((name, read): (&str, bool)) -> StatedParser {
        StatedParser { name: name.into(), read }
    }

    #[test]
    fn names_are_counted_as_read_or_unknown() {
        let mut parsers = StatedParsers::default();
        for stated in [
            Some(("parse_log_gotest", true)),
            Some(("parse_log_gotest", true)),
            Some(("jest", true)),
            Some(("parse_log_synthesized_42", false)),
            None,
        ] {
            parsers.count(stated.map(named).as_ref());
        }
        assert_eq!(
            parsers.note().as_deref(),
            Some("3 logs read by the parser their instance's record names (jest: 1, parse_log_gotest: 2)")
        );
        let warning = parsers.warning().unwrap();
        assert_eq!(
            warning,
            "1 instance names a log parser grade does not read (parse_log_synthesized_42: 1): its log was read by the repository's parser, else the format it looks like"
        );
        let mut one = StatedParsers::default();
        one.count(Some(&named(("parse_log_gotest", true))));
        assert_eq!(
            one.note().as_deref(),
            Some("1 log read by the parser its instance's record names (parse_log_gotest: 1)")
        );
        assert_eq!(StatedParsers::default().note(), None);
        assert_eq!(StatedParsers::default().warning(), None);
    }
}
