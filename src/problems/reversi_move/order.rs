//! The order reversi-move's solvers visit the capture directions in: a solver's
//! variant ([`Solver::with_variant`]) that the law
//! `direction-order-independence` varies. Engines and zoo variants carry
//! one; a candidate program does not, and the law is not applicable to it.

use std::sync::Arc;

use super::{Board, Case, ReversiMove};
use crate::suite::Solver;

/// The order plain solving uses: the eight directions in the engine's order.
pub const DEFAULT: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

type InOrderFn = dyn Fn(&Case, &[usize]) -> Board + Send + Sync;

/// How a solver is told the order (a permutation of `0..8`).
struct InOrder(Arc<InOrderFn>);

/// `solver`, told a direction order by `in_order`.
pub fn with_order(
    solver: Solver<ReversiMove>,
    in_order: impl Fn(&Case, &[usize]) -> Board + Send + Sync + 'static,
) -> Solver<ReversiMove> {
    solver.with_variant(InOrder(Arc::new(in_order)))
}

/// A solver from a function that takes an order; plain solving uses
/// [`DEFAULT`].
pub fn ordered(
    name: impl Into<String>,
    about: impl Into<String>,
    solve: impl Fn(&Case, &[usize]) -> Board + Send + Sync + 'static,
) -> Solver<ReversiMove> {
    let solve: Arc<InOrderFn> = Arc::new(solve);
    let plain = Arc::clone(&solve);
    Solver::new(name, about, move |case| plain(case, &DEFAULT)).with_variant(InOrder(solve))
}

/// One wrong solver per slip that takes an order: `solve(case, order,
/// slip)` for each `(name, slip, about)` of `variants`.
pub fn ordered_zoo<S: Copy + Send + Sync + 'static>(
    solve: fn(&Case, &[usize], S) -> Board,
    variants: &[(&'static str, S, &'static str)],
) -> Vec<Solver<ReversiMove>> {
    variants
        .iter()
        .map(|&(name, slip, about)| {
            ordered(name, about, move |case, order| solve(case, order, slip))
        })
        .collect()
}

/// `solver`'s answer to `case` visiting the directions in `order`; `None`
/// for a solver that cannot be told an order.
pub fn solve(solver: &Solver<ReversiMove>, case: &Case, order: &[usize]) -> Option<Board> {
    solver.variant::<InOrder>().map(|f| (f.0)(case, order))
}
