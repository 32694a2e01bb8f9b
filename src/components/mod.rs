//! Widgets shared by the pages.

pub mod diff_view;
pub mod markdown;
