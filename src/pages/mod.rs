//! One module per page.

pub mod instance;
pub mod list;
