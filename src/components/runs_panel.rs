//! The runs loaded for an instance: each run's verdict, test tallies, failure mode and, where the
//! source publishes them, its cost and model calls; and on demand its test log, its model patch as
//! a diff with a file-by-file comparison against the gold patch, and its agent's trajectory.

use benchscope_contract::compare::compare_patches;
use benchscope_contract::failure_mode::{failure_mode_label, written_as_key};
use benchscope_contract::log::LogKind;
use benchscope_contract::metric_labels::metric_label;
use benchscope_contract::trajectory::TrajectoryFacts;
use benchscope_contract::wording::plural;
use benchscope_contract::{InstanceResult, TestStatus};
use leptos::prelude::*;

use crate::api::{RunCache, RunResult};
use crate::components::diff::DiffView;
use crate::components::error_box::ErrorBox;
use crate::components::log_view::LogView;
use crate::components::trajectory::{TrajectoryView, TRAJECTORY_CONTROL};
use crate::components::trajectory_compare::{TrajectoryCompare, WithTrajectory};
use crate::loaded::Loaded;
use crate::patch_file_name::patch_file_name;

/// A short mark and a class for a test status.
pub fn status_mark(status: Option<TestStatus>) -> (&'static str, &'static str) {
    match status {
        Some(TestStatus::Passed) => ("✓", "pass"),
        Some(TestStatus::Xfail) => ("✓", "pass"),
        Some(TestStatus::Failed) => ("✗", "fail"),
        Some(TestStatus::Error) => ("!", "fail"),
        Some(TestStatus::Skipped) => ("–", "skip"),
        Some(TestStatus::Xpass) => ("?", "skip"),
        Some(TestStatus::Missing) => ("∅", "missing"),
        None => ("·", "unknown"),
    }
}

/// What a status means, in words (a mark's label).
pub fn status_label(status: Option<TestStatus>) -> &'static str {
    match status {
        Some(TestStatus::Passed) => "passed",
        Some(TestStatus::Xfail) => "expected failure",
        Some(TestStatus::Failed) => "failed",
        Some(TestStatus::Error) => "error",
        Some(TestStatus::Skipped) => "skipped",
        Some(TestStatus::Xpass) => "unexpected success",
        Some(TestStatus::Missing) => "not in the log",
        None => "no status",
    }
}

/// A listed test that a log naming failed tests alone does not name: the harness counts it passed.
pub const PASSED_UNNAMED: (&str, &str, &str) = ("✓", "pass unnamed", "passed: the log names failed tests only");

/// The mark, class and label of a test's status in a run graded fail-only or not.
pub fn run_test_mark(status: Option<TestStatus>, fail_only: bool) -> (&'static str, &'static str, &'static str) {
    match status {
        Some(TestStatus::Missing) if fail_only => PASSED_UNNAMED,
        _ => {
            let (mark, class) = status_mark(status);
            (mark, class, status_label(status))
        }
    }
}

/// Every mark with its meaning, for a legend.
pub const LEGEND: [Option<TestStatus>; 7] = [
    Some(TestStatus::Passed),
    Some(TestStatus::Failed),
    Some(TestStatus::Error),
    Some(TestStatus::Skipped),
    Some(TestStatus::Missing),
    Some(TestStatus::Xpass),
    None,
];

