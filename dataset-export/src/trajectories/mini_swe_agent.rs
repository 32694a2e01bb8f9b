//! mini-swe-agent's `*.traj.json`: `{info, messages, trajectory_format, instance_id}` (or, in
//! older files, the messages alone). In format 1 the assistant writes one bash block and the next
//! user message holds `<returncode>` and `<output>`; in format 1.1 the assistant calls tools
//! (`tool_calls`, several at once since 2.0) and a `role: tool` message answers each, named by its
//! `tool_call_id`, the command's own output and exit code in its `extra`. A model on the
//! Responses API leaves the response itself as the assistant's message, read as the same.

use benchscope_contract::trajectory::text::elision_line;
use benchscope_contract::trajectory::{Step, Trajectory};
use serde_json::Value;

use super::xml_calls::text_calls;
use super::{content_text, edit_line, edit_of, from_info, text, AgentAndModel, StepReader, TrajectoryFormat};

/// The format.
pub struct MiniSweAgent;

impl TrajectoryFormat for MiniSweAgent {
    fn name(&self) -> &'static str {
        "mini-swe-agent"
    }

    fn detect(&self, skeleton: &Value) -> bool {
        messages(skeleton).is_some_and(|m| m.iter().all(|x| x.get("role").is_some()) && !m.is_empty())
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(Reader {
            info: skeleton.get("info").cloned().unwrap_or(Value::Null),
            task: None,
            asked: None,
            answers: Vec::new(),
        })
    }

    /// Its `info`'s `mini_version` and the `config.model.model_name` it ran with.
    fn agent_of(&self, skeleton: &Value) -> AgentAndModel {
        let info = skeleton.get("info").unwrap_or(&Value::Null);
        let version = info.get("mini_version").and_then(Value::as_str);
        AgentAndModel::new(
            Some("mini-swe-agent"),
            version,
            info.pointer("/config/model/model_name").and_then(Value::as_str),
        )
    }
}

/// Each assistant message makes its steps once its answers are in: the tool messages after it,
/// else the user message after it.
struct Reader {
    info: Value,
    task: Option<String>,
    /// The assistant message waiting for its answers.
    asked: Option<Value>,
    /// The tool messages that answered it so far.
    answers: Vec<Value>,
}

impl StepReader for Reader {
    fn element(&mut self, _key: &str, message: Value, steps: &mut Vec<Step>) {
        let message = as_chat_message(message);
        if self.task.is_none() && role(&message) == "user" {
            self.task = Some(content_text(&message));
        }
        if role(&message) == "tool" && self.asked.is_some() {
            self.answers.push(message);
            return;
        }
        if let Some(asked) = self.asked.take() {
            let answers = std::mem::take(&mut self.answers);
            let reply = Some(&message).filter(|m| answers.is_empty() && role(m) == "user");
            steps.extend(assistant_steps(&asked, reply.into_iter().chain(&answers).collect()));
        }
        if role(&message) == "assistant" {
            self.asked = Some(message);
        }
    }

    fn finish(self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        if let Some(asked) = &self.asked {
            steps.extend(assistant_steps(asked, self.answers.iter().collect()));
        }
        from_info(&self.info, self.task)
    }
}

/// The messages of a skeleton: the document itself when it is a bare list, else its `messages`.
fn messages(document: &Value) -> Option<&[Value]> {
    match document {
        Value::Array(messages) => Some(messages),
        Value::Object(_) => document.get("messages")?.as_array().map(Vec::as_slice),
        _ => None,
    }
}

/// A message as a chat completion writes it. With a model on OpenAI's Responses API (mini-swe-agent
/// 2's `litellm_response` and `openrouter_response` models) the agent keeps the response itself,
/// `{object: "response", output: [...]}`, whose `message` items are its text and `function_call`
/// items its calls, and answers each call with a `function_call_output` item.
fn as_chat_message(message: Value) -> Value {
    let kind = message.get("type").and_then(Value::as_str);
    if kind == Some("function_call_output") {
        return serde_json::json!({
            "role": "tool",
            "tool_call_id": message.get("call_id"),
            "content": message.get("output"),
            "extra": message.get("extra"),
        });
    }
    let Some(output) = message
        .get("output")
        .and_then(Value::as_array)
        .filter(|_| message.get("role").is_none())
    else {
        return message;
    };
    let of_type = |wanted: &'static str| {
        output
            .iter()
            .filter(move |item| item.get("type").and_then(Value::as_str) == Some(wanted))
    };
    let text: Vec<String> = of_type("message").map(content_text).filter(|t| !t.is_empty()).collect();
    let calls: Vec<Value> = of_type("function_call")
        .map(|call| {
            serde_json::json!({
                "id": call.get("call_id").or_else(|| call.get("id")),
                "type": "function",
                "function": {"name": call.get("name"), "arguments": call.get("arguments")},
            })
        })
        .collect();
    serde_json::json!({"role": "assistant", "content": text.join("\n"), "tool_calls": calls, "extra": message.get("extra")})
}

