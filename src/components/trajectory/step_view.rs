//! One step of a trajectory: its thought (as markdown), its command (highlighted as shell, or an
//! edit shown as a diff), its exit code, tokens and cost, and what came back, folded when long;
//! or a prompt the person gave the agent after the task.

use benchscope_contract::trajectory::codex_patch::{self, CODEX_PATCH_TOOL};
use benchscope_contract::trajectory::text::{elided_in, fold, strip_terminal_escapes, Fold};
use benchscope_contract::trajectory::{ActionForm, Step};
use leptos::prelude::*;

use crate::components::code::{highlighted, highlighted_call, highlighted_shell};
use crate::components::diff::DiffView;
use crate::components::markdown::Markdown;

/// Lines of an observation shown before "show the rest", at its start and at its end.
const FOLD_HEAD: usize = 12;
const FOLD_TAIL: usize = 6;
/// Bytes each end of a folded observation shows at most (a 10 MB line shows 4 KB).
const FOLD_END_CHARS: usize = 2_000;
/// Bytes of a folded observation's middle each click on "show" adds.
const REVEAL_STEP: usize = 200_000;

/// A step's tokens and cost, when the format records them per step: `1,200 in · 80 out · $0.0031`.
fn step_usage(tokens_in: Option<u64>, tokens_out: Option<u64>, cost: Option<f64>) -> Option<String> {
    let parts: Vec<String> = [
        tokens_in.map(|n| format!("{n} in")),
        tokens_out.map(|n| format!("{n} out")),
        cost.map(|c| format!("${c:.4}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}

#[component]
pub fn StepView(
    number: usize,
    step: Step,
    matched: impl Fn() -> bool + Send + Sync + 'static,
    current: impl Fn() -> bool + Send + Sync + 'static,
    link: impl Fn() -> String + Send + Sync + 'static,
    on_link: Callback<()>,
) -> impl IntoView {
    let Step {
        prompt,
        thought,
        tool,
        action,
        action_form,
        observation,
        returncode,
        tokens_in,
        tokens_out,
        cost,
        edit,
        ..
    } = step;
    let (thought, mut action, observation) = (as_shown(thought), as_shown(action), as_shown(observation));
    // SWE-agent's `edit 12:15` carries its new text, which the diff below shows: the command
    // line is enough above it.
    if edit.is_some() && tool.as_deref() == Some("edit") {
        action.truncate(action.find('\n').unwrap_or(action.len()));
    }
    // A command is highlighted as shell, a call by its tool's name and Python code as Python;
    // an editing tool's call (its edit shown as a diff) is not, nor a patch Codex wrote in its
    // own format, nor words.
    let is_patch = tool.as_deref() == Some(CODEX_PATCH_TOOL);
    let form = match action_form {
        ActionForm::Command | ActionForm::Call if edit.is_some() || is_patch => ActionForm::Words,
        form => form,
    };
    // An edit shows as the diff of the text it replaced, and a Codex patch of several files as a
    // diff of each under its header lines; where the trajectory does not say which line of its
    // file the text is on, without line numbers rather than numbered from 1.
    let patch = (edit.is_none() && is_patch)
        .then(|| codex_patch::as_unified_diff(&action))
        .flatten();
    if patch.is_some() {
        action = action
            .lines()
            .filter(|line| codex_patch::codex_patch_file(line).is_some())
            .collect::<Vec<_>>()
            .join("\n");
    }
    let diff = match edit {
        Some(edit) => Some((edit.unified_diff(), edit.first_line.is_none() && !edit.before.is_empty())),
        None => patch.map(|diff| (diff, true)),
    };
    let edit = diff.map(|(diff, unplaced)| view! { <div class="step-edit" class:unnumbered=unplaced><DiffView diff /></div> });
    let exit = returncode
        .filter(|c| *c != 0)
        .map(|c| view! { <span class="exit-code">{format!("exit {c}")}</span> });
    let usage = step_usage(tokens_in, tokens_out, cost).map(|u| view! { <span class="step-usage">{u}</span> });
    view! {
        <li class="step" value=number data-step=number class:matched=matched class:current=current>
            <a class="step-link" href=link title="A link to this step" on:click=move |ev| { ev.prevent_default(); on_link.run(()); }>{format!("#{number}")}</a>
            // A later prompt of an interactive session: what the person said, as they wrote it.
            {(!prompt.trim().is_empty()).then(|| view! {
                <div class="prompt"><span class="prompt-by">"Prompt"</span><Markdown text=as_shown(prompt) hard_breaks=true /></div>
            })}
            // Agents write their thoughts as markdown (code spans, fences, lists), line by line.
            {(!thought.trim().is_empty()).then(|| view! { <div class="thought"><Markdown text=thought hard_breaks=true /></div> })}
            {(!action.is_empty()).then(|| view! {
                <pre class="action" data-form=form.name() data-tool=tool.unwrap_or_default()><code>{match form {
                    ActionForm::Command => highlighted_shell(&action),
                    ActionForm::Call => highlighted_call(&action),
                    ActionForm::Python => highlighted(&action, true),
                    ActionForm::Words => vec![action.into_any()],
                }}</code></pre>
            })}
            {edit}
            {exit}
            {usage}
            {(!observation.is_empty()).then(|| view! { <Observation text=observation /> })}
        </li>
    }
}

/// A step's text without the terminal's escape sequences (a coloured test run shows its words, not
/// `\x1b[31m`).
fn as_shown(text: String) -> String {
    match strip_terminal_escapes(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(plain) => plain,
    }
}

/// What a fold's label adds when the hidden part holds the line where the agent itself was not
/// shown the output's middle: else its unfolding would pass for what the agent read.
fn elided_note(hidden: &str) -> String {
    elided_in(hidden).map_or(String::new(), |count| {
        format!(" (among them {count} characters the agent was not shown)")
    })
}

/// An observation, folded when long: by lines, and by characters for long lines. The hidden
/// middle is shown on request, [`REVEAL_STEP`] bytes at a time, so no click puts megabytes of one
/// line into the page.
#[component]
fn Observation(text: String) -> impl IntoView {
    let folded = fold(&text, FOLD_HEAD, FOLD_TAIL, FOLD_END_CHARS);
    let text = StoredValue::new(text);
    // Where the shown head ends; the tail is always shown.
    let shown = RwSignal::new(folded.head);
    move || {
        let head = shown.get();
        if head >= folded.tail {
            return view! { <pre class="observation"><code>{text.with_value(Clone::clone)}</code></pre> }.into_any();
        }
        let (head_text, label) = text.with_value(|text| {
            let hidden = Fold { head, tail: folded.tail };
            let label = match folded.tail - head {
                rest if rest <= REVEAL_STEP => {
                    let between = match hidden.hidden_lines(text) {
                        lines if lines > 1 => format!("Show the {lines} lines between"),
                        _ => format!("Show the {rest} characters between"),
                    };
                    between + &elided_note(&text[head..folded.tail])
                }
                rest => format!("Show {REVEAL_STEP} more characters (of {rest})"),
            };
            (text[..head].to_string(), label)
        });
        let reveal = move |_| {
            shown.set(text.with_value(|text| {
                let next = (head + REVEAL_STEP).min(folded.tail);
                (next..=folded.tail).find(|&at| text.is_char_boundary(at)).unwrap_or(folded.tail)
            }))
        };
        view! {
            <pre class="observation folded"><code>{head_text}</code></pre>
            <button class="unfold" on:click=reveal>{label}</button>
            <pre class="observation folded"><code>{text.with_value(|text| text[folded.tail..].to_string())}</code></pre>
        }
        .into_any()
    }
}
