//! A load error, naming the file that could not be loaded.

use leptos::prelude::*;

use crate::load_error::LoadError;

/// Shows a load error naming the file.
#[component]
pub fn ErrorBox(error: LoadError) -> impl IntoView {
    view! {
        <div class="error" role="alert">
            <strong>"Could not load "</strong>
            <code>{error.url}</code>
            <p>{error.message}</p>
        </div>
    }
}
