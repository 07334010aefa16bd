//! The proptest strategy for go-capture: uniform noise mixed with the
//! structures uniform noise never makes (full boards, checkerboards, one big
//! snake or spiral group, eyes, groups one point from capture, several
//! colours).

use proptest::prelude::*;
use proptest::sample::Index;

use super::patterns::{snake, spiral};
use super::{Board, EMPTY, stone_chars};
use crate::generation::{one_of, weighted};

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

fn palette() -> impl Strategy<Value = [u8; 4]> {
    one_of(vec![
        (4, Just(*b"XO#B").boxed()),
        (2, Just(*b"#BWX").boxed()),
        (1, Just(*b"BWxo").boxed()),
        (
            2,
            proptest::sample::subsequence(stone_chars(), 4)
                .prop_shuffle()
                .prop_map(|v| [v[0], v[1], v[2], v[3]])
                .boxed(),
        ),
    ])
}

/// Three colours half the time: a third colour (often `#`) is what the
/// slips about colours and walls need.
fn colours() -> impl Strategy<Value = usize> {
    weighted(&[(2, 2usize), (1, 1), (5, 3), (2, 4)])
}

/// Dense noise (a fifth of the points empty) half the time: it hits most
/// of the zoo's slips on about as many boards as uniform boards do
/// (`finders --failure-share`); each structure one board in twenty-four
/// (nearly captured two), kept for what noise does not make.
fn layout() -> impl Strategy<Value = Layout> {
    weighted(&[
        (3, Layout::Noise { empty_tenths: 4 }),
        (12, Layout::Noise { empty_tenths: 2 }),
        (1, Layout::Noise { empty_tenths: 6 }),
        (1, Layout::Noise { empty_tenths: 8 }),
        (1, Layout::Full),
        (1, Layout::Checkerboard),
        (1, Layout::Snake),
        (1, Layout::Spiral),
        (1, Layout::Eyes),
        (2, Layout::NearlyCaptured),
    ])
}

/// Near-square shapes with at most `cells` points: sides up to sqrt(cells).
fn square_dims(cells: usize) -> BoxedStrategy<(usize, usize)> {
    let side = cells.max(1).isqrt();
    (1..=side, 1..=side).boxed()
}

/// Any shape with at most `cells` points and sides at most `side`, thin
/// ones included.
fn any_dims(cells: usize, side: usize) -> BoxedStrategy<(usize, usize)> {
    let (cells, side) = (cells.max(1), side.max(1));
    (any::<Index>(), any::<Index>())
        .prop_map(move |(a, b)| {
            let n = 1 + a.index(cells.min(side));
            (n, 1 + b.index((cells / n).min(side)))
        })
        .boxed()
}

/// Random boards of at most `size` points (one in seven at most 16) and
/// sides at most `side`, shrinking toward small, noisy, emptier boards.
pub fn cases(size: usize, side: usize) -> BoxedStrategy<Board> {
    let size = size.max(1);
    let dims = one_of(vec![
        (1, square_dims(size.min(16))),
        (3, square_dims(size)),
        (3, any_dims(size, side)),
    ]);
    boards(dims.boxed(), size)
}

/// Random boards of exactly `rows`×`cols` points (`--shape`).
pub fn shaped(rows: usize, cols: usize) -> BoxedStrategy<Board> {
    boards(Just((rows, cols)).boxed(), rows * cols)
}

/// Boards of the drawn dimensions (at most `size` points).
fn boards(dims: BoxedStrategy<(usize, usize)>, size: usize) -> BoxedStrategy<Board> {
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
