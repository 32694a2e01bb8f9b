//! The `benchscope` command: parses arguments, runs the subcommand, reports its error.

use std::process::ExitCode;

use benchscope_cli::commands::Cli;
use benchscope_cli::terminal::shown;
use clap::Parser;

/// The input or the environment stopped the command (usage errors exit with clap's 2).
const EXIT_FAILURE: u8 = 1;

fn main() -> ExitCode {
    match Cli::parse().command.execute() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", shown(&error.to_string()));
            for cause in error.chain().skip(1) {
                eprintln!("Caused by: {}", shown(&cause.to_string()));
            }
            ExitCode::from(EXIT_FAILURE)
        }
    }
}
