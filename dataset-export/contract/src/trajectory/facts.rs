//! What a trajectory says at a glance, for facets, the leaderboard and search: derived from the
//! steps by reading their commands, the same way for every format.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Trajectory;

/// The facts of one trajectory, kept on the run's result for the instance.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TrajectoryFacts {
    /// Path of the [`Trajectory`] file, relative to the data directory.
    pub path: String,
    /// How the agent stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_status: Option<String>,
    /// Steps taken.
    pub steps: usize,
    /// Tool or command name → how often it was used.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tools: BTreeMap<String, usize>,
    /// Files the agent looked at (opened, printed), in first-seen order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files_opened: Vec<String>,
    /// Files it changed or created.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files_edited: Vec<String>,
    /// Whether it ran tests (pytest, Django's or sympy's runner, tox, ...).
    pub ran_tests: bool,
    /// Steps that repeat the step before them exactly (a loop).
    pub repeated_actions: usize,
    /// Commands that read the repository's history beyond the base commit (`git log --all`,
    /// `git show` of another commit, `git reflog`, ...): the leakage found in published runs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history_reads: Vec<String>,
    /// Whether the submission equals the last diff the agent printed (`git diff` in its steps);
    /// `None` when it printed none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submitted_last_diff: Option<bool>,
}

/// Commands that run tests.
const TEST_RUNNERS: [&str; 6] = ["pytest", "tox", "runtests.py", "bin/test", "unittest", "nosetests"];

/// The facts of `trajectory`, whose file is at `path`.
pub fn facts_of(trajectory: &Trajectory, path: &str) -> TrajectoryFacts {
    let mut facts = TrajectoryFacts {
        path: path.to_string(),
        exit_status: trajectory.exit_status.clone(),
        steps: trajectory.steps.len(),
        ..TrajectoryFacts::default()
    };
    let mut last_diff: Option<&str> = None;
    for (i, step) in trajectory.steps.iter().enumerate() {
        let action = step.action.trim();
        if action.is_empty() {
            continue;
        }
        let tool = step.tool.clone().unwrap_or_else(|| program_of(action).to_string());
        *facts.tools.entry(tool).or_default() += 1;
        if i > 0 && trajectory.steps[i - 1].action.trim() == action {
            facts.repeated_actions += 1;
        }
        for command in commands(action) {
            read_command(command, &mut facts);
        }
        if action.contains("git diff") && !step.observation.trim().is_empty() {
            last_diff = Some(step.observation.as_str());
        }
    }
    facts.submitted_last_diff = last_diff
        .zip(trajectory.submission.as_deref())
        .map(|(diff, submission)| normalize_diff(diff) == normalize_diff(submission));
    facts
}

/// The shell commands of an action: its lines, and each line's `&&`, `;` and `|` parts.
fn commands(action: &str) -> impl Iterator<Item = &str> {
    action
        .lines()
        .flat_map(|line| line.split(['&', ';', '|']))
        .map(str::trim)
        .filter(|c| !c.is_empty())
}

/// The program an action runs: the first command's first word, past a leading `cd DIR &&`.
fn program_of(action: &str) -> &str {
    let first = commands(action)
        .find(|c| !c.starts_with("cd ") && !c.starts_with('#'))
        .unwrap_or(action);
    first.split_whitespace().next().unwrap_or_default()
}

/// What one command tells: a file read or edited, tests run, history read.
fn read_command(command: &str, facts: &mut TrajectoryFacts) {
    let words: Vec<&str> = command.split_whitespace().collect();
    let Some(&program) = words.first() else { return };
    let files = || {
        words[1..]
            .iter()
            .filter(|w| !w.starts_with('-') && looks_like_path(w))
            .map(|w| w.trim_matches(['"', '\'']).to_string())
    };
    match program {
        "open" | "cat" | "head" | "tail" | "less" | "nl" => add_all(&mut facts.files_opened, files()),
        "create" => add_all(&mut facts.files_edited, files()),
        "sed" if words.iter().any(|w| w.starts_with("-i")) => add_all(&mut facts.files_edited, files().next_back()),
        "str_replace_editor" | "edit_file" => {
            let target = files().next();
            match words.get(1).copied() {
                Some("view") => add_all(&mut facts.files_opened, target),
                Some("create" | "str_replace" | "insert" | "undo_edit") => add_all(&mut facts.files_edited, target),
                _ => {}
            }
        }
        "git" => {
            if let Some(read) = history_read(&words) {
                if !facts.history_reads.contains(&read) {
                    facts.history_reads.push(read);
                }
            }
        }
        _ => {}
    }
    if TEST_RUNNERS.iter().any(|runner| words.iter().any(|w| w.ends_with(runner))) {
        facts.ran_tests = true;
    }
}

