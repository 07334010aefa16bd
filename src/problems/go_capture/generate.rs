//! Boards: a proptest strategy mixing uniform noise with the structures
//! uniform noise never makes (full boards, checkerboards, one big snake or
//! spiral group, eyes, groups one point from capture, several colours),
//! `quickcheck` and `arbitrary` impls, one-step simplifications for the
//! shrinker, exhaustive enumeration, and the named patterns for `gen`.

use proptest::prelude::*;
use proptest::sample::Index;

use super::{Board, EMPTY, is_point, is_stone};

/// Every stone character: printable ASCII except space and `.`, ascending.
pub fn stone_chars() -> Vec<u8> {
    (0x21u8..=0x7e).filter(|&b| is_stone(b)).collect()
}

/// How readable a colour is in a minimal counterexample: X and O first, then
/// the seed's `#` and `B`, then every other character in ASCII order.
/// Simplifications only ever move a colour to a lower rank.
pub fn colour_rank(b: u8) -> usize {
    match b {
        b'X' => 0,
        b'O' => 1,
        b'#' => 2,
        b'B' => 3,
        _ => 4 + b as usize,
    }
}

/// The shape of a generated board before noise is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Independent points, roughly `empty_tenths`/10 of them empty.
    Noise {
        /// Tenths of the points that are empty.
        empty_tenths: u8,
    },
    /// Stones everywhere: nothing has a liberty unless noise adds one.
    Full,
    /// Colours 0 and 1 alternating: every stone its own group.
    Checkerboard,
    /// One boustrophedon group of colour 0, the corridors colour 1.
    Snake,
    /// One rectangular-spiral group of colour 0, the corridor colour 1.
    Spiral,
    /// Colour 0 everywhere with sparse single points that are eyes (empty)
    /// or colour-1 stones sitting in them.
    Eyes,
    /// Noise with every empty point filled but at most one: groups one
    /// point from capture, or captured.
    NearlyCaptured,
}

/// The ingredients of a generated board; [`build`] turns them into one.
#[derive(Clone, Debug)]
pub struct Recipe {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The structure.
    pub layout: Layout,
    /// Four distinct colour characters.
    pub palette: [u8; 4],
    /// How many of them the noise uses (1 to 4).
    pub colours: usize,
    /// One random byte per point (at least rows * cols of them).
    pub codes: Vec<u8>,
    /// Points overwritten at the end: position, and a code (`.` when
    /// divisible by 3, else a colour).
    pub overrides: Vec<(Index, u8)>,
}

/// The board a recipe describes.
pub fn build(recipe: &Recipe) -> Board {
    let (n, m) = (recipe.rows.max(1), recipe.cols.max(1));
    let pal = recipe.palette;
    let k = recipe.colours.clamp(1, 4);
    let code = |i: usize| recipe.codes.get(i).copied().unwrap_or(0);
    let noise_colour = |c: u8| pal[(c / 10) as usize % k];
    let mut cells = vec![EMPTY; n * m];
    match recipe.layout {
        Layout::Noise { empty_tenths } => {
            for (i, cell) in cells.iter_mut().enumerate() {
                let c = code(i);
                *cell = if c % 10 < empty_tenths {
                    EMPTY
                } else {
                    noise_colour(c)
                };
            }
        }
        Layout::Full => {
            for (i, cell) in cells.iter_mut().enumerate() {
                *cell = pal[code(i) as usize % k];
            }
        }
        Layout::Checkerboard => {
            for (i, cell) in cells.iter_mut().enumerate() {
                *cell = pal[(i / m + i % m) % 2];
            }
        }
        Layout::Snake => {
            for (i, on) in snake(n, m).into_iter().enumerate() {
                cells[i] = if on { pal[0] } else { pal[1] };
            }
        }
        Layout::Spiral => {
            for (i, on) in spiral(n, m, false).into_iter().enumerate() {
                cells[i] = if on { pal[0] } else { pal[1] };
            }
        }
        Layout::Eyes => {
            for (i, cell) in cells.iter_mut().enumerate() {
                let c = code(i);
                *cell = match (c % 7, c / 7 % 2) {
                    (0, 0) => EMPTY,
                    (0, _) => pal[1],
                    _ => pal[0],
                };
            }
        }
        Layout::NearlyCaptured => {
            let keep = recipe.overrides.first().map(|(at, _)| at.index(n * m));
            for (i, cell) in cells.iter_mut().enumerate() {
                let c = code(i);
                *cell = if Some(i) == keep {
                    EMPTY
                } else {
                    noise_colour(c)
                };
            }
        }
    }
    for &(at, c) in &recipe.overrides {
        cells[at.index(n * m)] = if c % 3 == 0 {
            EMPTY
        } else {
            pal[c as usize % k]
        };
    }
    Board {
        rows: n,
        cols: m,
        cells,
    }
}

