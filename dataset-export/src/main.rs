//! The `benchscope` command: parses arguments, runs one library function, reports.

use std::process::ExitCode;

use benchscope_cli::cli::{Cli, Command};
use benchscope_cli::export::export;
use clap::Parser;

/// The input or the environment stopped the command (usage errors exit with clap's 2).
const EXIT_FAILURE: u8 = 1;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            for cause in error.chain().skip(1) {
                eprintln!("Caused by: {cause}");
            }
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Export(args) => {
            let plan = args.plan()?;
            let report = export(&plan)?;
            for warning in &report.warnings {
                eprintln!("warning: {warning}");
            }
            for (dataset, split, count) in &report.splits {
                println!("exported {count} instances of {dataset}/{split}");
            }
            println!("wrote {}", plan.out.display());
            Ok(())
        }
    }
}
