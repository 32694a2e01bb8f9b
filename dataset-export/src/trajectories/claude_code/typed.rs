//! What the person typed, among the texts of the user's turns of a Claude Code session: Claude
//! Code writes its own texts there too (a command's output, caveats, reminders, a background
//! task's notice, the editor's note on the file open), and wraps what the person typed in tags
//! (`/model opus`, `! git status`).

/// Texts Claude Code (or the editor it runs in) puts in the user's turn that no one typed: each
/// begins with its tag.
const CLAUDE_CODES_OWN: [&str; 10] = [
    "<local-command-stdout>",
    "<local-command-stderr>",
    "<local-command-caveat>",
    "<bash-stdout>",
    "<bash-stderr>",
    "<system-reminder>",
    "<task-notification>",
    "<ide_opened_file>",
    "<ide_selection>",
    "<ide_diagnostics>",
];

/// What the person typed, from `text` of a user's turn: as typed, a slash command as its name
/// and arguments, a shell command (Claude Code's `!`) after a `!`; `None` where the text is
/// Claude Code's own or blank.
pub fn typed(text: &str) -> Option<String> {
    let text = text.trim();
    let name = text.starts_with("<command-").then(|| between(text, "command-name")).flatten();
    if let Some(name) = name {
        let arguments = between(text, "command-args").unwrap_or_default();
        return Some(format!("{name} {arguments}").trim().to_string());
    }
    if let Some(command) = text.starts_with("<bash-input>").then(|| between(text, "bash-input")).flatten() {
        return Some(format!("! {command}"));
    }
    let own = CLAUDE_CODES_OWN.iter().any(|tag| text.starts_with(tag));
    (!own && !text.is_empty()).then(|| text.to_string())
}

/// The text of the first `<tag>…</tag>` in `text`, trimmed.
fn between<'a>(text: &'a str, tag: &str) -> Option<&'a str> {
    let start = text.find(&format!("<{tag}>"))? + tag.len() + 2;
    let end = start + text[start..].find(&format!("</{tag}>"))?;
    Some(text[start..end].trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_typed_are_kept_as_typed() {
        assert_eq!(typed("  Now the tests too.\n").as_deref(), Some("Now the tests too."));
        assert_eq!(
            typed("[Request interrupted by user]").as_deref(),
            Some("[Request interrupted by user]")
        );
        assert_eq!(typed(" \n "), None);
    }

    #[test]
    fn commands_read_as_typed() {
        let command = "<command-message>model</command-message>\n<command-name>/model</command-name>\n<command-args>opus</command-args>";
        assert_eq!(typed(command).as_deref(), Some("/model opus"));
        assert_eq!(typed("<command-name>/clear</command-name>").as_deref(), Some("/clear"));
        assert_eq!(typed("<bash-input>git status</bash-input>").as_deref(), Some("! git status"));
    }

    #[test]
    fn claude_codes_own_texts_are_no_ones() {
        for own in [
            "<local-command-stdout>Set model to opus</local-command-stdout>",
            "<bash-stdout>clean</bash-stdout><bash-stderr></bash-stderr>",
            "<system-reminder>x</system-reminder>",
            "<task-notification><result>done</result></task-notification>",
            "<ide_opened_file>The user opened the file /repo/a.py in the IDE.</ide_opened_file>",
        ] {
            assert_eq!(typed(own), None, "{own}");
        }
    }

    #[test]
    fn an_unclosed_or_quoted_tag_is_text() {
        assert_eq!(typed("<command-name>/x").as_deref(), Some("<command-name>/x"));
        let quoted = "Why does <command-name>/x</command-name> show?";
        assert_eq!(typed(quoted).as_deref(), Some(quoted));
    }
}
