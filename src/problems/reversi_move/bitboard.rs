//! The 8×8 engine on two `u64` planes: bit `8·row + col` is cell (row, col).
//!
//! - [`moves`]: the legal-move mask. For each direction, the mover's pieces
//!   are shifted into the opponent's and the runs filled (a doubling fill:
//!   2 single steps, then 2 double steps cover runs of up to 6), then shifted
//!   once more onto empty cells. Horizontal and diagonal directions mask the
//!   opponent with the inner six columns, so no run wraps around an edge.
//!   The two opposite directions of each line share their masks.
//! - [`flips`]: the flips of one move without walking cell by cell. For each
//!   direction a precomputed ray mask holds the cells from the move to the
//!   edge; the first cell on it that is not the opponent's is the lowest
//!   (rays toward higher bits: `x & -x`) or highest (toward lower bits) set
//!   bit of `ray & !opponent`. The highest is found without a bit scan: the
//!   stop cells are smeared down the ray (three doubling shifts cover its 7
//!   cells), and the stop cell not below another one is the first. If the
//!   mover holds it, the ray cells before it, all the opponent's, flip. No
//!   step depends on the direction's data, so each group of 4 directions
//!   runs side by side in one vector register where the CPU has one.
//! - [`play`]: make-move on the planes.

use super::{Board, Case};

/// Column 0 (the left edge).
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Column 7 (the right edge).
pub const FILE_H: u64 = 0x8080_8080_8080_8080;
/// Columns 1 to 6 (`!A & !H`: the files are disjoint, so `!(A | H)` would
/// leave an equivalent `^` mutant).
const INNER: u64 = !FILE_A & !FILE_H;

/// Direction steps in bit index: right, down-left, down, down-right (toward
/// higher bits), then left, up-right, up, up-left (toward lower bits).
const STEPS: [i32; 8] = [1, 7, 8, 9, -1, -7, -8, -9];

/// `RAYS[sq][d]`: the cells beyond `sq` in direction `STEPS[d]`, to the edge.
const RAYS: [[u64; 8]; 64] = rays();

const fn rays() -> [[u64; 8]; 64] {
    let mut table = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = match STEPS[d] {
                1 => (0, 1),
                7 => (1, -1),
                8 => (1, 0),
                9 => (1, 1),
                -1 => (0, -1),
                -7 => (-1, 1),
                -8 => (-1, 0),
                _ => (-1, -1),
            };
            let mut r = (sq / 8) as i32 + dr;
            let mut c = (sq % 8) as i32 + dc;
            let mut ray = 0u64;
            while r >= 0 && r < 8 && c >= 0 && c < 8 {
                ray |= 1u64 << (r * 8 + c);
                r += dr;
                c += dc;
            }
            table[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    table
}

/// The legal moves of one line (a pair of opposite directions `dir` and
/// `-dir`) for `p` against the run cells `o` (already masked for the line).
#[inline(always)]
fn line_moves(p: u64, o: u64, dir: u32) -> u64 {
    let mut up = o & (p << dir);
    let mut down = o & (p >> dir);
    up |= o & (up << dir);
    down |= o & (down >> dir);
    let pre_up = o & (o << dir);
    let pre_down = o & (o >> dir);
    up |= pre_up & (up << (2 * dir));
    down |= pre_down & (down >> (2 * dir));
    up |= pre_up & (up << (2 * dir));
    down |= pre_down & (down >> (2 * dir));
    (up << dir) | (down >> dir)
}

/// The cells where the player with pieces `p` may move against `o`.
#[inline(always)]
pub fn moves(p: u64, o: u64) -> u64 {
    let inner = o & INNER;
    let all = line_moves(p, inner, 1)
        | line_moves(p, o, 8)
        | line_moves(p, inner, 7)
        | line_moves(p, inner, 9);
    // `!p & !o`, not `!(p | o)`: p and o are disjoint, so `|` and `^` would
    // agree there and mutation testing would report an equivalent mutant.
    all & !p & !o
}

/// Shifts along the rays toward lower bits (`STEPS[4..]`, negated).
const DOWN_STEPS: [u32; 4] = [1, 7, 8, 9];

/// The cells that flip when the player with pieces `p` moves at `sq`
/// (0 if none do: then the move is illegal). `sq` must be empty.
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    let rays = &RAYS[sq as usize];
    let mut up = [0u64; 4];
    let mut down = [0u64; 4];
    // Toward higher bits: the first non-opponent cell is the lowest set bit.
    for i in 0..4 {
        let ray = rays[i];
        let stop = ray & !o;
        let first = stop & stop.wrapping_neg();
        let closed = u64::from(first & p != 0);
        up[i] = first.wrapping_sub(1) & ray & closed.wrapping_neg();
    }
    // Toward lower bits: `below` holds the stop cells and every ray cell
    // below one (and, past the ray's end, cells off it, masked out).
    for i in 0..4 {
        let (ray, d) = (rays[4 + i], DOWN_STEPS[i]);
        let stop = ray & !o;
        let mut below = stop | stop >> d;
        below |= below >> (2 * d);
        below |= below >> (4 * d);
        let first = stop & !(below >> d);
        let closed = u64::from(first & p != 0);
        down[i] = ray & !below & closed.wrapping_neg();
    }
    // The eight rays are disjoint, so the sum is the union (with `|`, every
    // `^` mutant would be equivalent).
    up[0] + up[1] + up[2] + up[3] + down[0] + down[1] + down[2] + down[3]
}