fn role(message: &Value) -> &str {
    message.get("role").and_then(Value::as_str).unwrap_or_default()
}

/// The steps of one assistant message: its tool calls (format 1.1, or written into its text as
/// SWE-agent's XML function calling writes them), else its bash block (format 1), answered by
/// `replies` (the tool messages after it, or the user message after it).
fn assistant_steps(message: &Value, replies: Vec<&Value>) -> Vec<Step> {
    let content = content_text(message);
    let observation = replies.first().map(|r| content_text(r)).unwrap_or_default();
    // A tool's answer as OpenHands and SWE-agent label it for the model.
    let answer = observation
        .strip_prefix("OBSERVATION:")
        .map_or(observation.as_str(), |o| o.trim_start_matches('\n'));
    let calls: Vec<&Value> = message.get("tool_calls").and_then(Value::as_array).into_iter().flatten().collect();
    if !calls.is_empty() {
        return calls
            .iter()
            .enumerate()
            .map(|(i, call)| {
                let function = call.get("function").unwrap_or(&Value::Null);
                let arguments = match function.get("arguments") {
                    Some(Value::String(s)) => s.clone(),
                    Some(other) => other.to_string(),
                    None => String::new(),
                };
                let parsed = serde_json::from_str::<Value>(&arguments).unwrap_or(Value::Null);
                let mut step = call_step(text(function, "name"), &parsed, arguments, &content, answer);
                if let Some(reply) = answer_to(call, i, &replies) {
                    (step.observation, step.returncode) = tool_output(reply);
                }
                step
            })
            .collect();
    }
    if let Some((thought, calls)) = text_calls(&content) {
        return calls
            .into_iter()
            .map(|call| {
                let written = match call.arguments.as_object().is_some_and(|a| a.is_empty()) {
                    true => String::new(),
                    false => call.arguments.to_string(),
                };
                call_step(Some(call.name), &call.arguments, written, &thought, answer)
            })
            .collect();
    }
    let (thought, action) = split_bash_block(&content);
    vec![Step {
        thought,
        action,
        returncode: tagged(&observation, "returncode").and_then(|c| c.trim().parse().ok()),
        observation: templated_output(&observation).unwrap_or(observation),
        ..Step::default()
    }]
}

/// The tool message answering `call`, the `index`th of its message's calls: the one naming its
/// id, else the one in its place.
fn answer_to<'a>(call: &Value, index: usize, replies: &[&'a Value]) -> Option<&'a Value> {
    let id = call.get("id").and_then(Value::as_str);
    let named = replies
        .iter()
        .find(|r| id.is_some() && r.get("tool_call_id").and_then(Value::as_str) == id);
    named.or_else(|| replies.get(index).filter(|r| role(r) == "tool")).copied()
}

/// What a tool message says of its command: the command's own output and exit code where its
/// `extra` keeps them (mini-swe-agent 2), else its text, unwrapped of the `<output>` and
/// `<returncode>` tags the model was shown, or of an `OBSERVATION:` label.
fn tool_output(reply: &Value) -> (String, Option<i64>) {
    let extra = reply.get("extra").unwrap_or(&Value::Null);
    let shown = content_text(reply);
    // Only text in the observation template's shape is unwrapped: an output may hold such tags.
    let templated = ["<returncode>", "<exception>"]
        .iter()
        .any(|tag| shown.trim_start().starts_with(tag));
    let returncode = extra.get("returncode").and_then(Value::as_i64).or_else(|| {
        tagged(&shown, "returncode")
            .filter(|_| templated)
            .and_then(|c| c.trim().parse().ok())
    });
    let output = match extra.get("raw_output").and_then(Value::as_str) {
        Some(raw) => raw.to_string(),
        None => match (
            templated.then(|| templated_output(&shown)).flatten(),
            shown.strip_prefix("OBSERVATION:"),
        ) {
            (Some(output), _) => output,
            (None, Some(rest)) => rest.trim_start_matches('\n').to_string(),
            (None, None) => shown.clone(),
        },
    };
    (output, returncode)
}

