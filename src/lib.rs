//! Benchscope's explorer: a Leptos client-side app over an exported data directory.
//!
//! - [`app`]: the root component, the loading of the manifest and the page switch;
//! - [`url_state`]: the view state (data directory, dataset, split, filters, open instance),
//!   which lives in the URL so every screen is a permalink ([`query_string`] writes it);
//! - [`sets`]: the dataset splits loaded into the list, with their runs;
//! - [`api`]: fetching the manifest and shards, with errors that name the file
//!   ([`load_error`]); [`run_files`]: a split's results matrix, read from run files by a split
//!   point when it must be;
//!   [`split_points`]: what code fetched when first needed shares (its error);
//!   [`loaded`]: values fetched while a page is shown (one resource type for all of them);
//!   [`json_cache`]: files fetched once and shared, by URL;
//! - [`search`]: full-text search over the exported index; [`list_search`]: the list's use of
//!   it (a split point); [`list_order`]: the list's order kept for an instance's previous and next;
//! - [`markdown`]: untrusted markdown as a safe tree;
//! - [`syntax`]: Python syntax highlighting ([`hunk_strings`]: a diff's hunk read inside a
//!   docstring where it begins in one); [`shell_syntax`]: agents' shell commands; [`file_tree`]: a patch's paths as a folder tree;
//!   [`sections`]: parts of a markdown document by heading; [`context`]: a diff's unshown lines;
//!   [`wording`]: counted nouns; [`step_layout`]: which steps of a long trajectory are in the page;
//!   [`row_window`]: which rows of the instance list are; [`repo_link`]: a repository's address and a task's pull request;
//!   [`patch_file_name`]: the name a downloaded patch is saved under; [`test_name`]: where a test's name may wrap;
//! - [`pages`]: one module per page; [`components`]: what pages are built of (markdown, diffs,
//!   code, charts, facets, panels); [`keys`]: the keyboard rule every page follows; [`frames`]:
//!   work that waits for the next frame to be drawn.
//!
//! Dataset text is untrusted: markdown is turned into a tree and rendered node by node, raw
//! HTML in it is shown as text, and nothing is ever set through `innerHTML`.

//!
//! The web stack is compiled only for wasm32; natively this crate is just its pure modules,
//! so `cargo test` checks them without a browser.

pub mod chart_layout;
pub mod chart_legend;
pub mod context;
pub mod file_tree;
pub mod hunk_strings;
pub mod markdown;
pub mod patch_file_name;
pub mod query_string;
pub mod repo_link;
pub mod row_id;
pub mod row_window;
pub mod sections;
pub mod shell_syntax;
pub mod step_layout;
pub mod syntax;
pub mod test_name;
pub mod text_form;
pub mod tile_layout;
pub mod wording;

#[cfg(target_arch = "wasm32")]
pub mod api;
#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod components;
#[cfg(target_arch = "wasm32")]
pub mod effect;
#[cfg(target_arch = "wasm32")]
pub mod frames;
#[cfg(target_arch = "wasm32")]
pub mod integrity;
#[cfg(target_arch = "wasm32")]
pub mod json_cache;
#[cfg(target_arch = "wasm32")]
pub mod keys;
#[cfg(target_arch = "wasm32")]
pub mod list_order;
#[cfg(target_arch = "wasm32")]
pub mod list_search;
#[cfg(target_arch = "wasm32")]
pub mod load_error;
#[cfg(target_arch = "wasm32")]
pub mod loaded;
#[cfg(target_arch = "wasm32")]
pub mod matrix_reader;
#[cfg(target_arch = "wasm32")]
pub mod pages;
#[cfg(target_arch = "wasm32")]
pub mod run_files;
#[cfg(target_arch = "wasm32")]
pub mod search;
#[cfg(target_arch = "wasm32")]
pub mod sets;
#[cfg(target_arch = "wasm32")]
pub mod split_points;
#[cfg(target_arch = "wasm32")]
pub mod url_state;

/// Installs the panic hook and mounts the app on `<body>`, in place of the page's own loading
/// message or the first screen `src/first_screen.js` drew, once the data `src/early_fetch.js`
/// asked for has arrived (or failed) and that screen has been painted, and with it
/// the code that reads the results matrix when it asked for one. Mounted before, the app drew a
/// page of loading messages, and the browser laid it out, between its asking for that data and
/// taking it: 20-25 ms before the first rows, to show for one frame.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    console_error_panic_hook::set_once();
    integrity::install_wasm_hasher();
    wasm_bindgen_futures::spawn_local(async {
        if let Some(settled) = api::early_answers_settled() {
            if api::early_matrix_asked() {
                // Fetched beside the rest of the data; a failure is left for the list to report.
                wasm_bindgen_futures::spawn_local(async {
                    let _ = matrix_reader::preload_matrix_reader().await;
                });
            }
            let _ = wasm_bindgen_futures::JsFuture::from(settled).await;
        }
        if api::early_matrix_asked() {
            let _ = matrix_reader::preload_matrix_reader().await;
        }
        document_parsed().await;
        if let Some(message) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("boot"))
        {
            message.remove();
        }
        let first_screen = api::leave_first_screen();
        leptos::mount::mount_to_body(app::App);
        if let Some(give_focus_back) = first_screen {
            let _ = give_focus_back.call0(&wasm_bindgen::JsValue::UNDEFINED);
        }
    });
}

/// Once the parser has reached the end of the page: the start script is `async`, so on a fast
/// enough load it could run before `<body>` exists.
#[cfg(target_arch = "wasm32")]
async fn document_parsed() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if document.ready_state() != "loading" {
        return;
    }
    let parsed = js_sys::Promise::new(&mut |resolve, _| {
        let _ = document.add_event_listener_with_callback("DOMContentLoaded", &resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(parsed).await;
}