/// One row per run with a result for this instance.
#[component]
pub fn RunsPanel(results: Vec<RunResult>, gold: Option<String>, base: String, instance: String) -> impl IntoView {
    if results.is_empty() {
        return ().into_any();
    }
    let with_trajectory: Vec<WithTrajectory> = results
        .iter()
        .filter_map(|r| {
            Some(WithTrajectory {
                run: r.run_id.clone(),
                name: r.name.clone(),
                path: r.result.trajectory.as_ref()?.path.clone(),
            })
        })
        .collect();
    let compare = view! { <TrajectoryCompare runs=with_trajectory base=base.clone() /> };
    // A column no run fills is left out: swebench.com's boards publish each instance's cost and
    // model calls per run, a harness's results carry tallies and failure modes, and Long Code
    // Arena's generations have nothing but the model's output.
    let any = |has: fn(&InstanceResult) -> bool| results.iter().any(|r| has(&r.result));
    let columns = Columns {
        fail_to_pass: any(|r| r.fail_to_pass.is_some()),
        pass_to_pass: any(|r| r.pass_to_pass.is_some()),
        mode: any(|r| r.failure_mode.is_some() || r.log.is_some()),
        spending: any(|r| r.cost.is_some() || r.api_calls.is_some()),
        patch: any(|r| r.model_patch.is_some()),
        trajectory: any(|r| r.trajectory.is_some()),
    };
    let head = |shown: bool, title: &'static str| shown.then(|| view! { <th scope="col">{title}</th> });
    let gold = StoredValue::new(gold);
    let base = StoredValue::new(base);
    let instance = StoredValue::new(instance);
    view! {
        <section class="runs">
            <h3>{format!("Runs ({})", results.len())}</h3>
            <div class="runs-scroll"><table class="runs-table">
                <thead><tr>
                    <th scope="col">"Run"</th><th scope="col">"Verdict"</th>
                    {head(columns.fail_to_pass, "FAIL_TO_PASS")}{head(columns.pass_to_pass, "PASS_TO_PASS")}{head(columns.mode, "Failure mode")}
                    {columns.spending.then(|| view! { <th scope="col" class="num">"Cost"</th> })}
                    {head(columns.patch, "Model patch")}{head(columns.trajectory, "Trajectory")}
                </tr></thead>
                <tbody>
                    {results.into_iter().map(|run| view! { <RunRow run gold base instance columns /> }).collect_view()}
                </tbody>
            </table></div>
            {compare}
        </section>
    }
    .into_any()
}

/// Which optional columns the table has, and so how many a row opened under a run spans.
#[derive(Clone, Copy)]
struct Columns {
    fail_to_pass: bool,
    pass_to_pass: bool,
    mode: bool,
    spending: bool,
    patch: bool,
    trajectory: bool,
}

impl Columns {
    fn count(self) -> usize {
        let optional = [
            self.fail_to_pass,
            self.pass_to_pass,
            self.mode,
            self.spending,
            self.patch,
            self.trajectory,
        ];
        2 + optional.into_iter().filter(|shown| *shown).count()
    }
}