/// The step of one call of `tool` with `arguments` (`raw` as written): an edit when it edits a
/// file, else its `command` and the `path` it names (an editor's `view /testbed/a.py`), else its
/// arguments as written.
fn call_step(tool: Option<String>, arguments: &Value, raw: String, thought: &str, observation: &str) -> Step {
    let edit = edit_of(arguments);
    let action = match (&edit, text(arguments, "command"), text(arguments, "path")) {
        (Some(edit), _, _) => edit_line(arguments, tool.as_deref(), edit),
        (None, Some(command), Some(path)) => format!("{command} {path}"),
        (None, Some(command), None) => command,
        (None, None, _) => raw,
    };
    Step {
        thought: thought.to_string(),
        tool,
        action,
        observation: observation.to_string(),
        edit,
        ..Step::default()
    }
}

/// The text before the command's fenced block, and the block's body: the one block marked
/// `bash`, `sh` or `mswea_bash_command` (a thought may quote code first). A message with none, or
/// with several, ran nothing (the agent answers it with a format error): all of it is thought.
fn split_bash_block(content: &str) -> (String, String) {
    let blocks = fenced_blocks(content);
    let mut shell = blocks
        .iter()
        .filter(|b| matches!(b.1.as_str(), "bash" | "sh" | "shell" | "mswea_bash_command"));
    let (Some((start, _, body)), None) = (shell.next(), shell.next()) else {
        return (content.trim().to_string(), String::new());
    };
    let thought = content[..*start].trim().trim_start_matches("THOUGHT:").trim().to_string();
    (thought, body.trim_end().to_string())
}

/// Every fenced block of `content`: where it starts, its info string and its body.
pub(crate) fn fenced_blocks(content: &str) -> Vec<(usize, String, String)> {
    let mut blocks = Vec::new();
    let mut from = 0;
    while let Some(found) = content[from..].find("```") {
        let start = from + found;
        let after = &content[start + 3..];
        let Some(newline) = after.find('\n') else { break };
        let info = after[..newline].trim().to_string();
        let body = &after[newline + 1..];
        let Some(end) = body.find("```") else {
            blocks.push((start, info, body.to_string()));
            break;
        };
        blocks.push((start, info, body[..end].to_string()));
        from = start + 3 + newline + 1 + end + 3;
    }
    blocks
}

/// The command's output in the observation template's text: inside `<output>`, or, for an
/// output too long to show whole, its `<output_head>` and `<output_tail>` with the count of
/// characters elided between them (the warning the agent was shown above them left out).
fn templated_output(shown: &str) -> Option<String> {
    let whole = shown.find("<output>");
    let head_at = shown.find("<output_head>");
    if head_at.is_none() || whole.is_some_and(|w| Some(w) < head_at) {
        return tagged(shown, "output");
    }
    let from_head = &shown[head_at?..];
    let head = tagged(from_head, "output_head")?;
    let elided = tagged(from_head, "elided_chars").unwrap_or_default();
    let elided = match elided.split_whitespace().next().and_then(|n| n.parse().ok()) {
        Some(count) => elision_line(count),
        None => format!("[{}]", elided.trim()),
    };
    let tail = tagged(from_head, "output_tail").unwrap_or_default();
    Some(format!("{head}\n{elided}\n{tail}"))
}

