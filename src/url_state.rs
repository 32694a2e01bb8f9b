//! The view state, kept in the URL's query string so that every screen is a permalink and the
//! browser's back and forward buttons work.
//!
//! `?data=<url>&dataset=<name>&split=<name>&with=<dataset/split>...&f=<facet>:<value>...&q=<query>&sort=<key>&diff=split&view=<leaderboard|analysis>&instance=<id>&from=<dataset/split>`, and the pages' own controls
//! ([`CONTROLS`]). The state is
//! parsed from `location.search`, changed only through [`UrlState::navigate`] (which pushes a
//! history entry), and re-read on `popstate`.

use std::collections::BTreeMap;

use benchscope_contract::site::View;
use benchscope_contract::sorting::map_of;
use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast};

use crate::frames::{once_settled, Settle};
use crate::query_string;

/// What the reader is looking at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ViewState {
    /// URL of the data directory (default: `data/` next to the page).
    pub data: Option<String>,
    /// Selected dataset.
    pub dataset: Option<String>,
    /// Selected split.
    pub split: Option<String>,
    /// More `dataset/split` pairs loaded beside the selected one (the `with` parameter, repeated).
    pub with: Vec<String>,
    /// Facet selections, `facet:value` (the `f` parameter, repeated).
    pub facets: Vec<String>,
    /// Full-text query.
    pub q: Option<String>,
    /// Sort key (`date`, `-size`, ...).
    pub sort: Option<String>,
    /// Diff layout: `split` for side by side, unified otherwise.
    pub diff: Option<String>,
    /// The page: the list (default), `leaderboard` or `analysis`.
    pub view: Option<View>,
    /// Open instance.
    pub instance: Option<String>,
    /// The `dataset/split` the open instance belongs to, when it is one of the `with` sets.
    pub from: Option<String>,
    /// A page's own controls ([`CONTROLS`]), each with its values in order.
    pub controls: BTreeMap<String, Vec<String>>,
}

/// The parameters of pages' own controls: the leaderboard's sort (`bsort`, `-key` for
/// descending), tags (`btag`, repeated), text filter (`bq`) and open row (`brow`); the
/// analysis's facet (`afacet`), runs drawn (`arun`, repeated) and two compared runs (`apair`);
/// an instance's open trajectory (`traj`, its run), the step pointed at (`step`) and two
/// trajectories compared (`tcmp`); the analysis's search across a run's trajectories (`tq`, in
/// the run `trun`).
pub const CONTROLS: [&str; 12] = [
    "bsort", "btag", "bq", "brow", "afacet", "arun", "apair", "traj", "step", "tcmp", "tq", "trun",
];

impl ViewState {
    /// Reads the state from a query string (`?a=b&...`).
    pub fn from_query(search: &str) -> Self {
        let Ok(params) = web_sys::UrlSearchParams::new_with_str(search) else {
            return Self::default();
        };
        let get = |key: &str| params.get(key).filter(|v| !v.is_empty());
        let facets = params
            .get_all("f")
            .iter()
            .filter_map(|v| v.as_string())
            .filter(|v| v.contains(':'))
            .collect();
        let with = params
            .get_all("with")
            .iter()
            .filter_map(|v| v.as_string())
            .filter(|v| v.contains('/'))
            .collect();
        ViewState {
            data: get("data"),
            dataset: get("dataset"),
            split: get("split"),
            with,
            facets,
            q: get("q"),
            sort: get("sort"),
            diff: get("diff"),
            view: get("view").and_then(|v| View::parse(&v)),
            instance: get("instance"),
            from: get("from"),
            controls: map_of(
                CONTROLS
                    .iter()
                    .map(|key| {
                        let values: Vec<String> = params
                            .get_all(key)
                            .iter()
                            .filter_map(|v| v.as_string())
                            .filter(|v| !v.is_empty())
                            .collect();
                        (key.to_string(), values)
                    })
                    .filter(|(_, values)| !values.is_empty()),
            ),
        }
    }

    /// The first value of control `key`.
    pub fn control(&self, key: &str) -> Option<&str> {
        self.controls.get(key)?.first().map(String::as_str)
    }

    /// Every value of control `key`.
    pub fn control_values(&self, key: &str) -> &[String] {
        self.controls.get(key).map_or(&[], Vec::as_slice)
    }

    /// Sets control `key` to `values` (none removes it).
    pub fn set_control(&mut self, key: &str, values: Vec<String>) {
        let values: Vec<String> = values.into_iter().filter(|v| !v.is_empty()).collect();
        if values.is_empty() {
            self.controls.remove(key);
        } else {
            self.controls.insert(key.to_string(), values);
        }
    }

    /// Opens instance `id` of the set `from` (`None` for the selected dataset).
    pub fn open(&mut self, id: String, from: Option<String>) {
        self.instance = Some(id);
        self.from = from;
        self.forget_trajectory();
    }

