//! Exhaustive enumeration of othello-game cases: every sequence of
//! commands on every small board, in order of "cells", counted as n² + the
//! number of commands (as go-game counts them), so a case of fewer cells
//! is a smaller board or a shorter game. Each command is `undo`, a pass of
//! either colour, or a play of either colour on any point: 3 + 2n² choices.
//! Under the contract's rules only (`auto-pass` is asked for by `--rules`).

use super::{Case, Colour, Command, MAX_SIDE, MIN_SIDE, Rules};

/// The cells of a case as [`every_case`] counts them: n² + commands.
pub fn cells(case: &Case) -> usize {
    case.n * case.n + case.commands.len()
}

/// The command of code `code` on an n×n board (`0..3 + 2n²`).
fn command(n: usize, code: u64) -> Command {
    let code = code as usize;
    let colour = |k: usize| {
        if k.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        }
    };
    match code {
        0 => Command::Undo,
        1 | 2 => Command::Play {
            colour: colour(code - 1),
            vertex: None,
        },
        _ => {
            let p = (code - 3) / 2;
            Command::Play {
                colour: colour(code - 3),
                vertex: Some(((p % n) as u8, (p / n) as u8)),
            }
        }
    }
}

/// Every case of at most `max_cells` cells (n² + commands), fewest first.
pub fn every_case(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    (1..=max_cells).flat_map(|c| {
        (MIN_SIDE..=MAX_SIDE)
            .step_by(2)
            .take_while(move |n| n * n <= c)
            .flat_map(move |n| {
                let k = c - n * n;
                let choices = 3 + 2 * (n * n) as u64;
                let count = choices.checked_pow(k as u32).unwrap_or(u64::MAX);
                (0..count).map(move |mut code| {
                    let commands = (0..k)
                        .map(|_| {
                            let one = command(n, code % choices);
                            code /= choices;
                            one
                        })
                        .collect();
                    Case {
                        n,
                        rules: Rules::Standard,
                        commands,
                    }
                })
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_counts() {
        // Below 16 cells there is no board; 16: the empty 4x4 game; 17: one
        // command of 35 more.
        assert_eq!(every_case(15).count(), 0);
        assert_eq!(every_case(16).count(), 1);
        assert_eq!(every_case(17).count(), 1 + 35);
        assert!(every_case(18).all(|c| cells(&c) <= 18));
        // Every command of a 4x4 board, each once.
        let one: std::collections::HashSet<_> = every_case(17)
            .filter_map(|c| c.commands.first().copied())
            .collect();
        assert_eq!(one.len(), 35);
    }
}