#[component]
fn RunRow(
    run: RunResult,
    gold: StoredValue<Option<String>>,
    base: StoredValue<String>,
    instance: StoredValue<String>,
    columns: Columns,
) -> impl IntoView {
    let cache = expect_context::<RunCache>();
    let result = run.result;
    // Metric-scored runs (Long Code Arena) show their metrics where others show a verdict; a
    // verdict with scores beside it (a Harbor trial's reward, SWE-PolyBench's retrieval metrics)
    // shows them after it, resolved or not.
    let metrics = metrics_text(&result.metrics);
    let verdict = match (result.resolved, result.empty_patch) {
        (Some(true), _) if !metrics.is_empty() => (format!("resolved · {metrics}"), "pass"),
        (Some(true), _) => ("resolved".to_string(), "pass"),
        (Some(false), true) => ("empty patch".to_string(), "fail"),
        (Some(false), false) if !metrics.is_empty() => (format!("unresolved · {metrics}"), "fail"),
        (Some(false), false) => ("unresolved".to_string(), "fail"),
        (None, _) if !metrics.is_empty() => (metrics, "metrics"),
        (None, _) => ("no verdict".to_string(), "unknown"),
    };
    // On a phone each run is a card whose cells say their column; a tally the run lacks is left out there.
    let tally_cell = |shown: bool, label: &'static str, t: Option<benchscope_contract::TestTally>| {
        shown.then(|| match t {
            Some(t) => view! { <td data-label=label>{format!("{}/{}", t.passed, t.total)}</td> }.into_any(),
            None => view! { <td class="absent">"—"</td> }.into_any(),
        })
    };
    let open = RwSignal::new(false);
    let patch_path = result.model_patch.clone();
    let has_patch = patch_path.is_some();
    let patch = Loaded::new(move || {
        let (cache, path, opened) = (cache.clone(), patch_path.clone(), open.get());
        async move {
            match (opened, path) {
                (true, Some(path)) => cache.patch(&base.get_value(), &path, &instance.get_value()).await,
                _ => Ok(None),
            }
        }
    });
    let run_id = run.run_id.clone();
    let patch_name = StoredValue::new(patch_file_name(&instance.get_value(), &run_id));
    let (log_button, log_row) = log_parts(result.log.clone(), base, run.run_id.clone(), columns);
    let trajectory_row = trajectory_row(result.trajectory.clone(), base, run.run_id.clone(), columns);
    let spent = columns
        .spending
        .then(|| view! { <td class="num spent" data-label="Cost">{crate::wording::spent(result.cost, result.api_calls)}</td> });
    // A mode written as a key reads as words, in the page's type rather than as code.
    let mode = result.failure_mode.as_deref().unwrap_or_default();
    let mode_in_words = written_as_key(mode);
    let mode = failure_mode_label(mode).into_owned();
    view! {
        <tr class="run" data-run=run.run_id.clone()>
            <td class="run-name">{run.name}</td>
            <td class=format!("verdict {}", verdict.1)>{verdict.0}</td>
            {tally_cell(columns.fail_to_pass, "FAIL_TO_PASS", result.fail_to_pass)}
            {tally_cell(columns.pass_to_pass, "PASS_TO_PASS", result.pass_to_pass)}
            {columns.mode.then(|| view! {
                <td class="mode"><span class="mode-name" class:words=mode_in_words>{mode}</span>{log_button}</td>
            })}
            {spent}
            {columns.patch.then(|| view! {
                <td data-label="Model patch">{has_patch.then(|| view! {
                    <button class="show-patch" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                        {move || if open.get() { "hide" } else { "show" }}
                    </button>
                })}</td>
            })}
            {columns.trajectory.then(|| view! { <td data-label="Trajectory">{trajectory_row.0}</td> })}
        </tr>
        {move || open.get().then(|| view! {
            <tr class="model-patch" data-run=run_id.clone()><td colspan=columns.count()>
                {move || match patch.get() {
                    None => view! { <p class="loading">"Loading the model patch…"</p> }.into_any(),
                    Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
                    Some(Ok(None)) => view! { <p class="empty">"No patch stored for this instance."</p> }.into_any(),
                    Some(Ok(Some(diff))) => view! { <ModelPatch diff gold=gold.get_value() file_name=patch_name.get_value() /> }.into_any(),
                }}
            </td></tr>
        })}
        {log_row}
        {trajectory_row.1}
    }
}

/// A result's test log, where the run stored one: the button beside its failure mode, and the
/// row below that shows the log (fetched when first opened) with its first error in view.
fn log_parts(path: Option<String>, base: StoredValue<String>, run_id: String, columns: Columns) -> (impl IntoView, impl IntoView) {
    let cache = expect_context::<RunCache>();
    let open = RwSignal::new(false);
    let has_log = path.is_some();
    let log = Loaded::new(move || {
        let (cache, path, opened) = (cache.clone(), path.clone(), open.get());
        async move {
            match (opened, path) {
                (true, Some(path)) => cache.log(&base.get_value(), &path).await.map(Some),
                _ => Ok(None),
            }
        }
    });
    let button = has_log.then(|| {
        view! {
            <button class="show-log" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                {move || if open.get() { "hide log" } else { "test log" }}
            </button>
        }
    });
    let row = move || {
        open.get().then(|| {
            view! {
                <tr class="test-log" data-run=run_id.clone()><td colspan=columns.count()>
                    {move || match log.get() {
                        None | Some(Ok(None)) => view! { <p class="loading">"Loading the test log…"</p> }.into_any(),
                        Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
                        Some(Ok(Some(text))) => view! { <LogView text kind=LogKind::TestRun /> }.into_any(),
                    }}
                </td></tr>
            }
        })
    };
    (button, row)
}

