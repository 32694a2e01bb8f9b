//! The keyboard rule every page follows: page keys (`j`, `k`, `/`, Esc to leave) act only when
//! focus is not in a text field; Esc in a text field clears it and gives focus back to the page.

use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement, KeyboardEvent};

/// Where the key was pressed.
pub enum Focus {
    /// A field the reader types into (a text or search input, a text area).
    TextField(HtmlElement),
    /// Another control with keys of its own (a select, a checkbox, a button, a link).
    Control,
    /// Nothing that takes keys.
    Page,
}

/// Where `event` was pressed.
pub fn focus_of(event: &KeyboardEvent) -> Focus {
    let Some(element) = event.target().and_then(|t| t.dyn_into::<HtmlElement>().ok()) else {
        return Focus::Page;
    };
    match element.tag_name().as_str() {
        "TEXTAREA" => Focus::TextField(element),
        "INPUT" => {
            let kind = element.unchecked_ref::<HtmlInputElement>().type_();
            if matches!(
                kind.as_str(),
                "checkbox" | "radio" | "button" | "submit" | "range" | "color" | "file"
            ) {
                Focus::Control
            } else {
                Focus::TextField(element)
            }
        }
        "SELECT" | "BUTTON" | "A" | "SUMMARY" => Focus::Control,
        _ => Focus::Page,
    }
}

/// Esc in a text field: empties it (telling its input handler, so the state it drives follows)
/// and blurs it.
pub fn clear_and_blur(field: &HtmlElement) {
    if let Some(input) = field.dyn_ref::<HtmlInputElement>() {
        if !input.value().is_empty() {
            input.set_value("");
            if let Ok(event) = web_sys::Event::new("input") {
                let _ = input.dispatch_event(&event);
            }
        }
    }
    let _ = field.blur();
}
