//! A load error, naming the file that could not be loaded.

use leptos::prelude::*;

use crate::components::code::with_code_and_links;
use crate::load_error::LoadError;

/// Shows a load error naming the file; what its message quotes in backticks shows as code, and
/// its web addresses as links.
#[component]
pub fn ErrorBox(error: LoadError) -> impl IntoView {
    view! {
        <div class="error" role="alert">
            <strong>"Could not load "</strong>
            <code>{error.url}</code>
            <p>{with_code_and_links(&error.message)}</p>
        </div>
    }
}
