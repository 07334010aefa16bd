//! `boardcheck count-legal-go`, the subcommand go-move adds to the command
//! line.

use clap::{CommandFactory, FromArgMatches, Parser};

use crate::generation::{ProblemCommand, Shard};

/// How many colourings of a ROWS x COLS board have a liberty for every group.
#[derive(Parser)]
#[command(name = "count-legal-go")]
struct CountArgs {
    /// Rows.
    rows: usize,
    /// Columns.
    cols: usize,
    /// Only part I of N of the search (its prefixes k with k % N ==
    /// I-1); the parts' counts add up, `boardcheck merge` adds their
    /// `--json` results.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// `count-legal-go`, registered through go-move's extras.
pub fn count_command() -> ProblemCommand {
    ProblemCommand {
        command: CountArgs::command,
        run: |matches| {
            let args = CountArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
            super::count::run_cli(
                args.rows,
                args.cols,
                args.shard.map(|s| (s.index, s.count)),
                args.json,
            )
        },
    }
}
