//! One stable sort for the contract's and the explorer's many orderings.
//!
//! Rust's sort is generic over the element and the comparison closure, so each `sort_by` call
//! site compiles its own copy of the sorting machinery (about 4.5 KB of wasm each; 35 of them
//! were a tenth of the explorer's code before size optimization). Here the machinery is compiled
//! once, over positions, and the comparison is a trait object: a call costs an indirect call per
//! comparison and one move per element, nothing a list of 50,000 rows notices.
//!
//! ```
//! use benchscope_contract::sorting::sort_by;
//! let mut words = vec!["pear", "fig", "apple", "kiwi"];
//! sort_by(&mut words, |a, b| a.len().cmp(&b.len()));
//! assert_eq!(words, ["fig", "pear", "kiwi", "apple"], "stable: pear stays before kiwi");
//! ```

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// Sorts `items` by `compare`, stably.
pub fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = sorted_positions(items.len(), &|a, b| compare(&items[a], &items[b]));
    permute(items, &order);
}

/// Sorts `items` by the key `key` gives each, stably.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The set of `items`, inserted one by one. (`collect()` into a `BTreeSet` or `BTreeMap` sorts
/// the items first, compiling the standard sort once more for each element type: 5 KB of wasm
/// apiece, six of them in the first screen's code.)
pub fn set_of<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    for item in items {
        set.insert(item);
    }
    set
}

/// The map of `pairs`, inserted one by one (a later value for a key replaces an earlier one, as
/// with `collect()`); see [`set_of`].
pub fn map_of<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    for (key, value) in pairs {
        map.insert(key, value);
    }
    map
}

/// Puts the item at `order[i]` at `i`, following each cycle of the permutation with swaps.
fn permute<T>(items: &mut [T], order: &[usize]) {
    let mut placed = vec![false; items.len()];
    for start in 0..items.len() {
        let mut at = start;
        while !placed[at] {
            placed[at] = true;
            let from = order[at];
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

/// `0..len` ordered by `compare`: the one instance of the sort.
fn sorted_positions(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut positions: Vec<usize> = (0..len).collect();
    positions.sort_by(|&a, &b| compare(a, b));
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_of_and_map_of_equal_collect() {
        let words = ["pear", "fig", "pear", "apple"];
        assert_eq!(set_of(words), words.into_iter().collect::<BTreeSet<_>>());
        let pairs = [("b", 1), ("a", 2), ("b", 3)];
        assert_eq!(map_of(pairs), pairs.into_iter().collect::<BTreeMap<_, _>>());
        assert_eq!(map_of(pairs)["b"], 3, "the later value wins");
    }

    #[test]
    fn equals_the_standard_stable_sort() {
        // A pseudo-random sequence with many ties, so stability is exercised.
        let mut state = 7u64;
        let items: Vec<(u8, usize)> = (0..2_000)
            .map(|i| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((state >> 59) as u8, i)
            })
            .collect();
        let (mut ours, mut standard) = (items.clone(), items);
        sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
        standard.sort_by_key(|item| item.0);
        assert_eq!(ours, standard);
        let mut keyed = ours.clone();
        sort_by_key(&mut keyed, |item| std::cmp::Reverse(item.0));
        standard.sort_by_key(|item| std::cmp::Reverse(item.0));
        assert_eq!(keyed, standard);
    }
}
