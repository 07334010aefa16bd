//! One-step simplifications of a go-game case, the biggest cuts first,
//! each made when asked for: blocks of commands deleted (halves, quarters,
//! ... down to single commands, delta-debugging style), plays turned into
//! passes, the game moved to a smaller board (plays off it dropped, or the
//! game translated into its corner), then simpler rules. Legality is never
//! a precondition: the oracle recomputes what every later command answers.

use std::rc::Rc;

use super::{Case, Command, Conventions, Ko, Suicide};
use crate::generation::{block_deletions, halving_sizes, steps};

/// Cases one step simpler than `case`.
pub fn simpler(case: &Case) -> impl Iterator<Item = Case> + use<> {
    let case = Rc::new(case.clone());
    let k = case.commands.len();
    let n = case.n;
    let unchanged = Rc::clone(&case);
    block_deletions(&case, k, halving_sizes(k), |case, range| {
        let mut c = case.clone();
        c.commands.drain(range);
        c
    })
    // Plays into passes.
    .chain(steps(&case, k, |case, i| match case.commands[i] {
        Command::Play {
            colour,
            vertex: Some(_),
        } => {
            let mut c = case.clone();
            c.commands[i] = Command::Play {
                colour,
                vertex: None,
            };
            Some(c)
        }
        _ => None,
    }))
    // Smaller boards, the smallest first: translated, then cut.
    .chain(steps(&case, 2 * n.saturating_sub(1), |case, i| {
        let m = 1 + i / 2;
        if i % 2 == 0 {
            translated(case, m)
        } else {
            Some(cut(case, m))
        }
    }))
    // Simpler rules.
    .chain(steps(&case, 5, |case, i| {
        let mut c = case.clone();
        match i {
            0 => c.rules.ko = Ko::None,
            1 if case.rules.ko > Ko::Simple => c.rules.ko = Ko::Simple,
            2 => c.rules.suicide = Suicide::Forbidden,
            3 => c.rules.conventions.simple_ko_too = false,
            4 => c.rules.conventions.next_mover = false,
            _ => return None,
        }
        // The conventions only exist under situational superko.
        if c.rules.ko != Ko::Situational {
            c.rules.conventions = Conventions::NONE;
        }
        Some(c)
    }))
    .filter(move |c| c != &*unchanged)
}

/// The game on an m×m board: plays off it dropped.
fn cut(case: &Case, m: usize) -> Case {
    Case {
        n: m,
        rules: case.rules,
        commands: case
            .commands
            .iter()
            .copied()
            .filter(|c| match c {
                Command::Play {
                    vertex: Some((col, row)),
                    ..
                } => *col < m && *row < m,
                _ => true,
            })
            .collect(),
    }
}

/// The game moved into the corner of an m×m board, if every play fits.
fn translated(case: &Case, m: usize) -> Option<Case> {
    let vertices = case.commands.iter().filter_map(|c| match c {
        Command::Play {
            vertex: Some(v), ..
        } => Some(*v),
        _ => None,
    });
    let (mut c0, mut r0, mut c1, mut r1) = (usize::MAX, usize::MAX, 0, 0);
    for (c, r) in vertices {
        (c0, r0, c1, r1) = (c0.min(c), r0.min(r), c1.max(c), r1.max(r));
    }
    if c0 == usize::MAX {
        return Some(cut(case, m));
    }
    if c1 - c0 >= m || r1 - r0 >= m {
        return None;
    }
    Some(Case {
        n: m,
        rules: case.rules,
        commands: case
            .commands
            .iter()
            .map(|&c| match c {
                Command::Play {
                    colour,
                    vertex: Some((col, row)),
                } => Command::Play {
                    colour,
                    vertex: Some((col - c0, row - r0)),
                },
                other => other,
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::go_game::patterns::ko_fight;

    #[test]
    fn simpler_cases_stay_on_their_board_and_get_smaller() {
        let case = ko_fight(3);
        let mut seen = 0;
        for c in simpler(&case) {
            seen += 1;
            assert!(c.n <= case.n && c.commands.len() <= case.commands.len());
            for command in &c.commands {
                if let Command::Play {
                    vertex: Some((col, row)),
                    ..
                } = command
                {
                    assert!(*col < c.n && *row < c.n);
                }
            }
        }
        assert!(seen > case.commands.len());
    }
}
