//! The query's words marked in the list's rows: ranges over each cell's one text node, painted
//! by one CSS custom highlight (`::highlight(search)` in the style sheet).
//!
//! As `<mark>` elements, every marked word cut its cell's text into three nodes, built again
//! whenever the row changed, each a box to lay out. A range costs no element: the cell keeps its
//! text node, and a keystroke that keeps the rows moves the ranges' ends and lays nothing out
//! (on FeatureBench's "astro", 1.0 ms of layout became 0.25).
//!
//! Where the browser has no `CSS.highlights`, the rows show their text unmarked.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::components::highlight::Piece;
use crate::components::text_cell::TextCell;

/// The highlight's name in `CSS.highlights`: the style sheet's `::highlight(search)`.
const NAME: &str = "search";

#[wasm_bindgen]
extern "C" {
    type Highlight;
    #[wasm_bindgen(constructor)]
    fn new() -> Highlight;
    #[wasm_bindgen(method)]
    fn add(this: &Highlight, range: &web_sys::Range);
    #[wasm_bindgen(method, js_name = delete)]
    fn remove(this: &Highlight, range: &web_sys::Range) -> bool;

    type HighlightRegistry;
    #[wasm_bindgen(method)]
    fn set(this: &HighlightRegistry, name: &str, highlight: &Highlight);
}

thread_local! {
    static HIGHLIGHT: Option<Highlight> = registered();
}

/// The page's search highlight, registered under [`NAME`]; `None` where the browser has none.
fn registered() -> Option<Highlight> {
    let css = js_sys::Reflect::get(&js_sys::global(), &"CSS".into()).ok()?;
    let registry = js_sys::Reflect::get(&css, &"highlights".into()).ok()?;
    if registry.is_undefined() || registry.is_null() {
        return None;
    }
    let highlight = Highlight::new();
    registry.unchecked_into::<HighlightRegistry>().set(NAME, &highlight);
    Some(highlight)
}

/// A cell's text node and the ranges marking its words. The ranges stay in the highlight from
/// draw to draw; those a draw does not need are collapsed, which paints nothing.
#[derive(Default)]
pub struct MarkedCell {
    text: TextCell,
    ranges: Vec<web_sys::Range>,
    /// How many of `ranges` mark something now.
    used: usize,
}

impl MarkedCell {
    /// Shows `text` in `element` as its one text node (rewritten only when `text_changed`), and
    /// the marked ones of `pieces` (`text` cut up) as ranges over it. Dataset text goes in as
    /// text.
    pub fn write(&mut self, element: &web_sys::Element, text: &str, pieces: &[Piece], text_changed: bool) {
        let Some(node) = self.text.write(element, text, text_changed) else {
            return;
        };
        HIGHLIGHT.with(|highlight| {
            let Some(highlight) = highlight else { return };
            let spans = marked_spans(pieces);
            for (at, &(start, end)) in spans.iter().enumerate() {
                if at == self.ranges.len() {
                    let Some(range) = new_range(node) else { return };
                    highlight.add(&range);
                    self.ranges.push(range);
                }
                let range = &self.ranges[at];
                let _ = range.set_start(node, start);
                let _ = range.set_end(node, end);
            }
            for range in self.ranges.iter().take(self.used).skip(spans.len()) {
                range.collapse();
            }
            self.used = spans.len().min(self.ranges.len());
        });
    }

    /// Takes the cell's ranges out of the highlight (its slot is leaving the page).
    pub fn release(&mut self) {
        HIGHLIGHT.with(|highlight| {
            if let Some(highlight) = highlight {
                for range in self.ranges.drain(..) {
                    highlight.remove(&range);
                }
            }
        });
        self.text.release();
        self.used = 0;
    }
}

/// The marked pieces' places in their joined text, in UTF-16 code units (a range's offsets).
fn marked_spans(pieces: &[Piece]) -> Vec<(u32, u32)> {
    let mut spans = Vec::new();
    let mut at = 0u32;
    for (text, marked) in pieces {
        let end = at + text.encode_utf16().count() as u32;
        if *marked && end > at {
            spans.push((at, end));
        }
        at = end;
    }
    spans
}

fn new_range(node: &web_sys::Node) -> Option<web_sys::Range> {
    node.owner_document()?.create_range().ok()
}
