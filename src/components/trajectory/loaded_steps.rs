//! A trajectory's steps as far as the reader needs them: a large trajectory is stored as a head
//! with its first steps and chunk files of the rest ([`StepChunkEntry`]); a chunk is fetched
//! when a step in it is to be shown or searched, one fetch at a time, and never fetched twice.

use std::ops::Range;

use benchscope_contract::trajectory::text::strip_terminal_escapes;
use benchscope_contract::trajectory::{Step, StepChunkEntry, Trajectory};
use leptos::prelude::*;

use crate::api::{data_base, RunCache};
use crate::load_error::LoadError;
use crate::url_state::UrlState;

/// One chunk of steps: where its steps go and whether they are in.
struct Chunk {
    steps: Range<usize>,
    path: String,
    loaded: bool,
}

/// The steps fetched so far, each with its text in lower case for the search (made once).
#[derive(Clone, Copy)]
pub struct LoadedSteps {
    steps: StoredValue<Vec<Option<Step>>>,
    haystacks: StoredValue<Vec<Option<String>>>,
    chunks: StoredValue<Vec<Chunk>>,
    /// The steps put in since [`Self::take_fresh`] last looked.
    fresh: StoredValue<Vec<usize>>,
    busy: StoredValue<bool>,
    /// Bumped each time steps come in.
    pub version: RwSignal<usize>,
    /// Why a chunk could not be fetched, if one could not.
    pub error: RwSignal<Option<LoadError>>,
}

impl LoadedSteps {
    /// The head's steps in, the chunks' to fetch.
    pub fn new(trajectory: &Trajectory) -> Self {
        let total = trajectory.step_count();
        let mut start = trajectory.steps.len();
        let chunks = trajectory
            .more_steps
            .iter()
            .map(|StepChunkEntry { path, steps }| {
                let range = start..start + *steps as usize;
                start = range.end;
                Chunk {
                    steps: range,
                    path: path.clone(),
                    loaded: false,
                }
            })
            .collect();
        let loaded = LoadedSteps {
            steps: StoredValue::new(vec![None; total]),
            haystacks: StoredValue::new(vec![None; total]),
            chunks: StoredValue::new(chunks),
            fresh: StoredValue::new(Vec::new()),
            busy: StoredValue::new(false),
            version: RwSignal::new(0),
            error: RwSignal::new(None),
        };
        loaded.put(0, &trajectory.steps);
        loaded
    }

    /// All the trajectory's steps, fetched or not.
    pub fn total(&self) -> usize {
        self.steps.with_value(Vec::len)
    }

    fn put(&self, start: usize, steps: &[Step]) {
        self.haystacks.update_value(|h| {
            for (slot, step) in h.iter_mut().skip(start).zip(steps) {
                *slot = Some(strip_terminal_escapes(&step.text()).to_lowercase());
            }
        });
        self.steps.update_value(|all| {
            for (slot, step) in all.iter_mut().skip(start).zip(steps) {
                *slot = Some(step.clone());
            }
        });
        self.fresh.update_value(|fresh| fresh.extend(start..start + steps.len()));
        self.version.update(|v| *v += 1);
    }

    /// Hands each step put in since the last call to `each`, once.
    pub fn take_fresh(&self, mut each: impl FnMut(usize, &Step)) {
        let fresh = self.fresh.try_update_value(std::mem::take).unwrap_or_default();
        self.steps.with_value(|all| {
            for index in fresh {
                if let Some(Some(step)) = all.get(index) {
                    each(index, step);
                }
            }
        });
    }

    /// Whether step `index` is in.
    pub fn is_loaded(&self, index: usize) -> bool {
        self.steps.with_value(|s| s.get(index).is_some_and(Option::is_some))
    }

    /// Whether step `index` names the tool `tool` (`""`: none), when it is in.
    pub fn names_tool(&self, index: usize, tool: &str) -> Option<bool> {
        self.steps
            .with_value(|s| s.get(index)?.as_ref().map(|step| step.tool.as_deref().unwrap_or_default() == tool))
    }

    /// Step `index` (from 0), if it is in.
    pub fn step(&self, index: usize) -> Option<Step> {
        self.steps.with_value(|s| s.get(index).cloned().flatten())
    }

    /// Whether every step of `range` is in (tracks arrivals).
    pub fn covers(&self, range: Range<usize>) -> bool {
        self.version.track();
        self.steps
            .with_value(|s| s.get(range).is_some_and(|r| r.iter().all(Option::is_some)))
    }

    /// The numbers (from 1) of the fetched steps whose text holds `needle` (lower case).
    pub fn matching(&self, needle: &str) -> Vec<usize> {
        self.version.track();
        self.haystacks.with_value(|h| {
            h.iter()
                .enumerate()
                .filter(|(_, text)| text.as_deref().is_some_and(|t| t.contains(needle)))
                .map(|(i, _)| i + 1)
                .collect()
        })
    }

    /// Fetches the chunks that hold steps of `wanted`, in order, one at a time; a change of
    /// `wanted` while one is on its way is met by the same loop.
    pub fn load(self, wanted: Memo<Range<usize>>) {
        if self.busy.get_value() || self.next_chunk(&wanted.get_untracked()).is_none() {
            return;
        }
        self.busy.set_value(true);
        let cache = expect_context::<RunCache>();
        let url = expect_context::<UrlState>();
        let base = data_base(url.with_untracked(|s| s.data.clone()).as_deref());
        leptos::task::spawn_local(async move {
            while let Some((at, path, start)) = self.next_chunk(&wanted.get_untracked()) {
                match cache.step_chunk(&base, &path).await {
                    Ok(chunk) => {
                        self.chunks.update_value(|c| c[at].loaded = true);
                        self.put(start, &chunk.steps);
                    }
                    Err(error) => {
                        self.error.set(Some(error));
                        break;
                    }
                }
            }
            self.busy.set_value(false);
        });
    }

    /// The first chunk not in yet holding a step of `wanted`: its index, path and first step.
    fn next_chunk(&self, wanted: &Range<usize>) -> Option<(usize, String, usize)> {
        if self.error.get_untracked().is_some() {
            return None;
        }
        self.chunks.with_value(|chunks| {
            chunks
                .iter()
                .enumerate()
                .find(|(_, c)| !c.loaded && c.steps.start < wanted.end && wanted.start < c.steps.end)
                .map(|(at, c)| (at, c.path.clone(), c.steps.start))
        })
    }
}
