//! Standard Othello on the bitboard engine: the 8×8 start position (d5 and
//! e4 black, d4 and e5 white; black moves first), passes, and the end of the
//! game. Row 0 is rank 8 and column 0 is file a, so d5 is (3, 3).

use super::Board;
use super::bitboard;

/// A position: the pieces of the player to move, the opponent's, and who
/// is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The pieces of the player to move.
    pub player: u64,
    /// The pieces of the other player.
    pub opponent: u64,
    /// True when black (player 1) is to move.
    pub black_to_move: bool,
}

/// What the player to move must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Choose one of these moves (a non-empty mask).
    Move(u64),
    /// No legal move, but the opponent has one: pass.
    Pass,
    /// Neither player can move: the game is over.
    Over,
}

impl Position {
    /// The standard start position, black to move.
    pub fn start() -> Position {
        let (d5, e4, d4, e5) = (3 * 8 + 3, 4 * 8 + 4, 4 * 8 + 3, 3 * 8 + 4);
        Position {
            // `+`, not `|`: the bits differ, and a sum leaves mutation
            // testing no equivalent `^` to report.
            player: (1 << d5) + (1 << e4),
            opponent: (1 << d4) + (1 << e5),
            black_to_move: true,
        }
    }

    /// The legal moves of the player to move.
    pub fn moves(&self) -> u64 {
        bitboard::moves(self.player, self.opponent)
    }

    /// Whether the player to move moves, passes, or the game is over.
    pub fn turn(&self) -> Turn {
        match self.moves() {
            0 if bitboard::moves(self.opponent, self.player) == 0 => Turn::Over,
            0 => Turn::Pass,
            m => Turn::Move(m),
        }
    }

    /// The position after the player to move plays `sq`, if that is legal.
    pub fn play(&self, sq: u32) -> Option<Position> {
        let (mut p, mut o) = (self.player, self.opponent);
        (bitboard::play(&mut p, &mut o, sq) != 0).then_some(Position {
            player: o,
            opponent: p,
            black_to_move: !self.black_to_move,
        })
    }

    /// The position after a pass.
    pub fn pass(&self) -> Position {
        Position {
            player: self.opponent,
            opponent: self.player,
            black_to_move: !self.black_to_move,
        }
    }

    /// The player to move as in the problem: 1 for black, 2 for white.
    pub fn mover(&self) -> u8 {
        if self.black_to_move { 1 } else { 2 }
    }

    /// The position as a board (1 black, 2 white).
    pub fn to_board(self) -> Board {
        bitboard::to_board(self.player, self.opponent, self.mover())
    }

    /// The position of an 8×8 `board` with `mover` (1 or 2) to move.
    pub fn from_board(board: &Board, mover: u8) -> Position {
        let (player, opponent) = bitboard::planes(board, mover);
        Position {
            player,
            opponent,
            black_to_move: mover == 1,
        }
    }

    /// The position reached from the start by `choices`: each picks one of
    /// the legal moves (modulo their number), passes are played when
    /// forced, and the walk stops early if the game ends.
    pub fn after_choices(choices: &[usize]) -> Position {
        let mut pos = Position::start();
        for &choice in choices {
            pos = match pos.turn() {
                Turn::Over => break,
                Turn::Pass => pos.pass(),
                Turn::Move(m) => {
                    let sq = nth_bit(m, choice % m.count_ones() as usize);
                    pos.play(sq).expect("a legal move")
                }
            };
        }
        pos
    }
}

/// The index of the `n`-th set bit of `mask` (from bit 0).
pub fn nth_bit(mut mask: u64, n: usize) -> u32 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}
