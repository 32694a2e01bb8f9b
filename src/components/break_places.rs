//! Text with places where a line may end, as `<wbr>` elements between its pieces, so that a copied
//! text is unchanged.

use leptos::prelude::*;

/// `pieces` written one after another with a place to break between any two.
pub fn with_break_places<'a>(pieces: impl IntoIterator<Item = &'a str>) -> Vec<AnyView> {
    let mut pieces = pieces.into_iter().peekable();
    let mut views = Vec::new();
    while let Some(piece) = pieces.next() {
        let more = pieces.peek().is_some();
        views.push(view! { {piece.to_string()}{more.then(|| view! { <wbr /> })} }.into_any());
    }
    views
}
