//! A block of Python source with line numbers and syntax highlighting, as text nodes and spans.

use leptos::prelude::*;

use crate::syntax::tokenize_python;

/// Renders `code` as highlighted Python.
#[component]
pub fn PythonCode(code: String) -> impl IntoView {
    let lines = code
        .lines()
        .map(|line| {
            let spans = tokenize_python(line)
                .into_iter()
                .map(|(token, text)| match token.class() {
                    Some(class) => view! { <span class=class>{text.to_string()}</span> }.into_any(),
                    None => text.to_string().into_any(),
                })
                .collect_view();
            view! { <span class="line">{spans}"\n"</span> }
        })
        .collect_view();
    view! { <pre class="python"><code>{lines}</code></pre> }
}
