//! `boardcheck count-legal-go`, the subcommand go-move adds to the command
//! line.

use clap::{CommandFactory, FromArgMatches, Parser};

use crate::generation::{ProblemCommand, Shard};

/// How many colourings of a ROWS x COLS board have a liberty for every group
/// (a transfer-matrix count over border states, exact at any size).
#[derive(Parser)]
#[command(name = "count-legal-go")]
struct CountArgs {
    /// Rows.
    rows: usize,
    /// Columns.
    cols: usize,
    /// Only part I of N: the colourings whose first 8 points (in the
    /// count's order) form a prefix k with k % N == I-1; the parts' counts
    /// add up, `boardcheck merge` adds their `--json` results.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Print the result as JSON (a count past 64 bits as a decimal string).
    #[arg(long)]
    json: bool,
    /// Count by enumerating every colouring through the engine's position
    /// check instead (the independent check; up to 20 points).
    #[arg(long)]
    enumerate: bool,
    /// Threads of the transfer-matrix count (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Say on stderr what the transfer-matrix count took.
    #[arg(long)]
    verbose: bool,
}

/// `count-legal-go`, registered through go-move's extras.
pub fn count_command() -> ProblemCommand {
    ProblemCommand {
        command: CountArgs::command,
        run: |matches| {
            let args = CountArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
            super::count::run_cli(&super::count::Request {
                rows: args.rows,
                cols: args.cols,
                shard: args.shard.map(|s| (s.index, s.count)),
                json: args.json,
                enumerate: args.enumerate,
                threads: args.jobs,
                verbose: args.verbose,
            })
        },
    }
}
