//! `site.json`: what a published site says about itself (title, introduction, which views it
//! shows), written by `benchscope publish` beside the manifest and read by the explorer.

use serde::{Deserialize, Serialize};

/// The file's name in the data directory; the manifest lists it when a site has one.
pub const SITE_FILE: &str = "site.json";

/// A view of the explorer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum View {
    /// The instance list.
    Instances,
    /// The runs' leaderboard.
    Leaderboard,
    /// Breakdowns and comparisons.
    Analysis,
}

impl View {
    /// Every view, in the order the tabs show them.
    pub const ALL: [View; 3] = [View::Instances, View::Leaderboard, View::Analysis];

    /// Its name in URLs and `site.json`.
    pub fn name(self) -> &'static str {
        match self {
            View::Instances => "instances",
            View::Leaderboard => "leaderboard",
            View::Analysis => "analysis",
        }
    }

    /// The view called `name`.
    pub fn parse(name: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.name() == name)
    }

    /// Its tab's label.
    pub fn label(self) -> &'static str {
        match self {
            View::Instances => "Instances",
            View::Leaderboard => "Leaderboard",
            View::Analysis => "Breakdowns and comparison",
        }
    }

    /// The start of its label that a small screen's tab keeps, and the rest.
    pub fn label_parts(self) -> (&'static str, &'static str) {
        let label = self.label();
        match self {
            View::Analysis => label.split_at("Breakdowns".len()),
            _ => (label, ""),
        }
    }
}

/// A published site's own settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SiteInfo {
    /// Shown in the header and the window title.
    pub title: String,
    /// Markdown shown above the views (untrusted like any dataset text).
    #[serde(default)]
    pub intro: String,
    /// Views offered, in order; empty means all of them.
    #[serde(default)]
    pub views: Vec<View>,
    /// The view a bare URL opens (default: the first of `views`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_view: Option<View>,
}

impl SiteInfo {
    /// The views offered.
    pub fn views(&self) -> Vec<View> {
        if self.views.is_empty() {
            View::ALL.to_vec()
        } else {
            self.views.clone()
        }
    }

    /// The view a URL without `view=` shows.
    pub fn default_view(&self) -> View {
        self.default_view
            .or_else(|| self.views().first().copied())
            .unwrap_or(View::Instances)
    }
}
