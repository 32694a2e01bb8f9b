//! One module per page.

pub mod analysis;
pub mod instance;
pub mod lazy;
pub mod leaderboard;
pub mod list;