/// The trajectory button for a result's `facts`, and the row that opens under the run with the
/// trajectory, fetched on first opening.
fn trajectory_row(
    facts: Option<TrajectoryFacts>,
    base: StoredValue<String>,
    run_id: String,
    columns: Columns,
) -> (Option<AnyView>, Option<AnyView>) {
    let Some(facts) = facts else { return (None, None) };
    let cache = expect_context::<RunCache>();
    // A permalink to one of its steps (`&traj=<run>&step=N`) opens it.
    let url = expect_context::<crate::url_state::UrlState>();
    let linked = url.with_untracked(|s| s.control(TRAJECTORY_CONTROL) == Some(run_id.as_str()));
    let open = RwSignal::new(linked);
    let path = facts.path.clone();
    let loaded = Loaded::new(move || {
        let (cache, path, opened) = (cache.clone(), path.clone(), open.get());
        async move {
            match opened {
                true => cache.trajectory(&base.get_value(), &path).await.map(Some),
                false => Ok(None),
            }
        }
    });
    let steps = facts.steps;
    let button = view! {
        <button class="show-trajectory" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
            {move || if open.get() { "hide".to_string() } else { plural(steps, "step") }}
        </button>
    }
    .into_any();
    let facts = StoredValue::new(facts);
    let run_id = StoredValue::new(run_id);
    let row = view! {
        {move || open.get().then(|| view! {
            <tr class="trajectory-row" data-run=run_id.get_value()><td colspan=columns.count()>
                {move || match loaded.get() {
                    None | Some(Ok(None)) => view! { <p class="loading">"Loading the trajectory…"</p> }.into_any(),
                    Some(Err(error)) => view! { <ErrorBox error /> }.into_any(),
                    Some(Ok(Some(trajectory))) => view! { <TrajectoryView trajectory facts=facts.get_value() run_id=run_id.get_value() /> }.into_any(),
                }}
            </td></tr>
        })}
    }
    .into_any();
    (Some(button), Some(row))
}

#[component]
fn ModelPatch(diff: String, gold: Option<String>, file_name: String) -> impl IntoView {
    // Without a gold patch (an instance known from runs alone) there is nothing to compare with.
    let comparison = gold.map(|gold| compare_patches(&gold, &diff)).filter(|files| !files.is_empty());
    let comparison = comparison.map(|comparison| {
        view! {
            <table class="file-compare">
                <thead><tr><th scope="col">"File"</th><th scope="col">"Touched by"</th><th scope="col">"Alike"</th></tr></thead>
                <tbody>
                    {comparison.into_iter().map(|file| {
                        let who = match (file.in_gold, file.in_model) {
                            (true, true) => "both",
                            (true, false) => "gold only",
                            _ => "model only",
                        };
                        view! {
                            <tr class=format!("touched-{}", who.replace(' ', "-"))>
                                <td><code>{file.path}</code></td>
                                <td>{who}</td>
                                <td>{file.similarity.map(|s| format!("{:.0}%", s * 100.0)).unwrap_or_default()}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        }
    });
    view! {
        {comparison}
        <DiffView diff file_name />
    }
}

/// `name value` pairs of a result's metrics, e.g. `chrF 41.2 · BLEU 17.9`; a value under 1 (a
/// share, a reward) with two decimals, `reward 0.83`. A name and its value are joined by
/// no-break spaces, so that a narrow cell wraps between pairs, never inside one.
fn metrics_text(metrics: &std::collections::BTreeMap<String, f64>) -> String {
    metrics
        .iter()
        .map(|(name, value)| {
            let name = metric_label(name).replace(' ', "\u{a0}");
            match value.abs() < 1.0 {
                true => format!("{name}\u{a0}{value:.2}"),
                false => format!("{name}\u{a0}{value:.1}"),
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}
