//! Trajectories published as a dataset's rows, each one agent's attempt at an instance:
//! SWE-smith's `SWE-smith-trajectories` (`{messages, instance_id, resolved, model, traj_id,
//! patch}`, chat messages, Parquet on the hub), nebius' `SWE-agent-trajectories`
//! (`{instance_id, model_name, target, trajectory, exit_status, generated_patch}`, SWE-agent's
//! classic conversation of `ai` and `user` texts), SWE-Gym's OpenHands trajectories
//! (`{instance_id, run_id, resolved, messages, tools, test_result}`, tool calls answered by
//! `tool` messages), and any table of the kind (JSON Lines, a JSON array, Parquet), the messages a
//! list or a JSON string holding one. A row's `resolved` (`target`) is its verdict, its `patch`
//! (`generated_patch`, `test_result.git_patch`) the model patch; the rows of each model (the
//! file's, when a row names none) are a run. Where a model has more than one trajectory of an
//! instance, the first is kept and the others counted in a warning.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use anyhow::{bail, Context};
use benchscope_contract::trajectory::Step;
use benchscope_contract::{InstanceResult, FORMAT_VERSION};
use serde_json::{Map, Value};

use super::leaderboard::slug;
use super::{first_few, name_of, new_run, stem_of, ImportPlan, Imported, RunSource, Source, DEFAULT_DATASET, DEFAULT_SPLIT};
use crate::input::read_records;
use crate::run_store::NewRun;
use crate::trajectories::mini_swe_agent::MiniSweAgent;
use crate::trajectories::swe_agent::chat::ChatReader;
use crate::trajectories::{StepReader, TrajectoryFormat, TrajectorySink};
use crate::trajectory_spool::TrajectorySpool;

/// The format.
pub struct TrajectoryRows;

/// How a trajectory read from chat messages records its format.
const CHAT: &str = "chat messages";
/// How one read from SWE-agent's classic conversation records it.
const SWE_AGENT_CHAT: &str = "swe-agent conversation";

impl RunSource for TrajectoryRows {
    fn name(&self) -> &'static str {
        "trajectories as a dataset's rows"
    }

    /// By its first row: a Parquet file's first record, else a JSON Lines file's first line or
    /// a JSON array's first element.
    fn detect(&self, source: &Source) -> bool {
        if !source.is_file() {
            return false;
        }
        let first = match is_parquet(source.path()) {
            true => first_parquet_row(source.path()).map(Value::Object),
            false => source.first_line_record().or_else(|| match source.json() {
                Some(Value::Array(rows)) => rows.first().cloned(),
                _ => None,
            }),
        };
        match first {
            Some(Value::Object(fields)) => Row::of(fields).is_some(),
            _ => false,
        }
    }

    fn read(&self, source: &Source, plan: &ImportPlan) -> anyhow::Result<Imported> {
        let path = source.path();
        let (dataset, split) = (plan.dataset_or(DEFAULT_DATASET), plan.split_or(DEFAULT_SPLIT));
        let mut runs: BTreeMap<String, ModelRun> = BTreeMap::new();
        let mut skipped = Vec::new();
        for record in read_records(path)? {
            let record = match record {
                Ok(record) => record,
                Err(error) => {
                    skipped.push(error.to_string());
                    continue;
                }
            };
            let Some(row) = Row::of(record.fields) else {
                skipped.push(format!("{}: {}: no instance_id and messages list", path.display(), record.location));
                continue;
            };
            let model = row.model.clone().unwrap_or_else(|| stem_of(path).unwrap_or_else(|| name_of(path)));
            if !runs.contains_key(&model) {
                let id = match (&plan.run, runs.len()) {
                    (Some(id), 0) => id.clone(),
                    (Some(_), _) => bail!(
                        "{}: holds the trajectories of more than one model ({}, {model}): import it without --run, and each model's become a run named after it",
                        path.display(),
                        runs.keys().next().map(String::as_str).unwrap_or_default()
                    ),
                    (None, _) => slug(&model),
                };
                let run = new_run(id.clone(), model.clone(), &dataset, &split, &source.label());
                let spool = TrajectorySpool::new(&id, plan.spool_in.as_deref())?;
                runs.insert(model.clone(), ModelRun::new(run, spool));
            }
            runs.get_mut(&model).expect("inserted above").add(row)?;
        }
        if runs.is_empty() {
            bail!(
                "{}: no row holds a trajectory ({})",
                path.display(),
                first_few(&skipped.iter().map(String::as_str).collect::<Vec<_>>())
            );
        }
        let skipped = skipped_warning(&skipped);
        Ok(runs.into_values().map(|run| run.finish(skipped.clone())).collect())
    }
}

/// One warning for the rows passed over, naming the first few: a table of thousands of rows
/// must not make a warning of each.
fn skipped_warning(skipped: &[String]) -> Option<String> {
    let named: Vec<&str> = skipped.iter().map(String::as_str).collect();
    (!skipped.is_empty()).then(|| {
        format!(
            "{} passed over: {}",
            benchscope_contract::wording::plural(skipped.len(), "row"),
            first_few(&named)
        )
    })
}

/// Whether the file at `path` starts as Parquet does.
fn is_parquet(path: &Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 4];
    std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut magic)).is_ok() && &magic == b"PAR1"
}

