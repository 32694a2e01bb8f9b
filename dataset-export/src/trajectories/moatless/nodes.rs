//! Moatless Tools' trajectories of 2025 (`<instance>/trajectory.json`): the run as a tree of
//! nodes, each one model call and the actions it chose. Its loop (`AgenticLoop`) and its flows
//! write the nodes as a flat list, `nodes`, each naming its `parent_id`; its tree search
//! (`SearchTree`) nests them under `root`, each with its `children`. The root holds the task
//! (`user_message`); a node holds its `action_steps` (`{action: {thoughts?, …,
//! action_args_class}, observation: {message, properties: {diff?}}, completion?}`), the model
//! calls that chose them (`completions: {build_action: {model, usage | attempts: [{usage}]}}`),
//! the files it has seen and changed (`file_context.files[].patch`), and whether it ended the
//! run (`terminal`, `error`). Late 2024's nodes hold one `action` and its `output` instead.
//!
//! A loop's nodes are one line; a search tries several branches. The branch shown is the one the
//! run chose (`discriminator_result.selected_node_id`), else the one a finished node ends, the
//! best rewarded, else the last node's.

use std::collections::HashMap;

use benchscope_contract::trajectory::{ActionForm, Step, TimeSpan, Trajectory};
use serde_json::Value;

use super::{edit_of_diff, fields_text, form_of_content, what_came_of};
use crate::trajectories::{edit_of, text, AgentAndModel, StepReader, TrajectoryFormat};

/// The format.
pub struct MoatlessNodes;

/// The format's name, as its trajectories record it.
pub const FORMAT: &str = "moatless-nodes";

impl TrajectoryFormat for MoatlessNodes {
    fn name(&self) -> &'static str {
        FORMAT
    }

    fn detect(&self, skeleton: &Value) -> bool {
        let is_node = |node: &Value| node.get("node_id").is_some_and(Value::is_u64);
        match (skeleton.get("nodes"), skeleton.get("root")) {
            (Some(Value::Array(nodes)), _) => nodes.first().is_some_and(is_node),
            (_, Some(root)) => is_node(root) && root.get("children").is_some_and(Value::is_array),
            _ => false,
        }
    }

    fn reader(&self, skeleton: Value) -> Box<dyn StepReader> {
        Box::new(Reader {
            skeleton,
            nodes: Vec::new(),
        })
    }

    fn instance_of(&self, skeleton: &Value) -> Option<String> {
        skeleton
            .pointer("/metadata/instance_id")
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    fn agent_of(&self, skeleton: &Value) -> AgentAndModel {
        AgentAndModel::new(Some("Moatless Tools"), None, agents_model(skeleton))
    }
}

/// Whether the first kilobytes of a JSON file, `head`, begin a Moatless tree: a flow's nodes,
/// which follow its ids, or a loop's or a search tree's settings, which hold their agent's
/// prompt before their nodes.
pub fn begins_as_trajectory(head: &str) -> bool {
    let packed: String = head.chars().filter(|c| !c.is_whitespace()).collect();
    packed.starts_with('{')
        && (packed.contains("\"nodes\":[{\"node_id\"")
            || (packed.contains("\"max_iterations\":") && packed.contains("\"agent\":{\"system_prompt\"")))
}

/// The model a loop's or a search tree's agent calls (a flow's file names none).
fn agents_model(skeleton: &Value) -> Option<&str> {
    skeleton.pointer("/agent/completion/model").and_then(Value::as_str)
}

/// The nodes read so far, each as much of it as the trajectory needs.
struct Reader {
    skeleton: Value,
    nodes: Vec<ReadNode>,
}

/// One node: its place in the tree, its steps, and what it tells of the run.
struct ReadNode {
    id: u64,
    parent: Option<u64>,
    task: Option<String>,
    steps: Vec<Step>,
    /// Its model calls' tokens (in, out), cost and count.
    usage: Usage,
    /// The first model named by its calls.
    model: Option<String>,
    times: Vec<String>,
    finished: bool,
    error: Option<String>,
    last_action: Option<String>,
    /// What the search's value function gave the node (`reward.value`, -100 to 100).
    reward: Option<i64>,
    /// The node the run chose, where this node records the choice.
    selected: Option<u64>,
    /// The change its files hold, without the tests.
    patch: Option<String>,
    /// The SWE-bench evaluation of its change, 1 resolved or 0.
    verdict: Option<f64>,
}

impl StepReader for Reader {
    fn element(&mut self, key: &str, node: Value, _steps: &mut Vec<Step>) {
        if key == "nodes" {
            let parent = node.get("parent_id").and_then(Value::as_u64);
            self.take(&node, parent);
        }
    }

