//! Codex's transcripts, read as [`super::transcripts`] reads every agent's, in the shapes the
//! contract tells apart ([`benchscope_contract::trajectory::transcripts`]): what
//! `codex exec --json` prints ([`exec`]; before Codex 0.44, [`legacy`]), and the session files
//! Codex keeps under `~/.codex/sessions/` ([`session`]). Its patches, in Codex's own format, are
//! read by [`apply_patch`].

mod apply_patch;
mod conversation;
mod exec;
mod legacy;
mod output;
mod session;

use benchscope_contract::trajectory::transcripts::type_of;
use benchscope_contract::trajectory::Step;
use serde_json::Value;

use super::transcripts::ByFirstLine;
use super::StepReader;

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "codex";

/// A reader of a transcript's lines, of whichever shape its first line is.
pub fn reader() -> Box<dyn StepReader> {
    ByFirstLine::reader(|first| match shape_of(first) {
        Shape::Session => Box::<session::Session>::default(),
        Shape::Legacy => Box::<legacy::Transcript>::default(),
        Shape::Exec => Box::<exec::Transcript>::default(),
    })
}

/// The shapes of Codex's transcripts.
enum Shape {
    Exec,
    Legacy,
    Session,
}

/// The shape a transcript's first line begins: a session file's (a line in its envelope, a
/// `payload`, or the bare header of one written in mid-2025, an `id` and a `timestamp`), the
/// events of `codex exec --json` before 0.44 (an event under `msg`, or the configuration or the
/// prompt before them), or its events since.
fn shape_of(line: &Value) -> Shape {
    let has = |key: &str| line.get(key).is_some();
    if has("payload") || (type_of(line).is_none() && has("id") && has("timestamp")) {
        Shape::Session
    } else if type_of(line).is_none() {
        Shape::Legacy
    } else {
        Shape::Exec
    }
}

/// A command as the agent wrote it: Codex runs each through a login shell, `bash -lc '<command>'`
/// (a quote inside written `'"'"'`); the command is what is inside, where it is quoted so.
fn unwrapped(command: &str) -> String {
    let shells = ["/bin/bash -lc ", "bash -lc ", "/bin/zsh -lc ", "zsh -lc ", "/bin/sh -c ", "sh -c "];
    let Some(quoted) = shells.iter().find_map(|shell| command.strip_prefix(shell)) else {
        return command.to_string();
    };
    let inner = quoted
        .strip_prefix('\'')
        .and_then(|rest| rest.strip_suffix('\''))
        .map(|inner| inner.replace("'\"'\"'", "'"));
    match inner {
        // Only a command that quotes back to what was written is taken out of its shell.
        Some(inner) if format!("'{}'", inner.replace('\'', "'\"'\"'")) == quoted => inner,
        _ => command.to_string(),
    }
}

/// A command given as its words (`["bash", "-lc", "pytest -q"]`): the script a shell is handed,
/// else the words joined, each quoted where a shell would read it otherwise.
fn command_line(words: &[Value]) -> String {
    let words: Vec<&str> = words.iter().filter_map(Value::as_str).collect();
    let shells = ["bash", "/bin/bash", "zsh", "/bin/zsh", "sh", "/bin/sh", "powershell", "pwsh"];
    match words.as_slice() {
        [shell, "-lc" | "-c" | "-Command", script] if shells.contains(shell) => script.to_string(),
        _ => words.iter().map(|word| shell_quoted(word)).collect::<Vec<_>>().join(" "),
    }
}

fn shell_quoted(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    match !word.is_empty() && word.chars().all(plain) {
        true => word.to_string(),
        false => format!("'{}'", word.replace('\'', "'\"'\"'")),
    }
}

/// A call of an MCP server's tool (`server`, `tool`, `arguments`): `server.tool` with its arguments.
fn mcp_step(call: &Value) -> Step {
    let tool = [super::text(call, "server"), super::text(call, "tool")]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(".");
    let arguments = call
        .get("arguments")
        .filter(|a| !a.is_null())
        .map(Value::to_string)
        .unwrap_or_default();
    Step {
        action: format!("{tool} {arguments}").trim().to_string(),
        tool: (!tool.is_empty()).then_some(tool),
        ..Step::default()
    }
}

/// The text parts of a list of content parts (`{type: "text", text}`), a line each.
fn parts_text(parts: Option<&Value>) -> Option<String> {
    let texts: Vec<String> = parts?
        .as_array()?
        .iter()
        .filter(|part| type_of(part) == Some("text"))
        .filter_map(|part| super::text(part, "text"))
        .collect();
    (!texts.is_empty()).then(|| texts.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_command_leaves_its_shell_only_where_it_quotes_back_to_what_was_written() {
        assert_eq!(unwrapped("bash -lc 'ls -la'"), "ls -la");
        assert_eq!(unwrapped("/bin/bash -lc 'echo '\"'\"'a b'\"'\"''"), "echo 'a b'");
        assert_eq!(unwrapped("bash -lc \"ls\""), "bash -lc \"ls\"");
        assert_eq!(unwrapped("bash -lc 'a' 'b'"), "bash -lc 'a' 'b'");
        assert_eq!(unwrapped("cargo test"), "cargo test");
    }

    #[test]
    fn a_command_in_words_is_the_script_its_shell_runs_or_the_words_quoted() {
        let line = |words: Value| command_line(words.as_array().unwrap());
        assert_eq!(line(json!(["bash", "-lc", "pytest -q tests/a.py"])), "pytest -q tests/a.py");
        assert_eq!(line(json!(["powershell", "-Command", "go test ./..."])), "go test ./...");
        assert_eq!(line(json!(["rg", "-n", "def parse", "src"])), "rg -n 'def parse' src");
        assert_eq!(line(json!(["echo", "it's"])), "echo 'it'\"'\"'s'");
        assert_eq!(line(json!(["ls"])), "ls");
    }
}
