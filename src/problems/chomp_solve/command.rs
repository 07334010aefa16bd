//! `boardcheck chomp-census`, the subcommand chomp-solve adds to the
//! command line.

use clap::{CommandFactory, FromArgMatches, Parser};

use crate::generation::ProblemCommand;

/// How many non-empty positions inside the W x H box are losses for the player to move.
#[derive(Parser)]
#[command(name = "chomp-census")]
struct CensusArgs {
    /// Width of the box.
    w: u64,
    /// Height of the box.
    h: u64,
}

/// `chomp-census`, registered through chomp-solve's extras.
pub fn census_command() -> ProblemCommand {
    ProblemCommand {
        command: CensusArgs::command,
        run: |matches| {
            let args = CensusArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
            super::solver::census_cli(args.w, args.h)
        },
    }
}
