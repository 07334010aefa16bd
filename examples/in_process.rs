//! Checking a Rust function in process: `cargo run --example in_process`.
//!
//! The candidate here forgets that a run reaching the end of the row is not
//! closed; boardcheck finds a failing case, shrinks it, and prints the report.

use boardcheck::harness::candidate::FnCandidate;
use boardcheck::harness::check::{CheckConfig, check};
use boardcheck::problems::flank_row::{Case, Cell, FlankRow, Row};

fn my_solver(case: &Case) -> Row {
    let mut row = case.row.clone();
    for p in &case.placements {
        if row[p.index] != Cell::Empty {
            continue;
        }
        row[p.index] = Cell::Piece(p.player);
        let before = row.clone();
        for step in [-1isize, 1] {
            let mut j = p.index as isize + step;
            let mut run = Vec::new();
            while j >= 0
                && (j as usize) < before.len()
                && before[j as usize] == Cell::Piece(p.player.opponent())
            {
                run.push(j as usize);
                j += step;
            }
            let off_the_end = j < 0 || j as usize >= before.len();
            // The slip: the end of the row "closes" the run.
            if off_the_end || before[j as usize] == Cell::Piece(p.player) {
                for c in run {
                    row[c] = Cell::Piece(p.player);
                }
            }
        }
    }
    row
}

fn main() {
    let candidate = FnCandidate::<FlankRow, _>::new(my_solver);
    let report = check(
        &candidate,
        &CheckConfig {
            seed: 42,
            ..CheckConfig::default()
        },
    );
    print!("{}", report.render("cargo run --example in_process"));
    std::process::exit(if report.failure.is_some() { 1 } else { 0 });
}