    fn finish(mut self: Box<Self>, steps: &mut Vec<Step>) -> Trajectory {
        if let Some(root) = self.skeleton.get("root").cloned() {
            self.take_tree(&root, None);
        }
        let branch = self.branch();
        let chosen = branch.last().map(|&at| &self.nodes[at]);
        let mut usage = Usage::default();
        let mut span = TimeSpan::default();
        for node in &self.nodes {
            usage.add(&node.usage);
            node.times.iter().for_each(|time| span.add(time));
        }
        let global_model = agents_model(&self.skeleton);
        let trajectory = Trajectory {
            task: self.nodes.iter().find_map(|node| node.task.clone()),
            exit_status: chosen.and_then(|node| exit_status(node, self.leaves() - 1)),
            submission: chosen.and_then(|node| node.patch.clone()),
            reward: chosen.and_then(|node| node.verdict),
            model: global_model
                .is_none()
                .then(|| self.nodes.iter().find_map(|node| node.model.clone()))
                .flatten(),
            cost: (usage.calls > 0).then_some(usage.cost),
            tokens_in: (usage.calls > 0).then_some(usage.tokens_in),
            tokens_out: (usage.calls > 0).then_some(usage.tokens_out),
            api_calls: (usage.calls > 0).then_some(usage.calls),
            seconds: span.seconds(),
            date: span.first_day(),
            ..Trajectory::default()
        };
        for at in branch {
            steps.append(&mut self.nodes[at].steps);
        }
        trajectory
    }
}

impl Reader {
    /// Takes in a nested tree's node and, after it, its children.
    fn take_tree(&mut self, node: &Value, parent: Option<u64>) {
        self.take(node, parent);
        let id = node.get("node_id").and_then(Value::as_u64);
        for child in node.get("children").and_then(Value::as_array).into_iter().flatten() {
            self.take_tree(child, id);
        }
    }

    fn take(&mut self, node: &Value, parent: Option<u64>) {
        let Some(id) = node.get("node_id").and_then(Value::as_u64) else {
            return;
        };
        let actions = actions_of(node);
        let mut steps: Vec<Step> = actions.iter().map(|(action, observation)| step_of(action, *observation)).collect();
        let usage = Usage::of_node(node);
        if let Some(first) = steps.first_mut() {
            first.tokens_in = (usage.calls > 0).then_some(usage.tokens_in);
            first.tokens_out = (usage.calls > 0).then_some(usage.tokens_out);
            first.cost = (usage.calls > 0).then_some(usage.cost);
            if let Some(thought) = node
                .pointer("/thoughts/text")
                .and_then(Value::as_str)
                .or(node.get("assistant_message").and_then(Value::as_str))
            {
                first.thought = [thought, first.thought.as_str()].join("\n\n").trim().to_string();
            }
        }
        self.nodes.push(ReadNode {
            id,
            parent,
            task: text(node, "user_message")
                .or_else(|| text(node, "message"))
                .filter(|_| parent.is_none()),
            steps,
            usage,
            model: models_of(node).into_iter().next(),
            times: times_of(node),
            finished: node.get("terminal") == Some(&Value::Bool(true)) && text(node, "error").is_none(),
            error: text(node, "error").filter(|e| !e.trim().is_empty()),
            last_action: actions.last().map(|(action, _)| tool_of(action)),
            reward: node.pointer("/reward/value").and_then(Value::as_i64),
            selected: node.pointer("/discriminator_result/selected_node_id").and_then(Value::as_u64),
            patch: patch_of(node),
            verdict: evaluated(node),
        });
    }

    /// The nodes, by their places in [`Self::nodes`], from the root to the end of the branch shown.
    fn branch(&self) -> Vec<usize> {
        let at: HashMap<u64, usize> = self.nodes.iter().enumerate().map(|(at, node)| (node.id, at)).collect();
        let Some(mut next) = self.end_of_branch().and_then(|id| at.get(&id).copied()) else {
            return Vec::new();
        };
        let mut branch = vec![next];
        while let Some(parent) = self.nodes[next].parent.and_then(|id| at.get(&id).copied()) {
            if branch.contains(&parent) {
                break;
            }
            branch.push(parent);
            next = parent;
        }
        branch.reverse();
        branch
    }

    /// The node the branch shown ends in: the one the run chose (if the file holds it), else the
    /// best rewarded finished node (the last of equals), else the last node.
    fn end_of_branch(&self) -> Option<u64> {
        let known = |id: &u64| self.nodes.iter().any(|node| node.id == *id);
        let chosen = self.nodes.iter().find_map(|node| node.selected).filter(known);
        let finished = self
            .nodes
            .iter()
            .filter(|node| node.finished)
            .max_by_key(|node| (node.reward.unwrap_or(i64::MIN), node.id))
            .map(|node| node.id);
        chosen.or(finished).or_else(|| self.nodes.iter().map(|node| node.id).max())
    }