/// The points of a boustrophedon path: every even row, joined at alternate
/// ends through the odd rows between them. One orthogonally connected group.
pub fn snake(n: usize, m: usize) -> Vec<bool> {
    let mut on = vec![false; n * m];
    for r in 0..n {
        if r % 2 == 0 {
            on[r * m..(r + 1) * m].fill(true);
        } else {
            let c = if r % 4 == 1 { m - 1 } else { 0 };
            on[r * m + c] = true;
        }
    }
    on
}

/// The points of a rectangular spiral path winding inward from the top-left
/// corner, one-point corridors between its arms. One connected group. With
/// `roomy_centre` it stops early so the innermost corridor opens into a
/// block at least 3 points across (when the board is at least 5 across).
pub fn spiral(n: usize, m: usize, roomy_centre: bool) -> Vec<bool> {
    let mut on = vec![false; n * m];
    let mut set = |r: usize, c: usize| on[r * m + c] = true;
    let (mut top, mut left) = (0usize, 0usize);
    let (mut bottom, mut right) = (n - 1, m - 1);
    loop {
        for c in left..=right {
            set(top, c);
            set(bottom, c);
        }
        for r in top..=bottom {
            set(r, right);
        }
        for r in top + 2..=bottom {
            set(r, left);
        }
        let min_gap = if roomy_centre { 8 } else { 4 };
        if bottom < top + min_gap || right < left + min_gap {
            break;
        }
        set(top + 2, left + 1);
        top += 2;
        left += 2;
        bottom -= 2;
        right -= 2;
    }
    on
}

/// An N x N snake of `X` and `O` stripes, one long group each, with one
/// empty point at the end: the `X` snake is alive only through its tail.
pub fn snake_pattern(size: usize) -> Board {
    let n = size.max(1);
    let mut cells: Vec<u8> = snake(n, n)
        .into_iter()
        .map(|on| if on { b'X' } else { b'O' })
        .collect();
    let last = cells.len() - 1;
    cells[last] = EMPTY;
    Board::new(n, n, cells)
}

/// An N x N checkerboard of `X` and `O`: every stone its own dead group.
pub fn checkerboard(size: usize) -> Board {
    let n = size.max(1);
    let colour = |i: usize| {
        if (i / n + i % n).is_multiple_of(2) {
            b'X'
        } else {
            b'O'
        }
    };
    Board::new(n, n, (0..n * n).map(colour).collect())
}

/// An N x N board full of `X`: one group of N^2 stones without a liberty.
pub fn full(size: usize) -> Board {
    let n = size.max(1);
    Board::new(n, n, vec![b'X'; n * n])
}

/// One spiral group of `X` covering about half of an N x N board, the
/// corridor between its arms `O`, and one empty point in the middle of the
/// roomy centre, touching only `O` (from N = 5 on). So the whole `X` spiral
/// is dead (the verdict needs the entire group) and the `O` corridor, just as
/// long, lives by a liberty at its far end.
pub fn spiral_pattern(size: usize) -> Board {
    let n = size.max(1);
    let mut cells: Vec<u8> = spiral(n, n, true)
        .into_iter()
        .map(|on| if on { b'X' } else { b'O' })
        .collect();
    let (r, c) = (n / 2, n / 2);
    let o = |r: usize, c: usize| cells[r * n + c] == b'O';
    if r >= 1 && r + 1 < n && o(r, c) && o(r - 1, c) && o(r + 1, c) && o(r, c - 1) && o(r, c + 1) {
        cells[r * n + c] = EMPTY;
    }
    Board::new(n, n, cells)
}

fn palette() -> impl Strategy<Value = [u8; 4]> {
    prop_oneof![
        4 => Just(*b"XO#B"),
        2 => Just(*b"#BWX"),
        1 => Just(*b"BWxo"),
        2 => proptest::sample::subsequence(stone_chars(), 4)
            .prop_shuffle()
            .prop_map(|v| [v[0], v[1], v[2], v[3]]),
    ]
}

fn colours() -> impl Strategy<Value = usize> {
    prop_oneof![6 => Just(2usize), 1 => Just(1), 2 => Just(3), 1 => Just(4)]
}

fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![
        6 => prop_oneof![Just(4u8), Just(2), Just(6), Just(8)]
            .prop_map(|empty_tenths| Layout::Noise { empty_tenths }),
        1 => Just(Layout::Full),
        1 => Just(Layout::Checkerboard),
        1 => Just(Layout::Snake),
        1 => Just(Layout::Spiral),
        2 => Just(Layout::Eyes),
        2 => Just(Layout::NearlyCaptured),
    ]
}

/// Near-square shapes with at most `cells` points: sides up to sqrt(cells).
fn square_dims(cells: usize) -> BoxedStrategy<(usize, usize)> {
    let side = cells.max(1).isqrt();
    (1..=side, 1..=side).boxed()
}

/// Any shape with at most `cells` points, thin ones included.
fn any_dims(cells: usize) -> BoxedStrategy<(usize, usize)> {
    let cells = cells.max(1);
    (any::<Index>(), any::<Index>())
        .prop_map(move |(a, b)| {
            let n = 1 + a.index(cells);
            (n, 1 + b.index(cells / n))
        })
        .boxed()
}

/// Random boards of at most `size` points (mostly at most 16), shrinking
/// toward small, noisy, emptier boards.
pub fn cases(size: usize) -> BoxedStrategy<Board> {
    let size = size.max(1);
    let dims = prop_oneof![
        3 => square_dims(size.min(16)),
        3 => square_dims(size),
        1 => any_dims(size),
    ];
    (
        dims,
        layout(),
        palette(),
        colours(),
        proptest::collection::vec(any::<u8>(), size),
        proptest::collection::vec((any::<Index>(), any::<u8>()), 0..=3),
    )
        .prop_map(
            |((rows, cols), layout, palette, colours, codes, overrides)| {
                build(&Recipe {
                    rows,
                    cols,
                    layout,
                    palette,
                    colours,
                    codes,
                    overrides,
                })
            },
        )
        .boxed()
}

/// The `rows` x `cols` board of the points of `board` that `keep` keeps.
fn without_line(
    board: &Board,
    keep: impl Fn(usize, usize) -> bool,
    rows: usize,
    cols: usize,
) -> Board {
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..board.rows {
        for c in 0..board.cols {
            if keep(r, c) {
                cells.push(board.get(r, c));
            }
        }
    }
    Board { rows, cols, cells }
}

/// Boards one step simpler than `board`, biggest cuts first: a half of the
/// rows or columns, one row or column dropped, one stone removed, a colour
/// renamed to a more readable unused one, one stone recoloured to a more
/// readable colour. Every step lowers (points, stones, colour ranks), so
/// greedy shrinking ends.
pub fn simpler(board: &Board) -> Vec<Board> {
    let (n, m) = (board.rows, board.cols);
    let mut out = Vec::new();
    if n > 1 {
        let h = n / 2;
        out.push(without_line(board, |r, _| r < n - h, n - h, m));
        out.push(without_line(board, |r, _| r >= h, n - h, m));
    }
    if m > 1 {
        let h = m / 2;
        out.push(without_line(board, |_, c| c < m - h, n, m - h));
        out.push(without_line(board, |_, c| c >= h, n, m - h));
    }
    if n > 1 {
        for drop in 0..n {
            out.push(without_line(board, |r, _| r != drop, n - 1, m));
        }
    }
    if m > 1 {
        for drop in 0..m {
            out.push(without_line(board, |_, c| c != drop, n, m - 1));
        }
    }
    for i in 0..board.len() {
        if board.cells[i] != EMPTY {
            let mut b = board.clone();
            b.cells[i] = EMPTY;
            out.push(b);
        }
    }
    let mut present: Vec<u8> = board
        .cells
        .iter()
        .copied()
        .filter(|&b| b != EMPTY)
        .collect();
    present.sort_by_key(|&b| colour_rank(b));
    present.dedup();
    for &colour in &present {
        if let Some(&better) = [b'X', b'O', b'#', b'B']
            .iter()
            .find(|&&b| !present.contains(&b) && colour_rank(b) < colour_rank(colour))
        {
            let mut b = board.clone();
            for cell in &mut b.cells {
                if *cell == colour {
                    *cell = better;
                }
            }
            out.push(b);
        }
    }
    for i in 0..board.len() {
        let here = board.cells[i];
        if here == EMPTY {
            continue;
        }
        for &better in &present {
            if colour_rank(better) < colour_rank(here) {
                let mut b = board.clone();
                b.cells[i] = better;
                out.push(b);
            }
        }
    }
    out
}

/// Every board with at most `max_cells` points, every shape: first over two
/// colours (`.XO`, 3^(n·m) boards a shape), then over three (`.XO#`, 4^(n·m)
/// a shape) for shapes of at most `max_cells - 2` points.
pub fn every_board(max_cells: usize) -> impl Iterator<Item = Board> + Send {
    let two = boards_over(max_cells, b".XO");
    let three = boards_over(max_cells.saturating_sub(2), b".XO#");
    two.chain(three)
}

