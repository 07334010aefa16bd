//! `boardcheck chomp-census`, the subcommand chomp-solve adds to the
//! command line.

use clap::{CommandFactory, FromArgMatches, Parser};

use crate::generation::ProblemCommand;
use crate::harness::check::Shard;

/// How many non-empty positions inside the W x H box are losses for the player to move.
#[derive(Parser)]
#[command(name = "chomp-census")]
struct CensusArgs {
    /// Width of the box.
    w: u64,
    /// Height of the box.
    h: u64,
    /// Count only part I of N of the upper parts (by rank). The census
    /// needs every smaller position first, so shard I still computes
    /// everything below its part: the shards' counts add up (`boardcheck
    /// merge` adds their `--json` results), their work does not split.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Also list the winning moves from the full box.
    #[arg(long)]
    winning_moves: bool,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// `chomp-census`, registered through chomp-solve's extras.
pub fn census_command() -> ProblemCommand {
    ProblemCommand {
        command: CensusArgs::command,
        run: |matches| {
            let args = CensusArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
            let options = super::census::Options {
                shard: args.shard.map(|s| (s.index, s.count)),
                winning_moves: args.winning_moves,
            };
            super::census::census_cli(args.w, args.h, &options, args.json)
        },
    }
}
