//! The incremental engine: two 256-bit boards in a 16 × 16 layout (bit
//! `16·row + col`, whatever the side n), legal moves by shifted fills, the
//! flips of one move by filling along each direction from the move, and
//! `undo` by a stack of the plays with their flip masks. A command costs
//! O(1) 256-bit operations (a pass needs both sides' move masks), so a
//! game of k commands is linear in k.
//!
//! Wrapping: a horizontal or diagonal step moves a bit one column over,
//! which from column 15 lands on column 0 of the next row; as on the 8 × 8
//! bitboard, such steps only go through opponent discs masked to columns 1
//! to 14, so no run wraps. Cells outside n × n are never occupied, so no
//! run leaves the board there, and moves are masked to the board.

use std::ops::{BitAnd, BitOr, BitXor, Not};

use super::{Answer, BLACK, Board, Case, Colour, Command, Reply, Rules, Vertex, WHITE};

/// 256 bits, word 0 the lowest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub [u64; 4]);

impl BitAnd for Bits {
    type Output = Bits;
    #[inline]
    fn bitand(self, o: Bits) -> Bits {
        Bits([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
}

impl BitOr for Bits {
    type Output = Bits;
    #[inline]
    fn bitor(self, o: Bits) -> Bits {
        Bits([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
}

impl BitXor for Bits {
    type Output = Bits;
    #[inline]
    fn bitxor(self, o: Bits) -> Bits {
        Bits([
            self.0[0] ^ o.0[0],
            self.0[1] ^ o.0[1],
            self.0[2] ^ o.0[2],
            self.0[3] ^ o.0[3],
        ])
    }
}

impl Not for Bits {
    type Output = Bits;
    #[inline]
    fn not(self) -> Bits {
        Bits([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl Bits {
    /// No bit set.
    pub const ZERO: Bits = Bits([0; 4]);

    /// The single bit `i` (< 256).
    #[inline]
    pub fn bit(i: usize) -> Bits {
        let mut b = Bits::ZERO;
        b.0[i / 64] = 1 << (i % 64);
        b
    }

    /// Whether bit `i` is set.
    #[inline]
    pub fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Whether no bit is set.
    #[inline]
    pub fn is_zero(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// The number of set bits.
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Shifted toward higher bits by `k` (1 to 63).
    #[inline]
    pub fn shift_up(self, k: u32) -> Bits {
        let w = self.0;
        Bits([
            w[0] << k,
            w[1] << k | w[0] >> (64 - k),
            w[2] << k | w[1] >> (64 - k),
            w[3] << k | w[2] >> (64 - k),
        ])
    }

    /// Shifted toward lower bits by `k` (1 to 63).
    #[inline]
    pub fn shift_down(self, k: u32) -> Bits {
        let w = self.0;
        Bits([
            w[0] >> k | w[1] << (64 - k),
            w[1] >> k | w[2] << (64 - k),
            w[2] >> k | w[3] << (64 - k),
            w[3] >> k,
        ])
    }

    /// The index of the lowest set bit, if any.
    pub fn lowest(self) -> Option<usize> {
        (0..4)
            .find(|&i| self.0[i] != 0)
            .map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }
}

/// The layout's row width.
const WIDTH: usize = 16;

/// Columns 1 to 14 of every row: what a horizontal or diagonal run may
/// pass through without wrapping.
const INNER: Bits = {
    let row: u64 = 0x7FFE;
    let word = row | row << 16 | row << 32 | row << 48;
    Bits([word; 4])
};

/// A direction: shift left (toward higher bits) or right, by how much, and
/// whether it moves a column (then runs are masked to [`INNER`]).
#[derive(Clone, Copy)]
struct Dir {
    up: bool,
    by: u32,
    sideways: bool,
}

const DIRS: [Dir; 8] = [
    Dir {
        up: true,
        by: 1,
        sideways: true,
    },
    Dir {
        up: false,
        by: 1,
        sideways: true,
    },
    Dir {
        up: true,
        by: 16,
        sideways: false,
    },
    Dir {
        up: false,
        by: 16,
        sideways: false,
    },
    Dir {
        up: true,
        by: 15,
        sideways: true,
    },
    Dir {
        up: false,
        by: 15,
        sideways: true,
    },
    Dir {
        up: true,
        by: 17,
        sideways: true,
    },
    Dir {
        up: false,
        by: 17,
        sideways: true,
    },
];

#[inline]
fn step(b: Bits, d: Dir) -> Bits {
    if d.up {
        b.shift_up(d.by)
    } else {
        b.shift_down(d.by)
    }
}

/// The cells of the n × n board in the layout.
pub fn board_mask(n: usize) -> Bits {
    let row: u64 = if n >= 16 { 0xFFFF } else { (1 << n) - 1 };
    let mut b = Bits::ZERO;
    for r in 0..n {
        let i = r * WIDTH;
        b.0[i / 64] |= row << (i % 64);
    }
    b
}

/// The cells where the player with discs `p` may play against `o` on the
/// board `mask`.
pub fn moves(p: Bits, o: Bits, mask: Bits) -> Bits {
    let empty = mask & !(p | o);
    let mut all = Bits::ZERO;
    for d in DIRS {
        let run_cells = if d.sideways { o & INNER } else { o };
        let mut run = step(p, d) & run_cells;
        // At most 14 discs in a run: fill until it stops growing.
        loop {
            let next = run | (step(run, d) & run_cells);
            if next == run {
                break;
            }
            run = next;
        }
        all = all | step(run, d);
    }
    all & empty
}

/// The discs that flip when the player with discs `p` plays at `sq` (empty
/// on the board) against `o`; zero if none.
pub fn flips(p: Bits, o: Bits, sq: usize) -> Bits {
    let start = Bits::bit(sq);
    let mut all = Bits::ZERO;
    for d in DIRS {
        let run_cells = if d.sideways { o & INNER } else { o };
        let mut run = Bits::ZERO;
        let mut at = step(start, d);
        while !(at & run_cells).is_zero() {
            run = run | at;
            at = step(at, d);
        }
        if !(at & p).is_zero() {
            all = all | run;
        }
    }
    all
}

/// An accepted play on the stack: who, where (`None`: a pass), what flipped.
#[derive(Clone, Copy, Debug)]
struct Played {
    colour: Colour,
    at: Option<usize>,
    flipped: Bits,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    n: usize,
    mask: Bits,
    black: Bits,
    white: Bits,
    to_move: Colour,
    auto_pass: bool,
    either_pass: bool,
    stack: Vec<Played>,
}

impl Game {
    /// The start position on an n × n board, black to move.
    pub fn new(n: usize) -> Game {
        Game::with_rules(n, Rules::Standard)
    }

    /// [`Game::new`] under `rules`.
    pub fn with_rules(n: usize, rules: Rules) -> Game {
        let (a, b) = (n / 2 - 1, n / 2);
        let at = |row: usize, col: usize| Bits::bit(row * WIDTH + col);
        Game {
            n,
            mask: board_mask(n),
            white: at(a, a) | at(b, b),
            black: at(a, b) | at(b, a),
            to_move: Colour::Black,
            auto_pass: rules == Rules::AutoPass,
            either_pass: rules == Rules::EitherPass,
            stack: Vec::new(),
        }
    }

    fn sides(&self, colour: Colour) -> (Bits, Bits) {
        match colour {
            Colour::Black => (self.black, self.white),
            Colour::White => (self.white, self.black),
        }
    }

    fn set_sides(&mut self, colour: Colour, mine: Bits, theirs: Bits) {
        match colour {
            Colour::Black => (self.black, self.white) = (mine, theirs),
            Colour::White => (self.white, self.black) = (mine, theirs),
        }
    }

    /// Who is to move.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// The legal moves of `colour` (whoever is to move).
    pub fn moves_of(&self, colour: Colour) -> Bits {
        let (p, o) = self.sides(colour);
        moves(p, o, self.mask)
    }

    /// The legal vertices of the player to move, in bit order (empty when
    /// they must pass or the game is over).
    pub fn legal_vertices(&self) -> Vec<Vertex> {
        vertices(self.moves_of(self.to_move))
    }

    /// How many moves the opponent of the player to move has after that
    /// player plays `vertex` (one of their legal moves): what the
    /// generators' squeeze minimizes, without a copy of the game.
    pub fn opponent_moves_after(&self, (col, row): Vertex) -> u32 {
        let (p, o) = self.sides(self.to_move);
        let sq = row as usize * WIDTH + col as usize;
        let f = flips(p, o, sq);
        moves(o ^ f, p | f | Bits::bit(sq), self.mask).count()
    }

    /// Whether `vertex` is empty, and whether a play of `colour` there
    /// (whoever is to move) would flip a disc: what a play there meets.
    pub fn empty_and_flips(&self, colour: Colour, (col, row): Vertex) -> (bool, bool) {
        let sq = row as usize * WIDTH + col as usize;
        let (p, o) = self.sides(colour);
        let empty = !(p | o).has(sq);
        (empty, empty && !flips(p, o, sq).is_zero())
    }

    /// Whether neither player can move.
    pub fn over(&self) -> bool {
        self.moves_of(Colour::Black).is_zero() && self.moves_of(Colour::White).is_zero()
    }

    /// Plays `colour` at `vertex` (`None`: pass) if legal; whether it was.
    pub fn play(&mut self, colour: Colour, vertex: Option<Vertex>) -> bool {
        if colour != self.to_move {
            return self.play_after_inserted_pass(colour, vertex);
        }
        let (p, o) = self.sides(colour);
        let played = match vertex {
            None => {
                // Forced: no move of one's own, one for the opponent
                // (never under auto-pass: the engine passes by itself).
                if self.auto_pass
                    || !moves(p, o, self.mask).is_zero()
                    || moves(o, p, self.mask).is_zero()
                {
                    return false;
                }
                Played {
                    colour,
                    at: None,
                    flipped: Bits::ZERO,
                }
            }
            Some((col, row)) => {
                let sq = row as usize * WIDTH + col as usize;
                if (p | o).has(sq) {
                    return false;
                }
                let f = flips(p, o, sq);
                if f.is_zero() {
                    return false; // also whenever the game is over
                }
                self.set_sides(colour, p | f | Bits::bit(sq), o ^ f);
                Played {
                    colour,
                    at: Some(sq),
                    flipped: f,
                }
            }
        };
        self.stack.push(played);
        self.to_move = colour.other_side();
        if self.auto_pass {
            let (p, o) = self.sides(colour);
            if moves(o, p, self.mask).is_zero() && !moves(p, o, self.mask).is_zero() {
                self.to_move = colour;
            }
        }
        true
    }

    /// Under either-pass, `colour` plays out of turn when the side to move
    /// has no move and `colour` has one: a pass is inserted for that side
    /// first (a play of its own), and taken back if `colour`'s play is
    /// refused. False otherwise.
    fn play_after_inserted_pass(&mut self, colour: Colour, vertex: Option<Vertex>) -> bool {
        let (p, o) = self.sides(colour);
        if !self.either_pass
            || vertex.is_none()
            || !moves(o, p, self.mask).is_zero()
            || moves(p, o, self.mask).is_zero()
        {
            return false;
        }
        let waiting = self.to_move;
        self.stack.push(Played {
            colour: waiting,
            at: None,
            flipped: Bits::ZERO,
        });
        self.to_move = colour;
        if self.play(colour, vertex) {
            return true;
        }
        self.stack.pop();
        self.to_move = waiting;
        false
    }

    /// Takes back the last accepted play; false if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.stack.pop() else {
            return false;
        };
        if let Some(sq) = last.at {
            let (p, o) = self.sides(last.colour);
            self.set_sides(
                last.colour,
                (p ^ last.flipped) ^ Bits::bit(sq),
                o | last.flipped,
            );
        }
        self.to_move = last.colour;
        true
    }

    /// Runs one command.
    pub fn command(&mut self, command: &Command) -> Reply {
        match *command {
            Command::Undo if self.undo() => Reply::Accepted,
            Command::Undo => Reply::CannotUndo,
            Command::Play { colour, vertex } if self.play(colour, vertex) => Reply::Accepted,
            Command::Play { .. } => Reply::Illegal,
        }
    }

    /// The board.
    pub fn board(&self) -> Board {
        let n = self.n;
        let mut cells = vec![0; n * n];
        for row in 0..n {
            for col in 0..n {
                let sq = row * WIDTH + col;
                cells[row * n + col] =
                    u8::from(self.black.has(sq)) * BLACK + u8::from(self.white.has(sq)) * WHITE;
            }
        }
        Board { n, cells }
    }

    /// The number of accepted plays on the stack.
    pub fn depth(&self) -> usize {
        self.stack.len()
    }
}

trait OtherSide {
    fn other_side(self) -> Self;
}

impl OtherSide for Colour {
    fn other_side(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}

/// The vertices of the set bits of `b`, in bit order.
pub fn vertices(mut b: Bits) -> Vec<Vertex> {
    let mut out = Vec::new();
    while let Some(i) = b.lowest() {
        out.push(((i % WIDTH) as u8, (i / WIDTH) as u8));
        b = b ^ Bits::bit(i);
    }
    out
}

/// The answer to `case`.
pub fn solve(case: &Case) -> Answer {
    let mut game = Game::with_rules(case.n, case.rules);
    let replies = case.commands.iter().map(|c| game.command(c)).collect();
    Answer {
        replies,
        board: game.board(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_moves_on_8x8() {
        let game = Game::new(8);
        // d3, c4, f5, e6: (col, row) 0-based.
        let mut got = game.legal_vertices();
        got.sort();
        assert_eq!(got, vec![(2, 3), (3, 2), (4, 5), (5, 4)]);
    }

    #[test]
    fn no_wrap_on_16x16() {
        // Black at column 15 of row 0 and white at column 0 of row 1:
        // a step right from column 15 must not reach row 1.
        let p = Bits::bit(15);
        let o = Bits::bit(16);
        assert!(moves(p, o, board_mask(16)).is_zero());
        assert!(flips(p, o, 17).is_zero());
    }
}
