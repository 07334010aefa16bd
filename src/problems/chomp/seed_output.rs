//! What the seed prints, for the oracle's models (`oracle.rs`, `boundary.rs`):
//! the replies that print something, and the picture of a board. Oracle
//! side: the engine draws its own.

use super::{Answer, MoveReply, Reply, TOO_LARGE};

/// The printed items of per-command replies: a legal move that leaves
/// cells prints nothing.
pub fn printed(replies: Vec<Reply>) -> Answer {
    replies
        .into_iter()
        .filter(|r| *r != Reply::Move(MoveReply::Done))
        .collect()
}

/// The seed's picture of a `width` × `height` board drawn cell by cell
/// from `occupied(x, y)` (trailing spaces trimmed), or [`TOO_LARGE`] when a
/// side exceeds 10.
pub fn too_large_or(width: u64, height: u64, occupied: impl Fn(u64, u64) -> bool) -> Vec<String> {
    if width > 10 || height > 10 {
        return vec![TOO_LARGE.to_string()];
    }
    let mut lines = Vec::new();
    for y in (0..height).rev() {
        let mut line = format!("{y} ");
        for x in 0..width {
            line.push_str(if occupied(x, y) { "* " } else { "  " });
        }
        lines.push(line.trim_end().to_string());
    }
    let mut last = String::from("  ");
    for x in 0..width {
        last.push_str(&format!("{x} "));
    }
    lines.push(last.trim_end().to_string());
    lines
}
