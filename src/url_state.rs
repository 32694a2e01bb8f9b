//! The view state, kept in the URL's query string so that every screen is a permalink and the
//! browser's back and forward buttons work.
//!
//! `?data=<url>&dataset=<name>&split=<name>&repo=<owner/name>&instance=<id>`. The state is
//! parsed from `location.search`, changed only through [`UrlState::navigate`] (which pushes a
//! history entry), and re-read on `popstate`.

use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast};

/// What the reader is looking at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ViewState {
    /// URL of the data directory (default: `data/` next to the page).
    pub data: Option<String>,
    /// Selected dataset.
    pub dataset: Option<String>,
    /// Selected split.
    pub split: Option<String>,
    /// Repository filter.
    pub repo: Option<String>,
    /// Open instance.
    pub instance: Option<String>,
}

const KEYS: [&str; 5] = ["data", "dataset", "split", "repo", "instance"];

impl ViewState {
    /// Reads the state from a query string (`?a=b&...`).
    pub fn from_query(search: &str) -> Self {
        let Ok(params) = web_sys::UrlSearchParams::new_with_str(search) else {
            return Self::default();
        };
        let get = |key: &str| params.get(key).filter(|v| !v.is_empty());
        ViewState {
            data: get("data"),
            dataset: get("dataset"),
            split: get("split"),
            repo: get("repo"),
            instance: get("instance"),
        }
    }

    /// The query string for this state (with the leading `?`, or empty).
    pub fn to_query(&self) -> String {
        let Ok(params) = web_sys::UrlSearchParams::new() else {
            return String::new();
        };
        for (key, value) in KEYS
            .iter()
            .zip([&self.data, &self.dataset, &self.split, &self.repo, &self.instance])
        {
            if let Some(value) = value {
                params.append(key, value);
            }
        }
        let query: String = params.to_string().into();
        if query.is_empty() {
            query
        } else {
            format!("?{query}")
        }
    }
}

/// The app-wide handle on the URL state.
#[derive(Clone, Copy)]
pub struct UrlState {
    state: RwSignal<ViewState>,
}

impl UrlState {
    /// Reads the current URL and follows `popstate`. Call once, at the root.
    pub fn install() -> Self {
        let state = RwSignal::new(ViewState::from_query(&current_search()));
        let on_pop = Closure::<dyn Fn()>::new(move || state.set(ViewState::from_query(&current_search())));
        if let Some(window) = web_sys::window() {
            let _ = window.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
        }
        on_pop.forget();
        UrlState { state }
    }

    /// The current state, tracked.
    pub fn get(&self) -> ViewState {
        self.state.get()
    }

    /// A tracked read of one part of the state.
    pub fn with<T>(&self, f: impl FnOnce(&ViewState) -> T) -> T {
        self.state.with(f)
    }

    /// Changes the state with `change`, pushing a history entry when it differs.
    pub fn navigate(&self, change: impl FnOnce(&mut ViewState)) {
        let mut next = self.state.get_untracked();
        change(&mut next);
        if next == self.state.get_untracked() {
            return;
        }
        let query = next.to_query();
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            let path = web_sys::window().and_then(|w| w.location().pathname().ok()).unwrap_or_default();
            let url = if query.is_empty() { path } else { query };
            let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
        self.state.set(next);
        if let Some(window) = web_sys::window() {
            window.scroll_to_with_x_and_y(0.0, 0.0);
        }
    }
}

fn current_search() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}
