//! A progress bar with counts and throughput on a terminal; silent otherwise.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// Progress of a long command.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A spinner counting records, shown only if `wanted` and stderr is a terminal.
    pub fn new(wanted: bool) -> Self {
        let bar = (wanted && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new_spinner();
            let style = ProgressStyle::with_template("{spinner} {human_pos} records  {per_sec}  {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar.tick(); // draw at once, even if the work is over before the first refresh
            bar
        });
        Progress { bar }
    }

    /// A bar of `length` steps counting `unit`, shown only if `wanted` and stderr is a terminal.
    pub fn with_length(wanted: bool, length: u64, unit: &str) -> Self {
        let bar = (wanted && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new(length);
            let template = format!("{{bar:30}} {{pos}}/{{len}} {unit}  {{per_sec}}  {{elapsed}}");
            bar.set_style(ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()));
            bar.tick();
            bar
        });
        Progress { bar }
    }

    /// One more record.
    pub fn tick(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
