//! The instance list's order as the reader left it, so that an instance page steps to the
//! previous and the next instance of the list it was opened from: the list saves its order when
//! it opens an instance (a search's ranking included, which the instance page could not work out
//! without the search's files), and an instance page opened by a link works the order out itself
//! when its list has no query.

use std::sync::Arc;

use benchscope_contract::list::ordered_positions;
use benchscope_contract::natural_order::IdOrder;
use benchscope_contract::query::Filter;
use benchscope_contract::IndexRow;
use leptos::prelude::*;

use crate::sets::{from_of, LoadedSet};
use crate::url_state::{ListKey, UrlState, ViewState};

/// The orders of the lists last shown, and the instance last opened from each, so that an
/// instance page steps through the list it was opened from, and that list selects the instance
/// when the reader comes back, though other lists were opened since (a second search, then the
/// browser's back to the first's instances).
#[derive(Clone, Copy)]
pub struct ListOrder {
    saved: StoredValue<Recent<Arc<[usize]>>>,
    last_opened: StoredValue<Recent<InstanceRef>>,
}

impl Default for ListOrder {
    fn default() -> Self {
        ListOrder {
            saved: StoredValue::new(Recent::default()),
            last_opened: StoredValue::new(Recent::default()),
        }
    }
}

impl ListOrder {
    /// Keeps `order` (positions into the loaded rows) as the order of the list `url` shows, as the
    /// list opens an instance.
    pub fn save(self, url: UrlState, order: Memo<Vec<usize>>) {
        let key = url.with_untracked(ViewState::list_key);
        self.saved.update_value(|saved| saved.put(key, order.get_untracked().into()));
    }

    /// Notes the instance `state` opens, for its list to select when the reader comes back.
    pub fn opened(self, state: &ViewState) {
        if let Some(id) = state.instance.clone() {
            let opened = (id, state.from.clone());
            self.last_opened.update_value(|last| last.put(state.list_key(), opened));
        }
    }

    /// The instance last opened from the list `state` shows.
    pub fn last_opened(self, state: &ViewState) -> Option<InstanceRef> {
        self.last_opened.with_value(|last| last.get(&state.list_key()))
    }

    /// The order of the list `state` shows: the one saved for it, else worked out from the rows
    /// when the list has no query (a search's ranking is not known here), then saved.
    fn of(self, state: &ViewState, rows: &[IndexRow]) -> Option<Arc<[usize]>> {
        let key = state.list_key();
        let saved = self.saved.with_value(|saved| saved.get(&key));
        if saved.is_some() || state.q.is_some() {
            return saved;
        }
        let filter = Filter::from_pairs(state.facets.iter().map(String::as_str));
        let order: Arc<[usize]> = ordered_positions(rows, &IdOrder::new(rows), &filter, None, state.sort.as_deref()).into();
        self.saved.update_value(|saved| saved.put(key, order.clone()));
        Some(order)
    }
}

/// How many lists are remembered: a 50,000-row list's order is 200 KB.
const LISTS_REMEMBERED: usize = 4;

/// A value for each of the lists last used, the most recent last.
struct Recent<V>(Vec<(ListKey, V)>);

impl<V> Default for Recent<V> {
    fn default() -> Self {
        Recent(Vec::new())
    }
}

impl<V: Clone> Recent<V> {
    fn get(&self, key: &ListKey) -> Option<V> {
        self.0.iter().find(|(list, _)| list == key).map(|(_, value)| value.clone())
    }

    /// Keeps `value` for `key`, as the most recent, forgetting the least recent past
    /// [`LISTS_REMEMBERED`].
    fn put(&mut self, key: ListKey, value: V) {
        self.0.retain(|(list, _)| *list != key);
        if self.0.len() == LISTS_REMEMBERED {
            self.0.remove(0);
        }
        self.0.push((key, value));
    }
}

/// An instance: its id and the set it is of (`None` for the selected one), as the URL opens it.
pub type InstanceRef = (String, Option<String>);

/// Where the open instance stands in its list, and the instances on either side.
#[derive(Clone, Debug)]
pub struct Neighbours {
    /// Its place in the list, from 0.
    pub position: usize,
    /// How many instances the list holds.
    pub count: usize,
    pub previous: Option<InstanceRef>,
    pub next: Option<InstanceRef>,
}

/// The neighbours of the instance `state` opens, in the list it was opened from; `None` when
/// that list is not known or does not hold the instance.
pub fn neighbours(list_order: ListOrder, state: &ViewState, rows: &[IndexRow], sets: &[LoadedSet]) -> Option<Neighbours> {
    let id = state.instance.as_deref()?;
    let order = list_order.of(state, rows)?;
    let instance_at = |index: usize| -> Option<InstanceRef> { Some((rows.get(index)?.id.clone(), from_of(sets, index))) };
    let position = position_of(&order, rows, sets, id, state.from.as_deref())?;
    Some(Neighbours {
        position,
        count: order.len(),
        previous: position.checked_sub(1).and_then(|at| instance_at(order[at])),
        next: order.get(position + 1).and_then(|&index| instance_at(index)),
    })
}

/// Where the instance `id` of the set `from` stands in `order` (positions into `rows`).
pub fn position_of(order: &[usize], rows: &[IndexRow], sets: &[LoadedSet], id: &str, from: Option<&str>) -> Option<usize> {
    order
        .iter()
        .position(|&index| rows.get(index).is_some_and(|row| row.id == id) && from_of(sets, index).as_deref() == from)
}