    /// Back to the list.
    pub fn close_instance(&mut self) {
        self.instance = None;
        self.from = None;
        self.forget_trajectory();
    }

    /// The open trajectory and its step belong to the instance they were opened on.
    fn forget_trajectory(&mut self) {
        for key in ["traj", "step", "tcmp"] {
            self.controls.remove(key);
        }
    }

    /// The query string for this state (with the leading `?`, or empty).
    pub fn to_query(&self) -> String {
        let (head, tail) = self.pairs_around_instance();
        let instance = [("instance", &self.instance), ("from", &self.from)]
            .into_iter()
            .filter_map(|(key, value)| Some((key, value.as_deref()?)));
        query_string::to_query(head.into_iter().chain(instance).chain(tail))
    }

    /// What decides the instance list's rows and their order.
    pub fn list_key(&self) -> ListKey {
        ListKey {
            data: self.data.clone(),
            sets: (self.dataset.clone(), self.split.clone(), self.with.clone()),
            facets: self.facets.clone(),
            q: self.q.clone(),
            sort: self.sort.clone(),
        }
    }

    /// The links a list's rows point to: this state with each row's instance opened, the rest of
    /// the query written once for all of them.
    pub fn instance_links(&self) -> InstanceLinks {
        let mut state = self.clone();
        state.close_instance();
        let (head, tail) = state.pairs_around_instance();
        let mut after = String::new();
        for (key, value) in tail {
            after.push('&');
            query_string::write_pair(&mut after, key, value);
        }
        InstanceLinks {
            before: query_string::to_query(head),
            after,
        }
    }

    /// The query's pairs before the open instance and its set, and after them.
    fn pairs_around_instance(&self) -> (Vec<Pair<'_>>, Vec<Pair<'_>>) {
        let mut head: Vec<Pair<'_>> = Vec::new();
        for (key, value) in [("data", &self.data), ("dataset", &self.dataset), ("split", &self.split)] {
            head.extend(value.as_deref().map(|value| (key, value)));
        }
        head.extend(self.view.map(|view| ("view", view.name())));
        head.extend(self.with.iter().map(|set| ("with", set.as_str())));
        head.extend(self.facets.iter().map(|facet| ("f", facet.as_str())));
        for (key, value) in [("q", &self.q), ("sort", &self.sort), ("diff", &self.diff)] {
            head.extend(value.as_deref().map(|value| (key, value)));
        }
        let tail = self
            .controls
            .iter()
            .flat_map(|(key, values)| values.iter().map(move |value| (key.as_str(), value.as_str())))
            .collect();
        (head, tail)
    }
}

/// The parts of the state that decide the instance list's rows and their order (the sets loaded,
/// the facets chosen, the query and the sort); not the diff layout, the page or an open instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListKey {
    data: Option<String>,
    sets: (Option<String>, Option<String>, Vec<String>),
    facets: Vec<String>,
    q: Option<String>,
    sort: Option<String>,
}

/// A query parameter: key and value.
type Pair<'a> = (&'a str, &'a str);

/// A list's links to its instances (see [`ViewState::instance_links`]): each row's is the same
/// query around its own instance, so a keystroke writes the query once, not once per row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstanceLinks {
    /// The query up to the instance (with its `?`, or empty).
    before: String,
    /// The pairs after the instance's set, each with its `&`.
    after: String,
}

impl InstanceLinks {
    /// The link to instance `id` of the set `from`: what [`ViewState::open`] then
    /// [`ViewState::to_query`] would give.
    pub fn to(&self, id: &str, from: Option<&str>) -> String {
        let mut link = self.before.clone();
        query_string::push_pair(&mut link, "instance", id);
        if let Some(from) = from {
            query_string::push_pair(&mut link, "from", from);
        }
        link.push_str(&self.after);
        link
    }
}

/// The app-wide handle on the URL state.
///
/// A keystroke in the search box changes the query alone, and the state is held as two signals,
/// the query and the rest, so that a keystroke sets only the first. Most of the page reads the
/// rest ([`UrlState::with`]), and the links around the results (the tabs, the way back from an
/// instance) read the query as it was when typing last paused ([`UrlState::get`]): a keystroke
/// then runs only what shows its results, the rows and their links among them. When every
/// reader followed the whole state, each keystroke ran them all (the chosen sets, the dataset
/// picker, the tabs' links), 0.1–0.3 ms before its results could be drawn; when the rest was a
/// memo over the whole state, each keystroke still marked every reader of it to be checked.
#[derive(Clone, Copy)]
pub struct UrlState {
    /// The state without its query (`q` is always `None` here).
    unqueried: RwSignal<ViewState>,
    /// The query alone.
    query: RwSignal<Option<String>>,
    /// The state with the query as of the last pause in typing.
    linked: Memo<ViewState>,
    /// Replaces of the URL wait for typing to pause.
    settle: Settle,
}

