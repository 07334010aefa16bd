//! `boardcheck count-legal-go ROWS COLS`: how many of the 3^(ROWS·COLS)
//! colourings of a ROWS×COLS board have a liberty for every group.
//!
//! Enumeration with the engine's own position check, shared between
//! colourings: [`Board::from_cells`] builds a position by adding its stones
//! in row-major order and then checks every chain's liberty count. Here the
//! points are decided in that same order, depth first, and each prefix's
//! board is kept (points not decided yet are empty), so every colouring's
//! board is built exactly as `from_cells` builds it, but shared prefixes are
//! built once. A prefix is cut as soon as adding a stone leaves some chain
//! with no liberty: such a chain has no empty neighbour, so no later stone
//! can touch it and it stays dead — every colouring below it is illegal.
//! At the last point the three colours are decided with
//! [`Board::add_keeps_all_alive`] without building the board.

use super::engine::Board;
use super::{BLACK, WHITE};

/// The largest board (in points) the command accepts; 3^20 colourings at
/// most, which the pruning makes feasible but slow (minutes).
pub const MAX_POINTS: usize = crate::limits::COUNT_LEGAL_GO_MAX_POINTS;

/// The number of legal colourings of a `rows`×`cols` board.
pub fn count_legal(rows: usize, cols: usize) -> u64 {
    let points = rows * cols;
    let order: Vec<usize> = {
        let b = Board::new(rows, cols);
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| b.point(r, c))
            .collect()
    };
    // One board per number of stones placed so far (levels of the search).
    let mut boards = vec![Board::new(rows, cols); points + 1];
    let mut count = 0;
    walk(&order, 0, 0, &mut boards, &mut count);
    count
}

fn walk(order: &[usize], i: usize, level: usize, boards: &mut [Board], count: &mut u64) {
    let p = order[i];
    if i + 1 == order.len() {
        let b = &boards[level];
        *count += 1
            + u64::from(b.add_keeps_all_alive(p, BLACK))
            + u64::from(b.add_keeps_all_alive(p, WHITE));
        return;
    }
    // Empty: the board is unchanged.
    walk(order, i + 1, level, boards, count);
    for colour in [BLACK, WHITE] {
        if boards[level].add_keeps_all_alive(p, colour) {
            let (lo, hi) = boards.split_at_mut(level + 1);
            hi[0].clone_from(&lo[level]);
            hi[0].add_stone(p, colour);
            walk(order, i + 1, level + 1, boards, count);
        }
    }
}

/// The same count by brute force: every colouring through
/// [`Board::from_cells`] (for tests on small boards).
pub fn count_legal_brute(rows: usize, cols: usize) -> u64 {
    let points = rows * cols;
    let mut cells = vec![0u8; points];
    let mut count = 0;
    for mut code in 0..3u64.pow(points as u32) {
        for cell in cells.iter_mut() {
            *cell = (code % 3) as u8;
            code /= 3;
        }
        count += u64::from(Board::from_cells(rows, cols, &cells).is_ok());
    }
    count
}

/// The `count-legal-go ROWS COLS` command: the count as one line, or why
/// the sizes are refused.
pub fn run_cli(rows: usize, cols: usize) -> Result<String, String> {
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_POINTS {
        return Err(format!(
            "count-legal-go enumerates boards of 1 to {MAX_POINTS} points (3^points colourings); \
             {rows} x {cols} has {} points",
            rows.saturating_mul(cols)
        ));
    }
    Ok(format!("{}\n", count_legal(rows, cols)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_small_values() {
        assert_eq!(count_legal(1, 1), 1);
        assert_eq!(count_legal(1, 2), 5);
        assert_eq!(count_legal(2, 2), 57);
        assert_eq!(run_cli(2, 2).unwrap(), "57\n");
        assert!(run_cli(0, 3).is_err());
        assert!(run_cli(5, 5).is_err());
    }
}
