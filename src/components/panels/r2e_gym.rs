//! R2E-Gym's expected output: the hidden tests the fixed code did not pass, which a run must
//! leave as they were (R2E-Gym rewards a run only when every hidden test ends as on the fixed
//! code), each with the status it must keep and each loaded run's. The ones it passed are the
//! instance's FAIL_TO_PASS and PASS_TO_PASS lists.

use benchscope_contract::extras::{expected_output, ExpectedTest, EXPECTED_OUTPUT_FIELD};
use leptos::prelude::*;

use super::Extra;
use crate::api::RunResult;
use crate::components::test_lists::{folding_list, run_chips, runs_naming_tests};
use crate::wording::plural;

/// The panel, when the instance has a well-formed `expected_output`, with each of `runs`' marks.
pub fn expected_output_panel(extra: &mut Extra, runs: Signal<Vec<RunResult>>) -> Option<AnyView> {
    let tests = expected_output(extra).ok()??;
    extra.remove(EXPECTED_OUTPUT_FIELD);
    let hidden = tests.len();
    let failing: Vec<_> = tests.into_iter().filter(|test| !test.passes()).collect();
    let note = format!(
        "R2E-Gym rewards a run only when each of the task's {} ends as it did on the fixed code. Those the fixed code passed are the FAIL_TO_PASS and PASS_TO_PASS lists; {}",
        plural(hidden, "hidden test"),
        match failing.len() {
            0 => "it passed them all.",
            _ => "these it did not, and a run must leave each with the status beside it: a run that passes one is not rewarded.",
        }
    );
    let count = failing.len();
    let runs = runs_naming_tests(runs);
    let item = |test: &ExpectedTest, runs: &[RunResult]| expected_item(test, runs).into_any();
    let (items, switch) = folding_list(failing, runs, left_otherwise, item, "a loaded run did not leave as expected");
    Some(
        view! {
            <section class="panel expected-output">
                <h3>{format!("Expected not to pass ({count})")}</h3>
                <p class="note">{note}</p>
                <ul>{items}</ul>
                {switch}
            </section>
        }
        .into_any(),
    )
}

/// Whether `run` names the test with a status other than the one R2E-Gym expects.
fn left_otherwise(run: &RunResult, test: &ExpectedTest) -> bool {
    run.result
        .tests
        .get(&test.name)
        .is_some_and(|status| *status != test.expected_status())
}

/// A test expected not to pass: the status it must keep, then each run's.
fn expected_item(test: &ExpectedTest, runs: &[RunResult]) -> impl IntoView {
    let chips = (!runs.is_empty()).then(|| run_chips(&test.name, runs));
    view! { <li><span class="expected">{test.status.clone()}</span>{chips}<code>{test.name.clone()}</code></li> }
}
