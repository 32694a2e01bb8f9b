//! A log document: opened at its first error (a build's) or failure (a test run's) with the lines
//! around it, the whole log on request, and a search listing the matching lines; choosing one
//! shows the lines around it. Lines are text nodes, never HTML.

use std::sync::Arc;

use benchscope_contract::log::{around, matching_lines, LogKind};
use benchscope_contract::wording::plural;
use leptos::prelude::*;

use crate::components::highlight::highlight;

/// Matching lines listed before "and N more".
const SHOWN_MATCHES: usize = 500;

/// Renders `text`, a log of `kind`, as a log.
#[component]
pub fn LogView(text: String, kind: LogKind) -> impl IntoView {
    let lines: Arc<Vec<String>> = Arc::new(text.lines().map(str::to_string).collect());
    let first_marked = kind.first_marked_line(lines.iter().map(String::as_str));
    let mark = kind.mark();
    let whole = RwSignal::new(first_marked.is_none());
    let query = RwSignal::new(String::new());
    let chosen = RwSignal::new(None::<usize>);
    let total = lines.len();
    let status = move || match (query.with(|q| q.trim().is_empty()), first_marked) {
        (false, _) => None,
        (true, Some(at)) => Some(format!("First {mark} at line {} of {total}", at + 1)),
        (true, None) => Some(match kind {
            LogKind::Build => format!("No line names an error; {}", plural(total, "line")),
            LogKind::TestRun => format!("No line reports a failure; {}", plural(total, "line")),
        }),
    };
    let body = {
        let (lines, text) = (lines.clone(), text.clone());
        move || {
            let query = query.get();
            if !query.trim().is_empty() {
                let around_chosen = chosen.get().map(|at| excerpt(&lines, at, first_marked, Some(at)));
                return view! { {matches(&lines, &query, chosen)} {around_chosen} }.into_any();
            }
            match (whole.get(), first_marked) {
                (false, Some(at)) => view! {
                    {excerpt(&lines, at, first_marked, None)}
                    <button class="show-more" on:click=move |_| whole.set(true)>{format!("Show the whole log ({total} lines)")}</button>
                }
                .into_any(),
                _ => view! {
                    <pre class="log whole" tabindex="0"><code>{text.clone()}</code></pre>
                    {first_marked.map(|_| view! {
                        <button class="show-more" on:click=move |_| whole.set(false)>{format!("Back to the first {mark}")}</button>
                    })}
                }
                .into_any(),
            }
        }
    };
    view! {
        <div class="log-view">
            <div class="toolbar">
                <input type="search" class="log-search" placeholder="Search the log" aria-label="Search the log"
                    on:input=move |ev| { chosen.set(None); query.set(event_target_value(&ev)); } prop:value=query />
                {move || status().map(|s| view! { <span class="note">{s}</span> })}
            </div>
            {body}
        </div>
    }
}

/// The lines around `at`, numbered, the first error and the chosen match marked. Each line's
/// newline follows its span: a marked line is an inline block as wide as the log, and a newline
/// inside it would not end the row, so the next line would be drawn beside it, out of sight.
fn excerpt(lines: &[String], at: usize, first_marked: Option<usize>, chosen: Option<usize>) -> impl IntoView {
    let numbered = around(at, lines.len())
        .map(|i| {
            let class = match (Some(i) == first_marked, Some(i) == chosen) {
                (_, true) => "line chosen",
                (true, false) => "line first-error",
                _ => "line",
            };
            view! { <span class=class data-line=i + 1><span class="ln" aria-hidden="true">{i + 1}</span>{lines[i].clone()}</span>"\n" }
        })
        .collect_view();
    let pre = NodeRef::<leptos::html::Pre>::new();
    pre.on_load(|pre| crate::frames::after_next_frame(move || center_marked_line(&pre)));
    view! { <pre class="log excerpt" tabindex="0" node_ref=pre><code>{numbered}</code></pre> }
}

/// Scrolls the excerpt (taller than its box: a hundred lines) so that its marked line, the chosen
/// match or else the first error, is in the middle of it rather than below the fold.
fn center_marked_line(pre: &web_sys::HtmlElement) {
    let Ok(Some(line)) = pre.query_selector(".chosen, .first-error") else {
        return;
    };
    let (line, frame) = (line.get_bounding_client_rect(), pre.get_bounding_client_rect());
    let top = line.top() - frame.top() + f64::from(pre.scroll_top()) - (f64::from(pre.client_height()) - line.height()) / 2.0;
    pre.set_scroll_top(top.max(0.0) as i32);
}

/// The lines matching `query`, each a button that shows the lines around it.
fn matches(lines: &[String], query: &str, chosen: RwSignal<Option<usize>>) -> impl IntoView {
    let found = matching_lines(lines.iter().map(String::as_str), query);
    let terms = [query.trim().to_lowercase()];
    let count = match found.len() {
        0 => "No line matches".to_string(),
        1 => "1 matching line".to_string(),
        n => format!("{n} matching lines"),
    };
    let more = found.len().saturating_sub(SHOWN_MATCHES);
    let items = found
        .into_iter()
        .take(SHOWN_MATCHES)
        .map(|i| {
            view! {
                <li data-line=i + 1><button class="log-match" on:click=move |_| chosen.set(Some(i)) title="Show the lines around it">
                    <span class="ln">{i + 1}</span><code>{highlight(&lines[i], &terms)}</code>
                </button></li>
            }
        })
        .collect_view();
    view! {
        <p class="note log-count">{count}</p>
        <ol class="log-matches">{items}</ol>
        {(more > 0).then(|| view! { <p class="note">{format!("and {more} more")}</p> })}
    }
}
