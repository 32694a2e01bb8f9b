//! SWE-agent's classic `edit <start>:<end>` command as a file edit: the command carries only the
//! new text, and which lines it replaced is known from what the agent last saw. `open`, `goto`,
//! `scroll_*`, `create` and a successful `edit` answer with the file's window
//! (`[File: <path> (N lines total)]` then `<n>:<line>` rows); the lines last shown are kept per
//! file, and an edit whose replaced lines were all shown becomes an [`Edit`] of those lines.

use std::collections::HashMap;

use benchscope_contract::trajectory::{Edit, Step};

/// What the agent has seen of each file: path → line number → text.
#[derive(Default)]
pub struct SeenFiles {
    lines: HashMap<String, HashMap<u32, String>>,
    /// The file the last window showed: the one `edit` changes.
    open: Option<String>,
}

impl SeenFiles {
    /// Takes in a window the environment printed, if `observation` is one.
    fn read_window(&mut self, observation: &str) {
        let Some(path) = window_path(observation) else { return };
        let seen = self.lines.entry(path.clone()).or_default();
        for line in observation.lines().skip(1) {
            if let Some((number, text)) = line.split_once(':') {
                if let Ok(number) = number.parse::<u32>() {
                    seen.insert(number, text.to_string());
                }
            }
        }
        self.open = Some(path);
    }

    /// The text of lines `start..=end` of the open file, when every one was shown.
    fn shown(&self, start: u32, end: u32) -> Option<(String, String)> {
        let path = self.open.clone()?;
        let seen = self.lines.get(&path)?;
        let mut text = String::new();
        for number in start..=end {
            text.push_str(seen.get(&number)?);
            text.push('\n');
        }
        Some((path, text))
    }
}

/// `[File: /repo/a.py (18 lines total)]` → `/repo/a.py`.
fn window_path(observation: &str) -> Option<String> {
    let header = observation.trim_start().lines().next()?.strip_prefix("[File: ")?;
    let (path, _) = header.rsplit_once(" (")?;
    Some(path.to_string())
}

/// `edit 12:15\n<text>\nend_of_edit` → `(12, 15, text)`.
fn parse_edit(action: &str) -> Option<(u32, u32, String)> {
    let (command, rest) = action.split_once('\n').unwrap_or((action, ""));
    let (start, end) = command.trim().strip_prefix("edit ")?.trim().split_once(':')?;
    let (start, end) = (start.trim().parse().ok()?, end.trim().parse().ok()?);
    let body = rest.trim_end().strip_suffix("end_of_edit")?;
    Some((start, end, body.to_string()))
}

/// Whether the environment refused the edit (SWE-agent's linter rejects edits that break the
/// syntax and leaves the file as it was).
fn refused(observation: &str) -> bool {
    observation.contains("Your proposed edit has introduced new syntax error") || observation.contains("Your changes have NOT been applied")
}

/// Gives every applied `edit` among `steps` its [`Edit`], where the lines it replaced were shown.
#[cfg(test)]
fn attach_edits(steps: &mut [Step]) {
    let mut seen = SeenFiles::default();
    for step in steps.iter_mut() {
        seen.attach_edit(step);
    }
}

impl SeenFiles {
    /// Gives the next step its [`Edit`] when it is an applied `edit` whose replaced lines were
    /// shown, then takes in the window it printed.
    pub fn attach_edit(&mut self, step: &mut Step) {
        if let Some((start, end, after)) = parse_edit(&step.action) {
            if !refused(&step.observation) {
                if let Some((path, before)) = self.shown(start, end.max(start)) {
                    step.edit = Some(Edit {
                        path: path.clone(),
                        before,
                        after,
                        first_line: Some(start),
                    });
                }
                // The file's lines after the edit moved: only the new window is known.
                if let Some(path) = &self.open {
                    self.lines.remove(path);
                }
            }
        }
        self.read_window(&step.observation);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(action: &str, observation: &str) -> Step {
        Step {
            action: action.into(),
            observation: observation.into(),
            ..Step::default()
        }
    }

    #[test]
    fn an_edit_replaces_the_lines_last_shown() {
        let mut steps = vec![
            step("open a.py", "[File: /r/a.py (4 lines total)]\n1:x = 1\n2:y = 2\n3:z = 3\n4:w = 4\n"),
            step(
                "edit 2:3\ny = 20\nend_of_edit\n",
                "[File: /r/a.py (3 lines total)]\n1:x = 1\n2:y = 20\n3:w = 4\n",
            ),
            step(
                "edit 2:2\nbroken(\nend_of_edit",
                "Your proposed edit has introduced new syntax error(s).",
            ),
            step("edit 3:3\nw = 40\nend_of_edit", "[File: /r/a.py (3 lines total)]\n"),
            step("edit 9:9\nq\nend_of_edit", ""),
        ];
        attach_edits(&mut steps);
        let edit = steps[1].edit.as_ref().expect("lines 2-3 were shown");
        assert_eq!(
            (edit.path.as_str(), edit.before.as_str(), edit.after.as_str()),
            ("/r/a.py", "y = 2\nz = 3\n", "y = 20\n")
        );
        assert_eq!(edit.first_line, Some(2));
        assert_eq!(steps[2].edit, None, "a refused edit changed nothing");
        assert_eq!(
            steps[3].edit.as_ref().map(|e| e.before.as_str()),
            Some("w = 4\n"),
            "the window after an edit is what is known"
        );
        assert_eq!(steps[4].edit, None, "line 9 was never shown");
    }

    #[test]
    fn a_new_file_is_edited_from_its_empty_first_line() {
        let mut steps = vec![
            step("create new.py\n", "[File: /r/new.py (1 lines total)]\n1:\n"),
            step(
                "edit 1:1\nprint(1)\nend_of_edit\n",
                "[File: /r/new.py (1 lines total)]\n1:print(1)\n",
            ),
        ];
        attach_edits(&mut steps);
        let edit = steps[1].edit.as_ref().unwrap();
        assert_eq!((edit.before.as_str(), edit.after.as_str()), ("\n", "print(1)\n"));
    }
}
