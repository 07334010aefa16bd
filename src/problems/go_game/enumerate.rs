//! Exhaustive enumeration of go-game cases: every sequence of commands on
//! every small board under every rule set, in order of "cells", counted as
//! n² + the number of commands (so a case of fewer cells is a smaller
//! board or a shorter game). Each command is `undo`, a pass of either
//! colour, or a play of either colour on any point: 3 + 2n² choices.

use super::{Case, Command, Ko, MAX_N, Rules, Suicide};

/// The cells of a case as [`every_case`] counts them: n² + commands.
pub fn cells(case: &Case) -> usize {
    case.n * case.n + case.commands.len()
}

/// The command of code `code` on an n×n board (`0..3 + 2n²`).
fn command(n: usize, code: u64) -> Command {
    let code = code as usize;
    match code {
        0 => Command::Undo,
        1 | 2 => Command::Play {
            colour: code as u8,
            vertex: None,
        },
        _ => {
            let (p, colour) = ((code - 3) / 2, 1 + (code - 3) % 2);
            Command::Play {
                colour: colour as u8,
                vertex: Some((p % n, p / n)),
            }
        }
    }
}

/// Every case of at most `max_cells` cells (n² + commands), fewest first,
/// each sequence under the 12 rule sets.
pub fn every_case(max_cells: usize) -> impl Iterator<Item = Case> + Send {
    (1..=max_cells).flat_map(|c| {
        (1..=MAX_N)
            .take_while(move |n| n * n <= c)
            .flat_map(move |n| {
                let k = c - n * n;
                let choices = 3 + 2 * (n * n) as u64;
                let count = choices.checked_pow(k as u32).unwrap_or(u64::MAX);
                (0..count).flat_map(move |mut code| {
                    let mut commands = Vec::with_capacity(k);
                    for _ in 0..k {
                        commands.push(command(n, code % choices));
                        code /= choices;
                    }
                    Ko::ALL.into_iter().flat_map(move |ko| {
                        let commands = commands.clone();
                        Suicide::ALL.into_iter().map(move |suicide| Case {
                            n,
                            rules: Rules::new(ko, suicide),
                            commands: commands.clone(),
                        })
                    })
                })
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_counts() {
        // 1 cell: the empty 1x1 game; 2: one command of 5 on 1x1 (plus none).
        assert_eq!(every_case(1).count(), 12);
        assert_eq!(every_case(2).count(), 12 * (1 + 5));
        // 4 cells: 1x1 with 3 commands (125), the empty 2x2 game.
        assert_eq!(every_case(4).count(), 12 * (1 + 5 + 25 + 125 + 1));
        assert!(every_case(5).all(|c| cells(&c) <= 5));
    }
}