    /// How many branches the tree has: its nodes without children.
    fn leaves(&self) -> usize {
        let parents: std::collections::HashSet<u64> = self.nodes.iter().filter_map(|node| node.parent).collect();
        self.nodes.iter().filter(|node| !parents.contains(&node.id)).count().max(1)
    }
}

/// A node's actions with what came of each: its `action_steps`, or late 2024's one `action` and
/// its `output`.
fn actions_of(node: &Value) -> Vec<(&Value, Option<&Value>)> {
    match node.get("action_steps").and_then(Value::as_array) {
        Some(steps) if !steps.is_empty() => steps
            .iter()
            .filter_map(|step| Some((step.get("action")?, step.get("observation"))))
            .collect(),
        _ => node.get("action").map(|action| (action, node.get("output"))).into_iter().collect(),
    }
}

/// An action's name: its arguments' class without `Args` (`StringReplace`), else its `name`.
fn tool_of(action: &Value) -> String {
    let class = text(action, "action_args_class").map(|class| class.rsplit('.').next().unwrap_or_default().to_string());
    let name = class.or_else(|| text(action, "name")).unwrap_or_else(|| "Action".to_string());
    name.strip_suffix("Args").filter(|n| !n.is_empty()).unwrap_or(&name).to_string()
}

/// One action and what came of it: an edit's change drawn as a diff (as made, where its
/// observation records it, else as asked), the action as a call.
fn step_of(action: &Value, observation: Option<&Value>) -> Step {
    let diff = observation.and_then(|o| o.pointer("/properties/diff")).and_then(Value::as_str);
    let (mut words, mut edit) = what_came_of(observation, None);
    if let Some(made) = diff.and_then(edit_of_diff) {
        edit = Some(made);
    }
    let edit = edit.or_else(|| edit_of(action));
    let tool = tool_of(action);
    let shown = shown_fields(action, edit.is_some());
    let (action_text, action_form) = match text(&shown, "content") {
        Some(content) => (content, form_of_content(text(&shown, "file_path").as_deref())),
        None => (call_of(&tool, &shown), ActionForm::Call),
    };
    // Finish answers with its own reason: said once, as the action.
    let echoed = action
        .as_object()
        .is_some_and(|fields| fields.values().any(|v| v.as_str() == Some(words.as_str())));
    if observation.is_none() || echoed {
        words = String::new();
    }
    Step {
        thought: text(action, "thoughts").unwrap_or_default(),
        tool: Some(tool),
        action: action_text,
        action_form,
        observation: words,
        edit,
        ..Step::default()
    }
}

/// An action's fields as shown: not its class, nor its thoughts, nor the texts an edit drawn as
/// a diff shows.
fn shown_fields(action: &Value, edited: bool) -> Value {
    let Value::Object(fields) = action else { return action.clone() };
    let hidden =
        |key: &str| ["action_args_class", "thoughts"].contains(&key) || (edited && ["old_str", "new_str", "file_text"].contains(&key));
    let kept = fields.iter().filter(|(key, value)| !hidden(key) && !value.is_null());
    Value::Object(kept.map(|(key, value)| (key.clone(), value.clone())).collect())
}

/// An action as a call: its name, then its one field's value (`StringReplace pkg/calc.py`), or
/// its fields a line each below it.
fn call_of(tool: &str, fields: &Value) -> String {
    let lines = fields_text(fields);
    match fields.as_object().map(|fields| fields.keys().collect::<Vec<_>>()).as_deref() {
        Some([]) | None if lines.is_empty() => tool.to_string(),
        Some([key]) => {
            let prefix = format!("{key}: ");
            let values: Vec<&str> = lines.lines().map(|line| line.strip_prefix(&prefix).unwrap_or(line)).collect();
            format!("{tool} {}", values.join("\n")).trim_end().to_string()
        }
        _ => format!("{tool}\n{lines}"),
    }
}

/// What a node's model calls used, added up.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Usage {
    tokens_in: u64,
    tokens_out: u64,
    cost: f64,
    calls: u64,
}

impl Usage {
    fn add(&mut self, other: &Usage) {
        self.tokens_in += other.tokens_in;
        self.tokens_out += other.tokens_out;
        self.cost += other.cost;
        self.calls += other.calls;
    }

