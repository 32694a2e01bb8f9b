//! `site.json`: what a published site says about itself (title, introduction, which views it
//! shows), written by `benchscope publish` beside the manifest and read by the explorer.

use serde::{Deserialize, Serialize};

/// The file's name in the data directory; the manifest lists it when a site has one.
pub const SITE_FILE: &str = "site.json";

/// The views a site can show.
pub const VIEWS: [&str; 3] = ["instances", "leaderboard", "analysis"];

/// A published site's own settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SiteInfo {
    /// Shown in the header and the window title.
    pub title: String,
    /// Markdown shown above the views (untrusted like any dataset text).
    #[serde(default)]
    pub intro: String,
    /// Views offered, in order; empty means all of [`VIEWS`].
    #[serde(default)]
    pub views: Vec<String>,
    /// The view a bare URL opens (default: the first of `views`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_view: Option<String>,
}

impl SiteInfo {
    /// The views offered.
    pub fn views(&self) -> Vec<String> {
        if self.views.is_empty() {
            VIEWS.iter().map(|v| v.to_string()).collect()
        } else {
            self.views.clone()
        }
    }

    /// The view a URL without `view=` shows.
    pub fn default_view(&self) -> String {
        self.default_view
            .clone()
            .or_else(|| self.views().into_iter().next())
            .unwrap_or_else(|| VIEWS[0].to_string())
    }
}
