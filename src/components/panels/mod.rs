//! Benchmark-specific panels of an instance page, one module per benchmark.
//!
//! Each panel *takes* the fields it shows out of the instance's `extra` map, and only when they
//! have the shape it expects: whatever no panel took is still shown by the raw-fields view, so no
//! field is ever dropped silently.

mod environment;
mod fea_bench;
mod featurebench;
mod lca_completion;
mod lca_library;
mod lca_localization;
mod origin;
mod r2e_gym;
mod swe_dev;

use std::collections::BTreeMap;

use benchscope_contract::Document;
use leptos::prelude::*;
use serde_json::Value;

use crate::api::RunResult;

pub use environment::commit_link;

/// The remaining fields of an instance, which panels take from.
pub type Extra = BTreeMap<String, Value>;

/// What the panels need to know about the instance besides `extra`.
pub struct PanelContext<'a> {
    /// The instance's id (SWE-bench's spells its pull request).
    pub id: &'a str,
    /// `owner/name`.
    pub repo: &'a str,
    /// The instance's texts (FeatureBench's interface lives in its statement).
    pub documents: &'a [Document],
    /// The instance's facets (`level`, ...).
    pub facets: &'a BTreeMap<String, String>,
}

/// Rows for the instance's metadata list: where the task came from (its pull request and
/// issues), then the environment (setup commit, image, settings).
pub fn meta_rows(extra: &mut Extra, context: &PanelContext) -> (impl IntoView, impl IntoView) {
    (
        origin::rows(extra, context.id, context.repo),
        environment::rows(extra, context.repo),
    )
}

/// Every panel that applies to this instance, in page order.
pub fn panels(extra: &mut Extra, context: &PanelContext) -> Vec<AnyView> {
    [
        featurebench::interface_panel(context),
        lca_completion::completion_panel(extra),
        lca_library::reference_panel(extra, context),
        lca_localization::files_panel(extra),
        fea_bench::components_panel(extra),
        swe_dev::files_panel(extra),
        swe_dev::call_tree_panel(extra),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The panels that show tests with each run's marks, in page order, below the instance's test
/// lists and their legend.
pub fn test_panels(extra: &mut Extra, runs: Signal<Vec<RunResult>>) -> Option<AnyView> {
    r2e_gym::expected_output_panel(extra, runs)
}

/// Removes `key` from `extra` when `fits` accepts its value.
fn take_if(extra: &mut Extra, key: &str, fits: impl Fn(&Value) -> bool) -> Option<Value> {
    if extra.get(key).is_some_and(fits) {
        extra.remove(key)
    } else {
        None
    }
}
