//! `boardcheck perft`, the subcommand reversi-move adds to the command line.

use clap::{CommandFactory, FromArgMatches, Parser};

use super::perft;
use crate::generation::{ProblemCommand, Shard};

/// Standard 8x8 Othello perft: leaves per depth and leaves per second.
///
/// By default from the start position, a pass using one ply (Bik's
/// table), with a 512 MiB symmetry-reduced transposition table and one
/// thread per core; each count is checked against the published table.
#[derive(Parser)]
#[command(name = "perft")]
struct PerftArgs {
    /// The deepest depth (default 9).
    depth: Option<u32>,
    /// Pass convention: 1 = a pass is a ply (Bik, Egaroucid mode 1), 2 = a pass uses no depth (Egaroucid mode 2).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    mode: u8,
    /// Transposition table size in MiB; 0 counts plainly (no hashing).
    #[arg(long, default_value_t = 512)]
    hash_mb: usize,
    /// Threads; 0 = one per core.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Only the deepest depth, not every depth up to it.
    #[arg(long)]
    only: bool,
    /// Count from this position instead: 64 cells row by row (X black, O white, - empty), a space, X or O to move.
    #[arg(long)]
    position: Option<String>,
    /// Only part I of N of the deepest depth's count (every N-th
    /// position a few plies down); the parts add up, `boardcheck merge`
    /// adds their `--json` results.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// The deepest depth's count alone, as JSON.
    #[arg(long)]
    json: bool,
}

/// `perft`, registered through reversi-move's extras.
pub fn perft_command() -> ProblemCommand {
    ProblemCommand {
        command: PerftArgs::command,
        run: |matches| {
            let args = PerftArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
            perft::run_cli_with(perft::CliOptions {
                depth: args.depth,
                passes: if args.mode == 2 {
                    perft::Passes::Free
                } else {
                    perft::Passes::Ply
                },
                hash_mb: args.hash_mb,
                threads: args.threads,
                only: args.only,
                position: args.position.as_deref(),
                shard: args.shard.map(|s| (s.index, s.count)),
                json: args.json,
            })
        },
    }
}