impl UrlState {
    /// Reads the current URL and follows `popstate`. Call once, at the root.
    pub fn install() -> Self {
        let (rest, q) = split_query(ViewState::from_query(&current_search()));
        let unqueried = RwSignal::new(rest);
        let query = RwSignal::new(q);
        let on_pop = Closure::<dyn Fn()>::new(move || {
            let (rest, q) = split_query(ViewState::from_query(&current_search()));
            set_if_changed(query, q);
            set_if_changed(unqueried, rest);
        });
        if let Some(window) = web_sys::window() {
            let _ = window.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
        }
        on_pop.forget();
        let settled_query = once_settled(Memo::new(move |_| query.get()));
        let linked = Memo::new(move |_| ViewState {
            q: settled_query.get(),
            ..unqueried.get()
        });
        UrlState {
            unqueried,
            query,
            linked,
            settle: Settle::new(),
        }
    }

    /// The state as links carry it, tracked: its query is the one typed before the last pause.
    pub fn get(&self) -> ViewState {
        self.linked.get()
    }

    /// A tracked read of one part of the state apart from its query (`q` is `None` here; see
    /// [`Self::query`]).
    pub fn with<T>(&self, f: impl FnOnce(&ViewState) -> T) -> T {
        self.unqueried.with(f)
    }

    /// The search query, tracked.
    pub fn query(&self) -> Option<String> {
        self.query.get()
    }

    /// A tracked read of the whole state, its query as typed: for what shows a keystroke's
    /// results.
    pub fn with_all<T>(&self, f: impl FnOnce(&ViewState) -> T) -> T {
        let q = self.query.get();
        self.unqueried.with(|rest| f(&ViewState { q, ..rest.clone() }))
    }

    /// An untracked read of one part of the state, query included (what a view starts from).
    pub fn with_untracked<T>(&self, f: impl FnOnce(&ViewState) -> T) -> T {
        f(&self.whole_untracked())
    }

    fn whole_untracked(&self) -> ViewState {
        let q = self.query.get_untracked();
        self.unqueried.with_untracked(|rest| ViewState { q, ..rest.clone() })
    }

    /// Changes the state with `change`, pushing a history entry when it differs.
    pub fn navigate(&self, change: impl FnOnce(&mut ViewState)) {
        self.update(change, true);
    }

    /// Changes the state without a new history entry (for typing in the search box).
    pub fn replace(&self, change: impl FnOnce(&mut ViewState)) {
        self.update(change, false);
    }

    fn update(&self, change: impl FnOnce(&mut ViewState), push: bool) {
        let previous = self.whole_untracked();
        let mut next = previous.clone();
        change(&mut next);
        if next == previous {
            return;
        }
        // The entry being left keeps the state it showed, should its replace still be pending.
        if push && URL_BEHIND.take() {
            write_url(&previous, false);
        }
        if push {
            write_url(&next, true);
        } else {
            URL_BEHIND.set(true);
            self.write_url_when_settled();
        }
        if next.instance != previous.instance {
            if let Some(window) = web_sys::window() {
                window.scroll_to_with_x_and_y(0.0, 0.0);
            }
        }
        let (rest, q) = split_query(next);
        set_if_changed(self.query, q);
        set_if_changed(self.unqueried, rest);
    }

    /// Replaces the URL with the state's once typing pauses ([`Settle`]). Typing replaces the
    /// state on every keystroke: `history.replaceState` took 0.6 ms of each, and Chromium then
    /// fetched the page's icon again and drew it (2.8 ms of the page's thread, after the frame).
    fn write_url_when_settled(&self) {
        let this = *self;
        self.settle.then(move || {
            if URL_BEHIND.take() {
                write_url(&this.whole_untracked(), false);
            }
        });
    }
}

/// `state` apart from its query, and its query.
fn split_query(mut state: ViewState) -> (ViewState, Option<String>) {
    let q = state.q.take();
    (state, q)
}

/// Sets `signal` to `value` unless it holds that already: a signal set notifies its readers
/// whether or not its value changed.
fn set_if_changed<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    if signal.with_untracked(|now| *now != value) {
        signal.set(value);
    }
}

thread_local! {
    /// A replace of the URL is pending: the state has changed since the URL was written.
    static URL_BEHIND: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Writes `state` into the address bar: a new history entry when `push`, else in place.
fn write_url(state: &ViewState, push: bool) {
    let Some(window) = web_sys::window() else { return };
    let query = state.to_query();
    let url = if query.is_empty() {
        window.location().pathname().unwrap_or_default()
    } else {
        query
    };
    if let Ok(history) = window.history() {
        let _ = if push {
            history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        } else {
            history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        };
    }
}

fn current_search() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}
