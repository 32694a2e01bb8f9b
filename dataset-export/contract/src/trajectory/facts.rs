//! What a trajectory says at a glance, for facets, the leaderboard and search: derived from the
//! steps by reading their commands, the same way for every format.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::codex_patch::{codex_patch_file, CODEX_PATCH_TOOL};
use super::{Step, Trajectory, TEXT_FORMAT};

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
    /// Whether one of the files it edited is a test file.
    #[serde(default)]
    pub edited_tests: bool,
    /// Cost in US dollars: the trajectory's own total, else the sum of its steps'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    /// Tokens sent to the model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_in: Option<u64>,
    /// Tokens the model sent back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_out: Option<u64>,
    /// Wall time in seconds: the trajectory's own, else its steps' summed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// Whether the trajectory is a trace in words ([`TEXT_FORMAT`]): it records no action, so
    /// whether it ran tests, read history, looped or edited tests is unknown, not "no".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub text_only: bool,
}

impl TrajectoryFacts {
    /// Whether the trajectory records the agent's actions, of which the facts tell.
    pub fn records_actions(&self) -> bool {
        !self.text_only
    }
}

/// Commands that run tests.
const TEST_RUNNERS: [&str; 6] = ["pytest", "tox", "runtests.py", "bin/test", "unittest", "nosetests"];

/// Agents' search and lookup tools (Claude Code's, Gemini CLI's, Codex's): their calls name a
/// pattern, an address or a task, not a command, so `Grep pytest` runs no tests. (Lower-case
/// `grep` is left out: SWE-agent names a step's tool by its command's first word.)
const LOOKUP_TOOLS: [&str; 9] = [
    "Grep",
    "Glob",
    "WebSearch",
    "WebFetch",
    "Task",
    "search_file_content",
    "google_web_search",
    "web_fetch",
    "web_search",
];

/// The facts of `trajectory`, whose file is at `path`.
pub fn facts_of(trajectory: &Trajectory, path: &str) -> TrajectoryFacts {
    let mut builder = FactsBuilder::new(path);
    for step in &trajectory.steps {
        builder.add(step);
    }
    builder.finish(trajectory)
}

/// A trajectory's facts gathered one step at a time, so a trajectory read as a stream never has
/// to be held whole.
#[derive(Debug, Default)]
pub struct FactsBuilder {
    facts: TrajectoryFacts,
    previous_action: String,
    last_diff: Option<String>,
    step_cost: Option<f64>,
    step_tokens_in: Option<u64>,
    step_tokens_out: Option<u64>,
    step_seconds: Option<f64>,
}

impl FactsBuilder {
    /// Facts of a trajectory whose file is at `path`, before its first step.
    pub fn new(path: &str) -> Self {
        FactsBuilder {
            facts: TrajectoryFacts {
                path: path.to_string(),
                ..TrajectoryFacts::default()
            },
            ..FactsBuilder::default()
        }
    }

    /// Takes in the trajectory's next step.
    pub fn add(&mut self, step: &Step) {
        let facts = &mut self.facts;
        facts.steps += 1;
        accumulate(&mut self.step_cost, step.cost);
        accumulate(&mut self.step_tokens_in, step.tokens_in);
        accumulate(&mut self.step_tokens_out, step.tokens_out);
        accumulate(&mut self.step_seconds, step.seconds);
        let action = step.action.trim();
        if action.is_empty() {
            self.previous_action.clear();
            return;
        }
        let tool = step.tool.clone().unwrap_or_else(|| program_of(action).to_string());
        *facts.tools.entry(tool).or_default() += 1;
        if self.previous_action == action {
            facts.repeated_actions += 1;
        }
        let is_patch = step.tool.as_deref() == Some(CODEX_PATCH_TOOL);
        if !is_patch && !step.tool.as_deref().is_some_and(|tool| LOOKUP_TOOLS.contains(&tool)) {
            for command in commands(action) {
                read_command(command, facts);
            }
        }
        if let Some(edit) = &step.edit {
            add_all(&mut facts.files_edited, [edit.path.clone()]);
        }
        // Codex's file changes (`update src/lib.rs`, a line each) name the files they edit.
        if step.tool.as_deref() == Some("file_change") {
            let paths = action.lines().filter_map(|line| Some(line.split_once(' ')?.1.to_string()));
            add_all(&mut facts.files_edited, paths);
        }
        // A Codex patch names each file it changes on a header line of its own.
        if is_patch {
            let paths = action.lines().filter_map(|line| Some(codex_patch_file(line)?.1.to_string()));
            add_all(&mut facts.files_edited, paths);
        }
        if action.contains("git diff") && !step.observation.trim().is_empty() {
            self.last_diff = Some(step.observation.clone());
        }
        action.clone_into(&mut self.previous_action);
    }

