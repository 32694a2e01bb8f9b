//! What a parser read: test id → the status word as printed (`PASSED`, `FAILED`, ... or, for a
//! line the parser misreads, whatever word it took), remembering the order in which ids were
//! first seen, as the harness's Python dict does (its prefix rule picks the first match).

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::ops::Bound;

use benchscope_contract::TestStatus;

/// Test id → status word, in id order, with first-seen order kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Statuses {
    map: BTreeMap<String, (u32, String)>,
    next: u32,
}

impl Statuses {
    /// Sets a test's status; a test seen before keeps its place in first-seen order.
    pub fn insert(&mut self, test: impl Into<String>, status: impl Into<String>) {
        match self.map.entry(test.into()) {
            Entry::Occupied(mut seen) => seen.get_mut().1 = status.into(),
            Entry::Vacant(new) => {
                new.insert((self.next, status.into()));
                self.next += 1;
            }
        }
    }

    /// The status word of `test`.
    pub fn get(&self, test: &str) -> Option<&str> {
        self.map.get(test).map(|(_, s)| s.as_str())
    }

    /// Every test and its status word, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.map.iter().map(|(k, (_, s))| (k.as_str(), s.as_str()))
    }

    /// The first-seen test among those whose id starts with `prefix`, with every such test.
    pub fn with_prefix<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a str, u32, &'a str)> + 'a {
        self.map
            .range::<str, _>((Bound::Included(prefix), Bound::Unbounded))
            .take_while(move |(k, _)| k.starts_with(prefix))
            .map(|(k, (order, s))| (k.as_str(), *order, s.as_str()))
    }

    /// How many tests.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no test was read.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The statuses as the contract types them; a word the harness does not know (such as a
    /// token misread as a status) grades as neither passed nor failed, as XPASS does.
    pub fn typed(&self) -> BTreeMap<String, TestStatus> {
        self.iter().map(|(k, s)| (k.to_string(), TestStatus::from_word(s))).collect()
    }
}

impl<K: Into<String>, V: Into<String>> FromIterator<(K, V)> for Statuses {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut statuses = Statuses::default();
        for (k, v) in iter {
            statuses.insert(k, v);
        }
        statuses
    }
}
