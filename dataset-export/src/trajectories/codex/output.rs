//! What Codex recorded of a call's output: the text, and the exit code and wall time it wrote
//! around a command's output, in each of the shapes its versions wrote.

use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::Step;
use serde_json::Value;

use super::super::text;

/// What a call returned: its output, and the exit code and time Codex wrote around it.
#[derive(Debug, PartialEq)]
pub struct Answer {
    output: String,
    exit_code: Option<i64>,
    seconds: Option<f64>,
}

impl Answer {
    /// An output as Codex recorded it: a string or a list of content parts; a command's inside
    /// the JSON of Codex's first versions (`{"output", "metadata": {"exit_code", ...}}`) or after
    /// the lines of its later ones (`Exit code: 0`, `Wall time: 0.2 seconds`, `Output:`).
    pub fn of(output: &Value) -> Answer {
        let text = match output {
            Value::String(text) => text.clone(),
            Value::Array(parts) => parts
                .iter()
                .filter_map(|part| match type_of(part) {
                    Some("input_image") => Some("[image]".to_string()),
                    _ => text(part, "text"),
                })
                .collect::<Vec<_>>()
                .join("\n"),
            Value::Object(_) => text(output, "content").unwrap_or_else(|| output.to_string()),
            _ => String::new(),
        };
        Answer::in_json(&text).or_else(|| Answer::after_headers(&text)).unwrap_or(Answer {
            output: text,
            exit_code: None,
            seconds: None,
        })
    }

    fn in_json(text: &str) -> Option<Answer> {
        if !text.starts_with('{') {
            return None;
        }
        let value: Value = serde_json::from_str(text).ok()?;
        let metadata = value.get("metadata");
        Some(Answer {
            output: value.get("output")?.as_str()?.to_string(),
            exit_code: metadata.and_then(|m| m.get("exit_code")).and_then(Value::as_i64),
            seconds: metadata.and_then(|m| m.get("duration_seconds")).and_then(Value::as_f64),
        })
    }

    /// The output after Codex's header lines, each one it writes (a line it does not write
    /// means the text is the output itself).
    fn after_headers(text: &str) -> Option<Answer> {
        let (mut exit_code, mut seconds) = (None, None);
        let mut rest = text;
        loop {
            let (line, after) = rest.split_once('\n').unwrap_or((rest, ""));
            let number = |prefix: &str| {
                line.strip_prefix(prefix)
                    .map(|n| n.trim().trim_end_matches(" seconds").trim_end_matches('s'))
            };
            if line.trim_end() == "Output:" {
                return Some(Answer {
                    output: after.to_string(),
                    exit_code,
                    seconds,
                });
            } else if let Some(code) = number("Exit code: ").or_else(|| number("Process exited with code ")) {
                exit_code = Some(code.parse().ok()?);
            } else if let Some(time) = number("Wall time: ") {
                seconds = time.parse().ok();
            } else if ![
                "Chunk ID: ",
                "Original token count: ",
                "Total output lines: ",
                "Process running with session ID ",
            ]
            .iter()
            .any(|header| line.starts_with(header))
            {
                return None;
            }
            rest = after;
        }
    }

    /// Writes the output, and the exit code and time where the step has none, into `step`.
    pub fn fill(self, step: &mut Step) {
        step.observation = self.output;
        step.returncode = step.returncode.or(self.exit_code);
        step.seconds = step.seconds.or(self.seconds);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_output_keeps_its_text_where_codex_wrote_no_header_around_it() {
        let answer = |output: Value| Answer::of(&output);
        assert_eq!(answer(json!("Exit code: 2\nWall time: 0.4 seconds\nOutput:\n")).exit_code, Some(2));
        let plain = answer(json!("Exit code: 0 (from the tests)\nOutput:\nok"));
        assert_eq!(
            (plain.output.as_str(), plain.exit_code),
            ("Exit code: 0 (from the tests)\nOutput:\nok", None)
        );
        assert_eq!(answer(json!("README.md\nsrc")).output, "README.md\nsrc");
        assert_eq!(answer(json!("{\"not\": \"codex's\"}")).output, "{\"not\": \"codex's\"}");
        let parts = answer(json!([{"type": "input_text", "text": "Wall time: 1 second"}, {"type": "input_image", "image_url": "data:"}]));
        assert_eq!(parts.output, "Wall time: 1 second\n[image]");
    }
}