/// Every board of at most `max_cells` points whose points are from `alphabet`.
pub fn boards_over(
    max_cells: usize,
    alphabet: &'static [u8],
) -> impl Iterator<Item = Board> + Send {
    shapes(max_cells).flat_map(move |(n, m)| {
        let k = alphabet.len() as u64;
        let count = k.pow((n * m) as u32);
        (0..count).map(move |mut code| {
            let cells = (0..n * m)
                .map(|_| {
                    let c = alphabet[(code % k) as usize];
                    code /= k;
                    c
                })
                .collect();
            Board {
                rows: n,
                cols: m,
                cells,
            }
        })
    })
}

/// Every shape n x m with 1 <= n·m <= `max_cells`, smallest first.
pub fn shapes(max_cells: usize) -> impl Iterator<Item = (usize, usize)> + Send {
    (1..=max_cells).flat_map(move |points| {
        (1..=points)
            .filter(move |n| points % n == 0)
            .map(move |n| (n, points / n))
    })
}

impl quickcheck::Arbitrary for Board {
    fn arbitrary(g: &mut quickcheck::Gen) -> Board {
        let side = g.size().clamp(1, 8);
        let n = 1 + <usize as quickcheck::Arbitrary>::arbitrary(g) % side;
        let m = 1 + <usize as quickcheck::Arbitrary>::arbitrary(g) % side;
        let full = <u8 as quickcheck::Arbitrary>::arbitrary(g) % 4 == 0;
        let alphabet: &[u8] = match <u8 as quickcheck::Arbitrary>::arbitrary(g) % 3 {
            0 => b"XO",
            1 => b"#B",
            _ => b"XOZ",
        };
        let cells = (0..n * m)
            .map(|_| {
                if !full && <bool as quickcheck::Arbitrary>::arbitrary(g) {
                    EMPTY
                } else {
                    *g.choose(alphabet).expect("non-empty alphabet")
                }
            })
            .collect();
        Board {
            rows: n,
            cols: m,
            cells,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Board>> {
        Box::new(simpler(self).into_iter())
    }
}

impl<'a> arbitrary::Arbitrary<'a> for Board {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Board> {
        let n = u.int_in_range(1..=12usize)?;
        let m = u.int_in_range(1..=12usize)?;
        let cells = (0..n * m)
            .map(|_| {
                let b = u.int_in_range(0x21u8..=0x7e)?;
                // Mostly the usual alphabet, so groups form; any stone now and then.
                Ok(match b % 8 {
                    0..=2 => EMPTY,
                    3 | 4 => b'X',
                    5 | 6 => b'O',
                    _ => b,
                })
            })
            .collect::<arbitrary::Result<Vec<u8>>>()?;
        debug_assert!(cells.iter().all(|&b| is_point(b)));
        Ok(Board {
            rows: n,
            cols: m,
            cells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ninety_three_stone_characters() {
        let s = stone_chars();
        assert_eq!(s.len(), 93);
        assert!(!s.contains(&b'.') && !s.contains(&b' '));
    }

    #[test]
    fn exhaustive_count() {
        // shapes of 1, 2 points: 1x1; 1x2, 2x1.
        assert_eq!(boards_over(2, b".XO").count(), 3 + 2 * 9);
        assert_eq!(shapes(9).count(), 1 + 2 + 2 + 3 + 2 + 4 + 2 + 4 + 3);
    }

    #[test]
    fn snake_and_spiral_are_one_group() {
        for (n, m) in [
            (1, 1),
            (1, 7),
            (7, 1),
            (2, 2),
            (5, 5),
            (6, 9),
            (13, 8),
            (21, 21),
        ] {
            for on in [snake(n, m), spiral(n, m, false), spiral(n, m, true)] {
                let cells = on.iter().map(|&b| if b { b'X' } else { EMPTY }).collect();
                let board = Board {
                    rows: n,
                    cols: m,
                    cells,
                };
                let groups = super::super::oracle::groups(&board);
                assert_eq!(groups.len(), 1, "{n}x{m}: {board:?}");
            }
        }
    }

    #[test]
    fn simplifications_stay_valid_boards() {
        let board = Board::from_rows(&["X.O", "#zO"]);
        for b in simpler(&board) {
            assert_eq!(b.len(), b.rows * b.cols);
            assert!(b.cells.iter().all(|&c| is_point(c)));
        }
    }
}