/// The first record of a Parquet file, read no further (a shard may be gigabytes).
fn first_parquet_row(path: &Path) -> Option<Map<String, Value>> {
    Some(read_records(path).ok()?.next()?.ok()?.fields)
}

/// One row: the instance, its messages and what it says of the attempt.
struct Row {
    instance_id: String,
    messages: Vec<Value>,
    /// SWE-agent's classic conversation (`trajectory` of `ai` and `user` texts), not chat
    /// messages.
    classic: bool,
    resolved: Option<bool>,
    model: Option<String>,
    patch: Option<String>,
    exit_status: Option<String>,
}

impl Row {
    /// The row `fields` hold; its messages are taken out of them, not copied (a row may be
    /// megabytes).
    fn of(mut fields: Map<String, Value>) -> Option<Row> {
        let instance_id = fields.get("instance_id")?.as_str()?.trim().to_string();
        let (key, listed) = ["messages", "trajectory"]
            .iter()
            .find_map(|key| fields.remove(*key).map(|value| (*key, value)))?;
        let messages = match listed {
            Value::Array(messages) => messages,
            Value::String(encoded) => serde_json::from_str(&encoded).ok()?,
            _ => return None,
        };
        let fields = &fields;
        let role = |m: &Value| m.get("role").and_then(Value::as_str).map(str::to_string);
        let chat = !messages.is_empty() && messages.iter().all(|m| role(m).is_some());
        let classic = key == "trajectory" || messages.iter().any(|m| role(m).as_deref() == Some("ai"));
        let text = |key: &str| {
            fields
                .get(key)
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_string)
        };
        (chat && !instance_id.is_empty()).then(|| Row {
            instance_id,
            messages,
            classic,
            resolved: ["resolved", "target"]
                .iter()
                .find_map(|key| fields.get(*key).and_then(Value::as_bool)),
            model: text("model").or_else(|| text("model_name")),
            patch: ["patch", "model_patch", "generated_patch"]
                .iter()
                .find_map(|key| verbatim(fields, key))
                .or_else(|| {
                    fields
                        .get("test_result")
                        .and_then(Value::as_object)
                        .and_then(|r| verbatim(r, "git_patch"))
                }),
            exit_status: text("exit_status"),
        })
    }
}

/// A string field as written, when it is not blank (a patch keeps its last line break).
fn verbatim(fields: &Map<String, Value>, key: &str) -> Option<String> {
    let text = fields.get(key)?.as_str()?;
    (!text.trim().is_empty()).then(|| text.to_string())
}

/// One model's run as its rows are read.
struct ModelRun {
    new: NewRun,
    spool: TrajectorySpool,
    seen: BTreeSet<String>,
    repeated: usize,
}

impl ModelRun {
    fn new(run: benchscope_contract::Run, spool: TrajectorySpool) -> Self {
        ModelRun {
            new: NewRun::new(run),
            spool,
            seen: BTreeSet::new(),
            repeated: 0,
        }
    }

    /// Reads a row's messages into its trajectory, and its verdict and patch into the run.
    fn add(&mut self, row: Row) -> anyhow::Result<()> {
        if !self.seen.insert(row.instance_id.clone()) {
            self.repeated += 1;
            return Ok(());
        }
        self.spool.begin(&row.instance_id)?;
        let mut reader: Box<dyn StepReader> = match row.classic {
            true => Box::new(ChatReader::new()),
            false => MiniSweAgent.reader(Value::Null),
        };
        let mut steps: Vec<Step> = Vec::new();
        for message in row.messages {
            reader.element("messages", message, &mut steps);
            steps.drain(..).try_for_each(|step| self.spool.step(step))?;
        }
        let mut trajectory = reader.finish(&mut steps);
        steps.drain(..).try_for_each(|step| self.spool.step(step))?;
        trajectory.format_version = FORMAT_VERSION;
        trajectory.format = if row.classic { SWE_AGENT_CHAT } else { CHAT }.to_string();
        trajectory.exit_status = row.exit_status.clone();
        trajectory.instance_id = row.instance_id.clone();
        trajectory.model = row.model.clone();
        trajectory.submission = row.patch.clone();
        self.spool.end(trajectory).context("storing a trajectory")?;
        let empty_patch = row.patch.is_none();
        if let Some(patch) = row.patch {
            self.new.patches.insert(row.instance_id.clone(), patch);
        }
        self.new.run.results.push(InstanceResult {
            instance_id: row.instance_id,
            resolved: row.resolved,
            empty_patch,
            ..InstanceResult::default()
        });
        Ok(())
    }

    fn finish(mut self, skipped: Option<String>) -> (NewRun, Vec<String>) {
        let mut warnings: Vec<String> = skipped.into_iter().collect();
        if self.repeated > 0 {
            warnings.push(format!(
                "{} more {} of instances already read; the first of each is kept",
                self.repeated,
                if self.repeated == 1 { "trajectory" } else { "trajectories" }
            ));
        }
        warnings.extend(self.spool.take_warnings());
        self.new.run.system.model = Some(self.new.run.system.name.clone());
        self.new.run.date = self.spool.first_day();
        self.new.run.notes.extend(warnings.iter().cloned());
        self.new.trajectories = Some(self.spool);
        (self.new, warnings)
    }
}
