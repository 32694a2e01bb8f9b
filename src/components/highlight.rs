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

/// Cuts a text at every case-insensitive occurrence of the words.
pub type Marker = fn(&str, &[String]) -> Vec<Piece>;

/// The query's words and the search code's marker (`list_search.rs`): what the rows' ids and
/// titles are marked with. Empty (nothing marked) until that code is here.
#[derive(Clone, Default)]
pub struct Marks {
    terms: Vec<String>,
    mark: Option<Marker>,
}

impl Marks {
    /// `terms`, to mark with `mark`.
    pub fn new(terms: Vec<String>, mark: Marker) -> Self {
        Marks { terms, mark: Some(mark) }
    }

    /// `text` in pieces, the query's words marked.
    pub fn pieces(&self, text: &str) -> Vec<Piece> {
        match self.mark {
            Some(mark) if !self.terms.is_empty() => mark(text, &self.terms),
            _ => vec![(text.to_string(), false)],
        }
    }

    /// Whether the query has no word to search for (or the code is not here yet).
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }
}

/// Two marks are the same when their words are: the marker is always the module's one.
impl PartialEq for Marks {
    fn eq(&self, other: &Self) -> bool {
        self.terms == other.terms && self.mark.is_some() == other.mark.is_some()
    }
}
