//! Perft: the number of leaves of the standard Othello game tree a given
//! number of plies below a position. A game that ends early counts as one
//! leaf. Two conventions for a forced pass ([`Passes`]): it uses one ply
//! (Bik's table, Egaroucid's "mode 1") or none (Egaroucid's "mode 2").
//!
//! [`perft_with`] runs on the bitboard engine (`perft_plain.rs`) and
//! bulk-counts the last ply; the nodes 2, 3 and 4 plies above the leaves are compiled for several CPU
//! feature levels by the `multiversion` crate and picked at run time, so
//! the portable binary uses popcnt, BMI2 and AVX2 where the CPU has them.
//! Each such node makes its children first (up to 24 at a time) and
//! finds their moves in a second loop over plain arrays, which the compiler
//! vectorizes across children.
//! [`perft_grid_with`] walks the same tree on the m×n grid engine (every
//! leaf played, nothing batched): the two are independent checks of each
//! other. The hashed and parallel counts are in [`super::perft_tt`].

use super::grid;
use super::othello::Position;
pub use super::perft_plain::Passes;
use super::perft_plain::plain;
use super::{Board, perft_tt};

/// The depth `boardcheck perft` runs to when none is given.
pub const DEFAULT_DEPTH: u32 = 9;
/// The deepest `boardcheck perft` accepts.
pub const MAX_DEPTH: u32 = super::limits::PERFT_MAX_DEPTH;

/// The leaves `depth` plies below `pos`, a pass using one ply (bitboard engine).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_with(pos, depth, Passes::Ply)
}

/// The leaves `depth` plies below `pos` under `passes` (bitboard engine,
/// one thread, no hashing).
pub fn perft_with(pos: &Position, depth: u32, passes: Passes) -> u64 {
    plain(pos.player, pos.opponent, depth, passes)
}

/// The leaves `depth` plies below `board` with `player` to move, a pass
/// one ply, on the grid engine.
pub fn perft_grid(board: &Board, player: u8, depth: u32) -> u64 {
    perft_grid_with(board, player, depth, Passes::Ply)
}

/// The leaves `depth` plies below `board` with `player` to move under
/// `passes`, on the grid engine; every leaf is played, none bulk-counted.
pub fn perft_grid_with(board: &Board, player: u8, depth: u32, passes: Passes) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = grid::legal_moves(board, player);
    if moves.is_empty() {
        return if grid::legal_moves(board, 3 - player).is_empty() {
            1 // the game is over: one leaf
        } else if passes == Passes::Ply {
            perft_grid_with(board, 3 - player, depth - 1, passes)
        } else {
            perft_grid_with(board, 3 - player, depth, passes)
        };
    }
    moves
        .into_iter()
        .map(|(r, c)| {
            let mut next = board.clone();
            grid::play(&mut next, r, c, player);
            perft_grid_with(&next, 3 - player, depth - 1, passes)
        })
        .sum()
}

/// The perft suite: positions and their counts per depth, in
/// `tests/data/perft/suite.toml` (the start position's counts are the
/// published ones; the file names its sources). Built into the binary so
/// `boardcheck perft` checks against the same table as the tests.
pub const SUITE: &str = include_str!("../../../tests/data/perft/suite.toml");

/// One position of the perft suite.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct SuiteEntry {
    /// A short name.
    pub name: String,
    /// 64 cells row by row (`X` black, `O` white, `-` empty), a space, and
    /// the side to move (`X` or `O`).
    pub board: String,
    /// Where the counts come from.
    pub source: String,
    /// Leaves at depths 1, 2, …, a pass using one ply.
    pub ply: Vec<u64>,
    /// Leaves at depths 1, 2, …, a pass using no depth.
    pub free: Vec<u64>,
}

impl SuiteEntry {
    /// The counts under `passes`.
    pub fn counts(&self, passes: Passes) -> &[u64] {
        match passes {
            Passes::Ply => &self.ply,
            Passes::Free => &self.free,
        }
    }

    /// The position, or why `board` is not one.
    pub fn position(&self) -> Result<Position, String> {
        parse_position(&self.board).map_err(|e| format!("perft suite entry {:?}: {e}", self.name))
    }
}

/// The perft suite, parsed.
pub fn suite() -> Result<Vec<SuiteEntry>, String> {
    #[derive(serde::Deserialize)]
    struct File {
        position: Vec<SuiteEntry>,
    }
    toml::from_str::<File>(SUITE)
        .map(|f| f.position)
        .map_err(|e| format!("tests/data/perft/suite.toml: {e}"))
}

