//! `benchscope publish`: a whole site's data directory from one configuration.

use std::path::PathBuf;

use clap::Args;

use crate::publish::publish;
use crate::terminal::shown;

/// `benchscope publish`.
#[derive(Debug, Args)]
pub struct PublishArgs {
    /// The site configuration (JSON; see the README).
    pub config: PathBuf,
    /// The data directory to write, normally `dist/data` after `trunk build --release`.
    #[arg(long)]
    pub out: PathBuf,
}

/// Publishes, naming every warning of the exports and imports it ran.
pub fn execute(args: &PublishArgs) -> anyhow::Result<()> {
    for warning in publish(&args.config, &args.out)? {
        eprintln!("warning: {}", shown(&warning.to_string()));
    }
    println!(
        "wrote {}: serve its parent directory (the built site) from any static host",
        args.out.display()
    );
    Ok(())
}
