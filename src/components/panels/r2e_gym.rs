//! R2E-Gym's expected output: the hidden tests the fixed code did not pass, which a run must
//! leave as they were (R2E-Gym rewards a run only when every hidden test ends as on the fixed
//! code). The ones it passed are the instance's FAIL_TO_PASS and PASS_TO_PASS lists.

use benchscope_contract::extras::{expected_output, EXPECTED_OUTPUT_FIELD};
use leptos::prelude::*;

use super::Extra;
use crate::wording::plural;

/// The panel, when the instance has a well-formed `expected_output`.
pub fn expected_output_panel(extra: &mut Extra) -> Option<AnyView> {
    let tests = expected_output(extra).ok()??;
    extra.remove(EXPECTED_OUTPUT_FIELD);
    let hidden = tests.len();
    let failing: Vec<_> = tests.into_iter().filter(|test| !test.passes()).collect();
    let note = format!(
        "R2E-Gym rewards a run only when each of the task's {} ends as it did on the fixed code. Those the fixed code passed are the FAIL_TO_PASS and PASS_TO_PASS lists; {}",
        plural(hidden, "hidden test"),
        match failing.len() {
            0 => "it passed them all.",
            _ => "these it did not, and a run must leave them so.",
        }
    );
    let count = failing.len();
    let items = failing
        .into_iter()
        .map(|test| view! { <li><span class="expected">{test.status}</span><code>{test.name}</code></li> })
        .collect_view();
    Some(
        view! {
            <section class="panel expected-output">
                <h3>{format!("Expected not to pass ({count})")}</h3>
                <p class="note">{note}</p>
                <ul>{items}</ul>
            </section>
        }
        .into_any(),
    )
}