    /// The facts, once every step is in; `trajectory` gives what the format records of the
    /// whole (how it ended, its submission, its totals; its steps are not read again).
    pub fn finish(self, trajectory: &Trajectory) -> TrajectoryFacts {
        let mut facts = self.facts;
        facts.exit_status = trajectory.exit_status.clone();
        facts.cost = trajectory.cost.or(self.step_cost);
        facts.tokens_in = trajectory.tokens_in.or(self.step_tokens_in);
        facts.tokens_out = trajectory.tokens_out.or(self.step_tokens_out);
        facts.seconds = trajectory.seconds.or(self.step_seconds);
        facts.submitted_last_diff = self
            .last_diff
            .zip(trajectory.submission.as_deref())
            .map(|(diff, submission)| normalize_diff(&diff) == normalize_diff(submission));
        facts.edited_tests = facts.files_edited.iter().any(|f| is_test_file(f));
        facts.text_only = trajectory.format == TEXT_FORMAT;
        facts
    }
}

/// Adds a step's figure to a total that stays `None` until some step records one.
fn accumulate<T: std::ops::Add<Output = T> + Copy>(total: &mut Option<T>, value: Option<T>) {
    if let Some(value) = value {
        *total = Some(total.map_or(value, |t| t + value));
    }
}

/// Whether `path` names one of the repository's test files: a file in a `test`/`tests` folder,
/// or one named like a test (`test_x.py`, `x_test.go`, `tests.py`, `conftest.py`, `x.test.js`,
/// `XTest.java`) inside a package folder. A test-named script at the working root
/// (`test_fix.py`, `/testbed/test_fix.py`) is the agent's scratch, not the repository's tests.
pub fn is_test_file(path: &str) -> bool {
    let path = path.trim_matches(['"', '\'']);
    let folders: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let Some((name, folders)) = folders.split_last() else {
        return false;
    };
    if folders.iter().any(|dir| matches!(*dir, "test" | "tests" | "__tests__")) {
        return true;
    }
    let in_package = folders
        .split_last()
        .is_some_and(|(parent, above)| !is_working_root(parent, path.starts_with('/').then_some(above)));
    let stem = name.split('.').next().unwrap_or_default();
    let test_named = stem.starts_with("test_")
        || stem.ends_with("_test")
        || stem.ends_with("_tests")
        || stem.ends_with("Test")
        || stem.ends_with("Tests")
        || matches!(stem, "tests" | "test" | "conftest")
        || name.contains(".test.")
        || name.contains(".spec.");
    test_named && in_package
}

/// Folders agents work from rather than package folders: `/testbed`, `/repo`, `/tmp`, `/app`, a
/// home folder, an OpenHands workspace (`django__django__3.0`). `above` is what is above `folder`
/// in an absolute path (`None` for a relative one, where `app/` is a package like any other).
fn is_working_root(folder: &str, above: Option<&[&str]>) -> bool {
    let top_level = match above {
        Some([]) => matches!(folder, "testbed" | "repo" | "workspace" | "tmp" | "app" | "root" | "home"),
        Some(["home"]) => true,
        _ => false,
    };
    top_level || matches!(folder, "." | "..") || folder.contains("__")
}

/// The shell commands of an action: its lines, and each line's `&&`, `;` and `|` parts.
fn commands(action: &str) -> impl Iterator<Item = &str> {
    action
        .lines()
        .flat_map(|line| line.split(['&', ';', '|']))
        .map(str::trim)
        .filter(|c| !c.is_empty())
}