/// A position in the suite's notation: 64 cells (`X` black, `O` white,
/// `-` or `.` empty), whitespace, then `X` or `O` to move.
pub fn parse_position(text: &str) -> Result<Position, String> {
    let mut parts = text.split_whitespace();
    let (Some(cells), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err("expected 64 cells, a space and the side to move".into());
    };
    if cells.chars().count() != 64 {
        return Err(format!(
            "expected 64 cells, found {}",
            cells.chars().count()
        ));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, c) in cells.chars().enumerate() {
        match c {
            'X' | 'x' | '*' => black |= 1 << i,
            'O' | 'o' => white |= 1 << i,
            '-' | '.' => {}
            _ => return Err(format!("cell {} is {c:?}, expected X, O or -", i + 1)),
        }
    }
    let black_to_move = match side {
        "X" | "x" | "*" => true,
        "O" | "o" => false,
        _ => return Err(format!("side to move is {side:?}, expected X or O")),
    };
    let (player, opponent) = if black_to_move {
        (black, white)
    } else {
        (white, black)
    };
    Ok(Position {
        player,
        opponent,
        black_to_move,
    })
}

/// The published counts from the start position under `passes` (depth 1 first).
pub fn published(passes: Passes) -> Vec<u64> {
    suite()
        .ok()
        .and_then(|s| s.into_iter().find(|e| e.name == "start"))
        .map(|e| e.counts(passes).to_vec())
        .unwrap_or_default()
}

/// What `boardcheck perft` is asked for.
#[derive(Clone, Copy, Debug)]
pub struct CliOptions<'a> {
    /// The deepest depth (default [`DEFAULT_DEPTH`]).
    pub depth: Option<u32>,
    /// How a pass counts.
    pub passes: Passes,
    /// Transposition table size in MiB; 0: no hashing.
    pub hash_mb: usize,
    /// Threads (0: one per core).
    pub threads: usize,
    /// Only the deepest depth, not every depth up to it.
    pub only: bool,
    /// The position to count from (the suite's notation); `None`: the start.
    pub position: Option<&'a str>,
    /// Only part I of N (0-based index, N) of the deepest depth's count.
    pub shard: Option<(u64, u64)>,
    /// The deepest depth's count as JSON, for `boardcheck merge`.
    pub json: bool,
}

/// What `boardcheck perft` prints: for each depth from 1 to the deepest
/// (or the deepest alone), the leaf count from the start position, the
/// time, leaves per second, and whether the count is the published one.
/// A depth out of range is an error; so is a count that differs from the
/// published one (the error then holds the whole table).
pub fn run_cli_with(opts: CliOptions<'_>) -> Result<String, String> {
    use std::fmt::Write;
    use std::time::Instant;
    let depth = opts.depth.unwrap_or(DEFAULT_DEPTH);
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(format!("perft depth {depth} is outside 1..={MAX_DEPTH}"));
    }
    let threads = perft_tt::threads(opts.threads);
    let config_at = |d: u32| perft_tt::Config {
        passes: opts.passes,
        hash_mb: table_mb(d, opts.hash_mb),
        threads,
    };
    if opts.shard.is_some() || opts.json {
        // One count, the deepest depth's, as `boardcheck merge` adds it up.
        let start = match opts.position {
            None => Position::start(),
            Some(text) => parse_position(text).map_err(|e| format!("--position: {e}"))?,
        };
        let config = config_at(depth);
        let (index, of) = opts.shard.unwrap_or((0, 1));
        let leaves = perft_tt::count_shard(&start, depth, &config, index, of);
        let mode = match opts.passes {
            Passes::Ply => 1,
            Passes::Free => 2,
        };
        let args = match opts.position {
            None => format!("{depth} --mode {mode}"),
            Some(p) => format!("{depth} --mode {mode} --position={p}"),
        };
        return Ok(crate::text::count_result(
            "perft", &args, opts.shard, leaves, opts.json,
        ));
    }
    let mut out = format!(
        "perft: standard Othello from {}, bitboard engine ({} code path)\n\
         {}; {}; {} thread(s); a game over before the depth is one leaf\n",
        opts.position
            .map_or("the start position", |_| "the given position"),
        kernel_level(),
        match opts.passes {
            Passes::Ply => "a pass uses one ply (mode 1, Bik)",
            Passes::Free => "a pass uses no depth (mode 2, Egaroucid)",
        },
        match opts.hash_mb {
            0 => "no hashing".to_string(),
            mb => format!("transposition table {mb} MiB, symmetry-reduced"),
        },
        threads,
    );
    let _ = writeln!(
        out,
        "{:>5} {:>18} {:>10} {:>10} {:>12}  published",
        "depth", "leaves", "seconds", "cpu s", "Mleaves/s"
    );
    let (start, known) = match opts.position {
        None => (Position::start(), published(opts.passes)),
        Some(text) => (
            parse_position(text).map_err(|e| format!("--position: {e}"))?,
            Vec::new(),
        ),
    };
    let mut mismatched = Vec::new();
    let first = if opts.only { depth } else { 1 };
    for d in first..=depth {
        let t = Instant::now();
        let cpu = cpu_seconds();
        let leaves = perft_tt::count(&start, d, &config_at(d));
        let secs = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu;
        // (A count within the clock's resolution still gets a number.)
        let rate = format!("{:.1}", leaves as f64 / secs.max(1e-9) / 1e6);
        let check = match against_published(known.get(d as usize - 1).copied(), leaves) {
            Ok(word) => word.to_string(),
            Err(why) => {
                mismatched.push(d);
                why
            }
        };
        let _ = writeln!(
            out,
            "{d:>5} {leaves:>18} {secs:>10.3} {cpu:>10.3} {rate:>12}  {check}"
        );
    }
    if mismatched.is_empty() {
        Ok(out)
    } else {
        Err(format!(
            "{out}perft: {} count(s) differ from the published ones",
            mismatched.len()
        ))
    }
}

