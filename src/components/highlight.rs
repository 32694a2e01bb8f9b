//! Marks the query's terms in a text, as text nodes and `<mark>` elements (never HTML).

use benchscope_contract::sorting::sort_by;
use leptos::prelude::*;

/// `text` with every case-insensitive occurrence of `terms` wrapped in `<mark>`.
pub fn highlight(text: &str, terms: &[String]) -> Vec<AnyView> {
    marked_pieces(text, terms)
        .into_iter()
        .map(|(text, marked)| match marked {
            true => view! { <mark>{text}</mark> }.into_any(),
            false => text.into_any(),
        })
        .collect()
}

/// A piece of a highlighted text, and whether it is marked.
pub type Piece = (String, bool);

/// `text` cut into pieces at every case-insensitive occurrence of `terms`, each occurrence a
/// marked piece.
pub fn marked_pieces(text: &str, terms: &[String]) -> Vec<Piece> {
    let lower = text.to_lowercase();
    if terms.is_empty() || lower.len() != text.len() {
        return vec![(text.to_string(), false)];
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
    let mut pieces = Vec::new();
    let mut at = 0;
    for (start, end) in marks {
        if start < at || !text.is_char_boundary(start) || !text.is_char_boundary(end) {
            continue;
        }
        pieces.push((text[at..start].to_string(), false));
        pieces.push((text[start..end].to_string(), true));
        at = end;
    }
    pieces.push((text[at..].to_string(), false));
    pieces
}
