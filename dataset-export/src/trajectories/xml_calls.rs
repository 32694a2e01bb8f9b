//! Tool calls written into a message's text, as SWE-agent's XML function calling and OpenHands'
//! prompt for models without native tool calls write them (and so the trajectories SWE-smith
//! publishes):
//!
//! ```text
//! <function=bash>
//! <parameter=command>ls -la</parameter>
//! </function>
//! ```

use serde_json::{Map, Value};

/// One call: the tool's name and its parameters, as a JSON object of strings.
#[derive(Debug, Clone, PartialEq)]
pub struct TextCall {
    /// The tool (`bash`, `str_replace_editor`).
    pub name: String,
    /// Parameter name → value.
    pub arguments: Value,
}

/// The text before the first call, and the calls; none when `content` holds no call.
pub fn text_calls(content: &str) -> Option<(String, Vec<TextCall>)> {
    let first = content.find("<function=")?;
    let mut calls = Vec::new();
    let mut rest = &content[first..];
    while let Some(start) = rest.find("<function=") {
        let after = &rest[start + "<function=".len()..];
        let Some(close) = after.find('>') else { break };
        let name = after[..close].trim().to_string();
        let body = &after[close + 1..];
        let (inside, next) = match body.find("</function>") {
            Some(end) => (&body[..end], &body[end + "</function>".len()..]),
            None => (body, ""),
        };
        calls.push(TextCall {
            name,
            arguments: Value::Object(parameters(inside)),
        });
        rest = next;
    }
    let thought = content[..first].trim().to_string();
    (!calls.is_empty()).then_some((thought, calls))
}

/// `<parameter=name>value</parameter>` pairs; a value keeps its text but the one line break
/// that opens and the one that closes it.
fn parameters(inside: &str) -> Map<String, Value> {
    let mut found = Map::new();
    let mut rest = inside;
    while let Some(start) = rest.find("<parameter=") {
        let after = &rest[start + "<parameter=".len()..];
        let Some(close) = after.find('>') else { break };
        let name = after[..close].trim().to_string();
        let body = &after[close + 1..];
        let end = body.find("</parameter>").or_else(|| body.find("<parameter=")).unwrap_or(body.len());
        let value = body[..end].strip_prefix('\n').unwrap_or(&body[..end]);
        let value = value.strip_suffix('\n').unwrap_or(value);
        found.insert(name, Value::String(value.to_string()));
        rest = &body[end..];
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn calls_and_the_thought_before_them_are_read() {
        let content = "Let me look.\n\n<function=bash>\n<parameter=command>ls -la /testbed</parameter>\n</function>";
        let (thought, calls) = text_calls(content).unwrap();
        assert_eq!(thought, "Let me look.");
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0].name, "bash");
        assert_eq!(calls[0].arguments, json!({"command": "ls -la /testbed"}));
    }

    #[test]
    fn multi_line_values_keep_their_lines() {
        let content = "<function=str_replace_editor>\n<parameter=command>str_replace</parameter>\n<parameter=path>/testbed/a.py</parameter>\n<parameter=old_str>\n    return a - b\n</parameter>\n<parameter=new_str>\n    return a + b\n</parameter>\n</function>";
        let (thought, calls) = text_calls(content).unwrap();
        assert_eq!(thought, "");
        assert_eq!(
            calls[0].arguments,
            json!({"command": "str_replace", "path": "/testbed/a.py", "old_str": "    return a - b", "new_str": "    return a + b"})
        );
    }

    #[test]
    fn text_without_calls_or_cut_short_is_read_as_far_as_it_goes() {
        assert_eq!(text_calls("just thinking"), None);
        let (_, calls) = text_calls("x <function=bash>\n<parameter=command>ls").unwrap();
        assert_eq!(calls[0].arguments, json!({"command": "ls"}));
        assert_eq!(text_calls("<function=bash"), None, "no name closed, no call");
    }
}