/// The transposition table for a count `depth` plies deep when `hash_mb`
/// MiB are asked for: depths below 10 get at most 16 MiB, as allocating
/// and clearing a larger table would cost more than it saves there.
pub fn table_mb(depth: u32, hash_mb: usize) -> usize {
    if depth < 10 { hash_mb.min(16) } else { hash_mb }
}

/// How a count compares with the published one (`None`: none is known):
/// `ok` or `(unknown)`, or the mismatch as an error.
pub fn against_published(published: Option<u64>, leaves: u64) -> Result<&'static str, String> {
    match published {
        None => Ok("(unknown)"),
        Some(k) if k == leaves => Ok("ok"),
        Some(k) => Err(format!("MISMATCH: expected {k}")),
    }
}

/// The user CPU time of this process so far, all threads (what Edax's
/// perft prints), or 0 where it cannot be read.
#[cfg(all(unix, feature = "process"))]
fn cpu_seconds() -> f64 {
    use nix::sys::resource::{UsageWho, getrusage};
    getrusage(UsageWho::RUSAGE_SELF).map_or(0.0, |u| {
        let t = u.user_time();
        t.tv_sec() as f64 + t.tv_usec() as f64 / 1e6
    })
}

/// No CPU clock without `nix` (the `process` feature on Unix): 0.
#[cfg(not(all(unix, feature = "process")))]
fn cpu_seconds() -> f64 {
    0.0
}

/// `boardcheck perft DEPTH` with the defaults of the command line.
pub fn run_cli(depth: Option<u32>) -> Result<String, String> {
    run_cli_with(CliOptions {
        depth,
        passes: Passes::Ply,
        hash_mb: perft_tt::DEFAULT_HASH_MB,
        threads: 0,
        only: false,
        position: None,
        shard: None,
        json: false,
    })
}

/// The code path the bulk-counting step runs on this CPU.
pub fn kernel_level() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        // Lists, not `&&` chains: on a CPU with every feature each `&&`
        // turned `||` gives the same name (an equivalent mutant).
        let wide = [
            std::arch::is_x86_feature_detected!("avx2"),
            std::arch::is_x86_feature_detected!("bmi2"),
            std::arch::is_x86_feature_detected!("popcnt"),
            std::arch::is_x86_feature_detected!("lzcnt"),
        ];
        let narrow = [
            std::arch::is_x86_feature_detected!("sse4.2"),
            std::arch::is_x86_feature_detected!("popcnt"),
        ];
        if wide.iter().all(|&has| has) {
            return "x86-64 AVX2+BMI2+POPCNT";
        }
        if narrow.iter().all(|&has| has) {
            return "x86-64 SSE4.2+POPCNT";
        }
        "x86-64 baseline"
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        "portable"
    }
}