    /// A call's usage: 0.0.12's `usage`, or each of its `attempts`' (Moatless Tools' later
    /// `CompletionInvocation`).
    fn of_completion(completion: &Value) -> Usage {
        let one = |usage: &Value| Usage {
            tokens_in: usage.get("prompt_tokens").and_then(Value::as_u64).unwrap_or(0),
            tokens_out: usage.get("completion_tokens").and_then(Value::as_u64).unwrap_or(0),
            cost: usage.get("completion_cost").and_then(Value::as_f64).unwrap_or(0.0),
            calls: 1,
        };
        let mut total = Usage::default();
        match completion.get("attempts").and_then(Value::as_array) {
            Some(attempts) => attempts.iter().filter_map(|a| a.get("usage")).for_each(|u| total.add(&one(u))),
            None => completion
                .get("usage")
                .filter(|u| u.is_object())
                .iter()
                .for_each(|u| total.add(&one(u))),
        }
        total
    }

    /// A node's calls, as Moatless Tools adds them up (`Node.usage`): its steps', its
    /// `completions`', and its reward's and feedback's.
    fn of_node(node: &Value) -> Usage {
        let mut total = Usage::default();
        for completion in completions_of(node) {
            total.add(&Usage::of_completion(completion));
        }
        total
    }
}

/// Every model call a node records.
fn completions_of(node: &Value) -> Vec<&Value> {
    let steps = node
        .get("action_steps")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|step| step.get("completion"));
    let named = node
        .get("completions")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|c| c.values());
    let judged = ["/reward/completion", "/feedback_data/completion"]
        .into_iter()
        .filter_map(|p| node.pointer(p));
    steps.chain(named).chain(judged).filter(|c| c.is_object()).collect()
}

fn models_of(node: &Value) -> Vec<String> {
    completions_of(node).into_iter().filter_map(|c| text(c, "model")).collect()
}

/// When a node's steps began and ended, and when it was made (later versions record them).
fn times_of(node: &Value) -> Vec<String> {
    let steps = node.get("action_steps").and_then(Value::as_array).into_iter().flatten();
    let mut times: Vec<String> = steps
        .flat_map(|step| [text(step, "start_time"), text(step, "end_time")])
        .flatten()
        .collect();
    times.extend(text(node, "timestamp"));
    times
}

/// The change a node's files hold, as Moatless Tools evaluates and submits it
/// (`FileContext.generate_git_patch(ignore_tests=True)`): every changed file's patch but the
/// tests', joined.
fn patch_of(node: &Value) -> Option<String> {
    let files = node.pointer("/file_context/files")?.as_array()?;
    let patches: Vec<&str> = files
        .iter()
        .filter(|file| file.get("file_path").and_then(Value::as_str).is_some_and(|path| !is_test(path)))
        .filter_map(|file| file.get("patch").and_then(Value::as_str))
        .filter(|patch| !patch.trim().is_empty())
        .collect();
    (!patches.is_empty()).then(|| patches.join("\n"))
}

/// Whether Moatless Tools takes `path` for a test (`moatless.utils.file.is_test`): a file under
/// a `test`, `tests` or `testing` folder, or named as tests are.
fn is_test(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    let name = parts.last().copied().unwrap_or_default();
    let in_tests = parts.iter().any(|part| ["testing", "test", "tests"].contains(part));
    let named = ["test.py", "tests.py"].contains(&name)
        || (name.ends_with(".py") && ["unittest_", "test_", "tests_"].iter().any(|prefix| name.starts_with(prefix)))
        || name.ends_with("_test.py");
    in_tests || named
}

/// The verdict of the SWE-bench evaluation Moatless Tools ran on a node (later versions keep it
/// on the node, `evaluation_result.resolved`), as a reward: 1 resolved, 0 not.
fn evaluated(node: &Value) -> Option<f64> {
    let resolved = node.pointer("/evaluation_result/resolved")?.as_bool()?;
    Some(if resolved { 1.0 } else { 0.0 })
}

/// How the branch shown ended: its node's error (its last line), `finished` or `rejected` by
/// its last action, and how many other branches the search left.
fn exit_status(node: &ReadNode, other_branches: usize) -> Option<String> {
    let ended = match (&node.error, node.last_action.as_deref()) {
        (Some(error), _) => Some(format!(
            "error: {}",
            error.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or(error)
        )),
        (None, Some("Reject")) if node.finished => Some("rejected".to_string()),
        (None, _) if node.finished => Some("finished".to_string()),
        _ => None,
    };
    match (ended, other_branches) {
        (ended, 0) => ended,
        (Some(ended), others) => Some(format!("{ended} ({others} other {} not shown)", branches(others))),
        (None, others) => Some(format!("{others} other {} not shown", branches(others))),
    }
}

fn branches(count: usize) -> &'static str {
    if count == 1 {
        "branch"
    } else {
        "branches"
    }
}

#[cfg(test)]
mod tests;
