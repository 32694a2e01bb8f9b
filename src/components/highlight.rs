//! Marks the query's terms in a text, as text nodes and `<mark>` elements (never HTML).

use benchscope_contract::sorting::sort_by;
use leptos::prelude::*;

/// `text` with every case-insensitive occurrence of `terms` wrapped in `<mark>`.
pub fn highlight(text: &str, terms: &[String]) -> Vec<AnyView> {
    let lower = text.to_lowercase();
    if terms.is_empty() || lower.len() != text.len() {
        return vec![text.to_string().into_any()];
    }
    let mut marks: Vec<(usize, usize)> = Vec::new();
    for term in terms.iter().filter(|t| !t.is_empty()) {
        let mut from = 0;
        while let Some(found) = lower[from..].find(term.as_str()) {
            let start = from + found;
            marks.push((start, start + term.len()));
            from = start + term.len();
        }
    }
    sort_by(&mut marks, Ord::cmp);
    let mut views = Vec::new();
    let mut at = 0;
    for (start, end) in marks {
        if start < at || !text.is_char_boundary(start) || !text.is_char_boundary(end) {
            continue;
        }
        views.push(text[at..start].to_string().into_any());
        views.push(view! { <mark>{text[start..end].to_string()}</mark> }.into_any());
        at = end;
    }
    views.push(text[at..].to_string().into_any());
    views
}
