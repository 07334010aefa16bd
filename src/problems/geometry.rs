//! Board geometry the problems share: the eight symmetries of a rectangular
//! board (the dihedral group), a row-major grid and a point mapped under
//! them, the orthogonal neighbours of a point, the distinct images of a
//! case, and rows of cells written as text.
//!
//! Engines, formats, properties, generators and the `repeats.rs` files use
//! it. Oracles do not: each keeps its own naive neighbour code (say so
//! where it lives), so no rule logic is shared between an oracle and an
//! engine (`tests/independence.rs`). Nothing here knows a rule: where a
//! point goes under a symmetry, which points are next to it.

/// One of the eight symmetries of a `rows` × `cols` board: the board
/// transposed first (if `transpose`), then its rows reversed (the first row
/// last), then its columns reversed. Each problem numbers the eight in its
/// own order (its properties and reports name them by number); the
/// geometry is this one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Rows become columns.
    pub transpose: bool,
    /// Then the rows are read from the last.
    pub flip_rows: bool,
    /// Then the columns are read from the last.
    pub flip_cols: bool,
}

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry::new(false, false, false);

    /// The symmetry transposing if `transpose`, then reversing the rows if
    /// `flip_rows`, then the columns if `flip_cols`.
    pub const fn new(transpose: bool, flip_rows: bool, flip_cols: bool) -> Symmetry {
        Symmetry {
            transpose,
            flip_rows,
            flip_cols,
        }
    }

    /// The symmetry numbered `s` (0..8) by bits: 4 transposes, 2 reverses
    /// the rows, 1 reverses the columns.
    pub const fn from_bits(s: usize) -> Symmetry {
        Symmetry::new(s & 4 != 0, s & 2 != 0, s & 1 != 0)
    }

    /// The shape (rows, columns) of a `rows` × `cols` board's image.
    pub fn shape(self, rows: usize, cols: usize) -> (usize, usize) {
        if self.transpose {
            (cols, rows)
        } else {
            (rows, cols)
        }
    }

    /// Where the point at row `r`, column `c` of a `rows` × `cols` board
    /// goes: its (row, column) on the image (of shape
    /// [`Symmetry::shape`]).
    pub fn point(self, rows: usize, cols: usize, r: usize, c: usize) -> (usize, usize) {
        let (r, c) = if self.transpose { (c, r) } else { (r, c) };
        let (rows, cols) = self.shape(rows, cols);
        (
            if self.flip_rows { rows - 1 - r } else { r },
            if self.flip_cols { cols - 1 - c } else { c },
        )
    }

    /// The image of a row-major `rows` × `cols` grid of `cells`, row-major
    /// in the image's shape.
    pub fn grid<T: Copy>(self, rows: usize, cols: usize, cells: &[T]) -> Vec<T> {
        assert_eq!(cells.len(), rows * cols, "a grid of {rows}x{cols} cells");
        let mut out = cells.to_vec();
        let (_, image_cols) = self.shape(rows, cols);
        for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = self.point(rows, cols, r, c);
                out[r2 * image_cols + c2] = cells[r * cols + c];
            }
        }
        out
    }
}

/// The orthogonal neighbours of point `p` (row-major) of a `rows` × `cols`
/// board that lie on it: above, below, left, right.
pub fn neighbours(rows: usize, cols: usize, p: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (p / cols, p % cols);
    [
        (r > 0).then(|| p - cols),
        (r + 1 < rows).then(|| p + cols),
        (c > 0).then(|| p - 1),
        (c + 1 < cols).then(|| p + 1),
    ]
    .into_iter()
    .flatten()
}

/// `case` and then each of `images` not seen yet: the distinct images of a
/// case, `case` first (what [`crate::generation::Generate::images`] returns).
pub fn distinct_images<C: Clone + PartialEq>(
    case: &C,
    images: impl IntoIterator<Item = C>,
) -> Vec<C> {
    let mut out = vec![case.clone()];
    for image in images {
        if !out.contains(&image) {
            out.push(image);
        }
    }
    out
}

/// Appends a row-major grid of `cells`, `cols` a row, one line a row, each
/// cell as `char_of` writes it.
pub fn write_rows<T: Copy>(
    cells: &[T],
    cols: usize,
    char_of: impl Fn(T) -> char,
    out: &mut String,
) {
    out.reserve(cells.len() + cells.len() / cols.max(1));
    for row in cells.chunks(cols.max(1)) {
        out.extend(row.iter().map(|&cell| char_of(cell)));
        out.push('\n');
    }
}

/// The rows of a row-major grid as strings (the JSON forms' boards).
pub fn row_strings<T: Copy>(cells: &[T], cols: usize, char_of: impl Fn(T) -> char) -> Vec<String> {
    cells
        .chunks(cols.max(1))
        .map(|row| row.iter().map(|&cell| char_of(cell)).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_symmetries_are_distinct_and_each_is_undone_by_another() {
        // A 2x3 board with every cell different.
        let cells = [0, 1, 2, 3, 4, 5];
        let images: Vec<_> = (0..8)
            .map(|s| {
                let t = Symmetry::from_bits(s);
                (t.shape(2, 3), t.grid(2, 3, &cells))
            })
            .collect();
        for (i, a) in images.iter().enumerate() {
            for b in &images[i + 1..] {
                assert_ne!(a, b);
            }
        }
        for s in 0..8 {
            let t = Symmetry::from_bits(s);
            let (rows, cols) = t.shape(2, 3);
            let image = t.grid(2, 3, &cells);
            assert!(
                (0..8).any(|u| Symmetry::from_bits(u).grid(rows, cols, &image) == cells),
                "symmetry {s} has no inverse"
            );
        }
        // The transpose of the 2x3 board [[0,1,2],[3,4,5]].
        assert_eq!(
            Symmetry::from_bits(4).grid(2, 3, &cells),
            [0, 3, 1, 4, 2, 5]
        );
        // The quarter turn clockwise: transpose, then reverse the columns.
        assert_eq!(
            Symmetry::new(true, false, true).grid(2, 3, &cells),
            [3, 0, 4, 1, 5, 2]
        );
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        assert_eq!(neighbours(2, 3, 0).collect::<Vec<_>>(), [3, 1]);
        assert_eq!(neighbours(2, 3, 4).collect::<Vec<_>>(), [1, 3, 5]);
        assert_eq!(neighbours(1, 1, 0).count(), 0);
    }

    #[test]
    fn images_are_distinct_and_start_with_the_case() {
        assert_eq!(distinct_images(&1, [1, 2, 2, 3, 1]), [1, 2, 3]);
        let mut text = String::new();
        write_rows(&[1u8, 2, 3, 4], 2, |v| char::from(b'0' + v), &mut text);
        assert_eq!(text, "12\n34\n");
        assert_eq!(
            row_strings(&[1u8, 2, 3, 4], 2, |v| char::from(b'0' + v)),
            ["12", "34"]
        );
    }
}