/// The program an action runs: the first command's first word, past a leading `cd DIR &&` and
/// the variables set for it (`PYTHONPATH=. python ...` runs python).
fn program_of(action: &str) -> &str {
    let first = commands(action)
        .find(|c| !c.starts_with("cd ") && !c.starts_with('#'))
        .unwrap_or(action);
    let mut words = first.split_whitespace();
    words.find(|word| !is_assignment(word)).unwrap_or_default()
}

/// `NAME=value`, which sets a variable for the command after it.
fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        name.starts_with(|c: char| c == '_' || c.is_ascii_alphabetic()) && name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
    })
}

/// What one command tells: a file read or edited, tests run, history read.
fn read_command(command: &str, facts: &mut TrajectoryFacts) {
    let (words, written) = redirections(command);
    add_all(&mut facts.files_edited, written);
    let words = &words[words.iter().take_while(|word| is_assignment(word)).count()..];
    let Some(&program) = words.first() else { return };
    let files = || {
        words[1..]
            .iter()
            .filter(|w| !w.starts_with('-') && looks_like_path(w))
            .map(|w| w.trim_matches(['"', '\'']).to_string())
    };
    match program {
        // Claude Code's `Read` call, shown as `Read <file>`, opens its file as `cat` does.
        "open" | "cat" | "head" | "tail" | "less" | "nl" | "Read" => add_all(&mut facts.files_opened, files()),
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
            if let Some(read) = history_read(words) {
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

/// A command's words before its first output redirection, and the files it writes to (`> f`,
/// `>>f`, `tee f`; not `/dev/null` or a file descriptor).
fn redirections(command: &str) -> (Vec<&str>, Vec<String>) {
    let all: Vec<&str> = command.split_whitespace().collect();
    let mut written = Vec::new();
    let mut words_end = all.len();
    for (i, word) in all.iter().enumerate() {
        let Some(after) = word.trim_start_matches(['1', '2']).strip_prefix('>') else {
            continue;
        };
        let after = after.trim_start_matches('>');
        let target = if after.is_empty() { all.get(i + 1).copied() } else { Some(after) };
        words_end = words_end.min(i);
        if let Some(target) = target.map(|t| t.trim_matches(['"', '\''])) {
            if looks_like_path(target) && target != "/dev/null" && !target.starts_with('&') {
                written.push(target.to_string());
            }
        }
    }
    if all.first() == Some(&"tee") {
        written.extend(all[1..].iter().filter(|w| !w.starts_with('-')).map(|w| w.to_string()));
    }
    (all[..words_end].to_vec(), written)
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
    fn a_search_for_a_test_runner_runs_no_tests() {
        let trajectory = Trajectory {
            steps: vec![
                step(Some("Grep"), "Grep pytest /testbed", ""),
                step(Some("Read"), "Read /testbed/src/a.py", ""),
            ],
            ..Trajectory::default()
        };
        let facts = facts_of(&trajectory, "t.json");
        assert!(!facts.ran_tests);
        assert_eq!(facts.files_opened, ["/testbed/src/a.py"]);
        assert_eq!(facts.tools["Grep"], 1);
    }

    #[test]
    fn a_codex_file_change_edits_each_file_it_names() {
        let trajectory = Trajectory {
            steps: vec![step(
                Some("file_change"),
                "update /testbed/src/a.py\nadd /testbed/tests/test_a.py",
                "",
            )],
            ..Trajectory::default()
        };
        let facts = facts_of(&trajectory, "t.json");
        assert_eq!(facts.files_edited, ["/testbed/src/a.py", "/testbed/tests/test_a.py"]);
        assert!(facts.edited_tests);
    }

    #[test]
    fn a_codex_patch_edits_each_file_it_names_and_runs_nothing_it_holds() {
        let patch = "*** Begin Patch\n*** Update File: src/a.py\n*** Move to: src/b.py\n@@\n-x\n+pytest.main()\n*** Add File: tests/test_b.py\n+import pytest\n*** End Patch";
        let trajectory = Trajectory {
            steps: vec![step(Some("apply_patch"), patch, "Success.")],
            ..Trajectory::default()
        };
        let facts = facts_of(&trajectory, "t.json");
        assert_eq!(facts.files_edited, ["src/a.py", "src/b.py", "tests/test_b.py"]);
        assert!(!facts.ran_tests, "a patch's lines are not commands");
        assert_eq!(facts.tools["apply_patch"], 1);
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
                step(None, "PYTHONPATH=. LANG=C cat src/b.py", ""),
            ],
            cost: Some(0.25),
            ..Trajectory::default()
        };
        let facts = facts_of(&trajectory, "runs/r/trajectories/i.json");
        assert_eq!(facts.steps, 11);
        assert_eq!(facts.tools["python"], 2);
        assert_eq!(facts.tools["str_replace_editor"], 2);
        assert_eq!(facts.tools["cat"], 2, "the variables set for a command are not its program");
        assert_eq!(facts.files_opened, ["src/app.py", "/testbed/setup.cfg", "src/b.py"]);
        assert_eq!(facts.files_edited, ["/testbed/x.py", "src/util.py"]);
        assert!(facts.ran_tests);
        assert_eq!(facts.repeated_actions, 1);
        assert_eq!(facts.history_reads, ["git log --all --oneline", "git show 1a2b3c4d5e"]);
        assert_eq!(facts.submitted_last_diff, Some(true));
        assert!(!facts.edited_tests);
        assert_eq!(facts.cost, Some(0.25));
    }

    #[test]
    fn redirections_are_edits_and_test_files_are_named_so() {
        let trajectory = Trajectory {
            steps: vec![
                step(None, "cat <<'EOF' > tests/test_fix.py\nimport x\nEOF", ""),
                step(None, "python reproduce.py 2>&1 > /dev/null", ""),
                step(None, "echo hi >>notes.txt && cat src/a.py | tee out.log", ""),
            ],
            ..Trajectory::default()
        };
        let facts = facts_of(&trajectory, "p");
        assert_eq!(facts.files_edited, ["tests/test_fix.py", "notes.txt", "out.log"]);
        assert!(facts.edited_tests);
        let scratch = Trajectory {
            steps: vec![step(
                None,
                "cat > /testbed/test_fix.py <<'EOF'\nx\nEOF\ncat > test_edge.py <<'EOF'\nEOF",
                "",
            )],
            ..Trajectory::default()
        };
        assert!(
            !facts_of(&scratch, "p").edited_tests,
            "scratch tests at the working root are not the repository's"
        );
        assert_eq!(facts.files_opened, ["src/a.py"]);
        for test in [
            "a/tests/x.py",
            "/testbed/tests/x.py",
            "pkg/test_x.py",
            "pkg/x_test.go",
            "pkg/conftest.py",
            "src/a.test.ts",
            "src/FooTest.java",
            "app/forms/tests.py",
            "app/test_views.py",
            "src/app/test_x.py",
            "/testbed/app/test_x.py",
        ] {
            assert!(is_test_file(test), "{test}");
        }
        for other in [
            "src/testing_utils.py",
            "pkg/latest.py",
            "contest.py",
            "src/attest/x.py",
            "test_x.py",
            "/tmp/test_x.py",
            "/workspace/django__django__3.0/test_x.py",
            "/app/test_x.py",
            "/root/test_x.py",
            "/home/user/test_x.py",
            "/testbed/test_x.py",
        ] {
            assert!(!is_test_file(other), "{other}");
        }
    }

    #[test]
    fn cost_and_tokens_sum_the_steps_when_the_trajectory_has_no_total() {
        let costed = |cost: Option<f64>, tokens: Option<u64>| Step {
            cost,
            tokens_in: tokens,
            ..Step::default()
        };
        let trajectory = Trajectory {
            steps: vec![costed(Some(0.5), Some(10)), costed(None, None), costed(Some(0.25), Some(5))],
            ..Trajectory::default()
        };
        let facts = facts_of(&trajectory, "p");
        assert_eq!((facts.cost, facts.tokens_in, facts.tokens_out), (Some(0.75), Some(15), None));
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