/// A `git` command that looks past the base commit: other refs' logs, other commits' contents.
fn history_read(words: &[&str]) -> Option<String> {
    let sub = words.get(1).copied()?;
    let reads = match sub {
        "log" | "rev-list" | "shortlog" => words
            .iter()
            .any(|w| matches!(*w, "--all" | "--branches" | "--remotes" | "--tags") || w.contains("origin/") || w.contains("..")),
        "reflog" | "fsck" => true,
        "show" | "cat-file" => words[2..].iter().any(|w| {
            !w.starts_with('-')
                && !w.starts_with("HEAD")
                && (w.len() >= 7 && w.chars().all(|c| c.is_ascii_hexdigit()) || w.contains("origin/"))
        }),
        "checkout" | "switch" => words[2..]
            .iter()
            .any(|w| w.contains("origin/") || (w.len() >= 7 && w.chars().all(|c| c.is_ascii_hexdigit()))),
        _ => false,
    };
    reads.then(|| words.join(" "))
}

fn looks_like_path(word: &str) -> bool {
    let word = word.trim_matches(['"', '\'']);
    word.contains('/')
        || word
            .rsplit_once('.')
            .is_some_and(|(_, ext)| !ext.is_empty() && ext.len() <= 5 && ext.chars().all(|c| c.is_ascii_alphanumeric()))
}

fn add_all(list: &mut Vec<String>, items: impl IntoIterator<Item = String>) {
    for item in items {
        if !list.contains(&item) {
            list.push(item);
        }
    }
}

/// A diff with its line endings and surrounding blank lines made alike.
fn normalize_diff(diff: &str) -> String {
    diff.replace("\r\n", "\n").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trajectory::Step;

    fn step(tool: Option<&str>, action: &str, observation: &str) -> Step {
        Step {
            tool: tool.map(str::to_string),
            action: action.into(),
            observation: observation.into(),
            ..Step::default()
        }
    }

    #[test]
    fn commands_tell_tools_files_tests_loops_and_history_reads() {
        let trajectory = Trajectory {
            submission: Some("diff --git a/x.py b/x.py\n+y\n".into()),
            steps: vec![
                step(None, "ls -R", ""),
                step(None, "cat src/app.py && grep -n foo src/app.py", "..."),
                step(Some("str_replace_editor"), "str_replace_editor view /testbed/setup.cfg", ""),
                step(
                    Some("str_replace_editor"),
                    "str_replace_editor str_replace /testbed/x.py --old_str a --new_str b",
                    "",
                ),
                step(None, "sed -i 's/a/b/' src/util.py", ""),
                step(None, "cd /testbed && python -m pytest tests/test_x.py -q", "1 passed"),
                step(None, "cd /testbed && python -m pytest tests/test_x.py -q", "1 passed"),
                step(None, "git log --all --oneline | head", ""),
                step(None, "git show 1a2b3c4d5e", ""),
                step(None, "git diff", "diff --git a/x.py b/x.py\r\n+y\r\n"),
            ],
            ..Trajectory::default()
        };
        let facts = facts_of(&trajectory, "runs/r/trajectories/i.json");
        assert_eq!(facts.steps, 10);
        assert_eq!(facts.tools["python"], 2);
        assert_eq!(facts.tools["str_replace_editor"], 2);
        assert_eq!(facts.files_opened, ["src/app.py", "/testbed/setup.cfg"]);
        assert_eq!(facts.files_edited, ["/testbed/x.py", "src/util.py"]);
        assert!(facts.ran_tests);
        assert_eq!(facts.repeated_actions, 1);
        assert_eq!(facts.history_reads, ["git log --all --oneline", "git show 1a2b3c4d5e"]);
        assert_eq!(facts.submitted_last_diff, Some(true));
    }

    #[test]
    fn ordinary_git_is_not_a_history_read() {
        let trajectory = Trajectory {
            steps: vec![step(None, "git status && git diff && git log -3 && git show HEAD", "")],
            ..Trajectory::default()
        };
        let facts = facts_of(&trajectory, "p");
        assert!(facts.history_reads.is_empty(), "{:?}", facts.history_reads);
        assert!(!facts.ran_tests);
        assert_eq!(facts.submitted_last_diff, None);
    }
}
