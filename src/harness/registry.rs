//! Type-erased access to a [`Problem`], so the CLI can pick one by name.

use std::marker::PhantomData;

use super::candidate::External;
use super::check::{CheckConfig, check, generate};
use super::exhaust::{Exhausted, exhaust};
use super::report::Report;
use super::selftest::{Caught, idle_properties, selftest};
use crate::problem::{Problem, answer_text, case_text, read_input};

/// Everything the CLI does with a problem, without knowing its types.
pub trait DynProblem: Send + Sync {
    /// The command-line name.
    fn name(&self) -> &'static str;
    /// One line about it.
    fn about(&self) -> &'static str;
    /// The default `--size`.
    fn default_size(&self) -> usize;
    /// The named generator patterns `gen --pattern` accepts.
    fn patterns(&self) -> &'static [&'static str];
    /// Solves an input (`solve`); the error names line and column.
    fn solve(&self, input: &str, options: SolveOptions) -> Result<String, String>;
    /// One input from `seed` (`gen`), or from a named pattern.
    fn generate(&self, seed: u64, size: usize, pattern: Option<&str>) -> Result<String, String>;
    /// Checks an external candidate (`check`).
    fn check(&self, candidate: &External, config: &CheckConfig) -> Report;
    /// Engine against oracle on every small case (`exhaust`).
    fn exhaust(&self, max_cells: usize, jobs: usize) -> Exhausted;
    /// The zoo through the properties (`selftest`), and the properties that caught nothing.
    fn selftest(&self, cases: u32, seed: u64) -> (Vec<Caught>, Vec<&'static str>);
}

/// How `solve` reads and answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveOptions {
    /// Read the multi-case form.
    pub multi: bool,
    /// Answer with the oracle instead of the engine.
    pub oracle: bool,
    /// Read and write the JSON form.
    pub json: bool,
}

/// A registered problem.
pub type Entry = Box<dyn DynProblem>;

struct Registered<P>(PhantomData<fn() -> P>);

/// The registry entry of `P`.
pub fn entry<P: Problem>() -> Entry {
    Box::new(Registered::<P>(PhantomData))
}

impl<P: Problem> DynProblem for Registered<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }
    fn about(&self) -> &'static str {
        P::ABOUT
    }
    fn default_size(&self) -> usize {
        P::DEFAULT_SIZE
    }
    fn patterns(&self) -> &'static [&'static str] {
        P::PATTERNS
    }

    fn solve(&self, input: &str, options: SolveOptions) -> Result<String, String> {
        let solve = if options.oracle { P::oracle } else { P::engine };
        if options.json {
            if options.multi {
                return Err(
                    "--format json reads a single case; --multi is for the text form".into(),
                );
            }
            let case = P::case_from_json(input)
                .ok_or_else(|| format!("{} has no JSON form", P::NAME))?
                .map_err(|e| e.to_string())?;
            let answer = solve(&case);
            return Ok(
                P::answer_to_json(&answer).expect("a problem with a JSON input has a JSON answer")
            );
        }
        let cases = read_input::<P>(input, options.multi).map_err(|e| e.to_string())?;
        Ok(cases.iter().map(|c| answer_text::<P>(&solve(c))).collect())
    }

    fn generate(&self, seed: u64, size: usize, pattern: Option<&str>) -> Result<String, String> {
        let case = match pattern {
            None => generate::<P>(seed, size),
            Some(name) => P::pattern(name, size).ok_or_else(|| {
                format!(
                    "{} has no pattern {name:?} (patterns: {})",
                    P::NAME,
                    P::PATTERNS.join(", ")
                )
            })?,
        };
        Ok(case_text::<P>(&case))
    }

    fn check(&self, candidate: &External, config: &CheckConfig) -> Report {
        check::<P>(candidate, config)
    }

    fn exhaust(&self, max_cells: usize, jobs: usize) -> Exhausted {
        exhaust::<P>(max_cells, jobs)
    }

    fn selftest(&self, cases: u32, seed: u64) -> (Vec<Caught>, Vec<&'static str>) {
        let caught = selftest::<P>(cases, seed);
        let idle = idle_properties::<P>(&caught);
        (caught, idle)
    }
}
