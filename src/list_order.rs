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

/// The last list order saved, with the list it is the order of, and the last instance opened
/// from a list.
#[derive(Clone, Copy)]
pub struct ListOrder {
    saved: StoredValue<Option<(ListKey, Arc<[usize]>)>>,
    last_opened: StoredValue<Option<(ListKey, InstanceRef)>>,
}

impl Default for ListOrder {
    fn default() -> Self {
        ListOrder {
            saved: StoredValue::new(None),
            last_opened: StoredValue::new(None),
        }
    }
}

impl ListOrder {
    /// Keeps `order` (positions into the loaded rows) as the order of the list `url` shows, as the
    /// list opens an instance.
    pub fn save(self, url: UrlState, order: Memo<Vec<usize>>) {
        let key = url.with_untracked(ViewState::list_key);
        self.saved.set_value(Some((key, order.get_untracked().into())));
    }

    /// Notes the instance `state` opens, for its list to select when the reader comes back.
    pub fn opened(self, state: &ViewState) {
        if let Some(id) = state.instance.clone() {
            self.last_opened.set_value(Some((state.list_key(), (id, state.from.clone()))));
        }
    }

    /// The instance last opened from the list `state` shows, if it was that list.
    pub fn last_opened(self, state: &ViewState) -> Option<InstanceRef> {
        let key = state.list_key();
        self.last_opened
            .with_value(|last| last.as_ref().filter(|(list, _)| *list == key).map(|(_, opened)| opened.clone()))
    }

    /// The order of the list `state` shows: the one saved for it, else worked out from the rows
    /// when the list has no query (a search's ranking is not known here), then saved.
    fn of(self, state: &ViewState, rows: &[IndexRow]) -> Option<Arc<[usize]>> {
        let key = state.list_key();
        let saved = self
            .saved
            .with_value(|saved| saved.as_ref().filter(|(list, _)| *list == key).map(|(_, order)| order.clone()));
        if saved.is_some() || state.q.is_some() {
            return saved;
        }
        let filter = Filter::from_pairs(state.facets.iter().map(String::as_str));
        let order: Arc<[usize]> = ordered_positions(rows, &IdOrder::new(rows), &filter, None, state.sort.as_deref()).into();
        self.saved.set_value(Some((key, order.clone())));
        Some(order)
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
