//! The `benchscope` command: parses arguments, runs one library function, reports.

use std::process::ExitCode;

use benchscope_cli::cli::RunTarget;
use benchscope_cli::cli::{Cli, Command};
use benchscope_cli::data_dir::DataDir;
use benchscope_cli::evaluate::evaluate;
use benchscope_cli::export::{export, Summary};
use benchscope_cli::grade_logs::grade_logs;
use benchscope_cli::run_checks::NameRules;
use benchscope_cli::run_store::{check_and_add_runs, NewRun};
use benchscope_cli::run_summary::{RunSummary, RunsSummary};
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
            let mut summary = Summary::default();
            let result = export(&plan, &mut summary);
            if let Some(path) = &args.summary_json {
                summary.write(path)?;
            }
            for warning in &summary.warnings {
                eprintln!("warning: {warning}");
            }
            result?;
            if plan.skip_bad {
                for error in &summary.errors {
                    eprintln!("skipped: {}", error.display());
                }
            }
            for split in &summary.splits {
                println!("exported {} instances of {}/{}", split.instances, split.dataset, split.split);
            }
            if summary.records_skipped > 0 {
                println!("skipped {} bad records of {}", summary.records_skipped, summary.records_read);
            }
            println!("wrote {}", plan.out.display());
            Ok(())
        }
        Command::Import(args) => {
            let fallback = args.dataset.is_none().then_some(benchscope_cli::importers::DEFAULT_DATASET);
            let rules = args.target.name_rules(args.dataset.as_deref(), args.split.as_deref(), fallback);
            store(&args.target, &rules, benchscope_cli::importers::import(&args.plan()?)?)
        }
        Command::Eval(args) => {
            let (run, warnings) = evaluate(&args.plan()?)?;
            let rules = args.target.name_rules(Some(&args.dataset), args.split.as_deref(), None);
            store(&args.target, &rules, vec![(run, warnings)])
        }
        Command::Publish(args) => {
            for warning in benchscope_cli::publish::publish(&args.config, &args.out)? {
                eprintln!("warning: {warning}");
            }
            println!(
                "wrote {}: serve its parent directory (the built site) from any static host",
                args.out.display()
            );
            Ok(())
        }
        Command::Score(args) => {
            let (run, warnings) = benchscope_cli::scoring::score(&args.plan()?)?;
            let rules = args.target.name_rules(Some(&args.dataset), args.split.as_deref(), None);
            store(&args.target, &rules, vec![(run, warnings)])
        }
        Command::Grade(args) => {
            let (run, warnings) = grade_logs(&args.plan()?)?;
            let rules = args.target.name_rules(Some(&args.dataset), args.split.as_deref(), None);
            store(&args.target, &rules, vec![(run, warnings)])
        }
    }
}

/// Checks runs against the data directory, adds them, then reports them (and writes
/// `--summary-json`).
fn store(target: &RunTarget, rules: &NameRules, runs: Vec<(NewRun, Vec<String>)>) -> anyhow::Result<()> {
    let data = DataDir::new(&target.data);
    let stored = check_and_add_runs(&data, runs, rules)?;
    let manifest = data.manifest().ok();
    let split_size = |run: &benchscope_contract::Run| {
        let dataset = manifest.as_ref()?.dataset(&run.dataset)?;
        Some(dataset.split(&run.split)?.instances).filter(|n| *n > 0)
    };
    let summary = RunsSummary {
        runs: stored
            .into_iter()
            .map(|(run, warnings)| RunSummary::of(&run, warnings, split_size(&run)))
            .collect(),
    };
    if let Some(path) = &target.summary_json {
        summary.write(path)?;
    }
    for run in &summary.runs {
        for warning in &run.warnings {
            eprintln!("warning: {}: {warning}", run.run_id);
        }
        println!("{}", run.line());
    }
    println!("wrote {}", target.data.display());
    Ok(())
}