/// The text inside `<tag>...</tag>`.
fn tagged(text: &str, tag: &str) -> Option<String> {
    let open = format!("<{tag}>");
    let start = text.find(&open)? + open.len();
    let end = text[start..].find(&format!("</{tag}>")).map_or(text.len(), |e| start + e);
    Some(text[start..end].trim_matches('\n').to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_written_into_the_text_is_a_step_naming_what_it_acts_on() {
        let message = serde_json::json!({"role": "assistant", "content": "Look.\n\n<function=str_replace_editor>\n<parameter=command>view</parameter>\n<parameter=path>/testbed/a.py</parameter>\n</function>"});
        let answer = serde_json::json!({"role": "user", "content": "OBSERVATION:\n1 import os"});
        let [step] = &assistant_steps(&message, vec![&answer])[..] else {
            panic!("one step")
        };
        assert_eq!(
            (
                step.thought.as_str(),
                step.tool.as_deref(),
                step.action.as_str(),
                step.observation.as_str()
            ),
            ("Look.", Some("str_replace_editor"), "view /testbed/a.py", "1 import os")
        );
    }

    #[test]
    fn a_bash_block_and_its_tagged_answer_make_a_step() {
        let (thought, action) = split_bash_block("THOUGHT: look first.\n\n```bash\nls -R\n```\n");
        assert_eq!((thought.as_str(), action.as_str()), ("look first.", "ls -R"));
        let quoted = "The bug is here:\n```python\ndef f(): pass\n```\nSo:\n```bash\nsed -i 's/a/b/' f.py\n```";
        assert_eq!(
            split_bash_block(quoted).1,
            "sed -i 's/a/b/' f.py",
            "the shell block, not the quoted code"
        );
        assert_eq!(
            tagged("<returncode>1</returncode>\n<output>\nno such file\n</output>", "output").as_deref(),
            Some("no such file")
        );
        assert_eq!(split_bash_block("no block").1, "");
        assert_eq!(
            split_bash_block("Here:\n```python\ndef f(): pass\n```").1,
            "",
            "quoted code is not a command"
        );
        let several = "Try both:\n```bash\nls\n```\nthen\n```bash\npwd\n```";
        assert_eq!(
            split_bash_block(several),
            (several.to_string(), String::new()),
            "two commands: a format error, nothing ran"
        );
    }

    #[test]
    fn an_output_too_long_to_show_whole_is_its_head_and_tail_around_what_was_elided() {
        let shown = "<returncode>0</returncode>\n<warning>\nThe output of your last command was too long.\n</warning><output_head>\nfirst\n</output_head>\n<elided_chars>\n35394620 characters elided\n</elided_chars>\n<output_tail>\nlast\n\n</output_tail>";
        let message = serde_json::json!({"role": "assistant", "content": "Search.\n```bash\ngrep -r x .\n```"});
        let answer = serde_json::json!({"role": "user", "content": shown});
        let [step] = &assistant_steps(&message, vec![&answer])[..] else {
            panic!("one step")
        };
        assert_eq!(
            (step.observation.as_str(), step.returncode),
            ("first\n[35394620 characters elided]\nlast", Some(0))
        );
        let reply = serde_json::json!({"role": "tool", "tool_call_id": "c1", "content": shown});
        assert_eq!(
            tool_output(&reply).0,
            "first\n[35394620 characters elided]\nlast",
            "format 1.1's tool message alike"
        );
        let quoting = "<returncode>0</returncode>\n<output>\necho '<output_head>'\n</output>";
        assert_eq!(
            templated_output(quoting).as_deref(),
            Some("echo '<output_head>'"),
            "a whole output that quotes the tag"
        );
    }

    #[test]
    fn each_tool_call_takes_the_answer_that_names_it_and_the_command_output_it_kept() {
        let call = |id: &str, command: &str| serde_json::json!({"id": id, "type": "function", "function": {"name": "bash", "arguments": serde_json::json!({"command": command}).to_string()}});
        let message =
            serde_json::json!({"role": "assistant", "content": "Both.", "tool_calls": [call("c1", "ls"), call("c2", "cat a.py")]});
        let second = serde_json::json!({"role": "tool", "tool_call_id": "c2", "content": "<returncode>1</returncode>\n<output>\nno such file\n</output>"});
        let first = serde_json::json!({"role": "tool", "tool_call_id": "c1", "content": "<returncode>0</returncode>\n<output>\na.txt\n</output>",
            "extra": {"raw_output": "a.txt\n", "returncode": 0}});
        let steps = assistant_steps(&message, vec![&second, &first]);
        let seen: Vec<(&str, &str, Option<i64>)> = steps
            .iter()
            .map(|s| (s.action.as_str(), s.observation.as_str(), s.returncode))
            .collect();
        assert_eq!(seen, [("ls", "a.txt\n", Some(0)), ("cat a.py", "no such file", Some(1))]);
        let quoted = serde_json::json!({"role": "tool", "content": "<xml><output>x</output></xml>"});
        assert_eq!(
            tool_output(&quoted),
            ("<xml><output>x</output></xml>".to_string(), None),
            "an output that holds the tags is kept whole"
        );
    }

    #[test]
    fn a_responses_api_response_is_read_as_the_assistant_message_it_stands_for() {
        let response = serde_json::json!({"id": "resp_1", "object": "response", "output": [
            {"type": "reasoning", "summary": []},
            {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Look first."}]},
            {"type": "function_call", "call_id": "c1", "name": "bash", "arguments": "{\"command\": \"ls\"}"}
        ], "extra": {"actions": [{"command": "ls", "tool_call_id": "c1"}]}});
        let answer = serde_json::json!({"type": "function_call_output", "call_id": "c1", "output": "<returncode>0</returncode>\n<output>\na.py\n</output>",
            "extra": {"raw_output": "a.py\n", "returncode": 0}});
        let (asked, answered) = (as_chat_message(response), as_chat_message(answer));
        let [step] = &assistant_steps(&asked, vec![&answered])[..] else {
            panic!("one step")
        };
        assert_eq!(
            (
                step.thought.as_str(),
                step.action.as_str(),
                step.observation.as_str(),
                step.returncode
            ),
            ("Look first.", "ls", "a.py\n", Some(0))
        );
    }
}
