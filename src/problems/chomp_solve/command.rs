//! `boardcheck chomp-census`, the subcommand chomp-solve adds to the
//! command line.

use clap::{CommandFactory, FromArgMatches, Parser};

use crate::generation::ProblemCommand;
use crate::generation::Shard;

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
    /// Threads (default: the machine's cores). Slab v + 1 follows slab v
    /// rank by rank, so two threads overlap the end of one slab with the
    /// start of the next.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Count with the byte-per-upper-part table of chomp-solve instead (the
    /// independent check, and the old census: boxes up to C(33, 16)
    /// positions, one core, no shards, no winning moves).
    #[arg(long, conflicts_with_all = ["shard", "winning_moves"])]
    table: bool,
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
                table: args.table,
                jobs: args.jobs.unwrap_or_else(crate::limits::cores),
            };
            super::census::census_cli(args.w, args.h, &options, args.json)
        },
    }
}
