//! The picture of a wrong answer in a report: the first command whose
//! reply differs from the oracle's, with the board before it and the board
//! the oracle expects after it, labelled with GTP vertices.

use std::fmt::Write;

use super::format::{command_text, read_answer, read_case, response_text};
use super::{BLACK, COLUMNS, Case, WHITE, oracle};
use crate::text::Lines;

/// The board lines of `board` with GTP's column letters and row numbers.
fn labelled(n: usize, board: &[u8]) -> Vec<String> {
    let letters: String = COLUMNS[..n]
        .iter()
        .map(|&b| format!(" {}", char::from(b)))
        .collect();
    let mut lines = vec![format!("   {letters}")];
    for row in (0..n).rev() {
        let mut line = format!("{:>2} ", row + 1);
        for col in 0..n {
            line.push(' ');
            line.push(match board.get(row * n + col) {
                Some(&BLACK) => 'X',
                Some(&WHITE) => 'O',
                _ => '.',
            });
        }
        lines.push(line);
    }
    lines
}

/// The oracle's board after the first `k` commands of `case`.
fn board_after(case: &Case, k: usize) -> Vec<u8> {
    let prefix = Case {
        commands: case.commands[..k].to_vec(),
        ..case.clone()
    };
    oracle::solve(&prefix).board
}

/// The picture for a wrong answer `got` to the case `input` (texts); `None`
/// if either does not read.
pub fn picture(input: &str, got: &str) -> Option<String> {
    let case = read_case(&mut Lines::new(input)).ok()?;
    let got = read_answer(&mut Lines::new(got), &case).ok()?;
    let want = oracle::solve(&case);
    let n = case.n;
    let mut out = String::new();
    let Some(i) = (0..case.commands.len()).find(|&i| want.replies[i] != got.replies[i]) else {
        if want.board == got.board {
            return None;
        }
        out.push_str("every reply is right; the final board differs:\n");
        let (a, b) = (labelled(n, &want.board), labelled(n, &got.board));
        let width = a[0].len().max(8);
        let _ = writeln!(out, "    {:width$}    got", "expected");
        for (x, y) in a.iter().zip(&b) {
            let _ = writeln!(out, "    {x:width$}    {y}");
        }
        return Some(out);
    };
    let _ = writeln!(
        out,
        "first differing command: {} of {}, `{}`: expected `{}`, got `{}`",
        i + 1,
        case.commands.len(),
        command_text(&case.commands[i]),
        response_text(want.replies[i]),
        response_text(got.replies[i])
    );
    let (a, b) = (
        labelled(n, &board_after(&case, i)),
        labelled(n, &board_after(&case, i + 1)),
    );
    let width = a[0].len().max(12);
    let _ = writeln!(out, "    {:width$}    expected after it", "board before");
    for (x, y) in a.iter().zip(&b) {
        let _ = writeln!(out, "    {x:width$}    {y}");
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_first_differing_command_and_draws_both_boards() {
        let input = "2 simple forbidden\n2\nplay b A1\nplay w A1\n";
        let picture = picture(input, "=\n=\n..\nO.\n").unwrap();
        assert!(
            picture.contains("command: 2 of 2, `play w A1`: expected `? illegal move`, got `=`")
        );
        assert!(picture.contains(" 1  X ."), "{picture}");
        assert_eq!(super::picture(input, "=\n? illegal move\n..\nX.\n"), None);
        let board_only = super::picture(input, "=\n? illegal move\n..\nO.\n").unwrap();
        assert!(board_only.contains("final board differs"));
    }
}
