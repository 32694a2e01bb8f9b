//! The test command an instance's own record states, which `eval` runs when not given one:
//! SWE-bench-Live's `test_cmds` and SWE-PolyBench's `test_command`, run as written (their
//! harnesses run them so), and SWE-rebench's `install_config.test_cmd`, to which swebench's
//! harness appends the test files when the instance is Python's and runs it as written otherwise.

use benchscope_contract::Instance;
use serde_json::Value;

/// The command `instance`'s record states, `{tests}` standing for the test files where the
/// harness appends them; none when it states none.
pub fn stated_command(instance: &Instance, python: bool) -> Option<String> {
    let extra = &instance.extra;
    if let Some(commands) = extra.get("test_cmds").and_then(commands) {
        return Some(commands);
    }
    if let Some(command) = extra.get("test_command").and_then(commands) {
        return Some(command);
    }
    let config = match extra.get("install_config")? {
        Value::String(encoded) => serde_json::from_str(encoded).ok()?,
        config => config.clone(),
    };
    let command = config.get("test_cmd").and_then(commands)?;
    Some(if python { format!("{command} {{tests}}") } else { command })
}

/// A command or a list of them, one a line (a list encoded as a JSON string too); none when
/// blank.
fn commands(value: &Value) -> Option<String> {
    let lines: Vec<String> = match value {
        Value::String(text) => match serde_json::from_str::<Vec<String>>(text) {
            Ok(list) => list,
            Err(_) => vec![text.clone()],
        },
        Value::Array(items) => items.iter().filter_map(Value::as_str).map(String::from).collect(),
        _ => return None,
    };
    let lines: Vec<&str> = lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()).collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
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
    fn each_benchmark_states_its_command_its_own_way() {
        let live = instance(json!({"test_cmds": ["pytest -rA", " ", "tox -e py"]}));
        assert_eq!(stated_command(&live, true).as_deref(), Some("pytest -rA\ntox -e py"));
        let encoded = instance(json!({"test_cmds": "[\"pytest -rA\"]"}));
        assert_eq!(stated_command(&encoded, true).as_deref(), Some("pytest -rA"));
        let polybench = instance(json!({"test_command": "yarn test src/a.test.js"}));
        assert_eq!(stated_command(&polybench, false).as_deref(), Some("yarn test src/a.test.js"));
        let rebench = json!({"install_config": {"test_cmd": "pytest --no-header -rA", "log_parser": "parse_log_pytest"}});
        assert_eq!(
            stated_command(&instance(rebench.clone()), true).as_deref(),
            Some("pytest --no-header -rA {tests}")
        );
        assert_eq!(stated_command(&instance(rebench), false).as_deref(), Some("pytest --no-header -rA"));
        let as_string = instance(json!({"install_config": "{\"test_cmd\": \"go test ./...\"}"}));
        assert_eq!(stated_command(&as_string, false).as_deref(), Some("go test ./..."));
        for none in [
            json!({}),
            json!({"test_cmds": []}),
            json!({"test_cmds": " "}),
            json!({"install_config": {"python": "3.9"}}),
            json!({"install_config": 3}),
            json!({"test_command": 7}),
        ] {
            assert_eq!(stated_command(&instance(none.clone()), true), None, "{none}");
        }
    }
}