/// Plays `sq` for `p` against `o` in place; returns the flipped cells. An
/// illegal move (occupied, or nothing flips) changes nothing and returns 0.
#[inline]
pub fn play(p: &mut u64, o: &mut u64, sq: u32) -> u64 {
    let bit = 1u64 << sq;
    // p, o, f and bit are disjoint where they meet: `+` is the union.
    if (*p + *o) & bit != 0 {
        return 0;
    }
    let f = flips(*p, *o, sq);
    if f != 0 {
        *p += f + bit;
        *o ^= f;
    }
    f
}

/// The planes (mover's, opponent's) of an 8×8 `board` for `player`.
pub fn planes(board: &Board, player: u8) -> (u64, u64) {
    assert!(
        board.rows == 8 && board.cols == 8,
        "the bitboard engine is 8x8"
    );
    let (mut p, mut o) = (0u64, 0u64);
    for (i, &cell) in board.cells.iter().enumerate() {
        // Branch-free: the cells of a random board are unpredictable.
        p |= u64::from(cell == player) << i;
        o |= u64::from(cell != 0 && cell != player) << i;
    }
    (p, o)
}

/// The 8×8 board with `player`'s pieces on `p` and the other's on `o`.
pub fn to_board(p: u64, o: u64, player: u8) -> Board {
    let mut board = Board::empty(8, 8);
    for (i, cell) in board.cells.iter_mut().enumerate() {
        *cell = (p >> i & 1) as u8 * player + (o >> i & 1) as u8 * (3 - player);
    }
    board
}

/// The board after the move of an 8×8 `case`.
pub fn solve(case: &Case) -> Board {
    let (mut p, mut o) = planes(&case.board, case.player);
    play(&mut p, &mut o, (case.row * 8 + case.col) as u32);
    to_board(p, o, case.player)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_of_a_corner_and_the_centre() {
        assert_eq!(RAYS[0][0], 0xFE); // right from a1: the rest of row 0
        assert_eq!(RAYS[0][2], FILE_A & !1); // down
        assert_eq!(RAYS[0][4], 0); // left of column 0: nothing
        assert_eq!(RAYS[63][7].count_ones(), 7); // up-left from the last corner
    }

    #[test]
    fn start_position_moves() {
        // Black (player) on d5 = (3, 3) and e4 = (4, 4); white on (3, 4), (4, 3).
        let p = 1 << 27 | 1 << 36;
        let o = 1 << 28 | 1 << 35;
        let m = moves(p, o);
        assert_eq!(m.count_ones(), 4);
        for sq in [20, 29, 34, 43] {
            assert!(m >> sq & 1 == 1, "{sq}");
        }
        assert_eq!(flips(p, o, 20), 1 << 28);
    }
}
