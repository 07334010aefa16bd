//! The statement, step by step, on a grid of rows: if the point is
//! occupied the move is illegal; otherwise place the stone; then find every
//! opponent group (flood fill from scratch, explicit stack) and remove those
//! without a liberty; then flood-fill the placed stone's group and call the
//! move illegal if it has no liberty. O(n²) per move.

use super::{Answer, Case, EMPTY, Position};

type Grid = Vec<Vec<u8>>;

/// The four orthogonal neighbours of (r, c) that lie on an n×n board.
/// The oracle's own naive code, not `problems::geometry`: an oracle
/// shares nothing with the engines it judges.
fn neighbours(n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push((r - 1, c));
    }
    if r + 1 < n {
        out.push((r + 1, c));
    }
    if c > 0 {
        out.push((r, c - 1));
    }
    if c + 1 < n {
        out.push((r, c + 1));
    }
    out
}

/// The group of the stone at (r, c): its points, and whether it has a liberty.
pub fn group(grid: &Grid, r: usize, c: usize) -> (Vec<(usize, usize)>, bool) {
    let n = grid.len();
    let colour = grid[r][c];
    let mut seen = vec![vec![false; n]; n];
    let mut stack = vec![(r, c)];
    seen[r][c] = true;
    let mut points = Vec::new();
    let mut has_liberty = false;
    while let Some((y, x)) = stack.pop() {
        points.push((y, x));
        for (ny, nx) in neighbours(n, y, x) {
            if grid[ny][nx] == EMPTY {
                has_liberty = true;
            } else if grid[ny][nx] == colour && !seen[ny][nx] {
                seen[ny][nx] = true;
                stack.push((ny, nx));
            }
        }
    }
    (points, has_liberty)
}

/// The oracle's answer to one case.
pub fn solve(case: &Case) -> Answer {
    let n = case.position.n;
    let mut grid: Grid = (0..n)
        .map(|r| case.position.cells[r * n..(r + 1) * n].to_vec())
        .collect();
    let (r, c, me) = (case.mv.row, case.mv.col, case.mv.colour);
    if r >= n || c >= n || grid[r][c] != EMPTY {
        return Answer::Illegal;
    }
    // 1. Place the stone.
    grid[r][c] = me;
    // 2. Remove every opponent group without a liberty (all judged first,
    //    then removed: removing one opponent group never frees another).
    let opponent = super::opponent(me);
    let mut judged = vec![vec![false; n]; n];
    let mut dead = Vec::new();
    for y in 0..n {
        for x in 0..n {
            if grid[y][x] == opponent && !judged[y][x] {
                let (points, has_liberty) = group(&grid, y, x);
                for &(py, px) in &points {
                    judged[py][px] = true;
                }
                if !has_liberty {
                    dead.extend(points);
                }
            }
        }
    }
    for (y, x) in dead {
        grid[y][x] = EMPTY;
    }
    // 3. Suicide: the placed stone's group has no liberty.
    if !group(&grid, r, c).1 {
        return Answer::Illegal;
    }
    Answer::Legal(Position {
        n,
        cells: grid.concat(),
    })
}
